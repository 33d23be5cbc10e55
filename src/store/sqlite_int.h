/* sqlite_int.h -- what the files of the SQLite backend share. */
#ifndef PODIUM_SQLITE_INT_H
#define PODIUM_SQLITE_INT_H

#include <sqlite3.h>

#include "podium/buf.h"
#include "podium/store.h"

#define PD_STMT_CACHE 32

struct pd_store {
	sqlite3 *db;
	const char *path;
	long version;	/* of the change under way (pd_store_change) */
	struct {
		const char *sql;	/* a static string: keyed by address */
		sqlite3_stmt *st;
	} cache[PD_STMT_CACHE];
};

/* Fill diag with what SQLite said about the last call; PD_ESTORE. */
int pd_sqlite_fail(struct pd_store *s, struct pd_diag *diag, const char *what);
int pd_sqlite_prepare(struct pd_store *s, sqlite3_stmt **st, const char *sql,
		      struct pd_diag *diag);
/* A prepared statement for sql kept for the life of the store: sql must
 * be a string with static storage.  The caller resets it after use and
 * never finalizes it.  Bulk imports write a million rows through a few
 * statements; preparing each time cost more than the inserts. */
int pd_sqlite_cached(struct pd_store *s, sqlite3_stmt **st, const char *sql,
		     struct pd_diag *diag);

/* A malloc'd copy of column i's text ("" for NULL); NULL on no memory. */
char *pd_sqlite_dup(sqlite3_stmt *st, int i);

#endif
