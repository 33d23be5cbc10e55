/* app_int.h -- what the files of src/app share: the one bracket every
 * write goes through (txn.c).  Not part of the public API.
 *
 * A write is app_begin(), then app_change() once per Games it touches
 * (the Games made if absent when asked, its version bumped, the audit
 * entry written), then its writes, then app_end(), which commits when the
 * writes succeeded and rolls back otherwise.  After a failed app_begin()
 * there is nothing to end; after a failed app_change() app_end() still
 * must be called, as with any failed write.
 *
 * The document builders share app_json_dump() (json.c). */
#ifndef PODIUM_APP_INT_H
#define PODIUM_APP_INT_H

#include <jansson.h>

#include "podium/doc.h"
#include "podium/event.h"
#include "podium/ops.h"
#include "podium/results.h"
#include "podium/units.h"
#include "podium/unit_ops.h"

/* app_change() flags. */
#define APP_ENSURE_GAMES 1	/* make the Games if absent */

int app_begin(struct pd_store *s, struct pd_diag *d);
/* who->reason NULL is written as given; the callers that always wrote ""
 * pass "" themselves. */
int app_change(struct pd_store *s, const char *games, int flags,
	       const struct pd_who *who, const struct pd_op_notify *nt,
	       long *version, struct pd_diag *d);
/* The writes to one Games: app_begin() and app_change(), rolled back if
 * the change fails; on success end with app_end(). */
int app_open(struct pd_store *s, const char *games, int flags,
	     const struct pd_who *who, const struct pd_op_notify *nt,
	     long *version, struct pd_diag *d);
/* The writes to event's Games: app_open() for the Games of event, read
 * into *e (PD_ENOTFOUND if there is none), which the caller releases
 * after app_end() (nothing to release or end on failure). */
int app_open_event(struct pd_store *s, long event, struct pd_event_info *e,
		   const struct pd_who *who, long *version,
		   struct pd_diag *d);
/* Commit when ret is 0, else roll back; returns ret or the commit's
 * error. */
int app_end(struct pd_store *s, int ret, struct pd_diag *d);

/* Fill im->notes with the medals im read that the rules of their events
 * drop or change (import_rules.c).  0 or PD_ENOMEM. */
int app_import_rules(struct pd_op_import *im);

/* Room for element n of an array *v of *a elements of size bytes:
 * doubled (from 256) when full (filter.c).  0 or PD_ENOMEM. */
int app_grow(void **v, size_t n, size_t *a, size_t size);

/* A UTC time ("2024-08-10T18:20:00Z") at the zone of a unit of games
 * at venue (the Games', or the venue's own: schedule.c), as fmt
 * (strftime's) says, into out; "" when utc is none. */
void app_local_time(const char *games, const char *venue, const char *utc,
		    const char *fmt, char *out, size_t size);

/* A sport's Chinese name ("Para Swimming" -> 游泳), or sport itself when
 * the table of them (ref.c) has none. */
const char *app_sport_zh(const char *sport);

/* Meet the records in force of e's event and sport class with r's mark
 * (records.c): each it beats is replaced by a record of r (inside the
 * change), and r->records becomes the flags worked out (WR, =PR ...)
 * with the other typed ones kept, written into flags, which must outlive
 * r.  With no record in force r is left as it is. */
int app_records_flag(struct pd_store *s, const struct pd_event_info *e,
		     struct pd_result_rec *r, struct pd_buf *flags,
		     struct pd_diag *d);

/* Keep the bundled published election result (election.c) unless an
 * earlier init kept it; inside pd_op_init()'s change. */
int app_election_bundled_keep(struct pd_store *s, struct pd_diag *d);
/* r zeroed, then a result of event for npc's name at rank with these
 * marks (borrowed; NULL for none) from source (ops.c). */
void app_result_rec(struct pd_result_rec *r, long event, const char *npc,
		    const char *name, long rank, const char *mark,
		    const char *irm, const char *records, const char *source);
