/* test_import_csv.c -- the medals CSV and standings CSV importers. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "podium/buf.h"
#include "podium/io.h"

static const char registry_tsv[] =
	"CHN\tcurrent\tChina\t中国\tPeople's Republic of China\n"
	"GBR\tcurrent\tGreat Britain\t英国\tUnited Kingdom\n"
	"IND\tcurrent\tIndia\t印度\t\n"
	"JPN\tcurrent\tJapan\t日本\t\n";

struct fixture {
	struct pd_registry reg;
	struct pd_csv_opts opts;
	struct pd_diag d;
	struct pd_medal_set set;
	struct pd_published pub;
};

static int setup(void **state)
{
	static struct fixture f;

	memset(&f, 0, sizeof(f));
	if (pd_registry_parse(&f.reg, registry_tsv, strlen(registry_tsv),
			      "reg.tsv", NULL))
		return -1;
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	pd_medal_set_release(&f->set);
	pd_published_release(&f->pub);
	pd_registry_release(&f->reg);
	return 0;
}

static int medals(struct fixture *f, const char *csv)
{
	memset(&f->d, 0, sizeof(f->d));
	return pd_medals_csv_parse(&f->set, csv, strlen(csv), "m.csv", &f->reg,
				   &f->opts, &f->d);
}

static int standings(struct fixture *f, const char *csv)
{
	memset(&f->d, 0, sizeof(f->d));
	return pd_standings_csv_parse(&f->pub, csv, strlen(csv), "s.csv",
				      &f->reg, &f->opts, &f->d);
}

static void assert_rec(const struct pd_medal_rec *r, enum pd_medal medal,
		       const char *npc, const char *sport, const char *event)
{
	assert_int_equal(r->medal, medal);
	assert_string_equal(r->npc, npc);
	assert_string_equal(r->sport, sport);
	assert_string_equal(r->event, event);
}

static void assert_diag(const struct fixture *f, const char *file, long line,
			const char *phrase)
{
	assert_string_equal(f->d.file, file);
	assert_int_equal(f->d.line, line);
	if (!strstr(f->d.msg, phrase))
		fail_msg("message '%s' lacks '%s'", f->d.msg, phrase);
}

static void test_import_csv__guesses_columns_by_header(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(medals(f,
		"medal_type,country_code,discipline,event,athlete_name,"
		"gender,medal_date\n"
		"Gold,CHN,Swimming,100m Freestyle S5,Li,W,2004-09-20\n"
		"Silver,GBR,Athletics,Marathon T12,Smith,M,2004-09-26\n"
		"Bronze,China,Swimming,100m Freestyle S5,Wang,W,NA\n"), 0);
	assert_int_equal(f->set.n, 3);
	assert_int_equal(f->set.rows, 3);
	assert_int_equal(f->set.merged, 0);
	assert_rec(&f->set.v[0], PD_GOLD, "CHN", "Swimming",
		   "100m Freestyle S5");
	assert_string_equal(f->set.v[0].athlete, "Li");
	assert_string_equal(f->set.v[0].gender, "W");
	assert_string_equal(f->set.v[0].date, "2004-09-20");
	assert_rec(&f->set.v[1], PD_SILVER, "GBR", "Athletics",
		   "Marathon T12");
	assert_rec(&f->set.v[2], PD_BRONZE, "CHN", "Swimming",
		   "100m Freestyle S5");
	/* NA reads as empty */
	assert_string_equal(f->set.v[2].date, "");
}

static void test_import_csv__map_overrides_guess(void **state)
{
	static const char csv[] =
		"Medal,Country,Nation,Sport\n"
		"Gold,Asia,Japan,Judo\n"
		"Silver,Europe,Great Britain,Judo\n";
	struct fixture *f = *state;

	/* guessing takes 'Country' (continents here) before 'Nation' */
	assert_int_equal(medals(f, csv), PD_ENOTFOUND);
	assert_diag(f, "m.csv", 2, "unknown NPC 'Asia'");
	f->opts.map[PD_F_NPC] = "Nation";
	assert_int_equal(medals(f, csv), 0);
	assert_int_equal(f->set.n, 2);
	assert_rec(&f->set.v[0], PD_GOLD, "JPN", "Judo", "");
	assert_rec(&f->set.v[1], PD_SILVER, "GBR", "Judo", "");
}

static void test_import_csv__map_to_missing_column_fails(void **state)
{
	struct fixture *f = *state;

	f->opts.map[PD_F_NPC] = "Land";
	assert_int_equal(medals(f, "medal,npc\nGold,CHN\n"), PD_EPARSE);
	assert_diag(f, "m.csv", 1, "--map npc=Land: no column 'Land' in the "
		    "header");
	assert_int_equal(f->set.n, 0);
	assert_null(f->set.v);
}

