/* standings.h -- medal tallies and the standings ranked from them.
 *
 * A tally is the set of (NPC, gold, silver, bronze) counts a table is made
 * of: computed from medals, or imported as a published table.  Standings
 * are always computed from a tally, never stored: sorted under a scheme,
 * given competition ranks (1, 2, 2, 4), with a totals row, a host marker
 * and optionally cut to the top N with a "remaining" row.
 *
 * Schemes:
 *   gold   gold, then silver, then bronze (the default); rows that tie on
 *          all three share the rank and are listed by NPC code;
 *   total  total, then gold, silver, bronze;
 *   points weighted sum (points=3,2,1), then gold, silver, bronze.
 *
 * Pure: no I/O, no globals, deterministic for the same input.
 * Ownership: a tally and standings own their rows; release them.
 */
#ifndef PODIUM_STANDINGS_H
#define PODIUM_STANDINGS_H

#include <stddef.h>
#include "error.h"
#include "npc.h"

enum pd_medal { PD_GOLD = 0, PD_SILVER = 1, PD_BRONZE = 2 };

#define PD_TALLY_MAX 100000	/* rows; far above the ~230 NPCs there are */

struct pd_tally_row {
	char npc[PD_CODE_MAX];
	long medals[3];
	char *printed;		/* name as printed in a source, or NULL */
};

struct pd_tally {
	struct pd_tally_row *rows;
	size_t n;
	size_t alloc;
};

void pd_tally_init(struct pd_tally *t);
void pd_tally_release(struct pd_tally *t);
/* The row for npc, created with zero counts if absent; NULL on no memory
 * or past PD_TALLY_MAX. */
struct pd_tally_row *pd_tally_row(struct pd_tally *t, const char *npc);
/* Add count medals of one colour to npc. */
int pd_tally_add(struct pd_tally *t, const char *npc, enum pd_medal medal,
		 long count);

enum pd_scheme_kind { PD_SCHEME_GOLD, PD_SCHEME_TOTAL, PD_SCHEME_POINTS };

struct pd_scheme {
	enum pd_scheme_kind kind;
	long weight[3];		/* PD_SCHEME_POINTS only */
};

/* "gold", "total", "points" (3,2,1) or "points=W1,W2,W3" with
 * non-negative integer weights. */
int pd_scheme_parse(struct pd_scheme *s, const char *text,
		    struct pd_diag *diag);
/* The scheme written back the way pd_scheme_parse() reads it. */
void pd_scheme_format(const struct pd_scheme *s, char *out, size_t size);

struct pd_standing {
	long rank;		/* competition rank; 0 on totals/remaining */
	char npc[PD_CODE_MAX];
	long medals[3];
	long total;
	long points;		/* under the scheme's weights; 0 otherwise */
	int host;		/* non-zero for the host NPC */
	int tied;		/* shares its rank with the row above */
	const char *printed;	/* borrowed from the tally; may be NULL */
};

struct pd_standings {
	struct pd_scheme scheme;
	struct pd_standing *rows;
	size_t n;		/* rows shown (after --top) */
	size_t nall;		/* NPCs in the table */
	struct pd_standing totals;	/* sums over all NPCs */
	int has_remaining;
	struct pd_standing remaining;	/* sums over the rows cut by top */
	size_t nremaining;
};

struct pd_standings_opts {
	struct pd_scheme scheme;
	const char *host;	/* NPC code of the host, or NULL */
	size_t top;		/* 0: all rows */
	int keep_empty;		/* keep NPCs with no medal (default: drop) */
};

/* Rank the tally.  The standings borrow printed names from t, so t must
 * outlive them. */
int pd_standings_build(struct pd_standings *out, const struct pd_tally *t,
		       const struct pd_standings_opts *opts,
		       struct pd_diag *diag);
void pd_standings_release(struct pd_standings *s);

#endif
