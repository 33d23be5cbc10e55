/* sqlite_medals.c -- medals, events and sports in the SQLite store. */
#include <stdlib.h>
#include <string.h>

#include "sqlite_int.h"

struct medal_stmts {
	sqlite3_stmt *sport, *sport_id, *event, *event_id, *medal;
};

static void finalize_all(struct medal_stmts *m)
{
	sqlite3_finalize(m->sport);
	sqlite3_finalize(m->sport_id);
	sqlite3_finalize(m->event);
	sqlite3_finalize(m->event_id);
	sqlite3_finalize(m->medal);
}

static int prepare_all(struct pd_store *s, struct medal_stmts *m,
		       struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_sqlite_prepare(s, &m->sport, "INSERT OR IGNORE INTO "
			"sports (name) VALUES (?1)", diag)) < 0 ||
	    (ret = pd_sqlite_prepare(s, &m->sport_id, "SELECT id FROM sports "
			"WHERE name = ?1", diag)) < 0 ||
	    (ret = pd_sqlite_prepare(s, &m->event, "INSERT OR IGNORE INTO "
			"events (games, sport_id, name, gender) VALUES (?1, "
			"?2, ?3, ?4)", diag)) < 0 ||
	    (ret = pd_sqlite_prepare(s, &m->event_id, "SELECT id FROM events "
			"WHERE games = ?1 AND sport_id = ?2 AND name = ?3 AND "
			"gender = ?4", diag)) < 0 ||
	    (ret = pd_sqlite_prepare(s, &m->medal, "INSERT INTO medals "
			"(games, source, event_id, npc, medal, date, athlete) "
			"VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", diag)) < 0)
		return ret;
	return 0;
}

/* Run an INSERT OR IGNORE, then the SELECT that finds the row's id. */
static int get_or_make(struct pd_store *s, sqlite3_stmt *ins,
		       sqlite3_stmt *sel, sqlite3_int64 *id,
		       struct pd_diag *diag)
{
	int ret = 0;

	if (sqlite3_step(ins) != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "write an event");
	else if (sqlite3_step(sel) != SQLITE_ROW)
		ret = pd_sqlite_fail(s, diag, "find an event");
	else
		*id = sqlite3_column_int64(sel, 0);
	sqlite3_reset(ins);
	sqlite3_reset(sel);
	return ret;
}

static int event_of(struct pd_store *s, struct medal_stmts *m,
		    const char *games, const struct pd_medal_rec *r,
		    sqlite3_int64 *id, struct pd_diag *diag)
{
	sqlite3_int64 sport;
	int ret;

	sqlite3_bind_text(m->sport, 1, r->sport, -1, SQLITE_STATIC);
	sqlite3_bind_text(m->sport_id, 1, r->sport, -1, SQLITE_STATIC);
	if ((ret = get_or_make(s, m->sport, m->sport_id, &sport, diag)) < 0)
		return ret;
	sqlite3_bind_text(m->event, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(m->event, 2, sport);
	sqlite3_bind_text(m->event, 3, r->event, -1, SQLITE_STATIC);
	sqlite3_bind_text(m->event, 4, r->gender, -1, SQLITE_STATIC);
	sqlite3_bind_text(m->event_id, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(m->event_id, 2, sport);
	sqlite3_bind_text(m->event_id, 3, r->event, -1, SQLITE_STATIC);
	sqlite3_bind_text(m->event_id, 4, r->gender, -1, SQLITE_STATIC);
	return get_or_make(s, m->event, m->event_id, id, diag);
}

static int delete_source(struct pd_store *s, const char *games,
			 const char *source, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "DELETE FROM medals WHERE "
				     "games = ?1 AND source = ?2", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, source, -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "replace the medals");
	sqlite3_finalize(st);
	return ret;
}

int pd_store_medals_replace(struct pd_store *s, const char *games,
			    const char *source, const struct pd_medal_rec *v,
			    size_t n, struct pd_diag *diag)
{
	struct medal_stmts m = { NULL, NULL, NULL, NULL, NULL };
	sqlite3_int64 event;
	size_t i;
	int ret;

	if ((ret = delete_source(s, games, source, diag)) < 0 ||
	    (ret = prepare_all(s, &m, diag)) < 0)
		goto cleanup;
	sqlite3_bind_text(m.medal, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_text(m.medal, 2, source, -1, SQLITE_STATIC);
	for (i = 0; i < n; i++) {
		if ((ret = event_of(s, &m, games, &v[i], &event, diag)) < 0)
			goto cleanup;
		sqlite3_bind_int64(m.medal, 3, event);
		sqlite3_bind_text(m.medal, 4, v[i].npc, -1, SQLITE_STATIC);
		sqlite3_bind_int(m.medal, 5, (int)v[i].medal + 1);
		sqlite3_bind_text(m.medal, 6, v[i].date, -1, SQLITE_STATIC);
		sqlite3_bind_text(m.medal, 7, v[i].athlete, -1, SQLITE_STATIC);
		if (sqlite3_step(m.medal) != SQLITE_DONE) {
			ret = pd_sqlite_fail(s, diag, "write a medal");
			goto cleanup;
		}
		sqlite3_reset(m.medal);
	}
cleanup:
	finalize_all(&m);
	return ret;
}

int pd_store_tally(struct pd_store *s, const char *games, const char *sport,
		   struct pd_tally *t, size_t *nmedals, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	size_t total = 0;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT m.npc, m.medal, "
			"count(*) FROM medals m JOIN events e ON e.id = "
			"m.event_id JOIN sports sp ON sp.id = e.sport_id "
			"WHERE m.games = ?1 AND (?2 IS NULL OR sp.name = ?2) "
			"GROUP BY m.npc, m.medal ORDER BY m.npc", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	if (sport)
		sqlite3_bind_text(st, 2, sport, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && ret == 0) {
		long count = (long)sqlite3_column_int64(st, 2);

		ret = pd_tally_add(t, (const char *)sqlite3_column_text(st, 0),
				   (enum pd_medal)(sqlite3_column_int(st, 1) - 1),
				   count);
		total += (size_t)count;
	}
	if (ret == 0 && rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "read the medals");
	sqlite3_finalize(st);
	if (nmedals)
		*nmedals = total;
	return ret;
}

int pd_store_sports(struct pd_store *s, const char *games, char **out,
		    struct pd_diag *diag)
{
	struct pd_buf b;
	sqlite3_stmt *st;
	int ret, rc;

	*out = NULL;
	pd_buf_init(&b, 0);
	if ((ret = pd_sqlite_prepare(s, &st, "SELECT DISTINCT sp.name FROM "
			"medals m JOIN events e ON e.id = m.event_id JOIN "
			"sports sp ON sp.id = e.sport_id WHERE m.games = ?1 "
			"ORDER BY sp.name", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && ret == 0)
		ret = pd_buf_addf(&b, "%s\n", sqlite3_column_text(st, 0));
	if (ret == 0 && rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "list the sports");
	sqlite3_finalize(st);
	if (ret < 0) {
		pd_buf_release(&b);
		return ret;
	}
	*out = pd_buf_detach(&b, NULL);
	return *out ? 0 : PD_ENOMEM;
}
