/* pg.c -- the PostgreSQL backend's connection: connect, migrate, run
 * statements with parameters, and say what went wrong (see pg_int.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/npc.h"
#include "../schema.h"
#include "pg_int.h"

/* The advisory lock under which migrations run: "podium" in ASCII, as a
 * bigint (0x706f6469756d). */
#define MIGRATE_LOCK "123623728313709"

void pd_pg_params_init(struct pd_pg_params *p)
{
	p->n = 0;
}

void pd_pg_text(struct pd_pg_params *p, const char *s)
{
	if (p->n < PD_PG_PARAMS)
		p->v[p->n++] = s;
}

void pd_pg_long(struct pd_pg_params *p, long v)
{
	if (p->n < PD_PG_PARAMS) {
		snprintf(p->num[p->n], sizeof(p->num[p->n]), "%ld", v);
		p->v[p->n] = p->num[p->n];
		p->n++;
	}
}

static int reconnect(struct pd_pg *s, struct pd_diag *diag);

int pd_pg_alive(struct pd_pg *s, struct pd_diag *diag)
{
	if (PQstatus(s->conn) == CONNECTION_OK && !s->broken)
		return 0;
	/* never inside a transaction: what came after would be written
	 * outside it; the server dropped the transaction with the
	 * connection, so nothing of it was written */
	if (s->in_tx)
		return pd_diag_set(diag, PD_EAWAY, s->where, 0, "the connection "
				   "to PostgreSQL was lost in a transaction: "
				   "nothing of it was written");
	return reconnect(s, diag);
}

/* The server went away (a restart, a failover): connect again with the
 * same parameters; what was prepared or listened for on the old
 * connection is gone with it.  1 when connected again, or PD_EAWAY. */
static int reconnect(struct pd_pg *s, struct pd_diag *diag)
{
	PQreset(s->conn);
	pd_pg_forget(s);
	s->broken = 0;
	s->ncache = 0;
	s->listening = 0;
	s->ins_table[0] = '\0';
	if (PQstatus(s->conn) != CONNECTION_OK) {
		pd_pg_fail(s, NULL, "the connection to PostgreSQL was lost and "
			   "could not be made again", diag);
		return PD_EAWAY;
	}
	PQsetClientEncoding(s->conn, "UTF8");
	PQclear(PQexec(s->conn, "SET TIME ZONE 'UTC'; SET "
		       "client_min_messages = warning"));
	return 1;
}

int pd_pg_exec(struct pd_pg *s, const char *sql, struct pd_diag *diag)
{
	PGresult *res;
	ExecStatusType st;
	int ret;

	if ((ret = pd_pg_alive(s, diag)) < 0)
		return ret;
	/* one statement goes with what was kept; several (the simple
	 * protocol's) after it */
	if (s->nlater && !strchr(sql, ';'))
		return pd_pg_piped(s, sql, NULL, 0, NULL, NULL, "PostgreSQL",
				   diag);
	if ((ret = pd_pg_flush(s, diag)) < 0)
		return ret;
	res = PQexec(s->conn, sql);
	st = PQresultStatus(res);
	ret = 0;
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
		ret = pd_pg_fail(s, res, "PostgreSQL", diag);
	PQclear(res);
	return ret;
}

int pd_pg_query(struct pd_pg *s, const char *sql,
		const struct pd_pg_params *params, PGresult **out,
		const char *what, struct pd_diag *diag)
{
	return pd_pg_run(s, sql, 0, params ? params->n : 0, params ?
			 params->v : NULL, out, what, diag);
}

int pd_pg_run(struct pd_pg *s, const char *sql, int once, int n,
	      const char *const *v, PGresult **out, const char *what,
	      struct pd_diag *diag)
{
	ExecStatusType st = PGRES_FATAL_ERROR;
	PGresult *res = NULL;
	const char *name = NULL;
	int ret, again;

