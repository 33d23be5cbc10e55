/* sqlite_event.c -- athletes, teams, results and event status in the
 * SQLite store (see event.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/event.h"
#include "../sql.h"
#include "sqlite_int.h"

static const char *opt(const char *s)
{
	return s ? s : "";
}

/* Step a cached statement that returns one id, then reset it. */
static int step_id(struct pd_sqlite *s, sqlite3_stmt *st, long *id,
		   const char *what, struct pd_diag *diag)
{
	int rc = sqlite3_step(st), ret = 0;

	if (rc == SQLITE_ROW)
		*id = (long)sqlite3_column_int64(st, 0);
	else if (rc == SQLITE_DONE)
		ret = PD_ENOTFOUND;
	else
		ret = pd_sqlite_fail(s, diag, what);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return ret;
}

/* pd_sql_event_find_name, on the index of names: with no statistics,
 * SQLite took the unique index of ext for 'ext IS NULL' and walked every
 * athlete without one -- the whole fixture, at each result written (17%
 * of a write's samples) */
static const char find_name[] =
	"SELECT id FROM athletes INDEXED BY athletes_by_key WHERE ext IS "
	"NULL AND name_key = ?1 AND npc = ?2 ORDER BY id LIMIT 1";

/* pd_sql_event_add_athlete and pd_sql_event_add_team without RETURNING
 * (pd_sqlite_insert() says why) */
static const char add_athlete[] =
	"INSERT INTO athletes (ext, name, gender, npc, sport_class, guide, "
	"name_key) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
static const char add_team[] =
	"INSERT INTO teams (event_id, npc, name_key, name) VALUES (?1, ?2, ?3, "
	"?4)";

int pd_sqlite_athlete_ensure(struct pd_store *store,
			     const struct pd_athlete *a, long *id,
			     struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_int64 got = 0;
	sqlite3_stmt *st;
	int ret;

	if (a->ext) {
		if ((ret = pd_sqlite_cached(s, &st, pd_sql_event_find_ext,
					    diag)) < 0)
			return ret;
		sqlite3_bind_text(st, 1, a->ext, -1, SQLITE_STATIC);
	} else {
		if ((ret = pd_sqlite_cached(s, &st, find_name, diag)) < 0)
			return ret;
		sqlite3_bind_text(st, 1, a->key, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, a->npc, -1, SQLITE_STATIC);
	}
	if ((ret = step_id(s, st, id, "find an athlete", diag)) == 0 &&
	    a->gender && *a->gender) {
		if ((ret = pd_sqlite_cached(s, &st, pd_sql_event_fill_gender,
					    diag)) < 0)
			return ret;
		sqlite3_bind_int64(st, 1, *id);
		sqlite3_bind_text(st, 2, a->gender, -1, SQLITE_STATIC);
		return pd_sqlite_run(s, st, "fill in an athlete's gender",
				     diag);
	}
	if (ret != PD_ENOTFOUND)
		return ret;
	if ((ret = pd_sqlite_cached(s, &st, add_athlete, diag)) < 0)
		return ret;
	if (a->ext)
		sqlite3_bind_text(st, 1, a->ext, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, a->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, opt(a->gender), -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, a->npc, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, opt(a->sport_class), -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, opt(a->guide), -1, SQLITE_STATIC);
	if (!a->ext)
		sqlite3_bind_text(st, 7, a->key, -1, SQLITE_STATIC);
	ret = pd_sqlite_insert(s, st, &got, "write an athlete", diag);
	*id = (long)got;
	return ret;
}

/* ATHLETES athletes a statement, for a bulk import's tens of thousands:
 * two statements each (the look-up, then the insert) were a fifth of it.
 * A batch is tried only as a whole: an athlete the store already has (or
 * two of one ext in it) is a UNIQUE conflict, which backs out that
 * statement alone, and from there each goes through
 * pd_sqlite_athlete_ensure() (which also says which row is bad).  The new
 * rows' ids are consecutive: without a rowid given, SQLite gives each row
 * the largest rowid + 1 (https://sqlite.org/autoinc.html), so the last
 * one, sqlite3_last_insert_rowid(), names them all. */
#define ATHLETES 64
#define AROW "(?, ?, ?, ?, ?, ?)"
#define AROWS4 AROW ", " AROW ", " AROW ", " AROW
#define AROWS16 AROWS4 ", " AROWS4 ", " AROWS4 ", " AROWS4
static const char add_athletes[] =
	"INSERT INTO athletes (ext, name, gender, npc, sport_class, guide) "
	"VALUES " AROWS16 ", " AROWS16 ", " AROWS16 ", " AROWS16;

