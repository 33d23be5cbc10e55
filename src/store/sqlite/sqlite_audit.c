/* sqlite_audit.c -- the audit log and sanctions in the SQLite store. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/audit.h"
#include "sqlite_int.h"

/* Call fn for each row of st, an audit entry's columns (id, games, version,
 * at, actor, command, reason, changes) as pd_sqlite_log and
 * pd_sqlite_games_removed select them; st finalized. */
static int each_entry(struct pd_sqlite *s, sqlite3_stmt *st, pd_audit_fn fn,
		      void *arg, const char *what, struct pd_diag *diag)
{
	struct pd_audit_entry e;
	int ret = 0, rc;

	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		e.id = (long)sqlite3_column_int64(st, 0);
		snprintf(e.games, sizeof(e.games), "%s", pd_sqlite_text(st, 1));
		e.version = (long)sqlite3_column_int64(st, 2);
		e.at = (char *)pd_sqlite_text(st, 3);
		e.actor = (char *)pd_sqlite_text(st, 4);
		e.command = (char *)pd_sqlite_text(st, 5);
		e.reason = (char *)pd_sqlite_text(st, 6);
		e.changes = (char *)pd_sqlite_text(st, 7);
		ret = fn(&e, arg);
	}
	return pd_sqlite_read_end(s, st, ret, rc, what, diag);
}

int pd_sqlite_log(struct pd_store *store, const char *games, long since,
		  pd_audit_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT id, games, version, at, "
			"actor, command, reason, changes FROM audit WHERE (?1 IS NULL "
			"OR games = ?1) AND version > ?2 ORDER BY id", diag)) < 0)
		return ret;
	if (games)
		sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, since);
	return each_entry(s, st, fn, arg, "read the audit log", diag);
}

int pd_sqlite_version_at(struct pd_store *store, const char *games,
			 const char *when, long *version, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	/* a bare date means the end of that day */
	if ((ret = pd_sqlite_prepare(s, &st, "SELECT coalesce(max(version), "
			"0) FROM audit WHERE games = ?1 AND at <= CASE WHEN "
			"length(?2) = 10 THEN ?2 || 'T23:59:59Z' ELSE ?2 END",
			diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, when, -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_ROW)
		ret = pd_sqlite_fail(s, diag, "read the audit log");
	else
		*version = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return ret;
}

/* The event belongs to games and the athlete has a current result in it,
 * alone or as a team member. */
static int check_event(struct pd_sqlite *s, const char *games, long athlete,
		       long event, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT e.games = ?1, EXISTS "
			"(SELECT 1 FROM results r WHERE r.event_id = e.id AND "
			"r.until IS NULL AND (r.athlete_id = ?3 OR r.team_id IN "
			"(SELECT team_id FROM team_members WHERE athlete_id = "
			"?3))) FROM events e WHERE e.id = ?2", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, event);
	sqlite3_bind_int64(st, 3, athlete);
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no event %ld",
				  event);
	else if (rc != SQLITE_ROW)
		ret = pd_sqlite_fail(s, diag, "read an event");
	else if (!sqlite3_column_int(st, 0))
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "event %ld is not "
				  "part of %s", event, games);
	else if (!sqlite3_column_int(st, 1))
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "athlete %ld has "
				  "no result in event %ld", athlete, event);
	sqlite3_finalize(st);
	return ret;
}

static int insert_events(struct pd_sqlite *s, long id, const long *events,
			 size_t n, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	size_t i;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "INSERT OR IGNORE INTO "
			"sanction_events (sanction_id, event_id) VALUES (?1, "
			"?2)", diag)) < 0)
		return ret;
	for (i = 0; i < n && ret == 0; i++) {
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_int64(st, 2, events[i]);
		if (sqlite3_step(st) != SQLITE_DONE)
			ret = pd_sqlite_fail(s, diag, "write a sanction");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return ret;
}