/* Who a result is for, once resolved in the store: one athlete or one
 * team (the other 0); and, where the caller has them, the athlete's NPC
 * and name as given (borrowed; NULL when not given). */
struct app_who {
	long athlete, team;
	const char *npc, *name;
};

/* The duplicate-competitor rule, the one every way in applies (the API,
 * result files, ODF): a competitor holds one place in an event's
 * results.  Two of who[] are one competitor when they are the same
 * athlete or the same team in the store (found by code, or by NPC and
 * name), or athletes given with the same NPC and the same name (two
 * codes for one person; names matched as the store finds athletes by
 * them, pd_name_normalise()).  Of who[0..n), one event's results (and, for
 * ODF, each team member as an athlete of its own), the first that
 * repeats an earlier one's competitor: 1, with its index in *again and
 * the earlier's in *first; 0 when none does; PD_ENOMEM. */
int app_competitor_repeat(const struct app_who *who, size_t n,
			  size_t *first, size_t *again);

/* One result of an event as it stands, owning its strings (outcome.c). */
struct app_row {
	long athlete, team, rank;
	char npc[PD_CODE_MAX];
	char *name, *mark, *irm, *records;
	double value;
	int has_value;
};

struct app_rows {
	struct app_row *v;
	size_t n, alloc;
	int lent;		/* the strings of v are another list's, but
				 * those of the row at mine (app_snap_with) */
	size_t mine;
	size_t gone;		/* with lent: the lender's row not carried
				 * over (SIZE_MAX: none) */
	const struct app_rows *from;	/* with lent: the lender */
};

/* Rank e's results again from their marks (an event whose ranks follow
 * from them), inside the change (ops.c). */
int app_rerank(struct pd_store *s, const struct pd_event_info *e,
	       struct pd_diag *d);

/* out (zeroed, or read before) becomes event's results now. */
int app_rows_read(struct pd_store *s, long event, struct app_rows *out,
		  struct pd_diag *d);
void app_rows_release(struct app_rows *r);
const struct app_row *app_rows_find(const struct app_rows *r, long athlete,
				    long team);
/* The medals r award (out[0..r->n)), with the sanctions in force. */
int app_rows_medals(struct pd_store *s, const struct pd_event_info *e,
		    const struct app_rows *r, struct pd_result_out *out,
		    struct pd_diag *d);
/* Append to list a change per field that differs from a (medals ma) to b
 * (medals mb), and a line per competitor to said. */
int app_rows_diff(const struct app_rows *a, const struct app_rows *b,
		  const struct pd_result_out *ma, const struct pd_result_out *mb,
		  json_t *list, struct pd_strings *said);
/* Append to medals and said the medals r award under out, and the rules
 * that decided (said only where they decide otherwise than in br, bout,
 * which may be NULL). */
int app_say_medals(const struct pd_event_info *e, const struct app_rows *r,
		   const struct pd_result_out *out, const struct app_rows *br,
		   const struct pd_result_out *bout, json_t *medals,
		   struct pd_strings *said);
/* done's changes and medals from the two lists (borrowed). */
int app_done_lists(struct pd_op_done *done, json_t *changes, json_t *medals);
/* Empty done (if not NULL) for a new write. */
void app_done_reset(struct pd_op_done *d);

/* An event's results and medals at one moment of a write. */
struct app_snap {
	const struct pd_event_info *e;	/* borrowed */
	struct app_rows rows;
	struct pd_result_out *out;	/* rows.n */
};

void app_snap_init(struct app_snap *sn, const struct pd_event_info *e);
void app_snap_release(struct app_snap *sn);
/* Read sn->e's results and medals as they stand (inside the change). */
int app_snap_take(struct pd_store *s, struct app_snap *sn, struct pd_diag *d);
/* sn becomes before with one competitor's result row (taking its
 * strings) in place of theirs, where the store would list it: what
 * app_snap_take() would read after a write of that one row, without
 * reading the event's results again.  sn borrows before's strings, so
 * before must outlive it.  On failure row is released. */
int app_snap_with(struct pd_store *s, const struct app_snap *before,
		  struct app_row *row, struct app_snap *sn, struct pd_diag *d);
