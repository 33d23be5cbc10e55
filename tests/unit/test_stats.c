/* test_stats.c -- keyed counts, record flags, name matching, shares, and
 * who a medal is credited to and how medallists rank (src/core/stats.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "podium/stats.h"

static void test_counts__add_sort_sum(void **state)
{
	struct pd_counts c;

	(void)state;
	pd_counts_init(&c);
	assert_int_equal(pd_counts_add(&c, "Swimming", 0, 2), 0);
	assert_int_equal(pd_counts_add(&c, "Athletics", 0, 3), 0);
	assert_int_equal(pd_counts_add(&c, "Swimming", 2, 1), 0);
	pd_counts_sort(&c);
	assert_int_equal(c.n, 2);
	assert_string_equal(c.rows[0].key, "Athletics");
	assert_int_equal(c.rows[1].n[0], 2);
	assert_int_equal(c.rows[1].n[2], 1);
	assert_int_equal(pd_counts_sum(&c, 0), 5);
	pd_counts_release(&c);
	assert_int_equal(c.n, 0);
}

static void test_counts__records_split_on_separators(void **state)
{
	struct pd_counts c;

	(void)state;
	pd_counts_init(&c);
	assert_int_equal(pd_counts_add_records(&c, "PR,WR"), 2);
	assert_int_equal(pd_counts_add_records(&c, " WR ; AR/ "), 2);
	assert_int_equal(pd_counts_add_records(&c, ""), 0);
	assert_int_equal(pd_counts_add_records(&c, ", ,"), 0);
	pd_counts_sort(&c);
	assert_int_equal(c.n, 3);
	assert_string_equal(c.rows[0].key, "AR");
	assert_string_equal(c.rows[1].key, "PR");
	assert_string_equal(c.rows[2].key, "WR");
	assert_int_equal(c.rows[2].n[0], 2);
	pd_counts_release(&c);
}

static void test_games_code__upper_cases_and_bounds(void **state)
{
	char out[8];

	(void)state;
	assert_int_equal(pd_games_code(out, sizeof(out), "pg2024"), 0);
	assert_string_equal(out, "PG2024");
	assert_int_equal(pd_games_code(out, sizeof(out), ""), PD_EINVAL);
	assert_int_equal(pd_games_code(out, sizeof(out), "PG2024XY"),
			 PD_EINVAL);
}

static void test_name_contains__any_case_and_width(void **state)
{
	char *needle = pd_name_normalise("debrun");

	(void)state;
	assert_non_null(needle);
	assert_true(pd_name_contains("Catherine DEBRUNNER", needle));
	assert_false(pd_name_contains("Tatyana McFADDEN", needle));
	/* full-width letters are the same name */
	assert_true(pd_name_contains("ＤＥＢＲＵＮＮＥＲ", needle));
	/* not UTF-8: compared byte-wise, case aside */
	assert_true(pd_name_contains("\xff" "Debrunner", needle));
	free(needle);
}

static void test_name_contains__either_order_and_no_accents(void **state)
{
	char *both = pd_name_normalise("Catherine Debrunner");
	char *bare = pd_name_normalise("zubkovska");
	char *wrong = pd_name_normalise("Chantal Debrunner");

	(void)state;
	assert_true(pd_name_contains("DEBRUNNER Catherine", both));
	assert_true(pd_name_contains("Catherine DEBRUNNER", both));
	assert_true(pd_name_contains("Oksana Zubkovská", bare));
	assert_false(pd_name_contains("DEBRUNNER Catherine", wrong));
	assert_true(pd_name_contains("蒋裕燕", "蒋裕燕"));
	free(both);
	free(bare);
	free(wrong);
}

static void test_share__rounds_half_up_in_tenths(void **state)
{
	(void)state;
	assert_int_equal(pd_share_tenths(1983, 4463), 444);
	assert_int_equal(pd_share_tenths(1, 8), 125);	/* 12.5% */
	assert_int_equal(pd_share_tenths(1, 3), 333);
	assert_int_equal(pd_share_tenths(2, 3), 667);
	assert_int_equal(pd_share_tenths(5, 5), 1000);
	assert_int_equal(pd_share_tenths(3, 0), 0);
}

struct seen {
	struct pd_credit c[8];
	char names[8][32];
	size_t n;
};

static int record(const struct pd_credit *c, const struct pd_medal_out *m,
		  void *arg)
{
	struct seen *s = arg;

	(void)m;
	s->c[s->n] = *c;
	strcpy(s->names[s->n], c->name);
	s->c[s->n].name = s->names[s->n];
	s->n++;
	return 0;
}

static struct pd_medal_out medal(long event, const char *npc,
				 const char *name, long athlete, long team,
				 enum pd_medal m)
{
	struct pd_medal_out o;

	memset(&o, 0, sizeof(o));
	o.event_id = event;
	o.sport = "Athletics";
	o.event = "4x100m";
	o.npc = npc;
	o.name = name;
	o.athlete_id = athlete;
	o.team_id = team;
	o.medal = m;
	return o;
}

