/* ops.h -- the writes a results operator makes, each one whole change.
 *
 * The CLI and the HTTP server make the same writes, so each lives here
 * once (src/app/ops.c, and src/app/import.c for the imports): look up what
 * the write names, open a transaction, bump the Games' version with an
 * audit entry (who, the command, why), write, commit.  On any failure the
 * transaction is rolled back and diag says why, so the store is exactly as
 * it was.  Works on the store interface only; nothing here prints: what a
 * front end shows as a write goes (progress, a new Games) comes back
 * through struct pd_op_notify, and what it did through struct
 * pd_op_done.
 *
 * This is one header of the application layer, src/app (see app.h for the
 * others): the front ends, src/cli and src/http, call it and nothing below.
 */
#ifndef PODIUM_OPS_H
#define PODIUM_OPS_H

#include <stddef.h>
#include "audit.h"
#include "catalogue.h"
#include "entries.h"
#include "io.h"
#include "error.h"
#include "event.h"
#include "npc.h"
#include "published.h"
#include "store.h"

/* Who asked, how, and why: written to the audit log. */
struct pd_who {
	const char *actor;	/* a user or a token's name */
	const char *command;	/* the command line or "POST /api/..." */
	const char *reason;	/* may be NULL */
	/* the Games' version the writer last saw (HTTP If-Match), or 0 for
	 * any: a change to a Games at another version is refused with
	 * PD_EMOVED, the current version in *version, nothing written */
	long expect;
	/* the Games the writer names (the URL's), or NULL: a result write
	 * to an event of another Games, or to none, is then PD_ENOTFOUND
	 * with nothing said in the diagnostic (the caller says it) */
	const char *games;
};

/* What a write tells its caller as it goes.  Any member may be NULL, and
 * so may the whole struct wherever one is taken: the CLI draws a progress
 * line and names a new Games on stderr, the server has no one to tell. */
struct pd_op_notify {
	/* done of total input rows written; called for every row, so it
	 * must be cheap (look at the clock seldom) */
	void (*progress)(void *arg, size_t done, size_t total);
	/* a copy filled table with rows rows (pd_op_migrate) */
	void (*table)(void *arg, const char *table, size_t rows);
	void *arg;
};

/* What a write did, for its front end to say: the CLI on stderr (said),
 * the API in its answer's fields (changes, medals).  The caller owns it:
 * pd_op_done_init(), pass it to any number of writes (each resets it),
 * pd_op_done_release().  A write that fails leaves it empty. */
struct pd_op_done {
	long version;		/* made; the current one when unchanged */
	int unchanged;		/* nothing changed: no version was made */
	/* JSON lists, as text ("[]" when empty):
	 * changes  {"what", "field", "before", "after"} per field changed
	 *          (what names the competitor or the event; none is ""),
	 *          as kept in the change's audit entry;
	 * medals   {"event", "medal", "rank", "npc", "name", "rule"} for the
	 *          medals each event written now awards, with the rule
	 *          that decided each (pd_medal_rule_text()), and one with
	 *          medal "" for each result a rule kept off the podium */
	char *changes, *medals;
	struct pd_strings said;	/* lines for a person, in that order */
};

void pd_op_done_init(struct pd_op_done *d);
void pd_op_done_release(struct pd_op_done *d);
/* Each change of a changes list (as pd_op_done and the audit entries
 * keep it) as a line "WHAT: FIELD BEFORE -> AFTER", added to out.
 * PD_EPARSE if changes is not such a list. */
int pd_op_changes_lines(const char *changes, struct pd_strings *out);

/* Make sure the Games code exists, taking its names from the bundled
 * Games list (data/games.tsv).  A code neither in the store nor in that
 * list is PD_ENOTFOUND, the message naming the closest codes: a typo
 * never makes a Games ('podium games add' makes a new one).  Call inside
 * a transaction (the writes below that may make a Games do). */
int pd_op_games_ensure(struct pd_store *s, const char *code,
		       const struct pd_op_notify *nt, struct pd_diag *diag);