static void test_import_csv__missing_medal_column_fails(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(medals(f, "\n\nnoc,what\nCHN,Gold\n"), PD_EPARSE);
	assert_diag(f, "m.csv", 3, "no medal column in the header: name it "
		    "with --map medal=COLUMN");
	assert_int_equal(medals(f, "medal,who\nGold,CHN\n"), PD_EPARSE);
	assert_diag(f, "m.csv", 1, "no NPC column");
}

static const char by_year[] =
	"Year,Medal,NOC\n"
	"2000,Gold,CHN\n"
	"2004,Gold,GBR\n"
	"2004,Bronze,IND\n"
	"2008,Silver,JPN\n";

static void test_import_csv__where_keeps_matching_rows(void **state)
{
	struct fixture *f = *state;
	char text[] = "year=2004";

	assert_int_equal(pd_where_parse(&f->opts.where[0], text, NULL), 0);
	f->opts.nwhere = 1;
	assert_int_equal(medals(f, by_year), 0);
	assert_int_equal(f->set.n, 2);
	assert_int_equal(f->set.rows, 2);
	assert_rec(&f->set.v[0], PD_GOLD, "GBR", "", "");
	assert_rec(&f->set.v[1], PD_BRONZE, "IND", "", "");
}

static void test_import_csv__where_not_equal_drops_rows(void **state)
{
	struct fixture *f = *state;
	char text[] = "Year!=2004";

	assert_int_equal(pd_where_parse(&f->opts.where[0], text, NULL), 0);
	assert_string_equal(f->opts.where[0].column, "Year");
	assert_string_equal(f->opts.where[0].value, "2004");
	assert_int_equal(f->opts.where[0].negate, 1);
	f->opts.nwhere = 1;
	assert_int_equal(medals(f, by_year), 0);
	assert_int_equal(f->set.n, 2);
	assert_rec(&f->set.v[0], PD_GOLD, "CHN", "", "");
	assert_rec(&f->set.v[1], PD_SILVER, "JPN", "", "");
}

static void test_import_csv__where_matching_nothing_fails(void **state)
{
	struct fixture *f = *state;

	f->opts.where[0] = (struct pd_where){ "Year", "1896", 0 };
	f->opts.nwhere = 1;
	assert_int_equal(medals(f, by_year), PD_EPARSE);
	assert_diag(f, "m.csv", 6, "no medal rows match --where");
	f->opts.where[0] = (struct pd_where){ "Season", "Summer", 0 };
	assert_int_equal(medals(f, by_year), PD_EPARSE);
	assert_diag(f, "m.csv", 1, "--where: no column 'Season'");
}

static void test_import_csv__where_text_needs_column_and_equals(void **state)
{
	struct pd_where w;
	struct pd_diag d;
	char none[] = "Year", empty_col[] = "=2004", bang[] = "!=x";
	char empty_val[] = "Team=";

	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_where_parse(&w, none, &d), PD_EINVAL);
	assert_non_null(strstr(d.msg, "expected COLUMN=VALUE"));
	assert_int_equal(pd_where_parse(&w, empty_col, NULL), PD_EINVAL);
	assert_int_equal(pd_where_parse(&w, bang, NULL), PD_EINVAL);
	assert_int_equal(pd_where_parse(&w, empty_val, NULL), 0);
	assert_string_equal(w.column, "Team");
	assert_string_equal(w.value, "");
	assert_int_equal(w.negate, 0);
}

static void test_import_csv__team_members_merge_to_one_medal(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(medals(f,
		"medal,npc,sport,event,gender,athlete,grp_id\n"
		"Gold,CHN,Volleyball,Sitting,W,A1,T1\n"
		"Gold,CHN,Volleyball,Sitting,W,A2,T1\n"
		"Bronze,GBR,Judo,-60 kg,M,B1,\n"
		"Gold,CHN,Volleyball,Sitting,W,A3,T1\n"
		"Bronze,GBR,Judo,-60 kg,M,B2,\n"
		"Silver,CHN,Volleyball,Sitting,M,A4,T2\n"), 0);
	assert_int_equal(f->set.rows, 6);
	assert_int_equal(f->set.merged, 2);
	assert_int_equal(f->set.n, 4);
	/* the first member's row stands for the team, in file order */
	assert_rec(&f->set.v[0], PD_GOLD, "CHN", "Volleyball", "Sitting");
	assert_string_equal(f->set.v[0].athlete, "A1");
	/* two individual bronzes in one event are both kept */
	assert_rec(&f->set.v[1], PD_BRONZE, "GBR", "Judo", "-60 kg");
	assert_string_equal(f->set.v[1].athlete, "B1");
	assert_rec(&f->set.v[2], PD_BRONZE, "GBR", "Judo", "-60 kg");
	assert_string_equal(f->set.v[2].athlete, "B2");
	assert_rec(&f->set.v[3], PD_SILVER, "CHN", "Volleyball", "Sitting");
	assert_string_equal(f->set.v[3].gender, "M");
}

