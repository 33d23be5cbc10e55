/* backend.h -- what a store backend implements: the table of operations
 * behind the public pd_store_* functions (store.h and the headers beside
 * it), for src/store alone.
 *
 * A backend's own store struct embeds struct pd_store first, so a pointer
 * to either is a pointer to both, and sets ops to its one static table.
 * The public functions (store.c) dispatch through ops and keep everything
 * that does not depend on how the facts are kept:
 *
 *   - they check every label before a backend sees it (check.h), so a
 *     backend may assume what it writes passed the label rules, and a
 *     backend never checks again;
 *   - they build the derived reads (pd_store_tally, pd_store_tally_q,
 *     pd_store_medallists, pd_store_credits) from the backend's medals
 *     and team members.
 *
 * Each entry has exactly the public function's signature and contract
 * (what it writes, what it returns on failure); none may be NULL.  A new
 * store operation is not a new entry here: it is written once above the
 * drivers (driver.h, ops.h), called from store.c, with a case in the
 * contract suite (tests/unit/test_store.c).  This table holds what each
 * backend does on its own (opening, transactions, waiting for a change,
 * whole-table copies) and the operations not yet written once.
 *
 * An operation that needs another (an import's event inside
 * pd_store_medals_replace) calls its pd_db_* implementation, not the
 * public function, so the labels are checked once.
 */
#ifndef PODIUM_STORE_BACKEND_H
#define PODIUM_STORE_BACKEND_H

#include "podium/audit.h"
#include "podium/event.h"
#include "podium/record.h"
#include "podium/store_report.h"
#include "podium/stats.h"
#include "podium/store.h"
#include "podium/store_units.h"
#include "podium/token.h"
#include "driver.h"

/* The figures of a Games a backend counts in its own SQL; the columns of
 * each row, in order, as text (NULL for SQL NULL). */
enum pd_figure {
	PD_FIGURE_RESULTS,	/* results now; those beyond a medal place */
	PD_FIGURE_ATHLETES,	/* athletes; women; men; NPCs */
	PD_FIGURE_SPORTS,	/* one row a sport: name; events */
	PD_FIGURE_RECORDS,	/* one row a result with records: records */
	PD_FIGURE_SANCTIONS,	/* one row a mode in force: mode; count */
	PD_FIGURE_MEMBERS,	/* one row a team member: team id; athlete
				 * id; name; NPC; by team, name, id */
	PD_FIGURE_ENTRIES,	/* one row an entry: event id; sport; event;
				 * its gender; athlete id; name; NPC; gender;
				 * a result (0/1) */
	PD_FIGURE_PARTICIPANTS,	/* one row an NPC or sport: "npc" or "sport";
				 * key; athletes; women; men */
	PD_FIGURE_FIRST_GAMES,	/* one row an NPC taking part: code; at an
				 * earlier Games (0/1); earlier Games */
	PD_FIGURES
};

/* the most columns a figure's row has */
#define PD_FIGURE_COLS 12

typedef int (*pd_row_fn)(const char *const *col, void *arg);

enum { PD_SAVEPOINT_BEGIN, PD_SAVEPOINT_RELEASE, PD_SAVEPOINT_ROLLBACK };

struct pd_store_ops {
	const char *name;	/* "sqlite": for messages and the tests */

	/* transactions, Games, published tables, medals (store.h) */
	void (*close)(struct pd_store *s);
	int (*begin)(struct pd_store *s, struct pd_diag *diag);
	int (*here)(struct pd_store *s, struct pd_diag *diag);
	int (*begin_read)(struct pd_store *s, struct pd_diag *diag);
	int (*commit)(struct pd_store *s, struct pd_diag *diag);
	void (*rollback)(struct pd_store *s);

	/* tokens (token.h) */

	/* figures (stats.h) */
	/* the rows of one figure of a Games (enum pd_figure), each as
	 * text: store.c makes the statistics and the team members of them */

