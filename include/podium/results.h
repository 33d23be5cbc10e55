/* results.h -- from an event's results to its medals, under the event's
 * medal policy.  Pure: no I/O, deterministic.
 *
 * Medals are never stored as the truth: they follow from the ranks that
 * results carry, the IRM codes (DNS, DNF, DSQ ...) that keep a result off
 * the podium, the sanctions decided later, and the event's policy:
 *
 *   standard     rank 1, 2, 3 -> gold, silver, bronze.  Ranks are
 *                competition ranks, so a tie shares the medal and skips the
 *                next one (two golds: no silver, one bronze at rank 3).
 *   two-bronzes  judo, boxing, wrestling, taekwondo: gold, silver, and the
 *                next two places both bronze (ranks 3 and 3, or 3 and 4).
 *   capped       the IPC "minus one" rule: with S starters at most S - 1
 *                medals go (3 starters: gold and silver; 2: gold only).
 *                The cap counts medals, awarded rank by rank: a tie that
 *                would pass it gets none (3 starters ranked 1, 2, 2: gold
 *                alone).
 *
 * A sanction that *reallocates* removes the result: everyone below moves up
 * and the medals follow.  In a two-bronze event each one below moves up
 * one place in turn, as the IOC reallocates: the recorded ties from rank 3
 * down (3 and 3, 5 and 5) are places told apart in the order given, so
 * stripping the silver of 1, 2, 3, 3 makes the first bronze silver, keeps
 * the other bronze and gives the first fifth the bronze left.  One that *vacates* removes the result but keeps
 * its place: the medal stays unawarded and nobody moves.
 */
#ifndef PODIUM_RESULTS_H
#define PODIUM_RESULTS_H

#include <stddef.h>
#include "error.h"
#include "standings.h"

enum pd_policy {
	PD_POLICY_STANDARD,
	PD_POLICY_TWO_BRONZES,
	PD_POLICY_CAPPED,
};

/* Invalid results marks: a result with one never medals. */
#define PD_IRMS(X)                                              \
	X(NONE, "")  X(DNS, "DNS") X(DNF, "DNF") X(DSQ, "DSQ")    \
	X(DQB, "DQB") X(DNQ, "DNQ") X(NM, "NM") X(RET, "RET")     \
	X(WDR, "WDR") X(ABS, "ABS") X(LAP, "LAP")

enum pd_irm {
#define PD_IRM_ENUM(name, text) PD_IRM_##name,
	PD_IRMS(PD_IRM_ENUM)
#undef PD_IRM_ENUM
	PD_IRM_COUNT
};

enum pd_sanction_mode {
	PD_SANCTION_NONE,
	PD_SANCTION_REALLOCATE,
	PD_SANCTION_VACATE,
};

/* One result as recorded, plus any sanction on it. */
struct pd_result_in {
	long rank;		/* as recorded; 0 for none */
	enum pd_irm irm;
	enum pd_sanction_mode sanction;
};

/* The rule that decided a result's outcome, for the operator to be told
 * (pd_medal_rule_text()). */
enum pd_medal_rule {
	PD_RULE_RANK,		/* its recorded rank, as it is */
	PD_RULE_MOVED_UP,	/* up past results removed ahead of it */
	PD_RULE_IRM,		/* an IRM: never medals */
	PD_RULE_REALLOCATED,	/* a sanction removed it; the rest moved up */
	PD_RULE_VACATED,	/* a sanction vacated it; nobody moves */
	PD_RULE_CAPPED,		/* the minus-one cap withheld its medal */
};

/* One result's outcome. */
struct pd_result_out {
	long rank;		/* after sanctions that reallocate; 0 if out */
	int medal;		/* enum pd_medal, or -1 for none */
	int rule;		/* enum pd_medal_rule */
};

/* Derive the medals of one event from its n results.  An IRM result
 * never medals, and the medals go to the next competitors by rank
 * whether the IRM result kept its recorded rank or has none: a ranked
 * one moves those behind it up (as a reallocating sanction does), and
 * each unranked one may close one gap in the ranks that no tie explains
 * (1, 2, DSQ, 4: the 4 takes bronze, as with 1, 2, 3 DSQ, 4).  starters is the
 * number who started (for the capped policy; pass n when unknown, DNS
 * results are not counted by the caller).  Returns 0 or PD_EINVAL for a
 * negative rank. */
int pd_event_medals(enum pd_policy policy, const struct pd_result_in *in,
		    size_t n, size_t starters, struct pd_result_out *out);

/* "standard", "two-bronzes", "capped"; -1 if unknown. */
int pd_policy_parse(const char *text);
const char *pd_policy_name(enum pd_policy p);
/* The default policy of a sport by its English name: two bronzes for
 * judo, boxing, wrestling and taekwondo (any "Para " prefix), else
 * standard. */
enum pd_policy pd_policy_for_sport(const char *sport);

/* What rule r says, in a few words ("an IRM never medals"). */
const char *pd_medal_rule_text(enum pd_medal_rule r);

/* An IRM's place in the order ODF shows results: every ranked result
 * first, then the IRMs of those who competed (LAP, DNF, RET, NM, DNQ),
 * the disqualified (DSQ, DQB), and those who did not start (DNS, WDR,
 * ABS).  0 for PD_IRM_NONE. */
int pd_irm_order(enum pd_irm irm);
/* The same order as an SQL expression over a column irm, for ORDER BY
 * (both backends). */
#define PD_IRM_ORDER_SQL "CASE irm WHEN '' THEN 0 WHEN 'LAP' THEN 1 " \
	"WHEN 'DNF' THEN 2 WHEN 'RET' THEN 3 WHEN 'NM' THEN 4 WHEN 'DNQ' " \
	"THEN 5 WHEN 'DSQ' THEN 6 WHEN 'DQB' THEN 7 WHEN 'DNS' THEN 8 " \
	"WHEN 'WDR' THEN 9 WHEN 'ABS' THEN 10 ELSE 11 END"

/* A mark as shown ("10.62", "2:03.45", "1:02:03", "5.10 m", "7,12") as a
 * number that sorts it: seconds for a time, the number otherwise.
 * PD_EINVAL if mark is not one; PD_ERANGE if it is shaped as a time but
 * cannot be one (minutes or seconds after a colon of 60 or more:
 * "99:99:99.99"). */
int pd_mark_value(const char *mark, double *value);

/* Competition ranks from marks: rank[i] for each i with has[i], by v
 * lower-is-better (desc 0) or higher-is-better (desc 1); equal marks
 * share a rank and the next rank is skipped (1, 2, 2, 4); rank[i] = 0
 * where !has[i].  PD_ENOMEM on failure. */
int pd_rank_marks(const double *v, const int *has, size_t n, int desc,
		  long *rank);

/* "DSQ" -> PD_IRM_DSQ (case-insensitive); "" -> PD_IRM_NONE; -1 if not an
 * IRM code. */
int pd_irm_parse(const char *text);

#endif
