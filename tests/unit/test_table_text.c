/* test_table_text.c -- reading a medal table in its published text form. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "podium/io.h"

static const char registry_tsv[] =
	"CHN\tcurrent\tChina\t中国\tPeople's Republic of China\n"
	"GBR\tcurrent\tGreat Britain\t英国\tUnited Kingdom\n"
	"HKG\tcurrent\tHong Kong, China\t中国香港\tHong Kong\n"
	"IND\tcurrent\tIndia\t印度\t\n"
	"JAM\tcurrent\tJamaica\t牙买加\t\n";

static void load(struct pd_registry *r)
{
	assert_int_equal(pd_registry_parse(r, registry_tsv,
					   strlen(registry_tsv), "reg.tsv",
					   NULL), 0);
}

static void assert_prow(const struct pd_published_row *r, long line,
			int has_rank, long rank, const char *name,
			const char *npc, long g, long s, long b, long total)
{
	assert_int_equal(r->line, line);
	assert_int_equal(r->has_rank, has_rank);
	if (has_rank)
		assert_int_equal(r->rank, rank);
	assert_string_equal(r->name, name);
	assert_string_equal(r->npc, npc);
	assert_int_equal(r->medals[0], g);
	assert_int_equal(r->medals[1], s);
	assert_int_equal(r->medals[2], b);
	assert_int_equal(r->total, total);
}

static const char zh_table[] =
	"2004年雅典残奥会奖牌榜\n"
	"排名 国家／地区 金牌 银牌 铜牌 总数\n"
	"1 中国 63 46 32 141\n"
	"2 英国 35 30 30 95\n"
	"3 印度 1 0 1 2\n"
	"牙买加 1 0 1 2\n"
	"总计 100 76 64 240\n";

static void test_table_text__caption_header_rows_totals(void **state)
{
	struct pd_published p;
	struct pd_registry reg;
	struct pd_diag d;

	load(&reg);
	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_table_text_parse(&p, zh_table, strlen(zh_table),
					     "t.txt", &reg, &d), 0);
	assert_string_equal(p.caption, "2004年雅典残奥会奖牌榜");
	assert_string_equal(p.header, "排名 国家／地区 金牌 银牌 铜牌 总数");
	assert_string_equal(p.lang, "zh");
	assert_int_equal(p.n, 4);
	assert_prow(&p.rows[0], 3, 1, 1, "中国", "CHN", 63, 46, 32, 141);
	assert_prow(&p.rows[1], 4, 1, 2, "英国", "GBR", 35, 30, 30, 95);
	assert_prow(&p.rows[2], 5, 1, 3, "印度", "IND", 1, 0, 1, 2);
	assert_prow(&p.rows[3], 6, 0, 0, "牙买加", "JAM", 1, 0, 1, 2);
	assert_int_equal(p.has_totals, 1);
	assert_int_equal(p.totals_line, 7);
	assert_int_equal(p.totals[0], 100);
	assert_int_equal(p.totals[1], 76);
	assert_int_equal(p.totals[2], 64);
	assert_int_equal(p.totals[3], 240);
	pd_published_release(&p);
	pd_registry_release(&reg);
}

static void test_table_text__without_registry_codes_stay_empty(void **state)
{
	struct pd_published p;

	assert_int_equal(pd_table_text_parse(&p, zh_table, strlen(zh_table),
					     "t.txt", NULL, NULL), 0);
	assert_int_equal(p.n, 4);
	assert_prow(&p.rows[0], 3, 1, 1, "中国", "", 63, 46, 32, 141);
	pd_published_release(&p);
}

static void test_table_text__header_only_english(void **state)
{
	static const char text[] =
		"Rank NPC Gold Silver Bronze Total\n"
		"1 China 3 2 1 6\n"
		"2 India 0 0 1 1\n"
		"Total 3 2 2 7\n";
	struct pd_published p;
	struct pd_registry reg;

	load(&reg);
	assert_int_equal(pd_table_text_parse(&p, text, sizeof(text) - 1,
					     "en.txt", &reg, NULL), 0);
	assert_null(p.caption);
	assert_string_equal(p.header, "Rank NPC Gold Silver Bronze Total");
	assert_string_equal(p.lang, "en");
	assert_int_equal(p.n, 2);
	assert_prow(&p.rows[0], 2, 1, 1, "China", "CHN", 3, 2, 1, 6);
	assert_prow(&p.rows[1], 3, 1, 2, "India", "IND", 0, 0, 1, 1);
	assert_int_equal(p.has_totals, 1);
	assert_int_equal(p.totals_line, 4);
	assert_int_equal(p.totals[3], 7);
	pd_published_release(&p);
	pd_registry_release(&reg);
}

static void test_table_text__no_caption_no_header(void **state)
{
	static const char text[] = "1 中国 1 0 0 1\n总计 1 0 0 1";
	struct pd_published p;

	assert_int_equal(pd_table_text_parse(&p, text, sizeof(text) - 1,
					     "t.txt", NULL, NULL), 0);
	assert_null(p.caption);
	assert_null(p.header);
	/* Chinese names alone make it a Chinese table */
	assert_string_equal(p.lang, "zh");
	assert_int_equal(p.n, 1);
	assert_int_equal(p.totals_line, 2);
	pd_published_release(&p);
}

