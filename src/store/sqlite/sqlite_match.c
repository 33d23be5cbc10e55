/* sqlite_match.c -- the matches of head-to-head events in the SQLite
 * store (store_report.h): replaced by source (closed, never deleted), read. */
#include <stdio.h>
#include <string.h>

#include "podium/store_report.h"
#include "sqlite_int.h"

int pd_sqlite_matches_replace(struct pd_store *store, long event,
			      const char *source, const struct pd_matches *l,
			      struct pd_diag *diag)
{
	static const char close_sql[] = "UPDATE matches SET until = ?3 WHERE "
		"event_id = ?1 AND source = ?2 AND until IS NULL";
	static const char add_sql[] = "INSERT INTO matches (event_id, phase, "
		"pool, home, away, home_score, away_score, extra_time, "
		"home_pens, away_pens, walkover, outcome, source, cite, since) "
		"VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
		"?13, ?14, ?15)";
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	size_t i;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, close_sql, diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, event);
	sqlite3_bind_text(st, 2, source, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, s->version);
	ret = pd_sqlite_run(s, st, "replace the matches", diag);
	for (i = 0; i < l->n && ret == 0; i++) {
		const struct pd_match *m = &l->v[i];

		if ((ret = pd_sqlite_cached(s, &st, add_sql, diag)) < 0)
			break;
		sqlite3_bind_int64(st, 1, event);
		sqlite3_bind_text(st, 2, m->phase, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, m->pool, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 4, m->home, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 5, m->away, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 6, m->hs);
		sqlite3_bind_int64(st, 7, m->as);
		sqlite3_bind_int(st, 8, m->extra != 0);
		sqlite3_bind_int64(st, 9, m->hp);
		sqlite3_bind_int64(st, 10, m->ap);
		sqlite3_bind_text(st, 11, m->walkover, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 12, m->outcome, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 13, source, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 14, m->cite, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 15, s->version);
		ret = pd_sqlite_run(s, st, "write a match", diag);
	}
	return ret;
}

int pd_sqlite_matches(struct pd_store *store, long event, pd_match_fn fn,
		      void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_match m;
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT id, event_id, phase, pool, "
			"home, away, home_score, away_score, extra_time, "
			"home_pens, away_pens, walkover, outcome, source, cite "
			"FROM matches WHERE event_id = ?1 AND until IS NULL "
			"ORDER BY id", diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, event);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		memset(&m, 0, sizeof(m));
		m.id = (long)sqlite3_column_int64(st, 0);
		m.event = (long)sqlite3_column_int64(st, 1);
		pd_sqlite_copy(m.phase, sizeof(m.phase), st, 2);
		pd_sqlite_copy(m.pool, sizeof(m.pool), st, 3);
		pd_sqlite_copy(m.home, sizeof(m.home), st, 4);
		pd_sqlite_copy(m.away, sizeof(m.away), st, 5);
		m.hs = (long)sqlite3_column_int64(st, 6);
		m.as = (long)sqlite3_column_int64(st, 7);
		m.extra = sqlite3_column_int(st, 8);
		m.hp = (long)sqlite3_column_int64(st, 9);
		m.ap = (long)sqlite3_column_int64(st, 10);
		pd_sqlite_copy(m.walkover, sizeof(m.walkover), st, 11);
		pd_sqlite_copy(m.outcome, sizeof(m.outcome), st, 12);
		pd_sqlite_copy(m.source, sizeof(m.source), st, 13);
		pd_sqlite_copy(m.cite, sizeof(m.cite), st, 14);
		ret = fn(&m, arg);
	}
	return pd_sqlite_read_end(s, st, ret, rc, "read the matches", diag);
}
