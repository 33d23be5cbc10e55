/* published.h -- a medal table as some source printed it, and its check.
 *
 * A published table is kept as-is: the caption and header as printed, each
 * row's printed rank (or none, for a row continuing a tie), printed name,
 * resolved NPC code, counts and printed total, and the totals row.  It is a
 * source to compare against, never the truth: pd_published_check() lists
 * every way it disagrees with itself.
 *
 * Ownership: a published table owns its strings and rows.
 */
#ifndef PODIUM_PUBLISHED_H
#define PODIUM_PUBLISHED_H

#include <stddef.h>
#include "error.h"
#include "npc.h"
#include "standings.h"

struct pd_published_row {
	long line;		/* in the source file; 0 if unknown */
	int has_rank;
	long rank;
	char *name;		/* as printed */
	char npc[PD_CODE_MAX];	/* resolved code; "" if not resolved */
	long medals[3];
	long total;		/* as printed; -1 if the source gave none */
};

struct pd_published {
	char *caption;		/* NULL if none */
	char *header;		/* NULL if none */
	char lang[4];		/* "zh" or "en": the language it was printed in */
	struct pd_published_row *rows;
	size_t n;
	size_t alloc;
	int has_totals;
	long totals_line;
	long totals[4];		/* gold, silver, bronze, total as printed */
	int no_ranks;		/* the source prints no ranks at all (a CSV
				 * without a rank column): none is checked */
};

void pd_published_init(struct pd_published *p);
void pd_published_release(struct pd_published *p);
/* Append a row; name is copied.  The new row is returned through out. */
int pd_published_add(struct pd_published *p, long line, int has_rank,
		     long rank, const char *name, const long medals[3],
		     long total, struct pd_published_row **out);

/* The tally of a published table (rows with a resolved code); printed
 * names are carried over. */
int pd_published_tally(const struct pd_published *p, struct pd_tally *t);

#define PD_PROBLEM_MSG 256
#define PD_PROBLEMS_MAX 10000

struct pd_problem {
	long line;
	char msg[PD_PROBLEM_MSG];
};

struct pd_problems {
	struct pd_problem *v;
	size_t n;
	size_t alloc;
};

void pd_problems_init(struct pd_problems *p);
void pd_problems_release(struct pd_problems *p);
int pd_problems_add(struct pd_problems *p, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Every inconsistency of the table with itself, in line order:
 *  - a row whose total is not gold + silver + bronze;
 *  - a row out of order under the scheme (NULL: gold-first);
 *  - a printed rank that is not the competition rank (1, 2, 2, 4);
 *  - a tied row with a rank other than the shared one (no rank is fine);
 *  - a row that starts a new rank but prints none;
 *  - a totals row whose figures are not the column sums.
 * Each wrong number is reported once: a row's wrong total is that row's
 * problem, and the totals row is held to the rows' medals.  With
 * p->no_ranks, nothing about ranks.
 * Returns 0 (problems may be empty) or PD_ENOMEM. */
int pd_published_check(const struct pd_published *p,
		       const struct pd_scheme *scheme,
		       struct pd_problems *out);
/* The printed numbers alone: each row total that is not its gold +
 * silver + bronze, each figure of the totals row that is not the rows'
 * sum (what 'podium diff' holds a published side to). */
int pd_published_check_sums(const struct pd_published *p,
			    struct pd_problems *out);

#endif
