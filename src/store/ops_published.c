/* ops_published.c -- published tables in the store, kept as-is: a
 * source's table replaced whole, read back, listed and removed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops.h"
#include "query.h"

/* $1, $2: the Games and the source */
static void which(struct pd_q *q, struct pd_store *s, const char *sql,
		  const char *what, const char *games, const char *source)
{
	pd_q_start(q, s, sql, what);
	pd_q_text(q, games);
	pd_q_text(q, source);
}

static int put_head(struct pd_store *s, const char *games, const char *source,
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
	struct pd_q q;
	int ret, i;

	which(&q, s, del, "replace the published table", games, source);
	if ((ret = pd_q_run(&q, NULL, diag)) < 0)
		return ret;
	which(&q, s, ins, "write the published table", games, source);
	pd_q_text(&q, t->caption);
	pd_q_text(&q, t->header);
	pd_q_text(&q, t->lang[0] ? t->lang : "en");
	pd_q_text(&q, file ? file : "");
	pd_q_int(&q, t->has_totals);
	pd_q_int(&q, t->totals_line);
	for (i = 0; i < 4; i++)
		if (t->has_totals)
			pd_q_int(&q, t->totals[i]);
		else
			pd_q_null(&q);
	return pd_q_run(&q, NULL, diag);
}

int pd_db_published_put(struct pd_store *s, const char *games,
			const char *source, const struct pd_published *t,
			const char *file, struct pd_diag *diag)
{
	static const char ins[] =
		"INSERT INTO published_rows (games, source, pos, line, rank, "
		"name, npc, gold, silver, bronze, total) VALUES ($1, $2, $3, "
		"$4, $5, $6, $7, $8, $9, $10, $11)";
	const struct pd_published_row *r;
	struct pd_q q;
	size_t i;
	int ret, m;

	if ((ret = put_head(s, games, source, t, file, diag)) < 0)
		return ret;
	for (i = 0; i < t->n && ret == 0; i++) {
		r = &t->rows[i];
		which(&q, s, ins, "write a published row", games, source);
		pd_q_int(&q, (long long)i);
		pd_q_int(&q, r->line);
		if (r->has_rank)
			pd_q_int(&q, r->rank);
		else
			pd_q_null(&q);
		pd_q_text(&q, r->name);
		pd_q_text(&q, r->npc);
		for (m = 0; m < 3; m++)
			pd_q_int(&q, r->medals[m]);
		if (r->total >= 0)
			pd_q_int(&q, r->total);
		else
			pd_q_null(&q);
		ret = pd_q_run(&q, NULL, diag);
	}
	return ret;
}

/* a text column that may be NULL into *dst (left NULL then) */
static int dup_or_null(char **dst, const struct pd_q *q, int c)
{
	if (pd_q_col(q, c) && !(*dst = pd_q_dup(q, c)))
		return PD_ENOMEM;
	return 0;
}

static int get_head(struct pd_store *s, const char *games, const char *source,
		    struct pd_published *out, struct pd_diag *diag)
{
	static const char sql[] =
		"SELECT caption, header, lang, has_totals, totals_line, "
		"tot_gold, tot_silver, tot_bronze, tot_total FROM published "
		"WHERE games = $1 AND source = $2";
	struct pd_q q;
	int ret, i;

	which(&q, s, sql, "read the published table", games, source);
	if ((ret = pd_q_step(&q, diag)) == 0) {
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no published "
				  "table %s@%s: import one with 'podium import "
				  "table FILE --games %s --source %s'", games,
				  source, games, source);
	} else if (ret == 1) {
		if ((ret = dup_or_null(&out->caption, &q, 0)) == 0)
			ret = dup_or_null(&out->header, &q, 1);
		pd_q_copy(out->lang, sizeof(out->lang), &q, 2);
		out->has_totals = (int)pd_q_long(&q, 3);
		out->totals_line = pd_q_long(&q, 4);
		for (i = 0; i < 4; i++)
			out->totals[i] = pd_q_long(&q, 5 + i);
	}
	pd_q_end(&q);
	return ret;
}

static int add_row(const struct pd_q *q, void *arg)
{
	struct pd_published *out = arg;
	struct pd_published_row *row;
	long m[3];
	int ret, k;

	for (k = 0; k < 3; k++)
		m[k] = pd_q_long(q, 4 + k);
	if ((ret = pd_published_add(out, pd_q_long(q, 0), pd_q_col(q, 1) !=
				    NULL, pd_q_long(q, 1), pd_q_str(q, 2), m,
				    pd_q_col(q, 7) ? pd_q_long(q, 7) : -1,
				    &row)) < 0)
		return ret;
	pd_q_copy(row->npc, sizeof(row->npc), q, 3);
	return 0;
}

int pd_db_published_get(struct pd_store *s, const char *games,
			const char *source, struct pd_published *out,
			struct pd_diag *diag)
{
	static const char sql[] =
		"SELECT line, rank, name, npc, gold, silver, bronze, total "
		"FROM published_rows WHERE games = $1 AND source = $2 "
		"ORDER BY pos";
	struct pd_q q;
	int ret;

	pd_published_init(out);
	if ((ret = get_head(s, games, source, out, diag)) == 0) {
		which(&q, s, sql, "read the published rows", games, source);
		ret = pd_q_each(&q, add_row, out, diag);
	}
	if (ret < 0)
		pd_published_release(out);
	return ret;
}

int pd_db_published_sources(struct pd_store *s, const char *games,
			    struct pd_strings *out, struct pd_diag *diag)
{
	static const char sql[] = "SELECT source FROM published WHERE "
				  "games = $1 ORDER BY source";
	struct pd_q q;

	pd_q_start(&q, s, sql, "list the published tables");
	pd_q_text(&q, games);
	return pd_q_strings(&q, out, diag);
}

int pd_db_published_remove(struct pd_store *s, const char *games,
			   const char *source, struct pd_diag *diag)
{
	static const char sql[] = "DELETE FROM published WHERE games = $1 "
				  "AND source = $2";
	struct pd_q q;

	which(&q, s, sql, "remove a published table", games, source);
	return pd_q_change(&q, diag, "no published table %s@%s", games,
			   source);
}
