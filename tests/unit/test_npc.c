/* test_npc.c -- the NPC registry: parse, look up, normalise, suggest. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/io.h"
#include "podium/npc.h"

/* Sorted by code, as the format requires.  CHA and CHI are two deletions
 * from "Chnia", China one transposition; AND and CAN are two from "Canda",
 * Canada one insertion. */
static const char registry_tsv[] =
	"# code\tstatus\ten\tzh\taliases\n"
	"\n"
	"AND\tcurrent\tAndorra\t安道尔\t\n"
	"CAN\tcurrent\tCanada\t加拿大\t\n"
	"CHA\tcurrent\tChad\t乍得\t\n"
	"CHI\tcurrent\tChile\t智利\t\n"
	"CHN\tcurrent\tChina\t中国\tPeople's Republic of China|PR China\n"
	"GBR\tcurrent\tGreat Britain\t英国\tUnited Kingdom|UK|"
	"GREAT  BRITAIN\r\n"
	"HKG\tcurrent\tHong Kong, China\t中国香港\tHong Kong\n"
	"KOR\tcurrent\tRepublic of Korea\t韩国\tSouth Korea|Korea\n"
	"MIX\tspecial\tMixed Team\t\t\n"
	"TPE\tcurrent\tChinese Taipei\t中华台北\tTaiwan\n"
	"URS\thistoric\tSoviet Union\t苏联\tUSSR\n";

static void load(struct pd_registry *r)
{
	struct pd_diag d;

	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_registry_parse(r, registry_tsv,
					   strlen(registry_tsv), "test.tsv",
					   &d), 0);
	assert_string_equal(d.msg, "");
}

static void assert_finds(const struct pd_registry *r, const char *name,
			 const char *code)
{
	const struct pd_npc *npc = pd_registry_find(r, name);

	if (!npc)
		fail_msg("'%s' did not resolve (want %s)", name, code);
	assert_string_equal(npc->code, code);
}

static void test_npc__parse_keeps_entries_sorted(void **state)
{
	struct pd_registry r;

	load(&r);
	assert_int_equal(r.n, 11);
	assert_string_equal(r.npcs[0].code, "AND");
	assert_string_equal(r.npcs[4].code, "CHN");
	assert_string_equal(r.npcs[4].status, "current");
	assert_string_equal(r.npcs[4].en, "China");
	assert_string_equal(r.npcs[4].zh, "中国");
	assert_string_equal(r.npcs[5].en, "Great Britain");
	assert_string_equal(r.npcs[8].code, "MIX");
	assert_string_equal(r.npcs[8].zh, "");
	assert_string_equal(r.npcs[10].status, "historic");
	pd_registry_release(&r);
	assert_int_equal(r.n, 0);
	assert_null(r.npcs);
}

static void test_npc__code_lookup_is_case_insensitive(void **state)
{
	struct pd_registry r;

	load(&r);
	assert_string_equal(pd_registry_code(&r, "CHN")->en, "China");
	assert_string_equal(pd_registry_code(&r, "chn")->en, "China");
	assert_string_equal(pd_registry_code(&r, "Tpe")->en,
			    "Chinese Taipei");
	assert_string_equal(pd_registry_code(&r, "CHA")->en, "Chad");
	assert_string_equal(pd_registry_code(&r, "URS")->en, "Soviet Union");
	assert_null(pd_registry_code(&r, "XYZ"));
	assert_null(pd_registry_code(&r, "China"));
	assert_null(pd_registry_code(&r, "CHNCHNCHN"));
	assert_null(pd_registry_code(&r, ""));
	assert_finds(&r, "chn", "CHN");
	assert_finds(&r, "gbr", "GBR");
	pd_registry_release(&r);
}

