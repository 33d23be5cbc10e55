/* audit.h -- the audit log and sanctions in the store (the interface of
 * store.h).
 *
 * Every change to a Games is one audit entry (pd_store_change() in store.h
 * writes it): when, who, the command, why, and the version it made.  A
 * sanction is a decision about an athlete in some events: it voids the
 * results (DSQ) and the medals are derived again, reallocated or vacated.
 * Lifting a sanction ends it at the lifting change's version, so the
 * table is exactly what it was before -- and the past stays readable.
 */
#ifndef PODIUM_AUDIT_H
#define PODIUM_AUDIT_H

#include <stddef.h>
#include "error.h"
#include "results.h"
#include "store.h"

struct pd_audit_entry {
	long id;
	char games[PD_GAMES_CODE];
	long version;
	char *at, *actor, *command, *reason;
	/* what the change changed: a JSON list of {"what", "field",
	 * "before", "after"}, or "" when nobody said (older entries) */
	char *changes;
};

typedef int (*pd_audit_fn)(const struct pd_audit_entry *e, void *arg);

/* Call fn for each entry of games (every Games when NULL) with a version
 * above since, oldest first. */
int pd_store_log(struct pd_store *s, const char *games, long since,
		 pd_audit_fn fn, void *arg, struct pd_diag *diag);

/* Call fn for each Games removed (pd_store_games_remove()), oldest
 * first, as an entry: the code, the version it had, when, who, the
 * command and why (changes ""). */
int pd_store_games_removed(struct pd_store *s, pd_audit_fn fn, void *arg,
			   struct pd_diag *diag);

/* Keep what the change that made games' version changed (a JSON list,
 * see pd_audit_entry) in its audit entry; inside that change. */
int pd_store_change_note(struct pd_store *s, const char *games, long version,
			 const char *changes, struct pd_diag *diag);

/* The Games' version as it stood at the end of an ISO date or date-time
 * (the last change at or before it); 0 if none was. */
int pd_store_version_at(struct pd_store *s, const char *games,
			const char *when, long *version,
			struct pd_diag *diag);

/* Add a sanction on an athlete in events[0..n) (inside pd_store_change()).
 * Every event must belong to games and the athlete must have a result in
 * each; PD_EINVAL with a message otherwise. */
int pd_store_sanction_add(struct pd_store *s, const char *games,
			  long athlete, enum pd_sanction_mode mode,
			  const char *reason, const long *events, size_t n,
			  long *id, struct pd_diag *diag);
/* Lift a sanction in force (inside pd_store_change()); PD_ENOTFOUND if no
 * sanction id of games is in force. */
int pd_store_sanction_lift(struct pd_store *s, const char *games, long id,
			   struct pd_diag *diag);

struct pd_sanction_info {
	long id;
	long athlete;
	char *athlete_name;
	char npc[8];
	char *mode, *reason, *events;	/* events: "12,15" */
	long since, until;		/* until 0 while in force */
};

typedef int (*pd_sanction_fn)(const struct pd_sanction_info *s, void *arg);

int pd_store_sanctions(struct pd_store *s, const char *games,
		       pd_sanction_fn fn, void *arg, struct pd_diag *diag);
/* The Games of a sanction id; PD_ENOTFOUND if none. */
int pd_store_sanction_games(struct pd_store *s, long id, char *games,
			    size_t size, struct pd_diag *diag);

#endif
