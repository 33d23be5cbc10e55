/* ops_games.c -- Games rows, their versions and the audit log of their
 * changes, and the Games removed, in the store. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops.h"
#include "query.h"
#include "sql.h"

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

int pd_db_games_put(struct pd_store *s, const struct pd_games *g,
		    struct pd_diag *diag)
{
	static const char sql[] =
		"INSERT INTO games (code, year, season, host, name_en, "
		"name_zh, start_date, end_date, kind) VALUES ($1, $2, $3, $4, "
		"$5, $6, $7, $8, $9) ON CONFLICT (code) DO UPDATE SET "
		"year = $2, season = $3, host = $4, name_en = $5, "
		"name_zh = $6, start_date = $7, end_date = $8, kind = $9";
	struct pd_q q;

	pd_q_start(&q, s, sql, "write the Games");
	pd_q_text(&q, g->code);
	pd_q_int(&q, g->year);
	pd_q_text(&q, or_empty(g->season));
	pd_q_text(&q, g->host);
	pd_q_text(&q, g->name_en && *g->name_en ? g->name_en : g->code);
	pd_q_text(&q, or_empty(g->name_zh));
	pd_q_text(&q, or_empty(g->start));
	pd_q_text(&q, or_empty(g->end));
	pd_q_text(&q, or_empty(g->kind));
	return pd_q_run(&q, NULL, diag);
}

#define GAMES_COLUMNS "code, year, season, host, name_en, name_zh, " \
		      "start_date, end_date, kind, version"

static int read_games(const struct pd_q *q, struct pd_games *g)
{
	memset(g, 0, sizeof(*g));
	pd_q_copy(g->code, sizeof(g->code), q, 0);
	pd_q_copy(g->host, sizeof(g->host), q, 3);
	g->year = pd_q_long(q, 1);
	g->season = pd_q_dup(q, 2);
	g->name_en = pd_q_dup(q, 4);
	g->name_zh = pd_q_dup(q, 5);
	g->start = pd_q_dup(q, 6);
	g->end = pd_q_dup(q, 7);
	g->kind = pd_q_dup(q, 8);
	g->version = pd_q_long(q, 9);
	if (!g->season || !g->name_en || !g->name_zh || !g->start ||
	    !g->end || !g->kind) {
		pd_games_release(g);
		return PD_ENOMEM;
	}
	return 0;
}

int pd_db_games_get(struct pd_store *s, const char *code,
		    struct pd_games *out, struct pd_diag *diag)
{
	static const char sql[] = "SELECT " GAMES_COLUMNS " FROM games "
				  "WHERE code = $1";
	struct pd_q q;
	int ret;

	memset(out, 0, sizeof(*out));
	pd_q_start(&q, s, sql, "read the Games");
	pd_q_text(&q, code);
	if ((ret = pd_q_step(&q, diag)) == 1)
		ret = read_games(&q, out);
	else if (ret == 0)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no Games '%s' "
				  "in %s: see 'podium games'", code, s->where);
	pd_q_end(&q);
	return ret;
}

struct list {
	struct pd_games *v;
	size_t n, alloc;
};

static int games_row(const struct pd_q *q, void *arg)
{
	struct list *l = arg;
	int ret;

	if (pd_grow(&l->v, l->n, &l->alloc, sizeof(*l->v), 64) < 0)
		return PD_ENOMEM;
	if ((ret = read_games(q, &l->v[l->n])) == 0)
		l->n++;
	return ret;
}

int pd_db_games_list(struct pd_store *s, struct pd_games **out, size_t *n,
		     struct pd_diag *diag)
{
	static const char sql[] = "SELECT " GAMES_COLUMNS " FROM games "
				  "ORDER BY code";
	struct list l = { NULL, 0, 0 };
	struct pd_q q;
	int ret;

	pd_q_start(&q, s, sql, "list the Games");
	if ((ret = pd_q_each(&q, games_row, &l, diag)) < 0) {
		pd_games_list_free(l.v, l.n);
		l.v = NULL;
		l.n = 0;
	}
	*out = l.v;
	*n = l.n;
	return ret < 0 ? ret : 0;
}

/* The Games' version one more, into s->version. */
static int bump(struct pd_store *s, const char *games, struct pd_diag *diag)
{
	static const char sql[] = "UPDATE games SET version = version + 1 "
				  "WHERE code = $1 RETURNING version";
	struct pd_q q;
	int ret;

	pd_q_start(&q, s, sql, "bump the version");
	pd_q_text(&q, games);
	if ((ret = pd_q_one_long(&q, &s->version, diag)) == 0)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no Games '%s'",
				  games);
	return ret < 0 ? ret : 0;
}