static void test_npc__finds_english_chinese_and_alias(void **state)
{
	struct pd_registry r;

	load(&r);
	assert_finds(&r, "China", "CHN");
	assert_finds(&r, "中国", "CHN");
	assert_finds(&r, "People's Republic of China", "CHN");
	assert_finds(&r, "pr china", "CHN");
	assert_finds(&r, "Great Britain", "GBR");
	assert_finds(&r, "英国", "GBR");
	assert_finds(&r, "United Kingdom", "GBR");
	assert_finds(&r, "UK", "GBR");
	assert_finds(&r, "Hong Kong, China", "HKG");
	assert_finds(&r, "中国香港", "HKG");
	assert_finds(&r, "Hong Kong", "HKG");
	assert_finds(&r, "Korea", "KOR");
	assert_finds(&r, "中华台北", "TPE");
	assert_finds(&r, "Taiwan", "TPE");
	assert_finds(&r, "USSR", "URS");
	assert_finds(&r, "Mixed Team", "MIX");
	pd_registry_release(&r);
}

static void test_npc__fullwidth_and_extra_spaces_match(void **state)
{
	struct pd_registry r;

	load(&r);
	assert_finds(&r, "ＣＨＮ", "CHN");
	assert_finds(&r, "Ｃｈｉｎａ", "CHN");
	assert_finds(&r, "CHINA", "CHN");
	assert_finds(&r, "Great\xE3\x80\x80" "Britain", "GBR");
	assert_finds(&r, "  Great   Britain  ", "GBR");
	assert_finds(&r, "Great\tBritain", "GBR");
	assert_finds(&r, "\xE3\x80\x80中国\xE3\x80\x80", "CHN");
	assert_finds(&r, "hong  kong,\xE3\x80\x80" "china", "HKG");
	pd_registry_release(&r);
}

static void test_npc__unknown_name_is_null(void **state)
{
	struct pd_registry r;
	struct pd_registry empty;

	load(&r);
	assert_null(pd_registry_find(&r, "Atlantis"));
	assert_null(pd_registry_find(&r, "Chnia"));
	assert_null(pd_registry_find(&r, "Chin"));
	assert_null(pd_registry_find(&r, "Great Britain and"));
	assert_null(pd_registry_find(&r, ""));
	assert_null(pd_registry_find(&r, "\xff"));
	pd_registry_release(&r);
	memset(&empty, 0, sizeof(empty));
	assert_null(pd_registry_find(&empty, "China"));
}

static void test_npc__normalise_folds_case_width_and_space(void **state)
{
	char *s;

	s = pd_name_normalise("  Ｃｈｉｎａ\xE3\x80\x80 \t X ");
	assert_string_equal(s, "china x");
	free(s);
	s = pd_name_normalise("People's  REPUBLIC");
	assert_string_equal(s, "people's republic");
	free(s);
	s = pd_name_normalise("中国");
	assert_string_equal(s, "中国");
	free(s);
	s = pd_name_normalise("   ");
	assert_string_equal(s, "");
	free(s);
	assert_null(pd_name_normalise("bad \xC3"));
	assert_null(pd_name_normalise("\xff\xfe"));
}

static void test_npc__name_in_language_falls_back_to_english(void **state)
{
	struct pd_registry r;

	load(&r);
	assert_string_equal(pd_npc_name(pd_registry_code(&r, "CHN"), "zh"),
			    "中国");
	assert_string_equal(pd_npc_name(pd_registry_code(&r, "CHN"), "en"),
			    "China");
	assert_string_equal(pd_npc_name(pd_registry_code(&r, "CHN"), NULL),
			    "China");
	assert_string_equal(pd_npc_name(pd_registry_code(&r, "MIX"), "zh"),
			    "Mixed Team");
	pd_registry_release(&r);
}

static void test_npc__suggest_puts_closest_first(void **state)
{
	const struct pd_npc *near[3];
	struct pd_registry r;
	size_t n;

	load(&r);
	n = pd_registry_suggest(&r, "Chnia", near, 3);
	assert_int_equal(n, 3);
	assert_string_equal(near[0]->code, "CHN");
	assert_string_equal(near[1]->code, "CHA");
	assert_string_equal(near[2]->code, "CHI");
	n = pd_registry_suggest(&r, "Great Britian", near, 3);
	assert_true(n >= 1);
	assert_string_equal(near[0]->code, "GBR");
	/* Canada's code is as far as AND; its name is closer */
	n = pd_registry_suggest(&r, "Canda", near, 3);
	assert_int_equal(n, 2);
	assert_string_equal(near[0]->code, "CAN");
	assert_string_equal(near[1]->code, "AND");
	n = pd_registry_suggest(&r, "Chnia", near, 1);
	assert_int_equal(n, 1);
	assert_string_equal(near[0]->code, "CHN");
	n = pd_registry_suggest(&r, "中囯", near, 3);
	assert_true(n >= 1);
	assert_string_equal(near[0]->code, "CHN");
	assert_int_equal(pd_registry_suggest(&r, "Atlantis", near, 3), 0);
	assert_int_equal(pd_registry_suggest(&r, "Chnia", near, 0), 0);
	pd_registry_release(&r);
}