/* 1 when v[0..ATHLETES) are written, ids[] theirs; 0 when the statement
 * was backed out on a constraint; < 0 on an error. */
static int athletes_batch(struct pd_sqlite *s, const struct pd_athlete *v,
			  long *ids, struct pd_diag *diag)
{
	sqlite3_int64 last;
	sqlite3_stmt *st;
	int ret, rc, k;

	if ((ret = pd_sqlite_cached(s, &st, add_athletes, diag)) < 0)
		return ret;
	for (k = 0; k < ATHLETES; k++) {
		const struct pd_athlete *a = &v[k];

		sqlite3_bind_text(st, 6 * k + 1, a->ext, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 6 * k + 2, a->name, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 6 * k + 3, opt(a->gender), -1,
				  SQLITE_STATIC);
		sqlite3_bind_text(st, 6 * k + 4, a->npc, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 6 * k + 5, opt(a->sport_class), -1,
				  SQLITE_STATIC);
		sqlite3_bind_text(st, 6 * k + 6, opt(a->guide), -1,
				  SQLITE_STATIC);
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE && sqlite3_changes(s->db) == ATHLETES) {
		last = sqlite3_last_insert_rowid(s->db);
		for (k = 0; k < ATHLETES; k++)
			ids[k] = (long)(last - ATHLETES + 1 + k);
		ret = 1;
	} else if ((rc & 0xff) == SQLITE_CONSTRAINT) {
		ret = 0;
	} else {
		ret = pd_sqlite_fail(s, diag, "write an athlete");
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return ret;
}

int pd_sqlite_athletes_ensure(struct pd_store *store,
			      const struct pd_athlete *v, size_t n, long *ids,
			      struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	int batch = 1, ret = 0, k;
	size_t i = 0;

	while (i < n) {
		for (k = 0; batch && n - i >= ATHLETES && k < ATHLETES; k++)
			if (!v[i + (size_t)k].ext)
				break;
		if (batch && k == ATHLETES) {
			if ((ret = athletes_batch(s, &v[i], &ids[i],
						  diag)) < 0)
				return ret;
			if (ret == 1) {
				i += ATHLETES;
				continue;
			}
			/* the store knows some: one by one from here */
			batch = 0;
		}
		if ((ret = pd_sqlite_athlete_ensure(store, &v[i], &ids[i],
						    diag)) < 0)
			return ret;
		i++;
	}
	return 0;
}

/* Members MEMBERS a statement (as results, below): a team of the 4x100 m
 * relay is one statement, a rowing eight two. */
#define MEMBERS 4
static const char add_members[] =
	"INSERT INTO team_members (team_id, athlete_id) VALUES (?, ?), "
	"(?, ?), (?, ?), (?, ?) ON CONFLICT DO NOTHING";
/* the same in a bulk transaction: OR FAIL, no statement journal (see
 * add_results_fail below) */
static const char add_members_fail[] =
	"INSERT OR FAIL INTO team_members (team_id, athlete_id) VALUES "
	"(?, ?), (?, ?), (?, ?), (?, ?) ON CONFLICT DO NOTHING";

int pd_sqlite_team_ensure(struct pd_store *store, long event, const char *npc,
			  const char *name, const char *key,
			  const long *members, size_t n, long *id,
			  struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_int64 got = 0;
	sqlite3_stmt *st;
	size_t i;
	int ret, k, j;

	for (k = 0; k < 2; k++) {
		if ((ret = pd_sqlite_cached(s, &st, k ? add_team :
					    pd_sql_event_find_team, diag)) < 0)
			return ret;
		sqlite3_bind_int64(st, 1, event);
		sqlite3_bind_text(st, 2, npc, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, key, -1, SQLITE_STATIC);
		if (k == 1)
			sqlite3_bind_text(st, 4, name, -1, SQLITE_STATIC);
		if (k == 0 && (ret = step_id(s, st, id, "find a team",
					     diag)) != PD_ENOTFOUND)
			break;
		if (k == 1 && (ret = pd_sqlite_insert(s, st, &got, "write a "
						      "team", diag)) == 0)
			*id = (long)got;
	}
	if (ret < 0)
		return ret;
	for (i = 0; i < n && ret == 0; i += k) {
		k = n - i >= MEMBERS ? MEMBERS : 1;
		if ((ret = pd_sqlite_cached(s, &st, k == 1 ?
					    pd_sql_event_add_member : s->base.bulk ?
					    add_members_fail : add_members,
					    diag)) < 0)
			return ret;
		for (j = 0; j < k; j++) {
			sqlite3_bind_int64(st, 2 * j + 1, *id);
			sqlite3_bind_int64(st, 2 * j + 2,
					   members[i + (size_t)j]);
		}
		ret = pd_sqlite_run(s, st, "write a team member", diag);
	}
	return ret;
}

/* r's 13 values as parameters at + 1 .. at + 13 of the results insert;
 * each is bound, NULL too, so that no binding of an earlier row stays. */
static void bind_result(sqlite3_stmt *st, int at, const struct pd_result_rec *r,
			long version)
{
	sqlite3_bind_int64(st, at + 1, r->event_id);
	sqlite3_bind_text(st, at + 2, r->npc, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, at + 3, opt(r->name), -1, SQLITE_STATIC);
	if (r->athlete_id)
		sqlite3_bind_int64(st, at + 4, r->athlete_id);
	else
		sqlite3_bind_null(st, at + 4);
	if (r->team_id)
		sqlite3_bind_int64(st, at + 5, r->team_id);
	else
		sqlite3_bind_null(st, at + 5);
	sqlite3_bind_int64(st, at + 6, r->rank);
	sqlite3_bind_text(st, at + 7, opt(r->mark), -1, SQLITE_STATIC);
	if (r->has_value)
		sqlite3_bind_double(st, at + 8, r->mark_value);
	else
		sqlite3_bind_null(st, at + 8);
	sqlite3_bind_text(st, at + 9, opt(r->irm), -1, SQLITE_STATIC);
	sqlite3_bind_text(st, at + 10, opt(r->records), -1, SQLITE_STATIC);
	sqlite3_bind_text(st, at + 11, opt(r->date), -1, SQLITE_STATIC);
	sqlite3_bind_text(st, at + 12, opt(r->source), -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, at + 13, version);
}

int pd_sqlite_result_add(struct pd_store *store, const struct pd_result_rec *r,
			 struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, pd_sql_event_add_result, diag)) < 0)
		return ret;
	bind_result(st, 0, r, s->base.version);
	return pd_sqlite_run(s, st, "write a result", diag);
}