int pd_db_change(struct pd_store *s, const char *games, const char *actor,
		 const char *command, const char *reason, long *version,
		 struct pd_diag *diag)
{
	static const char audit[] = "INSERT INTO audit (games, version, "
				    "actor, command, reason) VALUES ($1, $2, "
				    "$3, $4, $5)";
	/* every node that serves a PostgreSQL database learns of the
	 * change when it commits (a NOTIFY is delivered at COMMIT, never
	 * before); SQLite's readers watch the file (wait_change) */
	static const struct pd_sql notify = {
		NULL, "SELECT pg_notify('podium', $1)"
	};
	/* PostgreSQL: the three in one statement.  A write's statements go
	 * one after another on the committer's connection, each a round
	 * trip; this one was three of a result write's thirteen
	 * (bench/pgbench.sh, bench/README.md) */
	static const char one[] = "WITH v AS (UPDATE games SET version = "
		"version + 1 WHERE code = $1 RETURNING version), a AS (INSERT "
		"INTO audit (games, version, actor, command, reason) SELECT $1, "
		"version, $2, $3, $4 FROM v RETURNING version) SELECT version, "
		"pg_notify('podium', $1) FROM a";
	/* The same, of a version known: in a group, after a write of this
	 * Games, the group holds its row until it ends, so the next version
	 * is the last one's plus one, and the statement goes with the next
	 * (pg_send.c), one round trip less.  A version that is not the next
	 * (or a Games gone) is NULL, and refused aloud. */
	static const char next[] = "WITH v AS (UPDATE games SET version = "
		"version + 1 WHERE code = $1 RETURNING version) INSERT INTO audit "
		"(games, version, actor, command, reason) VALUES ($1, (SELECT "
		"CASE WHEN version = $5 THEN version END FROM v), $2, $3, $4) "
		"RETURNING pg_notify('podium', $1)";
	int known = s->group && !strcmp(s->held, games);
	struct pd_q q;
	int ret;

	if (pd_q_dialect(s) == PD_DIALECT_PG) {
		pd_q_start(&q, s, known ? next : one, "bump the version");
		pd_q_text(&q, games);
		pd_q_text(&q, or_empty(actor));
		pd_q_text(&q, or_empty(command));
		pd_q_text(&q, or_empty(reason));
		if (known) {
			pd_q_int(&q, s->version + 1);
			if ((ret = pd_q_later(&q, diag)) == 0)
				s->version++;
		} else if ((ret = pd_q_one_long(&q, &s->version, diag)) == 0) {
			ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0,
					  "no Games '%s'", games);
		}
		if (ret < 0)
			return ret;
		if (version)
			*version = s->version;
		if (s->group && !known) {
			snprintf(s->held, sizeof(s->held), "%s", games);
			s->held_unsanctioned = 0;
		}
		return 0;
	}
	if ((ret = bump(s, games, diag)) < 0)
		return ret;
	pd_q_start(&q, s, audit, "write the audit log");
	pd_q_text(&q, games);
	pd_q_int(&q, s->version);
	pd_q_text(&q, or_empty(actor));
	pd_q_text(&q, or_empty(command));
	pd_q_text(&q, or_empty(reason));
	if ((ret = pd_q_run(&q, NULL, diag)) < 0)
		return ret;
	pd_q_start_sql(&q, s, &notify, "notify the servers");
	pd_q_text(&q, games);
	if (q.sql && (ret = pd_q_run(&q, NULL, diag)) < 0)
		return ret;
	if (version)
		*version = s->version;
	return 0;
}