/* Parse text that must fail; check the code, file, line and a phrase. */
static void assert_parse_error(const char *text, int err, long line,
			       const char *phrase)
{
	struct pd_registry r;
	struct pd_diag d;

	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_registry_parse(&r, text, strlen(text), "bad.tsv",
					   &d), err);
	assert_string_equal(d.file, "bad.tsv");
	assert_int_equal(d.line, line);
	if (!strstr(d.msg, phrase))
		fail_msg("message '%s' lacks '%s'", d.msg, phrase);
	assert_int_equal(r.n, 0);
	assert_null(r.npcs);
	assert_null(r.index);
}

static void test_npc__parse_error_wrong_field_count(void **state)
{
	assert_parse_error("# header\n"
			   "CHN\tcurrent\tChina\t中国\n",
			   PD_EPARSE, 2, "expected 5 tab-separated fields, "
			   "got 4");
	assert_parse_error("CHN\tcurrent\tChina\t中国\t\n"
			   "GBR\tcurrent\tGreat Britain\t英国\t\textra\n",
			   PD_EPARSE, 2, "got 6");
	assert_parse_error("CHN China\n", PD_EPARSE, 1, "got 1");
}

static void test_npc__parse_error_lowercase_code(void **state)
{
	assert_parse_error("CHN\tcurrent\tChina\t中国\t\n"
			   "\n"
			   "gbr\tcurrent\tGreat Britain\t英国\t\n",
			   PD_EPARSE, 3, "code 'gbr' is not upper case");
	assert_parse_error("C\tcurrent\tC\t\t\n", PD_EPARSE, 1,
			   "not 2 to 7 letters");
}

static void test_npc__parse_error_bad_status(void **state)
{
	assert_parse_error("CHN\tactive\tChina\t中国\t\n", PD_EPARSE, 1,
			   "status 'active' is not current, historic or "
			   "special");
}

static void test_npc__parse_error_unsorted_codes(void **state)
{
	assert_parse_error("# sorted?\n"
			   "GBR\tcurrent\tGreat Britain\t英国\t\n"
			   "CHN\tcurrent\tChina\t中国\t\n",
			   PD_EPARSE, 3, "code CHN comes after GBR");
	assert_parse_error("CHN\tcurrent\tChina\t中国\t\n"
			   "CHN\tcurrent\tChina again\t\t\n",
			   PD_EPARSE, 2, "code CHN comes after CHN");
}

static void test_npc__parse_error_name_given_to_two_codes(void **state)
{
	assert_parse_error("CHN\tcurrent\tChina\t中国\t\n"
			   "HKG\tcurrent\tHong Kong\t中国香港\t\n"
			   "TPE\tcurrent\tChinese Taipei\t中华台北\t"
			   "Taiwan|ＣＨＩＮＡ\n",
			   PD_EPARSE, 3, "name 'china' given to both CHN and "
			   "TPE");
	/* a code that is another entry's alias is the same mistake */
	assert_parse_error("AAA\tcurrent\tFirst\t\tBBB\n"
			   "BBB\tcurrent\tSecond\t\t\n",
			   PD_EPARSE, 2, "given to both AAA and BBB");
}

static void test_npc__parse_error_invalid_utf8(void **state)
{
	assert_parse_error("CHN\tcurrent\tChina\t中国\t\n"
			   "GBR\tcurrent\tGreat Britain\t\xff\xfe\t\n",
			   PD_EUTF8, 2, "invalid UTF-8");
}

