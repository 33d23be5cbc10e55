/* sqlite_derive.c -- load the results valid at a version, event by event,
 * and let src/core derive the medals (pd_event_medals). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/results.h"
#include "sqlite_int.h"

#define VALID_AT(t) "(" t ".since <= ?2 AND (" t ".until IS NULL OR " \
		    t ".until > ?2))"

static const char events_sql[] =
	"SELECT e.id, sp.name, e.name, e.gender, e.date, "
	"coalesce(e.policy, sp.policy), (SELECT es.status FROM event_status "
	"es WHERE es.event_id = e.id AND " VALID_AT("es") " ORDER BY es.since "
	"DESC LIMIT 1) FROM events e JOIN sports sp ON sp.id = e.sport_id "
	"WHERE e.games = ?1 AND (?3 IS NULL OR sp.name = ?3) ORDER BY e.id";

/* Only results that can matter: ranked ones, and those with an IRM (a
 * DSQ moves the others up).  An unranked result without an IRM never
 * medals and moves nobody; it counts only as a starter under the capped
 * policy, counted apart (starters_sql).  In athlete_events.csv that
 * leaves 40,000 of 271,116 rows, read through the partial index
 * results_ranked. */
#define RESULTS_FROM \
	" FROM results r JOIN events e ON e.id = r.event_id JOIN sports sp " \
	"ON sp.id = e.sport_id WHERE e.games = ?1 AND (?3 IS NULL OR " \
	"sp.name = ?3) AND (r.rank > 0 OR r.irm <> '') AND " VALID_AT("r") \
	" ORDER BY r.event_id, r.id"

/* A result's sanction: one valid at ?2 on its athlete, or on a member of
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
	"SELECT EXISTS (SELECT 1 FROM sanctions WHERE games = ?1)";

static const char starters_sql[] =
	"SELECT count(*) FROM results r WHERE r.event_id = ?1 AND r.irm <> "
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

static int load_event(sqlite3_stmt *st, const struct pd_query *q,
		      struct event *e)
{
	const unsigned char *policy = sqlite3_column_text(st, 5);
	int p = policy ? pd_policy_parse((const char *)policy) : 0;

	event_clear(e);
	e->id = (long)sqlite3_column_int64(st, 0);
	e->sport = pd_sqlite_dup(st, 1);
	e->name = pd_sqlite_dup(st, 2);
	e->gender = pd_sqlite_dup(st, 3);
	e->date = pd_sqlite_dup(st, 4);
	e->policy = p < 0 ? PD_POLICY_STANDARD : (enum pd_policy)p;
	e->counts = status_counts(sqlite3_column_text(st, 6),
				  q->include_unofficial);
	if (!e->sport || !e->name || !e->gender || !e->date)
		return PD_ENOMEM;
	return 0;
}

static int add_result(sqlite3_stmt *st, struct event *e)
{
	const unsigned char *sanction = sqlite3_column_text(st, 7);
	const unsigned char *irm = sqlite3_column_text(st, 6);
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
	snprintf(r->npc, sizeof(r->npc), "%s", sqlite3_column_text(st, 1));
	if (!(r->name = pd_sqlite_dup(st, 2)))
		return PD_ENOMEM;
	e->n++;
	r->athlete = (long)sqlite3_column_int64(st, 3);
	r->team = (long)sqlite3_column_int64(st, 4);
	r->id = (long)sqlite3_column_int64(st, 8);
	in->rank = (long)sqlite3_column_int64(st, 5);
	code = pd_irm_parse(irm ? (const char *)irm : "");
	in->irm = code < 0 ? PD_IRM_DSQ : (enum pd_irm)code;
	in->sanction = !sanction ? PD_SANCTION_NONE :
		       !strcmp((const char *)sanction, "vacate") ?
		       PD_SANCTION_VACATE : PD_SANCTION_REALLOCATE;
	return 0;
}

/* Who started: only the capped policy asks, and the results read leave
 * out the unranked, so they are counted in SQL. */