/* sn (made by app_snap_with from before) takes every string it borrows
 * from before, which is left empty. */
void app_snap_adopt(struct app_snap *sn, struct app_snap *before);
/* End the change that made version, its writes' outcome ret: on a
 * failure roll back; when neither extra (a JSON list of changes,
 * borrowed) nor the n events' results before and after differ, roll
 * back as unchanged (done->version the current one); else keep the
 * changes in the audit entry and commit.  done (if not NULL) then says
 * what changed and the medals each event now awards. */
int app_settle(struct pd_store *s, const struct app_snap *before,
	       const struct app_snap *after, size_t n, json_t *extra,
	       long version, int ret, struct pd_op_done *done,
	       struct pd_diag *d);

/* The writes that keep their changes field by field (unit_writes.c):
 * add {"what", "field", "before", "after"} to list when before and after
 * differ; then end the change that made version as app_settle() does,
 * with list as its changes and no event's results. */
int app_field_change(json_t *list, const char *what, const char *field,
		     const char *before, const char *after);
int app_fields_settle(struct pd_store *s, const char *games, json_t *changes,
		      long version, int ret, struct pd_op_done *done,
		      struct pd_diag *d);

/* Inside an open change (unit_writes.c): in[0..n) become the start list
 * of unit rsc as pd_op_unit_start_list() makes it, each field changed
 * added to list. */
int app_unit_start_in(struct pd_store *s, const struct pd_registry *reg,
		      const char *games, const char *rsc,
		      const struct pd_unit_start_input *in, size_t n,
		      json_t *list, struct pd_diag *diag);
/* The status of unit rsc of games as stored, into status[0..size)
 * (unit_writes.c); PD_ENOTFOUND for no such unit. */
int app_unit_status_of(struct pd_store *s, const char *games, const char *rsc,
		       char *status, size_t size, struct pd_diag *diag);
/* Inside an open change, unit rsc just made official (unit_qualify.c):
 * when every heat of its phase is official and the phase's rule names a
 * next phase of one unit that has not started, that unit's start list
 * becomes the phase's qualifiers as pd_op_unit_start_from() makes it;
 * anything else (no rule, a heat still running, a next phase of several
 * units or one under way) leaves it as it is. */
int app_unit_follow(struct pd_store *s, const struct pd_registry *reg,
		    const char *games, const char *rsc, json_t *list,
		    struct pd_diag *diag);

/* PD_ENOTFOUND for an unknown Games code, naming the nearest codes of the
 * store and of bundled[0..nb) (games_ensure.c). */
int app_games_unknown(struct pd_store *s, const char *code,
		      const struct pd_games *bundled, size_t nb,
		      struct pd_diag *d);
/* Hold to one medal source per Games: PD_EEXISTS when games has results
 * of another imported source than source and mode is PD_SOURCE_ONLY;
 * those results ended when it is PD_SOURCE_REPLACE. */
int app_source_rule(struct pd_store *s, const char *games, const char *source,
		    enum pd_source_mode mode, struct pd_diag *d);
/* v[0..n) as a medal table ranked gold first, for GAMES@SOURCE; rows
 * named in English from reg (NULL: by their codes). */
int app_medals_table(const struct pd_medal_rec *v, size_t n,
		     const struct pd_registry *reg, struct pd_published *out);

/* The zone a unit of games at venue (may be NULL) keeps at UTC time t,
 * by its name ("Europe/Paris", "Pacific/Tahiti", "UTC"), and its offset
 * from UTC in seconds into *offset: tz.h's pd_unit_zone() (schedule.c). */
const char *app_unit_zone(const char *games, const char *venue, long long t,
			  int *offset);
/* A unit's head as the unit and schedule documents give it: rsc, kind,
 * discipline, event, phase and unit ({code, name}), status, start and
 * end ({utc, local, zone}), day, venue and medal role (unit_json.c). */
