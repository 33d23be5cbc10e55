/* unitset.h -- a Games as it ran, read from a folder in the shape of the
 * Paris 2024 units set (src/io/units_dir.c): schedules.csv (one row a
 * scheduled unit), the CSV files of results/ (one row a participant in a unit, keyed
 * by its 34-character results code, units.h), teams.csv (each team's
 * roster) and venues.csv.
 *
 * The reader checks every row (a bad results code, rank, W/L/T or start
 * time is PD_EPARSE at its file and line), counts what the folder holds,
 * and derives each event's medals from its units by the rules given
 * (pd_units_medals()): the medallists become the results of the set's
 * entries (rank 1, 2, 3; a team's members from its roster), which the
 * store then ranks as it ranks any results.
 *
 * Ownership: the set owns every string (its entries' arena) and array,
 * freed by pd_unitset_release().
 */
#ifndef PODIUM_UNITSET_H
#define PODIUM_UNITSET_H

#include <stddef.h>
#include "entries.h"
#include "error.h"
#include "npc.h"
#include "units.h"

struct pd_units_counts {
	size_t disciplines, events, units, subunits, standings;
	size_t results;		/* result rows */
	size_t start_list;	/* rows with a start order or bib */
	size_t irms, qualification;	/* rows with an IRM, a Q/q mark */
	size_t schedule;	/* schedule rows, less exact duplicates */
	size_t duplicates;	/* exact duplicate schedule rows dropped */
	size_t gold_units, bronze_units;	/* the schedule's medal roles */
	size_t teams, venues;
	size_t medal_events;	/* events with a gold */
	size_t medals;		/* medals derived (a tie: each one) */
};

/* One medal as derived: which row of which unit, by which rule. */
struct pd_unitset_medal {
	const char *discipline, *event, *event_code, *unit, *rule;
	const char *npc, *who, *name;
	enum pd_medal medal;
};

struct pd_unitset {
	struct pd_entry_set entries;	/* the medallists, as results */
	struct pd_units_counts counts;
	/* what the store keeps (store_units.h): every unit, sub-unit and
	 * standing of the results and every scheduled unit (a schedule row
	 * takes the unit its url names, else the next of its event and
	 * phase in code order, else is a unit of its own, code
	 * EVENT + "SCHD" + number); each result row; each team */
	struct pd_unit_rec *units;
	size_t nunits, aunits;
	struct pd_unit_result_rec *results;
	size_t nresults, aresults;
	struct pd_unit_team_rec *teams;
	size_t nteams, ateams;
	struct pd_unitset_medal *medals;	/* by event code, medal */
	size_t nmedals, amedals;
};

/* Read the folder dir for the Games games.  rules decide the medals;
 * walkover (NULL-ended, may be NULL) names the events (ODF event codes)
 * the operator applies the walkover rule to, their units marked so.
 * FILE:LINE in diag on a bad row; PD_EIO for a file that cannot be read;
 * PD_ENOTFOUND for a walkover event the results do not have. */
int pd_unitset_read(struct pd_unitset *out, const char *dir,
		    const char *games, const struct pd_registry *reg,
		    const struct pd_medal_rules *rules,
		    const char *const *walkover, struct pd_diag *diag);
void pd_unitset_release(struct pd_unitset *s);

/* The same set made from the records a feed of units carries (what
 * 'podium import odf' reads back: units, their results, the teams),
 * its medals derived by rules as the folder's are; a unit whose rules
 * say "walkover" has the walkover rule applied to its event.  PD_EPARSE
 * for a result of a unit not among units. */
int pd_unitset_from(struct pd_unitset *out, const char *games,
		    const struct pd_registry *reg,
		    const struct pd_medal_rules *rules,
		    const struct pd_unit_rec *units, size_t nunits,
		    const struct pd_unit_result_rec *results, size_t nresults,
		    const struct pd_unit_team_rec *teams, size_t nteams,
		    struct pd_diag *diag);

/* A rank as the files write it ("3", "3.0"): *rank, 0 for "".  PD_EINVAL
 * for anything but a whole number from 1. */
int pd_unit_rank_parse(const char *text, long *rank);

/* An ISO 8601 time with its offset ("2024-07-24T15:00:00+02:00", or "Z")
 * as seconds since 1970 UTC.  PD_EINVAL if it is not one. */
int pd_unit_time_parse(const char *text, long long *utc);

#endif
