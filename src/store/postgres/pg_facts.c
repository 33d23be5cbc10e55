/* pg_facts.c -- a Games' stated figures in the PostgreSQL store
 * (store_report.h): added, replaced by source (closed, never deleted), read. */
#include <stdio.h>
#include <string.h>

#include "podium/store_report.h"
#include "pg_int.h"

static int add_one(struct pd_pg *pg, const struct pd_fact *f, long *id,
		   struct pd_diag *diag)
{
	static const char sql[] = "INSERT INTO facts (games, key, value, "
		"unit, qualifier, source, cite, quote, since) VALUES ($1, $2, "
		"$3, $4, $5, $6, $7, $8, $9) RETURNING id";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_text(&p, f->games);
	pd_pg_text(&p, f->key);
	pd_pg_text(&p, f->value);
	pd_pg_text(&p, f->unit);
	pd_pg_text(&p, f->qualifier);
	pd_pg_text(&p, f->source);
	pd_pg_text(&p, f->cite);
	pd_pg_text(&p, f->quote);
	pd_pg_long(&p, pg->version);
	if ((ret = pd_pg_query(pg, sql, &p, &res, "write a fact", diag)) < 0)
		return ret;
	if (id)
		*id = PQntuples(res) > 0 ? pd_pg_getlong(res, 0, 0) : 0;
	PQclear(res);
	return 0;
}

int pg_fact_add(struct pd_store *s, const struct pd_fact *f, long *id,
		struct pd_diag *diag)
{
	return add_one(PG(s), f, id, diag);
}

int pg_facts_replace(struct pd_store *s, const char *games, const char *source,
		     const struct pd_facts *l, struct pd_diag *diag)
{
	static const char sql[] = "UPDATE facts SET until = $3 WHERE games = "
		"$1 AND source = $2 AND until IS NULL";
	struct pd_pg_params p;
	size_t i;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_text(&p, source);
	pd_pg_long(&p, PG(s)->version);
	ret = pd_pg_query(PG(s), sql, &p, NULL, "replace the facts", diag);
	for (i = 0; i < l->n && ret == 0; i++)
		ret = add_one(PG(s), &l->v[i], NULL, diag);
	return ret;
}

struct fact_walk {
	pd_fact_fn fn;
	void *arg;
};

static int fact_row(const PGresult *res, int r, void *arg)
{
	struct fact_walk *w = arg;
	struct pd_fact f;

	memset(&f, 0, sizeof(f));
	f.id = pd_pg_getlong(res, r, 0);
	snprintf(f.games, sizeof(f.games), "%s", PQgetvalue(res, r, 1));
	snprintf(f.key, sizeof(f.key), "%s", PQgetvalue(res, r, 2));
	snprintf(f.value, sizeof(f.value), "%s", PQgetvalue(res, r, 3));
	snprintf(f.unit, sizeof(f.unit), "%s", PQgetvalue(res, r, 4));
	snprintf(f.qualifier, sizeof(f.qualifier), "%s",
		 PQgetvalue(res, r, 5));
	snprintf(f.source, sizeof(f.source), "%s", PQgetvalue(res, r, 6));
	snprintf(f.cite, sizeof(f.cite), "%s", PQgetvalue(res, r, 7));
	snprintf(f.quote, sizeof(f.quote), "%s", PQgetvalue(res, r, 8));
	return w->fn(&f, w->arg);
}

int pg_facts(struct pd_store *s, const char *games, pd_fact_fn fn, void *arg,
	     struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, games, key, value, unit, "
		"qualifier, source, cite, quote FROM facts WHERE until IS NULL "
		"AND ($1::text IS NULL OR games = $1) ORDER BY games, key, id";
	struct fact_walk w = { fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	return pd_pg_each(PG(s), sql, &p, fact_row, &w, "read the facts",
			  diag);
}
