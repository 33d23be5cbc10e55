/* facts.h -- the figures a Games' sources state, each with its source,
 * and what contradicts what.
 *
 * A medal table is derived from results; most of what a Games' official
 * report says is not (media workers, the torch relay, tickets, volunteers,
 * observers, officials, tests), and some of what it says could be but was
 * typed by hand (athletes, nations, events).  A fact is one such figure as
 * one source states it: the Games, a key naming what is counted
 * ("athletes", "election.turnout", "medals.CHN.gold"), the value as a
 * decimal, its unit, whether it is exact or "about", "nearly" or "over"
 * the value, the source (an identifier, "seed"), where in the source
 * ("report ¶5") and the source's own words.  Several facts may state one
 * key: that is how two sources, or two paragraphs of one, disagree.
 *
 * pd_facts_check() names each contradiction: two facts of one key whose
 * values cannot both hold; a fact against the figure the store computes
 * for its key (struct pd_fact_computed, made by src/app); a share against
 * the counts it is a share of (the turnout against the votes and the
 * athletes); a total against its parts.  Which keys are shares and sums of
 * which is one table in src/core/facts_check.c.
 *
 * The bundled file data/PG2004.facts.tsv is in the format of
 * pd_facts_tsv_parse(): GAMES KEY VALUE UNIT QUALIFIER SOURCE CITE QUOTE,
 * tab-separated, '#' comments.
 *
 * Pure: no I/O.  Ownership: a struct pd_facts owns its array; the claims
 * of a contradiction point into the pd_facts and pd_fact_computed arrays
 * they were made from, which must outlive them.
 */
#ifndef PODIUM_FACTS_H
#define PODIUM_FACTS_H

#include <stddef.h>

#include "buf.h"
#include "error.h"
#include "label.h"
#include "model.h"

#define PD_FACT_VALUE 32	/* "10000000", "47.67" */
#define PD_FACT_UNIT 33
#define PD_FACT_QUAL 8
#define PD_FACT_CITE 201
#define PD_FACT_QUOTE 1001

struct pd_fact {
	long id;			/* the store's; 0 before it is stored */
	char games[PD_GAMES_CODE];
	char key[PD_IDENT_MAX + 1];	/* an identifier */
	char value[PD_FACT_VALUE];	/* digits, maybe '.' and digits */
	char unit[PD_FACT_UNIT];	/* a name: "athletes", "%" */
	char qualifier[PD_FACT_QUAL];	/* "", "about", "nearly", "over" */
	char source[PD_IDENT_MAX + 1];	/* an identifier */
	char cite[PD_FACT_CITE];	/* a name: "report ¶5" */
	char quote[PD_FACT_QUOTE];	/* a name: the source's words */
};

struct pd_facts {
	struct pd_fact *v;
	size_t n, alloc;
};

void pd_facts_init(struct pd_facts *l);
void pd_facts_release(struct pd_facts *l);
/* Append a copy of f; PD_ENOMEM, or PD_ETOOBIG past PD_FACTS_MAX. */
#define PD_FACTS_MAX 100000
int pd_facts_add(struct pd_facts *l, const struct pd_fact *f);

/* 0 if f is a fact the store may keep: the Games a code, the key and the
 * source identifiers, the value a decimal, the qualifier one of the four,
 * the unit, cite and quote names; PD_EPARSE naming the field otherwise
 * (file and line, when given, go into diag). */
int pd_fact_check(const struct pd_fact *f, const char *file, long line,
		  struct pd_diag *diag);
/* Fill f from strings (any may be NULL for ""), checked as above;
 * PD_ETOOBIG for a field longer than its member. */
int pd_fact_set(struct pd_fact *f, const char *games, const char *key,
		const char *value, const char *unit, const char *qualifier,
		const char *source, const char *cite, const char *quote,
		struct pd_diag *diag);

/* Parse the facts file format into out (appending), every line checked;
 * PD_EPARSE with file:line on the first bad one, and out is then as it
 * was given. */
int pd_facts_tsv_parse(struct pd_facts *out, const char *data, size_t len,
		       const char *file, struct pd_diag *diag);
/* Append l as that format (one header line first). */
int pd_facts_tsv_write(struct pd_buf *b, const struct pd_facts *l);

/* The value as a number. */
double pd_fact_number(const char *value);
/* Append value for a reader of lang: en with thousands separators
 * (3,969), zh as the Chinese press writes it (3969, and 1000万 or 63.4万
 * for round numbers of 100,000 and more), fr as the French write it
 * (3 969 with a narrow no-break space, 47,67 with a decimal comma). */
int pd_fact_format(struct pd_buf *b, const char *value, const char *lang);

/* A figure the store computes for a key, and from what: from, a word
 * of the catalogue ("the table %s@%s") that takes the Games and the
 * table's source, in that order, where it names a table (pd_fact_from);
 * the strings are borrowed. */
struct pd_fact_computed {
	const char *games;
	const char *key;
	char value[PD_FACT_VALUE];
	const char *from;
	const char *source;
};

/* What f was computed from, in lang, into out. */
void pd_fact_from(char *out, size_t size, const struct pd_fact_computed *f,
		  const char *lang);

/* One value of a key and everything that gives it: the facts stating it
 * (by[0..nby)), or the store's computed figure. */
#define PD_CLAIM_BY 16
struct pd_claim {
	const char *value;
	double number;
	const char *unit;
	const char *qualifier;
	const struct pd_fact *by[PD_CLAIM_BY];
	size_t nby;
	const struct pd_fact_computed *computed;	/* or NULL */
	double share;		/* a share's whole: part / this, in % */
};

enum pd_contra_kind {
	PD_CONTRA_SOURCES,	/* stated[] disagree with one another */
	PD_CONTRA_COMPUTED,	/* stated[] against against[0], computed */
	PD_CONTRA_SHARE,	/* stated[0] a share of against[0] (the part)
				 * in each of against[1..] (the wholes) */
	PD_CONTRA_SUM,		/* stated[0] against the sum of against[] */
};

#define PD_CONTRA_CLAIMS 8
struct pd_contradiction {
	enum pd_contra_kind kind;
	const char *games, *key;
	struct pd_claim stated[PD_CONTRA_CLAIMS];
	size_t nstated;
	struct pd_claim against[PD_CONTRA_CLAIMS];
	size_t nagainst;
	/* a share: the wholes that would fit it, fit_lo..fit_hi (0 0: none
	 * is a whole number) */
	long fit_lo, fit_hi;
	const char *part_key, *whole_key;	/* a share's, a sum's parts */
};

struct pd_contradictions {
	struct pd_contradiction *v;
	size_t n, alloc;
	size_t checked;		/* the keys compared with something */
};

void pd_contradictions_init(struct pd_contradictions *c);
void pd_contradictions_release(struct pd_contradictions *c);

/* Every contradiction among facts and between them and computed[0..nc),
 * in the order of the facts' Games and keys, appended to out. */
int pd_facts_check(const struct pd_facts *facts,
		   const struct pd_fact_computed *computed, size_t nc,
		   struct pd_contradictions *out);

#endif
