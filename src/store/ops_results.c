/* ops_results.c -- an event's results in the store (event.h): written
 * one at a time or many a statement (a bulk import's), closed, read as
 * they stand at a version, and counted by source. */
#include <stdio.h>
#include <string.h>

#include "ops.h"
#include "podium/results.h"
#include "query.h"
#include "sql.h"

static const char *opt(const char *v)
{
	return v ? v : "";
}

#define RESULT_COLS "(event_id, npc, name, athlete_id, team_id, rank, " \
	"mark, mark_value, irm, records, date, source, since) VALUES "

/* v[i]'s 13 values as q's next parameters */
struct results {
	const struct pd_result_rec *v;
	long version;
};

static void bind_result(struct pd_q *q, size_t i, const void *arg)
{
	const struct results *l = arg;
	const struct pd_result_rec *r = &l->v[i];

	pd_q_int(q, r->event_id);
	pd_q_text(q, r->npc);
	pd_q_text(q, opt(r->name));
	if (r->athlete_id)
		pd_q_int(q, r->athlete_id);
	else
		pd_q_null(q);
	if (r->team_id)
		pd_q_int(q, r->team_id);
	else
		pd_q_null(q);
	pd_q_int(q, r->rank);
	pd_q_text(q, opt(r->mark));
	if (r->has_value)
		pd_q_double(q, r->mark_value);
	else
		pd_q_null(q);
	pd_q_text(q, opt(r->irm));
	pd_q_text(q, opt(r->records));
	pd_q_text(q, opt(r->date));
	pd_q_text(q, opt(r->source));
	pd_q_int(q, l->version);
}

static struct pd_q_rows add = {
	"INSERT INTO results " RESULT_COLS, 13, NULL, { NULL },
};
static struct pd_q_rows add_fail = {
	"INSERT OR FAIL INTO results " RESULT_COLS, 13, NULL, { NULL },
};

int pd_db_results_add(struct pd_store *s, const struct pd_result_rec *v,
		      size_t n, struct pd_diag *diag)
{
	struct results l = { v, s->version };

	return pd_q_insert_rows(s, pd_q_bulk(s, &add, &add_fail), n,
				bind_result, &l, "write a result", diag);
}

/* One result.  In a group (the server's writes) nothing is read of the
 * insert, so on PostgreSQL it goes with the write's next statement
 * (query.h, pd_q_later), one round trip less, its error the write's; an
 * import's row fails at once, where its line is known. */
int pd_db_result_add(struct pd_store *s, const struct pd_result_rec *r,
		     struct pd_diag *diag)
{
	struct results l = { r, s->version };
	struct pd_q q;

	if (!s->group)
		return pd_db_results_add(s, r, 1, diag);
	pd_q_start(&q, s, pd_q_rows_sql(pd_q_bulk(s, &add, &add_fail), 1),
		   "write a result");
	if (!q.sql)
		return pd_diag_set(diag, PD_ENOMEM, NULL, 0, "write a result: "
				   "out of memory");
	bind_result(&q, 0, &l);
	return pd_q_later(&q, diag);
}

int pd_db_results_close(struct pd_store *s, long event, long athlete,
			long team, size_t *closed, struct pd_diag *diag)
{
	/* One statement per case, each on its own index: with one
	 * "($3 = 0 OR athlete_id = $3)" form SQLite read every result of
	 * the event, and a heat of 10,000 results made each write slower
	 * than the last. */
	static const char by_athlete[] = "UPDATE results SET until = $2 "
		"WHERE athlete_id = $3 AND event_id = $1 AND until IS NULL";
	static const char by_team[] = "UPDATE results SET until = $2 WHERE "
		"team_id = $3 AND event_id = $1 AND until IS NULL";
	static const char by_event[] = "UPDATE results SET until = $2 WHERE "
		"event_id = $1 AND until IS NULL";
	struct pd_q q;
	long changed = 0;
	int ret;

	pd_q_start(&q, s, athlete ? by_athlete : team ? by_team : by_event,
		   "close results");
	pd_q_int(&q, event);
	pd_q_int(&q, s->version);
	if (athlete || team)
		pd_q_int(&q, athlete ? athlete : team);
	if ((ret = pd_q_run(&q, &changed, diag)) == 0 && closed)
		*closed = (size_t)changed;
	return ret;
}

