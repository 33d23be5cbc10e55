/* test_units.c -- results codes and the medals that follow from units by
 * the bundled rules (data/medal_rules.tsv). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "podium/bundled.h"
#include "podium/units.h"

#define N(a) (sizeof(a) / sizeof(*(a)))

static struct pd_medal_rules rules;

static int setup(void **state)
{
	struct pd_diag d;

	(void)state;
	return pd_medal_rules_parse(&rules, (const char *)pd_embed_medal_rules,
				    pd_embed_medal_rules_len,
				    "medal_rules.tsv", &d);
}

static int teardown(void **state)
{
	(void)state;
	pd_medal_rules_release(&rules);
	return 0;
}

static void test_rsc__unit_subunit_and_standings(void **state)
{
	struct pd_rsc r;
	struct pd_diag d;

	(void)state;
	assert_int_equal(pd_rsc_parse("ATHX4X400M------------RND1000200--",
				      &r, "f", 1, &d), 0);
	assert_int_equal(r.kind, PD_RSC_UNIT);
	assert_string_equal(r.discipline, "ATH");
	assert_string_equal(r.event, "ATHX4X400M");
	assert_string_equal(r.phase, "RND1");
	assert_string_equal(r.unit, "000200--");
	assert_int_equal(r.gender, 'X');
	assert_int_equal(pd_rsc_parse("TTEMTEAM--------------FNL-00010000",
				      &r, "f", 1, &d), 0);
	assert_int_equal(r.kind, PD_RSC_SUBUNIT);
	assert_int_equal(pd_rsc_parse("GARMTEAM--------------FNL---------",
				      &r, "f", 1, &d), 0);
	assert_int_equal(r.kind, PD_RSC_PHASE);
	assert_int_equal(pd_rsc_parse("GLFMSTROKE------------------------",
				      &r, "f", 1, &d), 0);
	assert_int_equal(r.kind, PD_RSC_EVENT);
	assert_string_equal(r.event, "GLFMSTROKE");
	assert_string_equal(r.phase, "----");
}

static void test_rsc__bad_codes_refused_with_reason(void **state)
{
	struct pd_rsc r;
	struct pd_diag d;

	(void)state;
	assert_int_equal(pd_rsc_parse("ATHM100M", &r, "s.csv", 7, &d),
			 PD_EINVAL);
	assert_int_equal(d.line, 7);
	assert_non_null(strstr(d.msg, "8 characters, not 34"));
	assert_int_equal(pd_rsc_parse("ATHQ100M--------------FNL-000100--",
				      &r, "s.csv", 8, &d), PD_EINVAL);
	assert_non_null(strstr(d.msg, "gender 'Q'"));
	assert_int_equal(pd_rsc_parse("ATHM100m--------------FNL-000100--",
				      &r, "s.csv", 9, &d), PD_EINVAL);
}

static void test_rules__bad_line_named(void **state)
{
	struct pd_medal_rules r;
	struct pd_diag d;
	const char *t = "# c\nJUD\tgold-match\tFNL-0001\tgs\t-\tIJF\n"
			"JUD\tbest-of\tFNL-0001\tgs\t-\tIJF\n";

	(void)state;
	assert_int_equal(pd_medal_rules_parse(&r, t, strlen(t), "r.tsv", &d),
			 PD_EPARSE);
	assert_int_equal(d.line, 3);
	assert_non_null(strstr(d.msg, "unknown rule 'best-of'"));
}

static void derive_opts(const char *disc, const struct pd_unit_row *rows,
			size_t n, unsigned opts, const int *want,
			size_t nwant, const char *rule)
{
	struct pd_unit_medal out[32];
	size_t i, got;

	assert_int_equal(pd_units_medals(&rules, disc, rows, n, opts, out,
					 &got), 0);
	assert_int_equal(got, nwant);
	for (i = 0; i < got; i++) {
		assert_int_equal(out[i].row, want[2 * i]);
		assert_int_equal(out[i].medal, want[2 * i + 1]);
	}
	if (rule && got)
		assert_string_equal(pd_unit_rule_name(
			rules.v[out[0].rule].kind), rule);
}

static void derive(const char *disc, const struct pd_unit_row *rows,
		   size_t n, const int *want, size_t nwant, const char *rule)
{
	derive_opts(disc, rows, n, 0, want, nwant, rule);
}

#define F "JUDMO100KG------------"

static void test_medals__judo_final_and_two_repechage_bronzes(void **s)
{
	struct pd_unit_row rows[] = {
		{ F "SFNL000100--", "a", 0, 'W', "" },
		{ F "SFNL000100--", "b", 0, 'L', "" },
		{ F "REPF000100--", "b", 0, 'W', "" },
		{ F "REPF000100--", "c", 0, 'L', "" },
		{ F "REPF000200--", "d", 0, 'W', "" },
		{ F "REPF000200--", "e", 0, 'L', "" },
		{ F "FNL-000100--", "f", 0, 'L', "" },
		{ F "FNL-000100--", "a", 0, 'W', "" },
	};
	int want[] = { 7, PD_GOLD, 6, PD_SILVER, 2, PD_BRONZE, 4, PD_BRONZE };

	(void)s;
	derive("JUD", rows, N(rows), want, N(want) / 2, "gold-match");
}

#define B "BOXM51KG--------------"

static void test_medals__boxing_both_semi_losers_bronze(void **s)
{
	struct pd_unit_row rows[] = {
		{ B "QFNL000100--", "x", 0, 'L', "" },
		{ B "SFNL000100--", "a", 0, 'W', "" },
		{ B "SFNL000100--", "b", 0, 'L', "" },
		{ B "SFNL000200--", "c", 0, 'L', "" },
		{ B "SFNL000200--", "d", 0, 'W', "" },
		{ B "FNL-000100--", "a", 0, 'W', "" },
		{ B "FNL-000100--", "d", 0, 'L', "" },
	};
	int want[] = { 5, PD_GOLD, 6, PD_SILVER, 2, PD_BRONZE, 3, PD_BRONZE };

	(void)s;
	derive("BOX", rows, N(rows), want, N(want) / 2, NULL);
}

#define T "TENWSINGLES-----------"

/* a withdrawal still takes silver; a disqualification never medals */
static void test_medals__final_wdr_silver_dsq_nothing(void **s)
{
	struct pd_unit_row rows[] = {
		{ T "FNL-000100--", "a", 0, 'W', "" },
		{ T "FNL-000100--", "b", 0, 'L', "WDR" },
		{ T "FNL-000200--", "c", 0, 'W', "DSQ" },
		{ T "FNL-000200--", "d", 0, 'L', "" },
	};
	int want[] = { 0, PD_GOLD, 1, PD_SILVER };

	(void)s;
	derive("TEN", rows, N(rows), want, N(want) / 2, NULL);
}

