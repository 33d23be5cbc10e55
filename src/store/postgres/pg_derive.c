/* pg_derive.c -- load the results valid at a version, event by event,
 * and let src/core derive the medals (pd_event_medals): the SQLite
 * backend's walk (sqlite/sqlite_derive.c), over PostgreSQL result sets. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/results.h"
#include "pg_int.h"

#define VALID_AT(t) "(" t ".since <= $2 AND (" t ".until IS NULL OR " \
		    t ".until > $2))"

static const char events_sql[] =
	"SELECT e.id, sp.name, e.name, e.gender, e.date, "
	"coalesce(e.policy, sp.policy), (SELECT es.status FROM event_status "
	"es WHERE es.event_id = e.id AND " VALID_AT("es") " ORDER BY es.since "
	"DESC LIMIT 1) FROM events e JOIN sports sp ON sp.id = e.sport_id "
	"WHERE e.games = $1 AND ($3::text IS NULL OR sp.name = $3) ORDER BY "
	"e.id";

/* Only results that can matter: ranked ones, and those with an IRM (see
 * the SQLite backend for why). */
#define RESULTS_FROM \
	" FROM results r JOIN events e ON e.id = r.event_id JOIN sports sp " \
	"ON sp.id = e.sport_id WHERE e.games = $1 AND ($3::text IS NULL OR " \
	"sp.name = $3) AND (r.rank > 0 OR r.irm <> '') AND " VALID_AT("r") \
	" ORDER BY r.event_id, r.id"

/* A result's sanction: one valid at $2 on its athlete, or on a member of
 * its team, in its event; reallocation wins over vacating. */
static const char results_sql[] =
	"SELECT r.event_id, r.npc, r.name, coalesce(r.athlete_id, 0), "
	"coalesce(r.team_id, 0), r.rank, r.irm, (SELECT sa.mode FROM "
	"sanctions sa JOIN sanction_events se ON se.sanction_id = sa.id "
	"WHERE se.event_id = r.event_id AND " VALID_AT("sa") " AND "
	"(sa.athlete_id = r.athlete_id OR sa.athlete_id IN (SELECT "
	"tm.athlete_id FROM team_members tm WHERE tm.team_id = r.team_id)) "
	"ORDER BY sa.mode = 'reallocate' DESC LIMIT 1), r.id" RESULTS_FROM;

/* The same for a Games without a sanction: no subquery per row. */
static const char results_plain_sql[] =
	"SELECT r.event_id, r.npc, r.name, coalesce(r.athlete_id, 0), "
	"coalesce(r.team_id, 0), r.rank, r.irm, NULL, r.id" RESULTS_FROM;

static const char any_sanction_sql[] =
	"SELECT EXISTS (SELECT 1 FROM sanctions WHERE games = $1)::int";

static const char starters_sql[] =
	"SELECT count(*) FROM results r WHERE r.event_id = $1 AND r.irm <> "
	"'DNS' AND " VALID_AT("r");

struct row {
	char npc[PD_CODE_MAX];
	char *name;
	long athlete, team, id;
};

struct event {
	long id;
	char *sport, *name, *gender, *date;
	enum pd_policy policy;
	int counts;		/* status counts under the query */
	struct row *rows;
	struct pd_result_in *in;
	struct pd_result_out *out;
	size_t n, alloc;
};

static void event_clear(struct event *e)
{
	size_t i;

	for (i = 0; i < e->n; i++)
		free(e->rows[i].name);
	e->n = 0;
	free(e->sport);
	free(e->name);
	free(e->gender);
	free(e->date);
	e->sport = e->name = e->gender = e->date = NULL;
}

static void event_free(struct event *e)
{
	event_clear(e);
	free(e->rows);
	free(e->in);
	free(e->out);
}

static int status_counts(const unsigned char *status, int unofficial)
{
	if (!status)
		return 0;	/* the event did not exist at that version */
	if (!strcmp((const char *)status, "official"))
		return 1;
	return unofficial && strcmp((const char *)status, "scheduled");
}

static const char *text_or_null(const PGresult *res, int r, int c)
{
	return PQgetisnull(res, r, c) ? NULL : PQgetvalue(res, r, c);
}

static int load_event(const PGresult *res, int r, const struct pd_query *q,
		      struct event *e)
{
	const char *policy = text_or_null(res, r, 5);
	int p = policy ? pd_policy_parse(policy) : 0;

	event_clear(e);
	e->id = pd_pg_getlong(res, r, 0);
	e->sport = pd_pg_dup(res, r, 1);
	e->name = pd_pg_dup(res, r, 2);
	e->gender = pd_pg_dup(res, r, 3);
	e->date = pd_pg_dup(res, r, 4);
	e->policy = p < 0 ? PD_POLICY_STANDARD : (enum pd_policy)p;
	e->counts = status_counts((const unsigned char *)
				  text_or_null(res, r, 6),
				  q->include_unofficial);
	if (!e->sport || !e->name || !e->gender || !e->date)
		return PD_ENOMEM;
	return 0;
}