static void test_import_csv__medal_value_variants(void **state)
{
	static const struct {
		const char *text;
		enum pd_medal medal;
	} want[] = {
		{ "Gold Medal", PD_GOLD }, { "G", PD_GOLD },
		{ "金牌", PD_GOLD }, { "gold", PD_GOLD }, { "1", PD_GOLD },
		{ "SILVER MEDAL", PD_SILVER }, { "s", PD_SILVER },
		{ "银牌", PD_SILVER }, { "2", PD_SILVER },
		{ "Bronze", PD_BRONZE }, { "B", PD_BRONZE },
		{ "铜牌", PD_BRONZE }, { "3", PD_BRONZE },
	};
	struct fixture *f = *state;
	struct pd_buf csv;
	size_t i, n = sizeof(want) / sizeof(want[0]);

	pd_buf_init(&csv, 0);
	assert_int_equal(pd_buf_adds(&csv, "medal,npc\n"), 0);
	for (i = 0; i < n; i++)
		assert_int_equal(pd_buf_addf(&csv, "%s,IND\n", want[i].text),
				 0);
	assert_int_equal(medals(f, csv.data), 0);
	pd_buf_release(&csv);
	assert_int_equal(f->set.n, n);
	for (i = 0; i < n; i++)
		if (f->set.v[i].medal != want[i].medal)
			fail_msg("'%s' read as %d", want[i].text,
				 (int)f->set.v[i].medal);
}

static void test_import_csv__unknown_npc_names_line(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(medals(f, "medal,noc\nGold,CHN\nGold,Japn\n"),
			 PD_ENOTFOUND);
	assert_diag(f, "m.csv", 3, "unknown NPC 'Japn'; did you mean 'Japan' "
		    "(JPN)?");
	assert_int_equal(f->set.n, 0);
	assert_null(f->set.v);
	assert_null(f->set.pool);
}

static void test_import_csv__bad_medal_value_names_line(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(medals(f, "medal,noc\nGold,CHN\n\"multi\nline\","
				   "x\nPlatinum,CHN\n"), PD_EPARSE);
	assert_diag(f, "m.csv", 3, "'multi\nline' is not a medal");
	assert_int_equal(medals(f, "medal,noc\nGold,CHN\nPlatinum,CHN\n"),
			 PD_EPARSE);
	assert_diag(f, "m.csv", 3, "'Platinum' is not a medal: expected "
		    "Gold, Silver or Bronze");
	assert_int_equal(medals(f, "medal,noc\n,CHN\n"), PD_EPARSE);
	assert_diag(f, "m.csv", 2, "'' is not a medal");
}

static void test_import_csv__empty_medals_file_fails(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(medals(f, ""), PD_EPARSE);
	assert_diag(f, "m.csv", 1, "empty file");
	assert_int_equal(medals(f, "medal,noc\n"), PD_EPARSE);
	assert_diag(f, "m.csv", 2, "no medal rows");
}

static void test_import_csv__standings_counts_rank_and_total(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(standings(f,
		"Rank,NOC,Gold,Silver,Bronze,Total\n"
		"1,CHN,63,46,32,141\n"
		"2,United Kingdom,35,30,30,95\n"
		",India,1,0,1,2\n"), 0);
	assert_string_equal(f->pub.lang, "en");
	assert_int_equal(f->pub.n, 3);
	assert_int_equal(f->pub.has_totals, 0);
	assert_int_equal(f->pub.rows[0].line, 2);
	assert_int_equal(f->pub.rows[0].has_rank, 1);
	assert_int_equal(f->pub.rows[0].rank, 1);
	assert_string_equal(f->pub.rows[0].name, "CHN");
	assert_string_equal(f->pub.rows[0].npc, "CHN");
	assert_int_equal(f->pub.rows[0].medals[0], 63);
	assert_int_equal(f->pub.rows[0].medals[1], 46);
	assert_int_equal(f->pub.rows[0].medals[2], 32);
	assert_int_equal(f->pub.rows[0].total, 141);
	assert_string_equal(f->pub.rows[1].name, "United Kingdom");
	assert_string_equal(f->pub.rows[1].npc, "GBR");
	assert_int_equal(f->pub.rows[1].rank, 2);
	assert_int_equal(f->pub.rows[2].has_rank, 0);
	assert_string_equal(f->pub.rows[2].npc, "IND");
	assert_int_equal(f->pub.rows[2].total, 2);
}

