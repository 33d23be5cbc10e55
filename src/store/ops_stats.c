/* ops_stats.c -- the store half of stats.h: the counts of who took part,
 * a Games' events, records, sanctions and team members, each a statement
 * of sql.c's (store.c makes the statistics of them; medal figures come
 * from the medals derived, never from ranks in SQL), and the athletes. */
#include <stdio.h>
#include <string.h>

#include "ops.h"
#include "query.h"
#include "sql.h"

struct walk {
	void *fn;
	void *arg;
};

static int figure_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	const char *col[PD_FIGURE_COLS];
	int i, n = pd_q_columns(q);

	for (i = 0; i < n && i < PD_FIGURE_COLS; i++)
		col[i] = pd_q_col(q, i);
	return ((pd_row_fn)w->fn)(col, w->arg);
}

int pd_db_figures(struct pd_store *s, const char *games, enum pd_figure figure,
		  pd_row_fn fn, void *arg, struct pd_diag *diag)
{
	struct walk w = { (void *)fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, pd_sql_figures[figure], "count a Games' figures");
	pd_q_text(&q, games);
	return pd_q_each(&q, figure_row, &w, diag);
}

static int athlete_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_athlete a;

	memset(&a, 0, sizeof(a));
	a.ext = pd_q_col(q, 1);
	a.name = pd_q_col(q, 2);
	a.gender = pd_q_col(q, 3);
	pd_q_copy(a.npc, sizeof(a.npc), q, 4);
	a.sport_class = pd_q_col(q, 5);
	a.guide = pd_q_col(q, 6);
	return ((pd_athlete_fn)w->fn)(pd_q_long(q, 0), &a, w->arg);
}

int pd_db_athletes(struct pd_store *s, const char *games, pd_athlete_fn fn,
		   void *arg, struct pd_diag *diag)
{
	struct walk w = { (void *)fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, pd_sql_stats_athletes_all, "read the athletes");
	pd_q_text(&q, games);
	return pd_q_each(&q, athlete_row, &w, diag);
}

/* an athlete's career across Games (stats.h) */
int pd_db_athlete_kin(struct pd_store *s, long id, pd_athlete_fn fn,
		      void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT a.id, a.ext, a.name, a.gender, "
		"a.npc, a.sport_class, a.guide FROM athletes me JOIN athletes "
		"a ON a.npc = me.npc WHERE me.id = $1 "
		"ORDER BY a.id";
	struct walk w = { (void *)fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read an athlete's namesakes");
	pd_q_int(&q, id);
	return pd_q_each(&q, athlete_row, &w, diag);
}

static int games_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;

	return ((pd_games_code_fn)w->fn)(pd_q_str(q, 0), w->arg);
}

/* a result of the athlete's own, a team's result with the athlete among
 * its members, or an entry on a start list: results replaced or removed
 * (until set) are no longer taking part */
int pd_db_athlete_games(struct pd_store *s, long id, pd_games_code_fn fn,
			void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT e.games FROM results r JOIN events "
		"e ON e.id = r.event_id WHERE r.athlete_id = $1 AND r.until IS "
		"NULL UNION SELECT e.games FROM team_members tm JOIN results r "
		"ON r.team_id = tm.team_id AND r.until IS NULL JOIN events e ON "
		"e.id = r.event_id WHERE tm.athlete_id = $1 UNION SELECT "
		"e.games FROM entries en JOIN events e ON e.id = en.event_id "
		"WHERE en.athlete_id = $1 ORDER BY 1";
	struct walk w = { (void *)fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read the Games of an athlete");
	pd_q_int(&q, id);
	return pd_q_each(&q, games_row, &w, diag);
}