static int count_starters(struct pd_sqlite *s, const struct pd_query *q,
			  const struct event *e, size_t *starters,
			  struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret;

	*starters = e->n;
	if (e->policy != PD_POLICY_CAPPED)
		return 0;
	if ((ret = pd_sqlite_cached(s, &st, starters_sql, diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, e->id);
	sqlite3_bind_int64(st, 2, q->as_of > 0 ? q->as_of : LONG_MAX);
	if (sqlite3_step(st) == SQLITE_ROW)
		*starters = (size_t)sqlite3_column_int64(st, 0);
	else
		ret = pd_sqlite_fail(s, diag, "count the starters");
	sqlite3_reset(st);
	return ret;
}

static int emit(struct pd_sqlite *s, const struct pd_query *q,
		struct event *e, pd_medal_fn fn, void *arg,
		struct pd_diag *diag)
{
	struct pd_medal_out m;
	size_t i, starters;
	int ret;

	if (!e->counts || e->n == 0)
		return 0;
	if ((ret = count_starters(s, q, e, &starters, diag)) < 0 ||
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

static void bind_query(sqlite3_stmt *st, const struct pd_query *q)
{
	sqlite3_bind_text(st, 1, q->games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, q->as_of > 0 ? q->as_of : LONG_MAX);
	if (q->sport)
		sqlite3_bind_text(st, 3, q->sport, -1, SQLITE_STATIC);
}

static int any_sanction(struct pd_sqlite *s, const char *games, int *any,
			struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, any_sanction_sql, diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		*any = sqlite3_column_int(st, 0);
	else
		ret = pd_sqlite_fail(s, diag, "read the sanctions");
	sqlite3_reset(st);
	return ret;
}

/* Walk events and results together: both are ordered by event id, and
 * every result's event is in the event list. */
int pd_sqlite_medals(struct pd_store *store, const struct pd_query *q,
		     pd_medal_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *ev = NULL, *rs = NULL;
	struct event e;
	int ret, rc_e, rc_r, sanctions = 1;

	memset(&e, 0, sizeof(e));
	if ((ret = any_sanction(s, q->games, &sanctions, diag)) < 0 ||
	    (ret = pd_sqlite_prepare(s, &ev, events_sql, diag)) < 0 ||
	    (ret = pd_sqlite_prepare(s, &rs, sanctions ? results_sql :
				     results_plain_sql, diag)) < 0)
		goto cleanup;
	bind_query(ev, q);
	bind_query(rs, q);
	rc_r = sqlite3_step(rs);
	while (ret == 0 && (rc_e = sqlite3_step(ev)) == SQLITE_ROW) {
		if ((ret = load_event(ev, q, &e)) < 0)
			break;
		while (ret == 0 && rc_r == SQLITE_ROW &&
		       sqlite3_column_int64(rs, 0) == e.id) {
			ret = add_result(rs, &e);
			rc_r = sqlite3_step(rs);
		}
		if (ret == 0)
			ret = emit(s, q, &e, fn, arg, diag);
	}
	if (ret == 0 && (rc_e != SQLITE_DONE ||
			 (rc_r != SQLITE_DONE && rc_r != SQLITE_ROW)))
		ret = pd_sqlite_fail(s, diag, "read the results");
cleanup:
	event_free(&e);
	sqlite3_finalize(ev);
	sqlite3_finalize(rs);
	return ret;
}

int pd_sqlite_sports(struct pd_store *store, const char *games,
		     struct pd_strings *out, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret, rc;

	pd_strings_init(out);
	if ((ret = pd_sqlite_prepare(s, &st, "SELECT DISTINCT sp.name FROM "
			"events e JOIN sports sp ON sp.id = e.sport_id WHERE "
			"e.games = ?1 ORDER BY sp.name", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && ret == 0)
		ret = pd_strings_add(out, (const char *)
				     sqlite3_column_text(st, 0));
	if (ret == 0 && rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "list the sports");
	sqlite3_finalize(st);
	if (ret < 0)
		pd_strings_release(out);
	return ret;
}