struct walk {
	void *fn;
	void *arg;
};

static int result_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_result_row r;

	r.id = pd_q_long(q, 0);
	pd_q_copy(r.npc, sizeof(r.npc), q, 1);
	r.name = pd_q_str(q, 2);
	r.mark = pd_q_str(q, 3);
	r.irm = pd_q_str(q, 4);
	r.records = pd_q_str(q, 5);
	r.athlete_id = pd_q_long(q, 6);
	r.team_id = pd_q_long(q, 7);
	r.rank = pd_q_long(q, 8);
	r.has_value = pd_q_long(q, 10) != 0;
	r.value = r.has_value ? pd_q_real(q, 9) : 0;
	return ((pd_result_fn)w->fn)(&r, w->arg);
}

int pd_db_event_results(struct pd_store *s, long event, long as_of,
			pd_result_fn fn, void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, npc, name, mark, irm, records, "
		"coalesce(athlete_id, 0), coalesce(team_id, 0), rank, "
		"mark_value, CAST(mark_value IS NOT NULL AS int) FROM results "
		"WHERE event_id = $1 AND since <= $2 AND (until IS NULL OR "
		"until > $2) ORDER BY irm <> '', rank = 0, rank, "
		PD_IRM_ORDER_SQL ", id";
	struct walk w = { (void *)fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read the results");
	pd_q_int(&q, event);
	pd_q_int(&q, as_of > 0 ? as_of : (long)1 << 62);
	return pd_q_each(&q, result_row, &w, diag);
}

static int source_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;

	return ((pd_source_fn)w->fn)(pd_q_str(q, 0), (size_t)pd_q_long(q, 1),
				     w->arg);
}

int pd_db_result_sources(struct pd_store *s, const char *games, long event,
			 pd_source_fn fn, void *arg, struct pd_diag *diag)
{
	/* those in force, of a Games ($1, "" any) or of an event ($2, 0
	 * any) */
	static const char sql[] = "SELECT r.source, count(*) FROM results r "
		"JOIN events e ON e.id = r.event_id WHERE ($1 = '' OR e.games "
		"= $1) AND ($2 = 0 OR r.event_id = $2) AND r.until IS NULL "
		"GROUP BY r.source ORDER BY r.source";
	struct walk w = { (void *)fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "list the sources");
	pd_q_text(&q, games);
	pd_q_int(&q, event);
	return pd_q_each(&q, source_row, &w, diag);
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

int pd_db_medals_replace(struct pd_store *s, const char *games,
			 const char *source, const struct pd_medal_rec *v,
			 size_t n, struct pd_diag *diag)
{
	static const char close_source[] = "UPDATE results SET until = $3 "
		"WHERE source = $2 AND until IS NULL AND event_id IN (SELECT "
		"id FROM events WHERE games = $1)";
	struct pd_q q;
	long event = 0;
	size_t i;
	int ret;

	pd_q_start(&q, s, close_source, "replace the medals");
	pd_q_text(&q, games);
	pd_q_text(&q, source);
	pd_q_int(&q, s->version);
	if ((ret = pd_q_run(&q, NULL, diag)) < 0)
		return ret;
	for (i = 0; i < n; i++) {
		if ((i == 0 || !same_event(&v[i - 1], &v[i])) &&
		    (ret = pd_db_event_ensure(s, games, v[i].sport,
					      v[i].event, v[i].gender,
					      v[i].date, 0, &event, diag)) < 0)
			return ret;
		pd_q_start(&q, s, pd_sql_results_add_medal, "write a result");
		pd_q_int(&q, event);
		pd_q_text(&q, v[i].npc);
		pd_q_text(&q, v[i].athlete);
		pd_q_int(&q, (long long)v[i].medal + 1);
		pd_q_text(&q, v[i].date);
		pd_q_text(&q, source);
		pd_q_int(&q, s->version);
		if ((ret = pd_q_run(&q, NULL, diag)) < 0)
			return ret;
	}
	return 0;
}
