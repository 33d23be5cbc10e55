/* pg_event.c -- athletes, teams, results and event status in the
 * PostgreSQL store (see event.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/event.h"
#include "../sql.h"
#include "pg_int.h"

static const char *opt(const char *s)
{
	return s ? s : "";
}

/* Run sql and take column 0 of its first row into *id: 0, PD_ENOTFOUND
 * without a row, or an error. */
static int get_id(struct pd_pg *pg, const char *sql,
		  const struct pd_pg_params *p, long *id, const char *what,
		  struct pd_diag *diag)
{
	PGresult *res;
	int ret;

	if ((ret = pd_pg_query(pg, sql, p, &res, what, diag)) < 0)
		return ret;
	if (PQntuples(res) > 0)
		*id = pd_pg_getlong(res, 0, 0);
	else
		ret = PD_ENOTFOUND;
	PQclear(res);
	return ret;
}

int pg_athlete_ensure(struct pd_store *s, const struct pd_athlete *a,
		      long *id, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	struct pd_pg_params p;
	int ret;

	pd_pg_params_init(&p);
	if (a->ext) {
		pd_pg_text(&p, a->ext);
		ret = get_id(pg, pd_sql_event_find_ext, &p, id,
			     "find an athlete", diag);
	} else {
		pd_pg_text(&p, a->key);
		pd_pg_text(&p, a->npc);
		ret = get_id(pg, pd_sql_event_find_name, &p, id,
			     "find an athlete", diag);
	}
	if (ret == 0 && a->gender && *a->gender) {
		pd_pg_params_init(&p);
		pd_pg_long(&p, *id);
		pd_pg_text(&p, a->gender);
		ret = pd_pg_query(pg, pd_sql_event_fill_gender, &p, NULL,
				  "fill in an athlete's gender", diag);
		return ret < 0 ? ret : 0;
	}
	if (ret != PD_ENOTFOUND)
		return ret;
	pd_pg_params_init(&p);
	pd_pg_text(&p, a->ext);
	pd_pg_text(&p, a->name);
	pd_pg_text(&p, opt(a->gender));
	pd_pg_text(&p, a->npc);
	pd_pg_text(&p, opt(a->sport_class));
	pd_pg_text(&p, opt(a->guide));
	pd_pg_text(&p, a->ext ? NULL : a->key);
	ret = get_id(pg, pd_sql_event_add_athlete, &p, id, "write an athlete",
		     diag);
	return ret == PD_ENOTFOUND ? pd_diag_set(diag, PD_ESTORE, pg->where,
						 0, "write an athlete: no id "
						 "came back") : ret;
}

int pg_team_ensure(struct pd_store *s, long event, const char *npc,
		   const char *name, const char *key, const long *members,
		   size_t n, long *id, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	struct pd_pg_params p;
	size_t i;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_long(&p, event);
	pd_pg_text(&p, npc);
	pd_pg_text(&p, key);
	if ((ret = get_id(pg, pd_sql_event_find_team, &p, id, "write a team",
			  diag)) == PD_ENOTFOUND) {
		pd_pg_text(&p, name);
		if ((ret = get_id(pg, pd_sql_event_add_team, &p, id, "write a "
				  "team", diag)) == PD_ENOTFOUND)
			ret = pd_diag_set(diag, PD_ESTORE, pg->where, 0, "write "
					  "a team: no id came back");
	}
	for (i = 0; i < n && ret == 0; i++) {
		pd_pg_params_init(&p);
		pd_pg_long(&p, *id);
		pd_pg_long(&p, members[i]);
		ret = pd_pg_query(pg, pd_sql_event_add_member, &p, NULL,
				  "write a team member", diag);
	}
	return ret;
}

int pg_result_add(struct pd_store *s, const struct pd_result_rec *r,
		  struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_long(&p, r->event_id);
	pd_pg_text(&p, r->npc);
	pd_pg_text(&p, opt(r->name));
	if (r->athlete_id)
		pd_pg_long(&p, r->athlete_id);
	else
		pd_pg_text(&p, NULL);
	if (r->team_id)
		pd_pg_long(&p, r->team_id);
	else
		pd_pg_text(&p, NULL);
	pd_pg_long(&p, r->rank);
	pd_pg_text(&p, opt(r->mark));
	if (r->has_value)
		pd_pg_double(&p, r->mark_value);
	else
		pd_pg_text(&p, NULL);
	pd_pg_text(&p, opt(r->irm));
	pd_pg_text(&p, opt(r->records));
	pd_pg_text(&p, opt(r->date));
	pd_pg_text(&p, opt(r->source));
	pd_pg_long(&p, pg->base.version);
	return pd_pg_query(pg, pd_sql_event_add_result, &p, NULL,
			   "write a result", diag);
}

/* One statement an athlete, as results below. */
int pg_athletes_ensure(struct pd_store *s, const struct pd_athlete *v,
		       size_t n, long *ids, struct pd_diag *diag)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < n && ret == 0; i++)
		ret = pg_athlete_ensure(s, &v[i], &ids[i], diag);
	return ret;
}