static void test_npc__same_name_twice_for_one_code_is_fine(void **state)
{
	static const char text[] =
		"GBR\tcurrent\tGreat Britain\t英国\tGreat Britain|"
		"great britain|GBR\n";
	struct pd_registry r;

	assert_int_equal(pd_registry_parse(&r, text, sizeof(text) - 1,
					   "t.tsv", NULL), 0);
	assert_int_equal(r.n, 1);
	/* gbr, great britain, 英国 */
	assert_int_equal(r.nindex, 3);
	assert_finds(&r, "GREAT BRITAIN", "GBR");
	pd_registry_release(&r);
}

/* Chinese names of the 75 NPCs in the 2004 medal table
 * (/work/shared/data/seed/athens2004-medal-table.zh.txt), as printed. */
static const struct {
	const char *zh;
	const char *code;
} seed[] = {
	{ "中国", "CHN" }, { "英国", "GBR" }, { "加拿大", "CAN" },
	{ "美国", "USA" }, { "澳大利亚", "AUS" }, { "乌克兰", "UKR" },
	{ "西班牙", "ESP" }, { "德国", "GER" }, { "法国", "FRA" },
	{ "日本", "JPN" }, { "俄罗斯", "RUS" }, { "捷克", "CZE" },
	{ "南非", "RSA" }, { "巴西", "BRA" }, { "墨西哥", "MEX" },
	{ "韩国", "KOR" }, { "中国香港", "HKG" }, { "波兰", "POL" },
	{ "白俄罗斯", "BLR" }, { "奥地利", "AUT" }, { "瑞典", "SWE" },
	{ "突尼斯", "TUN" }, { "伊朗", "IRI" }, { "埃及", "EGY" },
	{ "阿尔及利亚", "ALG" }, { "新西兰", "NZL" }, { "荷兰", "NED" },
	{ "尼日利亚", "NGR" }, { "丹麦", "DEN" }, { "斯洛伐克", "SVK" },
	{ "意大利", "ITA" }, { "以色列", "ISR" }, { "芬兰", "FIN" },
	{ "希腊", "GRE" }, { "泰国", "THA" }, { "比利时", "BEL" },
	{ "肯尼亚", "KEN" }, { "挪威", "NOR" }, { "安哥拉", "ANG" },
	{ "瑞士", "SUI" }, { "葡萄牙", "POR" }, { "摩洛哥", "MAR" },
	{ "古巴", "CUB" }, { "中华台北", "TPE" }, { "阿塞拜疆", "AZE" },
	{ "匈牙利", "HUN" }, { "冰岛", "ISL" }, { "科威特", "KUW" },
	{ "斯洛文尼亚", "SLO" }, { "立陶宛", "LTU" }, { "阿联酋", "UAE" },
	{ "拉脱维亚", "LAT" }, { "印度", "IND" }, { "牙买加", "JAM" },
	{ "土耳其", "TUR" }, { "波黑", "BIH" }, { "博茨瓦纳", "BOT" },
	{ "塞浦路斯", "CYP" }, { "津巴布韦", "ZIM" }, { "爱尔兰", "IRL" },
	{ "阿根廷", "ARG" }, { "委内瑞拉", "VEN" }, { "伊拉克", "IRQ" },
	{ "约旦", "JOR" }, { "巴勒斯坦", "PLE" }, { "巴林", "BRN" },
	{ "爱沙尼亚", "EST" }, { "马其顿", "MKD" }, { "巴拿马", "PAN" },
	{ "克罗地亚", "CRO" }, { "秘鲁", "PER" }, { "塞尔维亚和黑山", "SCG" },
	{ "法罗群岛", "FRO" }, { "波多黎各", "PUR" }, { "卢旺达", "RWA" },
};

static int load_bundled(struct pd_registry *r)
{
	struct pd_diag d;
	char *data;
	size_t len;
	int ret;

	if (pd_file_read("data/npcs.tsv", &data, &len, NULL) < 0) {
		print_message("data/npcs.tsv not found (run from the repo "
			      "root): skipped\n");
		return -1;
	}
	memset(&d, 0, sizeof(d));
	ret = pd_registry_parse(r, data, len, "data/npcs.tsv", &d);
	free(data);
	if (ret)
		fail_msg("%s:%ld: %s", d.file, d.line, d.msg);
	return 0;
}

