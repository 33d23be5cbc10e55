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

#define L(f) PD_Q_LONG(struct pd_match, f)
#define T(f) PD_Q_TEXT(struct pd_match, f)
/* the columns pd_db_matches() reads, in its SELECT's order */
static const struct pd_q_col match_cols[] = {
	L(id), L(event), T(phase), T(pool), T(home), T(away), L(hs), L(as),
	PD_Q_INT(struct pd_match, extra), L(hp), L(ap), T(walkover),
	T(outcome), T(source), T(cite),
};

static int match_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_match m;

	PD_Q_READ(q, match_cols, &m);
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