int pd_db_change_note(struct pd_store *s, const char *games, long version,
		      const char *changes, struct pd_diag *diag)
{
	static const char sql[] = "UPDATE audit SET changes = $3 WHERE "
				  "games = $1 AND version = $2";
	struct pd_q q;

	pd_q_start(&q, s, sql, "write the audit log");
	pd_q_text(&q, games);
	pd_q_int(&q, version);
	pd_q_text(&q, changes);
	return pd_q_later(&q, diag);
}

int pd_db_games_remove(struct pd_store *s, const char *code,
		       const char *actor, const char *command,
		       const char *reason, struct pd_diag *diag)
{
	static const char keep[] = "INSERT INTO games_removed (code, version, "
		"actor, command, reason) SELECT code, version, $2, $3, $4 FROM "
		"games WHERE code = $1";
	static const char drop[] = "DELETE FROM games WHERE code = $1";
	struct pd_q q;
	int ret;

	pd_q_start(&q, s, keep, "remove the Games");
	pd_q_text(&q, code);
	pd_q_text(&q, actor);
	pd_q_text(&q, command);
	pd_q_text(&q, reason);
	if ((ret = pd_q_run(&q, NULL, diag)) < 0)
		return ret;
	pd_q_start(&q, s, drop, "remove the Games");
	pd_q_text(&q, code);
	return pd_q_change(&q, diag, "no Games '%s'", code);
}

struct audit_walk {
	pd_audit_fn fn;
	void *arg;
	long n;		/* rows so far: a removed Games' number */
};

/* An audit entry's columns (id, games, version, at, actor, command,
 * reason, changes) as log selects them; a removed Games' lack the id
 * (it is its place in the list) and the changes. */
static int audit_row(const struct pd_q *q, void *arg)
{
	struct audit_walk *w = arg;
	struct pd_audit_entry e;
	int c = pd_q_columns(q) == 8;

	e.id = c ? pd_q_long(q, 0) : ++w->n;
	pd_q_copy(e.games, sizeof(e.games), q, c);
	e.version = pd_q_long(q, c + 1);
	e.at = (char *)pd_q_str(q, c + 2);
	e.actor = (char *)pd_q_str(q, c + 3);
	e.command = (char *)pd_q_str(q, c + 4);
	e.reason = (char *)pd_q_str(q, c + 5);
	e.changes = c ? (char *)pd_q_str(q, 7) : "";
	return w->fn(&e, w->arg);
}

int pd_db_log(struct pd_store *s, const char *games, long since,
	      pd_audit_fn fn, void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, games, version, at, actor, "
		"command, reason, changes FROM audit WHERE (CAST($1 AS TEXT) "
		"IS NULL OR games = $1) AND version > $2 ORDER BY id";
	struct audit_walk w = { fn, arg, 0 };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read the audit log");
	pd_q_text(&q, games);
	pd_q_int(&q, since);
	return pd_q_each(&q, audit_row, &w, diag);
}

int pd_db_games_removed(struct pd_store *s, pd_audit_fn fn, void *arg,
			struct pd_diag *diag)
{
	/* in the order they came: a table never updated (PostgreSQL's
	 * ctid, SQLite's rowid) */
	static const struct pd_sql sql = {
		"SELECT code, version, at, actor, command, reason FROM "
		"games_removed ORDER BY rowid",
		"SELECT code, version, at, actor, command, reason FROM "
		"games_removed ORDER BY at, ctid",
	};
	struct audit_walk w = { fn, arg, 0 };
	struct pd_q q;

	pd_q_start_sql(&q, s, &sql, "read the removed Games");
	return pd_q_each(&q, audit_row, &w, diag);
}

int pd_db_version_at(struct pd_store *s, const char *games, const char *when,
		     long *version, struct pd_diag *diag)
{
	/* a bare date means the end of that day */
	static const char sql[] = "SELECT coalesce(max(version), 0) FROM "
		"audit WHERE games = $1 AND at <= CASE WHEN length($2) = 10 "
		"THEN $2 || 'T23:59:59Z' ELSE $2 END";
	struct pd_q q;
	int ret;

	pd_q_start(&q, s, sql, "read the audit log");
	pd_q_text(&q, games);
	pd_q_text(&q, when);
	return (ret = pd_q_one_long(&q, version, diag)) < 0 ? ret : 0;
}
