/* test_mixed.c -- mixed and open events in a medals CSV whose gender
 * column may be the athletes': one event where the catalogue says so, at
 * the years it says, and never where the column is the event's or the
 * rows are a men's and a women's event of one name. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "podium/catalogue.h"
#include "podium/io.h"

static const char registry_tsv[] =
	"FRA\tcurrent\tFrance\t法国\t\n"
	"GBR\tcurrent\tGreat Britain\t英国\t\n"
	"GDR\thistoric\tEast Germany\t民主德国\t\n"
	"ITA\tcurrent\tItaly\t意大利\t\n"
	"JPN\tcurrent\tJapan\t日本\t\n"
	"KOR\tcurrent\tRepublic of Korea\t韩国\t\n"
	"URS\thistoric\tSoviet Union\t苏联\t\n"
	"USA\tcurrent\tUnited States\t美国\t\n";

static const char catalogue_tsv[] =
	"*\tTeams\t-\tteam\t-\t-\n"
	"*\tPairs\t-\tteam\t2\t-\n"
	"*\tOpen\tO\t-\t-\t-\n"
	"Figure skating\tPairs\tX\t-\t-\t-\n"
	"Sailing\t*\tO\t-\t-\t-1984\n";

struct fixture {
	struct pd_registry reg;
	struct pd_catalogue cat;
	struct pd_csv_opts opts;
	struct pd_diag d;
	struct pd_medal_set set;
};

static int setup(void **state)
{
	static struct fixture f;

	memset(&f, 0, sizeof(f));
	if (pd_registry_parse(&f.reg, registry_tsv, strlen(registry_tsv),
			      "reg.tsv", NULL) ||
	    pd_catalogue_parse(&f.cat, catalogue_tsv, strlen(catalogue_tsv),
			       "e.tsv", NULL))
		return -1;
	f.opts.teams = PD_TEAMS_INFER;
	f.opts.events = &f.cat;
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	pd_medal_set_release(&f->set);
	pd_catalogue_release(&f->cat);
	pd_registry_release(&f->reg);
	return 0;
}

static void medals(struct fixture *f, const char *csv, int year)
{
	memset(&f->d, 0, sizeof(f->d));
	pd_medal_set_release(&f->set);
	f->opts.year = year;
	if (pd_medals_csv_parse(&f->set, csv, strlen(csv), "m.csv", &f->reg,
				&f->opts, &f->d))
		fail_msg("%s:%ld: %s", f->d.file, f->d.line, f->d.msg);
}

static const char pairs[] =
	"sport,event,gender,athlete,npc,medal\n"
	"Figure skating,Pairs,Men,Zaitsev,URS,Gold\n"
	"Figure skating,Pairs,Women,Rodnina,URS,Gold\n"
	"Figure skating,Pairs,Men,Oesterreich,GDR,Silver\n"
	"Figure skating,Pairs,Women,Kermer,GDR,Silver\n"
	"Figure skating,Pairs,Men,Kagelmann,GDR,Bronze\n"
	"Figure skating,Pairs,Women,Gross,GDR,Bronze\n";

static void test_mixed__pairs_are_one_event(void **state)
{
	struct fixture *f = *state;
	size_t i;

	medals(f, pairs, 1976);
	assert_int_equal(f->set.n, 3);
	for (i = 0; i < f->set.n; i++)
		assert_string_equal(f->set.v[i].gender, "X");
	assert_int_equal(f->set.mixed_events, 1);
	assert_int_equal(f->set.team_events, 1);
}

static void test_mixed__event_gender_column_is_taken_as_it_is(void **state)
{
	struct fixture *f = *state;
	char csv[sizeof(pairs) + 8];

	/* named so: --map event_gender=COLUMN, or its header */
	f->opts.event_gender = 1;
	medals(f, pairs, 1976);
	f->opts.event_gender = 0;
	assert_int_equal(f->set.n, 6);
	assert_int_equal(f->set.mixed_events, 0);
	memcpy(csv, "sport,event,team_gender", 23);
	memcpy(csv + 23, pairs + 18, sizeof(pairs) - 18);
	medals(f, csv, 1976);
	assert_int_equal(f->set.n, 6);
	assert_string_equal(f->set.v[0].gender, "Men");
	/* a column that holds an event's gender somewhere is the event's */
	medals(f, "sport,event,gender,athlete,npc,medal\n"
		  "Figure skating,Pairs,Men,Zaitsev,URS,Gold\n"
		  "Figure skating,Pairs,Women,Rodnina,URS,Gold\n"
		  "Figure skating,Ice Dance,X,Pakhomova,URS,Gold\n"
		  "Figure skating,Ice Dance,X,Gorshkov,URS,Gold\n", 1976);
	assert_int_equal(f->set.n, 3);
	/* and without --teams infer nothing is merged by the catalogue */
	f->opts.teams = PD_TEAMS_FILE;
	medals(f, pairs, 1976);
	f->opts.teams = PD_TEAMS_INFER;
	assert_int_equal(f->set.n, 6);
}

