/* store_units.h -- a Games' units in the store: every unit, sub-unit and
 * standing by its results code (units.h), each participant's result in
 * it (the start list is the rows' order and bib), and the teams' rosters.
 * A Games' units are written whole: an import replaces them all
 * (pd_store_units_replace(), inside pd_store_change()).
 *
 * The records are units.h's.
 *
 * Ownership: strings passed in are borrowed; the records given to a
 * callback are valid only during the call.
 */
#ifndef PODIUM_STORE_UNITS_H
#define PODIUM_STORE_UNITS_H

#include <stddef.h>
#include "error.h"
#include "npc.h"
#include "store.h"
#include "units.h"

/* What a Games' units are made of, all at once. */
struct pd_units_put {
	const struct pd_unit_rec *units;
	size_t nunits;
	const struct pd_unit_result_rec *results;	/* of those units */
	size_t nresults;
	const struct pd_unit_team_rec *teams;
	size_t nteams;
};

/* Replace the Games' units, their results and its teams with u (inside
 * pd_store_change()).  PD_EINVAL for a results code not 34 characters or
 * a result of a unit not in u; PD_EEXISTS for a code given twice. */
int pd_store_units_replace(struct pd_store *s, const char *games,
			   const struct pd_units_put *u,
			   struct pd_diag *diag);

/* Which units to read: a Games' (every other field "" or NULL: any). */
struct pd_unit_query {
	const char *games;
	const char *rsc;	/* one unit */
	const char *day;	/* "2024-08-10" */
	const char *venue;	/* its name */
	const char *discipline;	/* its name */
};

typedef int (*pd_unit_fn)(const struct pd_unit_rec *u, void *arg);
/* Call fn for each unit q asks for, by start time, then code. */
int pd_store_units(struct pd_store *s, const struct pd_unit_query *q,
		   pd_unit_fn fn, void *arg, struct pd_diag *diag);

typedef int (*pd_unit_result_fn)(const struct pd_unit_result_rec *r,
				 void *arg);
/* Call fn for each result of the Games' units whose code starts with
 * prefix ("" every unit; 22 characters an event's; 34 one unit's), by
 * code, then in the order written. */
int pd_store_unit_results(struct pd_store *s, const char *games,
			  const char *prefix, pd_unit_result_fn fn,
			  void *arg, struct pd_diag *diag);

typedef int (*pd_unit_team_fn)(const struct pd_unit_team_rec *t,
			       void *arg);
/* Call fn for each team of the Games' units (its roster as kept), by
 * code (src/store/ops_unit_teams.c, for both backends). */
int pd_store_unit_teams(struct pd_store *s, const char *games,
			pd_unit_team_fn fn, void *arg, struct pd_diag *diag);

/* -- a unit as it runs, one write at a time (inside pd_store_change()).
 * Each is PD_ENOTFOUND when the Games has no unit rsc. */

/* Make v[0..n) (participant, name, team, npc, start_order, bib; their
 * rsc is not read) the start list of unit rsc: a participant listed
 * already keeps their result, one listed no more is taken off with it.
 * start_order is the order, or in a race run in lanes the lane, as
 * ODF's StartOrder.  PD_EINVAL for a participant given twice or without
 * a code, name or NPC. */
int pd_store_unit_start_list(struct pd_store *s, const char *games,
			     const char *rsc,
			     const struct pd_unit_result_rec *v, size_t n,
			     struct pd_diag *diag);

/* Set r->participant's result in unit r->rsc: rank, result and its type,
 * IRM, difference, W/L/T and qualification mark, as r gives them ("" or
 * NULL clears).  PD_ENOTFOUND when the participant is not on the unit's
 * start list. */
int pd_store_unit_result_set(struct pd_store *s, const char *games,
			     const struct pd_unit_result_rec *r,
			     struct pd_diag *diag);

/* Set only participant's qualification mark in unit rsc ("" none).
 * PD_ENOTFOUND when the participant is not on its start list. */
int pd_store_unit_mark(struct pd_store *s, const char *games,
		       const char *rsc, const char *participant,
		       const char *mark, struct pd_diag *diag);

/* Move unit rsc to status (the caller says which moves may be made). */
int pd_store_unit_status(struct pd_store *s, const char *games,
			 const char *rsc, const char *status,
			 struct pd_diag *diag);

#endif