/* BATCH results a statement, then what is left SMALL a statement.  Each
 * statement costs its start, its cursors and its end whatever it writes,
 * and a copy of every page it changes that was there before it (its
 * statement journal, to undo it alone); 128 rows (1,664 parameters, far
 * below SQLite's 32,766) leave little of that per row. */
#define BATCH 128
#define SMALL 16
#define ROW "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
#define ROWS4 ROW ", " ROW ", " ROW ", " ROW
#define ROWS16 ROWS4 ", " ROWS4 ", " ROWS4 ", " ROWS4
#define ROWS64 ROWS16 ", " ROWS16 ", " ROWS16 ", " ROWS16
#define ADD_RESULTS "INSERT INTO results (event_id, npc, name, athlete_id, " \
	"team_id, rank, mark, mark_value, irm, records, date, source, " \
	"since) VALUES "
static const char add_results[] = ADD_RESULTS ROWS64 ", " ROWS64;
static const char add_results_small[] = ADD_RESULTS ROWS16;
/* The same in a bulk transaction, OR FAIL: a statement that may abort
 * half-way keeps a statement journal (a copy of every page it changes
 * that was there before it) to undo itself alone; one that fails instead
 * needs none, and any failure there rolls the whole transaction back
 * (pd_op_entries_import) with its foreign keys off, so none is left to
 * abort it. */
#define ADD_RESULTS_FAIL "INSERT OR FAIL INTO results (event_id, npc, " \
	"name, athlete_id, team_id, rank, mark, mark_value, irm, records, " \
	"date, source, since) VALUES "
static const char add_results_fail[] = ADD_RESULTS_FAIL ROWS64 ", " ROWS64;
static const char add_results_small_fail[] = ADD_RESULTS_FAIL ROWS16;

int pd_sqlite_results_add(struct pd_store *store, const struct pd_result_rec *v,
			  size_t n, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	size_t i = 0, b;
	int ret = 0, k;

	while (n - i >= SMALL && ret == 0) {
		b = n - i >= BATCH ? BATCH : SMALL;
		if ((ret = pd_sqlite_cached(s, &st, b == BATCH ?
					    (s->base.bulk ? add_results_fail :
					     add_results) : s->base.bulk ?
					    add_results_small_fail :
					    add_results_small, diag)) < 0)
			return ret;
		for (k = 0; k < (int)b; k++)
			bind_result(st, 13 * k, &v[i + (size_t)k], s->base.version);
		ret = pd_sqlite_run(s, st, "write a result", diag);
		i += b;
	}
	for (; i < n && ret == 0; i++)
		ret = pd_sqlite_result_add(store, &v[i], diag);
	return ret;
}