/* A Games as 'podium games add|rename' gives it; NULL: not given. */
struct pd_games_input {
	const char *code;		/* required */
	const char *name_en, *name_zh;
	const char *kind;		/* olympics, paralympics */
	const char *season;		/* summer, winter */
	const char *host;		/* an NPC code */
	const char *start, *end;	/* ISO dates */
};

/* Make a new Games (PD_EEXISTS if it is there), one audited change. */
int pd_op_games_add(struct pd_store *s, const struct pd_games_input *in,
		    const struct pd_who *who, struct pd_op_done *done,
		    struct pd_diag *diag);
/* Change the fields in gives of Games in->code; unchanged when none
 * differs. */
int pd_op_games_rename(struct pd_store *s, const struct pd_games_input *in,
		       const struct pd_who *who, struct pd_op_done *done,
		       struct pd_diag *diag);
/* Remove a Games with everything it holds; while it holds events or
 * published tables, only with force (PD_EEXISTS otherwise).  The removal
 * is recorded in the store (pd_store_games_remove()). */
int pd_op_games_remove(struct pd_store *s, const char *games, int force,
		       const struct pd_who *who, struct pd_op_done *done,
		       struct pd_diag *diag);
/* Remove games@source: a published table, or an imported source's
 * results (and so its medals), in one change.  PD_ENOTFOUND if games has
 * neither. */
int pd_op_source_remove(struct pd_store *s, const char *games,
			const char *source, const struct pd_who *who,
			struct pd_op_done *done, struct pd_diag *diag);

/* How an import of medals meets the medals a Games holds from another
 * imported source: a Games ranks its own results and one medal source. */
enum pd_source_mode {
	PD_SOURCE_ONLY,		/* refused (PD_EEXISTS) if another is there */
	PD_SOURCE_REPLACE,	/* the other sources' results are ended */
	PD_SOURCE_ALTERNATIVE	/* kept apart as GAMES@SOURCE, a table */
};

/* An event to add; the strings are borrowed. */
struct pd_event_input {
	const char *sport, *name;	/* required */
	const char *gender;		/* "M", "W", "X" or "" */
	/* NULL: not given (a new event has none, its sport's default
	 * policy, and is scheduled) */
	const char *sport_class;	/* T54, S9 ... */
	const char *date;
	const char *policy;
	const char *status;		/* a new event's only */
	int team;			/* 1: a team event */
	/* how ranks follow from marks: "asc" (lower is better), "desc",
	 * or NULL / "" (by hand) */
	const char *order;
};

/* Add games' event in (the Games made if absent).  An event is its Games,
 * sport, name and gender.  One that exists is not changed: when in agrees
 * with it on every field in gives (status aside, which only
 * pd_op_event_status() changes) nothing is written and no version made,
 * *unchanged (if not NULL) is set and *version is the Games' current one;
 * when a field differs it is PD_EEXISTS, the message naming the field.
 * Adding again must never reset an event: it once set an official event
 * back to scheduled, and its medals went.  *id receives the event's id
 * (also with PD_EEXISTS), *version (if not NULL) the new version. */
int pd_op_event_add(struct pd_store *s, const char *games,
		    const struct pd_event_input *in, int *unchanged,
		    const struct pd_who *who, const struct pd_op_notify *nt,
		    long *id, long *version, struct pd_diag *diag);

/* One competitor's result: an athlete by id, or by npc and name (added
 * if new), or a team of the event by npc and team name. */
struct pd_result_input {
	long athlete;
	const char *npc;	/* any name the registry resolves */
	const char *name;
	const char *team;
	long rank;		/* 0 for none */
	const char *mark;
	const char *irm;	/* "" or an IRM code */
	const char *records;
	double value;
	int has_value;
	/* pd_op_result_set() and pd_op_results_patch() change a result
	 * field by field: a string NULL, !has_rank or !has_value keeps what
	 * is stored, "" clears it.  A mark given without a value sets the
	 * value read from it (pd_mark_value()), or none. */
	int has_rank;
	/* where it came from, for messages: a file and its line, or (file
	 * NULL) the request's list, whose rows are named results[i] */
	const char *file;
	long line;
};

