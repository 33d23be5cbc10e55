/* driver.h -- what a store backend is below the operations: a driver
 * that runs one statement with parameters and steps through its rows, as
 * SQLite's VFS is a few calls below everything else.
 *
 * The operations (src/store/ops_*.c) are written once, above the
 * drivers: each builds a struct pd_q (query.c: the statement, its
 * parameters, what it does for messages), steps it, reads its columns and
 * ends it.  A statement's text is PostgreSQL's $N form, which the SQLite
 * driver reads as ?N; where the two dialects really differ (an upsert,
 * RETURNING, a date function) the operation keeps both texts side by side
 * in a struct pd_sql and the driver's dialect picks one.
 *
 * A statement's text has static storage: the drivers keep what they made
 * of it (SQLite's prepared statement, PostgreSQL's named statement on the
 * connection) keyed by its address, for the life of the connection.  Text
 * built for one run says so (pd_q_once) and is not kept.
 *
 * What a driver owns besides (opening and migrating, transactions and
 * savepoints, waiting for another connection's change, whole-table
 * copies) is in its table of backend.h. */
#ifndef PODIUM_STORE_DRIVER_H
#define PODIUM_STORE_DRIVER_H

#include <stddef.h>

#include "podium/error.h"

struct pd_store;

enum pd_dialect { PD_DIALECT_SQLITE, PD_DIALECT_PG };

/* One statement in each dialect, where they differ. */
struct pd_sql {
	const char *sqlite, *pg;
};

enum pd_param_type {
	PD_PARAM_NULL, PD_PARAM_TEXT, PD_PARAM_INT, PD_PARAM_DOUBLE,
	PD_PARAM_BLOB
};

struct pd_param {
	enum pd_param_type type;
	const char *s;		/* text or blob, borrowed until the end */
	long long i;
	double d;
	size_t n;		/* a blob's bytes */
};

#define PD_Q_PARAMS 16

/* A statement under way: the operation's part, then the driver's. */
struct pd_q {
	struct pd_store *s;
	const char *sql;	/* static, unless once */
	const char *what;	/* "add the token": for messages */
	int once;
	int n, room;		/* parameters given; room for them in p */
	struct pd_param *p;	/* own[], or room made (pd_q_room) */
	/* the driver's: its statement or result, the row it is on */
	void *st;
	int started, row, rows, owned;
	long changes;		/* rows the statement wrote, once done */
	long long id;		/* SQLite: the last row inserted */
	int broke;		/* what a failed write broke: PD_BROKE_* */
	struct pd_param own[PD_Q_PARAMS];
};

/* the constraint a write broke, as both drivers tell it */
enum { PD_BROKE_NONE, PD_BROKE_UNIQUE, PD_BROKE_FOREIGN_KEY, PD_BROKE_OTHER };

struct pd_driver {
	enum pd_dialect dialect;
	/* The next row of q, running it at the first call: 1 a row, 0 no
	 * more (a write: done, changes and id set), or the store's error
	 * in diag, naming q->what: PD_EEXISTS for a unique key broken,
	 * PD_EAWAY for a server that went away, else PD_ESTORE. */
	int (*step)(struct pd_q *q, struct pd_diag *diag);
	/* column c of the row, NULL for SQL NULL (valid until the next
	 * step or the end) */
	const char *(*text)(const struct pd_q *q, int c);
	int (*columns)(const struct pd_q *q);
	long long (*integer)(const struct pd_q *q, int c);
	double (*real)(const struct pd_q *q, int c);
	/* a blob's bytes copied into out[0..size): how many it has */
	size_t (*blob)(const struct pd_q *q, int c, unsigned char *out,
		       size_t size);
	/* q's statement ended: reset and kept, or let go */
	void (*end)(struct pd_q *q);
	/* q, a write whose answer is not read, kept to be sent with the
	 * next statement (PostgreSQL: one round trip for both); its
	 * error is that statement's.  NULL: run now (SQLite has no round
	 * trips to save). */
	int (*later)(struct pd_q *q, struct pd_diag *diag);
};

#endif
