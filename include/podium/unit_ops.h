/* unit_ops.h -- the writes a results operator makes to a unit as it runs
 * (src/app/unit_writes.c): its start list, a participant's result, its
 * status.  Each is one change of the unit's Games, as every write of
 * ops.h: a transaction, the version bumped with an audit entry keeping
 * what changed (field by field), then commit; any failure leaves the
 * store as it was.  The CLI ('podium unit start-list|result|status')
 * and the API (/api/games/G/units/RSC/...) make the same calls.
 *
 * A unit's statuses, and the moves an operator may make between them:
 *
 *   scheduled, rescheduled  -> delayed, running, postponed, cancelled,
 *                              rescheduled
 *   delayed                 -> scheduled, running, postponed, cancelled,
 *                              rescheduled
 *   running                 -> interrupted, unofficial, official,
 *                              cancelled
 *   interrupted             -> running, unofficial, postponed, cancelled
 *   unofficial              -> official, running
 *   official                -> unofficial (needs a reason: its medals
 *                              and qualifiers are then provisional)
 *   postponed               -> rescheduled, scheduled, cancelled
 *   cancelled               -> rescheduled
 *
 * An imported unit's "finished" is official, and no status ("") is
 * scheduled.  Results are written to a unit that is neither official
 * nor cancelled; a start list to one not yet official.
 *
 * Ownership: strings passed in are borrowed.
 */
#ifndef PODIUM_UNIT_OPS_H
#define PODIUM_UNIT_OPS_H

#include "npc.h"
#include "ops.h"
#include "units.h"

#define PD_UNIT_STATUSES "scheduled, delayed, running, interrupted, " \
	"unofficial, official, cancelled, postponed, rescheduled"

/* 1 for one of PD_UNIT_STATUSES. */
int pd_unit_status_valid(const char *status);
/* Whether a unit at status was may move to status to (an imported
 * "finished" is official, "" scheduled): 0 yes; PD_EINVAL for a status
 * not one of them; PD_ECONSIST for a move it may not make, with the
 * reason and the moves it may make in diag. */
int pd_unit_status_move(const char *rsc, const char *was, const char *to,
			struct pd_diag *diag);

/* One participant on a start list: a code, a name and an NPC (any name
 * reg resolves), its order (or lane) and bib. */
struct pd_unit_start_input {
	const char *participant, *name, *npc;
	int team;
	long order;		/* 0: none; a lane in a lane race */
	const char *bib;
	/* for messages: a file and line, or (file NULL) rows[i] */
	const char *file;
	long line;
};

/* Make in[0..n) the start list of unit rsc of games, as
 * pd_store_unit_start_list() says. */
int pd_op_unit_start_list(struct pd_store *s, const struct pd_registry *reg,
			  const char *games, const char *rsc,
			  const struct pd_unit_start_input *in, size_t n,
			  const struct pd_who *who, struct pd_op_done *done,
			  struct pd_diag *diag);

/* One participant's result in a unit: a field NULL (rank: has_rank 0)
 * keeps what is stored, "" clears it. */
struct pd_unit_result_input {
	const char *participant;	/* required */
	long rank;
	int has_rank;
	const char *result, *result_type;	/* "10.31", "TIME" */
	const char *irm;		/* DNS, DNF, DQ ... */
	const char *diff;
	const char *wlt;		/* W, L, T */
	const char *qualification;	/* Q, q, FA ... */
};

/* Write in as participant's result in unit rsc of games. */
int pd_op_unit_result(struct pd_store *s, const char *games, const char *rsc,
		      const struct pd_unit_result_input *in,
		      const struct pd_who *who, struct pd_op_done *done,
		      struct pd_diag *diag);

/* Move unit rsc of games to status, as the moves above allow.  Made
 * official as the last heat of its phase to be, the next phase's start
 * list follows in the same change when the phase's rule
 * (data/qualification_rules.tsv) names a next phase of one unit that
 * has not started: the qualifiers as pd_op_unit_start_from() takes them
 * (reg resolves their NPCs). */
int pd_op_unit_status(struct pd_store *s, const struct pd_registry *reg,
		      const char *games, const char *rsc,
		      const char *status, const struct pd_who *who,
		      struct pd_op_done *done, struct pd_diag *diag);

/* 'podium unit start-list RSC --file LIST.csv': the start list of unit
 * rsc from a CSV whose header names participant, name and npc, and as
 * needed order (or lane) and bib (file read with the io layer unless
 * data is set; named in FILE:LINE messages either way), as
 * pd_op_unit_start_list() makes it.  *n (if not NULL): the rows. */
int pd_op_unit_start_csv(struct pd_store *s, const struct pd_registry *reg,
			 const char *games, const char *rsc, const char *file,
			 const char *data, size_t len,
			 const struct pd_who *who, struct pd_op_done *done,
			 size_t *n, struct pd_diag *diag);

/* The phase whose heats phase names (26 characters: the results code's
 * event and phase, "ATHM100M--------------RND1") has finished: propose
 * its qualifiers by the bundled rule for its event, phase and number of
 * heats (data/qualification_rules.tsv, qualify.h), Q to the first of
 * each heat by place and q to the next fastest, written as each row's
 * qualification mark in one change (a mark other than Q or q is kept).
 * PD_ENOTFOUND for a phase without units or a rule; PD_ECONSIST while a
 * heat has not run (scheduled ...) or is official already. */
int pd_op_unit_qualify(struct pd_store *s, const char *games,
		       const char *phase, const struct pd_who *who,
		       struct pd_op_done *done, struct pd_diag *diag);

/* The start list of unit rsc from the qualifiers (Q then q, as marked)
 * of the phase phase names, every heat of it official: ranked Q by place
 * then time, then q by time, lanes drawn by the rule's groups (the lot
 * seeded by rsc, so the same draw comes again), written as
 * pd_op_unit_start_list() writes one. */
int pd_op_unit_start_from(struct pd_store *s, const struct pd_registry *reg,
			  const char *games, const char *rsc,
			  const char *phase, const struct pd_who *who,
			  struct pd_op_done *done, struct pd_diag *diag);

#endif
