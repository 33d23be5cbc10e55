/* doc.h -- the documents podium sends, each built once (src/app): the CLI's
 * --format json and the HTTP API send the same document, so a key is named
 * once and means one thing to every client.
 *
 * A builder appends the document's bytes to a caller-owned pd_buf.  With
 * PD_DOC_PRETTY it is indented two spaces and ends with a newline (the
 * CLI); without, it is compact with no newline (the API's cached bytes).
 * Keys keep a fixed order so that documents diff well.  Failures are
 * PD_ENOMEM (jansson only fails on memory here: every string was UTF-8
 * checked on its way into the store), and out holds what it held before
 * plus possibly part of the document: callers drop it.
 *
 * The standings document itself is the json format of render.h (src/io),
 * one renderer among the table formats; what both front ends share about
 * it is its caption, below.
 */
#ifndef PODIUM_DOC_H
#define PODIUM_DOC_H

#include <stddef.h>
#include "buf.h"
#include "published.h"
#include "render.h"
#include "stats.h"
#include "store.h"

#define PD_DOC_PRETTY 1u

struct pd_cover;

/* GET /api/games/{code}/stats and 'podium stats --format json': g's
 * figures st as of version (pd_games_stats_read(), app.h), and in
 * "table" the table its medal figures come from and how far its results
 * go (cover; NULL: from results).  participation_known false means
 * athletes and npcs count only medallists (a medals import), and results
 * 0 means the medal figures are empty, not zero.  While a published
 * table stands for the Games (its results incomplete), what only
 * complete results can tell -- athletes, women, men, gender_unknown,
 * women_share, npcs -- is null, and events is the events that table
 * awards. */
int pd_doc_stats(struct pd_buf *out, const struct pd_games *g, long version,
		 const struct pd_games_stats *st, const struct pd_cover *cover,
		 unsigned flags);

/* The title of a standings table in lang, into out (always terminated):
 * the published table's own caption when pub (may be NULL) has one in
 * lang and the table is the whole one (sport NULL), since a published
 * caption names the whole table; else "<Games name> Medal Table", with
 * " — sport" for a per-sport table.  The Games name is g's in lang (en when
 * it has no zh name); with g NULL (a table read from a file) it is
 * label. */
void pd_caption(char *out, size_t size, const struct pd_games *g,
		const char *label, const struct pd_published *pub,
		const char *lang, const char *sport);

/* The corrections to games' table computed from results, for its notes
 * (notes.c): one per sanction in force, on its athlete's NPC, in English
 * ("ZHANG Lixin's medal in Men's 100m T54 was reallocated: anti-doping
 * rule violation").  *notes is malloc'd (the caller frees it), the texts
 * are added to pool. */
int pd_doc_table_notes(struct pd_store *s, const char *games,
		       struct pd_view_note **notes, size_t *n,
		       struct pd_strings *pool, struct pd_diag *diag);

/* The ODF messages (odf.c; docs/ODF.md), each an XML document appended to
 * out.  DT_MEDALS of the loaded reference r (struct pd_ref of app.h): a
 * table computed from results is read again from s, under opts (may be
 * NULL), for its medals by gender and sport, its events' status and its
 * sanctions; a published table is sent as printed.  DT_MEDALLISTS: every
 * medal of games, event by event.  DT_RESULT: event's results as of a
 * version (0: now).  The store's errors with diag; PD_EINVAL when libxml2
 * refuses a string; PD_EIO with diag when libxml2 cannot be loaded. */
struct pd_ref;
struct pd_ref_opts;
int pd_doc_odf_medals(struct pd_buf *out, struct pd_store *s,
		      const struct pd_ref *r, const struct pd_ref_opts *opts,
		      struct pd_diag *diag);
int pd_doc_odf_medallists(struct pd_buf *out, struct pd_store *s,
			  const char *games, const struct pd_registry *reg,
			  struct pd_diag *diag);
