/* ops_unit_teams.c -- the rosters of a Games' teams as 'podium import
 * units' kept them (store_units.h), read once above the drivers, for the
 * ODF DT_PARTIC_TEAMS and DT_PARTIC messages. */
#include <string.h>

#include "podium/store_units.h"
#include "query.h"

struct walk {
	pd_unit_team_fn fn;
	void *arg;
};

static int team_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_unit_team_rec t;

	memset(&t, 0, sizeof(t));
	t.code = pd_q_str(q, 0);
	t.name = pd_q_str(q, 1);
	pd_q_copy(t.npc, sizeof(t.npc), q, 2);
	t.discipline = pd_q_str(q, 3);
	t.members = pd_q_str(q, 4);
	return w->fn(&t, w->arg);
}

int pd_store_unit_teams(struct pd_store *s, const char *games,
			pd_unit_team_fn fn, void *arg, struct pd_diag *diag)
{
	static const char sql[] =
		"SELECT code, name, npc, discipline, members FROM unit_teams "
		"WHERE games = $1 ORDER BY code";
	struct walk w = { fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read the teams");
	pd_q_text(&q, games);
	return pd_q_each(&q, team_row, &w, diag);
}