	/* other connections' changes (store.h) */
	/* a group's write (store.c): PD_SAVEPOINT_BEGIN, _RELEASE or
	 * _ROLLBACK (to it, and release it) inside the open transaction */
	int (*savepoint)(struct pd_store *s, int op, struct pd_diag *diag);
	int (*wait_change)(struct pd_store *s, int timeout_ms,
			   struct pd_diag *diag);

	/* whole tables, for a copy between stores (store.h) */
	int (*table_rows)(struct pd_store *s, const char *table, char **cols,
			  pd_store_row_fn fn, void *arg, struct pd_diag *diag);
	int (*table_insert)(struct pd_store *s, const char *table,
			    const char *cols, const char *const *col, int n,
			    struct pd_diag *diag);
	int (*table_done)(struct pd_store *s, struct pd_diag *diag);

	/* records (record.h) */

	/* facts (store_report.h) */

	/* elections (store_report.h) */
	/* mark the voter and keep their sealed box (store_report.h) */
	/* each sealed box of an election: col[0] */
	/* choices sorted by store.c; text: "3,7,12" */
	/* each ballot as its id and its choices' text, by id */

	/* matches (store_report.h) */

	/* anti-doping cases (store_report.h) */

	/* the operator's desk (event.h, audit.h) */

	/* a write transaction whose foreign keys may be checked once, at
	 * the commit (store.h) */
	int (*begin_bulk)(struct pd_store *s, struct pd_diag *diag);
	/* a connection's memory (store.h) */
	int (*cache_limit)(struct pd_store *s, long kib, struct pd_diag *diag);

	/* what each change touched (store.h): store.c records each event
	 * a change writes (0: every event) with touch, inside the change */
	int (*touch)(struct pd_store *s, const char *games, long version,
		     long event, struct pd_diag *diag);
};

/* The events a change touched, as store.c records them: the change under
 * way (its Games, and version 0 when there is none), the last event it
 * recorded, and how many it has. */
struct pd_touch {
	char games[PD_GAMES_CODE];
	long version, last;
	size_t n;
};

struct pd_store {
	const struct pd_store_ops *ops;
	/* how a statement runs on it (driver.h): the operations written
	 * once (ops_*.c) run on any backend through it */
	const struct pd_driver *drv;
	/* where it is, for messages: a path, or a URI without password */
	const char *where;
	long version;	/* of the change under way (pd_store_change) */
	/* a group of writes under way (pd_store_group_begin, store.c):
	 * each write's begin, commit and rollback are a savepoint's */
	int group;
	int in_savepoint;	/* a write of the group is open */
	/* the Games whose row the group holds locked ("" none), at version
	 * (a write of it done and released: ops_games.c's next change of
	 * it is sent without waiting for its version) */
	char held[PD_GAMES_CODE];
	/* held has no sanction (read in this group): none can come but by
	 * the group's own writes, which forget it (store.c) */
	int held_unsanctioned;
	/* a bulk transaction under way (begin_bulk): SQLite's has its
	 * foreign keys off, checked whole before its commit, and the
	 * operations' bulk inserts are OR FAIL there (no statement
	 * journal); PostgreSQL's is a plain one and leaves it 0 */
	int bulk;
	struct pd_touch touch;	/* store.c's alone */
};

/* Open (creating if absent) the SQLite file at path and migrate it
 * (src/store/sqlite/sqlite.c); as pd_store_open(), or with read non-zero
 * as pd_store_open_read(). */
int pd_sqlite_open(struct pd_store **out, const char *path,
		   const struct pd_registry *reg, int read,
		   struct pd_diag *diag);

/* Connect to the PostgreSQL database at a libpq URI and migrate it
 * (src/store/postgres/pg_ops.c); as pd_store_open(), or with read
 * non-zero as pd_store_open_read() (a database without podium's schema
 * is refused, and none is made in it). */
int pd_pg_open(struct pd_store **out, const char *uri,
	       const struct pd_registry *reg, int read, struct pd_diag *diag);

#endif