int pd_doc_odf_result(struct pd_buf *out, struct pd_store *s, long event,
		      long as_of, struct pd_diag *diag);

/* 'podium event show --format csv|json|html': event's results as of
 * version as_of (0: now), read in one transaction, with the medals that
 * follow from them (unofficial events' too) and the sanctions in force
 * (a result so covered is "DSQ (sanction)"): the JSON document {games,
 * version, event: {...}, results: [{rank, npc, name, mark, irm,
 * records, medal}]}, its results as CSV, or as a standalone HTML page
 * (takeaway.c).  The same version gives the same bytes.  PD_ENOTFOUND
 * when there is no such event. */
/* GET /api/games/{code}/records and 'podium records --games G --format
 * json': the records of games's events' keys (sport, event, gender,
 * sport class) and those set at games (records_doc.c): {games, version,
 * broken (how many records were set at games), records: [{sport, event,
 * gender, class, kind, event_id (games's event of that key, or null),
 * in_force {mark, holder, npc, date, games, in_force}, broken_here,
 * history [the same, oldest first, the one in force last]}]}, by key
 * and kind.  A Games without records has "records": [].  Read inside
 * the caller's read transaction; version is what it says it shows. */
int pd_doc_records(struct pd_buf *out, struct pd_store *s, const char *games,
		   long version, unsigned flags, struct pd_diag *diag);

/* GET /api/games/{code}/sports/{sport} and 'podium sport': the sport
 * of g named by its slug ("athletics") or name (sport_doc.c): {games,
 * version, sport, slug, table: [{rank, npc, gold, silver, bronze,
 * total}] (ranked from its results, official events), events: [{id,
 * name, gender, class, date, status, results, phases: [{code, units:
 * [unit names]}]}]}, the phases being those of the Games' units (none
 * without units).  Read inside the caller's read transaction.
 * PD_ENOTFOUND when g has no event of that sport. */
int pd_doc_sport(struct pd_buf *out, struct pd_store *s,
		 const struct pd_games *g, const char *sport, long version,
		 unsigned flags, struct pd_diag *diag);

int pd_doc_event_results(struct pd_buf *out, struct pd_store *s, long event,
			 long as_of, const char *format,
			 struct pd_diag *diag);

struct json_t;
/* The medals of one event of the query (pd_store_medals_of()) set on the
 * JSON object medals as {"RESULT_ID": "gold"|"silver"|"bronze"} (json.c):
 * what an event's document and 'podium event show' mark its results
 * with. */
int pd_doc_event_medals(struct pd_store *s, const struct pd_query *q,
			long event, struct json_t *medals,
			struct pd_diag *diag);

/* GET /api/games/{code}/athletes/{id}: the athlete id of games set on
 * doc (athlete_doc.c): id, name, npc, gender, class, npc_name {en, zh},
 * medals {gold, silver, bronze}, results [{event, sport, name, gender,
 * class, date, rank, mark, irm, records, medal (or null), and team for
 * a team's medal}].  PD_ENOTFOUND when games has no such athlete.  Read
 * inside the caller's read transaction. */
int pd_doc_athlete_fill(struct json_t *doc, struct pd_store *s,
			const char *games, long id,
			const struct pd_registry *reg, struct pd_diag *d);

/* GET /api/athletes/{id} and 'podium athlete --id': athlete id's career
 * across every Games in the store: {id, name, npc, npc_name, gender,
 * rows (the store's athletes that are this person: pd_athlete_same()),
 * medals {gold, silver, bronze} (all Games'), games [{games, games_name
 * {en, zh}, year, and
 * the athlete's document there (pd_doc_athlete_fill)}] by date, records
 * [{games, event, sport, name, records, mark}]}.  PD_ENOTFOUND (said in
 * d) when the store has no such athlete.  Read inside the caller's read
 * transaction. */
int pd_doc_career(struct pd_buf *out, struct pd_store *s, long id,
		  const struct pd_registry *reg, unsigned flags,
		  struct pd_diag *d);

#endif
