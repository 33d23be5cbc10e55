/* ops_events.c -- a Games' sports and events in the store (event.h): an
 * event found or made by its name, read, listed, its status (with its
 * history), policy, class, team flag and rank order set. */
#include <stdio.h>
#include <string.h>

#include "podium/results.h"
#include "ops.h"
#include "query.h"

/* The sport's id, made with its federation's policy when new.  An
 * INSERT's RETURNING runs through a temporary table in SQLite, row after
 * row (pd_q_insert), so it looks first; PostgreSQL's upsert also takes
 * the sport another connection has just made. */
static int ensure_sport(struct pd_store *s, const char *sport, long *id,
			struct pd_diag *diag)
{
	static const char find[] = "SELECT id FROM sports WHERE name = $1";
	static const struct pd_sql add = {
		"INSERT INTO sports (name, policy) VALUES ($1, $2)",
		"INSERT INTO sports (name, policy) VALUES ($1, $2) ON CONFLICT "
		"(name) DO UPDATE SET name = EXCLUDED.name RETURNING id",
	};
	struct pd_q q;
	int ret;

	pd_q_start(&q, s, find, "find a sport");
	pd_q_text(&q, sport);
	if ((ret = pd_q_one_long(&q, id, diag)) != 0)
		return ret < 0 ? ret : 0;
	pd_q_start_sql(&q, s, &add, "write a sport");
	pd_q_text(&q, sport);
	pd_q_text(&q, pd_policy_name(pd_policy_for_sport(sport)));
	return pd_q_insert(&q, id, diag);
}

static void event_key(struct pd_q *q, const char *games, long sport,
		      const char *name, const char *gender)
{
	pd_q_text(q, games);
	pd_q_int(q, sport);
	pd_q_text(q, name);
	pd_q_text(q, gender);
}

int pd_db_event_ensure(struct pd_store *s, const char *games,
		       const char *sport, const char *name, const char *gender,
		       const char *date, int team, long *id,
		       struct pd_diag *diag)
{
	static const struct pd_sql add = PD_SQL_RETURNING_ID(
		"INSERT INTO events (games, sport_id, name, gender, date, team, "
		"status) VALUES ($1, $2, $3, $4, $5, $6, 'official')");
	static const char find[] = "SELECT id FROM events WHERE games = $1 "
		"AND sport_id = $2 AND name = $3 AND gender = $4";
	static const char add_status[] = "INSERT INTO event_status (event_id, "
		"status, since) VALUES ($1, 'official', $2)";
	struct pd_q q;
	long sport_id = 0;
	int ret;

	if ((ret = ensure_sport(s, sport, &sport_id, diag)) < 0)
		return ret;
	pd_q_start(&q, s, find, "find an event");
	event_key(&q, games, sport_id, name, gender);
	if ((ret = pd_q_one_long(&q, id, diag)) != 0)
		return ret < 0 ? ret : 0;
	pd_q_start_sql(&q, s, &add, "write an event");
	event_key(&q, games, sport_id, name, gender);
	pd_q_text(&q, date ? date : "");
	pd_q_int(&q, team);
	if ((ret = pd_q_insert(&q, id, diag)) < 0)
		return ret;
	pd_q_start(&q, s, add_status, "write an event's status");
	pd_q_int(&q, *id);
	pd_q_int(&q, s->version);
	return pd_q_run(&q, NULL, diag);
}

/* an event's columns from first on: sport, name, gender, class, date,
 * status, policy, team, (results,) order */
#define EVENT_COLS "sp.name, e.name, e.gender, e.sport_class, e.date, " \
	"e.status, coalesce(e.policy, sp.policy), e.team"
#define EVENT_FROM " FROM events e JOIN sports sp ON sp.id = e.sport_id "

/* columns at..at + 7 of q's row into e, borrowed (valid until the next
 * step), and the order from column order */
static void event_of(const struct pd_q *q, int at, int order,
		     struct pd_event_info *e)
{
	e->sport = (char *)pd_q_str(q, at);
	e->name = (char *)pd_q_str(q, at + 1);
	e->gender = (char *)pd_q_str(q, at + 2);
	e->sport_class = (char *)pd_q_str(q, at + 3);
	e->date = (char *)pd_q_str(q, at + 4);
	e->status = (char *)pd_q_str(q, at + 5);
	e->policy = (char *)pd_q_str(q, at + 6);
	e->team = (int)pd_q_long(q, at + 7);
	e->order = (char *)pd_q_str(q, order);
}

/* e's strings copied: 0, or PD_ENOMEM with e released */
static int event_own(struct pd_event_info *e)
{
	char **f[] = { &e->sport, &e->name, &e->gender, &e->sport_class,
		       &e->date, &e->status, &e->policy, &e->order };
	size_t i;
	int ret = 0;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (!(*f[i] = strdup(*f[i]))) {
			ret = PD_ENOMEM;
			while (++i < sizeof(f) / sizeof(f[0]))
				*f[i] = NULL;
		}
	if (ret < 0)
		pd_event_info_release(e);
	return ret;
}

