/* units.h -- the units of a Games as ODF names them, and the medals that
 * follow from their results by rules held as data.  Pure: no I/O,
 * deterministic.
 *
 * Every unit has a results code (RSC) of 34 characters: discipline 3,
 * gender 1, event 18, phase 4, unit 8, padded with '-'.
 *
 *   ATHM100M--------------FNL-000100--   a unit (its unit part ends "--")
 *   TTEMTEAM--------------FNL-00010000   a sub-unit: a bout or part of a
 *                                        unit (a team match, a leg)
 *   GLFMSTROKE------------------------   phase and unit all dashes: the
 *                                        event's standing (final results)
 *   GARMTEAM--------------FNL---------   unit all dashes: a phase standing
 *
 * Medals come from units by the rules of data/medal_rules.tsv, a line a
 * rule: its discipline ("*": any), its kind, the units it reads (prefixes
 * of the RSC's phase and unit, 12 characters), the medals it gives (g, s,
 * b), a jump-off's units (or "-") and where the rule is written.  For an
 * event, each rule is tried in the file's order; one whose units the
 * event has gives the medals it names that no earlier rule gave.  Kinds:
 *
 *   standing      the ranks of a standing: 1 gold, 2 silver, 3 bronze
 *   final-ranks   the same from the final unit's ranks (a jump-off's own
 *                 ranks order those the final left tied)
 *   gold-match    the winner (W) gold, the loser (L) silver
 *   bronze-match  each winner bronze (two bronze matches: two bronzes)
 *   semi-losers   each loser of the semi-finals bronze (boxing)
 *   walkover      an operator's rule, applied only when asked
 *                 (PD_UNITS_WALKOVER): with no bronze from the others,
 *                 the semi-final losers who finished (no IRM) take
 *                 bronze, the other having withdrawn from the bronze
 *                 match that never took place
 *
 * Ranks are competition ranks, so a tie shares the medal.  Only the
 * disqualification codes (DSQ, DQ, DQB) keep a result off the podium: in
 * a gold-medal match the loser who withdrew (WDR) still takes silver.
 *
 * Ownership: a rule set owns its strings (pd_medal_rules_release()); the
 * rows given to pd_units_medals() are borrowed.
 */
#ifndef PODIUM_UNITS_H
#define PODIUM_UNITS_H

#include <stddef.h>
#include "error.h"
#include "npc.h"
#include "standings.h"

#define PD_RSC_LEN 34

enum pd_rsc_kind {
	PD_RSC_UNIT,		/* a unit: the thing that happens */
	PD_RSC_SUBUNIT,		/* a bout or part inside a unit */
	PD_RSC_PHASE,		/* a phase's standing */
	PD_RSC_EVENT,		/* an event's standing */
};

struct pd_rsc {
	char code[PD_RSC_LEN + 1];
	char discipline[4];
	char gender;		/* 'M', 'W', 'X', 'O' */
	char event[23];		/* discipline, gender and event, no padding:
				 * ODF's event code ("ATHM100M") */
	char phase[5];		/* "FNL-", "SFNL", or "----" */
	char unit[9];		/* "000100--" */
	enum pd_rsc_kind kind;
};

/* Parse and check an RSC: 34 characters of A-Z, 0-9 and '-', a
 * discipline of three letters or digits (BK3) and a gender of M, W, X or
 * O.  PD_EINVAL, with the reason in diag (file and line as given), if it
 * is not one. */
int pd_rsc_parse(const char *text, struct pd_rsc *out, const char *file,
		 long line, struct pd_diag *diag);

/* "unit", "sub-unit", "phase standing", "event standing" */
const char *pd_rsc_kind_name(enum pd_rsc_kind k);

enum pd_unit_rule_kind {
	PD_UR_STANDING,
	PD_UR_FINAL_RANKS,
	PD_UR_GOLD_MATCH,
	PD_UR_BRONZE_MATCH,
	PD_UR_SEMI_LOSERS,
	PD_UR_WALKOVER,
};

#define PD_RULE_UNITS 4		/* unit prefixes a rule reads, at most */

struct pd_unit_rule {
	char discipline[4];	/* "*": every discipline */
	enum pd_unit_rule_kind kind;
	char units[PD_RULE_UNITS][13];
	int nunits;
	unsigned medals;	/* bit PD_GOLD, PD_SILVER, PD_BRONZE */
	char jumpoff[13];	/* "" when none */
	char *source;
	long line;
};

#define PD_UNIT_RULES_MAX 256

struct pd_medal_rules {
	struct pd_unit_rule *v;
	size_t n;
};

/* Read the rules from text[0..len) (the form above; file names it in
 * messages).  PD_EPARSE at the first bad line. */
int pd_medal_rules_parse(struct pd_medal_rules *out, const char *text,
			 size_t len, const char *file, struct pd_diag *diag);
void pd_medal_rules_release(struct pd_medal_rules *r);

/* Whether rsc is one of the units rule reads (its jump-off's are not). */
int pd_unit_rule_matches(const struct pd_unit_rule *rule, const char *rsc);

