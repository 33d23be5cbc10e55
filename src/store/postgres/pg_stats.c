/* pg_stats.c -- the SQL behind the store half of stats.h in the
 * PostgreSQL store: the SQLite backend's figures (sqlite_stats.c), with
 * the aliases and casts PostgreSQL asks for, and the athletes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/stats.h"
#include "../sql.h"
#include "pg_int.h"

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

struct figure_walk {
	pd_row_fn fn;
	void *arg;
};

static int figure_row(const PGresult *res, int r, void *arg)
{
	struct figure_walk *w = arg;
	const char *col[PD_FIGURE_COLS];
	int i, n = PQnfields(res);

	for (i = 0; i < n && i < PD_FIGURE_COLS; i++)
		col[i] = PQgetisnull(res, r, i) ? NULL : PQgetvalue(res, r, i);
	return w->fn(col, w->arg);
}

int pg_figures(struct pd_store *s, const char *games, enum pd_figure figure,
	       pd_row_fn fn, void *arg, struct pd_diag *diag)
{
	struct figure_walk w = { fn, arg };

	return each_row(PG(s), pd_sql_figures[figure], games, figure_row, &w,
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

int pg_athletes(struct pd_store *s, const char *games, pd_athlete_fn fn,
		void *arg, struct pd_diag *diag)
{
	struct athlete_walk w = { fn, arg };

	return each_row(PG(s), pd_sql_stats_athletes_all, games, read_athlete,
			&w, "read the athletes", diag);
}
