/* pg_doping.c -- anti-doping cases in the PostgreSQL store (store_report.h). */
#include <stdio.h>
#include <string.h>

#include "podium/store_report.h"
#include "pg_int.h"

int pg_doping_add(struct pd_store *s, const struct pd_doping_case *c,
		  long *id, struct pd_diag *diag)
{
	static const char sql[] = "INSERT INTO doping_cases (games, athlete_id, "
		"finding, date, outcome, sanction_id, source, cite, since) VALUES "
		"($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_text(&p, c->games);
	pd_pg_long(&p, c->athlete);
	pd_pg_text(&p, c->finding);
	pd_pg_text(&p, c->date);
	pd_pg_text(&p, c->outcome);
	if (c->sanction)
		pd_pg_long(&p, c->sanction);
	else
		pd_pg_text(&p, NULL);
	pd_pg_text(&p, c->source);
	pd_pg_text(&p, c->cite);
	pd_pg_long(&p, PG(s)->version);
	ret = pd_pg_query(PG(s), sql, &p, &res, "add the case", diag);
	if (ret == PD_ESTORE && diag && strstr(diag->msg, "foreign key"))
		return pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no athlete %ld "
				   "or sanction %ld in the store", c->athlete,
				   c->sanction);
	if (ret < 0)
		return ret;
	if (id)
		*id = PQntuples(res) > 0 ? pd_pg_getlong(res, 0, 0) : 0;
	PQclear(res);
	return 0;
}

struct case_walk {
	pd_doping_fn fn;
	void *arg;
};

static int case_row(const PGresult *res, int r, void *arg)
{
	struct case_walk *w = arg;
	struct pd_doping_case c;

	memset(&c, 0, sizeof(c));
	c.id = pd_pg_getlong(res, r, 0);
	snprintf(c.games, sizeof(c.games), "%s", PQgetvalue(res, r, 1));
	c.athlete = pd_pg_getlong(res, r, 2);
	snprintf(c.finding, sizeof(c.finding), "%s", PQgetvalue(res, r, 3));
	snprintf(c.date, sizeof(c.date), "%s", PQgetvalue(res, r, 4));
	snprintf(c.outcome, sizeof(c.outcome), "%s", PQgetvalue(res, r, 5));
	c.sanction = pd_pg_getlong(res, r, 6);
	snprintf(c.source, sizeof(c.source), "%s", PQgetvalue(res, r, 7));
	snprintf(c.cite, sizeof(c.cite), "%s", PQgetvalue(res, r, 8));
	return w->fn(&c, w->arg);
}

int pg_doping_cases(struct pd_store *s, const char *games, pd_doping_fn fn,
		    void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, games, athlete_id, finding, date, "
		"outcome, coalesce(sanction_id, 0), source, cite FROM "
		"doping_cases WHERE games = $1 ORDER BY id";
	struct case_walk w = { fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	return pd_pg_each(PG(s), sql, &p, case_row, &w, "read the cases",
			  diag);
}
