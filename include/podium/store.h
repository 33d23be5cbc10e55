/* store.h -- where a Games' facts are kept: the store interface.
 *
 * The store holds Games, NPCs, sports, events, medals and published tables.
 * It never holds standings: those are computed from a tally on demand.
 *
 * Every write goes through one transaction: the caller brackets an import
 * with pd_store_begin() and pd_store_commit(), and on any error calls
 * pd_store_rollback(), so an import lands whole or not at all.  Each write
 * also bumps the Games' version so readers can tell the table moved.
 *
 * struct pd_store is opaque.  Behind it is one backend, chosen by the
 * address given to pd_store_open(): a SQLite file (src/store/sqlite/, WAL
 * mode, foreign keys on, the schema brought up to date on open through
 * PRAGMA user_version), or -- next -- a postgresql:// URI.  The pd_store_*
 * functions of this header and of event.h, audit.h, token.h and stats.h
 * are the interface: each checks the labels it is given (src/store/
 * check.h) and hands the call to the backend's table of operations
 * (src/store/backend.h), so callers never know which backend they use.
 *
 * Every store operation exists in every backend and in the contract suite
 * (tests/unit/test_store.c), which each backend that is built must pass:
 * a new operation is added to all of them at once, never to one backend.
 *
 * Ownership: strings returned in structs are owned by the struct and freed
 * by the matching _release().
 */
#ifndef PODIUM_STORE_H
#define PODIUM_STORE_H

#include <stddef.h>
#include "buf.h"
#include "error.h"
#include "model.h"
#include "npc.h"
#include "published.h"
#include "standings.h"

struct pd_store;

/* Open (creating if absent) the store at path and migrate it.  reg fills
 * the NPC table.  PD_ESTORE with a message in diag on failure: also for
 * a SQLite file that holds another program's tables (podium's are never
 * written into it) and for one that cannot be written (a read-only file,
 * folder or mount: pd_store_open_read() reads it).  PD_EPARSE for an
 * address that names no lasting store (pd_store_address_check()). */
int pd_store_open(struct pd_store **out, const char *path,
		  const struct pd_registry *reg, struct pd_diag *diag);
/* Open the podium store at path for reading: nothing is created, neither
 * a file nor a table.  PD_ESTORE, saying 'podium init' makes one,
 * when path holds no podium store (no file, an empty one, another
 * program's database, a PostgreSQL database without podium's schema).
 * A SQLite file that cannot be written (its file, folder or mount
 * read-only) is opened read-only, and immutable when no other process
 * can be writing to it (no -wal file beside it): every read works, and a
 * write fails.  An older podium schema is brought up to date as
 * pd_store_open() does, when the file can be written. */
int pd_store_open_read(struct pd_store **out, const char *path,
		       const struct pd_registry *reg, struct pd_diag *diag);
/* 0 if path can name a store that outlives the process; PD_EPARSE, saying
 * so, for "" and ":memory:", which SQLite takes for a database in memory
 * or in a temporary file, thrown away when it is closed: whatever was
 * written there (a token, an import) would be reported done and lost. */
int pd_store_address_check(const char *path, struct pd_diag *diag);
void pd_store_close(struct pd_store *s);
/* Non-zero if path names a PostgreSQL database (a postgresql:// or
 * postgres:// URI) rather than a SQLite file. */
int pd_store_is_postgres(const char *path);

/* Begin a write transaction.  PD_ESTALE first when the store is no longer
 * the one at its address (pd_store_here()): a write then would be
 * acknowledged and lost. */
int pd_store_begin(struct pd_store *s, struct pd_diag *diag);
/* pd_store_begin() for a bulk write (an import of tens of thousands of
 * rows): the backend may check the foreign keys of the whole store once,
 * before the commit, rather than at every row.  A row that breaks one
 * fails the commit then, and the transaction is rolled back whole.  No
 * ON DELETE action may be needed in it: what a delete would leave
 * dangling fails that check too. */
int pd_store_begin_bulk(struct pd_store *s, struct pd_diag *diag);
/* 0 if s is still the store at the address it was opened with; PD_ESTALE,
 * saying so in diag, when it is not: a SQLite file removed or replaced
 * since it was opened (what is written to the unlinked file is gone at
 * the next start).  A PostgreSQL database is reached by name, never by
 * an inode, so it is always still there. */
int pd_store_here(struct pd_store *s, struct pd_diag *diag);
/* A read transaction: everything read until pd_store_rollback() sees one
 * version of the store, whatever other connections write meanwhile (WAL
 * snapshot isolation), and no writer waits for it. */
