/* election_ops.h -- an athletes' commission election as the front ends
 * run it (src/app/election.c): made with its candidates, the register
 * filled with the athletes entered at the Games, ballots cast one per
 * athlete with a random id, closed, tallied; or kept as a published
 * result that has no ballots.
 *
 * Secrecy: casting a ballot is no change -- no line in the audit log, no
 * actor, no version -- and the ballot is sealed (libsodium's sealed box)
 * to the election's public key until close: the secret half is the
 * operator's, kept outside the store, and only it opens the ballots,
 * at close, when they are written in a random order under random ids
 * (store_report.h).  So no one can tally, nor pair a voter with a
 * choice, while the election is open, even with the store's file.
 */
#ifndef PODIUM_ELECTION_OPS_H
#define PODIUM_ELECTION_OPS_H

#include "buf.h"
#include "election.h"
#include "npc.h"
#include "ops.h"
#include "store_report.h"

/* A new key pair for an election's ballots: pub (to e->seal) and
 * secret, each as hex.  PD_ESTORE when libsodium does not start. */
int pd_election_keys(char pub[PD_ELECTION_KEY], char secret[PD_ELECTION_KEY],
		     struct pd_diag *diag);
/* Add e (status "open" unless given) to e->games (made if absent) with
 * its candidates c[0..nc), one change; *id receives its id.  An open
 * election needs e->seal (pd_election_keys()). */
int pd_op_election_add(struct pd_store *s, const struct pd_election *e,
		       const struct pd_candidate *c, size_t nc,
		       const struct pd_who *who, const struct pd_op_notify *nt,
		       long *id, struct pd_diag *diag);
/* Add a candidate to an open election with no ballots yet. */
int pd_op_candidate_add(struct pd_store *s, long election,
			const struct pd_candidate *c, const struct pd_who *who,
			long *id, struct pd_diag *diag);
/* Put every athlete entered at the election's Games (a result there) on
 * its register; *added receives how many were not on it.  Only while it
 * is open (PD_ECONSIST). */
int pd_op_electorate_fill(struct pd_store *s, long election,
			  const struct pd_who *who, long *added,
			  struct pd_diag *diag);
/* athlete casts a ballot of choices[0..n) (checked: pd_ballot_check())
 * in an open election, kept sealed to its public key until close;
 * PD_EEXISTS for a second ballot, PD_ENOTFOUND for one not on the
 * register.  No change: who is not logged, and no version is made. */
int pd_op_vote(struct pd_store *s, long election, long athlete,
	       const long *choices, size_t n, const struct pd_who *who,
	       struct pd_diag *diag);
/* Close an open election: no more ballots; its sealed ballots opened
 * with secret (hex; NULL for an election with no public key) and
 * written in a random order under random ids, in the one change that
 * closes it.  PD_EPARSE when secret is not the election's key. */
int pd_op_election_close(struct pd_store *s, long election,
			 const char *secret, const struct pd_who *who,
			 struct pd_diag *diag);

/* The bundled published result (data/PG2004.election.tsv) kept by
 * pd_op_init(): its election and elected candidates. */
int pd_election_bundled(struct pd_election *e, struct pd_candidate *c,
			size_t max, size_t *nc, struct pd_diag *diag);

/* An election read whole: itself, its candidates and their tally. */
struct pd_election_read {
	struct pd_election e;
	struct pd_candidate *cands;
	size_t ncands;
	long *votes;
	long ballots, electors, voted;
	struct pd_election_tally tally;
};

/* Read election (PD_ENOTFOUND if none) and tally it: from its ballots
 * once closed, or for a published result from its stated figures; an
 * open election has no tally (its ballots are sealed): every candidate
 * 0, ballots the voters marked so far.  Inside a read
 * transaction it is one version's.  Release whatever the result. */
int pd_election_read(struct pd_election_read *r, struct pd_store *s,
		     long election, struct pd_diag *diag);
void pd_election_read_release(struct pd_election_read *r);

/* The result as text in lang: seats, ballots and turnout, each
 * candidate's votes and seat, the elected list (a published result: the
 * figures as stated, with their source); reg (may be NULL) names the
 * NPCs in zh. */
int pd_election_text(struct pd_buf *b, const struct pd_election_read *r,
		     const struct pd_registry *reg, const char *lang);
/* "罗伯特（美国）" / "Robert Balk (USA)": a candidate as the text names
 * them. */
int pd_candidate_text(struct pd_buf *b, const struct pd_candidate *c,
		      const struct pd_registry *reg, const char *lang);

/* games' elections as the API's document (GET .../elections): each
 * with its candidates by votes and their seats, its ballots, register and
 * turnout (as stated, for a published result); the votes only once it is
 * closed.  Who voted is never in it. */
int pd_doc_elections(struct pd_buf *out, struct pd_store *s,
		     const char *games, long version, unsigned flags,
		     struct pd_diag *diag);

#endif
