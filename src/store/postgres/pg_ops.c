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
	.games_put = pg_games_put,
	.games_get = pg_games_get,
	.games_list = pg_games_list,
	.change = pg_change,
	.medals_replace = pg_medals_replace,
	.medals = pg_medals,
	.sports = pg_sports,
	.log = pg_log,
	.version_at = pg_version_at,
	.sanction_add = pg_sanction_add,
	.sanction_lift = pg_sanction_lift,
	.sanctions = pg_sanctions,
	.sanction_games = pg_sanction_games,
	.savepoint = pg_savepoint,
	.wait_change = pg_wait_change,
	.table_rows = pg_table_rows,
	.table_insert = pg_table_insert,
	.table_done = pg_table_done,
	.change_note = pg_change_note,
	.games_remove = pg_games_remove,
	.games_removed = pg_games_removed,
	.begin_bulk = pg_begin_bulk,
	.cache_limit = pg_cache_limit,
	.touch = pg_touch,
	.events_changed = pg_events_changed,
	.medals_of = pg_medals_of,
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
	pg->read = read;
	if ((ret = pg_open(&pg->base, uri, reg, diag)) < 0) {
		pg_close(&pg->base);
		return ret;
	}
	*out = &pg->base;
	return 0;
}