/* no bronze match (a walkover): no bronze, as the units say */
static void test_medals__no_bronze_unit_no_bronze(void **s)
{
	struct pd_unit_row rows[] = {
		{ T "FNL-000100--", "a", 0, 'W', "" },
		{ T "FNL-000100--", "b", 0, 'L', "" },
		{ T "SFNL000100--", "c", 0, 'L', "RET" },
	};
	int want[] = { 0, PD_GOLD, 1, PD_SILVER };

	(void)s;
	derive("TEN", rows, N(rows), want, N(want) / 2, NULL);
}

/* the operator's walkover: the semi-final loser who finished takes the
 * bronze of a bronze match never played; without it, none */
static void test_medals__walkover_only_when_applied(void **s)
{
	struct pd_unit_row rows[] = {
		{ T "FNL-000100--", "a", 0, 'W', "" },
		{ T "FNL-000100--", "b", 0, 'L', "" },
		{ T "SFNL000100--", "a", 0, 'W', "" },
		{ T "SFNL000100--", "c", 0, 'L', "" },
		{ T "SFNL000200--", "d", 0, 'L', "RET" },
		{ T "SFNL000200--", "b", 0, 'W', "" },
	};
	int plain[] = { 0, PD_GOLD, 1, PD_SILVER };
	int walk[] = { 0, PD_GOLD, 1, PD_SILVER, 3, PD_BRONZE };

	(void)s;
	derive("BDM", rows, N(rows), plain, N(plain) / 2, NULL);
	derive_opts("BDM", rows, N(rows), PD_UNITS_WALKOVER, walk,
		    N(walk) / 2, NULL);
}

