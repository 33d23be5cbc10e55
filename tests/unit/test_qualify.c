/* test_qualify.c -- qualification from heats and the next phase's lane
 * draw by the bundled rules (data/qualification_rules.tsv, qualify.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "podium/bundled.h"
#include "podium/qualify.h"

#define N(a) (sizeof(a) / sizeof(*(a)))

static struct pd_qual_rules rules;

static int setup(void **state)
{
	struct pd_diag d;

	(void)state;
	return pd_qual_rules_parse(&rules,
				   (const char *)pd_embed_qualification_rules,
				   pd_embed_qualification_rules_len,
				   "qualification_rules.tsv", &d);
}

static int teardown(void **state)
{
	(void)state;
	pd_qual_rules_release(&rules);
	return 0;
}

static void test_qualify__rule_by_event_phase_and_heats(void **state)
{
	const struct pd_qual_rule *r;

	(void)state;
	r = pd_qual_rule_find(&rules, "ATHW100M", "RND1", 3);
	assert_non_null(r);
	assert_string_equal(r->next, "FNL-");
	assert_int_equal(r->by_place, 2);
	assert_int_equal(r->by_time, 2);
	assert_int_equal(r->ngroups, 3);
	assert_non_null(pd_qual_rule_find(&rules, "ATHM100M", "RND1", 8));
	assert_null(pd_qual_rule_find(&rules, "ATHM100M", "RND1", 5));
	assert_null(pd_qual_rule_find(&rules, "ATHM1500M", "RND1", 3));
}

/* two heats, the first of each by place, then the fastest of the rest:
 * a tie at the last time both in, an IRM out */
static void test_qualify__place_then_fastest_ties_in_irm_out(void **state)
{
	struct pd_qual_rule r = { .by_place = 1, .by_time = 2 };
	struct pd_qual_row v[] = {
		{ 0, 1, 10.10, 1, 0 }, { 0, 2, 10.30, 1, 0 },
		{ 0, 3, 10.40, 1, 0 }, { 1, 1, 10.20, 1, 0 },
		{ 1, 2, 10.25, 1, 0 }, { 1, 0, 0, 0, 1 },
		{ 1, 3, 10.40, 1, 0 },
	};
	char marks[N(v)];
	size_t idx[N(v)], n;

	(void)state;
	pd_qual_propose(&r, v, N(v), marks);
	assert_memory_equal(marks, "Qq\0Qq\0\0", 7);
	r.by_time = 3;		/* the third is a tie at 10.40: both */
	pd_qual_propose(&r, v, N(v), marks);
	assert_memory_equal(marks, "QqqQq\0q", 7);
	/* ranked: Q by place then time (10.10, 10.20), then q by time */
	n = pd_qual_rank(v, N(v), marks, idx);
	assert_int_equal(n, 6);
	assert_int_equal(idx[0], 0);
	assert_int_equal(idx[1], 3);
	assert_int_equal(idx[2], 4);
	assert_int_equal(idx[3], 1);
}

/* WA's draw: the four best in 3-6, the next two in 2 and 7, the last two
 * in 1 and 8, each group by lot; the same seed draws the same */
static void test_qualify__lanes_drawn_in_groups(void **state)
{
	const struct pd_qual_rule *r = pd_qual_rule_find(&rules, "ATHM100M",
							 "SFNL", 3);
	int a[8], b[8], c[8], i, seen = 0, differ = 0;
	const char *seeds[] = { "A", "B", "C", "D", "E", "F" };
	size_t k;

	(void)state;
	assert_non_null(r);
	pd_qual_lanes(r, 8, "ATHM100M--------------FNL-000100--", a);
	pd_qual_lanes(r, 8, "ATHM100M--------------FNL-000100--", b);
	assert_memory_equal(a, b, sizeof(a));
	for (i = 0; i < 4; i++)
		seen |= 1 << a[i];
	assert_int_equal(seen, (1 << 3) | (1 << 4) | (1 << 5) | (1 << 6));
	assert_true((a[4] == 2 && a[5] == 7) || (a[4] == 7 && a[5] == 2));
	assert_true((a[6] == 1 && a[7] == 8) || (a[6] == 8 && a[7] == 1));
	for (k = 0; k < N(seeds); k++) {
		pd_qual_lanes(r, 8, seeds[k], c);
		differ |= memcmp(a, c, sizeof(a)) != 0;
	}
	assert_true(differ);	/* a lot, not a fixed order */
	/* ten qualifiers: the two past the draw in lanes 9 and 10 */
	{
		int d[10];

		pd_qual_lanes(r, 10, "x", d);
		assert_int_equal(d[8], 9);
		assert_int_equal(d[9], 10);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_qualify__rule_by_event_phase_and_heats),
		cmocka_unit_test(test_qualify__place_then_fastest_ties_in_irm_out),
		cmocka_unit_test(test_qualify__lanes_drawn_in_groups),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