int pd_store_begin_read(struct pd_store *s, struct pd_diag *diag);
int pd_store_commit(struct pd_store *s, struct pd_diag *diag);
void pd_store_rollback(struct pd_store *s);
/* Group commit: one transaction, and one sync to disk, for several
 * writes.  Between pd_store_group_begin() and pd_store_group_commit(),
 * each pd_store_begin() opens a savepoint, its pd_store_commit()
 * releases it and its pd_store_rollback() undoes that write alone, so
 * each write is still its own change (its version, its audit entry) and
 * one that fails leaves the others; pd_store_begin_read() starts nothing
 * (the group's reads see what it wrote).  Nothing is durable, or seen by
 * another connection, before pd_store_group_commit() returns 0; when it
 * fails, none of the group's writes was made.  The group holds the
 * writers' lock from its begin to its end. */
int pd_store_group_begin(struct pd_store *s, struct pd_diag *diag);
int pd_store_group_commit(struct pd_store *s, struct pd_diag *diag);
/* Undo the whole group. */
void pd_store_group_rollback(struct pd_store *s);
/* Wait up to timeout_ms for another connection to commit a change to the
 * store: 1 as soon as one has (or may have: after a lost connection to a
 * server, every version must be read again), 0 when none came in time.
 * The first call only starts listening and returns 0 at once.  Outside a
 * transaction; a connection that waits is best kept for waiting
 * (podium serve keeps one for it).  SQLite sees another connection's
 * commit in PRAGMA data_version; PostgreSQL through LISTEN podium, which
 * every change NOTIFYs at its commit. */
int pd_store_wait_change(struct pd_store *s, int timeout_ms,
			 struct pd_diag *diag);
/* Keep at most about kib KiB of the store's pages in this connection's
 * memory from now on (what pd_store_open() sets suits a whole-Games
 * import: 16 MiB).  A long-running reader of a growing store, such as
 * podium serve's connections, would otherwise hold its cache growing
 * toward that cap.  SQLite: the connection's page cache; PostgreSQL keeps
 * its pages in the server, so there is nothing to cap here.  PD_EINVAL
 * if kib is below 1. */
int pd_store_cache_limit(struct pd_store *s, long kib, struct pd_diag *diag);

/* Every table of the store, in an order where each table's rows refer
 * only to tables before it (so a copy loads in this order), NULL-ended:
 * the list every backend has, and every later table joins. */
extern const char *const pd_store_tables[];

/* A row of a table as text: col[0..n) in the table's column order, NULL
 * for SQL NULL, a byte string (a token's hash) as hexadecimal. */
typedef int (*pd_store_row_fn)(const char *const *col, int n, void *arg);

/* Every row of table, in the order of all its columns; fn's non-zero
 * return stops and is returned.  *cols (if not NULL) receives the column
 * names joined by ',' (malloc'd) before the first row, so fn may use
 * them; the caller frees it, whatever the result. */
int pd_store_table_rows(struct pd_store *s, const char *table, char **cols,
			pd_store_row_fn fn, void *arg, struct pd_diag *diag);
/* Add one row of text to table, columns named by cols (as
 * pd_store_table_rows gives them), inside a transaction; ids are kept as
 * given.  pd_store_table_done() after the last row of a copy (PostgreSQL
 * moves its id sequences past the ids copied). */
int pd_store_table_insert(struct pd_store *s, const char *table,
			  const char *cols, const char *const *col, int n,
			  struct pd_diag *diag);
int pd_store_table_done(struct pd_store *s, struct pd_diag *diag);

/* Insert or update a Games (inside a transaction).  Its version is kept. */
int pd_store_games_put(struct pd_store *s, const struct pd_games *g,
		       struct pd_diag *diag);
/* PD_ENOTFOUND if there is no such Games. */
int pd_store_games_get(struct pd_store *s, const char *code,
		       struct pd_games *out, struct pd_diag *diag);
/* All Games in the store, by code; *out is an array of *n to release with
 * pd_games_list_free(). */
int pd_store_games_list(struct pd_store *s, struct pd_games **out,
			size_t *n, struct pd_diag *diag);

/* Remove a Games and everything it holds (its events, results,
 * sanctions, published tables and audit entries), keeping a record of
 * the removal (who, the command, why, the version it had) in the store's
 * list of removed Games; inside a transaction.  PD_ENOTFOUND if there is
 * no such Games. */
int pd_store_games_remove(struct pd_store *s, const char *code,
			  const char *actor, const char *command,
			  const char *reason, struct pd_diag *diag);
