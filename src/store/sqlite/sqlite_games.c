/* sqlite_games.c -- Games rows and their versions in the SQLite store. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sql.h"
#include "sqlite_int.h"

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

int pd_sqlite_games_put(struct pd_store *store, const struct pd_games *g,
			struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st,
			"INSERT INTO games (code, year, season, host, name_en, "
			"name_zh, start_date, end_date, kind) VALUES (?1, ?2, "
			"?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT (code) DO "
			"UPDATE SET year = ?2, season = ?3, host = ?4, "
			"name_en = ?5, name_zh = ?6, start_date = ?7, "
			"end_date = ?8, kind = ?9", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, g->code, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, g->year);
	sqlite3_bind_text(st, 3, or_empty(g->season), -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, g->host, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, g->name_en && *g->name_en ? g->name_en :
			  g->code, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, or_empty(g->name_zh), -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, or_empty(g->start), -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 8, or_empty(g->end), -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 9, or_empty(g->kind), -1, SQLITE_STATIC);
	return pd_sqlite_write_end(s, st, "write the Games", diag);
}

#define GAMES_COLUMNS "code, year, season, host, name_en, name_zh, " \
		      "start_date, end_date, kind, version"

static int read_games(sqlite3_stmt *st, struct pd_games *g)
{
	const unsigned char *code = sqlite3_column_text(st, 0);
	const unsigned char *host = sqlite3_column_text(st, 3);

	memset(g, 0, sizeof(*g));
	snprintf(g->code, sizeof(g->code), "%s", code ? (char *)code : "");
	snprintf(g->host, sizeof(g->host), "%s", host ? (char *)host : "");
	g->year = sqlite3_column_int64(st, 1);
	g->season = pd_sqlite_dup(st, 2);
	g->name_en = pd_sqlite_dup(st, 4);
	g->name_zh = pd_sqlite_dup(st, 5);
	g->start = pd_sqlite_dup(st, 6);
	g->end = pd_sqlite_dup(st, 7);
	g->kind = pd_sqlite_dup(st, 8);
	g->version = sqlite3_column_int64(st, 9);
	if (!g->season || !g->name_en || !g->name_zh || !g->start ||
	    !g->end || !g->kind) {
		pd_games_release(g);
		return PD_ENOMEM;
	}
	return 0;
}

int pd_sqlite_games_get(struct pd_store *store, const char *code,
			struct pd_games *out, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret, rc;

	memset(out, 0, sizeof(*out));
	if ((ret = pd_sqlite_prepare(s, &st, "SELECT " GAMES_COLUMNS
				     " FROM games WHERE code = ?1", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, code, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		ret = read_games(st, out);
	else if (rc == SQLITE_DONE)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no Games '%s' "
				  "in %s: see 'podium games'", code, s->path);
	else
		ret = pd_sqlite_fail(s, diag, "read the Games");
	sqlite3_finalize(st);
	return ret;
}

int pd_sqlite_games_list(struct pd_store *store, struct pd_games **out,
			 size_t *n, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_games *v = NULL, *p;
	size_t alloc = 0;
	sqlite3_stmt *st;
	int ret, rc;

	*out = NULL;
	*n = 0;
	if ((ret = pd_sqlite_prepare(s, &st, "SELECT " GAMES_COLUMNS
				     " FROM games ORDER BY code", diag)) < 0)
		return ret;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == alloc) {
			alloc = alloc ? alloc * 2 : 64;
			if (!(p = realloc(v, alloc * sizeof(*v)))) {
				ret = PD_ENOMEM;
				goto cleanup;
			}
			v = p;
		}
		if ((ret = read_games(st, &v[*n])) < 0)
			goto cleanup;
		(*n)++;
	}
	if (rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "list the Games");
cleanup:
	sqlite3_finalize(st);
	if (ret < 0) {
		pd_games_list_free(v, *n);
		*n = 0;
		return ret;
	}
	*out = v;
	return 0;
}

static const char bump_sql[] =
	"UPDATE games SET version = "
	"version + 1 WHERE code = ?1 RETURNING "
	"version";

static int bump(struct pd_sqlite *s, const char *games, long *version,
		struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_cached(s, &st, bump_sql, diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*version = sqlite3_column_int64(st, 0);
	else if (rc == SQLITE_DONE)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no Games '%s'",
				  games);
	else
		ret = pd_sqlite_fail(s, diag, "bump the version");
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return ret;
}

static const char audit_add_sql[] =
	"INSERT INTO audit (games, "
	"version, actor, command, reason) VALUES (?1, ?2, ?3, "
	"?4, ?5)";

int pd_sqlite_change(struct pd_store *store, const char *games,
		     const char *actor, const char *command,
		     const char *reason, long *version, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = bump(s, games, &s->base.version, diag)) < 0)
		return ret;
	if ((ret = pd_sqlite_cached(s, &st, audit_add_sql, diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, s->base.version);
	sqlite3_bind_text(st, 3, actor ? actor : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, command ? command : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, reason ? reason : "", -1, SQLITE_STATIC);
	ret = pd_sqlite_run(s, st, "write the audit log", diag);
	if (ret == 0 && version)
		*version = s->base.version;
	return ret;
}

/* Run sql with text parameters a and b; the rows it changed in *changed. */
static int exec2(struct pd_sqlite *s, const char *sql, const char *a,
		 const char *b, int *changed, const char *what,
		 struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, sql, diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, a, -1, SQLITE_STATIC);
	if (b)
		sqlite3_bind_text(st, 2, b, -1, SQLITE_STATIC);
	if ((ret = pd_sqlite_write_end(s, st, what, diag)) == 0 && changed)
		*changed = sqlite3_changes(s->db);
	return ret;
}

int pd_sqlite_games_remove(struct pd_store *store, const char *code,
			   const char *actor, const char *command,
			   const char *reason, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret, n = 0;

	if ((ret = pd_sqlite_prepare(s, &st, "INSERT INTO games_removed (code, "
			"version, actor, command, reason) SELECT code, version, "
			"?2, ?3, ?4 FROM games WHERE code = ?1", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, code, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, actor, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, command, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, reason, -1, SQLITE_STATIC);
	ret = pd_sqlite_write_end(s, st, "remove the Games", diag);
	if (ret == 0)
		ret = exec2(s, "DELETE FROM games WHERE code = ?1", code, NULL,
			    &n, "remove the Games", diag);
	if (ret == 0 && n == 0)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no Games '%s'",
				  code);
	return ret;
}