static void test_mixed__years_bound_an_open_class(void **state)
{
	struct fixture *f = *state;
	static const char crews[] =
		"sport,event,gender,athlete,npc,medal\n"
		"Sailing,Star,Men,A,USA,Gold\n"
		"Sailing,Star,Women,B,USA,Gold\n"
		"Sailing,Star,Men,C,ITA,Silver\n"
		"Sailing,Star,Men,D,ITA,Silver\n";

	medals(f, crews, 1952);
	assert_int_equal(f->set.n, 2);
	assert_int_equal(f->set.open_events, 1);
	/* not open in 2004: the file's genders stand, and the men's part,
	 * with a gold of one row, is taken for an individual event */
	medals(f, crews, 2004);
	assert_int_equal(f->set.open_events, 0);
	assert_int_equal(f->set.n, 4);
	/* a year unknown: only rules of every year hold */
	medals(f, crews, 0);
	assert_int_equal(f->set.open_events, 0);
}

static void test_mixed__two_whole_podiums_that_differ_stay_two(void **state)
{
	struct fixture *f = *state;

	/* Sydney 2000's Paralympic archery: the men's and the women's
	 * "Teams Open", Italy gold in both */
	medals(f, "sport,event,gender,athlete,npc,medal\n"
		  "Archery,Teams Open,Men,A,ITA,Gold\n"
		  "Archery,Teams Open,Men,B,ITA,Gold\n"
		  "Archery,Teams Open,Men,C,FRA,Silver\n"
		  "Archery,Teams Open,Men,D,FRA,Silver\n"
		  "Archery,Teams Open,Men,E,KOR,Bronze\n"
		  "Archery,Teams Open,Men,F,KOR,Bronze\n"
		  "Archery,Teams Open,Women,G,ITA,Gold\n"
		  "Archery,Teams Open,Women,H,ITA,Gold\n"
		  "Archery,Teams Open,Women,I,GBR,Silver\n"
		  "Archery,Teams Open,Women,J,GBR,Silver\n"
		  "Archery,Teams Open,Women,K,JPN,Bronze\n"
		  "Archery,Teams Open,Women,L,JPN,Bronze\n", 2000);
	assert_int_equal(f->set.n, 6);
	assert_int_equal(f->set.open_events, 0);
	assert_int_equal(f->set.team_events, 2);
}

static void test_mixed__a_name_that_says_men_is_men(void **state)
{
	struct fixture *f = *state;

	medals(f, "sport,event,gender,athlete,npc,medal\n"
		  "Judo,Men's Open,Men,A,JPN,Gold\n"
		  "Judo,Men's Open,Men,B,FRA,Silver\n", 1984);
	assert_int_equal(f->set.open_events, 0);
	assert_string_equal(f->set.v[0].gender, "Men");
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_mixed__pairs_are_one_event),
		T(test_mixed__event_gender_column_is_taken_as_it_is),
		T(test_mixed__years_bound_an_open_class),
		T(test_mixed__two_whole_podiums_that_differ_stay_two),
		T(test_mixed__a_name_that_says_men_is_men),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
