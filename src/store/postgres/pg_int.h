/* pg_int.h -- what the files of the PostgreSQL backend share: the
 * connection, statements prepared once per connection, parameters as
 * text, and errors turned into a diag.
 *
 * Every statement runs through pd_pg_query() with $1..$n parameters sent
 * apart from the SQL (never spliced into it), prepared on first use and
 * kept for the life of the connection, as the SQLite backend keeps its
 * statements: a bulk import sends a million rows through a few of them.
 */
#ifndef PODIUM_PG_INT_H
#define PODIUM_PG_INT_H

#include <stddef.h>

#include <libpq-fe.h>

#include "podium/audit.h"
#include "podium/event.h"
#include "podium/stats.h"
#include "podium/store.h"
#include "podium/token.h"
#include "../backend.h"

#define PD_PG_CACHE 160	/* statements prepared per connection */
#define PD_PG_PARAMS 16		/* parameters of one statement */
#define PD_PG_LATER 8		/* statements kept to send with the next */

/* A statement whose answer nobody reads, kept to go with the next one
 * (pg_send.c): its prepared name (NULL: sent as its text), its
 * parameters copied. */
struct pd_pg_later {
	const char *sql, *name, *what;
	int n;
	char *v[PD_PG_PARAMS];
};

struct pd_pg {
	struct pd_store base;	/* first: a pd_store * is a pd_pg * */
	PGconn *conn;
	char where[256];	/* the URI as shown in messages: no password */
	int listening;		/* LISTEN podium sent on this connection */
	int in_tx;		/* between begin and commit or rollback */
	int broken;		/* left in pipeline mode: connect again */
	char state[6];		/* the SQLSTATE of the last failure */
	char ins_table[32];	/* the table a copy fills (pg_tables.c) */
	struct {
		const char *sql;	/* a static string: keyed by address */
		char name[16];
	} cache[PD_PG_CACHE];
	size_t ncache;
	struct pd_pg_later later[PD_PG_LATER];
	int nlater;
	/* opened by pd_store_open_read(): a database without podium's
	 * schema is refused, never given one */
	int read;
};

#define PG(s) ((struct pd_pg *)(s))

/* Parameters of one statement, as text; a NULL value is SQL NULL. */
struct pd_pg_params {
	const char *v[PD_PG_PARAMS];
	char num[PD_PG_PARAMS][24];
	int n;
};

void pd_pg_params_init(struct pd_pg_params *p);
/* Append s (NULL: SQL NULL). */
void pd_pg_text(struct pd_pg_params *p, const char *s);
void pd_pg_long(struct pd_pg_params *p, long v);

/* Fill diag with what PostgreSQL said (res may be NULL: the connection's
 * message); PD_EEXISTS for a unique violation, PD_EAWAY when the
 * connection is down (the server restarts: try again), else PD_ESTORE. */
int pd_pg_fail(struct pd_pg *s, const PGresult *res, const char *what,
	       struct pd_diag *diag);
/* Whether res (may be NULL) failed because the server went away. */
int pd_pg_gone(const struct pd_pg *s, const PGresult *res);
/* 0 if the connection is up; 1 if it was lost and is made again (what
 * was prepared or listened for is gone: the caller reads afresh); an
 * error if it cannot be. */
int pd_pg_alive(struct pd_pg *s, struct pd_diag *diag);
/* Run sql (no parameters, may hold several statements). */
int pd_pg_exec(struct pd_pg *s, const char *sql, struct pd_diag *diag);
/* Run sql, a string with static storage, with params (may be NULL);
 * *res (if not NULL) receives the result for the caller to PQclear(). */
int pd_pg_query(struct pd_pg *s, const char *sql,
		const struct pd_pg_params *params, PGresult **res,
		const char *what, struct pd_diag *diag);
/* pd_pg_query, or with once the statement sent with its text and not
 * prepared (built for one run: kept, it would fill the cache), with the
 * n parameters v[] as text (a multi-row insert has more than
 * PD_PG_PARAMS). */
int pd_pg_run(struct pd_pg *s, const char *sql, int once, int n,
	      const char *const *v, PGresult **out, const char *what,
	      struct pd_diag *diag);
