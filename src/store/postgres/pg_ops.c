/* pg_ops.c -- the PostgreSQL backend's table of operations (backend.h)
 * and its open: a libpq URI, postgresql://... or postgres://... */
#include <stdlib.h>

#include "pg_int.h"

static const struct pd_store_ops pg_ops = {
	.name = "postgresql",
	.close = pg_close,
	.begin = pg_begin,
	.here = pg_here,
	.begin_read = pg_begin_read,
	.commit = pg_commit,
	.rollback = pg_rollback,
	.savepoint = pg_savepoint,
	.wait_change = pg_wait_change,
	.table_rows = pg_table_rows,
	.table_insert = pg_table_insert,
	.table_done = pg_table_done,
	.begin_bulk = pg_begin_bulk,
	.cache_limit = pg_cache_limit,
};

int pd_pg_open(struct pd_store **out, const char *uri,
	       const struct pd_registry *reg, int read, struct pd_diag *diag)
{
	struct pd_pg *pg;
	int ret;

	*out = NULL;
	if (!(pg = calloc(1, sizeof(*pg))))
		return PD_ENOMEM;
	pg->base.ops = &pg_ops;
	pg->base.drv = &pd_pg_driver;
	pg->base.where = pg->where;
	pg->read = read;
	if ((ret = pg_open(&pg->base, uri, reg, diag)) < 0) {
		pg_close(&pg->base);
		return ret;
	}
	*out = &pg->base;
	return 0;
}
