/* pg_store.c -- the PostgreSQL store's connection and transactions.
 *
 * A write locks what it writes, not the database: each change bumps its
 * Games' version (ops_games.c), and that UPDATE's row lock, held to the
 * COMMIT or ROLLBACK, is the Games' lock, so writes to one Games apply
 * one after the other (each reads what the one before left) and writes
 * to two Games do not wait for each other.  Rows shared by Games are
 * made so that two writers meet at a unique key (athletes by outside id,
 * sports by name, Games by code: ON CONFLICT) rather than failing; an
 * athlete known by name alone, made by two Games' writers at the same
 * instant, may be two rows, which a career takes as one person
 * (pd_athlete_same()).
 *
 * Every write transaction also takes the writers' advisory lock, shared:
 * a bulk import (many Games, row after row) takes it exclusive and so
 * runs alone, as it did before, and never meets a Games lock held by a
 * write that waits for one of its own.  Readers take nothing: a read
 * transaction is REPEATABLE READ, one snapshot for everything it reads,
 * however many writes land meanwhile. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ops.h"
#include "../sql.h"
#include "pg_int.h"

/* The writers' lock: "podium" in ASCII, plus one (the migrations' is
 * "podium" itself, pg.c). */
#define WRITE_LOCK "123623728313710"

static int begin(struct pd_pg *pg, const char *sql, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_pg_alive(pg, diag)) < 0)
		return ret;
	pg->in_tx = 1;
	if ((ret = pd_pg_exec(pg, sql, diag)) < 0)
		pg->in_tx = 0;
	return ret;
}

/* A write's transaction begins with its first statement (pg_send.c):
 * the BEGIN and the writers' lock are kept to go with it, one round trip
 * less a group (bench/pgbench.sh's groups are of 4 writes). */
int pg_begin(struct pd_store *s, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	int ret;

	if ((ret = pd_pg_alive(pg, diag)) < 0)
		return ret;
	pg->in_tx = 1;
	if ((ret = pd_pg_later(pg, "BEGIN", 1, 0, NULL, "begin a write",
			       diag)) < 0 ||
	    (ret = pd_pg_later(pg, "SELECT pg_advisory_xact_lock_shared("
			       WRITE_LOCK ")", 1, 0, NULL, "begin a write",
			       diag)) < 0) {
		pd_pg_forget(pg);
		pg->in_tx = 0;
	}
	return ret;
}

/* A database is found by its name on every connection, never through a
 * file this process holds: it cannot be swapped under an open one (a
 * dropped database ends the connection, and the write fails aloud). */
int pg_here(struct pd_store *s, struct pd_diag *diag)
{
	return 0;
}

/* PostgreSQL checks each foreign key against an index, in the server: a
 * bulk write keeps them.  It runs alone (the writers' lock exclusive):
 * an import changes many Games in the order of its file. */
int pg_begin_bulk(struct pd_store *s, struct pd_diag *diag)
{
	return begin(PG(s), "BEGIN; SELECT pg_advisory_xact_lock(" WRITE_LOCK
		     ")", diag);
}

/* The pages are the server's (shared_buffers, work_mem): this side keeps
 * only the rows of a query's result while it is read. */
int pg_cache_limit(struct pd_store *s, long kib, struct pd_diag *diag)
{
	return 0;
}

int pg_begin_read(struct pd_store *s, struct pd_diag *diag)
{
	/* the snapshot is taken by the first statement: take it now */
	return begin(PG(s), "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; "
		     "SELECT 1", diag);
}

void pg_rollback(struct pd_store *s)
{
	struct pd_pg *pg = PG(s);

	pd_pg_forget(pg);
	if (PQstatus(pg->conn) == CONNECTION_OK && !pg->broken &&
	    PQtransactionStatus(pg->conn) != PQTRANS_IDLE)
		PQclear(PQexec(pg->conn, "ROLLBACK"));
	pg->in_tx = 0;
}

int pg_commit(struct pd_store *s, struct pd_diag *diag)
{
	int ret = pd_pg_exec(PG(s), "COMMIT", diag);

	if (ret < 0)
		pg_rollback(s);
	PG(s)->in_tx = 0;
	return ret;
}

/* A write's savepoint goes with its first statement, its release with
 * what it kept (pg_send.c); one undone before it sent anything was never
 * made. */
int pg_savepoint(struct pd_store *s, int op, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	const char *begin = pd_sql_savepoint[PD_SAVEPOINT_BEGIN];

	if (op == PD_SAVEPOINT_BEGIN)
		return pd_pg_later(pg, begin, 1, 0, NULL, "begin a write",
				   diag);
	if (op == PD_SAVEPOINT_ROLLBACK && pg->nlater &&
	    pg->later[pg->nlater - 1].sql == begin) {
		pg->nlater--;	/* a SAVEPOINT has no parameters to free */
		return 0;
	}
	/* what the write kept, made or failed, before it is undone */
	if (op == PD_SAVEPOINT_ROLLBACK)
		pd_pg_flush(pg, NULL);
	return pd_pg_exec(pg, pd_sql_savepoint[op], diag);
}

int pg_open(struct pd_store *s, const char *uri,
	    const struct pd_registry *reg, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_pg_connect(PG(s), uri, diag)) < 0)
		return ret;
	return reg ? pd_db_npcs_sync(s, reg, diag) : 0;
}

void pg_close(struct pd_store *s)
{
	pd_pg_disconnect(PG(s));
	free(PG(s));
}

/* Every change NOTIFYs 'podium' at its commit (pg_change); this
 * connection LISTENs.  Notifications are not durable: after the
 * connection was lost and made again, 1 says "read every version again",
 * whatever was sent meanwhile. */
int pg_wait_change(struct pd_store *s, int timeout_ms, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	struct pollfd p;
	PGnotify *n;
	int got, ret;

	if ((got = pd_pg_alive(pg, diag)) < 0)
		return got;
	if (!pg->listening) {
		if ((ret = pd_pg_exec(pg, "LISTEN podium", diag)) < 0)
			return ret;
		pg->listening = 1;
		return got;
	}
	for (;;) {
		if (!PQconsumeInput(pg->conn))
			return 1;	/* lost: the next call reconnects */
		while ((n = PQnotifies(pg->conn))) {
			got = 1;
			PQfreemem(n);
		}
		if (got)
			return 1;
		p.fd = PQsocket(pg->conn);
		p.events = POLLIN;
		p.revents = 0;
		if (p.fd < 0)
			return 1;
		if ((ret = poll(&p, 1, timeout_ms)) == 0)
			return 0;
		if (ret < 0 && errno != EINTR)
			return pd_diag_set(diag, PD_ESTORE, pg->where, 0, "wait "
					   "for a change: %s", strerror(errno));
		timeout_ms = 0;	/* what came in is read; then answer */
	}
}