static void test_credit__team_medal_goes_to_each_member(void **state)
{
	struct pd_member v[] = {
		{ 3, 30, "Ann", "CAN" }, { 7, 70, "Bea", "USA" },
		{ 7, 71, "Cat", "USA" }, { 9, 90, "Dee", "GBR" },
	};
	struct pd_medal_out m = medal(5, "USA", "United States", 0, 7,
				      PD_GOLD);
	struct seen s = { .n = 0 };

	(void)state;
	assert_int_equal(pd_credit_medal(&m, v, 4, 0, record, &s), 0);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.c[0].athlete_id, 70);
	assert_string_equal(s.c[1].name, "Cat");
	assert_int_equal(s.c[1].team_id, 0);
	assert_int_equal(s.c[1].medal, PD_GOLD);
}

static void test_credit__team_without_members_is_the_team(void **state)
{
	struct pd_member v[] = { { 3, 30, "Ann", "CAN" } };
	struct pd_medal_out m = medal(5, "USA", "USA relay", 0, 8, PD_SILVER);
	struct pd_medal_out named = medal(6, "CHN", "China", 0, 0, PD_GOLD);
	struct pd_medal_out one = medal(6, "CHN", "LI Na", 12, 0, PD_GOLD);
	struct seen s = { .n = 0 };

	(void)state;
	assert_int_equal(pd_credit_medal(&m, v, 1, 0, record, &s), 0);
	assert_int_equal(pd_credit_medal(&named, v, 1, 1, record, &s), 0);
	assert_int_equal(pd_credit_medal(&one, NULL, 0, 0, record, &s), 0);
	assert_int_equal(s.n, 3);
	assert_int_equal(s.c[0].team_id, 8);
	assert_int_equal(s.c[0].athlete_id, 0);
	/* a team named after its NPC is that event's team */
	assert_int_equal(s.c[1].scope, 6);
	assert_string_equal(s.c[1].event, "4x100m");
	assert_null(s.c[2].event);
	assert_int_equal(s.c[2].athlete_id, 12);
	assert_int_equal(s.c[2].scope, 0);
}

static void credit(struct pd_medallists *m, long athlete, const char *name,
		   const char *npc, long scope, enum pd_medal medal_)
{
	struct pd_credit c = { athlete, 0, scope, name, npc, NULL, medal_ };

	assert_int_equal(pd_medallists_credit(m, &c), 0);
}

static void test_medallists__gold_first_then_name(void **state)
{
	struct pd_medallists m;

	(void)state;
	pd_medallists_init(&m);
	/* Zed: 1 gold 2 silver; Amy: 1 gold 2 silver; Bob: 2 gold */
	credit(&m, 0, "Zed", "FRA", 0, PD_SILVER);
	credit(&m, 0, "Bob", "ITA", 0, PD_GOLD);
	credit(&m, 0, "Zed", "FRA", 0, PD_GOLD);
	credit(&m, 0, "Amy", "GBR", 0, PD_SILVER);
	credit(&m, 0, "Amy", "GBR", 0, PD_GOLD);
	credit(&m, 0, "Zed", "FRA", 0, PD_SILVER);
	credit(&m, 0, "Amy", "GBR", 0, PD_SILVER);
	credit(&m, 0, "Bob", "ITA", 0, PD_GOLD);
	credit(&m, 0, "Cy", "GER", 0, PD_BRONZE);
	pd_medallists_rank(&m);
	assert_int_equal(m.n, 4);
	assert_string_equal(m.v[0].name, "Bob");
	assert_int_equal(m.v[0].rank, 1);
	assert_int_equal(m.v[0].medals[PD_GOLD], 2);
	assert_string_equal(m.v[1].name, "Amy");
	assert_string_equal(m.v[2].name, "Zed");
	assert_int_equal(m.v[1].rank, 2);
	assert_int_equal(m.v[2].rank, 2);	/* tie shares the rank */
	assert_int_equal(m.v[2].total, 3);
	assert_int_equal(m.v[3].rank, 4);	/* and the next is skipped */
	assert_int_equal(pd_medallists_top(&m, 1), 1);
	assert_int_equal(pd_medallists_top(&m, 2), 3);
	assert_int_equal(pd_medallists_top(&m, 3), 3);
	assert_int_equal(pd_medallists_top(&m, 0), 4);
	pd_medallists_release(&m);
}