static int add_result(const PGresult *res, int k, struct event *e)
{
	const char *sanction = text_or_null(res, k, 7);
	const char *irm = text_or_null(res, k, 6);
	struct pd_result_in *in;
	struct row *r;
	int code;

	if (e->n == e->alloc) {
		size_t na = e->alloc ? e->alloc * 2 : 16;

		if (!(r = realloc(e->rows, na * sizeof(*r))))
			return PD_ENOMEM;
		e->rows = r;
		if (!(in = realloc(e->in, na * sizeof(*in))))
			return PD_ENOMEM;
		e->in = in;
		if (!(e->out = realloc(e->out, na * sizeof(*e->out))))
			return PD_ENOMEM;
		e->alloc = na;
	}
	r = &e->rows[e->n];
	in = &e->in[e->n];
	snprintf(r->npc, sizeof(r->npc), "%s", PQgetvalue(res, k, 1));
	if (!(r->name = pd_pg_dup(res, k, 2)))
		return PD_ENOMEM;
	e->n++;
	r->athlete = pd_pg_getlong(res, k, 3);
	r->team = pd_pg_getlong(res, k, 4);
	r->id = pd_pg_getlong(res, k, 8);
	in->rank = pd_pg_getlong(res, k, 5);
	code = pd_irm_parse(irm ? irm : "");
	in->irm = code < 0 ? PD_IRM_DSQ : (enum pd_irm)code;
	in->sanction = !sanction ? PD_SANCTION_NONE :
		       !strcmp(sanction, "vacate") ? PD_SANCTION_VACATE :
		       PD_SANCTION_REALLOCATE;
	return 0;
}

/* Who started: only the capped policy asks, and the results read leave
 * out the unranked, so they are counted in SQL. */
static int count_starters(struct pd_pg *pg, const struct pd_query *q,
			  const struct event *e, size_t *starters,
			  struct pd_diag *diag)
{
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	*starters = e->n;
	if (e->policy != PD_POLICY_CAPPED)
		return 0;
	pd_pg_params_init(&p);
	pd_pg_long(&p, e->id);
	pd_pg_long(&p, q->as_of > 0 ? q->as_of : LONG_MAX);
	if ((ret = pd_pg_query(pg, starters_sql, &p, &res, "count the "
			       "starters", diag)) < 0)
		return ret;
	*starters = (size_t)pd_pg_getlong(res, 0, 0);
	PQclear(res);
	return 0;
}

static int emit(struct pd_pg *pg, const struct pd_query *q,
		struct event *e, pd_medal_fn fn, void *arg,
		struct pd_diag *diag)
{
	struct pd_medal_out m;
	size_t i, starters;
	int ret;

	if (!e->counts || e->n == 0)
		return 0;
	if ((ret = count_starters(pg, q, e, &starters, diag)) < 0 ||
	    (ret = pd_event_medals(e->policy, e->in, e->n, starters,
				   e->out)) < 0)
		return ret;
	for (i = 0; i < e->n; i++) {
		if (e->out[i].medal < 0)
			continue;
		m.event_id = e->id;
		m.result_id = e->rows[i].id;
		m.sport = e->sport;
		m.event = e->name;
		m.gender = e->gender;
		m.date = e->date;
		m.npc = e->rows[i].npc;
		m.name = e->rows[i].name;
		m.athlete_id = e->rows[i].athlete;
		m.team_id = e->rows[i].team;
		m.medal = (enum pd_medal)e->out[i].medal;
		if ((ret = fn(&m, arg)) != 0)
			return ret;
	}
	return 0;
}

static void query_params(struct pd_pg_params *p, const struct pd_query *q)
{
	pd_pg_params_init(p);
	pd_pg_text(p, q->games);
	pd_pg_long(p, q->as_of > 0 ? q->as_of : LONG_MAX);
	pd_pg_text(p, q->sport);
}

/* Walk events and results together: both are ordered by event id, and
 * every result's event is in the event list. */
int pg_medals(struct pd_store *s, const struct pd_query *q, pd_medal_fn fn,
	      void *arg, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	PGresult *ev = NULL, *rs = NULL, *any = NULL;
	struct pd_pg_params p;
	struct event e;
	int ret, i, k = 0, nr;

	memset(&e, 0, sizeof(e));
	pd_pg_params_init(&p);
	pd_pg_text(&p, q->games);
	if ((ret = pd_pg_query(pg, any_sanction_sql, &p, &any, "read the "
			       "sanctions", diag)) < 0)
		goto cleanup;
	query_params(&p, q);
	if ((ret = pd_pg_query(pg, events_sql, &p, &ev, "read the events",
			       diag)) < 0 ||
	    (ret = pd_pg_query(pg, pd_pg_getlong(any, 0, 0) ? results_sql :
			       results_plain_sql, &p, &rs, "read the results",
			       diag)) < 0)
		goto cleanup;
	nr = PQntuples(rs);
	for (i = 0; ret == 0 && i < PQntuples(ev); i++) {
		if ((ret = load_event(ev, i, q, &e)) < 0)
			break;
		while (ret == 0 && k < nr && pd_pg_getlong(rs, k, 0) == e.id)
			ret = add_result(rs, k++, &e);
		if (ret == 0)
			ret = emit(pg, q, &e, fn, arg, diag);
	}
cleanup:
	event_free(&e);
	PQclear(any);
	PQclear(ev);
	PQclear(rs);
	return ret;
}

int pg_sports(struct pd_store *s, const char *games, struct pd_strings *out,
	      struct pd_diag *diag)
{
	static const char sql[] = "SELECT DISTINCT sp.name FROM events e "
		"JOIN sports sp ON sp.id = e.sport_id WHERE e.games = $1 "
		"ORDER BY sp.name";
	struct pd_pg_params p;
	PGresult *res;
	int ret, r;

	pd_strings_init(out);
	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	if ((ret = pd_pg_query(PG(s), sql, &p, &res, "list the sports",
			       diag)) < 0)
		return ret;
	for (r = 0; r < PQntuples(res) && ret == 0; r++)
		ret = pd_strings_add(out, PQgetvalue(res, r, 0));
	PQclear(res);
	if (ret < 0)
		pd_strings_release(out);
	return ret;
}