int pd_sqlite_sanction_add(struct pd_store *store, const char *games,
			   long athlete, enum pd_sanction_mode mode,
			   const char *reason, const long *events, size_t n,
			   long *id, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	size_t i;
	int ret = 0;

	for (i = 0; i < n && ret == 0; i++)
		ret = check_event(s, games, athlete, events[i], diag);
	if (ret < 0 || (ret = pd_sqlite_prepare(s, &st, "INSERT INTO "
			"sanctions (games, athlete_id, mode, reason, since) "
			"VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, athlete);
	sqlite3_bind_text(st, 3, mode == PD_SANCTION_VACATE ? "vacate" :
			  "reallocate", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, reason, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, s->base.version);
	if (sqlite3_step(st) != SQLITE_ROW)
		ret = pd_sqlite_fail(s, diag, "write a sanction");
	else
		*id = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return ret < 0 ? ret : insert_events(s, *id, events, n, diag);
}

int pd_sqlite_sanction_lift(struct pd_store *store, const char *games, long id,
			    struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "UPDATE sanctions SET until = ?3 "
			"WHERE id = ?1 AND games = ?2 AND until IS NULL", diag))
	    < 0)
		return ret;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_text(st, 2, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, s->base.version);
	if ((ret = pd_sqlite_write_end(s, st, "lift a sanction", diag)) == 0 &&
	    sqlite3_changes(s->db) == 0)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no sanction %ld "
				  "in force in %s: see 'podium sanction list'",
				  id, games);
	return ret;
}

static const char sanctions_sql[] =
	"SELECT sa.id, sa.athlete_id, "
	"a.name, a.npc, sa.mode, sa.reason, (SELECT "
	"group_concat(event_id, ',') FROM (SELECT event_id "
	"FROM sanction_events WHERE sanction_id = sa.id ORDER "
	"BY event_id)), sa.since, coalesce(sa.until, 0) FROM "
	"sanctions sa JOIN athletes a ON a.id = sa.athlete_id "
	"WHERE sa.games = ?1 ORDER BY sa.id";

int pd_sqlite_sanctions(struct pd_store *store, const char *games,
			pd_sanction_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_sanction_info si;
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_cached(s, &st, sanctions_sql, diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		si.id = (long)sqlite3_column_int64(st, 0);
		si.athlete = (long)sqlite3_column_int64(st, 1);
		si.athlete_name = (char *)pd_sqlite_text(st, 2);
		snprintf(si.npc, sizeof(si.npc), "%s", pd_sqlite_text(st, 3));
		si.mode = (char *)pd_sqlite_text(st, 4);
		si.reason = (char *)pd_sqlite_text(st, 5);
		si.events = (char *)pd_sqlite_text(st, 6);
		si.since = (long)sqlite3_column_int64(st, 7);
		si.until = (long)sqlite3_column_int64(st, 8);
		ret = fn(&si, arg);
	}
	return pd_sqlite_cached_end(s, st, ret, rc, "read the sanctions", diag);
}

int pd_sqlite_sanction_games(struct pd_store *store, long id, char *games,
			     size_t size, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT games FROM sanctions "
				     "WHERE id = ?1", diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		snprintf(games, size, "%s", pd_sqlite_text(st, 0));
	else if (rc == SQLITE_DONE)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no sanction "
				  "%ld: see 'podium sanction list'", id);
	else
		ret = pd_sqlite_fail(s, diag, "read a sanction");
	sqlite3_finalize(st);
	return ret;
}

static const char change_note_sql[] =
	"UPDATE audit SET changes = ?3 "
	"WHERE games = ?1 AND version = ?2";

int pd_sqlite_change_note(struct pd_store *store, const char *games,
			  long version, const char *changes,
			  struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, change_note_sql, diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, version);
	sqlite3_bind_text(st, 3, changes, -1, SQLITE_STATIC);
	return pd_sqlite_run(s, st, "write the audit log", diag);
}

int pd_sqlite_games_removed(struct pd_store *store, pd_audit_fn fn, void *arg,
			    struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	/* a removed Games keeps no list of changes */
	if ((ret = pd_sqlite_prepare(s, &st, "SELECT rowid, code, version, at, "
			"actor, command, reason, '' FROM games_removed ORDER BY "
			"rowid", diag)) < 0)
		return ret;
	return each_entry(s, st, fn, arg, "read the removed Games", diag);
}