/* The name of sql's statement into *name, prepared on this connection if
 * new: 0, or the error (PD_EAWAY when the server went away). */
int pd_pg_prepared(struct pd_pg *s, const char *sql, int nparams,
		   const char **name, struct pd_diag *diag);

/* Statements kept to go with the next one (pg_send.c).  Keep sql (static
 * storage; with text, sent as its text, not prepared: a SAVEPOINT) with
 * the n parameters v[] (copied): 0, or the error of sending what was
 * kept before it when there was no room left. */
int pd_pg_later(struct pd_pg *s, const char *sql, int text, int n,
		const char *const *v, const char *what, struct pd_diag *diag);
/* What is kept, then sql (as text) or the prepared statement name, if
 * either is given, in one round trip; *out as pd_pg_run's.  The first
 * error, named by the statement that failed; what is kept is sent
 * (or forgotten) either way. */
int pd_pg_piped(struct pd_pg *s, const char *sql, const char *name, int n,
		const char *const *v, PGresult **out, const char *what,
		struct pd_diag *diag);
/* What is kept, sent alone: 0 (nothing kept, or all done) or its error. */
int pd_pg_flush(struct pd_pg *s, struct pd_diag *diag);
/* What is kept, forgotten (a rollback: none of it is to be done). */
void pd_pg_forget(struct pd_pg *s);

/* This backend's driver (pg_driver.c). */
extern const struct pd_driver pd_pg_driver;
typedef int (*pd_pg_row_fn)(const PGresult *res, int r, void *arg);

/* Run sql with params and call fn on each row of its result; fn's
 * non-zero return stops and is returned. */
int pd_pg_each(struct pd_pg *s, const char *sql,
	       const struct pd_pg_params *params, pd_pg_row_fn fn, void *arg,
	       const char *what, struct pd_diag *diag);
/* Column c of row r as text, NULL for SQL NULL. */
const char *pd_pg_text_or_null(const PGresult *res, int r, int c);
/* Column c of row r as a long (0 for NULL). */
long pd_pg_getlong(const PGresult *res, int r, int c);

/* Load libpq (pq_load.c: podium is not linked with it, so that a command
 * on a SQLite store does not pay for loading it); once per process, the
 * later calls say the first's result.  PD_ESTORE, naming the library and
 * its package, when it cannot be loaded. */
int pd_pq_load(struct pd_diag *diag);

/* Connect to uri and bring the schema up to date (several nodes may
 * start at once: migrations run under an advisory lock).  Loads libpq
 * first. */
int pd_pg_connect(struct pd_pg *s, const char *uri, struct pd_diag *diag);
void pd_pg_disconnect(struct pd_pg *s);

/* What the backend does on its own (backend.h): opening and closing,
 * transactions (pg_store.c), whole-table copies (pg_tables.c); the
 * operations are written once above the driver (../ops.h). */
int pg_open(struct pd_store *s, const char *uri,
	    const struct pd_registry *reg, struct pd_diag *diag);
void pg_close(struct pd_store *s);
int pg_begin(struct pd_store *s, struct pd_diag *diag);
int pg_begin_read(struct pd_store *s, struct pd_diag *diag);
int pg_here(struct pd_store *s, struct pd_diag *diag);
int pg_cache_limit(struct pd_store *s, long kib, struct pd_diag *diag);
int pg_commit(struct pd_store *s, struct pd_diag *diag);
void pg_rollback(struct pd_store *s);
int pg_savepoint(struct pd_store *s, int op, struct pd_diag *diag);
int pg_begin_bulk(struct pd_store *s, struct pd_diag *diag);
int pg_wait_change(struct pd_store *s, int timeout_ms, struct pd_diag *diag);
int pg_table_rows(struct pd_store *s, const char *table, char **cols,
		  pd_store_row_fn fn, void *arg, struct pd_diag *diag);
int pg_table_insert(struct pd_store *s, const char *table, const char *cols,
		    const char *const *col, int n, struct pd_diag *diag);
int pg_table_done(struct pd_store *s, struct pd_diag *diag);


/* The migrations, oldest first (schema.c). */
extern const char *const pd_pg_migrations[];
extern const size_t pd_pg_nmigrations;

#endif
