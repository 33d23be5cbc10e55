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
	"*\tDoubles\t-\tteam\t2\tIOC\n"
	"*\tTeam\t-\tteam\t-\n"
	"*\tIndividual\t-\tindividual\t-\n"
	"Basketball\t*\t-\tteam\t-\n"
	"Sailing\tTwo Person\tX\tteam\t2\n";

static void test_catalogue__first_rule_that_matches_decides(void **state)
{
	struct pd_catalogue c;
	const struct pd_event_rule *r;
	struct pd_diag d;

	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_catalogue_parse(&c, text, strlen(text), "e.tsv",
					    &d), 0);
	assert_int_equal(c.n, 5);
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

static void test_catalogue__errors_name_their_line(void **state)
{
	static const char bad_kind[] = "*\tRelay\t-\tsquad\t4\n";
	static const char bad_size[] = "# x\n*\tRelay\t-\tteam\tfour\n";
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
	pd_catalogue_release(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_catalogue__first_rule_that_matches_decides),
		cmocka_unit_test(test_catalogue__errors_name_their_line),
		cmocka_unit_test(test_catalogue__bundled_file_reads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
