/* pg_match.c -- the matches of head-to-head events in the PostgreSQL
 * store (store_report.h): replaced by source (closed, never deleted), read. */
#include <stdio.h>
#include <string.h>

#include "podium/store_report.h"
#include "pg_int.h"

int pg_matches_replace(struct pd_store *s, long event, const char *source,
		       const struct pd_matches *l, struct pd_diag *diag)
{
	static const char close_sql[] = "UPDATE matches SET until = $3 WHERE "
		"event_id = $1 AND source = $2 AND until IS NULL";
	static const char add_sql[] = "INSERT INTO matches (event_id, phase, "
		"pool, home, away, home_score, away_score, extra_time, "
		"home_pens, away_pens, walkover, outcome, source, cite, since) "
		"VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, "
		"$13, $14, $15)";
	struct pd_pg_params p;
	size_t i;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_long(&p, event);
	pd_pg_text(&p, source);
	pd_pg_long(&p, PG(s)->version);
	ret = pd_pg_query(PG(s), close_sql, &p, NULL, "replace the matches",
			  diag);
	for (i = 0; i < l->n && ret == 0; i++) {
		const struct pd_match *m = &l->v[i];

		pd_pg_params_init(&p);
		pd_pg_long(&p, event);
		pd_pg_text(&p, m->phase);
		pd_pg_text(&p, m->pool);
		pd_pg_text(&p, m->home);
		pd_pg_text(&p, m->away);
		pd_pg_long(&p, m->hs);
		pd_pg_long(&p, m->as);
		pd_pg_long(&p, m->extra != 0);
		pd_pg_long(&p, m->hp);
		pd_pg_long(&p, m->ap);
		pd_pg_text(&p, m->walkover);
		pd_pg_text(&p, m->outcome);
		pd_pg_text(&p, source);
		pd_pg_text(&p, m->cite);
		pd_pg_long(&p, PG(s)->version);
		ret = pd_pg_query(PG(s), add_sql, &p, NULL, "write a match",
				  diag);
	}
	return ret;
}

struct match_walk {
	pd_match_fn fn;
	void *arg;
};

static int match_row(const PGresult *res, int r, void *arg)
{
	struct match_walk *w = arg;
	struct pd_match m;

	memset(&m, 0, sizeof(m));
	m.id = pd_pg_getlong(res, r, 0);
	m.event = pd_pg_getlong(res, r, 1);
	snprintf(m.phase, sizeof(m.phase), "%s", PQgetvalue(res, r, 2));
	snprintf(m.pool, sizeof(m.pool), "%s", PQgetvalue(res, r, 3));
	snprintf(m.home, sizeof(m.home), "%s", PQgetvalue(res, r, 4));
	snprintf(m.away, sizeof(m.away), "%s", PQgetvalue(res, r, 5));
	m.hs = pd_pg_getlong(res, r, 6);
	m.as = pd_pg_getlong(res, r, 7);
	m.extra = (int)pd_pg_getlong(res, r, 8);
	m.hp = pd_pg_getlong(res, r, 9);
	m.ap = pd_pg_getlong(res, r, 10);
	snprintf(m.walkover, sizeof(m.walkover), "%s", PQgetvalue(res, r, 11));
	snprintf(m.outcome, sizeof(m.outcome), "%s", PQgetvalue(res, r, 12));
	snprintf(m.source, sizeof(m.source), "%s", PQgetvalue(res, r, 13));
	snprintf(m.cite, sizeof(m.cite), "%s", PQgetvalue(res, r, 14));
	return w->fn(&m, w->arg);
}

int pg_matches(struct pd_store *s, long event, pd_match_fn fn, void *arg,
	       struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, event_id, phase, pool, home, "
		"away, home_score, away_score, extra_time, home_pens, away_pens, "
		"walkover, outcome, source, cite FROM matches WHERE event_id = $1 "
		"AND until IS NULL ORDER BY id";
	struct match_walk w = { fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_long(&p, event);
	return pd_pg_each(PG(s), sql, &p, match_row, &w, "read the matches",
			  diag);
}
