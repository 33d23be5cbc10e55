/* units_ops.h -- 'podium import units': a Games' folder of units read
 * (unitset.h) and its medals, derived from the units by the bundled rules
 * (data/medal_rules.tsv), written as the Games' results in one
 * transaction (src/app/units.c).
 *
 * Ownership: the caller owns the set and releases it with
 * pd_unitset_release().
 */
#ifndef PODIUM_UNITS_OPS_H
#define PODIUM_UNITS_OPS_H

#include "buf.h"
#include "ops.h"
#include "store_units.h"
#include "unitset.h"

/* Read dir for games: every row checked (FILE:LINE in diag), the medals
 * derived, walkover (event codes, NULL-ended, may be NULL) the events the
 * operator applies the walkover rule to.  Nothing is written. */
int pd_op_units_read(struct pd_unitset *set, const char *dir,
		     const char *games, const struct pd_registry *reg,
		     const char *const *walkover, struct pd_diag *diag);

/* Write set's medallists as the results of source (default "units"), as
 * pd_op_entries_import() writes any results: one transaction, one change;
 * a second source is refused unless mode says which counts. */
int pd_op_units_write(struct pd_store *s, const struct pd_unitset *set,
		      const char *source, enum pd_source_mode mode,
		      const struct pd_who *who, const struct pd_op_notify *nt,
		      struct pd_op_import_counts *counts,
		      struct pd_diag *diag);

/* The Games' medals as its stored units decide them, one row a medal
 * with the unit and rule that awarded it, onto out as format says: "csv"
 * (a header, then discipline, event, event_code, medal, npc,
 * participant_code, participant, unit, rule), "json" ({"games",
 * "medals": [ those as members ]}) or "html" (those rows as a page whole
 * in itself); by event code, then medal.  A Games
 * without units gives the header alone (or no medals). */
int pd_op_units_medals(struct pd_store *s, const char *games,
		       const char *format, struct pd_buf *out,
		       struct pd_diag *diag);

/* The schedule: the Games' scheduled units q asks for (a day, a venue,
 * a discipline) by start time, a line each: local day, start and end at
 * the unit's time zone (tz.h's pd_unit_zone(): a venue's own where
 * data/zones.tsv names one, else the Games', else UTC), status,
 * discipline, event and unit, venue, results code and its medal role in
 * words of lang ("gold medal", 金牌); then a count. */
int pd_op_schedule(struct pd_store *s, const struct pd_unit_query *q,
		   const char *lang, struct pd_buf *out, struct pd_diag *diag);

/* One unit of the Games: its code, kind, names, local start, venue,
 * status and medal role, then each participant's row (rank, start order,
 * bib, name, NPC, result and its type, IRM, difference, W/L/T and
 * qualification mark: Q, q ...) in the order of the results.
 * PD_ENOTFOUND if the Games has no such unit. */
int pd_op_unit_show(struct pd_store *s, const char *games, const char *rsc,
		    const char *lang, struct pd_buf *out,
		    struct pd_diag *diag);

/* The ODF messages of the Games' units (src/app/odf_units.c;
 * docs/ODF.md): message "schedule" is DT_SCHEDULE, every unit q asks for
 * (the Games', or one discipline's) with its start and end at its local
 * offset; "partic" DT_PARTIC, the athletes of the units' results and the
 * teams' rosters; "teams" DT_PARTIC_TEAMS, the teams with their rosters. */
int pd_doc_odf_schedule(struct pd_buf *out, struct pd_store *s,
			const struct pd_unit_query *q, const char *message,
			struct pd_diag *diag);
/* DT_RESULT of one unit: its start list and results in the order kept.
 * PD_ENOTFOUND if the Games has no such unit. */
int pd_doc_odf_unit(struct pd_buf *out, struct pd_store *s,
		    const char *games, const char *rsc, struct pd_diag *diag);

/* The DT_RESULT of every unit of the Games that has results, by code,
 * each given to fn with its results code (one read of the store, for a
 * whole feed: 'podium schedule --format odf --feed DIR'). */
