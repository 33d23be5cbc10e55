/* medals.c -- an event's medals from its results under its policy (see
 * results.h).  Pure: no I/O, no globals. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/results.h"

static const char *const irm_names[PD_IRM_COUNT] = {
#define PD_IRM_NAME(name, text) text,
	PD_IRMS(PD_IRM_NAME)
#undef PD_IRM_NAME
};

int pd_irm_parse(const char *text)
{
	int i;

	if (!*text)	/* most results: parsed per row per write */
		return PD_IRM_NONE;
	for (i = 0; i < PD_IRM_COUNT; i++)
		if (!strcasecmp(text, irm_names[i]))
			return i;
	return -1;
}

static const char *const policy_names[] = {
	[PD_POLICY_STANDARD] = "standard",
	[PD_POLICY_TWO_BRONZES] = "two-bronzes",
	[PD_POLICY_CAPPED] = "capped",
};

int pd_policy_parse(const char *text)
{
	int i;

	for (i = 0; i < 3; i++)
		if (!strcasecmp(text, policy_names[i]))
			return i;
	return -1;
}

const char *pd_policy_name(enum pd_policy p)
{
	return p <= PD_POLICY_CAPPED ? policy_names[p] : "standard";
}

enum pd_policy pd_policy_for_sport(const char *sport)
{
	static const char *const two[] = { "judo", "boxing", "wrestling",
					   "taekwondo", NULL };
	size_t i;

	if (!strncasecmp(sport, "para ", 5))
		sport += 5;
	for (i = 0; two[i]; i++)
		if (!strncasecmp(sport, two[i], strlen(two[i])))
			return PD_POLICY_TWO_BRONZES;
	return PD_POLICY_STANDARD;
}

/* A result taken out of the ranking: an IRM or a reallocating sanction.
 * A vacated result is out of the medals but keeps its place, so nobody
 * moves up past an empty podium step. */
static int removed(const struct pd_result_in *r)
{
	return r->sanction == PD_SANCTION_REALLOCATE ||
	       (r->irm != PD_IRM_NONE && r->sanction == PD_SANCTION_NONE);
}