static void test_table_text__tabs_allow_multiword_names(void **state)
{
	static const char text[] =
		"Rank\tNPC\tGold\tSilver\tBronze\tTotal\n"
		"1\tGreat Britain\t35\t30\t30\t95\n"
		"2\tHong Kong, China \t11\t7\t1\t19\n"
		"\tPeople's  Republic of China\t11\t7\t1\t19\n"
		"Total\t57\t44\t32\t133\n";
	struct pd_published p;
	struct pd_registry reg;

	load(&reg);
	assert_int_equal(pd_table_text_parse(&p, text, sizeof(text) - 1,
					     "tabs.txt", &reg, NULL), 0);
	assert_int_equal(p.n, 3);
	assert_prow(&p.rows[0], 2, 1, 1, "Great Britain", "GBR", 35, 30, 30,
		    95);
	assert_prow(&p.rows[1], 3, 1, 2, "Hong Kong, China", "HKG", 11, 7, 1,
		    19);
	/* the name is kept as printed, spaces and all */
	assert_prow(&p.rows[2], 4, 0, 0, "People's  Republic of China", "CHN",
		    11, 7, 1, 19);
	assert_int_equal(p.totals[0], 57);
	pd_published_release(&p);
	pd_registry_release(&reg);
}

static void test_table_text__spaces_join_multiword_names(void **state)
{
	static const char text[] =
		"1  Great   Britain 35 30 30 95\n"
		"Hong\xE3\x80\x80Kong, China 35 30 30 95\n"
		"Total 70 60 60 190\n";
	struct pd_published p;
	struct pd_registry reg;

	load(&reg);
	assert_int_equal(pd_table_text_parse(&p, text, sizeof(text) - 1,
					     "t.txt", &reg, NULL), 0);
	assert_int_equal(p.n, 2);
	assert_prow(&p.rows[0], 1, 1, 1, "Great Britain", "GBR", 35, 30, 30,
		    95);
	assert_prow(&p.rows[1], 2, 0, 0, "Hong Kong, China", "HKG", 35, 30,
		    30, 95);
	pd_published_release(&p);
	pd_registry_release(&reg);
}

static void test_table_text__equals_rank_form(void **state)
{
	static const char text[] =
		"Rank NPC Gold Silver Bronze Total\n"
		"1 China 2 0 0 2\n"
		"=2 India 1 0 1 2\n"
		"=2 Jamaica 1 0 1 2\n"
		"Totals 4 0 2 6\n";
	struct pd_published p;

	assert_int_equal(pd_table_text_parse(&p, text, sizeof(text) - 1,
					     "t.txt", NULL, NULL), 0);
	assert_int_equal(p.n, 3);
	assert_prow(&p.rows[1], 3, 1, 2, "India", "", 1, 0, 1, 2);
	assert_prow(&p.rows[2], 4, 1, 2, "Jamaica", "", 1, 0, 1, 2);
	assert_int_equal(p.has_totals, 1);
	assert_int_equal(p.totals_line, 5);
	pd_published_release(&p);
}