/* One statement a result: libpq sends each without waiting on the server
 * for the one before only in pipeline mode, which this store does not use
 * yet; a COPY would be the bulk path here. */
int pg_results_add(struct pd_store *s, const struct pd_result_rec *v,
		   size_t n, struct pd_diag *diag)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < n && ret == 0; i++)
		ret = pg_result_add(s, &v[i], diag);
	return ret;
}

int pg_results_close(struct pd_store *s, long event, long athlete, long team,
		     size_t *closed, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_long(&p, event);
	pd_pg_long(&p, pg->base.version);
	if (athlete || team)
		pd_pg_long(&p, athlete ? athlete : team);
	if ((ret = pd_pg_query(pg, athlete ? pd_sql_event_by_athlete :
			       team ? pd_sql_event_by_team :
			       pd_sql_event_by_event, &p, &res, "close results",
			       diag)) < 0)
		return ret;
	if (closed)
		*closed = (size_t)strtoul(PQcmdTuples(res), NULL, 10);
	PQclear(res);
	return 0;
}

int pg_event_get(struct pd_store *s, long id, struct pd_event_info *e,
		 struct pd_diag *diag)
{
	static const char sql[] = "SELECT e.id, e.games, sp.name, e.name, "
		"e.gender, e.sport_class, e.date, e.status, "
		"coalesce(e.policy, sp.policy), e.team, e.rank_order FROM "
		"events e JOIN sports sp ON sp.id = e.sport_id WHERE e.id = $1";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	memset(e, 0, sizeof(*e));
	pd_pg_params_init(&p);
	pd_pg_long(&p, id);
	if ((ret = pd_pg_query(PG(s), sql, &p, &res, "read an event",
			       diag)) < 0)
		return ret;
	if (PQntuples(res) == 1) {
		e->id = pd_pg_getlong(res, 0, 0);
		snprintf(e->games, sizeof(e->games), "%s",
			 PQgetvalue(res, 0, 1));
		e->sport = pd_pg_dup(res, 0, 2);
		e->name = pd_pg_dup(res, 0, 3);
		e->gender = pd_pg_dup(res, 0, 4);
		e->sport_class = pd_pg_dup(res, 0, 5);
		e->date = pd_pg_dup(res, 0, 6);
		e->status = pd_pg_dup(res, 0, 7);
		e->policy = pd_pg_dup(res, 0, 8);
		e->team = (int)pd_pg_getlong(res, 0, 9);
		e->order = pd_pg_dup(res, 0, 10);
		if (!e->sport || !e->name || !e->gender || !e->sport_class ||
		    !e->date || !e->status || !e->policy || !e->order) {
			pd_event_info_release(e);
			ret = PD_ENOMEM;
		}
	} else {
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no event %ld: "
				  "see 'podium event list'", id);
	}
	PQclear(res);
	return ret;
}

int pg_event_status(struct pd_store *s, long id, const char *status,
		    struct pd_diag *diag)
{
	static const char close_sql[] = "UPDATE event_status SET until = $2 "
		"WHERE event_id = $1 AND until IS NULL";
	static const char add_sql[] = "INSERT INTO event_status (event_id, "
		"since, status) VALUES ($1, $2, $3)";
	static const char set_sql[] = "UPDATE events SET status = $2 WHERE "
		"id = $1";
	struct pd_pg *pg = PG(s);
	struct pd_pg_params p;
	int ret;

	if (!pd_event_status_valid(status))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "status '%s': "
				   "use one of " PD_EVENT_STATUSES, status);
	pd_pg_params_init(&p);
	pd_pg_long(&p, id);
	pd_pg_long(&p, pg->base.version);
	if ((ret = pd_pg_query(pg, close_sql, &p, NULL, "update an event",
			       diag)) < 0)
		return ret;
	pd_pg_text(&p, status);
	if ((ret = pd_pg_query(pg, add_sql, &p, NULL, "update an event",
			       diag)) < 0)
		return ret;
	pd_pg_params_init(&p);
	pd_pg_long(&p, id);
	pd_pg_text(&p, status);
	return pd_pg_query(pg, set_sql, &p, NULL, "update an event", diag);
}

int pg_event_update(struct pd_store *s, long id, const char *policy,
		    const char *sport_class, int team, struct pd_diag *diag)
{
	static const char policy_sql[] = "UPDATE events SET policy = $2 "
		"WHERE id = $1";
	static const char class_sql[] = "UPDATE events SET sport_class = $2 "
		"WHERE id = $1";
	static const char team_sql[] = "UPDATE events SET team = $2 WHERE "
		"id = $1";
	struct pd_pg *pg = PG(s);
	struct pd_pg_params p;
	int ret = 0;

	if (policy) {
		pd_pg_params_init(&p);
		pd_pg_long(&p, id);
		pd_pg_text(&p, policy);
		ret = pd_pg_query(pg, policy_sql, &p, NULL, "update an event",
				  diag);
	}
	if (ret == 0 && sport_class) {
		pd_pg_params_init(&p);
		pd_pg_long(&p, id);
		pd_pg_text(&p, sport_class);
		ret = pd_pg_query(pg, class_sql, &p, NULL, "update an event",
				  diag);
	}
	if (ret == 0 && team >= 0) {
		pd_pg_params_init(&p);
		pd_pg_long(&p, id);
		pd_pg_long(&p, team);
		ret = pd_pg_query(pg, team_sql, &p, NULL, "update an event",
				  diag);
	}
	return ret;
}

