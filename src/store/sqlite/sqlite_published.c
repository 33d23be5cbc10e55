/* sqlite_published.c -- published tables, kept as-is, in the SQLite store. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sqlite_int.h"

static void bind_opt(sqlite3_stmt *st, int i, const char *s)
{
	if (s)
		sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

static int put_head(struct pd_sqlite *s, const char *games, const char *source,
		    const struct pd_published *p, const char *file,
		    struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret, i;

	if ((ret = pd_sqlite_prepare(s, &st, "DELETE FROM published WHERE "
				     "games = ?1 AND source = ?2", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, source, -1, SQLITE_STATIC);
	ret = pd_sqlite_write_end(s, st, "replace the published table", diag);
	if (ret < 0 || (ret = pd_sqlite_prepare(s, &st,
			"INSERT INTO published (games, source, caption, "
			"header, lang, file, has_totals, totals_line, "
			"tot_gold, tot_silver, tot_bronze, tot_total) VALUES "
			"(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
			diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, source, -1, SQLITE_STATIC);
	bind_opt(st, 3, p->caption);
	bind_opt(st, 4, p->header);
	sqlite3_bind_text(st, 5, p->lang[0] ? p->lang : "en", -1,
			  SQLITE_STATIC);
	sqlite3_bind_text(st, 6, file ? file : "", -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 7, p->has_totals);
	sqlite3_bind_int64(st, 8, p->totals_line);
	for (i = 0; i < 4; i++)
		if (p->has_totals)
			sqlite3_bind_int64(st, 9 + i, p->totals[i]);
		else
			sqlite3_bind_null(st, 9 + i);
	return pd_sqlite_write_end(s, st, "write the published table", diag);
}

int pd_sqlite_published_put(struct pd_store *store, const char *games,
			    const char *source, const struct pd_published *p,
			    const char *file, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	size_t i;
	int ret, m;

	if ((ret = put_head(s, games, source, p, file, diag)) < 0)
		return ret;
	if ((ret = pd_sqlite_prepare(s, &st,
			"INSERT INTO published_rows (games, source, pos, line, "
			"rank, name, npc, gold, silver, bronze, total) VALUES "
			"(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
			diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, source, -1, SQLITE_STATIC);
	for (i = 0; i < p->n && ret == 0; i++) {
		const struct pd_published_row *r = &p->rows[i];

		sqlite3_bind_int64(st, 3, (sqlite3_int64)i);
		sqlite3_bind_int64(st, 4, r->line);
		if (r->has_rank)
			sqlite3_bind_int64(st, 5, r->rank);
		else
			sqlite3_bind_null(st, 5);
		sqlite3_bind_text(st, 6, r->name, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 7, r->npc, -1, SQLITE_STATIC);
		for (m = 0; m < 3; m++)
			sqlite3_bind_int64(st, 8 + m, r->medals[m]);
		if (r->total >= 0)
			sqlite3_bind_int64(st, 11, r->total);
		else
			sqlite3_bind_null(st, 11);
		if (sqlite3_step(st) != SQLITE_DONE)
			ret = pd_sqlite_fail(s, diag, "write a published row");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return ret;
}

static int get_head(struct pd_sqlite *s, const char *games, const char *source,
		    struct pd_published *out, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret, rc, i;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT caption, header, lang, "
			"has_totals, totals_line, tot_gold, tot_silver, "
			"tot_bronze, tot_total FROM published WHERE games = ?1 "
			"AND source = ?2", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, source, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no published "
				  "table %s@%s: import one with 'podium import "
				  "table FILE --games %s --source %s'", games,
				  source, games, source);
	} else if (rc != SQLITE_ROW) {
		ret = pd_sqlite_fail(s, diag, "read the published table");
	} else {
		if (sqlite3_column_type(st, 0) != SQLITE_NULL &&
		    !(out->caption = pd_sqlite_dup(st, 0)))
			ret = PD_ENOMEM;
		if (sqlite3_column_type(st, 1) != SQLITE_NULL &&
		    !(out->header = pd_sqlite_dup(st, 1)))
			ret = PD_ENOMEM;
		snprintf(out->lang, sizeof(out->lang), "%s",
			 (const char *)sqlite3_column_text(st, 2));
		out->has_totals = sqlite3_column_int(st, 3);
		out->totals_line = sqlite3_column_int64(st, 4);
		for (i = 0; i < 4; i++)
			out->totals[i] = sqlite3_column_int64(st, 5 + i);
	}
	sqlite3_finalize(st);
	return ret;
}

int pd_sqlite_published_get(struct pd_store *store, const char *games,
			    const char *source, struct pd_published *out,
			    struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_published_row *row;
	sqlite3_stmt *st = NULL;
	long m[3];
	int ret, rc, k;

	pd_published_init(out);
	if ((ret = get_head(s, games, source, out, diag)) < 0)
		goto cleanup;
	if ((ret = pd_sqlite_prepare(s, &st, "SELECT line, rank, name, npc, "
			"gold, silver, bronze, total FROM published_rows WHERE "
			"games = ?1 AND source = ?2 ORDER BY pos", diag)) < 0)
		goto cleanup;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, source, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		for (k = 0; k < 3; k++)
			m[k] = sqlite3_column_int64(st, 4 + k);
		if ((ret = pd_published_add(out, sqlite3_column_int64(st, 0),
				sqlite3_column_type(st, 1) != SQLITE_NULL,
				sqlite3_column_int64(st, 1),
				(const char *)sqlite3_column_text(st, 2), m,
				sqlite3_column_type(st, 7) == SQLITE_NULL ? -1 :
				sqlite3_column_int64(st, 7), &row)) < 0)
			goto cleanup;
		snprintf(row->npc, sizeof(row->npc), "%s",
			 (const char *)sqlite3_column_text(st, 3));
	}
	if (rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "read the published rows");
cleanup:
	sqlite3_finalize(st);
	if (ret < 0)
		pd_published_release(out);
	return ret;
}

int pd_sqlite_published_sources(struct pd_store *store, const char *games,
				struct pd_strings *out, struct pd_diag *diag)
{
	return pd_sqlite_strings(pd_sqlite_of(store), "SELECT source FROM "
				 "published WHERE games = ?1 ORDER BY source",
				 games, out, "list the published tables",
				 diag);
}