static void test_table_text__comments_blank_lines_and_crlf(void **state)
{
	static const char text[] =
		"\xEF\xBB\xBF# from the report\r\n"
		"\r\n"
		"Medal table\r\n"
		"Rank NPC Gold Silver Bronze Total\r\n"
		"1 China 2 0 0 2\r\n"
		"# a note between rows\r\n"
		"2 India 1 0 1 2\r\n"
		"Total 3 0 1 4\r\n";
	struct pd_published p;

	assert_int_equal(pd_table_text_parse(&p, text, sizeof(text) - 1,
					     "t.txt", NULL, NULL), 0);
	assert_string_equal(p.caption, "Medal table");
	assert_string_equal(p.header, "Rank NPC Gold Silver Bronze Total");
	assert_int_equal(p.n, 2);
	assert_prow(&p.rows[1], 7, 1, 2, "India", "", 1, 0, 1, 2);
	assert_int_equal(p.totals_line, 8);
	pd_published_release(&p);
}

/* Parse text that must fail; check the code, file, line and a phrase. */
static void assert_parse_error(const char *text, int reg, int err,
			       long line, const char *phrase)
{
	struct pd_registry r;
	struct pd_published p;
	struct pd_diag d;

	if (reg)
		load(&r);
	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_table_text_parse(&p, text, strlen(text), "bad.txt",
					     reg ? &r : NULL, &d), err);
	assert_string_equal(d.file, "bad.txt");
	assert_int_equal(d.line, line);
	if (!strstr(d.msg, phrase))
		fail_msg("message '%s' lacks '%s'", d.msg, phrase);
	/* a failed parse leaves nothing to release */
	assert_int_equal(p.n, 0);
	assert_null(p.rows);
	assert_null(p.caption);
	assert_null(p.header);
	if (reg)
		pd_registry_release(&r);
}

static void test_table_text__error_non_numeric_count(void **state)
{
	assert_parse_error("Rank NPC Gold Silver Bronze Total\n"
			   "1 China 2 0 0 2\n"
			   "2 India 1 O 1 2\n"
			   "Total 3 0 1 4\n", 0, PD_EPARSE, 3,
			   "'O' is not a whole number");
}

static void test_table_text__error_negative_count(void **state)
{
	assert_parse_error("排名 国家／地区 金牌 银牌 铜牌 总数\n"
			   "1 中国 2 0 0 2\n"
			   "2 印度 1 -1 1 1\n"
			   "总计 3 -1 1 3\n", 0, PD_ERANGE, 3,
			   "negative count '-1'");
}

static void test_table_text__error_missing_totals_row(void **state)
{
	assert_parse_error("2004年雅典残奥会奖牌榜\n"
			   "排名 国家／地区 金牌 银牌 铜牌 总数\n"
			   "1 中国 63 46 32 141\n"
			   "2 英国 35 30 30 95\n", 0, PD_EPARSE, 4,
			   "no totals row");
	/* cut in the middle of a line: still the last line */
	assert_parse_error("1 中国 63 46 32 141\n"
			   "2 英国 35 30 30 95\n"
			   "3 印度 1 0", 0, PD_EPARSE, 3, "expected '[rank] "
			   "name gold silver bronze total', found 4 fields");
}

static void test_table_text__error_no_rows(void **state)
{
	assert_parse_error("Medal table\nRank NPC Gold Silver Bronze Total\n",
			   0, PD_EPARSE, 2, "no rows");
	assert_parse_error("", 0, PD_EPARSE, 0, "no rows");
}

static void test_table_text__error_row_after_totals(void **state)
{
	assert_parse_error("1 China 2 0 0 2\n"
			   "Total 2 0 0 2\n"
			   "\n"
			   "2 India 1 0 1 2\n", 0, PD_EPARSE, 4,
			   "row after the totals row (line 2)");
}

static void test_table_text__error_three_lines_before_first_row(void **state)
{
	assert_parse_error("Paralympic Games\n"
			   "Medal table\n"
			   "Rank NPC Gold Silver Bronze Total\n"
			   "1 China 2 0 0 2\n"
			   "Total 2 0 0 2\n", 0, PD_EPARSE, 3,
			   "expected a row");
}

static void test_table_text__error_invalid_utf8(void **state)
{
	assert_parse_error("Rank NPC Gold Silver Bronze Total\n"
			   "1 China 2 0 0 2\n"
			   "2 Ind\xE9" "a 1 0 1 2\n"
			   "Total 3 0 1 4\n", 0, PD_EUTF8, 3,
			   "invalid UTF-8 (byte 0xE9)");
}