json_t *app_unit_head(const char *games, const struct pd_unit_rec *u);
/* Append to list the medals unit rsc of games decides, one object each
 * as 'podium medals --format json' lists them, inside a read
 * (units_medals.c). */
int app_unit_medals(struct pd_store *s, const char *games, const char *rsc,
		    json_t *list, struct pd_diag *diag);

/* Dump doc (consumed, may be NULL: PD_ENOMEM) onto out as doc.h says. */
int app_json_dump(struct pd_buf *out, json_t *doc, unsigned flags);
/* st's units_* figures from games's units (units_people.c): nothing
 * set when it has none. */
int app_units_people(struct pd_store *s, const char *games,
		     struct pd_games_stats *st, struct pd_diag *d);

/* doc (owned: freed here) as format: "json" the document itself
 * (pretty); "csv" its array list, one row each with cols[0..ncols) as
 * the header; "html" the same rows as a page whole in itself titled
 * title, every text escaped (takeaway.c).  0 or PD_ENOMEM. */
int app_rows_out(struct pd_buf *out, const char *format, const char *title,
		 json_t *doc, const char *list, const char *const *cols,
		 size_t ncols);
/* A JSON string of s ("" for NULL); null if jansson refuses it. */
json_t *app_json_str(const char *s);
/* Set n integers v[] on object o, named in turn by keys, a list of n
 * names parted by spaces; the document keeps their order.  0, PD_ENOMEM
 * (o NULL, or jansson's memory), or PD_EINVAL when keys names other
 * than n. */
int app_json_set_ints(json_t *o, const char *keys, const long *v, size_t n);

/* A Games' team events, whose matches the facts and the report read
 * (facts.c): their ids and sports, by id, at most APP_TEAM_EVENTS. */
#define APP_TEAM_EVENTS 256
struct app_team_events {
	long id[APP_TEAM_EVENTS];
	char sport[APP_TEAM_EVENTS][64];
	size_t n;
};

int app_team_events(struct pd_store *s, const char *games,
		    struct app_team_events *out, struct pd_diag *d);

/* games' facts whose key starts with prefix ("doping.", "officials."),
 * each as GET .../facts gives it (json_facts.c); NULL on failure. */
json_t *app_facts_json(struct pd_store *s, const char *games,
		       const char *prefix, struct pd_diag *d);

/* What a Games' change of an import writes after its results, inside its
 * transaction (the units of 'import units'); 0 or an error. */
typedef int (*app_more_fn)(struct pd_store *s, const char *games, void *arg,
			   struct pd_diag *diag);

/* pd_op_entries_import() with more (may be NULL) called once per Games,
 * after its results, in the same change and transaction. */
int app_entries_import(struct pd_store *s, const struct pd_entry_set *set,
		       const char *source, enum pd_source_mode mode,
		       const struct pd_who *who, const struct pd_op_notify *nt,
		       struct pd_op_import_counts *counts, app_more_fn more,
		       void *more_arg, struct pd_diag *diag);

/* The offset from UTC, in seconds, of a unit of games at venue at utc
 * (seconds since 1970), as app_unit_zone() says (schedule.c). */
int app_unit_offset(const char *games, const char *venue, long long utc);

/* The bundled medal rules of units (data/medal_rules.tsv) parsed into
 * *rules (units.c); pd_medal_rules_release() after. */
struct pd_medal_rules;
int app_medal_rules(struct pd_medal_rules *rules, struct pd_diag *d);

/* One medal of a Games as its stored units decide it (units_medals.c). */
struct app_unit_medal {
	const char *discipline, *event, *event_code;
	int medal;		/* enum pd_medal */
	const char *npc, *who, *name;
	const char *unit;	/* the RSC that decided it */
	const char *rule;	/* "final-ranks", "gold-match" ... */
};
typedef int (*app_unit_medal_fn)(const struct app_unit_medal *m, void *arg);
/* Call fn for each medal the Games' units award, by event code, then
 * medal (none for a Games without units). */
int app_units_medals_each(struct pd_store *s, const char *games,
			  app_unit_medal_fn fn, void *arg, struct pd_diag *d);

#endif