/* Set one competitor's result in event, keeping every field of their
 * earlier one that in does not give.  In an event whose ranks follow
 * from its marks (pd_event_info.order) a rank may not be given: every
 * rank is computed again from the marks, ties sharing a rank, IRMs
 * unranked.  A write that changes nothing makes no version (done:
 * unchanged).  done (if not NULL) says what was done. */
int pd_op_result_set(struct pd_store *s, const struct pd_registry *reg,
		     long event, const struct pd_result_input *in,
		     const struct pd_who *who, struct pd_op_done *done,
		     struct pd_diag *diag);
/* What a writer keeps between its single results: the results of the
 * event it last wrote, as they stood at the version its write made, so
 * that its next write there, when no other change came between (the
 * Games' version says so), does not read them all again -- in a heat of
 * 10,000 that read was most of a write.  Zeroed to start, ended with
 * pd_op_keep_release(); one per store connection, used only where its
 * writes are (under the lock that serialises them). */
struct pd_op_keep {
	void *kept;
};

void pd_op_keep_release(struct pd_op_keep *k);
/* Group commit (store.h, pd_store_group_begin): the operations made
 * between these two share one transaction and one sync, each still its
 * own change.  When the commit fails, none of them was made, and keep
 * (may be NULL), which may hold their results, is emptied. */
int pd_op_group_begin(struct pd_store *s, struct pd_diag *diag);
int pd_op_group_commit(struct pd_store *s, struct pd_op_keep *keep,
		       struct pd_diag *diag);
/* Undo the whole group: none of its operations was made (a dry run:
 * what a write would do, said and then undone), and keep (may be NULL),
 * which may hold their results, is emptied. */
void pd_op_group_rollback(struct pd_store *s, struct pd_op_keep *keep);
/* pd_op_result_set() with keep (may be NULL): the same write and the
 * same answer, the event's results taken from keep when they are still
 * those of the store, and kept there for the next write. */
int pd_op_result_set_kept(struct pd_store *s, const struct pd_registry *reg,
			  long event, const struct pd_result_input *in,
			  const struct pd_who *who, struct pd_op_keep *keep,
			  struct pd_op_done *done, struct pd_diag *diag);
/* pd_op_result_set() for in[0..n), in one change: a swap of two ranks
 * is never seen half done. */
int pd_op_results_patch(struct pd_store *s, const struct pd_registry *reg,
			long event, const struct pd_result_input *in,
			size_t n, const struct pd_who *who,
			struct pd_op_done *done, struct pd_diag *diag);
/* Replace event's whole ranking with in[0..n).  A competitor (athlete or
 * team) appears once: a second row for the same one is PD_ECONSIST naming
 * both rows, and nothing is written. */
int pd_op_results_replace(struct pd_store *s, const struct pd_registry *reg,
			  long event, const struct pd_result_input *in,
			  size_t n, const struct pd_who *who,
			  struct pd_op_done *done, struct pd_diag *diag);
/* 'podium result set EVENT --file': replace event's ranking with the
 * ranking CSV in file (see pd_results_csv_parse(); read with the io layer
 * unless data is set, and either way named in file:line messages) as
 * pd_op_results_replace() does.  *n (if not NULL) receives the rows. */
int pd_op_results_from_csv(struct pd_store *s, const struct pd_registry *reg,
			   long event, const char *file, const char *data,
			   size_t len, const struct pd_who *who,
			   struct pd_op_done *done, size_t *n,
			   struct pd_diag *diag);
/* Take one competitor's result out of event (in names them as
 * pd_op_result_set() does: an athlete id, or npc with name or team; no
 * other field), in one change that needs who->reason (PD_EINVAL
 * without) and that the log keeps; an event ranked from its marks is
 * ranked again.  PD_ENOTFOUND, nothing written, when the event has no
 * result of theirs. */
int pd_op_result_remove(struct pd_store *s, const struct pd_registry *reg,
			long event, const struct pd_result_input *in,
			const struct pd_who *who, struct pd_op_done *done,
			struct pd_diag *diag);
