/* ops.h -- the writes a results operator makes, each one whole change.
 *
 * The CLI and the HTTP server make the same writes, so each lives here
 * once: look up what the write names, open a transaction, bump the Games'
 * version with an audit entry (who, the command, why), write, commit.  On
 * any failure the transaction is rolled back and diag says why, so the
 * store is exactly as it was.  Works on the store interface only.
 */
#ifndef PODIUM_OPS_H
#define PODIUM_OPS_H

#include <stddef.h>
#include "audit.h"
#include "error.h"
#include "event.h"
#include "npc.h"
#include "store.h"

/* Who asked, how, and why: written to the audit log. */
struct pd_who {
	const char *actor;	/* a user or a token's name */
	const char *command;	/* the command line or "POST /api/..." */
	const char *reason;	/* may be NULL */
};

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
	/* where it came from, for messages: a file and its line, or (file
	 * NULL) the request's list, whose rows are named results[i] */
	const char *file;
	long line;
};

/* Set one competitor's result in event, replacing their earlier one.
 * *version (if not NULL) receives the new version. */
int pd_op_result_set(struct pd_store *s, const struct pd_registry *reg,
		     long event, const struct pd_result_input *in,
		     const struct pd_who *who, long *version,
		     struct pd_diag *diag);
/* Replace event's whole ranking with in[0..n).  A competitor (athlete or
 * team) appears once: a second row for the same one is PD_ECONSIST naming
 * both rows, and nothing is written. */
int pd_op_results_replace(struct pd_store *s, const struct pd_registry *reg,
			  long event, const struct pd_result_input *in,
			  size_t n, const struct pd_who *who, long *version,
			  struct pd_diag *diag);
int pd_op_event_status(struct pd_store *s, long event, const char *status,
		       const struct pd_who *who, long *version,
		       struct pd_diag *diag);
int pd_op_sanction_add(struct pd_store *s, long athlete,
		       enum pd_sanction_mode mode, const long *events,
		       size_t n, const struct pd_who *who, long *id,
		       long *version, struct pd_diag *diag);
int pd_op_sanction_lift(struct pd_store *s, long id, const struct pd_who *who,
			long *version, struct pd_diag *diag);

#endif
