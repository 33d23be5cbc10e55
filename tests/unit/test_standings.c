/* test_standings.c -- ranking a tally under each scheme, totals, host, top N. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "podium/standings.h"

struct counts {
	const char *npc;
	long g, s, b;
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void fill(struct pd_tally *t, const struct counts *c, size_t n)
{
	size_t i;

	pd_tally_init(t);
	for (i = 0; i < n; i++) {
		assert_int_equal(pd_tally_add(t, c[i].npc, PD_GOLD, c[i].g), 0);
		assert_int_equal(pd_tally_add(t, c[i].npc, PD_SILVER, c[i].s),
				 0);
		assert_int_equal(pd_tally_add(t, c[i].npc, PD_BRONZE, c[i].b),
				 0);
	}
}

/* Build standings of c under scheme text, host and top. */
static void build(struct pd_standings *st, struct pd_tally *t,
		  const struct counts *c, size_t n, const char *scheme,
		  const char *host, size_t top)
{
	struct pd_standings_opts o = { .host = host, .top = top };

	fill(t, c, n);
	assert_int_equal(pd_scheme_parse(&o.scheme, scheme, NULL), 0);
	assert_int_equal(pd_standings_build(st, t, &o, NULL), 0);
}

static void assert_row(const struct pd_standing *r, long rank,
		       const char *npc, long g, long s, long b, int tied)
{
	assert_int_equal(r->rank, rank);
	assert_string_equal(r->npc, npc);
	assert_int_equal(r->medals[0], g);
	assert_int_equal(r->medals[1], s);
	assert_int_equal(r->medals[2], b);
	assert_int_equal(r->total, g + s + b);
	assert_int_equal(r->tied, tied);
}

