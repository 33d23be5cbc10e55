/* test_medals.c -- medal policies: medals from ranks, IRMs, sanctions,
 * and a team medal counted once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "podium/event.h"
#include "podium/results.h"
#include "podium/store.h"

#define N(a) (sizeof(a) / sizeof(*(a)))
#define G PD_GOLD
#define S PD_SILVER
#define B PD_BRONZE
#define NO (-1)

static void expect_medals(enum pd_policy policy, const struct pd_result_in *in,
			  size_t n, size_t starters, const int *want)
{
	struct pd_result_out out[16];
	size_t i;

	assert_int_equal(pd_event_medals(policy, in, n, starters, out), 0);
	for (i = 0; i < n; i++) {
		if (out[i].medal != want[i])
			print_error("result %zu: medal %d, want %d\n", i,
				    out[i].medal, want[i]);
		assert_int_equal(out[i].medal, want[i]);
	}
}

static void test_medals__standard_one_two_three(void **state)
{
	struct pd_result_in in[] = { { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 },
				     { 4, 0, 0 } };
	int want[] = { G, S, B, NO };

	expect_medals(PD_POLICY_STANDARD, in, N(in), N(in), want);
}

static void test_medals__tie_for_gold_two_golds_no_silver(void **state)
{
	struct pd_result_in in[] = { { 1, 0, 0 }, { 1, 0, 0 }, { 3, 0, 0 },
				     { 4, 0, 0 } };
	int want[] = { G, G, B, NO };

	expect_medals(PD_POLICY_STANDARD, in, N(in), N(in), want);
}

static void test_medals__tie_for_bronze_shares_it(void **state)
{
	struct pd_result_in in[] = { { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 },
				     { 3, 0, 0 }, { 5, 0, 0 } };
	int want[] = { G, S, B, B, NO };

	expect_medals(PD_POLICY_STANDARD, in, N(in), N(in), want);
}

static void test_medals__two_bronzes_from_ranks_three_and_three(void **state)
{
	struct pd_result_in in[] = { { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 },
				     { 3, 0, 0 }, { 5, 0, 0 }, { 5, 0, 0 } };
	int want[] = { G, S, B, B, NO, NO };

	expect_medals(PD_POLICY_TWO_BRONZES, in, N(in), N(in), want);
}

static void test_medals__two_bronzes_from_ranks_three_and_four(void **state)
{
	struct pd_result_in in[] = { { 4, 0, 0 }, { 3, 0, 0 }, { 2, 0, 0 },
				     { 1, 0, 0 }, { 5, 0, 0 } };
	int want[] = { B, B, S, G, NO };

	expect_medals(PD_POLICY_TWO_BRONZES, in, N(in), N(in), want);
	/* the standard policy gives rank 4 nothing */
	int std[] = { NO, B, S, G, NO };
	expect_medals(PD_POLICY_STANDARD, in, N(in), N(in), std);
}

static void test_medals__capped_three_starters_no_bronze(void **state)
{
	struct pd_result_in in[] = { { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 } };
	int want[] = { G, S, NO };

	expect_medals(PD_POLICY_CAPPED, in, N(in), 3, want);
}

static void test_medals__capped_two_starters_gold_only(void **state)
{
	struct pd_result_in in[] = { { 1, 0, 0 }, { 2, 0, 0 } };
	int want[] = { G, NO };

	expect_medals(PD_POLICY_CAPPED, in, N(in), 2, want);
}

static void test_medals__capped_four_starters_all_three(void **state)
{
	struct pd_result_in in[] = { { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 },
				     { 4, 0, 0 } };
	int want[] = { G, S, B, NO };

	expect_medals(PD_POLICY_CAPPED, in, N(in), 4, want);
}

static void test_medals__irm_never_medals_and_others_keep_ranks(void **state)
{
	/* a DNF has no rank; a DSQ recorded with rank 2 moves 3 and 4 up */
	struct pd_result_in in[] = { { 1, 0, 0 }, { 0, PD_IRM_DNF, 0 },
				     { 2, PD_IRM_DSQ, 0 }, { 3, 0, 0 },
				     { 4, 0, 0 } };
	int want[] = { G, NO, NO, S, B };

	expect_medals(PD_POLICY_STANDARD, in, N(in), N(in), want);
}