static int in_the_running(const struct pd_result_in *r)
{
	return r->rank > 0 && r->irm == PD_IRM_NONE &&
	       r->sanction == PD_SANCTION_NONE;
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

/* Effective rank: the recorded rank, less one for each removed result
 * recorded strictly ahead.  Recorded ranks are kept as they are
 * otherwise: a record of 1, 2, 2, 3 (a tie for silver where the bronze
 * was still awarded, as at Paris 2024) must not become 1, 2, 2, 4.
 * The removed ranks are sorted and counted by bisection: a heat of
 * 10,000 results (the write benchmark's) made the plain double loop the
 * whole cost of a rebuild. */
static int effective_ranks(const struct pd_result_in *in, size_t n,
			   struct pd_result_out *out)
{
	long *gone = NULL;
	size_t i, k = 0, lo, hi;

	for (i = 0; i < n; i++)
		k += removed(&in[i]) && in[i].rank > 0;
	if (k && !(gone = malloc(k * sizeof(*gone))))
		return PD_ENOMEM;
	for (i = 0, k = 0; i < n; i++)
		if (removed(&in[i]) && in[i].rank > 0)
			gone[k++] = in[i].rank;
	if (k)
		qsort(gone, k, sizeof(*gone), cmp_long);
	for (i = 0; i < n; i++) {
		out[i].medal = -1;
		out[i].rank = 0;
		if (!in_the_running(&in[i]))
			continue;
		for (lo = 0, hi = k; lo < hi;) {	/* first >= rank */
			size_t mid = lo + (hi - lo) / 2;

			if (gone[mid] < in[i].rank)
				lo = mid + 1;
			else
				hi = mid;
		}
		out[i].rank = in[i].rank - (long)lo;
	}
	free(gone);
	return 0;
}

/* Under two bronzes the third and fourth places are both bronze: a record
 * ranks the two losing semi-finalists 3 and 3 (the usual record) or 3 and
 * 4, and the two losers of the repechage 5 and 5.  Those ties are places
 * told apart, not shared ones: when a medallist is removed, each one below
 * moves up one place in turn, as the IOC reallocates (strip a silver in 1,
 * 2, 3, 3: the first bronze becomes silver, the other stays bronze and the
 * first fifth takes the bronze left).  So ties from rank 3 down become
 * consecutive places in the order the results are given; ties for gold or
 * silver stay ties.  *places is a malloc'd copy of in, or NULL when no
 * result was removed (then the record is taken as it is). */
struct place {
	long rank;
	size_t at;
};

static int cmp_place(const void *a, const void *b)
{
	const struct place *x = a, *y = b;

	if (x->rank != y->rank)
		return (x->rank > y->rank) - (x->rank < y->rank);
	return (x->at > y->at) - (x->at < y->at);
}

static int two_bronze_places(const struct pd_result_in *in, size_t n,
			     struct pd_result_in **places)
{
	struct pd_result_in *p;
	struct place *o;
	size_t i, k = 0;

	*places = NULL;
	for (i = 0; i < n; i++)
		k += removed(&in[i]) && in[i].rank > 0;
	if (!k)
		return 0;
	p = malloc(n * sizeof(*p));
	o = malloc(n * sizeof(*o));
	if (!p || !o) {
		free(p);
		free(o);
		return PD_ENOMEM;
	}
	memcpy(p, in, n * sizeof(*p));
	for (i = 0; i < n; i++) {
		o[i].rank = in[i].rank;
		o[i].at = i;
	}
	qsort(o, n, sizeof(*o), cmp_place);
	for (i = 1, k = 0; i < n; i++) {
		k = o[i].rank == o[i - 1].rank ? k + 1 : 0;
		if (o[i].rank >= 3)
			p[o[i].at].rank = o[i].rank + (long)k;
	}
	free(o);
	*places = p;
	return 0;
}

/* The bronzes of a two-bronze event: places 3 and 4, at most two.  With
 * no place 3 at all (a tie for silver took it) there is no bronze to
 * give, as in the standard policy. */
static void two_bronzes(size_t n, struct pd_result_out *out)
{
	size_t i, bronzes = 0;

	for (i = 0; i < n; i++)
		if (out[i].rank == 3 && bronzes < 2) {
			out[i].medal = PD_BRONZE;
			bronzes++;
		}
	for (i = 0; i < n && bronzes == 1; i++)
		if (out[i].rank == 4) {
			out[i].medal = PD_BRONZE;
			bronzes++;
		}
}

/* The minus-one cap counts medals, not ranks: with S starters at most
 * S - 1 medals go, awarded rank by rank, and a tie that would pass the
 * cap gets none (3 starters ranked 1, 2, 2: the gold alone). */
static void cap_medals(size_t n, long cap, struct pd_result_out *out)
{
	long given = 0, r;
	size_t i, tied;

	for (r = 1; r <= 3; r++) {
		for (i = 0, tied = 0; i < n; i++)
			tied += out[i].medal >= 0 && out[i].rank == r;
		if (given + (long)tied > cap)
			break;
		given += (long)tied;
	}
	for (; r <= 3; r++)
		for (i = 0; i < n; i++)
			if (out[i].rank == r)
				out[i].medal = -1;
}

/* Ranks left open by a removed result that has no rank (a DSQ entered
 * without one): each such result may close one gap in the effective
 * ranks that no tie explains, so the medals go to the next by rank as
 * they do when the IRM kept its rank.  A gap after a tie (1, 1, 3) is
 * the tie's and stays; a vacated place is held and is not a gap. */
static int close_gaps(const struct pd_result_in *in, size_t n,
		      struct pd_result_out *out)
{
	struct place *p = NULL;
	size_t i, j, k = 0, budget = 0;
	long expected = 1, shift = 0;

	for (i = 0; i < n; i++) {
		if (removed(&in[i]) && in[i].rank == 0)
			budget++;
		if (out[i].rank > 0 || (in[i].sanction == PD_SANCTION_VACATE &&
					in[i].rank > 0))
			k++;
	}
	if (!budget || !k)
		return 0;
	if (!(p = malloc(k * sizeof(*p))))
		return PD_ENOMEM;
	for (i = 0, k = 0; i < n; i++)
		if (out[i].rank > 0 || (in[i].sanction == PD_SANCTION_VACATE &&
					in[i].rank > 0)) {
			p[k].rank = out[i].rank ? out[i].rank : in[i].rank;
			p[k++].at = i;
		}
	qsort(p, k, sizeof(*p), cmp_place);
	for (i = 0; i < k; i = j) {
		long v = p[i].rank - shift;

		if (v > expected && budget) {
			long take = v - expected;

			if ((size_t)take > budget)
				take = (long)budget;
			budget -= (size_t)take;
			shift += take;
			v -= take;
		}
		for (j = i; j < k && p[j].rank == p[i].rank; j++)
			if (out[p[j].at].rank)
				out[p[j].at].rank = v;
		expected = v + (long)(j - i);
	}
	free(p);
	return 0;
}

/* Say which rule decided each outcome. */
static void explain(enum pd_policy policy, const struct pd_result_in *in,
		    size_t n, struct pd_result_out *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (in[i].sanction == PD_SANCTION_REALLOCATE)
			out[i].rule = PD_RULE_REALLOCATED;
		else if (in[i].sanction == PD_SANCTION_VACATE)
			out[i].rule = PD_RULE_VACATED;
		else if (in[i].irm != PD_IRM_NONE)
			out[i].rule = PD_RULE_IRM;
		else if (policy == PD_POLICY_CAPPED && out[i].medal < 0 &&
			 out[i].rank >= 1 && out[i].rank <= 3)
			out[i].rule = PD_RULE_CAPPED;
		else if (out[i].rank > 0 && out[i].rank < in[i].rank)
			out[i].rule = PD_RULE_MOVED_UP;
		else
			out[i].rule = PD_RULE_RANK;
	}
}

