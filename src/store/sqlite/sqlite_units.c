/* sqlite_units.c -- a Games' units in the SQLite store (store_units.h):
 * written whole through three cached inserts, read by two queries. */
#include <string.h>

#include "podium/store_units.h"
#include "../sql.h"
#include "sqlite_int.h"

static void text(sqlite3_stmt *st, int i, const char *v)
{
	sqlite3_bind_text(st, i, v ? v : "", -1, SQLITE_STATIC);
}

static int clear(struct pd_sqlite *s, const char *games, struct pd_diag *d)
{
	const char *const sql[] = { pd_sql_units_clear,
				    pd_sql_units_clear_units,
				    pd_sql_units_clear_teams };
	sqlite3_stmt *st;
	size_t i;
	int ret;

	for (i = 0; i < 3; i++) {
		if ((ret = pd_sqlite_cached(s, &st, sql[i], d)) < 0)
			return ret;
		text(st, 1, games);
		if ((ret = pd_sqlite_run(s, st, "clear the units", d)) < 0)
			return ret;
	}
	return 0;
}

static int add_unit(struct pd_sqlite *s, sqlite3_stmt *st, const char *games,
		    const struct pd_unit_rec *u, struct pd_diag *d)
{
	const char *v[] = { games, u->rsc, u->kind, u->discipline, u->event,
			    u->event_code, u->phase, u->start, u->end, u->day,
			    u->venue, u->location, u->status, u->medal,
			    u->rules };
	int i;

	for (i = 0; i < 15; i++)
		text(st, i + 1, v[i]);
	return pd_sqlite_run(s, st, "write a unit", d);
}

static int add_result(struct pd_sqlite *s, sqlite3_stmt *st,
		      const char *games, const struct pd_unit_result_rec *r,
		      struct pd_diag *d)
{
	text(st, 1, games);
	text(st, 2, r->rsc);
	text(st, 3, r->participant);
	text(st, 4, r->name);
	sqlite3_bind_int(st, 5, r->team);
	text(st, 6, r->npc);
	sqlite3_bind_int64(st, 7, r->rank);
	text(st, 8, r->result);
	text(st, 9, r->result_type);
	text(st, 10, r->irm);
	text(st, 11, r->diff);
	text(st, 12, r->wlt);
	text(st, 13, r->qualification);
	sqlite3_bind_int64(st, 14, r->start_order);
	text(st, 15, r->bib);
	return pd_sqlite_run(s, st, "write a unit's result", d);
}

static int add_team(struct pd_sqlite *s, sqlite3_stmt *st, const char *games,
		    const struct pd_unit_team_rec *t, struct pd_diag *d)
{
	text(st, 1, games);
	text(st, 2, t->code);
	text(st, 3, t->name);
	text(st, 4, t->npc);
	text(st, 5, t->discipline);
	text(st, 6, t->members);
	return pd_sqlite_run(s, st, "write a team", d);
}

int pd_sqlite_units_replace(struct pd_store *store, const char *games,
			    const struct pd_units_put *u,
			    struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *su, *sr, *stm;
	size_t i;
	int ret;

	if ((ret = clear(s, games, diag)) < 0 ||
	    (ret = pd_sqlite_cached(s, &su, pd_sql_units_add, diag)) < 0 ||
	    (ret = pd_sqlite_cached(s, &sr, pd_sql_units_add_result,
				    diag)) < 0 ||
	    (ret = pd_sqlite_cached(s, &stm, pd_sql_units_add_team, diag)) < 0)
		return ret;
	for (i = 0; i < u->nunits; i++)
		if ((ret = add_unit(s, su, games, &u->units[i], diag)) < 0)
			return ret;
	for (i = 0; i < u->nresults; i++)
		if ((ret = add_result(s, sr, games, &u->results[i], diag)) < 0)
			return ret;
	for (i = 0; i < u->nteams; i++)
		if ((ret = add_team(s, stm, games, &u->teams[i], diag)) < 0)
			return ret;
	return 0;
}

int pd_sqlite_units(struct pd_store *store, const struct pd_unit_query *q,
		    pd_unit_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	const char *f[14];
	struct pd_unit_rec u;
	sqlite3_stmt *st;
	int i, ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, pd_sql_units_read, diag)) < 0)
		return ret;
	text(st, 1, q->games);
	text(st, 2, q->rsc);
	text(st, 3, q->day);
	text(st, 4, q->venue);
	text(st, 5, q->discipline);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		for (i = 0; i < 14; i++)
			f[i] = pd_sqlite_text(st, i);
		u = (struct pd_unit_rec){ f[0], f[1], f[2], f[3], f[4], f[5],
					  f[6], f[7], f[8], f[9], f[10],
					  f[11], f[12], f[13] };
		ret = fn(&u, arg);
	}
	return pd_sqlite_read_end(s, st, ret, rc, "read the units", diag);
}

int pd_sqlite_unit_results(struct pd_store *store, const char *games,
			   const char *prefix, pd_unit_result_fn fn,
			   void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_unit_result_rec r;
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, pd_sql_units_results, diag)) < 0)
		return ret;
	text(st, 1, games);
	text(st, 2, prefix);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		memset(&r, 0, sizeof(r));
		r.rsc = pd_sqlite_text(st, 0);
		r.participant = pd_sqlite_text(st, 1);
		r.name = pd_sqlite_text(st, 2);
		r.team = sqlite3_column_int(st, 3);
		pd_sqlite_copy(r.npc, sizeof(r.npc), st, 4);
		r.rank = (long)sqlite3_column_int64(st, 5);
		r.result = pd_sqlite_text(st, 6);
		r.result_type = pd_sqlite_text(st, 7);
		r.irm = pd_sqlite_text(st, 8);
		r.diff = pd_sqlite_text(st, 9);
		r.wlt = pd_sqlite_text(st, 10);
		r.qualification = pd_sqlite_text(st, 11);
		r.start_order = (long)sqlite3_column_int64(st, 12);
		r.bib = pd_sqlite_text(st, 13);
		ret = fn(&r, arg);
	}
	return pd_sqlite_read_end(s, st, ret, rc, "read the units' results",
				  diag);
}
