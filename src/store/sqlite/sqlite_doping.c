/* sqlite_doping.c -- anti-doping cases in the SQLite store (store_report.h). */
#include <stdio.h>
#include <string.h>

#include "podium/store_report.h"
#include "sqlite_int.h"

int pd_sqlite_doping_add(struct pd_store *store, const struct pd_doping_case *c,
			 long *id, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "INSERT INTO doping_cases (games, "
			"athlete_id, finding, date, outcome, sanction_id, source, "
			"cite, since) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
			"?9)", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, c->games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, c->athlete);
	sqlite3_bind_text(st, 3, c->finding, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, c->date, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, c->outcome, -1, SQLITE_STATIC);
	if (c->sanction)
		sqlite3_bind_int64(st, 6, c->sanction);
	sqlite3_bind_text(st, 7, c->source, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 8, c->cite, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 9, s->version);
	rc = sqlite3_step(st);
	if (rc == SQLITE_CONSTRAINT)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no athlete %ld "
				  "or sanction %ld in the store", c->athlete,
				  c->sanction);
	else if (rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "add the case");
	else if (id)
		*id = (long)sqlite3_last_insert_rowid(s->db);
	sqlite3_finalize(st);
	return ret;
}

int pd_sqlite_doping_cases(struct pd_store *store, const char *games,
			   pd_doping_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_doping_case c;
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT id, games, athlete_id, "
			"finding, date, outcome, coalesce(sanction_id, 0), "
			"source, cite FROM doping_cases WHERE games = ?1 ORDER "
			"BY id", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		memset(&c, 0, sizeof(c));
		c.id = (long)sqlite3_column_int64(st, 0);
		pd_sqlite_copy(c.games, sizeof(c.games), st, 1);
		c.athlete = (long)sqlite3_column_int64(st, 2);
		pd_sqlite_copy(c.finding, sizeof(c.finding), st, 3);
		pd_sqlite_copy(c.date, sizeof(c.date), st, 4);
		pd_sqlite_copy(c.outcome, sizeof(c.outcome), st, 5);
		c.sanction = (long)sqlite3_column_int64(st, 6);
		pd_sqlite_copy(c.source, sizeof(c.source), st, 7);
		pd_sqlite_copy(c.cite, sizeof(c.cite), st, 8);
		ret = fn(&c, arg);
	}
	return pd_sqlite_read_end(s, st, ret, rc, "read the cases", diag);
}
