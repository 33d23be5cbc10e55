/* store_report.h -- what the store keeps of a Games beyond its results: the
 * facts its sources state (facts.h), each with its source.
 *
 * The functions are store operations like those of store.h: checked in
 * src/store/store.c (every fact with pd_fact_check()), kept by each
 * backend, and in the contract suite.  Writes go inside
 * pd_store_change(), whose version each row carries; a fact replaced is
 * closed at that version, never deleted, so the facts as they stood at
 * any version can be read back.
 */
#ifndef PODIUM_STORE_REPORT_H
#define PODIUM_STORE_REPORT_H

#include "doping.h"
#include "election.h"
#include "facts.h"
#include "match.h"
#include "store.h"

/* Add f (its games, key and source checked; f->id ignored) as a fact of
 * f->games; *id (if not NULL) receives its id. */
int pd_store_fact_add(struct pd_store *s, const struct pd_fact *f, long *id,
		      struct pd_diag *diag);
/* Replace every fact of games from source with l's (each of which must
 * be of games and source: PD_EINVAL otherwise, before anything is
 * written). */
int pd_store_facts_replace(struct pd_store *s, const char *games,
			   const char *source, const struct pd_facts *l,
			   struct pd_diag *diag);

typedef int (*pd_fact_fn)(const struct pd_fact *f, void *arg);
/* Call fn for each fact in force of games (NULL: of every Games), by
 * Games, key and id; fn's non-zero return stops and is returned. */
int pd_store_facts(struct pd_store *s, const char *games, pd_fact_fn fn,
		   void *arg, struct pd_diag *diag);

/* -- elections (election.h)
 *
 * A ballot is kept apart from who cast it.  While the election is open
 * the store holds each ballot sealed (a libsodium sealed box to the
 * election's public key, e->seal; its secret half is the operator's and
 * never in the store), so that whatever the file or the server shows --
 * row order, page offsets, xmin and ctid, rowids -- pairs a voter only
 * with a box no one can open.  At close the boxes are opened, and the
 * ballots written in a random order in the one transaction that closes
 * the election and throws the boxes away: each ballot's random id and
 * its choices, no voter, no time, no version, every ballot of the same
 * transaction.  The electorate table says who may vote and whether they
 * have. */

/* Add e (checked with pd_election_check(); e->id ignored); *id (if not
 * NULL) receives its id.  PD_EEXISTS for a second of that name. */
int pd_store_election_add(struct pd_store *s, const struct pd_election *e,
			  long *id, struct pd_diag *diag);
typedef int (*pd_election_fn)(const struct pd_election *e, void *arg);
/* games' elections (NULL: every Games'), by Games and id. */
int pd_store_elections(struct pd_store *s, const char *games,
		       pd_election_fn fn, void *arg, struct pd_diag *diag);
/* Set an election's status ("open", "closed", "published"). */
int pd_store_election_status(struct pd_store *s, long election,
			     const char *status, struct pd_diag *diag);
/* Add c to c->election; *id (if not NULL) receives its id. */
int pd_store_candidate_add(struct pd_store *s, const struct pd_candidate *c,
			   long *id, struct pd_diag *diag);
typedef int (*pd_candidate_fn)(const struct pd_candidate *c, void *arg);
/* An election's candidates, by id. */
int pd_store_candidates(struct pd_store *s, long election, pd_candidate_fn fn,
			void *arg, struct pd_diag *diag);
/* Put athlete on election's register; 1 when added, 0 when there. */
int pd_store_elector_add(struct pd_store *s, long election, long athlete,
			 struct pd_diag *diag);
/* The register's size and how many on it have voted. */
int pd_store_electorate(struct pd_store *s, long election, long *electors,
			long *voted, struct pd_diag *diag);
/* athlete votes: marked as having voted, and box (a sealed ballot as
 * base64, at most PD_BALLOT_BOX bytes) kept, or neither: PD_ENOTFOUND
 * when athlete is not on the register, PD_EEXISTS when they have
 * voted. */
int pd_store_vote(struct pd_store *s, long election, long athlete,
		  const char *box, struct pd_diag *diag);
typedef int (*pd_sealed_fn)(const char *box, void *arg);
/* An open election's sealed ballots, in no order that means anything. */
int pd_store_sealed(struct pd_store *s, long election, pd_sealed_fn fn,
		    void *arg, struct pd_diag *diag);
/* Throw away election's sealed ballots (at close, once opened). */
int pd_store_sealed_clear(struct pd_store *s, long election,
			  struct pd_diag *diag);
/* Keep an opened ballot of id ballot_id (random, PD_BALLOT_ID - 1 hex
 * digits) with choices[0..n), stored sorted. */
int pd_store_ballot_add(struct pd_store *s, long election,
			const char *ballot_id, const long *choices, size_t n,
			struct pd_diag *diag);
typedef int (*pd_ballot_fn)(const char *id, const long *choices, size_t n,
			    void *arg);
/* An election's ballots, in the order of their ids. */
int pd_store_ballots(struct pd_store *s, long election, pd_ballot_fn fn,
		     void *arg, struct pd_diag *diag);

/* -- matches (match.h) */

/* Replace event's matches from source with l's (each checked with
 * pd_match_check(); their event and source are set from the
 * arguments). */
int pd_store_matches_replace(struct pd_store *s, long event,
			     const char *source, const struct pd_matches *l,
			     struct pd_diag *diag);
typedef int (*pd_match_fn)(const struct pd_match *m, void *arg);
/* event's matches in force, in the order written. */
int pd_store_matches(struct pd_store *s, long event, pd_match_fn fn,
		     void *arg, struct pd_diag *diag);

/* -- anti-doping cases (doping.h) */

/* Add c (checked with pd_doping_check()); *id (if not NULL) receives
 * its id.  PD_ENOTFOUND for an athlete or sanction not in the store. */
int pd_store_doping_add(struct pd_store *s, const struct pd_doping_case *c,
			long *id, struct pd_diag *diag);
typedef int (*pd_doping_fn)(const struct pd_doping_case *c, void *arg);
/* games' cases, by id. */
int pd_store_doping_cases(struct pd_store *s, const char *games,
			  pd_doping_fn fn, void *arg, struct pd_diag *diag);

#endif
