/* sqlite_results.c -- events, results and the medals derived from them in
 * the SQLite store.  Medals are never stored: each read loads the results
 * valid at the asked version and lets src/core decide the medals. */
#include <stdlib.h>
#include <string.h>

#include "podium/results.h"
#include "sqlite_int.h"

static int ensure_sport(struct pd_store *s, const char *sport,
			sqlite3_int64 *id, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "INSERT INTO sports (name, "
			"policy) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE "
			"SET name = name RETURNING id", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, sport, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, pd_policy_name(pd_policy_for_sport(sport)),
			  -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_ROW)
		ret = pd_sqlite_fail(s, diag, "write a sport");
	else
		*id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return ret;
}

int pd_store_event_ensure(struct pd_store *s, const char *games,
			  const char *sport, const char *name,
			  const char *gender, const char *date, int team,
			  long *id, struct pd_diag *diag)
{
	sqlite3_int64 sport_id = 0;
	sqlite3_stmt *st = NULL;
	int ret, rc;

	if ((ret = ensure_sport(s, sport, &sport_id, diag)) < 0 ||
	    (ret = pd_sqlite_prepare(s, &st, "SELECT id FROM events WHERE "
			"games = ?1 AND sport_id = ?2 AND name = ?3 AND "
			"gender = ?4", diag)) < 0)
		goto cleanup;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, sport_id);
	sqlite3_bind_text(st, 3, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, gender, -1, SQLITE_STATIC);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*id = (long)sqlite3_column_int64(st, 0);
		goto cleanup;
	}
	if (rc != SQLITE_DONE) {
		ret = pd_sqlite_fail(s, diag, "find an event");
		goto cleanup;
	}
	sqlite3_finalize(st);
	if ((ret = pd_sqlite_prepare(s, &st, "INSERT INTO events (games, "
			"sport_id, name, gender, date, team, status) VALUES "
			"(?1, ?2, ?3, ?4, ?5, ?6, 'official') RETURNING id",
			diag)) < 0)
		goto cleanup;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, sport_id);
	sqlite3_bind_text(st, 3, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, gender, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, date ? date : "", -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 6, team);
	if (sqlite3_step(st) != SQLITE_ROW) {
		ret = pd_sqlite_fail(s, diag, "write an event");
		goto cleanup;
	}
	*id = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if ((ret = pd_sqlite_prepare(s, &st, "INSERT INTO event_status "
			"(event_id, status, since) VALUES (?1, 'official', "
			"?2)", diag)) < 0)
		goto cleanup;
	sqlite3_bind_int64(st, 1, *id);
	sqlite3_bind_int64(st, 2, s->version);
	if (sqlite3_step(st) != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "write an event's status");
cleanup:
	sqlite3_finalize(st);
	return ret;
}

static int close_source(struct pd_store *s, const char *games,
			const char *source, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "UPDATE results SET until = ?3 "
			"WHERE source = ?2 AND until IS NULL AND event_id IN "
			"(SELECT id FROM events WHERE games = ?1)", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, source, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, s->version);
	if (sqlite3_step(st) != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "replace the medals");
	sqlite3_finalize(st);
	return ret;
}

int pd_store_medals_replace(struct pd_store *s, const char *games,
			    const char *source, const struct pd_medal_rec *v,
			    size_t n, struct pd_diag *diag)
{
	sqlite3_stmt *st = NULL;
	long event;
	size_t i;
	int ret;

	if ((ret = close_source(s, games, source, diag)) < 0 ||
	    (ret = pd_sqlite_prepare(s, &st, "INSERT INTO results (event_id, "
			"npc, name, rank, date, source, since) VALUES (?1, ?2, "
			"?3, ?4, ?5, ?6, ?7)", diag)) < 0)
		goto cleanup;
	for (i = 0; i < n; i++) {
		if ((ret = pd_store_event_ensure(s, games, v[i].sport,
						 v[i].event, v[i].gender,
						 v[i].date, 0, &event,
						 diag)) < 0)
			goto cleanup;
		sqlite3_bind_int64(st, 1, event);
		sqlite3_bind_text(st, 2, v[i].npc, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, v[i].athlete, -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 4, (int)v[i].medal + 1);
		sqlite3_bind_text(st, 5, v[i].date, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 6, source, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 7, s->version);
		if (sqlite3_step(st) != SQLITE_DONE) {
			ret = pd_sqlite_fail(s, diag, "write a result");
			goto cleanup;
		}
		sqlite3_reset(st);
	}
cleanup:
	sqlite3_finalize(st);
	return ret;
}