#define R "ROWMSCULL1------------"

/* Final A decides; Final B's own ranks 1-3 do not medal; ties share */
static void test_medals__final_a_ranks_ties_share(void **s)
{
	struct pd_unit_row rows[] = {
		{ R "FNL-000200--", "p", 1, 0, "" },
		{ R "FNL-000200--", "q", 2, 0, "" },
		{ R "FNL-000100--", "a", 1, 0, "" },
		{ R "FNL-000100--", "b", 2, 0, "" },
		{ R "FNL-000100--", "c", 3, 0, "" },
		{ R "FNL-000100--", "d", 3, 0, "" },
		{ R "FNL-000100--", "e", 5, 0, "" },
		{ R "SFNL000100--", "a", 1, 0, "" },
	};
	int want[] = { 2, PD_GOLD, 3, PD_SILVER, 4, PD_BRONZE, 5, PD_BRONZE };

	(void)s;
	derive("ROW", rows, N(rows), want, N(want) / 2, "final-ranks");
}

#define E "EQUOJUMPINDV----------"

static void test_medals__jump_off_orders_the_tie(void **s)
{
	struct pd_unit_row rows[] = {
		{ E "FNL-000100--", "a", 1, 0, "" },
		{ E "FNL-000100--", "b", 1, 0, "" },
		{ E "FNL-000100--", "c", 1, 0, "" },
		{ E "FNL-000100--", "d", 4, 0, "" },
		{ E "FNL-0002RR--", "c", 1, 0, "" },
		{ E "FNL-0002RR--", "a", 2, 0, "" },
		{ E "FNL-0002RR--", "b", 3, 0, "" },
	};
	int want[] = { 2, PD_GOLD, 0, PD_SILVER, 1, PD_BRONZE };

	(void)s;
	derive("EQU", rows, N(rows), want, N(want) / 2, "final-ranks");
}

#define G "GLFMSTROKE------------"

/* an event's standing decides over its last round's unit */
static void test_medals__event_standing_decides(void **s)
{
	struct pd_unit_row rows[] = {
		{ G "FNL-000400--", "x", 1, 0, "" },
		{ G "FNL-000400--", "a", 2, 0, "" },
		{ G "------------", "a", 1, 0, "" },
		{ G "------------", "x", 2, 0, "" },
		{ G "------------", "b", 3, 0, "" },
		{ G "------------", "c", 4, 0, "" },
	};
	int want[] = { 2, PD_GOLD, 3, PD_SILVER, 4, PD_BRONZE };

	(void)s;
	derive("GLF", rows, N(rows), want, N(want) / 2, "standing");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rsc__unit_subunit_and_standings),
		cmocka_unit_test(test_rsc__bad_codes_refused_with_reason),
		cmocka_unit_test(test_rules__bad_line_named),
		cmocka_unit_test(test_medals__judo_final_and_two_repechage_bronzes),
		cmocka_unit_test(test_medals__boxing_both_semi_losers_bronze),
		cmocka_unit_test(test_medals__final_wdr_silver_dsq_nothing),
		cmocka_unit_test(test_medals__no_bronze_unit_no_bronze),
		cmocka_unit_test(test_medals__walkover_only_when_applied),
		cmocka_unit_test(test_medals__final_a_ranks_ties_share),
		cmocka_unit_test(test_medals__jump_off_orders_the_tie),
		cmocka_unit_test(test_medals__event_standing_decides),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
