/* sqlite_int.h -- what the files of the SQLite backend share: its store
 * struct, its helpers, and the operations sqlite.c puts in its table (each
 * as the pd_store_* function of the same name describes it). */
#ifndef PODIUM_SQLITE_INT_H
#define PODIUM_SQLITE_INT_H

#include <sys/stat.h>
#include <sys/types.h>

#include <sqlite3.h>

#include "../backend.h"
#include "podium/buf.h"

/* statements kept per connection: every one of the operations (a prime,
 * for the cache's hash of their addresses) */
#define PD_STMT_CACHE 331

struct pd_sqlite {
	struct pd_store base;	/* first: a pd_store * is a pd_sqlite * */
	sqlite3 *db;
	const char *path;
	/* the file opened: the path's device and inode then (have_file 0
	 * for an in-memory database) */
	dev_t dev;
	ino_t ino;
	int have_file;
	/* the file's header (its first 100 bytes) as this connection last
	 * saw it, to tell a file written over in place (a restore with
	 * cat or cp) from SQLite's own checkpoints: pd_sqlite_here */
	unsigned char head[100];
	int have_head;
	long data_version;	/* as last seen by pd_store_wait_change */
	int listening;
	/* the row insert of a copy under way (sqlite_tables.c) */
	sqlite3_stmt *ins_st;
	char ins_table[32];
	unsigned long long ins_blobs;	/* which of its columns are BLOBs */
	struct {
		const char *sql;	/* a static string: keyed by address */
		sqlite3_stmt *st;
	} cache[PD_STMT_CACHE];
	/* the page cache asked for (KiB, pd_sqlite_cache_limit), which a
	 * bulk transaction raises for its length */
	long cache_kib;
};

static inline struct pd_sqlite *pd_sqlite_of(struct pd_store *s)
{
	return (struct pd_sqlite *)s;
}

/* This backend's driver (sqlite_driver.c). */
extern const struct pd_driver pd_sqlite_driver;
/* Run sql (no parameters; may hold several statements): 0, or PD_ESTORE
 * with SQLite's message. */
int pd_sqlite_exec(struct pd_sqlite *s, const char *sql, struct pd_diag *diag);
/* Fill diag with what SQLite said about the last call; PD_ESTORE. */
int pd_sqlite_fail(struct pd_sqlite *s, struct pd_diag *diag, const char *what);
/* The end of a loop of sqlite3_step over st (prepared, not cached): ret
 * as the loop left it, or pd_sqlite_fail(what) when it is 0 and the last
 * step's rc is not SQLITE_DONE; st finalized after the message is read. */
int pd_sqlite_read_end(struct pd_sqlite *s, sqlite3_stmt *st, int ret,
		       int rc, const char *what, struct pd_diag *diag);
/* The same for a cached statement (pd_sqlite_cached): st reset, and its
 * bindings cleared, instead of finalized. */
int pd_sqlite_cached_end(struct pd_sqlite *s, sqlite3_stmt *st, int ret,
			 int rc, const char *what, struct pd_diag *diag);
int pd_sqlite_prepare(struct pd_sqlite *s, sqlite3_stmt **st, const char *sql,
		      struct pd_diag *diag);
/* Whether the store breaks no foreign key, checked at the end of a bulk
 * transaction (sqlite_fk.c): 0, or PD_ESTORE with the first row that
 * breaks one named in diag. */
int pd_sqlite_fk_check(struct pd_sqlite *s, struct pd_diag *diag);
/* A prepared statement for sql kept for the life of the store: sql must
 * be a string with static storage.  The caller resets it after use and
 * never finalizes it.  Bulk imports write a million rows through a few
 * statements; preparing each time cost more than the inserts. */
int pd_sqlite_cached(struct pd_sqlite *s, sqlite3_stmt **st, const char *sql,
		     struct pd_diag *diag);

void pd_sqlite_close(struct pd_store *s);
int pd_sqlite_here(struct pd_store *s, struct pd_diag *diag);
int pd_sqlite_cache_limit(struct pd_store *s, long kib, struct pd_diag *diag);
int pd_sqlite_begin(struct pd_store *s, struct pd_diag *diag);
int pd_sqlite_begin_read(struct pd_store *s, struct pd_diag *diag);
int pd_sqlite_wait_change(struct pd_store *s, int timeout_ms,
			  struct pd_diag *diag);
int pd_sqlite_table_rows(struct pd_store *s, const char *table, char **cols,
			 pd_store_row_fn fn, void *arg, struct pd_diag *diag);
int pd_sqlite_table_insert(struct pd_store *s, const char *table,
			   const char *cols, const char *const *col, int n,
			   struct pd_diag *diag);
int pd_sqlite_table_done(struct pd_store *s, struct pd_diag *diag);
int pd_sqlite_commit(struct pd_store *s, struct pd_diag *diag);
void pd_sqlite_rollback(struct pd_store *s);
/* the derive of some events, and what each change touched
 * (sqlite_derive.c) */
int pd_sqlite_begin_bulk(struct pd_store *s, struct pd_diag *diag);

#endif
