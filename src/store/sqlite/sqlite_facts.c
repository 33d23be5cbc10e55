/* sqlite_facts.c -- a Games' stated figures in the SQLite store
 * (store_report.h): added, replaced by source (closed, never deleted), read. */
#include <stdio.h>
#include <string.h>

#include "podium/store_report.h"
#include "sqlite_int.h"

static const char add_sql[] = "INSERT INTO facts (games, key, value, unit, "
	"qualifier, source, cite, quote, since) VALUES (?1, ?2, ?3, ?4, ?5, "
	"?6, ?7, ?8, ?9)";

static int add_one(struct pd_sqlite *s, const struct pd_fact *f, long *id,
		   struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, add_sql, diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, f->games, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, f->key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, f->value, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, f->unit, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, f->qualifier, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, f->source, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, f->cite, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 8, f->quote, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 9, s->version);
	if (sqlite3_step(st) != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "write a fact");
	else if (id)
		*id = (long)sqlite3_last_insert_rowid(s->db);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return ret;
}

int pd_sqlite_fact_add(struct pd_store *store, const struct pd_fact *f,
		       long *id, struct pd_diag *diag)
{
	return add_one(pd_sqlite_of(store), f, id, diag);
}

int pd_sqlite_facts_replace(struct pd_store *store, const char *games,
			    const char *source, const struct pd_facts *l,
			    struct pd_diag *diag)
{
	static const char close_sql[] = "UPDATE facts SET until = ?3 WHERE "
		"games = ?1 AND source = ?2 AND until IS NULL";
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	size_t i;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, close_sql, diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, source, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, s->version);
	ret = pd_sqlite_run(s, st, "replace the facts", diag);
	for (i = 0; i < l->n && ret == 0; i++)
		ret = add_one(s, &l->v[i], NULL, diag);
	return ret;
}

struct fact_walk {
	pd_fact_fn fn;
	void *arg;
};

static int read_fact(sqlite3_stmt *st, void *arg)
{
	struct fact_walk *w = arg;
	struct pd_fact f;

	memset(&f, 0, sizeof(f));
	f.id = (long)sqlite3_column_int64(st, 0);
	pd_sqlite_copy(f.games, sizeof(f.games), st, 1);
	pd_sqlite_copy(f.key, sizeof(f.key), st, 2);
	pd_sqlite_copy(f.value, sizeof(f.value), st, 3);
	pd_sqlite_copy(f.unit, sizeof(f.unit), st, 4);
	pd_sqlite_copy(f.qualifier, sizeof(f.qualifier), st, 5);
	pd_sqlite_copy(f.source, sizeof(f.source), st, 6);
	pd_sqlite_copy(f.cite, sizeof(f.cite), st, 7);
	pd_sqlite_copy(f.quote, sizeof(f.quote), st, 8);
	return w->fn(&f, w->arg);
}

int pd_sqlite_facts(struct pd_store *store, const char *games, pd_fact_fn fn,
		    void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, games, key, value, unit, "
		"qualifier, source, cite, quote FROM facts WHERE until IS NULL "
		"AND (?1 IS NULL OR games = ?1) ORDER BY games, key, id";
	struct fact_walk w = { fn, arg };

	return pd_sqlite_each_row(pd_sqlite_of(store), sql, games, read_fact,
				  &w, "read the facts", diag);
}