struct event_walk {
	const char *games;
	pd_event_fn fn;
	void *arg;
};

static int event_row(const PGresult *res, int r, void *arg)
{
	struct event_walk *w = arg;
	struct pd_event_info e;

	memset(&e, 0, sizeof(e));
	e.id = pd_pg_getlong(res, r, 0);
	snprintf(e.games, sizeof(e.games), "%s", w->games);
	e.sport = PQgetvalue(res, r, 1);
	e.name = PQgetvalue(res, r, 2);
	e.gender = PQgetvalue(res, r, 3);
	e.sport_class = PQgetvalue(res, r, 4);
	e.date = PQgetvalue(res, r, 5);
	e.status = PQgetvalue(res, r, 6);
	e.policy = PQgetvalue(res, r, 7);
	e.team = (int)pd_pg_getlong(res, r, 8);
	e.order = PQgetvalue(res, r, 10);
	return w->fn(&e, (size_t)pd_pg_getlong(res, r, 9), w->arg);
}

int pg_events(struct pd_store *s, const char *games, const char *sport,
	      pd_event_fn fn, void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT e.id, sp.name, e.name, e.gender, "
		"e.sport_class, e.date, e.status, coalesce(e.policy, "
		"sp.policy), e.team, (SELECT count(*) FROM results r WHERE "
		"r.event_id = e.id AND r.until IS NULL), e.rank_order FROM "
		"events e JOIN "
		"sports sp ON sp.id = e.sport_id WHERE e.games = $1 AND "
		"($2::text IS NULL OR sp.name = $2) ORDER BY sp.name, e.name, "
		"e.gender";
	struct event_walk w = { games, fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_text(&p, sport);
	return pd_pg_each(PG(s), sql, &p, event_row, &w, "list the events",
			  diag);
}

struct result_walk {
	pd_result_fn fn;
	void *arg;
};

static int result_row(const PGresult *res, int r, void *arg)
{
	struct result_walk *w = arg;
	struct pd_result_row row;

	row.id = pd_pg_getlong(res, r, 0);
	snprintf(row.npc, sizeof(row.npc), "%s", PQgetvalue(res, r, 1));
	row.name = PQgetvalue(res, r, 2);
	row.mark = PQgetvalue(res, r, 3);
	row.irm = PQgetvalue(res, r, 4);
	row.records = PQgetvalue(res, r, 5);
	row.athlete_id = pd_pg_getlong(res, r, 6);
	row.team_id = pd_pg_getlong(res, r, 7);
	row.rank = pd_pg_getlong(res, r, 8);
	row.has_value = !PQgetisnull(res, r, 9);
	row.value = row.has_value ? strtod(PQgetvalue(res, r, 9), NULL) : 0;
	return w->fn(&row, w->arg);
}

int pg_event_results(struct pd_store *s, long event, long as_of,
		     pd_result_fn fn, void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, npc, name, mark, irm, records, "
		"coalesce(athlete_id, 0), coalesce(team_id, 0), rank, "
		"mark_value FROM results WHERE event_id = $1 AND since <= $2 "
		"AND (until IS NULL OR until > $2) ORDER BY irm <> '', rank = "
		"0, rank, " PD_IRM_ORDER_SQL ", id";
	struct result_walk w = { fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_long(&p, event);
	pd_pg_long(&p, as_of > 0 ? as_of : (long)1 << 62);
	return pd_pg_each(PG(s), sql, &p, result_row, &w, "read the results",
			  diag);
}

int pg_athlete_get(struct pd_store *s, long id, char **name, char *npc,
		   struct pd_diag *diag)
{
	static const char sql[] = "SELECT name, npc FROM athletes WHERE "
				  "id = $1";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	*name = NULL;
	pd_pg_params_init(&p);
	pd_pg_long(&p, id);
	if ((ret = pd_pg_query(PG(s), sql, &p, &res, "read an athlete",
			       diag)) < 0)
		return ret;
	if (PQntuples(res) == 1) {
		snprintf(npc, PD_CODE_MAX, "%s", PQgetvalue(res, 0, 1));
		if (!(*name = pd_pg_dup(res, 0, 0)))
			ret = PD_ENOMEM;
	} else {
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no athlete %ld: "
				  "see 'podium athlete NAME'", id);
	}
	PQclear(res);
	return ret;
}

int pg_event_order(struct pd_store *s, long id, const char *order,
		   struct pd_diag *diag)
{
	static const char sql[] = "UPDATE events SET rank_order = $2 WHERE "
				  "id = $1";
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_long(&p, id);
	pd_pg_text(&p, order);
	return pd_pg_query(PG(s), sql, &p, NULL, "update an event", diag);
}