int pd_sqlite_results_close(struct pd_store *store, long event, long athlete,
			    long team, size_t *closed, struct pd_diag *diag)
{
	/* One statement per case, each on its own index: with one
	 * "(?3 = 0 OR athlete_id = ?3)" form SQLite read every result of
	 * the event, and a heat of 10,000 results made each write slower
	 * than the last. */
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, athlete ? pd_sql_event_by_athlete :
				    team ? pd_sql_event_by_team :
				    pd_sql_event_by_event, diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, event);
	sqlite3_bind_int64(st, 2, s->base.version);
	if (athlete || team)
		sqlite3_bind_int64(st, 3, athlete ? athlete : team);
	if (sqlite3_step(st) != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "close results");
	else if (closed)
		*closed = (size_t)sqlite3_changes(s->db);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return ret;
}

static const char event_get_sql[] =
	"SELECT e.id, e.games, sp.name, "
	"e.name, e.gender, e.sport_class, e.date, e.status, "
	"coalesce(e.policy, sp.policy), e.team, e.rank_order "
	"FROM events e JOIN sports sp ON sp.id = e.sport_id "
	"WHERE e.id = ?1";

int pd_sqlite_event_get(struct pd_store *store, long id,
			struct pd_event_info *e, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret, rc;

	memset(e, 0, sizeof(*e));
	if ((ret = pd_sqlite_cached(s, &st, event_get_sql, diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		e->id = (long)sqlite3_column_int64(st, 0);
		snprintf(e->games, sizeof(e->games), "%s",
			 sqlite3_column_text(st, 1));
		e->sport = pd_sqlite_dup(st, 2);
		e->name = pd_sqlite_dup(st, 3);
		e->gender = pd_sqlite_dup(st, 4);
		e->sport_class = pd_sqlite_dup(st, 5);
		e->date = pd_sqlite_dup(st, 6);
		e->status = pd_sqlite_dup(st, 7);
		e->policy = pd_sqlite_dup(st, 8);
		e->team = sqlite3_column_int(st, 9);
		e->order = pd_sqlite_dup(st, 10);
		if (!e->sport || !e->name || !e->gender || !e->sport_class ||
		    !e->date || !e->status || !e->policy || !e->order) {
			pd_event_info_release(e);
			ret = PD_ENOMEM;
		}
	} else if (rc == SQLITE_DONE) {
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no event %ld: "
				  "see 'podium event list'", id);
	} else {
		ret = pd_sqlite_fail(s, diag, "read an event");
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return ret;
}

/* Run sql with ?1 = id, ?2 = text (if any), ?3 = num; binding a
 * parameter the statement lacks is a harmless SQLITE_RANGE. */
static int exec_bound(struct pd_sqlite *s, const char *sql, long id,
		      const char *text, long num, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, sql, diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, id);
	if (text)
		sqlite3_bind_text(st, 2, text, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, num);
	if (sqlite3_step(st) != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "update an event");
	sqlite3_finalize(st);
	return ret;
}

int pd_sqlite_event_status(struct pd_store *store, long id, const char *status,
			   struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	int ret;

	if (!pd_event_status_valid(status))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "status '%s': "
				   "use one of " PD_EVENT_STATUSES, status);
	if ((ret = exec_bound(s, "UPDATE event_status SET until = ?3 WHERE "
			      "event_id = ?1 AND until IS NULL", id, NULL,
			      s->base.version, diag)) < 0 ||
	    (ret = exec_bound(s, "INSERT INTO event_status (event_id, status, "
			      "since) VALUES (?1, ?2, ?3)", id, status,
			      s->base.version, diag)) < 0)
		return ret;
	return exec_bound(s, "UPDATE events SET status = ?2 WHERE id = ?1",
			  id, status, 0, diag);
}

int pd_sqlite_event_update(struct pd_store *store, long id, const char *policy,
			   const char *sport_class, int team,
			   struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	int ret = 0;

	if (policy)
		ret = exec_bound(s, "UPDATE events SET policy = ?2 WHERE id = "
				 "?1", id, policy, 0, diag);
	if (ret == 0 && sport_class)
		ret = exec_bound(s, "UPDATE events SET sport_class = ?2 WHERE "
				 "id = ?1", id, sport_class, 0, diag);
	if (ret == 0 && team >= 0)
		ret = exec_bound(s, "UPDATE events SET team = ?3 WHERE id = ?1",
				 id, NULL, team, diag);
	return ret;
}

