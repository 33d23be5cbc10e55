/* pg_games.c -- Games rows and their versions in the PostgreSQL store. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sql.h"
#include "pg_int.h"

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

int pg_games_put(struct pd_store *s, const struct pd_games *g,
		 struct pd_diag *diag)
{
	static const char sql[] =
		"INSERT INTO games (code, year, season, host, name_en, "
		"name_zh, start_date, end_date, kind) VALUES ($1, $2, $3, $4, "
		"$5, $6, $7, $8, $9) ON CONFLICT (code) DO UPDATE SET "
		"year = $2, season = $3, host = $4, name_en = $5, "
		"name_zh = $6, start_date = $7, end_date = $8, kind = $9";
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, g->code);
	pd_pg_long(&p, g->year);
	pd_pg_text(&p, or_empty(g->season));
	pd_pg_text(&p, g->host);
	pd_pg_text(&p, g->name_en && *g->name_en ? g->name_en : g->code);
	pd_pg_text(&p, or_empty(g->name_zh));
	pd_pg_text(&p, or_empty(g->start));
	pd_pg_text(&p, or_empty(g->end));
	pd_pg_text(&p, or_empty(g->kind));
	return pd_pg_query(PG(s), sql, &p, NULL, "write the Games", diag);
}

#define GAMES_COLUMNS "code, year, season, host, name_en, name_zh, " \
		      "start_date, end_date, kind, version"

static int read_games(const PGresult *res, int r, struct pd_games *g)
{
	memset(g, 0, sizeof(*g));
	snprintf(g->code, sizeof(g->code), "%s", PQgetvalue(res, r, 0));
	snprintf(g->host, sizeof(g->host), "%s", PQgetvalue(res, r, 3));
	g->year = pd_pg_getlong(res, r, 1);
	g->season = pd_pg_dup(res, r, 2);
	g->name_en = pd_pg_dup(res, r, 4);
	g->name_zh = pd_pg_dup(res, r, 5);
	g->start = pd_pg_dup(res, r, 6);
	g->end = pd_pg_dup(res, r, 7);
	g->kind = pd_pg_dup(res, r, 8);
	g->version = pd_pg_getlong(res, r, 9);
	if (!g->season || !g->name_en || !g->name_zh || !g->start ||
	    !g->end || !g->kind) {
		pd_games_release(g);
		return PD_ENOMEM;
	}
	return 0;
}

int pg_games_get(struct pd_store *s, const char *code, struct pd_games *out,
		 struct pd_diag *diag)
{
	static const char sql[] = "SELECT " GAMES_COLUMNS " FROM games "
				  "WHERE code = $1";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	memset(out, 0, sizeof(*out));
	pd_pg_params_init(&p);
	pd_pg_text(&p, code);
	if ((ret = pd_pg_query(PG(s), sql, &p, &res, "read the Games",
			       diag)) < 0)
		return ret;
	if (PQntuples(res) == 1)
		ret = read_games(res, 0, out);
	else
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no Games '%s' "
				  "in %s: see 'podium games'", code,
				  PG(s)->where);
	PQclear(res);
	return ret;
}

int pg_games_list(struct pd_store *s, struct pd_games **out, size_t *n,
		  struct pd_diag *diag)
{
	static const char sql[] = "SELECT " GAMES_COLUMNS " FROM games "
				  "ORDER BY code";
	struct pd_games *v;
	PGresult *res;
	int ret, r, rows;

	*out = NULL;
	*n = 0;
	if ((ret = pd_pg_query(PG(s), sql, NULL, &res, "list the Games",
			       diag)) < 0)
		return ret;
	rows = PQntuples(res);
	if (!(v = calloc(rows ? (size_t)rows : 1, sizeof(*v)))) {
		PQclear(res);
		return PD_ENOMEM;
	}
	for (r = 0; r < rows && ret == 0; r++)
		if ((ret = read_games(res, r, &v[r])) == 0)
			(*n)++;
	PQclear(res);
	if (ret < 0) {
		pd_games_list_free(v, *n);
		*n = 0;
		return ret;
	}
	*out = v;
	return 0;
}

int pg_change(struct pd_store *s, const char *games, const char *actor,
	      const char *command, const char *reason, long *version,
	      struct pd_diag *diag)
{
	static const char bump[] = "UPDATE games SET version = version + 1 "
				   "WHERE code = $1 RETURNING version";
	static const char audit[] = "INSERT INTO audit (games, version, "
				    "actor, command, reason) VALUES ($1, $2, "
				    "$3, $4, $5)";
	/* every node that serves this database learns of the change when
	 * it commits (a NOTIFY is delivered at COMMIT, never before) */
	static const char notify[] = "SELECT pg_notify('podium', $1)";
	struct pd_pg *pg = PG(s);
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	if ((ret = pd_pg_query(pg, bump, &p, &res, "bump the version",
			       diag)) < 0)
		return ret;
	if (PQntuples(res) != 1) {
		PQclear(res);
		return pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no Games "
				   "'%s'", games);
	}
	pg->base.version = pd_pg_getlong(res, 0, 0);
	PQclear(res);
	pd_pg_long(&p, pg->base.version);
	pd_pg_text(&p, actor ? actor : "");
	pd_pg_text(&p, command ? command : "");
	pd_pg_text(&p, reason ? reason : "");
	if ((ret = pd_pg_query(pg, audit, &p, NULL, "write the audit log",
			       diag)) < 0)
		return ret;
	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	if ((ret = pd_pg_query(pg, notify, &p, NULL, "notify the servers",
			       diag)) < 0)
		return ret;
	if (version)
		*version = pg->base.version;
	return 0;
}

int pg_games_remove(struct pd_store *s, const char *code, const char *actor,
		    const char *command, const char *reason,
		    struct pd_diag *diag)
{
	static const char keep[] = "INSERT INTO games_removed (code, version, "
		"actor, command, reason) SELECT code, version, $2, $3, $4 FROM "
		"games WHERE code = $1";
	static const char drop[] = "DELETE FROM games WHERE code = $1";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_text(&p, code);
	pd_pg_text(&p, actor);
	pd_pg_text(&p, command);
	pd_pg_text(&p, reason);
	if ((ret = pd_pg_query(PG(s), keep, &p, NULL, "remove the Games",
			       diag)) < 0)
		return ret;
	pd_pg_params_init(&p);
	pd_pg_text(&p, code);
	if ((ret = pd_pg_query(PG(s), drop, &p, &res, "remove the Games",
			       diag)) < 0)
		return ret;
	if (!strcmp(PQcmdTuples(res), "0"))
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no Games '%s'",
				  code);
	PQclear(res);
	return ret;
}
