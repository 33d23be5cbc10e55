/* sqlite_derive.c -- load the results valid at a version, event by event,
 * and hand them to the medal walk every backend shares (walk.h), where
 * src/core derives the medals. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../walk.h"
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

static const char *text(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

static int load_event(sqlite3_stmt *st, const struct pd_query *q,
		      struct pd_walk_event *e)
{
	return pd_walk_event(e, (long)sqlite3_column_int64(st, 0), text(st, 1),
			     text(st, 2), text(st, 3), text(st, 4),
			     text(st, 5), text(st, 6), q->include_unofficial);
}

static int add_result(sqlite3_stmt *st, struct pd_walk_event *e)
{
	return pd_walk_result(e, text(st, 1), text(st, 2),
			      (long)sqlite3_column_int64(st, 3),
			      (long)sqlite3_column_int64(st, 4),
			      (long)sqlite3_column_int64(st, 8),
			      (long)sqlite3_column_int64(st, 5), text(st, 6),
			      text(st, 7));
}

/* Who started: only the capped policy asks, and the results read leave
 * out the unranked, so they are counted in SQL. */
static int count_starters(struct pd_sqlite *s, const struct pd_query *q,
			  const struct pd_walk_event *e, size_t *starters,
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
		struct pd_walk_event *e, pd_medal_fn fn, void *arg,
		struct pd_diag *diag)
{
	size_t starters;
	int ret;

	if (!pd_walk_counts(e))
		return 0;
	if ((ret = count_starters(s, q, e, &starters, diag)) < 0)
		return ret;
	return pd_walk_emit(e, starters, fn, arg);
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
	struct pd_walk_event e;
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
	pd_walk_free(&e);
	sqlite3_finalize(ev);
	sqlite3_finalize(rs);
	return ret;
}

int pd_sqlite_sports(struct pd_store *store, const char *games,
		     struct pd_strings *out, struct pd_diag *diag)
{
	return pd_sqlite_strings(pd_sqlite_of(store), "SELECT DISTINCT "
				 "sp.name FROM events e JOIN sports sp ON "
				 "sp.id = e.sport_id WHERE e.games = ?1 ORDER "
				 "BY sp.name", games, out, "list the sports",
				 diag);
}
