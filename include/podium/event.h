/* event.h -- writing and reading events, athletes, teams and results in
 * the store (the interface of store.h; the records are model.h's).
 *
 * Writes go inside pd_store_change() (see store.h): every row written
 * carries the change's version, and a result is never updated in place --
 * pd_store_results_close() ends it at the change's version and a new row
 * takes over -- so pd_query.as_of can rebuild any past table.
 *
 * Ownership: strings passed in are borrowed; strings in structs filled by
 * the store are owned by the struct and freed by its _release().
 */
#ifndef PODIUM_EVENT_H
#define PODIUM_EVENT_H

#include <stddef.h>
#include "error.h"
#include "model.h"
#include "npc.h"
#include "results.h"
#include "store.h"

/* The id of the athlete with this ext (or, without ext, this name and
 * NPC), created if absent. */
int pd_store_athlete_ensure(struct pd_store *s, const struct pd_athlete *a,
			    long *id, struct pd_diag *diag);

/* ids[i] the id of v[i], as n pd_store_athlete_ensure() calls in that
 * order would give, but several a statement where the backend can (a bulk
 * import writes 135,000 athletes).  Every athlete is checked before any
 * is written. */
int pd_store_athletes_ensure(struct pd_store *s, const struct pd_athlete *v,
			     size_t n, long *ids, struct pd_diag *diag);

/* An athlete's name and NPC by id (name malloc'd); PD_ENOTFOUND if none. */
int pd_store_athlete_get(struct pd_store *s, long id, char **name,
			 char *npc, struct pd_diag *diag);

/* The id of event's team of npc called name, created if absent, with
 * members[0..n) added to it. */
int pd_store_team_ensure(struct pd_store *s, long event, const char *npc,
			 const char *name, const long *members, size_t n,
			 long *id, struct pd_diag *diag);

int pd_store_result_add(struct pd_store *s, const struct pd_result_rec *r,
			struct pd_diag *diag);
/* v[0..n) as n pd_store_result_add() calls would add them, in that order,
 * but several a statement where the backend can: a bulk import writes
 * 190,000 results, and a statement each was a third of its time.  Every
 * record is checked before any is written. */
int pd_store_results_add(struct pd_store *s, const struct pd_result_rec *v,
			 size_t n, struct pd_diag *diag);
/* End the event's current results: all of them (athlete and team 0), or
 * those of one athlete or one team.  *closed (if not NULL) gets how many. */
int pd_store_results_close(struct pd_store *s, long event, long athlete,
			   long team, size_t *closed, struct pd_diag *diag);

/* PD_ENOTFOUND if there is no event id. */
int pd_store_event_get(struct pd_store *s, long id, struct pd_event_info *out,
		       struct pd_diag *diag);
/* Set an event's status (and its history). */
int pd_store_event_status(struct pd_store *s, long id, const char *status,
			  struct pd_diag *diag);
/* Set an event's own policy, its sport class or its team flag. */
int pd_store_event_update(struct pd_store *s, long id, const char *policy,
			  const char *sport_class, int team,
			  struct pd_diag *diag);

/* Call fn for each event of games (and of sport, when not NULL), by
 * sport, name and gender. */
typedef int (*pd_event_fn)(const struct pd_event_info *e, size_t results,
			   void *arg);
int pd_store_events(struct pd_store *s, const char *games, const char *sport,
		    pd_event_fn fn, void *arg, struct pd_diag *diag);

/* One result of an event as it stands (or stood at a version). */
struct pd_result_row {
	long id;
	char npc[PD_CODE_MAX];
	const char *name, *mark, *irm, *records;
	long athlete_id, team_id, rank;
	double value;		/* the mark as a number, if has_value */
	int has_value;
};

typedef int (*pd_result_fn)(const struct pd_result_row *r, void *arg);

/* The event's results valid at as_of (0: now): the ranked by rank, then
 * the unranked, and the IRMs last in ODF's order (pd_irm_order()). */
int pd_store_event_results(struct pd_store *s, long event, long as_of,
			   pd_result_fn fn, void *arg, struct pd_diag *diag);

/* Set how the event's ranks follow from its marks: "asc", "desc" or ""
 * (by hand); PD_EINVAL for anything else (inside pd_store_change()). */
int pd_store_event_order(struct pd_store *s, long id, const char *order,
			 struct pd_diag *diag);

/* -- start lists: the athletes entered in an event, with or before a
 * result (who took part counts them, stats.h) */

struct pd_entry {
	long event;
	const char *sport, *event_name, *event_gender;
	long athlete;
	const char *name, *npc, *gender;
	int has_result;		/* a result in the event, alone or in a team */
};

typedef int (*pd_entry_fn)(const struct pd_entry *e, void *arg);

/* Call fn for each entry of games (only event's, when event is not 0),
 * by event, then NPC, name and athlete id. */
int pd_store_entries(struct pd_store *s, const char *games, long event,
		     pd_entry_fn fn, void *arg, struct pd_diag *diag);
/* Replace event's start list with athletes[0..n) from source (a repeated
 * id counts once), inside pd_store_change().  PD_ENOTFOUND for an
 * athlete not in the store. */
int pd_store_entries_replace(struct pd_store *s, long event,
			     const char *source, const long *athletes,
			     size_t n, struct pd_diag *diag);

#endif