	if (out)
		*out = NULL;
	if ((ret = pd_pg_alive(s, diag)) < 0)
		return ret;
	for (again = 1;; again = 0) {
		if (once && s->nlater) {
			return pd_pg_piped(s, sql, NULL, n, v, out, what,
					   diag);
		} else if (once) {
			res = PQexecParams(s->conn, sql, n, NULL, v, NULL,
					   NULL, 0);
			st = PQresultStatus(res);
		} else if ((ret = pd_pg_prepared(s, sql, n, &name,
						 diag)) == 0 && s->nlater) {
			/* with what was kept, one round trip: no retry, it
			 * is in a transaction */
			return pd_pg_piped(s, NULL, name, n, v, out, what,
					   diag);
		} else if (ret == 0) {
			res = PQexecPrepared(s->conn, name, n, v, NULL,
					     NULL, 0);
			st = PQresultStatus(res);
		}
		/* the server went away under this statement (a restart),
		 * found out by the prepare or by the statement: outside a
		 * transaction, connect again and send it once more, so a
		 * restart costs the caller nothing it could have avoided */
		if (!again || s->in_tx || (ret == 0 && st != PGRES_FATAL_ERROR) ||
		    (ret < 0 ? ret != PD_EAWAY : !pd_pg_gone(s, res)))
			break;
		PQclear(res);
		res = NULL;
		/* even one libpq still calls good: it failed as a
		 * connection that is gone does */
		if ((ret = reconnect(s, diag)) < 0)
			return ret;
	}
	if (ret < 0)
		return ret;
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
		ret = pd_pg_fail(s, res, what, diag);
		PQclear(res);
		return ret;
	}
	if (out)
		*out = res;
	else
		PQclear(res);
	return 0;
}

int pd_pg_each(struct pd_pg *s, const char *sql,
	       const struct pd_pg_params *params, pd_pg_row_fn fn, void *arg,
	       const char *what, struct pd_diag *diag)
{
	PGresult *res;
	int ret, r;

	if ((ret = pd_pg_query(s, sql, params, &res, what, diag)) < 0)
		return ret;
	for (r = 0; r < PQntuples(res) && ret == 0; r++)
		ret = fn(res, r, arg);
	PQclear(res);
	return ret;
}

const char *pd_pg_text_or_null(const PGresult *res, int r, int c)
{
	return PQgetisnull(res, r, c) ? NULL : PQgetvalue(res, r, c);
}

long pd_pg_getlong(const PGresult *res, int r, int c)
{
	return PQgetisnull(res, r, c) ? 0 : strtol(PQgetvalue(res, r, c),
						     NULL, 10);
}

/* Shown in messages: the URI up to any password. */
static void shown(char *out, size_t size, const char *uri)
{
	const char *at = strchr(uri, '@'), *colon = strstr(uri, "://");

	if (at && colon && strchr(colon + 3, ':') &&
	    strchr(colon + 3, ':') < at)
		snprintf(out, size, "%.*s:***%s", (int)(strchr(colon + 3,
			 ':') - uri), uri, at);
	else
		snprintf(out, size, "%s", uri);
}

static int schema_version(struct pd_pg *s, long *v, struct pd_diag *diag)
{
	PGresult *res = PQexec(s->conn, "SELECT version FROM podium_schema");
	int ret = 0;

	*v = 0;
	if (PQresultStatus(res) != PGRES_TUPLES_OK)
		ret = pd_pg_fail(s, res, "read the schema version", diag);
	else if (PQntuples(res) == 1)
		*v = pd_pg_getlong(res, 0, 0);
	PQclear(res);
	return ret;
}

/* Migration 14's keys for the rows before it: pd_name_normalise() is C,
 * which no SQL of PostgreSQL's can compute. */
struct keying {
	struct pd_pg *s;
	const char *update;
	struct pd_diag *diag;
};

static int key_row(const PGresult *res, int r, void *arg)
{
	struct keying *k = arg;
	const char *name = PQgetvalue(res, r, 1);
	char *key = pd_name_normalise(name);
	struct pd_pg_params p;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_long(&p, pd_pg_getlong(res, r, 0));
	pd_pg_text(&p, key ? key : name);
	ret = pd_pg_query(k->s, k->update, &p, NULL, "key a name", k->diag);
	free(key);
	return ret;
}

static int key_names(struct pd_pg *s, struct pd_diag *diag)
{
	static const char athletes[] = "SELECT id, name FROM athletes WHERE "
		"ext IS NULL AND name_key IS NULL";
	static const char teams[] = "SELECT id, name FROM teams WHERE "
		"name_key IS NULL";
	struct keying a = { s, "UPDATE athletes SET name_key = $2 WHERE id = "
			    "$1", diag };
	struct keying t = { s, "UPDATE teams SET name_key = $2 WHERE id = $1",
			    diag };
	int ret;

	if ((ret = pd_pg_each(s, athletes, NULL, key_row, &a, "key the "
			      "athletes' names", diag)) < 0)
		return ret;
	return pd_pg_each(s, teams, NULL, key_row, &t, "key the teams' names",
			  diag);
}

/* The schema's version in the database, 0 when podium_schema is not
 * there (as the SQLite backend asks PRAGMA user_version). */