static void test_medals__dsq_with_or_without_rank_gives_bronze_to_next(
	void **state)
{
	/* 1, 2, then a DSQ who kept rank 3 or has none: rank 4 takes the
	 * bronze either way, and is told it moved up */
	struct pd_result_in kept[] = { { 1, 0, 0 }, { 2, 0, 0 },
				       { 3, PD_IRM_DSQ, 0 }, { 4, 0, 0 } };
	struct pd_result_in none[] = { { 1, 0, 0 }, { 2, 0, 0 },
				       { 0, PD_IRM_DSQ, 0 }, { 4, 0, 0 } };
	int want[] = { G, S, NO, B };
	struct pd_result_out out[4];

	expect_medals(PD_POLICY_STANDARD, kept, N(kept), N(kept), want);
	expect_medals(PD_POLICY_STANDARD, none, N(none), N(none), want);
	assert_int_equal(pd_event_medals(PD_POLICY_STANDARD, none, 4, 4, out),
			 0);
	assert_int_equal(out[3].rank, 3);
	assert_int_equal(out[3].rule, PD_RULE_MOVED_UP);
	assert_int_equal(out[2].rule, PD_RULE_IRM);
	assert_int_equal(out[0].rule, PD_RULE_RANK);
}

static void test_medals__unranked_irm_leaves_a_tie_gap_alone(void **state)
{
	/* 1, 1, 3 is a tie for gold (no silver): a DNF beside it closes
	 * nothing, and ranks with no gap never move */
	struct pd_result_in tie[] = { { 1, 0, 0 }, { 1, 0, 0 },
				      { 0, PD_IRM_DNF, 0 }, { 3, 0, 0 } };
	struct pd_result_in full[] = { { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 },
				       { 0, PD_IRM_DNS, 0 } };
	int want_tie[] = { G, G, NO, B }, want_full[] = { G, S, B, NO };

	expect_medals(PD_POLICY_STANDARD, tie, N(tie), N(tie), want_tie);
	expect_medals(PD_POLICY_STANDARD, full, N(full), N(full), want_full);
}

static void test_medals__ranks_from_marks_share_ties(void **state)
{
	double v[] = { 10.5, 10.2, 10.5, 0, 11.0 };
	int has[] = { 1, 1, 1, 0, 1 };
	long rank[5];
	double x;

	assert_int_equal(pd_rank_marks(v, has, 5, 0, rank), 0);
	assert_int_equal(rank[1], 1);
	assert_int_equal(rank[0], 2);
	assert_int_equal(rank[2], 2);
	assert_int_equal(rank[4], 4);
	assert_int_equal(rank[3], 0);
	assert_int_equal(pd_rank_marks(v, has, 5, 1, rank), 0);
	assert_int_equal(rank[4], 1);
	assert_int_equal(rank[1], 4);
	assert_int_equal(pd_mark_value("1:02.50", &x), 0);
	assert_true(x > 62.49 && x < 62.51);
	assert_int_equal(pd_mark_value("2:03:45", &x), 0);
	assert_true(x > 7424.9 && x < 7425.1);
	assert_int_equal(pd_mark_value("5.10 m", &x), 0);
	assert_true(x > 5.09 && x < 5.11);
	assert_int_equal(pd_mark_value("7,12", &x), 0);
	assert_int_equal(pd_mark_value("DNF", &x), PD_EINVAL);
	assert_int_equal(pd_mark_value("1..2", &x), PD_EINVAL);
	assert_int_equal(pd_mark_value("", &x), PD_EINVAL);
	/* shaped as a time, but no clock shows it (issue 27) */
	assert_int_equal(pd_mark_value("99:99:99.99", &x), PD_ERANGE);
	assert_int_equal(pd_mark_value("1:60.00", &x), PD_ERANGE);
	assert_int_equal(pd_mark_value("1:59.99", &x), 0);
	assert_int_equal(pd_mark_value("99.99", &x), 0);
	assert_true(pd_irm_order(PD_IRM_DNF) < pd_irm_order(PD_IRM_DSQ));
	assert_true(pd_irm_order(PD_IRM_DSQ) < pd_irm_order(PD_IRM_DNS));
}

static void test_medals__reallocate_moves_everyone_up(void **state)
{
	struct pd_result_in in[] = { { 1, 0, PD_SANCTION_REALLOCATE },
				     { 2, 0, 0 }, { 3, 0, 0 }, { 4, 0, 0 } };
	struct pd_result_out out[4];
	int want[] = { NO, G, S, B };

	expect_medals(PD_POLICY_STANDARD, in, N(in), N(in), want);
	pd_event_medals(PD_POLICY_STANDARD, in, N(in), N(in), out);
	assert_int_equal(out[0].rank, 0);
	assert_int_equal(out[3].rank, 3);
}