static void test_table_text__error_unknown_name_suggests(void **state)
{
	assert_parse_error("Rank NPC Gold Silver Bronze Total\n"
			   "1 China 2 0 0 2\n"
			   "2 Inida 1 0 1 2\n"
			   "Total 3 0 1 4\n", 1, PD_ENOTFOUND, 3,
			   "unknown NPC 'Inida'; did you mean 'India' (IND)");
	assert_parse_error("1 Atlantis 1 0 0 1\nTotal 1 0 0 1\n", 1,
			   PD_ENOTFOUND, 1, "unknown NPC 'Atlantis'; use its "
			   "IOC/IPC code");
}

static void test_table_text__error_duplicate_npc(void **state)
{
	assert_parse_error("排名 国家／地区 金牌 银牌 铜牌 总数\n"
			   "1 中国 2 0 0 2\n"
			   "2 印度 1 0 1 2\n"
			   "3 China 1 0 0 1\n"
			   "总计 4 0 1 5\n", 1, PD_EPARSE, 4,
			   "China (CHN) already has a row at line 2");
}

static void test_table_text__lang_follows_caption_or_names(void **state)
{
	static const char en_names_zh_header[] =
		"排名 国家／地区 金牌 银牌 铜牌 总数\n"
		"1 China 1 0 0 1\n"
		"Total 1 0 0 1\n";
	static const char all_en[] =
		"Medal table\n"
		"1 China 1 0 0 1\n"
		"Total 1 0 0 1\n";
	struct pd_published p;

	assert_int_equal(pd_table_text_parse(&p, en_names_zh_header,
					     strlen(en_names_zh_header), "t",
					     NULL, NULL), 0);
	assert_string_equal(p.lang, "zh");
	pd_published_release(&p);
	assert_int_equal(pd_table_text_parse(&p, all_en, strlen(all_en), "t",
					     NULL, NULL), 0);
	assert_string_equal(p.lang, "en");
	/* one line before the rows is the header, not a caption */
	assert_null(p.caption);
	assert_string_equal(p.header, "Medal table");
	pd_published_release(&p);
}

/* What published tables print: a caption ending in a year, shared ranks
 * "2=", a totals row with a note in brackets. */
static void test_table_text__caption_year_rank_equals_totals_note(
	void **state)
{
	static const char text[] =
		"Athens Paralympics 2004\n"
		"Rank NOC Gold Silver Bronze Total\n"
		"1 China 3 2 1 6\n"
		"2= India 0 0 1 1\n"
		"2= Jamaica 0 0 1 1\n"
		"Totals (3 NOCs) 3 2 3 8\n";
	struct pd_published p;
	struct pd_registry reg;
	struct pd_diag d;

	load(&reg);
	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_table_text_parse(&p, text, strlen(text), "t.txt",
					     &reg, &d), 0);
	assert_string_equal(p.caption, "Athens Paralympics 2004");
	assert_int_equal(p.n, 3);
	assert_prow(&p.rows[1], 4, 1, 2, "India", "IND", 0, 0, 1, 1);
	assert_prow(&p.rows[2], 5, 1, 2, "Jamaica", "JAM", 0, 0, 1, 1);
	assert_int_equal(p.has_totals, 1);
	assert_int_equal(p.totals[3], 8);
	pd_published_release(&p);
	pd_registry_release(&reg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_text__caption_header_rows_totals),
		cmocka_unit_test(test_table_text__without_registry_codes_stay_empty),
		cmocka_unit_test(test_table_text__header_only_english),
		cmocka_unit_test(test_table_text__no_caption_no_header),
		cmocka_unit_test(test_table_text__tabs_allow_multiword_names),
		cmocka_unit_test(test_table_text__spaces_join_multiword_names),
		cmocka_unit_test(test_table_text__equals_rank_form),
		cmocka_unit_test(test_table_text__comments_blank_lines_and_crlf),
		cmocka_unit_test(test_table_text__error_non_numeric_count),
		cmocka_unit_test(test_table_text__error_negative_count),
		cmocka_unit_test(test_table_text__error_missing_totals_row),
		cmocka_unit_test(test_table_text__error_no_rows),
		cmocka_unit_test(test_table_text__error_row_after_totals),
		cmocka_unit_test(test_table_text__error_three_lines_before_first_row),
		cmocka_unit_test(test_table_text__error_invalid_utf8),
		cmocka_unit_test(test_table_text__error_unknown_name_suggests),
		cmocka_unit_test(test_table_text__error_duplicate_npc),
		cmocka_unit_test(test_table_text__lang_follows_caption_or_names),
		cmocka_unit_test(
			test_table_text__caption_year_rank_equals_totals_note),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