int pd_db_event_get(struct pd_store *s, long id, struct pd_event_info *e,
		    struct pd_diag *diag)
{
	/* whether matches decide it, in the same read: a result write asked
	 * for them in a statement of its own, a round trip on the
	 * committer's connection (bench/pgbench.sh) */
	static const char sql[] = "SELECT e.id, e.games, " EVENT_COLS
		", e.rank_order, CAST(EXISTS (SELECT 1 FROM matches m WHERE "
		"m.event_id = e.id) AS int)" EVENT_FROM "WHERE e.id = $1";
	struct pd_q q;
	int ret;

	memset(e, 0, sizeof(*e));
	pd_q_start(&q, s, sql, "read an event");
	pd_q_int(&q, id);
	if ((ret = pd_q_step(&q, diag)) == 1) {
		e->id = pd_q_long(&q, 0);
		pd_q_copy(e->games, sizeof(e->games), &q, 1);
		event_of(&q, 2, 10, e);
		e->has_matches = pd_q_long(&q, 11) != 0;
		ret = event_own(e);
	} else if (ret == 0) {
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no event %ld: "
				  "see 'podium event list'", id);
	}
	pd_q_end(&q);
	return ret;
}

struct event_walk {
	const char *games;
	pd_event_fn fn;
	void *arg;
};

static int event_row(const struct pd_q *q, void *arg)
{
	struct event_walk *w = arg;
	struct pd_event_info e;

	memset(&e, 0, sizeof(e));
	e.id = pd_q_long(q, 0);
	snprintf(e.games, sizeof(e.games), "%s", w->games);
	event_of(q, 1, 10, &e);
	return w->fn(&e, (size_t)pd_q_long(q, 9), w->arg);
}

int pd_db_events(struct pd_store *s, const char *games, const char *sport,
		 pd_event_fn fn, void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT e.id, " EVENT_COLS ", (SELECT "
		"count(*) FROM results r WHERE r.event_id = e.id AND r.until "
		"IS NULL), e.rank_order" EVENT_FROM "WHERE e.games = $1 AND "
		"(CAST($2 AS text) IS NULL OR sp.name = $2) ORDER BY sp.name, "
		"e.name, e.gender";
	struct event_walk w = { games, fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "list the events");
	pd_q_text(&q, games);
	pd_q_text(&q, sport);
	return pd_q_each(&q, event_row, &w, diag);
}

/* an UPDATE of event id ($1) with $2 = text or, when it is NULL, num */
static int event_set(struct pd_store *s, const char *sql, long id,
		     const char *text, long num, struct pd_diag *diag)
{
	struct pd_q q;

	pd_q_start(&q, s, sql, "update an event");
	pd_q_int(&q, id);
	if (text)
		pd_q_text(&q, text);
	else
		pd_q_int(&q, num);
	return pd_q_run(&q, NULL, diag);
}

int pd_db_event_status(struct pd_store *s, long id, const char *status,
		       struct pd_diag *diag)
{
	static const char close[] = "UPDATE event_status SET until = $2 "
		"WHERE event_id = $1 AND until IS NULL";
	static const char add[] = "INSERT INTO event_status (event_id, "
		"since, status) VALUES ($1, $2, $3)";
	static const char set[] = "UPDATE events SET status = $2 WHERE "
		"id = $1";
	struct pd_q q;
	int ret;

	if (!pd_event_status_valid(status))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "status '%s': "
				   "use one of " PD_EVENT_STATUSES, status);
	if ((ret = event_set(s, close, id, NULL, s->version, diag)) < 0)
		return ret;
	pd_q_start(&q, s, add, "update an event");
	pd_q_int(&q, id);
	pd_q_int(&q, s->version);
	pd_q_text(&q, status);
	if ((ret = pd_q_run(&q, NULL, diag)) < 0)
		return ret;
	return event_set(s, set, id, status, 0, diag);
}

int pd_db_event_update(struct pd_store *s, long id, const char *policy,
		       const char *sport_class, int team,
		       struct pd_diag *diag)
{
	static const char policy_sql[] = "UPDATE events SET policy = $2 "
		"WHERE id = $1";
	static const char class_sql[] = "UPDATE events SET sport_class = $2 "
		"WHERE id = $1";
	static const char team_sql[] = "UPDATE events SET team = $2 WHERE "
		"id = $1";
	int ret = 0;

	if (policy)
		ret = event_set(s, policy_sql, id, policy, 0, diag);
	if (ret == 0 && sport_class)
		ret = event_set(s, class_sql, id, sport_class, 0, diag);
	if (ret == 0 && team >= 0)
		ret = event_set(s, team_sql, id, NULL, team, diag);
	return ret;
}

int pd_db_event_order(struct pd_store *s, long id, const char *order,
		      struct pd_diag *diag)
{
	static const char sql[] = "UPDATE events SET rank_order = $2 WHERE "
				  "id = $1";

	return event_set(s, sql, id, order, 0, diag);
}