/* Move event to status; the same status again is unchanged.  An
 * official event moved to any other status loses its medals from the
 * table at once: that needs who->reason, and without one it is
 * PD_EINVAL and nothing is written (the log keeps the reason). */
int pd_op_status_needs_reason(const char *was, const char *status,
			      const struct pd_who *who);
int pd_op_event_status(struct pd_store *s, long event, const char *status,
		       const struct pd_who *who, struct pd_op_done *done,
		       struct pd_diag *diag);
int pd_op_sanction_add(struct pd_store *s, long athlete,
		       enum pd_sanction_mode mode, const long *events,
		       size_t n, const struct pd_who *who, long *id,
		       struct pd_op_done *done, struct pd_diag *diag);
int pd_op_sanction_lift(struct pd_store *s, long id, const struct pd_who *who,
			struct pd_op_done *done, struct pd_diag *diag);

/* The imports (src/app/import.c).  Each is one transaction; the Games is
 * made if absent (named through nt), and who's reason may be NULL. */

/* Replace games' medals from source with v[0..n), as mode says when the
 * Games holds medals from another source. */
int pd_op_medals_import(struct pd_store *s, const char *games,
			const char *source, const struct pd_medal_rec *v,
			size_t n, enum pd_source_mode mode,
			const struct pd_who *who,
			const struct pd_op_notify *nt, struct pd_diag *diag);
/* Keep p as games@source, a published table read from file. */
int pd_op_published_import(struct pd_store *s, const char *games,
			   const char *source, const struct pd_published *p,
			   const char *file, const struct pd_who *who,
			   const struct pd_op_notify *nt,
			   struct pd_diag *diag);

/* 'podium init' on a store just opened (pd_store_open() makes it, brings
 * its schema up to date and fills the NPC registry): keep the bundled
 * Athens 2004 Summer Paralympics table (data/PG2004.seed.txt, its names
 * resolved with reg) as PG2004@seed, the Games made from the bundled
 * Games list, replacing an earlier PG2004@seed and nothing else; in the
 * same change the report's figures as PG2004's facts from seed
 * (data/PG2004.facts.tsv, replacing those), and its athletes' council
 * election as a published result (data/PG2004.election.tsv, once).  *rows
 * (if not NULL) receives the table's rows. */
int pd_op_init(struct pd_store *s, const struct pd_registry *reg,
	       const struct pd_who *who, const struct pd_op_notify *nt,
	       size_t *rows, struct pd_diag *diag);

/* What pd_op_entries_import() wrote. */
struct pd_op_import_counts {
	size_t games, athletes, events, results, medals;
};

/* Write set's athletes, events and results: one transaction holding one
 * pd_store_change() per Games (its version bump and audit entry), each
 * replacing the Games' results from source.  nt->progress is told of the
 * input rows (pd_entry_result.rows) as they are written. */
int pd_op_entries_import(struct pd_store *s, const struct pd_entry_set *set,
			 const char *source, enum pd_source_mode mode,
			 const struct pd_who *who,
			 const struct pd_op_notify *nt,
			 struct pd_op_import_counts *counts,
			 struct pd_diag *diag);

/* One import as 'podium import FORMAT FILE' asks for it, whoever asks: the
 * format's name (table, medals, standings, athlete-events, paris2024,
 * medallists), the file, and the options.  A front end fills it, checks it
 * with pd_op_import_check(), then reads (parses and validates) with
 * pd_op_import_read() and writes with pd_op_import_write(), or does all
 * three with pd_op_import_run(); nothing is written unless the whole
 * input is good. */
#define PD_WALKOVER_MAX 16	/* --walkover events of one import */

struct pd_op_import_args {
	const char *format;
	/* the path ("-" for stdin; a folder for paris2024), read with the
	 * io layer unless data is set; either way the name in messages */
	const char *file;
	const char *data;	/* NULL: read file */
	size_t len;
	char games[PD_GAMES_CODE];	/* "" when not given */
	const char *source;	/* NULL: the format's own label */
	struct pd_csv_opts opts;	/* by pd_op_import_map(), _where() */
	/* --same A=B as given (codes or names), by pd_op_import_same() */
	const char *same[PD_SAME_MAX][2];
	size_t nsame;
	/* a medal the rules drop or change (notes below) refuses the
	 * import (PD_ECONSIST) instead of warning */
	int strict;
	enum pd_source_mode mode;	/* medals and results formats */
	/* units: the events (ODF codes) the operator applies the walkover
	 * rule to, NULL-ended */
	const char *walkover[PD_WALKOVER_MAX + 1];
	size_t nwalkover;
};

