/* walk.h -- the medal walk: ops_derive.c reads one event and its results
 * valid at the asked version, through any backend's driver, and hands
 * them here as text; this file keeps them, lets src/core decide the
 * medals (pd_event_medals) and calls the caller's function for each.  So
 * the rules of which event counts and which result medals are written
 * once, whatever the store. */
#ifndef PODIUM_STORE_WALK_H
#define PODIUM_STORE_WALK_H

#include <stddef.h>

#include "podium/model.h"
#include "podium/results.h"

struct pd_walk_row {
	char npc[PD_CODE_MAX];
	char *name;
	long athlete, team, id;
};

/* One event and the results that can decide its medals. */
struct pd_walk_event {
	long id;
	char *sport, *name, *gender, *date;
	enum pd_policy policy;
	int counts;		/* its status counts under the query */
	struct pd_walk_row *rows;
	struct pd_result_in *in;
	struct pd_result_out *out;
	size_t n, alloc;
};

/* Forget the event's results and names, keep the memory. */
void pd_walk_clear(struct pd_walk_event *e);
void pd_walk_free(struct pd_walk_event *e);
/* Start event id with these columns as read (policy and status may be
 * NULL: the sport's default, and an event that did not exist yet). */
int pd_walk_event(struct pd_walk_event *e, long id, const char *sport,
		  const char *name, const char *gender, const char *date,
		  const char *policy, const char *status,
		  int include_unofficial);
/* Add one result (irm "" for none; sanction NULL for none, else
 * "vacate" or "reallocate"). */
int pd_walk_result(struct pd_walk_event *e, const char *npc,
		   const char *name, long athlete, long team, long id,
		   long rank, const char *irm, const char *sanction);
/* Whether the event is to be decided: it counts and has results. */
int pd_walk_counts(const struct pd_walk_event *e);
/* Whether deciding the event needs how many started it: only when it
 * counts under the capped policy.  The results a backend reads leave out
 * the unranked, so it counts the starters in SQL then; else starters is
 * e->n. */
int pd_walk_needs_starters(const struct pd_walk_event *e);
/* Decide the event's medals with starters competitors (only the capped
 * policy reads it) and call fn for each; fn's non-zero return stops. */
int pd_walk_emit(struct pd_walk_event *e, size_t starters, pd_medal_fn fn,
		 void *arg);

#endif
