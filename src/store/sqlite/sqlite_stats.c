/* sqlite_stats.c -- the SQL behind the store half of stats.h: the
 * counts of who took part, a Games' events, records, sanctions and team
 * members (store.c makes the statistics of them; medal figures come from
 * the medals derived, never from ranks in SQL), and the athletes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../backend.h"
#include "podium/stats.h"
#include "sqlite_int.h"

/* The results of ?1 valid now, and the athletes behind them (alone or as
 * team members): the base of every participation figure. */
#define LIVE_RESULTS "SELECT r.* FROM results r JOIN events e ON e.id = " \
	"r.event_id WHERE e.games = ?1 AND r.until IS NULL"
#define GAMES_ATHLETES "SELECT athlete_id AS id FROM (" LIVE_RESULTS ") " \
	"WHERE athlete_id IS NOT NULL UNION SELECT tm.athlete_id FROM (" \
	LIVE_RESULTS ") lr JOIN team_members tm ON tm.team_id = lr.team_id"

typedef int (*row_fn)(sqlite3_stmt *st, void *arg);

/* Run sql with ?1 = games (NULL allowed) and call fn on each row. */
static int each_row(struct pd_sqlite *s, const char *sql, const char *games,
		    row_fn fn, void *arg, const char *what,
		    struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, sql, diag)) < 0)
		return ret;
	if (games)
		sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if ((ret = fn(st, arg)) != 0)
			break;
	if (ret == 0 && rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, what);
	sqlite3_finalize(st);
	return ret;
}

/* A result beyond a medal placing -- a rank past 3, no rank, an IRM --
 * means the store holds who took part, not only who won.  Linked
 * athletes alone do not: the Paris 2024 importer links every medallist
 * to the athlete registry but brings no other result. */
static const char results_sql[] =
	"SELECT count(*), coalesce(sum(rank NOT BETWEEN 1 AND 3 OR irm <> ''), "
	"0) FROM (" LIVE_RESULTS ")";
static const char athletes_sql[] =
	"WITH ga AS (" GAMES_ATHLETES "), ath AS (SELECT a.* FROM ga JOIN "
	"athletes a ON a.id = ga.id) SELECT (SELECT count(*) FROM ath), "
	"(SELECT count(*) FROM ath WHERE gender IN ('W', 'F')), (SELECT "
	"count(*) FROM ath WHERE gender = 'M'), (SELECT count(*) FROM (SELECT "
	"npc FROM (" LIVE_RESULTS ") UNION SELECT npc FROM ath))";
static const char sports_sql[] =
	"SELECT sp.name, count(*) FROM events e JOIN sports sp ON sp.id = "
	"e.sport_id WHERE e.games = ?1 GROUP BY sp.name ORDER BY sp.name";
static const char records_sql[] =
	"SELECT records FROM (" LIVE_RESULTS ") WHERE records <> ''";
static const char sanctions_sql[] =
	"SELECT mode, count(*) FROM sanctions WHERE games = ?1 AND until IS "
	"NULL GROUP BY mode ORDER BY mode";

static const char members_sql[] =
	"SELECT tm.team_id, a.id, a.name, a.npc FROM team_members tm JOIN "
	"teams t ON t.id = tm.team_id JOIN events e ON e.id = t.event_id "
	"JOIN athletes a ON a.id = tm.athlete_id WHERE e.games = ?1 "
	"ORDER BY tm.team_id, a.name, a.id";

static const char *const figures_sql[PD_FIGURES] = {
	[PD_FIGURE_RESULTS] = results_sql,
	[PD_FIGURE_ATHLETES] = athletes_sql,
	[PD_FIGURE_SPORTS] = sports_sql,
	[PD_FIGURE_RECORDS] = records_sql,
	[PD_FIGURE_SANCTIONS] = sanctions_sql,
	[PD_FIGURE_MEMBERS] = members_sql,
};

struct figure_walk {
	pd_row_fn fn;
	void *arg;
};

static int figure_row(sqlite3_stmt *st, void *arg)
{
	struct figure_walk *w = arg;
	const char *col[8];
	int i, n = sqlite3_column_count(st);

	for (i = 0; i < n && i < 8; i++)
		col[i] = (const char *)sqlite3_column_text(st, i);
	return w->fn(col, w->arg);
}

int pd_sqlite_figures(struct pd_store *store, const char *games,
		      enum pd_figure figure, pd_row_fn fn, void *arg,
		      struct pd_diag *diag)
{
	struct figure_walk w = { fn, arg };

	return each_row(pd_sqlite_of(store), figures_sql[figure], games,
			figure_row, &w, "count a Games' figures", diag);
}

struct athlete_walk {
	pd_athlete_fn fn;
	void *arg;
};

static const char *text_or_null(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

static int read_athlete(sqlite3_stmt *st, void *arg)
{
	struct athlete_walk *w = arg;
	struct pd_athlete a;

	memset(&a, 0, sizeof(a));
	a.ext = text_or_null(st, 1);
	a.name = text_or_null(st, 2);
	a.gender = text_or_null(st, 3);
	snprintf(a.npc, sizeof(a.npc), "%s", sqlite3_column_text(st, 4));
	a.sport_class = text_or_null(st, 5);
	a.guide = text_or_null(st, 6);
	return w->fn((long)sqlite3_column_int64(st, 0), &a, w->arg);
}

static const char athletes_all_sql[] =
	"SELECT id, ext, name, gender, npc, sport_class, guide FROM athletes "
	"WHERE ?1 IS NULL OR id IN (" GAMES_ATHLETES ") ORDER BY name, id";

int pd_sqlite_athletes(struct pd_store *store, const char *games,
		       pd_athlete_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct athlete_walk w = { fn, arg };

	return each_row(s, athletes_all_sql, games, read_athlete, &w,
			"read the athletes", diag);
}
