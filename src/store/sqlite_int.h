/* sqlite_int.h -- what the files of the SQLite backend share. */
#ifndef PODIUM_SQLITE_INT_H
#define PODIUM_SQLITE_INT_H

#include <sqlite3.h>

#include "podium/buf.h"
#include "podium/store.h"

struct pd_store {
	sqlite3 *db;
	const char *path;
	long version;	/* of the change under way (pd_store_change) */
};

/* Fill diag with what SQLite said about the last call; PD_ESTORE. */
int pd_sqlite_fail(struct pd_store *s, struct pd_diag *diag, const char *what);
int pd_sqlite_prepare(struct pd_store *s, sqlite3_stmt **st, const char *sql,
		      struct pd_diag *diag);
/* A malloc'd copy of column i's text ("" for NULL); NULL on no memory. */
char *pd_sqlite_dup(sqlite3_stmt *st, int i);

#endif