static void test_standings__competition_ranking_skips_after_tie(void **state)
{
	static const struct counts c[] = {
		{ "DDD", 1, 0, 0 }, { "CCC", 2, 1, 0 }, { "AAA", 3, 0, 0 },
		{ "BBB", 2, 1, 0 },
	};
	struct pd_standings st;
	struct pd_tally t;

	build(&st, &t, c, N(c), "gold", NULL, 0);
	assert_int_equal(st.n, 4);
	assert_int_equal(st.nall, 4);
	assert_row(&st.rows[0], 1, "AAA", 3, 0, 0, 0);
	assert_row(&st.rows[1], 2, "BBB", 2, 1, 0, 0);
	assert_row(&st.rows[2], 2, "CCC", 2, 1, 0, 1);
	assert_row(&st.rows[3], 4, "DDD", 1, 0, 0, 0);
	assert_int_equal(st.has_remaining, 0);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static void test_standings__tie_shares_rank_listed_by_code(void **state)
{
	static const struct counts c[] = {
		{ "ZZZ", 1, 1, 1 }, { "AAA", 1, 1, 1 }, { "TOP", 5, 0, 0 },
		{ "MMM", 1, 1, 1 },
	};
	struct pd_standings st;
	struct pd_tally t;

	build(&st, &t, c, N(c), "gold", NULL, 0);
	assert_row(&st.rows[0], 1, "TOP", 5, 0, 0, 0);
	assert_row(&st.rows[1], 2, "AAA", 1, 1, 1, 0);
	assert_row(&st.rows[2], 2, "MMM", 1, 1, 1, 1);
	assert_row(&st.rows[3], 2, "ZZZ", 1, 1, 1, 1);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static void test_standings__same_gold_other_silver_does_not_tie(void **state)
{
	static const struct counts c[] = {
		{ "AAA", 2, 0, 9 }, { "BBB", 2, 1, 0 }, { "CCC", 2, 1, 1 },
	};
	struct pd_standings st;
	struct pd_tally t;

	build(&st, &t, c, N(c), "gold", NULL, 0);
	assert_row(&st.rows[0], 1, "CCC", 2, 1, 1, 0);
	assert_row(&st.rows[1], 2, "BBB", 2, 1, 0, 0);
	assert_row(&st.rows[2], 3, "AAA", 2, 0, 9, 0);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

/* The same tally, two orders: gold-first puts AAA on top, total-first puts
 * it last. */
static const struct counts disagree[] = {
	{ "AAA", 5, 0, 0 }, { "BBB", 1, 2, 3 }, { "CCC", 2, 2, 2 },
	{ "DDD", 2, 3, 1 }, { "EEE", 1, 2, 3 },
};

static void test_standings__total_first_orders_by_total_then_colours(void **state)
{
	struct pd_standings st;
	struct pd_tally t;

	build(&st, &t, disagree, N(disagree), "total", NULL, 0);
	assert_int_equal(st.scheme.kind, PD_SCHEME_TOTAL);
	/* total 6 each: DDD (2 3 1) > CCC (2 2 2) > BBB = EEE (1 2 3) */
	assert_row(&st.rows[0], 1, "DDD", 2, 3, 1, 0);
	assert_row(&st.rows[1], 2, "CCC", 2, 2, 2, 0);
	assert_row(&st.rows[2], 3, "BBB", 1, 2, 3, 0);
	assert_row(&st.rows[3], 3, "EEE", 1, 2, 3, 1);
	assert_row(&st.rows[4], 5, "AAA", 5, 0, 0, 0);
	assert_int_equal(st.rows[0].points, 0);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static void test_standings__gold_first_disagrees_with_total_first(void **state)
{
	struct pd_standings st;
	struct pd_tally t;

	build(&st, &t, disagree, N(disagree), "gold", NULL, 0);
	assert_row(&st.rows[0], 1, "AAA", 5, 0, 0, 0);
	assert_row(&st.rows[1], 2, "DDD", 2, 3, 1, 0);
	assert_row(&st.rows[2], 3, "CCC", 2, 2, 2, 0);
	assert_row(&st.rows[3], 4, "BBB", 1, 2, 3, 0);
	assert_row(&st.rows[4], 4, "EEE", 1, 2, 3, 1);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static const struct counts pointed[] = {
	{ "AAA", 1, 0, 0 }, { "BBB", 0, 1, 1 }, { "CCC", 0, 2, 0 },
	{ "DDD", 0, 0, 3 }, { "EEE", 0, 1, 1 },
};

static void test_standings__points_321_weights_then_colours(void **state)
{
	struct pd_standings st;
	struct pd_tally t;

	build(&st, &t, pointed, N(pointed), "points=3,2,1", NULL, 0);
	/* points: AAA 3, BBB 3, CCC 4, DDD 3, EEE 3 */
	assert_row(&st.rows[0], 1, "CCC", 0, 2, 0, 0);
	assert_int_equal(st.rows[0].points, 4);
	assert_row(&st.rows[1], 2, "AAA", 1, 0, 0, 0);
	assert_int_equal(st.rows[1].points, 3);
	assert_row(&st.rows[2], 3, "BBB", 0, 1, 1, 0);
	assert_int_equal(st.rows[2].points, 3);
	assert_row(&st.rows[3], 3, "EEE", 0, 1, 1, 1);
	assert_row(&st.rows[4], 5, "DDD", 0, 0, 3, 0);
	assert_int_equal(st.rows[4].points, 3);
	assert_int_equal(st.totals.points, 16);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static void test_standings__points_421_weights_change_order(void **state)
{
	struct pd_standings st;
	struct pd_tally t;

	build(&st, &t, pointed, N(pointed), "points=4,2,1", NULL, 0);
	assert_int_equal(st.scheme.weight[0], 4);
	/* points: AAA 4, BBB 3, CCC 4, DDD 3, EEE 3 */
	assert_row(&st.rows[0], 1, "AAA", 1, 0, 0, 0);
	assert_int_equal(st.rows[0].points, 4);
	assert_row(&st.rows[1], 2, "CCC", 0, 2, 0, 0);
	assert_int_equal(st.rows[1].points, 4);
	assert_row(&st.rows[2], 3, "BBB", 0, 1, 1, 0);
	assert_int_equal(st.rows[2].points, 3);
	assert_row(&st.rows[3], 3, "EEE", 0, 1, 1, 1);
	assert_row(&st.rows[4], 5, "DDD", 0, 0, 3, 0);
	assert_int_equal(st.rows[4].points, 3);
	assert_int_equal(st.totals.points, 17);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static void assert_scheme_error(const char *text)
{
	struct pd_scheme s;
	struct pd_diag d;

	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_scheme_parse(&s, text, &d), PD_EINVAL);
	assert_true(d.msg[0] != '\0');
	assert_non_null(strstr(d.msg, text));
	assert_int_equal(d.line, 0);
}

static void test_standings__bad_scheme_text_is_einval(void **state)
{
	struct pd_diag d;
	struct pd_scheme s;

	assert_scheme_error("points=3,2");
	assert_scheme_error("points=a,b,c");
	assert_scheme_error("silver");
	assert_scheme_error("points=3,2,1,0");
	assert_scheme_error("points=-1,2,1");
	assert_scheme_error("points=3,,1");
	memset(&d, 0, sizeof(d));
	pd_scheme_parse(&s, "silver", &d);
	assert_non_null(strstr(d.msg, "unknown scheme"));
	pd_scheme_parse(&s, "points=3,2", &d);
	assert_non_null(strstr(d.msg, "three whole numbers"));
	/* a NULL diag is allowed */
	assert_int_equal(pd_scheme_parse(&s, "points=", NULL), PD_EINVAL);
}

static void assert_round_trip(const char *text, const char *want)
{
	struct pd_scheme s, again;
	char buf[64];

	assert_int_equal(pd_scheme_parse(&s, text, NULL), 0);
	pd_scheme_format(&s, buf, sizeof(buf));
	assert_string_equal(buf, want);
	assert_int_equal(pd_scheme_parse(&again, buf, NULL), 0);
	assert_int_equal(again.kind, s.kind);
	assert_memory_equal(again.weight, s.weight, sizeof(s.weight));
}

static void test_standings__scheme_format_round_trips(void **state)
{
	struct pd_scheme s;

	assert_round_trip("gold", "gold");
	assert_round_trip("total", "total");
	assert_round_trip("points", "points=3,2,1");
	assert_round_trip("points=4,2,1", "points=4,2,1");
	assert_round_trip("points=0,0,10", "points=0,0,10");
	assert_int_equal(pd_scheme_parse(&s, "points", NULL), 0);
	assert_int_equal(s.kind, PD_SCHEME_POINTS);
	assert_int_equal(s.weight[0], 3);
	assert_int_equal(s.weight[1], 2);
	assert_int_equal(s.weight[2], 1);
}

static const struct counts five[] = {
	{ "AAA", 10, 5, 2 }, { "BBB", 6, 7, 8 }, { "CCC", 4, 4, 4 },
	{ "DDD", 2, 0, 1 }, { "EEE", 1, 3, 0 },
};

static void test_standings__totals_row_sums_every_npc(void **state)
{
	struct pd_standings st;
	struct pd_tally t;

	build(&st, &t, five, N(five), "gold", NULL, 0);
	assert_int_equal(st.totals.rank, 0);
	assert_int_equal(st.totals.medals[0], 23);
	assert_int_equal(st.totals.medals[1], 19);
	assert_int_equal(st.totals.medals[2], 15);
	assert_int_equal(st.totals.total, 57);
	assert_int_equal(st.totals.points, 0);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static void test_standings__host_flag_only_on_host_row(void **state)
{
	struct pd_standings st;
	struct pd_tally t;
	size_t i;

	build(&st, &t, five, N(five), "gold", "CCC", 0);
	for (i = 0; i < st.n; i++)
		assert_int_equal(st.rows[i].host,
				 !strcmp(st.rows[i].npc, "CCC"));
	assert_string_equal(st.rows[2].npc, "CCC");
	assert_int_equal(st.rows[2].host, 1);
	assert_int_equal(st.totals.host, 0);
	pd_standings_release(&st);
	pd_tally_release(&t);

	build(&st, &t, five, N(five), "gold", NULL, 0);
	for (i = 0; i < st.n; i++)
		assert_int_equal(st.rows[i].host, 0);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static void test_standings__top_n_sums_the_rest_as_remaining(void **state)
{
	struct pd_standings st;
	struct pd_tally t;

	build(&st, &t, five, N(five), "gold", NULL, 2);
	assert_int_equal(st.n, 2);
	assert_int_equal(st.nall, 5);
	assert_string_equal(st.rows[0].npc, "AAA");
	assert_string_equal(st.rows[1].npc, "BBB");
	assert_int_equal(st.has_remaining, 1);
	assert_int_equal(st.nremaining, 3);
	assert_int_equal(st.remaining.rank, 0);
	assert_int_equal(st.remaining.medals[0], 7);
	assert_int_equal(st.remaining.medals[1], 7);
	assert_int_equal(st.remaining.medals[2], 5);
	assert_int_equal(st.remaining.total, 19);
	/* the totals still cover every NPC */
	assert_int_equal(st.totals.total, 57);
	pd_standings_release(&st);
	pd_tally_release(&t);

	/* a top at or past the row count cuts nothing */
	build(&st, &t, five, N(five), "gold", NULL, 5);
	assert_int_equal(st.n, 5);
	assert_int_equal(st.has_remaining, 0);
	assert_int_equal(st.nremaining, 0);
	assert_int_equal(st.remaining.total, 0);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static void test_standings__top_n_keeps_rows_tied_at_n(void **state)
{
	static const struct counts c[] = {
		{ "AAA", 3, 0, 0 }, { "BBB", 2, 0, 0 }, { "CCC", 1, 1, 0 },
		{ "DDD", 1, 1, 0 }, { "EEE", 1, 1, 0 }, { "FFF", 0, 0, 1 },
	};
	struct pd_standings st;
	struct pd_tally t;

	/* ranks 1 2 3 3 3 6: top 3 shows five rows */
	build(&st, &t, c, N(c), "gold", NULL, 3);
	assert_int_equal(st.n, 5);
	assert_row(&st.rows[4], 3, "EEE", 1, 1, 0, 1);
	assert_int_equal(st.nremaining, 1);
	assert_int_equal(st.has_remaining, 1);
	assert_int_equal(st.remaining.medals[2], 1);
	assert_int_equal(st.remaining.total, 1);
	pd_standings_release(&st);
	pd_tally_release(&t);

	/* the tie starts at 3, so top 4 is the same cut */
	build(&st, &t, c, N(c), "gold", NULL, 4);
	assert_int_equal(st.n, 5);
	assert_int_equal(st.nremaining, 1);
	pd_standings_release(&st);
	pd_tally_release(&t);

	/* top 2 stops before the tie */
	build(&st, &t, c, N(c), "gold", NULL, 2);
	assert_int_equal(st.n, 2);
	assert_int_equal(st.nremaining, 4);
	assert_int_equal(st.remaining.total, 7);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static const struct counts with_empty[] = {
	{ "AAA", 1, 0, 0 }, { "NIL", 0, 0, 0 }, { "BBB", 0, 0, 1 },
};

static void test_standings__npc_without_medals_dropped(void **state)
{
	struct pd_standings st;
	struct pd_tally t;

	build(&st, &t, with_empty, N(with_empty), "gold", NULL, 0);
	assert_int_equal(st.n, 2);
	assert_int_equal(st.nall, 2);
	assert_string_equal(st.rows[0].npc, "AAA");
	assert_string_equal(st.rows[1].npc, "BBB");
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static void test_standings__keep_empty_ranks_npc_without_medals(void **state)
{
	struct pd_standings_opts o = { .keep_empty = 1 };
	struct pd_standings st;
	struct pd_tally t;

	fill(&t, with_empty, N(with_empty));
	assert_int_equal(pd_standings_build(&st, &t, &o, NULL), 0);
	assert_int_equal(st.n, 3);
	assert_int_equal(st.nall, 3);
	assert_row(&st.rows[2], 3, "NIL", 0, 0, 0, 0);
	assert_int_equal(st.totals.total, 2);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static void test_standings__negative_count_is_an_error(void **state)
{
	struct pd_standings_opts o = { .scheme = { PD_SCHEME_GOLD } };
	struct pd_standings st;
	struct pd_tally t;
	struct pd_diag d;

	pd_tally_init(&t);
	assert_int_equal(pd_tally_add(&t, "AAA", PD_GOLD, 2), 0);
	assert_int_equal(pd_tally_add(&t, "BBB", PD_SILVER, -1), 0);
	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_standings_build(&st, &t, &o, &d), PD_ERANGE);
	assert_non_null(strstr(d.msg, "negative"));
	assert_null(st.rows);
	assert_int_equal(st.n, 0);
	assert_int_equal(pd_standings_build(&st, &t, &o, NULL), PD_ERANGE);
	pd_tally_release(&t);
}

static void test_standings__empty_tally_gives_no_rows(void **state)
{
	struct pd_standings_opts o = { .top = 3, .host = "AAA" };
	struct pd_standings st;
	struct pd_tally t;

	pd_tally_init(&t);
	assert_int_equal(pd_standings_build(&st, &t, &o, NULL), 0);
	assert_int_equal(st.n, 0);
	assert_int_equal(st.nall, 0);
	assert_int_equal(st.has_remaining, 0);
	assert_int_equal(st.totals.medals[0], 0);
	assert_int_equal(st.totals.medals[1], 0);
	assert_int_equal(st.totals.medals[2], 0);
	assert_int_equal(st.totals.total, 0);
	pd_standings_release(&st);
	pd_tally_release(&t);
}

static void test_standings__tally_add_accumulates_per_npc(void **state)
{
	struct pd_tally t;
	char longcode[] = "TOOLONGX";

	pd_tally_init(&t);
	assert_int_equal(pd_tally_add(&t, "AAA", PD_GOLD, 2), 0);
	assert_int_equal(pd_tally_add(&t, "AAA", PD_GOLD, 3), 0);
	assert_int_equal(pd_tally_add(&t, "AAA", PD_BRONZE, 1), 0);
	assert_int_equal(t.n, 1);
	assert_int_equal(t.rows[0].medals[PD_GOLD], 5);
	assert_int_equal(t.rows[0].medals[PD_SILVER], 0);
	assert_int_equal(t.rows[0].medals[PD_BRONZE], 1);
	assert_int_equal(pd_tally_add(&t, longcode, PD_GOLD, 1), PD_EINVAL);
	assert_int_equal(t.n, 1);
	pd_tally_release(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_standings__competition_ranking_skips_after_tie),
		cmocka_unit_test(test_standings__tie_shares_rank_listed_by_code),
		cmocka_unit_test(test_standings__same_gold_other_silver_does_not_tie),
		cmocka_unit_test(test_standings__total_first_orders_by_total_then_colours),
		cmocka_unit_test(test_standings__gold_first_disagrees_with_total_first),
		cmocka_unit_test(test_standings__points_321_weights_then_colours),
		cmocka_unit_test(test_standings__points_421_weights_change_order),
		cmocka_unit_test(test_standings__bad_scheme_text_is_einval),
		cmocka_unit_test(test_standings__scheme_format_round_trips),
		cmocka_unit_test(test_standings__totals_row_sums_every_npc),
		cmocka_unit_test(test_standings__host_flag_only_on_host_row),
		cmocka_unit_test(test_standings__top_n_sums_the_rest_as_remaining),
		cmocka_unit_test(test_standings__top_n_keeps_rows_tied_at_n),
		cmocka_unit_test(test_standings__npc_without_medals_dropped),
		cmocka_unit_test(test_standings__keep_empty_ranks_npc_without_medals),
		cmocka_unit_test(test_standings__negative_count_is_an_error),
		cmocka_unit_test(test_standings__empty_tally_gives_no_rows),
		cmocka_unit_test(test_standings__tally_add_accumulates_per_npc),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