/* "standing", "final-ranks", "gold-match", "bronze-match", "semi-losers",
 * "walkover" */
const char *pd_unit_rule_name(enum pd_unit_rule_kind k);

/* One participant's result in one unit or standing of an event. */
struct pd_unit_row {
	const char *rsc;	/* 34 characters */
	const char *who;	/* the participant's code: ties a jump-off's
				 * row to the final's */
	long rank;		/* 0: none */
	char wlt;		/* 'W', 'L', 'T' or 0 */
	const char *irm;	/* "" when none */
};

/* One medal: rows[row] won it under rules->v[rule]. */
struct pd_unit_medal {
	size_t row;
	enum pd_medal medal;
	size_t rule;
};

/* The rules an operator applies to an event (pd_units_medals()'s opts) */
#define PD_UNITS_WALKOVER 1u

/* The medals of one event of discipline from its n rows (units, sub-units
 * and standings, in any order), at most n, into out[] (room for n), in
 * medal order, each medal's winners in row order; *nout gets how many.
 * opts: the operator's rules for this event (PD_UNITS_WALKOVER) or 0.
 * Deterministic: the same rows give the same medals. */
int pd_units_medals(const struct pd_medal_rules *rules,
		    const char *discipline, const struct pd_unit_row *rows,
		    size_t n, unsigned opts, struct pd_unit_medal *out,
		    size_t *nout);

/* -- the records of a Games' units, as the store keeps them
 * (store_units.h) and a reader fills them (unitset.h).  Times are UTC
 * ("2024-08-10T09:00:00Z", "" when not known); day is the unit's date
 * where it happens (the Games' or the venue's time zone), by which the
 * schedule is read.  Strings are borrowed. */

struct pd_unit_rec {
	const char *rsc;	/* 34 characters */
	const char *kind;	/* "unit", "sub-unit", "phase standing", ... */
	const char *discipline;	/* as the data names it: "Cycling Road" */
	const char *event;	/* the event's name */
	const char *event_code;	/* ODF's: "CRDMROAD" */
	const char *phase;	/* the unit's name: "Final A", "Heat 2" */
	const char *start, *end;	/* UTC, or "" */
	const char *day;	/* local date, or "" */
	const char *venue, *location;
	const char *status;	/* "finished", "cancelled" ... or "" */
	const char *medal;	/* "gold", "bronze" or "" */
	const char *rules;	/* the operator's rules for its event:
				 * "walkover" or "" */
};

struct pd_unit_result_rec {
	const char *rsc;
	const char *participant;	/* its code */
	const char *name;
	int team;		/* 1 for a team */
	char npc[PD_CODE_MAX];
	long rank;		/* 0: none */
	const char *result, *result_type, *irm, *diff;
	const char *wlt;	/* "W", "L", "T" or "" */
	const char *qualification;	/* "Q", "q", "FA" ... or "" */
	long start_order;	/* 0: none */
	const char *bib;
};

struct pd_unit_team_rec {
	const char *code, *name;
	char npc[PD_CODE_MAX];
	const char *discipline;
	const char *members;	/* code US name, joined by RS (0x1f, 0x1e) */
};

/* A unit result's text fields as the write API names them (the body of
 * POST .../units/RSC/results, the log's changes), in its order: result,
 * type, irm, diff, wlt, qualification; each with where it is in struct
 * pd_unit_result_rec. */
struct pd_unit_text {
	const char *name;
	size_t off;
};
#define PD_UNIT_RESULT_TEXTS 6
extern const struct pd_unit_text pd_unit_result_texts[PD_UNIT_RESULT_TEXTS];
/* r's field at t (NULL where r holds none) */
const char *pd_unit_result_text(const struct pd_unit_result_rec *r,
				const struct pd_unit_text *t);

/* Where the strings of a record are (offsets of its const char *
 * fields), for code that keeps a copy of each: every one of a unit's
 * (its times too), of a result's and of a team's. */
struct pd_unit_strings {
	const size_t *off;
	size_t n;
};
extern const struct pd_unit_strings pd_unit_rec_strings;
extern const struct pd_unit_strings pd_unit_result_rec_strings;
extern const struct pd_unit_strings pd_unit_team_rec_strings;
/* Each string of rec (at f) replaced by keep(ctx, it): 0, or PD_ENOMEM
 * at the first that keep returns NULL for. */
typedef const char *pd_unit_keep_fn(void *ctx, const char *s);
int pd_unit_keep(void *rec, const struct pd_unit_strings *f,
		 pd_unit_keep_fn *keep, void *ctx);

/* The member of a roster (pd_unit_team_rec.members) at p: its code and
 * name into code and name (cut to their sizes); returns where the next
 * starts ("" at the end). */
const char *pd_unit_member_next(const char *p, char *code, size_t csize,
				char *name, size_t nsize);

/* Non-zero for the IRM codes that keep a result off the podium: DSQ, DQ,
 * DQB (any case). */
int pd_irm_disqualifies(const char *irm);

#endif
