/* election.h -- an athletes' commission election: seats, candidates,
 * ballots, and the tally with its seat rules.
 *
 * An election belongs to a Games.  It has seats, a most choices a ballot
 * may mark (k), and a cap on the seats one sport may take (two in the
 * IPC's recent elections; 0 for none).  Candidates are athletes with an
 * NPC and a sport.  The electorate is a register of the athletes who may
 * vote (those entered at the Games); a ballot marks 1 to k distinct
 * candidates and gives each one vote.
 *
 * The tally ranks candidates by votes and fills the seats in that order,
 * passing over a candidate whose sport already holds its cap.  Where
 * candidates with equal votes compete for fewer seats than they are
 * (seats or their sport's cap), none of them is declared: they are tied,
 * and the seats they compete for stay open for the run-off or the lot the
 * rules prescribe.  Turnout is the ballots over the register.
 *
 * An election whose ballots podium never saw can still be kept as its
 * published result (status "published"): the votes and the turnout as
 * stated, the elected candidates, and the source that states them.
 *
 * Secrecy is the store's (store_report.h): nothing here names a voter.
 * Pure: no I/O.
 */
#ifndef PODIUM_ELECTION_H
#define PODIUM_ELECTION_H

#include <stddef.h>

#include "error.h"
#include "facts.h"
#include "label.h"
#include "model.h"

#define PD_BALLOT_ID 33		/* 128 random bits as hex, and a NUL */
#define PD_ELECTION_CHOICES 64	/* the most k may be */
/* a ballot's choices as text ("3,7,12"), the size every sealed ballot is
 * padded to so that no box is longer for marking more */
#define PD_BALLOT_TEXT (PD_ELECTION_CHOICES * 21 + 1)
#define PD_BALLOT_BOX 2048	/* a sealed ballot as base64, and a NUL */
#define PD_ELECTION_KEY 65	/* a key (32 bytes) as hex, and a NUL */

struct pd_election {
	long id;
	char games[PD_GAMES_CODE];
	char name[PD_NAME_MAX + 1];
	long seats;
	long max_choices;		/* k */
	long sport_cap;			/* 0: none */
	char status[16];		/* "open", "closed", "published" */
	/* a published result: the votes (-1 unknown) and the turnout as
	 * stated ("" none), and where they are stated */
	long votes;
	char turnout[PD_FACT_VALUE];
	char source[PD_IDENT_MAX + 1];
	char cite[PD_FACT_CITE];
	/* an election with ballots: the public key they are sealed to
	 * until close, as hex ("" for none: a published result, or an
	 * election kept before ballots were sealed) */
	char seal[PD_ELECTION_KEY];
};

struct pd_candidate {
	long id, election;
	long athlete;			/* the store's athlete, 0 if unknown */
	char name[PD_NAME_MAX + 1];
	char name_zh[PD_NAME_MAX + 1];	/* as a Chinese source prints it */
	char npc[PD_CODE_MAX];
	char sport[PD_NAME_MAX + 1];	/* "" unknown */
	int elected;			/* a published result's */
};

/* 0 if e may be kept: a name, 1 to 100 seats, k from 1 to seats (and at
 * most PD_ELECTION_CHOICES), a cap of 0 or more, a known status;
 * PD_EINVAL naming the field otherwise. */
int pd_election_check(const struct pd_election *e, struct pd_diag *diag);

/* 0 if choices[0..n) is a ballot of e: 1 to k distinct candidates of
 * cands[0..nc); PD_EINVAL saying why otherwise. */
int pd_ballot_check(const struct pd_election *e, const long *choices,
		    size_t n, const struct pd_candidate *cands, size_t nc,
		    struct pd_diag *diag);

enum pd_seat {
	PD_SEAT_NONE,		/* not elected */
	PD_SEAT_ELECTED,
	PD_SEAT_TIED,		/* tied for a seat: the rules decide */
	PD_SEAT_CAPPED,		/* enough votes, but the sport is full */
};

struct pd_vote_row {
	const struct pd_candidate *c;
	long votes;
	long rank;		/* competition rank by votes */
	enum pd_seat seat;
};

struct pd_election_tally {
	struct pd_vote_row *rows;	/* by votes, then id */
	size_t n;
	long ballots, electorate;	/* electorate 0: unknown */
	long elected, tied, seats_open;	/* seats_open: left to the rules */
};

/* The tally of e from votes[i], the votes candidate cands[i] received,
 * over ballots ballots of an electorate of electorate (0: unknown).
 * Release out with pd_election_tally_release(). */
int pd_election_tally(struct pd_election_tally *out,
		      const struct pd_election *e,
		      const struct pd_candidate *cands, const long *votes,
		      size_t nc, long ballots, long electorate);
void pd_election_tally_release(struct pd_election_tally *t);

/* ballots / electorate in hundredths of a percent, rounded half up (0
 * when the electorate is unknown). */
long pd_turnout_hundredths(long ballots, long electorate);

#endif
