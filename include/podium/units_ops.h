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
 * the unit's time zone (the Games': Europe/Paris for OG2024 and PG2024;
 * a venue's own where known, Tahiti UTC-10; else UTC), status,
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

#endif
