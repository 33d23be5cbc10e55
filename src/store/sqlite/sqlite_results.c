/* sqlite_results.c -- events, results and the medals derived from them in
 * the SQLite store.  Medals are never stored: each read loads the results
 * valid at the asked version and lets src/core decide the medals. */
#include <stdlib.h>
#include <string.h>

#include "podium/results.h"
#include "../ops.h"
#include "../sql.h"
#include "sqlite_int.h"

/* Step a cached statement, take column 0 of its row if it has one, and
 * reset it for the next use.  1 with a row, 0 without, or an error. */
static int step_cached(struct pd_sqlite *s, sqlite3_stmt *st,
		       sqlite3_int64 *out, const char *what,
		       struct pd_diag *diag)
{
	int rc = sqlite3_step(st), ret;

	if (rc == SQLITE_ROW) {
		if (out)
			*out = sqlite3_column_int64(st, 0);
		ret = 1;
	} else {
		ret = rc == SQLITE_DONE ? 0 : pd_sqlite_fail(s, diag, what);
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return ret;
}

static int close_source(struct pd_sqlite *s, const char *games,
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
	sqlite3_bind_int64(st, 3, s->base.version);
	if (sqlite3_step(st) != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "replace the medals");
	sqlite3_finalize(st);
	return ret;
}

/* Whether two medals name the same event (rows of one event come
 * together in every medals file seen, so one comparison saves most
 * look-ups). */
static int same_event(const struct pd_medal_rec *a,
		      const struct pd_medal_rec *b)
{
	return !strcmp(a->sport, b->sport) && !strcmp(a->event, b->event) &&
	       !strcmp(a->gender, b->gender);
}

int pd_sqlite_medals_replace(struct pd_store *store, const char *games,
			     const char *source, const struct pd_medal_rec *v,
			     size_t n, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	long event = 0;
	size_t i;
	int ret;

	if ((ret = close_source(s, games, source, diag)) < 0)
		return ret;
	for (i = 0; i < n; i++) {
		if ((i == 0 || !same_event(&v[i - 1], &v[i])) &&
		    (ret = pd_db_event_ensure(store, games, v[i].sport,
						  v[i].event, v[i].gender,
						  v[i].date, 0, &event,
						  diag)) < 0)
			return ret;
		if ((ret = pd_sqlite_cached(s, &st, pd_sql_results_add_medal,
					    diag)) < 0)
			return ret;
		sqlite3_bind_int64(st, 1, event);
		sqlite3_bind_text(st, 2, v[i].npc, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, v[i].athlete, -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 4, (int)v[i].medal + 1);
		sqlite3_bind_text(st, 5, v[i].date, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 6, source, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 7, s->base.version);
		if ((ret = step_cached(s, st, NULL, "write a result",
				       diag)) < 0)
			return ret;
	}
	return 0;
}