static int stored_version(struct pd_pg *s, long *v, struct pd_diag *diag)
{
	PGresult *res = PQexec(s->conn, "SELECT to_regclass('podium_schema') "
			       "IS NOT NULL");
	int there, ret;

	*v = 0;
	if (PQresultStatus(res) != PGRES_TUPLES_OK) {
		ret = pd_pg_fail(s, res, "read the schema version", diag);
		PQclear(res);
		return ret;
	}
	there = PQntuples(res) == 1 && !strcmp(PQgetvalue(res, 0, 0), "t");
	PQclear(res);
	return there ? schema_version(s, v, diag) : 0;
}

/* Bring the schema to pd_pg_nmigrations, all of it in one transaction,
 * under an advisory lock so that nodes starting together take turns.  A
 * schema already there is read without the lock: two round trips a
 * connection instead of six.  A read never makes one: PD_ESTORE says who
 * does. */
static int migrate(struct pd_pg *s, struct pd_diag *diag)
{
	char sql[96];
	long v;
	int ret;

	if ((ret = stored_version(s, &v, diag)) < 0)
		return ret;
	if (s->read && v == 0)
		return pd_diag_set(diag, PD_ESTORE, s->where, 0, "no podium "
				   "store here: 'podium init' makes one");
	if (v == (long)pd_pg_nmigrations)
		return 0;
	if ((ret = pd_pg_exec(s, "SELECT pg_advisory_lock(" MIGRATE_LOCK ")",
			      diag)) < 0)
		return ret;
	if ((ret = pd_pg_exec(s, "CREATE TABLE IF NOT EXISTS podium_schema "
			      "(version BIGINT NOT NULL)", diag)) < 0 ||
	    (ret = schema_version(s, &v, diag)) < 0)
		goto unlock;
	if (v > (long)pd_pg_nmigrations) {
		ret = pd_diag_set(diag, PD_ESTORE, s->where, 0, "schema version "
				  "%ld is newer than this podium knows (%zu): "
				  "upgrade podium", v, pd_pg_nmigrations);
		goto unlock;
	}
	if (v == (long)pd_pg_nmigrations)
		goto unlock;
	if ((ret = pd_pg_exec(s, "BEGIN", diag)) < 0)
		goto unlock;
	for (; v < (long)pd_pg_nmigrations && ret == 0; v++)
		ret = pd_pg_exec(s, pd_pg_migrations[v], diag);
	if (ret == 0)
		ret = key_names(s, diag);
	snprintf(sql, sizeof(sql), "DELETE FROM podium_schema; INSERT INTO "
		 "podium_schema VALUES (%ld)", v);
	if (ret == 0 && (ret = pd_pg_exec(s, sql, diag)) == 0)
		ret = pd_pg_exec(s, "COMMIT", diag);
	if (ret < 0)
		PQclear(PQexec(s->conn, "ROLLBACK"));
unlock:
	PQclear(PQexec(s->conn, "SELECT pg_advisory_unlock(" MIGRATE_LOCK
		       ")"));
	return ret;
}

/* A warning the server sends (the one a shutdown sends to every
 * connection, say) as one line of podium's, not libpq's bare text. */
static void notice(void *arg, const char *msg)
{
	(void)arg;
	fprintf(stderr, "podium: PostgreSQL: %.*s\n", (int)strcspn(msg, "\n"),
		msg);
}

int pd_pg_connect(struct pd_pg *s, const char *uri, struct pd_diag *diag)
{
	int ret;

	shown(s->where, sizeof(s->where), uri);
	if ((ret = pd_pq_load(diag)) < 0)
		return ret;
	s->conn = PQconnectdb(uri);
	if (!s->conn)
		return PD_ENOMEM;
	if (PQstatus(s->conn) != CONNECTION_OK)
		return pd_pg_fail(s, NULL, "cannot connect", diag);
	PQsetNoticeProcessor(s->conn, notice, NULL);
	/* UTF-8 both ways, times in UTC, and no notices on stderr */
	if (PQsetClientEncoding(s->conn, "UTF8") != 0)
		return pd_pg_fail(s, NULL, "set the client encoding", diag);
	if ((ret = pd_pg_exec(s, "SET TIME ZONE 'UTC'; "
			      "SET client_min_messages = warning", diag)) < 0)
		return ret;
	return migrate(s, diag);
}

void pd_pg_disconnect(struct pd_pg *s)
{
	pd_pg_forget(s);
	if (s->conn)
		PQfinish(s->conn);
	s->conn = NULL;
	s->ncache = 0;
}
