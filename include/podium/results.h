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

/* One result's outcome. */
struct pd_result_out {
	long rank;		/* after sanctions that reallocate; 0 if out */
	int medal;		/* enum pd_medal, or -1 for none */
};

/* Derive the medals of one event from its n results.  starters is the
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

/* "DSQ" -> PD_IRM_DSQ (case-insensitive); "" -> PD_IRM_NONE; -1 if not an
 * IRM code. */
int pd_irm_parse(const char *text);

#endif