/* Remove the published table games@source (inside a change);
 * PD_ENOTFOUND if there is none. */
int pd_store_published_remove(struct pd_store *s, const char *games,
			      const char *source, struct pd_diag *diag);
/* Each source of games' current results ("operator" for those entered,
 * an import's label otherwise), by label, with how many results. */
typedef int (*pd_source_fn)(const char *source, size_t results, void *arg);
int pd_store_result_sources(struct pd_store *s, const char *games,
			    pd_source_fn fn, void *arg, struct pd_diag *diag);
/* The same for one event's current results. */
int pd_store_event_sources(struct pd_store *s, long event, pd_source_fn fn,
			   void *arg, struct pd_diag *diag);

/* Replace the published table games@source with p (inside a transaction).
 * file names where it came from, for the record. */
int pd_store_published_put(struct pd_store *s, const char *games,
			   const char *source, const struct pd_published *p,
			   const char *file, struct pd_diag *diag);
/* PD_ENOTFOUND if games@source is absent. */
int pd_store_published_get(struct pd_store *s, const char *games,
			   const char *source, struct pd_published *out,
			   struct pd_diag *diag);
/* The source labels of a Games' published tables, sorted, into *out
 * (to release with pd_strings_release()). */
int pd_store_published_sources(struct pd_store *s, const char *games,
			       struct pd_strings *out, struct pd_diag *diag);

/* Start a change to games inside a transaction: bump its version, and
 * log who did what and why in the audit log.  Every row the change writes
 * carries the new version (*version, if not NULL), so the state before it
 * can be rebuilt. */
int pd_store_change(struct pd_store *s, const char *games, const char *actor,
		    const char *command, const char *reason, long *version,
		    struct pd_diag *diag);

/* The id of games' event (sport, name, gender), created (official, with
 * sport's default policy) if absent.  Call inside pd_store_change(). */
int pd_store_event_ensure(struct pd_store *s, const char *games,
			  const char *sport, const char *name,
			  const char *gender, const char *date, int team,
			  long *id, struct pd_diag *diag);

/* Replace every medal of games that came from source with v[0..n): each
 * medal becomes an official event's result ranked 1, 2 or 3, from which
 * the medal follows again.  Call inside pd_store_change(). */
int pd_store_medals_replace(struct pd_store *s, const char *games,
			    const char *source, const struct pd_medal_rec *v,
			    size_t n, struct pd_diag *diag);

/* Derive every medal of the query's events (src/core decides them from
 * the results under each event's policy) and call fn for each, in event
 * order; a non-zero return from fn stops and is returned. */
int pd_store_medals(struct pd_store *s, const struct pd_query *q,
		    pd_medal_fn fn, void *arg, struct pd_diag *diag);

/* What changed in games after version since, for one who holds its
 * medals as of since (podium serve): the ids of the events whose medals
 * may have moved, ascending, in *ids (malloc'd, *n of them; the caller
 * frees it), and in *removed how many times a Games of that code has been
 * removed.  An id 0 stands for every event: a change too wide to name its
 * events (an import, a sanction lifted).  A Games removed and made again
 * starts its versions afresh, so what is held is good only while
 * *removed is what it was when it was read.  pd_store_change() and the
 * writes after it record the events they touch as they write: a result,
 * a status, an event's policy, a team, a sanction. */
int pd_store_events_changed(struct pd_store *s, const char *games,
			    long since, long **ids, size_t *n, long *removed,
			    struct pd_diag *diag);

/* pd_store_medals() of the events ids[0..n) of the query alone (ascending,
 * as pd_store_events_changed() gives them; an id not of the query's
 * Games is none of its events): what the full walk would call fn with
 * for those events, in the same order.  fn must not call it again. */
int pd_store_medals_of(struct pd_store *s, const struct pd_query *q,
		       const long *ids, size_t n, pd_medal_fn fn, void *arg,
		       struct pd_diag *diag);

/* The tally of a Games' medals (official events, now); only those of
 * sport when sport is not NULL.  *nmedals (if not NULL) receives the
 * number of medals. */
int pd_store_tally(struct pd_store *s, const char *games, const char *sport,
		   struct pd_tally *t, size_t *nmedals, struct pd_diag *diag);
/* The same for any query. */
int pd_store_tally_q(struct pd_store *s, const struct pd_query *q,
		     struct pd_tally *t, size_t *nmedals,
		     struct pd_diag *diag);
/* The sports of a Games' events, sorted, into *out. */
int pd_store_sports(struct pd_store *s, const char *games,
		    struct pd_strings *out, struct pd_diag *diag);

#endif