static void test_medals__vacate_leaves_the_medal_unawarded(void **state)
{
	struct pd_result_in in[] = { { 1, 0, PD_SANCTION_VACATE },
				     { 2, 0, 0 }, { 3, 0, 0 }, { 4, 0, 0 } };
	int want[] = { NO, S, B, NO };

	expect_medals(PD_POLICY_STANDARD, in, N(in), N(in), want);
}

static void test_medals__recorded_tie_for_silver_keeps_bronze(void **state)
{
	/* Paris 2024 men's shot put F55: 1, 2, 2 and a bronze still given */
	struct pd_result_in in[] = { { 1, 0, 0 }, { 2, 0, 0 }, { 2, 0, 0 },
				     { 3, 0, 0 } };
	int want[] = { G, S, S, B };

	expect_medals(PD_POLICY_STANDARD, in, N(in), N(in), want);
}

static void test_medals__negative_rank_is_refused(void **state)
{
	struct pd_result_in in[] = { { -1, 0, 0 } };
	struct pd_result_out out[1];

	assert_int_equal(pd_event_medals(PD_POLICY_STANDARD, in, 1, 1, out),
			 PD_EINVAL);
}

static void test_medals__policy_names_and_sport_defaults(void **state)
{
	assert_int_equal(pd_policy_parse("two-bronzes"), PD_POLICY_TWO_BRONZES);
	assert_int_equal(pd_policy_parse("CAPPED"), PD_POLICY_CAPPED);
	assert_int_equal(pd_policy_parse("fair"), -1);
	assert_string_equal(pd_policy_name(PD_POLICY_STANDARD), "standard");
	assert_int_equal(pd_policy_for_sport("Para Judo"),
			 PD_POLICY_TWO_BRONZES);
	assert_int_equal(pd_policy_for_sport("Taekwondo"),
			 PD_POLICY_TWO_BRONZES);
	assert_int_equal(pd_policy_for_sport("Para Athletics"),
			 PD_POLICY_STANDARD);
	assert_int_equal(pd_irm_parse("dsq"), PD_IRM_DSQ);
	assert_int_equal(pd_irm_parse(""), PD_IRM_NONE);
	assert_int_equal(pd_irm_parse("XYZ"), -1);
}

static void test_medals__capped_counts_medals_not_ranks(void **state)
{
	/* 3 starters ranked 1, 2, 2: two silvers would make 3 medals */
	struct pd_result_in in[] = { { 1, 0, 0 }, { 2, 0, 0 }, { 2, 0, 0 } };
	int want[] = { G, NO, NO };
	/* 1, 1, 3: two golds are the two medals the cap allows */
	struct pd_result_in tie[] = { { 1, 0, 0 }, { 1, 0, 0 }, { 3, 0, 0 } };
	int want_tie[] = { G, G, NO };

	expect_medals(PD_POLICY_CAPPED, in, N(in), 3, want);
	expect_medals(PD_POLICY_CAPPED, tie, N(tie), 3, want_tie);
}

static void test_medals__two_bronzes_silver_stripped_moves_up_in_turn(
	void **state)
{
	struct pd_result_in in[] = { { 1, 0, 0 },
				     { 2, 0, PD_SANCTION_REALLOCATE },
				     { 3, 0, 0 }, { 3, 0, 0 }, { 5, 0, 0 },
				     { 5, 0, 0 } };
	int want[] = { G, NO, S, B, B, NO };

	expect_medals(PD_POLICY_TWO_BRONZES, in, N(in), N(in), want);
}

static void test_medals__two_bronzes_gold_and_silver_stripped(void **state)
{
	struct pd_result_in in[] = { { 1, 0, PD_SANCTION_REALLOCATE },
				     { 2, 0, PD_SANCTION_REALLOCATE },
				     { 3, 0, 0 }, { 3, 0, 0 }, { 5, 0, 0 },
				     { 5, 0, 0 }, { 7, 0, 0 } };
	int want[] = { NO, NO, G, S, B, B, NO };

	expect_medals(PD_POLICY_TWO_BRONZES, in, N(in), N(in), want);
}

static void test_medals__two_bronzes_bronze_stripped_fifth_moves_up(
	void **state)
{
	struct pd_result_in in[] = { { 1, 0, 0 }, { 2, 0, 0 },
				     { 3, 0, PD_SANCTION_REALLOCATE },
				     { 3, 0, 0 }, { 5, 0, 0 }, { 5, 0, 0 } };
	int want[] = { G, S, NO, B, B, NO };

	expect_medals(PD_POLICY_TWO_BRONZES, in, N(in), N(in), want);
}