int pd_sqlite_events(struct pd_store *store, const char *games,
		     const char *sport, pd_event_fn fn, void *arg,
		     struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_event_info e;
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT e.id, sp.name, e.name, "
			"e.gender, e.sport_class, e.date, e.status, "
			"coalesce(e.policy, sp.policy), e.team, (SELECT "
			"count(*) FROM results r WHERE r.event_id = e.id AND "
			"r.until IS NULL), e.rank_order FROM events e JOIN "
			"sports sp ON sp.id = e.sport_id WHERE e.games = ?1 "
			"AND (?2 IS NULL OR sp.name = ?2) ORDER BY sp.name, "
			"e.name, e.gender",
			diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	if (sport)
		sqlite3_bind_text(st, 2, sport, -1, SQLITE_STATIC);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		memset(&e, 0, sizeof(e));
		e.id = (long)sqlite3_column_int64(st, 0);
		snprintf(e.games, sizeof(e.games), "%s", games);
		e.sport = (char *)sqlite3_column_text(st, 1);
		e.name = (char *)sqlite3_column_text(st, 2);
		e.gender = (char *)sqlite3_column_text(st, 3);
		e.sport_class = (char *)sqlite3_column_text(st, 4);
		e.date = (char *)sqlite3_column_text(st, 5);
		e.status = (char *)sqlite3_column_text(st, 6);
		e.policy = (char *)sqlite3_column_text(st, 7);
		e.team = sqlite3_column_int(st, 8);
		e.order = (char *)sqlite3_column_text(st, 10);
		ret = fn(&e, (size_t)sqlite3_column_int64(st, 9), arg);
	}
	return pd_sqlite_read_end(s, st, ret, rc, "list the events", diag);
}

int pd_sqlite_event_results(struct pd_store *store, long event, long as_of,
			    pd_result_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_result_row r;
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT id, npc, name, mark, irm, "
			"records, coalesce(athlete_id, 0), coalesce(team_id, "
			"0), rank, mark_value FROM results WHERE event_id = ?1 "
			"AND since <= ?2 AND (until IS NULL OR until > ?2) "
			"ORDER BY irm <> '', rank = 0, rank, " PD_IRM_ORDER_SQL
			", id", diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, event);
	sqlite3_bind_int64(st, 2, as_of > 0 ? as_of : (long)1 << 62);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		r.id = (long)sqlite3_column_int64(st, 0);
		snprintf(r.npc, sizeof(r.npc), "%s", sqlite3_column_text(st, 1));
		r.name = (const char *)sqlite3_column_text(st, 2);
		r.mark = (const char *)sqlite3_column_text(st, 3);
		r.irm = (const char *)sqlite3_column_text(st, 4);
		r.records = (const char *)sqlite3_column_text(st, 5);
		r.athlete_id = (long)sqlite3_column_int64(st, 6);
		r.team_id = (long)sqlite3_column_int64(st, 7);
		r.rank = (long)sqlite3_column_int64(st, 8);
		r.has_value = sqlite3_column_type(st, 9) != SQLITE_NULL;
		r.value = r.has_value ? sqlite3_column_double(st, 9) : 0;
		ret = fn(&r, arg);
	}
	return pd_sqlite_read_end(s, st, ret, rc, "read the results", diag);
}

int pd_sqlite_athlete_get(struct pd_store *store, long id, char **name,
			  char *npc, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret, rc;

	*name = NULL;
	if ((ret = pd_sqlite_prepare(s, &st, "SELECT name, npc FROM athletes "
				     "WHERE id = ?1", diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		snprintf(npc, PD_CODE_MAX, "%s", sqlite3_column_text(st, 1));
		if (!(*name = pd_sqlite_dup(st, 0)))
			ret = PD_ENOMEM;
	} else if (rc == SQLITE_DONE) {
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no athlete %ld: "
				  "see 'podium athlete NAME'", id);
	} else {
		ret = pd_sqlite_fail(s, diag, "read an athlete");
	}
	sqlite3_finalize(st);
	return ret;
}

int pd_sqlite_event_order(struct pd_store *store, long id, const char *order,
			  struct pd_diag *diag)
{
	return exec_bound(pd_sqlite_of(store), "UPDATE events SET rank_order "
			  "= ?2 WHERE id = ?1", id, order, 0, diag);
}