/* Add a --map FIELD=COLUMN (arg is split in place and must outlive a) or a
 * --where COLUMN=VALUE to a.  PD_EINVAL with the reason in diag. */
int pd_op_import_map(struct pd_op_import_args *a, char *arg,
		     struct pd_diag *diag);
int pd_op_import_where(struct pd_op_import_args *a, char *arg,
		       struct pd_diag *diag);
/* Add a --fix LINE=CODE (or LINE=-: leave the row out) to a: the NPC of a
 * row whose source lost it (medals, standings).  PD_EINVAL with the
 * reason. */
int pd_op_import_fix(struct pd_op_import_args *a, char *arg,
		     struct pd_diag *diag);
/* --same A=B: the import takes B (a code or name) as A; arg is split in
 * place and must outlive a.  PD_EINVAL with the reason. */
int pd_op_import_same(struct pd_op_import_args *a, char *arg,
		      struct pd_diag *diag);
/* --teams infer|file (athlete-events): PD_EINVAL for anything else. */
int pd_op_import_teams(struct pd_op_import_args *a, const char *arg,
		       struct pd_diag *diag);
/* Is a a whole request: a known format, --games where the format needs
 * it, --map and --where only where they apply?  PD_EINVAL with the reason
 * in diag. */
int pd_op_import_check(const struct pd_op_import_args *a,
		       struct pd_diag *diag);

enum pd_op_import_kind {
	PD_OP_IMPORT_PUBLISHED,	/* table, standings: kept as GAMES@SOURCE */
	PD_OP_IMPORT_MEDALS,	/* medals: the Games' medals from SOURCE */
	PD_OP_IMPORT_ENTRIES,	/* athletes, events and results */
	PD_OP_IMPORT_RECORDS	/* records (record.h) */
};

/* An import read and (after pd_op_import_write) written.  The caller owns
 * it, zeroed or not, and releases it with pd_op_import_release(). */
struct pd_op_import {
	enum pd_op_import_kind kind;
	char games[PD_GAMES_CODE];	/* "" for every Games of the file */
	const char *source;	/* the label written */
	const char *file;
	/* A published table's inconsistencies, in line order.  A text table
	 * that has any is refused (refused set, PD_ECONSIST): a table that
	 * disagrees with itself cannot be the record of anything; a
	 * standings CSV is a source's data, often ranked its own way (the
	 * IPC files use dense ranks), and is kept with them as warnings.
	 * A medallists file's rows that cannot be placed (no NPC, none to
	 * take from its team), every one: refused set, PD_EPARSE. */
	struct pd_problems problems;
	int refused;
	size_t n;		/* medals or table rows read */
	size_t rows;		/* input rows taken (medals, entries) */
	size_t merged;		/* team-member rows merged (medals) */
	struct pd_op_import_counts counts;	/* an entries import's writes */
	/* A medals or entries import's medals that the rules of their
	 * events drop or change (four bronzes in a two-bronze event ...),
	 * one per recorded medal, in line order (import_rules.c).  With
	 * strict, any refuses the import: refused set, PD_ECONSIST. */
	struct pd_problems notes;
	/* the bundled events catalogue (data/events.tsv), read for an
	 * import under --teams infer */
	struct pd_catalogue events;
	enum pd_source_mode mode;	/* as asked */
	const struct pd_registry *reg;	/* read's, borrowed: names rows */
	/* what was read, for pd_op_import_write() */
	struct pd_published pub;
	struct pd_medal_set medals;
	struct pd_entry_set entries;
	struct pd_record_set records;
};