static void test_import_csv__standings_rank_and_total_optional(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(standings(f,
		"Country,Gold Medal,Silver Medal,Bronze Medal\n"
		"China, 63 ,46,32.0\n"
		"日本,0,0,1\n"), 0);
	assert_int_equal(f->pub.n, 2);
	assert_int_equal(f->pub.rows[0].has_rank, 0);
	assert_int_equal(f->pub.rows[0].total, -1);
	assert_int_equal(f->pub.rows[0].medals[0], 63);
	assert_int_equal(f->pub.rows[0].medals[2], 32);
	assert_string_equal(f->pub.rows[1].npc, "JPN");
	assert_int_equal(f->pub.rows[1].line, 3);
}

static void test_import_csv__standings_where_picks_one_games(void **state)
{
	struct fixture *f = *state;

	f->opts.where[0] = (struct pd_where){ "Year", "2004", 0 };
	f->opts.nwhere = 1;
	assert_int_equal(standings(f,
		"Year,NOC,Gold,Silver,Bronze\n"
		"2000,CHN,16,16,11\n"
		"2004,CHN,63,46,32\n"), 0);
	assert_int_equal(f->pub.n, 1);
	assert_int_equal(f->pub.rows[0].line, 3);
	assert_int_equal(f->pub.rows[0].medals[0], 63);
}

static void test_import_csv__standings_duplicate_npc_fails(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(standings(f,
		"Year,NOC,Gold,Silver,Bronze\n"
		"2000,CHN,16,16,11\n"
		"2004,GBR,35,30,30\n"
		"2004,China,63,46,32\n"), PD_EPARSE);
	assert_diag(f, "s.csv", 4, "China (CHN) already has a row at line 2; "
		    "pick one Games with --where");
	assert_int_equal(f->pub.n, 0);
	assert_null(f->pub.rows);
}

static void test_import_csv__standings_non_numeric_count_fails(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(standings(f,
		"NOC,Gold,Silver,Bronze\n"
		"CHN,63,46,32\n"
		"GBR,35,thirty,30\n"), PD_EPARSE);
	assert_diag(f, "s.csv", 3, "silver count 'thirty' is not a whole "
		    "number of 0 or more");
	assert_int_equal(standings(f, "NOC,Gold,Silver,Bronze\n"
				      "CHN,-1,0,0\n"), PD_EPARSE);
	assert_diag(f, "s.csv", 2, "gold count '-1'");
	assert_int_equal(standings(f, "NOC,Gold,Silver,Bronze,Total\n"
				      "CHN,1,0,0,one\n"), PD_EPARSE);
	assert_diag(f, "s.csv", 2, "total 'one' is not a whole number");
}

static void test_import_csv__standings_missing_column_fails(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(standings(f, "NOC,Gold,Silver\nCHN,1,2\n"),
			 PD_EPARSE);
	assert_diag(f, "s.csv", 1, "no bronze column in the header: name it "
		    "with --map bronze=COLUMN");
	assert_int_equal(standings(f, "NOC,Gold,Silver,Bronze\nAtlantis,1,"
				      "0,0\n"), PD_ENOTFOUND);
	assert_diag(f, "s.csv", 2, "unknown NPC 'Atlantis'");
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_import_csv__guesses_columns_by_header),
		T(test_import_csv__map_overrides_guess),
		T(test_import_csv__map_to_missing_column_fails),
		T(test_import_csv__missing_medal_column_fails),
		T(test_import_csv__where_keeps_matching_rows),
		T(test_import_csv__where_not_equal_drops_rows),
		T(test_import_csv__where_matching_nothing_fails),
		T(test_import_csv__where_text_needs_column_and_equals),
		T(test_import_csv__team_members_merge_to_one_medal),
		T(test_import_csv__medal_value_variants),
		T(test_import_csv__unknown_npc_names_line),
		T(test_import_csv__bad_medal_value_names_line),
		T(test_import_csv__empty_medals_file_fails),
		T(test_import_csv__standings_counts_rank_and_total),
		T(test_import_csv__standings_rank_and_total_optional),
		T(test_import_csv__standings_where_picks_one_games),
		T(test_import_csv__standings_duplicate_npc_fails),
		T(test_import_csv__standings_non_numeric_count_fails),
		T(test_import_csv__standings_missing_column_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
