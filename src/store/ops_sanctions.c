/* ops_sanctions.c -- sanctions in the store: an athlete's results in some
 * events of a Games vacated or reallocated from a version on, until one
 * that lifts it (audit.h). */
#include <stdio.h>
#include <string.h>

#include "ops.h"
#include "query.h"

/* The event belongs to games and the athlete has a current result in it,
 * alone or as a team member. */
static int check_event(struct pd_store *s, const char *games, long athlete,
		       long event, struct pd_diag *diag)
{
	static const char sql[] = "SELECT e.games = $1, EXISTS (SELECT 1 "
		"FROM results r WHERE r.event_id = e.id AND r.until IS NULL "
		"AND (r.athlete_id = $3 OR r.team_id IN (SELECT team_id FROM "
		"team_members WHERE athlete_id = $3))) FROM events e "
		"WHERE e.id = $2";
	struct pd_q q;
	int ret;

	pd_q_start(&q, s, sql, "read an event");
	pd_q_text(&q, games);
	pd_q_int(&q, event);
	pd_q_int(&q, athlete);
	if ((ret = pd_q_step(&q, diag)) == 0)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no event %ld",
				  event);
	else if (ret == 1 && !pd_q_long(&q, 0))
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "event %ld is not "
				  "part of %s", event, games);
	else if (ret == 1 && !pd_q_long(&q, 1))
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "athlete %ld has "
				  "no result in event %ld", athlete, event);
	pd_q_end(&q);
	return ret < 0 ? ret : 0;
}

int pd_db_sanction_add(struct pd_store *s, const char *games, long athlete,
		       enum pd_sanction_mode mode, const char *reason,
		       const long *events, size_t n, long *id,
		       struct pd_diag *diag)
{
	static const struct pd_sql add = {
		"INSERT INTO sanctions (games, athlete_id, mode, reason, "
		"since) VALUES ($1, $2, $3, $4, $5)",
		"INSERT INTO sanctions (games, athlete_id, mode, reason, "
		"since) VALUES ($1, $2, $3, $4, $5) RETURNING id",
	};
	static const char event_sql[] = "INSERT INTO sanction_events "
		"(sanction_id, event_id) VALUES ($1, $2) ON CONFLICT DO "
		"NOTHING";
	struct pd_q q;
	size_t i;
	int ret = 0;

	for (i = 0; i < n && ret == 0; i++)
		ret = check_event(s, games, athlete, events[i], diag);
	if (ret < 0)
		return ret;
	pd_q_start_sql(&q, s, &add, "write a sanction");
	pd_q_text(&q, games);
	pd_q_int(&q, athlete);
	pd_q_text(&q, mode == PD_SANCTION_VACATE ? "vacate" : "reallocate");
	pd_q_text(&q, reason);
	pd_q_int(&q, s->version);
	if ((ret = pd_q_insert(&q, id, diag)) < 0)
		return ret;
	for (i = 0; i < n && ret == 0; i++) {
		pd_q_start(&q, s, event_sql, "write a sanction");
		pd_q_int(&q, *id);
		pd_q_int(&q, events[i]);
		ret = pd_q_run(&q, NULL, diag);
	}
	return ret;
}

int pd_db_sanction_lift(struct pd_store *s, const char *games, long id,
			struct pd_diag *diag)
{
	static const char sql[] = "UPDATE sanctions SET until = $3 WHERE "
		"id = $1 AND games = $2 AND until IS NULL";
	struct pd_q q;

	pd_q_start(&q, s, sql, "lift a sanction");
	pd_q_int(&q, id);
	pd_q_text(&q, games);
	pd_q_int(&q, s->version);
	return pd_q_change(&q, diag, "no sanction %ld in force in %s: see "
			   "'podium sanction list'", id, games);
}

struct sanction_walk {
	pd_sanction_fn fn;
	void *arg;
};

static int sanction_row(const struct pd_q *q, void *arg)
{
	struct sanction_walk *w = arg;
	struct pd_sanction_info si;

	si.id = pd_q_long(q, 0);
	si.athlete = pd_q_long(q, 1);
	si.athlete_name = (char *)pd_q_str(q, 2);
	pd_q_copy(si.npc, sizeof(si.npc), q, 3);
	si.mode = (char *)pd_q_str(q, 4);
	si.reason = (char *)pd_q_str(q, 5);
	si.events = (char *)pd_q_str(q, 6);
	si.since = pd_q_long(q, 7);
	si.until = pd_q_long(q, 8);
	return w->fn(&si, w->arg);
}

int pd_db_sanctions(struct pd_store *s, const char *games, pd_sanction_fn fn,
		    void *arg, struct pd_diag *diag)
{
	/* the events of each, by id, joined by ',' */
#define SANCTIONS(events) "SELECT sa.id, sa.athlete_id, a.name, a.npc, " \
		"sa.mode, sa.reason, (" events "), sa.since, " \
		"coalesce(sa.until, 0) FROM sanctions sa JOIN athletes a ON " \
		"a.id = sa.athlete_id WHERE sa.games = $1 ORDER BY sa.id"
	static const struct pd_sql sql = {
		SANCTIONS("SELECT group_concat(event_id, ',') FROM (SELECT "
			  "event_id FROM sanction_events WHERE sanction_id = "
			  "sa.id ORDER BY event_id)"),
		SANCTIONS("SELECT string_agg(event_id::text, ',' ORDER BY "
			  "event_id) FROM sanction_events WHERE sanction_id = "
			  "sa.id"),
	};
#undef SANCTIONS
	struct sanction_walk w = { fn, arg };
	struct pd_q q;

	pd_q_start_sql(&q, s, &sql, "read the sanctions");
	pd_q_text(&q, games);
	return pd_q_each(&q, sanction_row, &w, diag);
}

int pd_db_sanction_games(struct pd_store *s, long id, char *games,
			 size_t size, struct pd_diag *diag)
{
	static const char sql[] = "SELECT games FROM sanctions WHERE id = $1";
	struct pd_q q;
	int ret;

	pd_q_start(&q, s, sql, "read a sanction");
	pd_q_int(&q, id);
	if ((ret = pd_q_step(&q, diag)) == 1)
		pd_q_copy(games, size, &q, 0);
	else if (ret == 0)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no sanction "
				  "%ld: see 'podium sanction list'", id);
	pd_q_end(&q);
	return ret < 0 ? ret : 0;
}
