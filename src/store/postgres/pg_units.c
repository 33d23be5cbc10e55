/* pg_units.c -- a Games' units in the PostgreSQL store (store_units.h):
 * written whole, a statement a row, read by two queries. */
#include <stdio.h>
#include <string.h>

#include "podium/store_units.h"
#include "../sql.h"
#include "pg_int.h"

static int clear(struct pd_pg *pg, const char *games, struct pd_diag *d)
{
	const char *const sql[] = { pd_sql_units_clear,
				    pd_sql_units_clear_units,
				    pd_sql_units_clear_teams };
	struct pd_pg_params p;
	size_t i;
	int ret;

	for (i = 0; i < 3; i++) {
		pd_pg_params_init(&p);
		pd_pg_text(&p, games);
		if ((ret = pd_pg_query(pg, sql[i], &p, NULL, "clear the units",
				       d)) < 0)
			return ret;
	}
	return 0;
}

static int add_unit(struct pd_pg *pg, const char *games,
		    const struct pd_unit_rec *u, struct pd_diag *d)
{
	const char *v[] = { games, u->rsc, u->kind, u->discipline, u->event,
			    u->event_code, u->phase, u->start, u->end, u->day,
			    u->venue, u->location, u->status, u->medal,
			    u->rules };
	struct pd_pg_params p;
	int i;

	pd_pg_params_init(&p);
	for (i = 0; i < 15; i++)
		pd_pg_text(&p, v[i] ? v[i] : "");
	return pd_pg_query(pg, pd_sql_units_add, &p, NULL, "write a unit", d);
}

static int add_result(struct pd_pg *pg, const char *games,
		      const struct pd_unit_result_rec *r, struct pd_diag *d)
{
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_text(&p, r->rsc);
	pd_pg_text(&p, r->participant ? r->participant : "");
	pd_pg_text(&p, r->name ? r->name : "");
	pd_pg_long(&p, r->team);
	pd_pg_text(&p, r->npc);
	pd_pg_long(&p, r->rank);
	pd_pg_text(&p, r->result ? r->result : "");
	pd_pg_text(&p, r->result_type ? r->result_type : "");
	pd_pg_text(&p, r->irm ? r->irm : "");
	pd_pg_text(&p, r->diff ? r->diff : "");
	pd_pg_text(&p, r->wlt ? r->wlt : "");
	pd_pg_text(&p, r->qualification ? r->qualification : "");
	pd_pg_long(&p, r->start_order);
	pd_pg_text(&p, r->bib ? r->bib : "");
	return pd_pg_query(pg, pd_sql_units_add_result, &p, NULL,
			   "write a unit's result", d);
}

static int add_team(struct pd_pg *pg, const char *games,
		    const struct pd_unit_team_rec *t, struct pd_diag *d)
{
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_text(&p, t->code);
	pd_pg_text(&p, t->name);
	pd_pg_text(&p, t->npc);
	pd_pg_text(&p, t->discipline ? t->discipline : "");
	pd_pg_text(&p, t->members ? t->members : "");
	return pd_pg_query(pg, pd_sql_units_add_team, &p, NULL,
			   "write a team", d);
}

int pg_units_replace(struct pd_store *s, const char *games,
		     const struct pd_units_put *u, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	size_t i;
	int ret;

	if ((ret = clear(pg, games, diag)) < 0)
		return ret;
	for (i = 0; i < u->nunits; i++)
		if ((ret = add_unit(pg, games, &u->units[i], diag)) < 0)
			return ret;
	for (i = 0; i < u->nresults; i++)
		if ((ret = add_result(pg, games, &u->results[i], diag)) < 0)
			return ret;
	for (i = 0; i < u->nteams; i++)
		if ((ret = add_team(pg, games, &u->teams[i], diag)) < 0)
			return ret;
	return 0;
}

struct walk {
	pd_unit_fn unit;
	pd_unit_result_fn result;
	void *arg;
};

static int unit_row(const PGresult *res, int r, void *arg)
{
	struct walk *w = arg;
	const char *f[14];
	struct pd_unit_rec u;
	int i;

	for (i = 0; i < 14; i++)
		f[i] = PQgetvalue(res, r, i);
	u = (struct pd_unit_rec){ f[0], f[1], f[2], f[3], f[4], f[5], f[6],
				  f[7], f[8], f[9], f[10], f[11], f[12],
				  f[13] };
	return w->unit(&u, w->arg);
}

int pg_units(struct pd_store *s, const struct pd_unit_query *q,
	     pd_unit_fn fn, void *arg, struct pd_diag *diag)
{
	struct walk w = { fn, NULL, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, q->games);
	pd_pg_text(&p, q->rsc ? q->rsc : "");
	pd_pg_text(&p, q->day ? q->day : "");
	pd_pg_text(&p, q->venue ? q->venue : "");
	pd_pg_text(&p, q->discipline ? q->discipline : "");
	return pd_pg_each(PG(s), pd_sql_units_read, &p, unit_row, &w,
			  "read the units", diag);
}

static int result_row(const PGresult *res, int i, void *arg)
{
	struct walk *w = arg;
	struct pd_unit_result_rec r;

	memset(&r, 0, sizeof(r));
	r.rsc = PQgetvalue(res, i, 0);
	r.participant = PQgetvalue(res, i, 1);
	r.name = PQgetvalue(res, i, 2);
	r.team = (int)pd_pg_getlong(res, i, 3);
	snprintf(r.npc, sizeof(r.npc), "%s", PQgetvalue(res, i, 4));
	r.rank = pd_pg_getlong(res, i, 5);
	r.result = PQgetvalue(res, i, 6);
	r.result_type = PQgetvalue(res, i, 7);
	r.irm = PQgetvalue(res, i, 8);
	r.diff = PQgetvalue(res, i, 9);
	r.wlt = PQgetvalue(res, i, 10);
	r.qualification = PQgetvalue(res, i, 11);
	r.start_order = pd_pg_getlong(res, i, 12);
	r.bib = PQgetvalue(res, i, 13);
	return w->result(&r, w->arg);
}

int pg_unit_results(struct pd_store *s, const char *games,
		    const char *prefix, pd_unit_result_fn fn, void *arg,
		    struct pd_diag *diag)
{
	struct walk w = { NULL, fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_text(&p, prefix ? prefix : "");
	return pd_pg_each(PG(s), pd_sql_units_results, &p, result_row, &w,
			  "read the units' results", diag);
}
