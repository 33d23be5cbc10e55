/* migrate.c -- 'podium migrate': copy a whole store to an empty one, of
 * either backend, table by table in the store's own list
 * (pd_store_tables), every row with its ids, versions and dates, so the
 * copy's tables, log and past tables are the source's.  The source is
 * read in one read transaction (one version of it, whatever is written
 * meanwhile); the target is written in one transaction: it lands whole or
 * not at all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "podium/ops.h"

struct copy {
	struct pd_store *to;
	const char *table;
	char *cols;		/* the source's, given before the first row */
	size_t rows;
	struct pd_diag *diag;
};

static int copy_row(const char *const *col, int n, void *arg)
{
	struct copy *c = arg;

	c->rows++;
	return pd_store_table_insert(c->to, c->table, c->cols, col, n,
				     c->diag);
}

static int count_row(const char *const *col, int n, void *arg)
{
	(void)col;
	(void)n;
	++*(size_t *)arg;
	return 0;
}

/* The target must hold nothing: a copy never merges two stores. */
static int empty(struct pd_store *to, const char *where, struct pd_diag *d)
{
	size_t i, n;
	int ret;

	for (i = 0; pd_store_tables[i]; i++) {
		n = 0;
		if ((ret = pd_store_table_rows(to, pd_store_tables[i], NULL,
					       count_row, &n, d)) < 0)
			return ret;
		if (n)
			return pd_diag_set(d, PD_EEXISTS, NULL, 0, "%s holds data "
					   "(%zu rows in %s): migrate copies "
					   "into an empty store only; name a new "
					   "file or an empty database", where, n,
					   pd_store_tables[i]);
	}
	return 0;
}

int pd_op_migrate(const char *from, const char *to,
		  const struct pd_op_notify *notify, size_t *rows,
		  struct pd_diag *diag)
{
	struct pd_store *src = NULL, *dst = NULL;
	struct copy c;
	size_t i;
	int ret, made = 0;

	*rows = 0;
	if ((ret = pd_store_address_check(from, diag)) < 0 ||
	    (ret = pd_store_address_check(to, diag)) < 0)
		return ret;
	if (!strcmp(from, to))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--from and --to "
				   "name the same store");
	/* a SQLite file that is not there would be made, empty, by opening
	 * it: a typo must not look like an empty source */
	if (!pd_store_is_postgres(from) && access(from, F_OK) != 0)
		return pd_diag_set(diag, PD_ENOTFOUND, from, 0, "no such store "
				   "to copy from");
	/* a new SQLite file that the copy fails to fill is removed again */
	made = !pd_store_is_postgres(to) && access(to, F_OK) != 0;
	if ((ret = pd_store_open_read(&src, from, NULL, diag)) < 0 ||
	    (ret = pd_store_open(&dst, to, NULL, diag)) < 0 ||
	    (ret = empty(dst, to, diag)) < 0 ||
	    (ret = pd_store_begin_read(src, diag)) < 0)
		goto done;
	if ((ret = pd_store_begin(dst, diag)) < 0) {
		pd_store_rollback(src);
		goto done;
	}
	memset(&c, 0, sizeof(c));
	c.to = dst;
	c.diag = diag;
	for (i = 0; pd_store_tables[i] && ret == 0; i++) {
		size_t before = c.rows;

		c.table = pd_store_tables[i];
		ret = pd_store_table_rows(src, c.table, &c.cols, copy_row, &c,
					  diag);
		free(c.cols);
		c.cols = NULL;
		if (ret == 0 && notify && notify->table)
			notify->table(notify->arg, c.table, c.rows - before);
	}
	if (ret == 0)
		ret = pd_store_table_done(dst, diag);
	pd_store_rollback(src);
	if (ret < 0) {
		pd_store_rollback(dst);
		goto done;
	}
	if ((ret = pd_store_commit(dst, diag)) == 0)
		*rows = c.rows;
done:
	pd_store_close(src);
	pd_store_close(dst);
	if (ret < 0 && made && ret != PD_EEXISTS) {
		char side[4096];

		unlink(to);
		snprintf(side, sizeof(side), "%s-wal", to);
		unlink(side);
		snprintf(side, sizeof(side), "%s-shm", to);
		unlink(side);
	}
	return ret;
}
