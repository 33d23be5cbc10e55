/* sqlite_stats.c -- the SQL behind the store half of stats.h: the
 * counts of who took part, a Games' events, records, sanctions and team
 * members (store.c makes the statistics of them; medal figures come from
 * the medals derived, never from ranks in SQL), and the athletes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../backend.h"
#include "podium/stats.h"
#include "../sql.h"
#include "sqlite_int.h"

struct figure_walk {
	pd_row_fn fn;
	void *arg;
};

static int figure_row(sqlite3_stmt *st, void *arg)
{
	struct figure_walk *w = arg;
	const char *col[PD_FIGURE_COLS];
	int i, n = sqlite3_column_count(st);

	for (i = 0; i < n && i < PD_FIGURE_COLS; i++)
		col[i] = (const char *)sqlite3_column_text(st, i);
	return w->fn(col, w->arg);
}

int pd_sqlite_figures(struct pd_store *store, const char *games,
		      enum pd_figure figure, pd_row_fn fn, void *arg,
		      struct pd_diag *diag)
{
	struct figure_walk w = { fn, arg };

	return pd_sqlite_each_row(pd_sqlite_of(store), pd_sql_figures[figure],
				  games, figure_row, &w,
				  "count a Games' figures", diag);
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

int pd_sqlite_athletes(struct pd_store *store, const char *games,
		       pd_athlete_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct athlete_walk w = { fn, arg };

	return pd_sqlite_each_row(s, pd_sql_stats_athletes_all, games,
				  read_athlete, &w, "read the athletes", diag);
}
