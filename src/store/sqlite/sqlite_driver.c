/* sqlite_driver.c -- the SQLite driver (../driver.h): a statement of the
 * operations written once run on this connection, prepared once and kept
 * in the connection's statement cache (sqlite_stmt.c), its parameters
 * bound as their types, its errors as podium's. */
#include <string.h>

#include <sqlite3.h>

#include "sqlite_int.h"

/* A unique key or primary key broken is PD_EEXISTS, as PostgreSQL's
 * 23505 is; anything else PD_ESTORE. */
static int fail(struct pd_sqlite *s, struct pd_q *q, struct pd_diag *diag)
{
	int rc = sqlite3_extended_errcode(s->db);
	int err = rc == SQLITE_CONSTRAINT_UNIQUE ||
		  rc == SQLITE_CONSTRAINT_PRIMARYKEY ? PD_EEXISTS : PD_ESTORE;

	q->broke = err == PD_EEXISTS ? PD_BROKE_UNIQUE :
		   rc == SQLITE_CONSTRAINT_FOREIGNKEY ? PD_BROKE_FOREIGN_KEY :
		   (rc & 0xff) == SQLITE_CONSTRAINT ? PD_BROKE_OTHER :
		   PD_BROKE_NONE;

	return pd_diag_set(diag, err, s->path, 0, "%s: %s", q->what,
			   sqlite3_errmsg(s->db));
}

static void bind(sqlite3_stmt *st, const struct pd_q *q)
{
	const struct pd_param *p;
	int i;

	for (i = 0; i < q->n; i++) {
		p = &q->p[i];
		switch (p->type) {
		case PD_PARAM_NULL:
			sqlite3_bind_null(st, i + 1);
			break;
		case PD_PARAM_TEXT:
			sqlite3_bind_text(st, i + 1, p->s, -1, SQLITE_STATIC);
			break;
		case PD_PARAM_INT:
			sqlite3_bind_int64(st, i + 1, p->i);
			break;
		case PD_PARAM_DOUBLE:
			sqlite3_bind_double(st, i + 1, p->d);
			break;
		case PD_PARAM_BLOB:
			sqlite3_bind_blob(st, i + 1, p->s, (int)p->n,
					  SQLITE_STATIC);
			break;
		}
	}
}

/* q's statement, from the cache unless it is built for this run or the
 * cached one is under way (a row callback running the statement that
 * called it): then one of its own, finalized at the end. */
static int start(struct pd_sqlite *s, struct pd_q *q, struct pd_diag *diag)
{
	sqlite3_stmt *st = NULL;
	int ret;

	q->started = 1;
	if (!q->once && (ret = pd_sqlite_cached(s, &st, q->sql, diag)) < 0)
		return ret;
	if (q->once || sqlite3_stmt_busy(st)) {
		if ((ret = pd_sqlite_prepare(s, &st, q->sql, diag)) < 0)
			return ret;
		q->owned = 1;
	}
	q->st = st;
	bind(st, q);
	return 0;
}

static int step(struct pd_q *q, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(q->s);
	int ret, rc;

	if (!q->started && (ret = start(s, q, diag)) < 0)
		return ret;
	if (q->row < 0)
		return 0;	/* stepped to its end already */
	rc = sqlite3_step(q->st);
	if (rc == SQLITE_ROW)
		return 1;
	q->row = -1;
	if (rc != SQLITE_DONE)
		return fail(s, q, diag);
	q->changes = (long)sqlite3_changes(s->db);
	q->id = sqlite3_last_insert_rowid(s->db);
	return 0;
}

static const char *text(const struct pd_q *q, int c)
{
	return (const char *)sqlite3_column_text(q->st, c);
}

static int columns(const struct pd_q *q)
{
	return sqlite3_column_count(q->st);
}

static long long integer(const struct pd_q *q, int c)
{
	return sqlite3_column_int64(q->st, c);
}

static double real(const struct pd_q *q, int c)
{
	return sqlite3_column_double(q->st, c);
}

static size_t blob(const struct pd_q *q, int c, unsigned char *out,
		   size_t size)
{
	const void *b = sqlite3_column_blob(q->st, c);
	size_t n = (size_t)sqlite3_column_bytes(q->st, c);

	if (b)
		memcpy(out, b, n < size ? n : size);
	return b ? n : 0;
}

static void end(struct pd_q *q)
{
	if (!q->st)
		return;
	if (q->owned) {
		sqlite3_finalize(q->st);
	} else {
		sqlite3_reset(q->st);
		sqlite3_clear_bindings(q->st);
	}
	q->st = NULL;
}

const struct pd_driver pd_sqlite_driver = {
	.dialect = PD_DIALECT_SQLITE,
	.step = step,
	.text = text,
	.columns = columns,
	.integer = integer,
	.real = real,
	.blob = blob,
	.end = end,
};