/* Read and validate a's input into im (a must be checked and outlive
 * im).  The parsers' errors with file:line in diag; PD_ECONSIST with
 * im->refused set and im->problems for an inconsistent table (or
 * PD_EPARSE for a medallists file's rows it cannot place). */
int pd_op_import_read(struct pd_op_import *im,
		      const struct pd_op_import_args *a,
		      const struct pd_registry *reg, struct pd_diag *diag);
/* Write what pd_op_import_read() read: one transaction, as the pd_op_*
 * imports above (nt: the Games made and, for entries, the progress). */
int pd_op_import_write(struct pd_store *s, struct pd_op_import *im,
		       const struct pd_who *who, const struct pd_op_notify *nt,
		       struct pd_diag *diag);
/* pd_op_import_check(), pd_op_import_read() and pd_op_import_write() in
 * one. */
int pd_op_import_run(struct pd_store *s, const struct pd_op_import_args *a,
		     const struct pd_registry *reg, const struct pd_who *who,
		     const struct pd_op_notify *nt, struct pd_op_import *im,
		     struct pd_diag *diag);
void pd_op_import_release(struct pd_op_import *im);

/* Add records v[0..n) (record.h) in one change to games, each replacing
 * the record in force of its key and kind, in the order of
 * pd_records_csv_parse() (each key's worst mark first), so the history is
 * as it happened (records.c).  A record the store holds already (the same
 * key, kind, mark, holder and date: a file imported again) is not added
 * twice; one worse than the record in force is refused, PD_EPARSE at
 * file:its line, as a record stands until it is beaten.  *added (if not
 * NULL) receives how many were added. */
int pd_op_records_import(struct pd_store *s, const char *games,
			 const struct pd_record *v, size_t n, const char *file,
			 const struct pd_who *who,
			 const struct pd_op_notify *nt, size_t *added,
			 struct pd_diag *diag);

/* What pd_op_odf_import() read and wrote. */
struct pd_op_odf_counts {
	size_t messages;	/* read */
	size_t used;		/* the latest of each key, written */
	size_t games, tables;
	/* the events written, each once (one in both the medallists and
	 * the results is one), and their results and medals as they now
	 * stand */
	size_t events, results, medals;
	/* a feed of units: the units, their result rows and the teams */
	size_t units, unit_results, teams;
};

/* 'podium import odf FILE|DIR...' (odf_import.c; docs/ODF.md): read every
 * message (a folder's *.xml by name), order them by Games and Version and
 * keep the latest of each key (Games, DocumentType, DocumentCode), then
 * in one transaction, one change per Games: a DT_MEDALS becomes the
 * published table GAMES@SOURCE (source NULL: "odf"), a DT_MEDALLISTS gives
 * each of its events its medallists as results, a DT_RESULT its event's
 * whole results.  The Games is each message's CompetitionCode unless
 * games is given.  A message podium cannot read, or an NPC the registry
 * does not know, fails naming the file and line, and nothing is
 * written; so does one that names a competitor twice in an event
 * (PD_ECONSIST: the rule of every way in).  Results follow the one-source
 * rule of 'import medals' (mode): a Games holding another import
 * source's results, or an event holding results of another source than
 * this one (an operator's), is refused (PD_EEXISTS) unless mode is
 * PD_SOURCE_REPLACE; PD_SOURCE_ALTERNATIVE is PD_EINVAL. */
int pd_op_odf_import(struct pd_store *s, const struct pd_registry *reg,
		     const char *const *paths, size_t npaths,
		     const char *games, const char *source,
		     enum pd_source_mode mode, const struct pd_who *who,
		     const struct pd_op_notify *nt,
		     struct pd_op_odf_counts *counts, struct pd_diag *diag);

/* Copy the whole store at from (a SQLite path or a PostgreSQL URI) into
 * the empty store at to, of either backend: every table, every row with
 * its ids, versions and dates, in one transaction on the target.
 * PD_EEXISTS if the target holds any row; PD_ENOTFOUND if from is a file
 * that is not there.  *rows receives the rows copied. */
int pd_op_migrate(const char *from, const char *to,
		  const struct pd_op_notify *notify, size_t *rows,
		  struct pd_diag *diag);

#endif