static void test_medallists__keys_keep_competitors_apart(void **state)
{
	struct pd_medallists m;

	(void)state;
	pd_medallists_init(&m);
	/* two athletes of one name and NPC, known by id: two rows */
	credit(&m, 41, "Li Wei", "CHN", 0, PD_GOLD);
	credit(&m, 42, "Li Wei", "CHN", 0, PD_GOLD);
	credit(&m, 41, "Li Wei", "CHN", 0, PD_GOLD);
	/* one name, two NPCs: two rows */
	credit(&m, 0, "Kim", "KOR", 0, PD_BRONZE);
	credit(&m, 0, "Kim", "PRK", 0, PD_BRONZE);
	/* teams named after their NPC in two events: two rows */
	credit(&m, 0, "China", "CHN", 7, PD_SILVER);
	credit(&m, 0, "China", "CHN", 9, PD_SILVER);
	pd_medallists_rank(&m);
	assert_int_equal(m.n, 6);
	assert_int_equal(m.v[0].athlete_id, 41);
	assert_int_equal(m.v[0].medals[PD_GOLD], 2);
	assert_int_equal(m.v[1].athlete_id, 42);
	assert_int_equal(m.v[2].total, 1);
	assert_string_equal(m.v[2].name, "China");
	assert_string_equal(m.v[4].npc, "KOR");
	assert_string_equal(m.v[5].npc, "PRK");
	assert_int_equal(m.v[5].rank, 5);
	pd_medallists_release(&m);
}

static void test_stats__tally_counts_npcs_with_medal_and_gold(void **state)
{
	struct pd_games_stats st;
	struct pd_tally t;

	(void)state;
	memset(&st, 0, sizeof(st));
	pd_tally_init(&t);
	assert_int_equal(pd_tally_add(&t, "CHN", PD_GOLD, 3), 0);
	assert_int_equal(pd_tally_add(&t, "GBR", PD_BRONZE, 2), 0);
	assert_int_equal(pd_tally_add(&t, "USA", PD_SILVER, 1), 0);
	assert_int_equal(pd_tally_add(&t, "USA", PD_GOLD, 1), 0);
	assert_non_null(pd_tally_row(&t, "FRA"));	/* no medal */
	pd_games_stats_tally(&st, &t);
	assert_int_equal(st.npcs_medal, 3);
	assert_int_equal(st.npcs_gold, 2);
	assert_int_equal(st.medals[PD_GOLD], 4);
	assert_int_equal(st.medals[PD_SILVER], 1);
	assert_int_equal(st.medals[PD_BRONZE], 2);
	pd_tally_release(&t);
	pd_games_stats_release(&st);
}

/* One person across sources: the same words of a name in any order,
 * case, width or accents; never across NPCs, two known genders that
 * differ, or two ids of one source (two people of one name). */
static struct pd_athlete person(const char *name, const char *npc,
				const char *gender, const char *ext)
{
	struct pd_athlete a;

	memset(&a, 0, sizeof(a));
	a.name = name;
	a.gender = gender;
	a.ext = ext;
	snprintf(a.npc, sizeof(a.npc), "%s", npc);
	return a;
}

static void test_athlete_same__a_person_across_sources(void **state)
{
	struct pd_athlete a = person("CHILES Jordan", "USA", "W", NULL);
	struct pd_athlete b = person("Jordan Chiles", "USA", "", NULL);
	struct pd_athlete c = person("Chiles, Jordan", "USA", "W",
				     "kaggle:7");
	struct pd_athlete d = person("JORDAN CHILES", "USA", "W",
				     "kaggle:8");
	struct pd_athlete e = person("Zubkovsk\xc3\xa1 Jana", "CZE", "W",
				     NULL);
	struct pd_athlete e2 = person("jana ZUBKOVSKA", "CZE", "W",
				      "odf:1");

	(void)state;
	assert_true(pd_athlete_same(&a, &b));
	assert_true(pd_athlete_same(&a, &c));
	assert_true(pd_athlete_same(&e, &e2));
	/* two ids of one source: two people */
	assert_false(pd_athlete_same(&c, &d));
	/* another NPC, another gender, a word more or less */
	b = person("Jordan Chiles", "ROU", "W", NULL);
	assert_false(pd_athlete_same(&a, &b));
	b = person("Jordan Chiles", "USA", "M", NULL);
	assert_false(pd_athlete_same(&a, &b));
	b = person("Jordan Chiles Smith", "USA", "W", NULL);
	assert_false(pd_athlete_same(&a, &b));
	b = person("Jordan", "USA", "W", NULL);
	assert_false(pd_athlete_same(&a, &b));
	b = person("", "USA", "W", NULL);
	assert_false(pd_athlete_same(&b, &b));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts__add_sort_sum),
		cmocka_unit_test(test_counts__records_split_on_separators),
		cmocka_unit_test(test_games_code__upper_cases_and_bounds),
		cmocka_unit_test(test_name_contains__any_case_and_width),
		cmocka_unit_test(test_name_contains__either_order_and_no_accents),
		cmocka_unit_test(test_share__rounds_half_up_in_tenths),
		cmocka_unit_test(test_credit__team_medal_goes_to_each_member),
		cmocka_unit_test(test_credit__team_without_members_is_the_team),
		cmocka_unit_test(test_medallists__gold_first_then_name),
		cmocka_unit_test(test_medallists__keys_keep_competitors_apart),
		cmocka_unit_test(test_stats__tally_counts_npcs_with_medal_and_gold),
		cmocka_unit_test(test_athlete_same__a_person_across_sources),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