typedef int (*pd_odf_unit_fn)(const char *rsc, const struct pd_buf *msg,
			      void *arg);
int pd_doc_odf_units_each(struct pd_store *s, const char *games,
			  pd_odf_unit_fn fn, void *arg, struct pd_diag *diag);

/* The unit document (src/app/unit_json.c), inside a read: games's unit
 * rsc as of version, compact JSON ending with a newline, the same bytes
 * for the API (GET /api/games/G/units/RSC), 'podium unit show --format
 * json' and the stream's `unit` messages:
 *
 *   {"games", "version", "rsc", "kind",
 *    "discipline": {"code", "name"}, "event": {"code", "name", "gender"},
 *    "phase": {"code", "name"}, "unit": {"code", "name"},
 *    "status" (or null), "start", "end": {"utc", "local", "zone"} or
 *    null, "day", "venue": {"name", "location"} or null,
 *    "medal": "gold", "bronze" or null (its medal role),
 *    "start_list": [{"order", "bib", "participant": {"code", "name",
 *                    "npc", "team"}}] by start order,
 *    "results": [{"rank", "tied", "participant", "result", "result_type",
 *                 "irm", "diff", "qualification", "wlt"}] as entered,
 *    "medals": [{"medal", "state": "provisional" or "official",
 *                "participant", "rule"}] those the unit decides}
 *
 * A value not known is null.  PD_ENOTFOUND when the Games has no unit
 * rsc. */
int pd_doc_unit(struct pd_buf *out, struct pd_store *s, const char *games,
		long version, const char *rsc, struct pd_diag *diag);

/* The unit document of games's unit rsc now, in format: "json" (as
 * pd_doc_unit() makes it), "csv" (a header, then a line a participant
 * of the start list, with its result and medal) or "html" (a standalone
 * page in lang, every text escaped).  PD_ENOTFOUND as above. */
int pd_op_unit_doc(struct pd_store *s, const char *games, const char *rsc,
		   const char *format, const char *lang, struct pd_buf *out,
		   struct pd_diag *diag);

/* Which units the schedule document lists: a Games' scheduled units (the
 * others "" or NULL: any); medal "gold", "bronze" or "any" (a medal unit
 * of either). */
struct pd_schedule_query {
	const char *games;
	const char *day;	/* "2024-08-10", at the Games' zone */
	const char *sport;	/* a discipline's name, as the data has it */
	const char *venue;	/* a venue's name */
	const char *medal;
};

/* The schedule document, inside a read: {"games", "version", "zone"
 * (the Games' time zone), "date", "sport", "venue", "medal" (as asked,
 * or null), "days" (every day with a unit the other filters keep),
 * "gold_units", "bronze_units" (how many of the listed units decide
 * gold, bronze), "units": [each unit's head as the unit document has it:
 * rsc ... medal]} by start time.  Compact, no newline. */
int pd_doc_schedule(struct pd_buf *out, struct pd_store *s,
		    const struct pd_schedule_query *q, long version,
		    struct pd_diag *diag);

/* An event's phases, inside a read: a JSON array [{"code", "name",
 * "units": [heads]}] of the units of games whose discipline is sport,
 * named event, of gender (its first letter; "" any), phases in the order
 * their first unit starts.  Compact, no newline. */
int pd_doc_event_phases(struct pd_buf *out, struct pd_store *s,
			const char *games, const char *sport,
			const char *event, const char *gender,
			struct pd_diag *diag);

/* The date (YYYY-MM-DD) at games's time zone of UTC time now into
 * out (11 bytes). */
void pd_unit_today(const char *games, long long now, char *out);

/* A unit's status in words of lang ("finished" -> 已结束); an unknown
 * status as it is. */
const char *pd_unit_status_word(const char *lang, const char *status);
/* Whether a unit of that status has decided its medals (official,
 * finished): else they are provisional. */
int pd_unit_decided(const char *status);

#endif
