/* test_catalogue.c -- the events catalogue: rules in order, sport and
 * phrase matching, the bundled file, and its errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "podium/catalogue.h"
#include "podium/io.h"

static const char text[] =
	"# test\n"
	"*\tDoubles\t-\tteam\t2\t-\tIOC\n"
	"*\tTeam\t-\tteam\t-\n"
	"*\tIndividual\t-\tindividual\t-\n"
	"Basketball\t*\t-\tteam\t-\n"
	"Sailing\tTwo Person\tX\tteam\t2\n"
	"Judo\tOpen\t-\t-\t-\t-\tthe open category: men's or women's\n"
	"*\tOpen\tO\t-\t-\n"
	"Figure skating\tPairs\tX\t-\t-\t-\n"
	"Sailing\t*\tO\t-\t-\t-1984\tIOC\n"
	"Sailing\tTornado\tO\t-\t-\t1988-2008\n"
	"Equestrian\t*\tO\t-\t-\t1952-\n";

static void test_catalogue__first_rule_that_matches_decides(void **state)
{
	struct pd_catalogue c;
	const struct pd_event_rule *r;
	struct pd_diag d;

	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_catalogue_parse(&c, text, strlen(text), "e.tsv",
					    &d), 0);
	assert_int_equal(c.n, 11);
	r = pd_catalogue_find(&c, "Table Tennis", "Table Tennis Men's Doubles");
	assert_non_null(r);
	assert_int_equal(r->team, 1);
	assert_int_equal(r->size, 2);
	r = pd_catalogue_find(&c, "Para Archery", "Men's Individual Compound");
	assert_non_null(r);
	assert_int_equal(r->team, 0);
	r = pd_catalogue_find(&c, "BASKETBALL", "Basketball Men's Basketball");
	assert_non_null(r);
	assert_int_equal(r->team, 1);
	r = pd_catalogue_find(&c, "Sailing", "Sailing Mixed Two Person Dinghy");
	assert_non_null(r);
	assert_string_equal(r->gender, "X");
	/* whole words: "Teamsters" is no "Team" */
	assert_null(pd_catalogue_find(&c, "Athletics", "Teamsters 100m"));
	assert_null(pd_catalogue_find(&c, "Athletics", "Men's 100m"));
	pd_catalogue_release(&c);
}

static void test_catalogue__gender_rules_by_name_sport_and_year(void **state)
{
	struct pd_catalogue c;
	const struct pd_event_rule *r;
	struct pd_diag d;

	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_catalogue_parse(&c, text, strlen(text), "e.tsv",
					    &d), 0);
	/* a rule of no kind is no answer to team or individual */
	assert_null(pd_catalogue_find(&c, "Figure Skating", "Pairs 2"));
	assert_string_equal(pd_catalogue_gender(&c, "figure skating", "Pairs",
						2014)->gender, "X");
	/* rowing's pairs are not figure skating's */
	assert_null(pd_catalogue_gender(&c, "Rowing", "Coxless Pairs", 2014));
	/* an exception first: judo's open category is no open event */
	r = pd_catalogue_gender(&c, "Judo", "Open Category", 1984);
	assert_non_null(r);
	assert_string_equal(r->gender, "");
	assert_string_equal(pd_catalogue_gender(&c, "Sailing", "Mixed Open",
						1900)->gender, "O");
	/* the years: sailing open to 1984, the Tornado to 2008 */
	assert_non_null(pd_catalogue_gender(&c, "Sailing", "Star", 1984));
	assert_null(pd_catalogue_gender(&c, "Sailing", "Star", 1988));
	assert_non_null(pd_catalogue_gender(&c, "Sailing", "Tornado", 2008));
	assert_null(pd_catalogue_gender(&c, "Sailing", "Tornado", 2012));
	assert_null(pd_catalogue_gender(&c, "Equestrian", "Team", 1948));
	assert_non_null(pd_catalogue_gender(&c, "Para Equestrian", "Team",
					    2024));
	/* a year unknown: only the rules of every year hold */
	assert_null(pd_catalogue_gender(&c, "Equestrian", "Team", 0));
	/* a rule of a kind that fixes no gender says nothing of it */
	assert_null(pd_catalogue_gender(&c, "Tennis", "Doubles", 2012));
	pd_catalogue_release(&c);
}

static void test_catalogue__errors_name_their_line(void **state)
{
	static const char bad_kind[] = "*\tRelay\t-\tsquad\t4\n";
	static const char bad_size[] = "# x\n*\tRelay\t-\tteam\tfour\n";
	static const char bad_years[] = "*\tRelay\t-\tteam\t4\t1990-1980\n";
	struct pd_catalogue c;
	struct pd_diag d;

	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_catalogue_parse(&c, bad_kind, strlen(bad_kind),
					    "e.tsv", &d), PD_EPARSE);
	assert_int_equal(d.line, 1);
	assert_int_equal(c.n, 0);
	assert_int_equal(pd_catalogue_parse(&c, bad_size, strlen(bad_size),
					    "e.tsv", &d), PD_EPARSE);
	assert_int_equal(d.line, 2);
	assert_int_equal(pd_catalogue_parse(&c, bad_years, strlen(bad_years),
					    "e.tsv", &d), PD_EPARSE);
	assert_string_equal(d.msg, "years '1990-1980': expected YYYY, YYYY-, "
			    "-YYYY, YYYY-YYYY or -");
}

static void test_catalogue__bundled_file_reads(void **state)
{
	struct pd_catalogue c;
	struct pd_diag d;
	char *data;
	size_t len;
	int ret;

	if (pd_file_read("data/events.tsv", &data, &len, NULL) < 0) {
		print_message("data/events.tsv not found: skipped\n");
		skip();
		return;
	}
	memset(&d, 0, sizeof(d));
	ret = pd_catalogue_parse(&c, data, len, "data/events.tsv", &d);
	free(data);
	if (ret)
		fail_msg("%s:%ld: %s", d.file, d.line, d.msg);
	assert_true(c.n > 10);
	assert_int_equal(pd_catalogue_find(&c, "Table Tennis",
					   "Table Tennis Women's Doubles")->size,
			 2);
	assert_int_equal(pd_catalogue_find(&c, "Swimming",
					   "Swimming Men's 4 x 100 metres "
					   "Freestyle Relay")->team, 1);
	assert_null(pd_catalogue_find(&c, "Swimming",
				      "Swimming Men's 100 metres Freestyle"));
	assert_string_equal(pd_catalogue_gender(&c, "Figure skating",
						"Ice Dancing", 1976)->gender,
			    "X");
	assert_string_equal(pd_catalogue_gender(&c, "Dressage", "Team",
						2012)->gender, "O");
	assert_string_equal(pd_catalogue_gender(&c, "Badminton",
						"Mixed Doubles", 2012)->gender,
			    "X");
	assert_string_equal(pd_catalogue_gender(&c, "Judo", "Open Category",
						1984)->gender, "");
	assert_null(pd_catalogue_gender(&c, "Tennis", "Doubles", 2012));
	assert_null(pd_catalogue_gender(&c, "Rowing", "Coxless Pairs", 2012));
	pd_catalogue_release(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_catalogue__first_rule_that_matches_decides),
		cmocka_unit_test(test_catalogue__gender_rules_by_name_sport_and_year),
		cmocka_unit_test(test_catalogue__errors_name_their_line),
		cmocka_unit_test(test_catalogue__bundled_file_reads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
