/* ops_matches.c -- the matches of head-to-head events in the store
 * (store_report.h): replaced by source (closed, never deleted), read. */
#include <string.h>

#include "ops.h"
#include "query.h"

static int add(struct pd_store *s, long event, const char *source,
	       const struct pd_match *m, struct pd_diag *diag)
{
	static const char sql[] = "INSERT INTO matches (event_id, phase, "
		"pool, home, away, home_score, away_score, extra_time, "
		"home_pens, away_pens, walkover, outcome, source, cite, since) "
		"VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, "
		"$13, $14, $15)";
	struct pd_q q;

	pd_q_start(&q, s, sql, "write a match");
	pd_q_int(&q, event);
	pd_q_text(&q, m->phase);
	pd_q_text(&q, m->pool);
	pd_q_text(&q, m->home);
	pd_q_text(&q, m->away);
	pd_q_int(&q, m->hs);
	pd_q_int(&q, m->as);
	pd_q_int(&q, m->extra != 0);
	pd_q_int(&q, m->hp);
	pd_q_int(&q, m->ap);
	pd_q_text(&q, m->walkover);
	pd_q_text(&q, m->outcome);
	pd_q_text(&q, source);
	pd_q_text(&q, m->cite);
	pd_q_int(&q, s->version);
	return pd_q_run(&q, NULL, diag);
}

int pd_db_matches_replace(struct pd_store *s, long event, const char *source,
			  const struct pd_matches *l, struct pd_diag *diag)
{
	static const char sql[] = "UPDATE matches SET until = $3 WHERE "
		"event_id = $1 AND source = $2 AND until IS NULL";
	struct pd_q q;
	size_t i;
	int ret;

	pd_q_start(&q, s, sql, "replace the matches");
	pd_q_int(&q, event);
	pd_q_text(&q, source);
	pd_q_int(&q, s->version);
	ret = pd_q_run(&q, NULL, diag);
	for (i = 0; i < l->n && ret == 0; i++)
		ret = add(s, event, source, &l->v[i], diag);
	return ret;
}

struct walk {
	pd_match_fn fn;
	void *arg;
};

static int match_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_match m;

	memset(&m, 0, sizeof(m));
	m.id = pd_q_long(q, 0);
	m.event = pd_q_long(q, 1);
	pd_q_copy(m.phase, sizeof(m.phase), q, 2);
	pd_q_copy(m.pool, sizeof(m.pool), q, 3);
	pd_q_copy(m.home, sizeof(m.home), q, 4);
	pd_q_copy(m.away, sizeof(m.away), q, 5);
	m.hs = pd_q_long(q, 6);
	m.as = pd_q_long(q, 7);
	m.extra = (int)pd_q_long(q, 8);
	m.hp = pd_q_long(q, 9);
	m.ap = pd_q_long(q, 10);
	pd_q_copy(m.walkover, sizeof(m.walkover), q, 11);
	pd_q_copy(m.outcome, sizeof(m.outcome), q, 12);
	pd_q_copy(m.source, sizeof(m.source), q, 13);
	pd_q_copy(m.cite, sizeof(m.cite), q, 14);
	return w->fn(&m, w->arg);
}

int pd_db_matches(struct pd_store *s, long event, pd_match_fn fn, void *arg,
		  struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, event_id, phase, pool, home, "
		"away, home_score, away_score, extra_time, home_pens, away_pens, "
		"walkover, outcome, source, cite FROM matches WHERE event_id = $1 "
		"AND until IS NULL ORDER BY id";
	struct walk w = { fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read the matches");
	pd_q_int(&q, event);
	return pd_q_each(&q, match_row, &w, diag);
}