/* A team of four wins one event: one medal in the table, not four. */
static void test_medals__team_medal_counts_once(void **state)
{
	static const char reg_text[] =
		"CHN\tcurrent\tChina\t中国\t\n"
		"GBR\tcurrent\tGreat Britain\t英国\t\n";
	char path[] = "/tmp/podium-test-medals-XXXXXX";
	struct pd_registry reg;
	struct pd_store *s;
	struct pd_games g;
	struct pd_tally t;
	struct pd_athlete a;
	struct pd_result_rec r;
	long event, team, members[4];
	size_t nmedals, i;
	char name[16], wal[64];
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(pd_registry_parse(&reg, reg_text, strlen(reg_text),
					   "reg", NULL), 0);
	assert_int_equal(pd_store_open(&s, path, &reg, NULL), 0);
	memset(&g, 0, sizeof(g));
	strcpy(g.code, "PG2004");
	assert_int_equal(pd_store_begin(s, NULL), 0);
	assert_int_equal(pd_store_games_put(s, &g, NULL), 0);
	assert_int_equal(pd_store_change(s, "PG2004", "test", "test", "", NULL,
					 NULL), 0);
	assert_int_equal(pd_store_event_ensure(s, "PG2004", "Para Athletics",
					       "4x100m Relay", "M", "", 1,
					       &event, NULL), 0);
	memset(&a, 0, sizeof(a));
	strcpy(a.npc, "CHN");
	for (i = 0; i < 4; i++) {
		snprintf(name, sizeof(name), "Runner %zu", i);
		a.name = name;
		assert_int_equal(pd_store_athlete_ensure(s, &a, &members[i],
							 NULL), 0);
	}
	assert_int_equal(pd_store_team_ensure(s, event, "CHN", "China",
					      members, 4, &team, NULL), 0);
	memset(&r, 0, sizeof(r));
	r.event_id = event;
	strcpy(r.npc, "CHN");
	r.name = "China";
	r.team_id = team;
	r.rank = 1;
	assert_int_equal(pd_store_result_add(s, &r, NULL), 0);
	assert_int_equal(pd_store_commit(s, NULL), 0);

	pd_tally_init(&t);
	assert_int_equal(pd_store_tally(s, "PG2004", NULL, &t, &nmedals, NULL),
			 0);
	assert_int_equal(nmedals, 1);
	assert_int_equal(t.n, 1);
	assert_string_equal(t.rows[0].npc, "CHN");
	assert_int_equal(t.rows[0].medals[PD_GOLD], 1);
	pd_tally_release(&t);
	pd_store_close(s);
	pd_registry_release(&reg);
	unlink(path);
	snprintf(wal, sizeof(wal), "%s-wal", path);
	unlink(wal);
	snprintf(wal, sizeof(wal), "%s-shm", path);
	unlink(wal);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_medals__standard_one_two_three),
		cmocka_unit_test(test_medals__tie_for_gold_two_golds_no_silver),
		cmocka_unit_test(test_medals__tie_for_bronze_shares_it),
		cmocka_unit_test(test_medals__two_bronzes_from_ranks_three_and_three),
		cmocka_unit_test(test_medals__two_bronzes_from_ranks_three_and_four),
		cmocka_unit_test(test_medals__capped_three_starters_no_bronze),
		cmocka_unit_test(test_medals__capped_two_starters_gold_only),
		cmocka_unit_test(test_medals__capped_four_starters_all_three),
		cmocka_unit_test(test_medals__irm_never_medals_and_others_keep_ranks),
		cmocka_unit_test(test_medals__reallocate_moves_everyone_up),
		cmocka_unit_test(test_medals__dsq_with_or_without_rank_gives_bronze_to_next),
		cmocka_unit_test(test_medals__unranked_irm_leaves_a_tie_gap_alone),
		cmocka_unit_test(test_medals__ranks_from_marks_share_ties),
		cmocka_unit_test(test_medals__vacate_leaves_the_medal_unawarded),
		cmocka_unit_test(test_medals__recorded_tie_for_silver_keeps_bronze),
		cmocka_unit_test(test_medals__negative_rank_is_refused),
		cmocka_unit_test(test_medals__policy_names_and_sport_defaults),
		cmocka_unit_test(test_medals__team_medal_counts_once),
		cmocka_unit_test(test_medals__capped_counts_medals_not_ranks),
		cmocka_unit_test(
			test_medals__two_bronzes_silver_stripped_moves_up_in_turn),
		cmocka_unit_test(test_medals__two_bronzes_gold_and_silver_stripped),
		cmocka_unit_test(
			test_medals__two_bronzes_bronze_stripped_fifth_moves_up),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
