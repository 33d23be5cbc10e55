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

static int fact_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_fact f;

	memset(&f, 0, sizeof(f));
	f.id = pd_q_long(q, 0);
	pd_q_copy(f.games, sizeof(f.games), q, 1);
	pd_q_copy(f.key, sizeof(f.key), q, 2);
	pd_q_copy(f.value, sizeof(f.value), q, 3);
	pd_q_copy(f.unit, sizeof(f.unit), q, 4);
	pd_q_copy(f.qualifier, sizeof(f.qualifier), q, 5);
	pd_q_copy(f.source, sizeof(f.source), q, 6);
	pd_q_copy(f.cite, sizeof(f.cite), q, 7);
	pd_q_copy(f.quote, sizeof(f.quote), q, 8);
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
