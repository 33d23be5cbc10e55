/* pg_stats.c -- the SQL behind the store half of stats.h in the
 * PostgreSQL store: the SQLite backend's figures (sqlite_stats.c), with
 * the aliases and casts PostgreSQL asks for, and the athletes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/stats.h"
#include "pg_int.h"

/* The results of $1 valid now, and the athletes behind them (alone or as
 * team members): the base of every participation figure. */
#define LIVE_RESULTS "SELECT r.* FROM results r JOIN events e ON e.id = " \
	"r.event_id WHERE e.games = $1 AND r.until IS NULL"
#define GAMES_ATHLETES "SELECT athlete_id AS id FROM (" LIVE_RESULTS ") l0 " \
	"WHERE athlete_id IS NOT NULL UNION SELECT tm.athlete_id FROM (" \
	LIVE_RESULTS ") lr JOIN team_members tm ON tm.team_id = lr.team_id"

/* Run sql with $1 = games (NULL allowed) and call fn on each row. */
static int each_row(struct pd_pg *pg, const char *sql, const char *games,
		    pd_pg_row_fn fn, void *arg, const char *what,
		    struct pd_diag *diag)
{
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	return pd_pg_each(pg, sql, &p, fn, arg, what, diag);
}

/* See the SQLite backend for what each figure means. */
static const char results_sql[] =
	"SELECT count(*), coalesce(sum((rank NOT BETWEEN 1 AND 3 OR irm <> "
	"'')::int), 0) FROM (" LIVE_RESULTS ") l";
static const char athletes_sql[] =
	"WITH ga AS (" GAMES_ATHLETES "), ath AS (SELECT a.* FROM ga JOIN "
	"athletes a ON a.id = ga.id) SELECT (SELECT count(*) FROM ath), "
	"(SELECT count(*) FROM ath WHERE gender IN ('W', 'F')), (SELECT "
	"count(*) FROM ath WHERE gender = 'M'), (SELECT count(*) FROM (SELECT "
	"npc FROM (" LIVE_RESULTS ") l1 UNION SELECT npc FROM ath) u)";
static const char sports_sql[] =
	"SELECT sp.name, count(*) FROM events e JOIN sports sp ON sp.id = "
	"e.sport_id WHERE e.games = $1 GROUP BY sp.name ORDER BY sp.name";
static const char records_sql[] =
	"SELECT records FROM (" LIVE_RESULTS ") l WHERE records <> ''";
static const char sanctions_sql[] =
	"SELECT mode, count(*) FROM sanctions WHERE games = $1 AND until IS "
	"NULL GROUP BY mode ORDER BY mode";

static const char members_sql[] =
	"SELECT tm.team_id, a.id, a.name, a.npc FROM team_members tm JOIN "
	"teams t ON t.id = tm.team_id JOIN events e ON e.id = t.event_id "
	"JOIN athletes a ON a.id = tm.athlete_id WHERE e.games = $1 "
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

static int figure_row(const PGresult *res, int r, void *arg)
{
	struct figure_walk *w = arg;
	const char *col[8];
	int i, n = PQnfields(res);

	for (i = 0; i < n && i < 8; i++)
		col[i] = PQgetisnull(res, r, i) ? NULL : PQgetvalue(res, r, i);
	return w->fn(col, w->arg);
}

int pg_figures(struct pd_store *s, const char *games, enum pd_figure figure,
	       pd_row_fn fn, void *arg, struct pd_diag *diag)
{
	struct figure_walk w = { fn, arg };

	return each_row(PG(s), figures_sql[figure], games, figure_row, &w,
			"count a Games' figures", diag);
}

struct athlete_walk {
	pd_athlete_fn fn;
	void *arg;
};

static int read_athlete(const PGresult *res, int r, void *arg)
{
	struct athlete_walk *w = arg;
	struct pd_athlete a;

	memset(&a, 0, sizeof(a));
	a.ext = pd_pg_text_or_null(res, r, 1);
	a.name = pd_pg_text_or_null(res, r, 2);
	a.gender = pd_pg_text_or_null(res, r, 3);
	snprintf(a.npc, sizeof(a.npc), "%s", PQgetvalue(res, r, 4));
	a.sport_class = pd_pg_text_or_null(res, r, 5);
	a.guide = pd_pg_text_or_null(res, r, 6);
	return w->fn(pd_pg_getlong(res, r, 0), &a, w->arg);
}

static const char athletes_all_sql[] =
	"SELECT id, ext, name, gender, npc, sport_class, guide FROM athletes "
	"WHERE $1::text IS NULL OR id IN (" GAMES_ATHLETES ") ORDER BY name, "
	"id";

int pg_athletes(struct pd_store *s, const char *games, pd_athlete_fn fn,
		void *arg, struct pd_diag *diag)
{
	struct athlete_walk w = { fn, arg };

	return each_row(PG(s), athletes_all_sql, games, read_athlete, &w,
			"read the athletes", diag);
}