static void test_npc__bundled_registry_resolves_2004_table(void **state)
{
	struct pd_registry r;
	size_t i;

	assert_int_equal(sizeof(seed) / sizeof(seed[0]), 75);
	if (load_bundled(&r) < 0) {
		skip();
		return;
	}
	for (i = 0; i < sizeof(seed) / sizeof(seed[0]); i++) {
		const struct pd_npc *npc = pd_registry_find(&r, seed[i].zh);

		if (!npc)
			fail_msg("'%s' does not resolve", seed[i].zh);
		assert_string_equal(npc->code, seed[i].code);
		if (!strcmp(seed[i].zh, "马其顿"))
			assert_string_equal(npc->zh, "北马其顿");
		else
			assert_string_equal(npc->zh, seed[i].zh);
	}
	pd_registry_release(&r);
}

static void test_npc__bundled_registry_knows_official_names(void **state)
{
	const struct pd_npc *near[3];
	struct pd_registry r;

	if (load_bundled(&r) < 0) {
		skip();
		return;
	}
	assert_finds(&r, "Republic of Korea", "KOR");
	assert_finds(&r, "Chinese Taipei", "TPE");
	assert_finds(&r, "中华台北", "TPE");
	assert_finds(&r, "Hong Kong, China", "HKG");
	assert_finds(&r, "People's Republic of China", "CHN");
	assert_finds(&r, "Great Britain", "GBR");
	assert_true(pd_registry_suggest(&r, "Chnia", near, 3) >= 1);
	assert_string_equal(near[0]->code, "CHN");
	assert_true(pd_registry_suggest(&r, "Great Britian", near, 3) >= 1);
	assert_string_equal(near[0]->code, "GBR");
	pd_registry_release(&r);
}

/* The bundled history: names of each era, one team two ways, and no
 * name that carries a code (as "Singapore (SIN)" did). */
static void test_npc__bundled_history_names_eras_and_same_teams(void **state)
{
	struct pd_registry r;
	struct pd_diag d;
	char *data;
	size_t len, i;
	int ret;

	if (load_bundled(&r) < 0) {
		skip();
		return;
	}
	if (pd_file_read("data/npc_history.tsv", &data, &len, NULL) < 0) {
		pd_registry_release(&r);
		skip();
		return;
	}
	memset(&d, 0, sizeof(d));
	ret = pd_registry_history_parse(&r, data, len, "data/npc_history.tsv",
					&d);
	free(data);
	if (ret)
		fail_msg("%s:%ld: %s", d.file, d.line, d.msg);
	assert_string_equal(pd_npc_name_at(&r, pd_registry_code(&r, "CZE"),
					   "en", 2004), "Czech Republic");
	assert_string_equal(pd_npc_name_at(&r, pd_registry_code(&r, "CZE"),
					   "en", 2024), "Czechia");
	assert_string_equal(pd_npc_name_at(&r, pd_registry_code(&r, "MKD"),
					   "zh", 2004), "马其顿");
	assert_string_equal(pd_npc_name_at(&r, pd_registry_code(&r, "MKD"),
					   "zh", 0), "北马其顿");
	assert_string_equal(pd_registry_same(&r, "ZZX", 1900), "MIX");
	assert_string_equal(pd_registry_same(&r, "EUA", 1960), "GER");
	assert_string_equal(pd_registry_same(&r, "EUA", 1992), "EUA");
	assert_string_equal(pd_registry_same(&r, "EGY", 1960), "UAR");
	assert_string_equal(pd_registry_same(&r, "EGY", 2004), "EGY");
	assert_finds(&r, "TRI", "TTO");
	assert_finds(&r, "UPV", "VOL");
	assert_finds(&r, "SIN", "SGP");
	assert_finds(&r, "LIB", "LBN");
	for (i = 0; i < r.n; i++) {
		char en[16], zh[32];

		snprintf(en, sizeof(en), "(%s)", r.npcs[i].code);
		snprintf(zh, sizeof(zh), "（%s）", r.npcs[i].code);
		if (strstr(r.npcs[i].en, en) || strstr(r.npcs[i].zh, zh))
			fail_msg("%s: name '%s' / '%s' carries its code",
				 r.npcs[i].code, r.npcs[i].en, r.npcs[i].zh);
	}
	assert_int_equal(pd_games_year("PG2004"), 2004);
	assert_int_equal(pd_games_year("fixtures/2004.csv"), 0);
	pd_registry_release(&r);
}

