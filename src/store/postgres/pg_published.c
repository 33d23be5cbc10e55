/* pg_published.c -- published tables, kept as-is, in the PostgreSQL
 * store. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pg_int.h"

static int put_head(struct pd_pg *pg, const char *games, const char *source,
		    const struct pd_published *t, const char *file,
		    struct pd_diag *diag)
{
	static const char del[] = "DELETE FROM published WHERE games = $1 "
				  "AND source = $2";
	static const char ins[] =
		"INSERT INTO published (games, source, caption, header, lang, "
		"file, has_totals, totals_line, tot_gold, tot_silver, "
		"tot_bronze, tot_total) VALUES ($1, $2, $3, $4, $5, $6, $7, "
		"$8, $9, $10, $11, $12)";
	struct pd_pg_params p;
	int ret, i;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_text(&p, source);
	if ((ret = pd_pg_query(pg, del, &p, NULL, "replace the published "
			       "table", diag)) < 0)
		return ret;
	pd_pg_text(&p, t->caption);
	pd_pg_text(&p, t->header);
	pd_pg_text(&p, t->lang[0] ? t->lang : "en");
	pd_pg_text(&p, file ? file : "");
	pd_pg_long(&p, t->has_totals);
	pd_pg_long(&p, t->totals_line);
	for (i = 0; i < 4; i++)
		if (t->has_totals)
			pd_pg_long(&p, t->totals[i]);
		else
			pd_pg_text(&p, NULL);
	return pd_pg_query(pg, ins, &p, NULL, "write the published table",
			   diag);
}

int pg_published_put(struct pd_store *s, const char *games,
		     const char *source, const struct pd_published *t,
		     const char *file, struct pd_diag *diag)
{
	static const char ins[] =
		"INSERT INTO published_rows (games, source, pos, line, rank, "
		"name, npc, gold, silver, bronze, total) VALUES ($1, $2, $3, "
		"$4, $5, $6, $7, $8, $9, $10, $11)";
	struct pd_pg *pg = PG(s);
	struct pd_pg_params p;
	size_t i;
	int ret, m;

	if ((ret = put_head(pg, games, source, t, file, diag)) < 0)
		return ret;
	for (i = 0; i < t->n && ret == 0; i++) {
		const struct pd_published_row *r = &t->rows[i];

		pd_pg_params_init(&p);
		pd_pg_text(&p, games);
		pd_pg_text(&p, source);
		pd_pg_long(&p, (long)i);
		pd_pg_long(&p, r->line);
		if (r->has_rank)
			pd_pg_long(&p, r->rank);
		else
			pd_pg_text(&p, NULL);
		pd_pg_text(&p, r->name);
		pd_pg_text(&p, r->npc);
		for (m = 0; m < 3; m++)
			pd_pg_long(&p, r->medals[m]);
		if (r->total >= 0)
			pd_pg_long(&p, r->total);
		else
			pd_pg_text(&p, NULL);
		ret = pd_pg_query(pg, ins, &p, NULL, "write a published row",
				  diag);
	}
	return ret;
}

static int get_head(struct pd_pg *pg, const char *games, const char *source,
		    struct pd_published *out, struct pd_diag *diag)
{
	static const char sql[] =
		"SELECT caption, header, lang, has_totals, totals_line, "
		"tot_gold, tot_silver, tot_bronze, tot_total FROM published "
		"WHERE games = $1 AND source = $2";
	struct pd_pg_params p;
	PGresult *res;
	int ret, i;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_text(&p, source);
	if ((ret = pd_pg_query(pg, sql, &p, &res, "read the published table",
			       diag)) < 0)
		return ret;
	if (PQntuples(res) == 0) {
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no published "
				  "table %s@%s: import one with 'podium import "
				  "table FILE --games %s --source %s'", games,
				  source, games, source);
	} else {
		if (!PQgetisnull(res, 0, 0) &&
		    !(out->caption = pd_pg_dup(res, 0, 0)))
			ret = PD_ENOMEM;
		if (!PQgetisnull(res, 0, 1) &&
		    !(out->header = pd_pg_dup(res, 0, 1)))
			ret = PD_ENOMEM;
		snprintf(out->lang, sizeof(out->lang), "%s",
			 PQgetvalue(res, 0, 2));
		out->has_totals = (int)pd_pg_getlong(res, 0, 3);
		out->totals_line = pd_pg_getlong(res, 0, 4);
		for (i = 0; i < 4; i++)
			out->totals[i] = pd_pg_getlong(res, 0, 5 + i);
	}
	PQclear(res);
	return ret;
}

int pg_published_get(struct pd_store *s, const char *games,
		     const char *source, struct pd_published *out,
		     struct pd_diag *diag)
{
	static const char sql[] =
		"SELECT line, rank, name, npc, gold, silver, bronze, total "
		"FROM published_rows WHERE games = $1 AND source = $2 "
		"ORDER BY pos";
	struct pd_pg *pg = PG(s);
	struct pd_published_row *row;
	struct pd_pg_params p;
	PGresult *res = NULL;
	long m[3];
	int ret, r, k;

	pd_published_init(out);
	if ((ret = get_head(pg, games, source, out, diag)) < 0)
		goto cleanup;
	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_text(&p, source);
	if ((ret = pd_pg_query(pg, sql, &p, &res, "read the published rows",
			       diag)) < 0)
		goto cleanup;
	for (r = 0; r < PQntuples(res); r++) {
		for (k = 0; k < 3; k++)
			m[k] = pd_pg_getlong(res, r, 4 + k);
		if ((ret = pd_published_add(out, pd_pg_getlong(res, r, 0),
				!PQgetisnull(res, r, 1),
				pd_pg_getlong(res, r, 1),
				PQgetvalue(res, r, 2), m,
				PQgetisnull(res, r, 7) ? -1 :
				pd_pg_getlong(res, r, 7), &row)) < 0)
			goto cleanup;
		snprintf(row->npc, sizeof(row->npc), "%s",
			 PQgetvalue(res, r, 3));
	}
cleanup:
	PQclear(res);
	if (ret < 0)
		pd_published_release(out);
	return ret;
}

int pg_published_sources(struct pd_store *s, const char *games,
			 struct pd_strings *out, struct pd_diag *diag)
{
	static const char sql[] = "SELECT source FROM published WHERE "
				  "games = $1 ORDER BY source";

	return pd_pg_strings(PG(s), sql, games, out, "list the published "
			     "tables", diag);
}
