/* ops_facts.c -- a Games' stated figures in the store (store_report.h):
 * added, replaced by source (closed, never deleted), read. */
#include <string.h>

#include "ops.h"
#include "query.h"

int pd_db_fact_add(struct pd_store *s, const struct pd_fact *f, long *id,
		   struct pd_diag *diag)
{
#define ADD "INSERT INTO facts (games, key, value, unit, qualifier, " \
	"source, cite, quote, since) VALUES ($1, $2, $3, $4, $5, $6, $7, " \
	"$8, $9)"
	static const struct pd_sql add = { ADD, ADD " RETURNING id" };
#undef ADD
	struct pd_q q;
	long dummy;

	pd_q_start_sql(&q, s, &add, "write a fact");
	pd_q_text(&q, f->games);
	pd_q_text(&q, f->key);
	pd_q_text(&q, f->value);
	pd_q_text(&q, f->unit);
	pd_q_text(&q, f->qualifier);
	pd_q_text(&q, f->source);
	pd_q_text(&q, f->cite);
	pd_q_text(&q, f->quote);
	pd_q_int(&q, s->version);
	return pd_q_insert(&q, id ? id : &dummy, diag);
}

int pd_db_facts_replace(struct pd_store *s, const char *games,
			const char *source, const struct pd_facts *l,
			struct pd_diag *diag)
{
	static const char sql[] = "UPDATE facts SET until = $3 WHERE games = "
		"$1 AND source = $2 AND until IS NULL";
	struct pd_q q;
	size_t i;
	int ret;

	pd_q_start(&q, s, sql, "replace the facts");
	pd_q_text(&q, games);
	pd_q_text(&q, source);
	pd_q_int(&q, s->version);
	ret = pd_q_run(&q, NULL, diag);
	for (i = 0; i < l->n && ret == 0; i++)
		ret = pd_db_fact_add(s, &l->v[i], NULL, diag);
	return ret;
}

struct walk {
	pd_fact_fn fn;
	void *arg;
};

#define L(f) PD_Q_LONG(struct pd_fact, f)
#define T(f) PD_Q_TEXT(struct pd_fact, f)
/* the columns of its SELECT, in their order */
static const struct pd_q_col fact_cols[] = {
	L(id), T(games), T(key), T(value), T(unit), T(qualifier), T(source),
	T(cite), T(quote),
};

static int fact_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_fact f;

	PD_Q_READ(q, fact_cols, &f);
	return w->fn(&f, w->arg);
}

int pd_db_facts(struct pd_store *s, const char *games, pd_fact_fn fn,
		void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, games, key, value, unit, "
		"qualifier, source, cite, quote FROM facts WHERE until IS NULL "
		"AND (CAST($1 AS TEXT) IS NULL OR games = $1) ORDER BY games, "
		"key, id";
	struct walk w = { fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read the facts");
	pd_q_text(&q, games);
	return pd_q_each(&q, fact_row, &w, diag);
}