static void test_npc__history_errors_name_their_line(void **state)
{
	static const char bad_code[] = "# x\nname\tXYZ\t1990\t2000\tX\tX\ts\n";
	static const char backwards[] = "same\tCHN\tGBR\t2000\t1990\ts\n";
	struct pd_registry r;
	struct pd_diag d;

	load(&r);
	memset(&d, 0, sizeof(d));
	assert_int_equal(pd_registry_history_parse(&r, bad_code,
						   strlen(bad_code), "h.tsv",
						   &d), PD_EPARSE);
	assert_int_equal(d.line, 2);
	assert_int_equal(r.neras, 0);
	assert_int_equal(pd_registry_history_parse(&r, backwards,
						   strlen(backwards), "h.tsv",
						   &d), PD_EPARSE);
	assert_int_equal(d.line, 1);
	pd_registry_release(&r);
}

/* issue 16: what people type -- Traditional characters, short forms --
 * and suggestions by the likeness of the whole name */
static void test_npc__traditional_and_short_forms_resolve(void **state)
{
	const struct pd_npc *near[3];
	struct pd_registry r;
	char s[] = "中國香港 中華臺北 烏克蘭";

	assert_string_equal(pd_hanzi_simplify(s), "中国香港 中华台北 乌克兰");
	if (load_bundled(&r) < 0) {
		skip();
		return;
	}
	assert_finds(&r, "中國香港", "HKG");
	assert_finds(&r, "中華台北", "TPE");
	assert_finds(&r, "中華臺北", "TPE");
	assert_finds(&r, "荷蘭", "NED");
	assert_finds(&r, "Britain", "GBR");
	assert_finds(&r, "Holland", "NED");
	/* one slip in the end of a long name beats a short name three
	 * letters off: not Bahrain, not Bhutan */
	assert_true(pd_registry_suggest(&r, "Britian", near, 3) >= 1);
	assert_string_equal(near[0]->code, "GBR");
	assert_true(pd_registry_suggest(&r, "Brasil", near, 3) >= 1);
	assert_string_equal(near[0]->code, "BRA");
	pd_registry_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_npc__parse_keeps_entries_sorted),
		cmocka_unit_test(test_npc__code_lookup_is_case_insensitive),
		cmocka_unit_test(test_npc__finds_english_chinese_and_alias),
		cmocka_unit_test(test_npc__fullwidth_and_extra_spaces_match),
		cmocka_unit_test(test_npc__unknown_name_is_null),
		cmocka_unit_test(test_npc__normalise_folds_case_width_and_space),
		cmocka_unit_test(test_npc__name_in_language_falls_back_to_english),
		cmocka_unit_test(test_npc__suggest_puts_closest_first),
		cmocka_unit_test(test_npc__parse_error_wrong_field_count),
		cmocka_unit_test(test_npc__parse_error_lowercase_code),
		cmocka_unit_test(test_npc__parse_error_bad_status),
		cmocka_unit_test(test_npc__parse_error_unsorted_codes),
		cmocka_unit_test(test_npc__parse_error_name_given_to_two_codes),
		cmocka_unit_test(test_npc__parse_error_invalid_utf8),
		cmocka_unit_test(test_npc__same_name_twice_for_one_code_is_fine),
		cmocka_unit_test(test_npc__bundled_registry_resolves_2004_table),
		cmocka_unit_test(test_npc__bundled_registry_knows_official_names),
		cmocka_unit_test(
			test_npc__bundled_history_names_eras_and_same_teams),
		cmocka_unit_test(test_npc__history_errors_name_their_line),
		cmocka_unit_test(test_npc__traditional_and_short_forms_resolve),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
