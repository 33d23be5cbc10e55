/* test_match.c -- head-to-head matches (src/core/match.c): who won, a
 * side's record (a shoot-out is a draw in it), the pool table's
 * tie-breaks, and the ranking the bracket gives. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "podium/match.h"

static void parse(struct pd_matches *l, const char *text)
{
	struct pd_diag d = { "", 0, "" };

	if (pd_matches_tsv_parse(l, text, strlen(text), "m.tsv", &d) < 0)
		fail_msg("%s:%ld: %s", d.file, d.line, d.msg);
}

static void test_match__winner_by_score_pens_walkover_outcome(void **state)
{
	struct pd_matches l;

	(void)state;
	pd_matches_init(&l);
	parse(&l, "pool\tA\tCHN\tNED\t3:1\t\t\t\n"
		  "pool\tA\tCHN\tNED\t1:1\t\t\t\n"
		  "final\t\tCHN\tNED\t1:1 aet\t2:4\t\t\n"
		  "pool\tA\tCHN\tNED\t\t\thome\t\n"
		  "pool\tA\tCHN\t\t\t\t\thome-unbeaten\n"
		  "pool\tA\tCHN\tNED\t\t\t\t\n");
	assert_int_equal(pd_match_winner(&l.v[0]), 1);
	assert_int_equal(pd_match_winner(&l.v[1]), 0);
	assert_int_equal(pd_match_winner(&l.v[2]), -1);
	assert_int_equal(l.v[2].extra, 1);
	assert_int_equal(pd_match_winner(&l.v[3]), -1);	/* CHN did not play */
	assert_int_equal(pd_match_winner(&l.v[4]), 3);
	assert_int_equal(pd_match_winner(&l.v[5]), 2);
	pd_matches_release(&l);
}

static void test_match__record_counts_a_shootout_as_a_draw(void **state)
{
	struct pd_matches l;
	struct pd_side_record r;

	(void)state;
	pd_matches_init(&l);
	parse(&l, "pool\tA\tBRA\tARG\t2:0\t\t\t\n"
		  "pool\tA\tFRA\tBRA\t1:1\t\t\t\n"
		  "final\t\tARG\tBRA\t0:0\t2:3\t\t\n"
		  "pool\tA\tBRA\t\t\t\t\thome-unbeaten\n");
	pd_match_record(&r, &l, "BRA", NULL, NULL);
	assert_int_equal(r.played, 4);
	assert_int_equal(r.won, 1);
	assert_int_equal(r.drawn, 2);
	assert_int_equal(r.won_pens, 1);
	assert_int_equal(r.lost, 0);
	assert_int_equal(r.not_lost, 1);
	assert_int_equal(r.goals_for, 3);
	assert_int_equal(r.goals_against, 1);
	assert_int_equal(r.unscored, 1);
	assert_true(pd_record_unbeaten(&r));
	pd_match_record(&r, &l, "ARG", NULL, NULL);
	assert_int_equal(r.lost_pens, 1);
	assert_int_equal(r.lost, 1);
	assert_false(pd_record_unbeaten(&r));
	pd_matches_release(&l);
}

static void test_match__pool_table_tie_breaks(void **state)
{
	struct pd_side_record *t;
	struct pd_matches l;
	size_t n;

	(void)state;
	pd_matches_init(&l);
	/* AAA, BBB and CCC each win one and lose one with the same goals:
	 * level on points, difference and goals; DDD loses all */
	parse(&l, "pool\tA\tAAA\tBBB\t1:0\t\t\t\n"
		  "pool\tA\tBBB\tCCC\t1:0\t\t\t\n"
		  "pool\tA\tCCC\tAAA\t1:0\t\t\t\n"
		  "pool\tA\tAAA\tDDD\t2:0\t\t\t\n"
		  "pool\tA\tBBB\tDDD\t2:0\t\t\t\n"
		  "pool\tA\tCCC\tDDD\t3:1\t\t\t\n"
		  "pool\tB\tEEE\tFFF\t1:0\t\t\t\n");
	assert_int_equal(pd_pool_table(&t, &n, &l, "A"), 0);
	assert_int_equal(n, 4);
	/* CCC has the most goals (4); AAA and BBB are level on points,
	 * difference and goals: AAA beat BBB, so AAA is ahead */
	assert_string_equal(t[0].npc, "CCC");
	assert_string_equal(t[1].npc, "AAA");
	assert_string_equal(t[2].npc, "BBB");
	assert_string_equal(t[3].npc, "DDD");
	assert_int_equal(t[3].points, 0);
	free(t);
	pd_matches_release(&l);
}

static void test_match__bracket_with_two_bronzes(void **state)
{
	char (*npc)[PD_CODE_MAX];
	struct pd_diag d = { "", 0, "" };
	struct pd_matches l;
	long *rank;
	size_t n;

	(void)state;
	pd_matches_init(&l);
	parse(&l, "pool\tA\tAAA\tBBB\t1:0\t\t\t\n"
		  "pool\tA\tCCC\tDDD\t1:0\t\t\t\n"
		  "pool\tA\tEEE\tDDD\t4:0\t\t\t\n"
		  "semi-final\t\tAAA\tDDD\t2:0\t\t\t\n"
		  "semi-final\t\tCCC\tBBB\t0:0\t5:4\t\t\n"
		  "final\t\tCCC\tAAA\t\t\thome\t\n");
	assert_int_equal(pd_bracket_ranking(&npc, &rank, &n, &l, &d), 0);
	assert_int_equal(n, 5);
	assert_string_equal(npc[0], "AAA");	/* CCC did not play the final */
	assert_int_equal(rank[0], 1);
	assert_string_equal(npc[1], "CCC");
	assert_int_equal(rank[1], 2);
	assert_int_equal(rank[2], 3);
	assert_int_equal(rank[3], 3);
	assert_string_equal(npc[4], "EEE");
	assert_int_equal(rank[4], 5);
	free(npc);
	free(rank);
	l.n = 3;	/* no final */
	assert_int_equal(pd_bracket_ranking(&npc, &rank, &n, &l, &d),
			 PD_ECONSIST);
	pd_matches_release(&l);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_match__winner_by_score_pens_walkover_outcome),
		cmocka_unit_test(test_match__record_counts_a_shootout_as_a_draw),
		cmocka_unit_test(test_match__pool_table_tie_breaks),
		cmocka_unit_test(test_match__bracket_with_two_bronzes),
	};

	return cmocka_run_group_tests_name("match", tests, NULL, NULL);
}