const char *pd_medal_rule_text(enum pd_medal_rule r)
{
	switch (r) {
	case PD_RULE_MOVED_UP:
		return "moved up past a result that never medals (an IRM "
		       "or a sanction)";
	case PD_RULE_IRM:
		return "an IRM never medals";
	case PD_RULE_REALLOCATED:
		return "sanctioned: the medal is reallocated";
	case PD_RULE_VACATED:
		return "sanctioned: the medal is vacated, nobody moves up";
	case PD_RULE_CAPPED:
		return "the minus-one cap: with S starters at most S - 1 "
		       "medals";
	default:
		return "by rank";
	}
}

int pd_irm_order(enum pd_irm irm)
{
	static const int order[PD_IRM_COUNT] = {
		[PD_IRM_NONE] = 0, [PD_IRM_LAP] = 1, [PD_IRM_DNF] = 2,
		[PD_IRM_RET] = 3, [PD_IRM_NM] = 4, [PD_IRM_DNQ] = 5,
		[PD_IRM_DSQ] = 6, [PD_IRM_DQB] = 7, [PD_IRM_DNS] = 8,
		[PD_IRM_WDR] = 9, [PD_IRM_ABS] = 10,
	};

	return (unsigned)irm < PD_IRM_COUNT ? order[irm] : PD_IRM_COUNT;
}

int pd_event_medals(enum pd_policy policy, const struct pd_result_in *in,
		    size_t n, size_t starters, struct pd_result_out *out)
{
	struct pd_result_in *places = NULL;
	size_t i;
	int ret;

	for (i = 0; i < n; i++)
		if (in[i].rank < 0)
			return PD_EINVAL;
	if (policy == PD_POLICY_TWO_BRONZES &&
	    (ret = two_bronze_places(in, n, &places)) < 0)
		return ret;
	ret = effective_ranks(places ? places : in, n, out);
	if (ret == 0)
		ret = close_gaps(places ? places : in, n, out);
	free(places);
	if (ret < 0)
		return ret;
	for (i = 0; i < n; i++) {
		long r = out[i].rank;

		if (r < 1 || r > 3)
			continue;
		if (policy == PD_POLICY_TWO_BRONZES && r >= 3)
			continue;
		out[i].medal = (int)(r - 1);
	}
	if (policy == PD_POLICY_TWO_BRONZES)
		two_bronzes(n, out);
	if (policy == PD_POLICY_CAPPED && starters < 4)
		cap_medals(n, starters ? (long)starters - 1 : 0, out);
	explain(policy, in, n, out);
	return 0;
}
