/* qualify.h -- who goes on from a phase of heats, and in which lanes they
 * start the next, by rules held as data (data/qualification_rules.tsv):
 * per event, phase and number of heats, the first Q of each heat by
 * place, then the next q fastest, and the next phase's lane draw in
 * groups (World Athletics: the four best ranked draw lanes 3 to 6 ...).
 * Pure: no I/O; the draw is by lot, seeded by a text (the unit's code) so
 * the same draw is made again.
 *
 * Ownership: a rule set owns its strings (pd_qual_rules_release()).
 */
#ifndef PODIUM_QUALIFY_H
#define PODIUM_QUALIFY_H

#include <stddef.h>
#include "error.h"

#define PD_QUAL_LANES 16

struct pd_qual_rule {
	char event[23];		/* ODF event code, '?' any character */
	char phase[5], next[5];
	int heats;
	int by_place, by_time;	/* Q of each heat, then q fastest */
	int lanes[PD_QUAL_LANES];	/* the draw's lanes, group by group */
	int group_end[PD_QUAL_LANES];	/* each group's end in lanes[] */
	int nlanes, ngroups;
	char *source;
	long line;
};

struct pd_qual_rules {
	struct pd_qual_rule *v;
	size_t n;
};

/* Read the rules from text[0..len) (file names it in messages).
 * PD_EPARSE at the first bad line. */
int pd_qual_rules_parse(struct pd_qual_rules *out, const char *text,
			size_t len, const char *file, struct pd_diag *diag);
void pd_qual_rules_release(struct pd_qual_rules *r);
/* The rule for event's phase run in heats heats, or NULL. */
const struct pd_qual_rule *pd_qual_rule_find(const struct pd_qual_rules *r,
					     const char *event,
					     const char *phase, int heats);

/* One result of a heat. */
struct pd_qual_row {
	int heat;		/* which heat: rows of one heat share it */
	long rank;		/* place in the heat, 0: none */
	double time;		/* the mark, lower is better */
	int has_time;
	int out;		/* an IRM: never qualifies */
};

/* The marks rule gives rows v[0..n): marks[i] 'Q', 'q' or 0.  A tie at
 * the last place or time that qualifies takes every one tied. */
void pd_qual_propose(const struct pd_qual_rule *rule,
		     const struct pd_qual_row *v, size_t n, char *marks);

/* The qualifiers of v[0..n) (marks as pd_qual_propose() gives them, or
 * as an operator set them) ranked for the next phase, their indexes into
 * idx[] (room for n): Q by place then time, then q by time.  Returns
 * how many. */
size_t pd_qual_rank(const struct pd_qual_row *v, size_t n, const char *marks,
		    size_t *idx);

/* The lanes of the next phase for the n ranked qualifiers, into lane[]
 * (room for n): each group of the rule's draw drawn by lot among those
 * ranked for it, the lot seeded by seed; past the rule's lanes, or with
 * no draw, the order of the ranking (1, 2 ...). */
void pd_qual_lanes(const struct pd_qual_rule *rule, size_t n,
		   const char *seed, int *lane);

#endif
