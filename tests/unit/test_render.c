/* test_render.c -- every output format on one small table with a tie. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "podium/render.h"

/* Sorted by code, as the registry format requires. */
static const char registry_tsv[] =
	"# code\tstatus\ten\tzh\taliases\n"
	"CHN\tcurrent\tChina\t中国\tPeople's Republic of China\n"
	"GRE\tcurrent\tGreece\t希腊\tHellas\n"
	"IND\tcurrent\tIndia\t印度\t\n"
	"JAM\tcurrent\tJamaica\t牙买加\t\n";

/* CHN 1, GRE 2 (host), IND and JAM tied at 3, ZZZ (not in the registry)
 * 5.  Totals 71 62 55 188. */
static const struct {
	const char *npc;
	long g, s, b;
} medals[] = {
	{ "JAM", 1, 0, 1 }, { "CHN", 63, 46, 32 }, { "ZZZ", 0, 0, 1 },
	{ "IND", 1, 0, 1 }, { "GRE", 6, 16, 20 },
};

struct fixture {
	struct pd_registry reg;
	struct pd_tally tally;
	struct pd_standings st;
	struct pd_view view;
	struct pd_buf out;
};

/* Build the table; top cuts it, scheme is "gold" unless given, and
 * zzz_printed (may be NULL) is the printed name of ZZZ. */
static void setup(struct fixture *f, const char *lang, size_t top,
		  const char *scheme, const char *zzz_printed)
{
	struct pd_standings_opts opts = { .host = "GRE", .top = top };
	size_t i;

	memset(f, 0, sizeof(*f));
	assert_int_equal(pd_registry_parse(&f->reg, registry_tsv,
					   strlen(registry_tsv), "test.tsv",
					   NULL), 0);
	pd_tally_init(&f->tally);
	for (i = 0; i < sizeof(medals) / sizeof(medals[0]); i++) {
		assert_int_equal(pd_tally_add(&f->tally, medals[i].npc,
					      PD_GOLD, medals[i].g), 0);
		assert_int_equal(pd_tally_add(&f->tally, medals[i].npc,
					      PD_SILVER, medals[i].s), 0);
		assert_int_equal(pd_tally_add(&f->tally, medals[i].npc,
					      PD_BRONZE, medals[i].b), 0);
	}
	if (zzz_printed)
		pd_tally_row(&f->tally, "ZZZ")->printed = strdup(zzz_printed);
	assert_int_equal(pd_scheme_parse(&opts.scheme,
					 scheme ? scheme : "gold", NULL), 0);
	assert_int_equal(pd_standings_build(&f->st, &f->tally, &opts, NULL),
			 0);
	f->view = (struct pd_view){
		.st = &f->st, .reg = &f->reg, .lang = lang, .games = "PG2004",
		.host = "GRE", .use_printed = zzz_printed != NULL,
	};
	pd_buf_init(&f->out, 0);
}

static void teardown(struct fixture *f)
{
	pd_buf_release(&f->out);
	pd_standings_release(&f->st);
	pd_tally_release(&f->tally);
	pd_registry_release(&f->reg);
}

static void test_render__labels_zh_use_fullwidth_slash(void **state)
{
	assert_string_equal(pd_labels("zh")->npc, "国家／地区");
	assert_string_equal(pd_labels("zh")->totals, "总计");
	assert_string_equal(pd_labels("en")->gold, "Gold");
	assert_string_equal(pd_labels(NULL)->rank, "Rank");
}

static void test_render__lookup_finds_each_format(void **state)
{
	const char *names = NULL;

	assert_true(pd_render_lookup("plain", &names) == pd_render_plain);
	assert_string_equal(names,
			    "text|plain|csv|json|markdown|wikitext|html");
	assert_true(pd_render_lookup("html", NULL) == pd_render_html);
	assert_true(pd_render_lookup("wikitext", NULL) == pd_render_wikitext);
	assert_null(pd_render_lookup("xml", NULL));
	assert_null(pd_render_lookup(NULL, NULL));
}

static void test_render__plain_tied_row_has_no_rank(void **state)
{
	struct fixture f;

	setup(&f, "zh", 0, NULL, NULL);
	f.view.caption = "2004年雅典残奥会奖牌榜";
	assert_int_equal(pd_render_plain(&f.out, &f.view), 0);
	assert_string_equal(f.out.data,
			    "2004年雅典残奥会奖牌榜\n"
			    "排名 国家／地区 金牌 银牌 铜牌 总数\n"
			    "1 中国 63 46 32 141\n"
			    "2 希腊 6 16 20 42\n"
			    "3 印度 1 0 1 2\n"
			    "牙买加 1 0 1 2\n"
			    "5 ZZZ 0 0 1 1\n"
			    "总计 71 62 55 188\n");
	teardown(&f);
}

static void test_render__plain_cut_table_has_remaining_line(void **state)
{
	struct fixture f;

	setup(&f, "en", 2, NULL, NULL);
	assert_int_equal(pd_render_plain(&f.out, &f.view), 0);
	assert_string_equal(f.out.data,
			    "Rank NPC Gold Silver Bronze Total\n"
			    "1 China 63 46 32 141\n"
			    "2 Greece 6 16 20 42\n"
			    "Remaining 2 0 3 5\n"
			    "Total 71 62 55 188\n");
	teardown(&f);
}

static void test_render__csv_rows_without_totals(void **state)
{
	struct fixture f;

	setup(&f, "en", 0, NULL, NULL);
	assert_int_equal(pd_render_csv(&f.out, &f.view), 0);
	assert_string_equal(f.out.data,
			    "rank,npc,name,gold,silver,bronze,total\n"
			    "1,CHN,China,63,46,32,141\n"
			    "2,GRE,Greece,6,16,20,42\n"
			    "3,IND,India,1,0,1,2\n"
			    "3,JAM,Jamaica,1,0,1,2\n"
			    "5,ZZZ,ZZZ,0,0,1,1\n");
	teardown(&f);
}

static void test_render__csv_quotes_comma_and_quote(void **state)
{
	struct fixture f;

	setup(&f, "en", 0, NULL, "Foo, \"Bar\"");
	assert_int_equal(pd_render_csv(&f.out, &f.view), 0);
	assert_non_null(strstr(f.out.data,
			       "\n5,ZZZ,\"Foo, \"\"Bar\"\"\",0,0,1,1\n"));
	teardown(&f);
}

static void assert_json_int(json_t *o, const char *key, long want)
{
	json_t *v = json_object_get(o, key);

	assert_non_null(v);
	assert_true(json_is_integer(v));
	assert_int_equal(json_integer_value(v), want);
}

static void assert_json_str(json_t *o, const char *key, const char *want)
{
	json_t *v = json_object_get(o, key);

	assert_non_null(v);
	assert_true(json_is_string(v));
	assert_string_equal(json_string_value(v), want);
}

static void test_render__json_round_trips_rows_and_totals(void **state)
{
	struct fixture f;
	json_error_t jerr;
	json_t *doc, *rows, *r;

	setup(&f, "zh", 2, NULL, NULL);
	assert_int_equal(pd_render_json(&f.out, &f.view), 0);
	assert_int_equal(f.out.data[f.out.len - 1], '\n');
	doc = json_loads(f.out.data, 0, &jerr);
	assert_non_null(doc);
	assert_json_str(doc, "games", "PG2004");
	assert_true(json_is_null(json_object_get(doc, "source")));
	assert_true(json_is_null(json_object_get(doc, "caption")));
	assert_json_str(doc, "scheme", "gold");
	assert_json_str(doc, "lang", "zh");
	rows = json_object_get(doc, "rows");
	assert_int_equal(json_array_size(rows), 2);
	r = json_array_get(rows, 0);
	assert_json_int(r, "rank", 1);
	assert_json_str(r, "npc", "CHN");
	assert_json_str(json_object_get(r, "name"), "en", "China");
	assert_json_str(json_object_get(r, "name"), "zh", "中国");
	assert_json_int(r, "gold", 63);
	assert_json_int(r, "silver", 46);
	assert_json_int(r, "bronze", 32);
	assert_json_int(r, "total", 141);
	assert_null(json_object_get(r, "host"));
	assert_null(json_object_get(r, "points"));
	r = json_array_get(rows, 1);
	assert_true(json_is_true(json_object_get(r, "host")));
	r = json_object_get(doc, "totals");
	assert_json_int(r, "gold", 71);
	assert_json_int(r, "total", 188);
	r = json_object_get(doc, "remaining");
	assert_json_int(r, "npcs", 3);
	assert_json_int(r, "gold", 2);
	assert_json_int(r, "bronze", 3);
	assert_json_int(r, "total", 5);
	json_decref(doc);
	teardown(&f);
}

static void test_render__json_unknown_npc_named_by_printed(void **state)
{
	struct fixture f;
	json_t *doc, *r;

	setup(&f, "en", 0, "points", "Ruritania");
	assert_int_equal(pd_render_json(&f.out, &f.view), 0);
	doc = json_loads(f.out.data, 0, NULL);
	assert_non_null(doc);
	assert_json_str(doc, "scheme", "points=3,2,1");
	assert_null(json_object_get(doc, "remaining"));
	r = json_array_get(json_object_get(doc, "rows"), 4);
	assert_json_str(r, "npc", "ZZZ");
	assert_json_str(json_object_get(r, "name"), "en", "Ruritania");
	assert_json_str(json_object_get(r, "name"), "zh", "Ruritania");
	assert_json_str(r, "printed", "Ruritania");
	assert_json_int(r, "points", 1);
	assert_json_int(json_object_get(doc, "totals"), "points", 392);
	json_decref(doc);
	teardown(&f);
}

/* Lines from the header to the totals all span the same columns. */
static void test_render__text_aligns_cjk_names_without_colour(void **state)
{
	struct fixture f;
	char *line, *save = NULL;
	int width = -1, n = 0;

	setup(&f, "zh", 0, NULL, NULL);
	f.view.caption = "奖牌榜";
	assert_int_equal(pd_render_text(&f.out, &f.view), 0);
	assert_null(strchr(f.out.data, '\033'));
	assert_non_null(strstr(f.out.data, "希腊*"));
	assert_non_null(strstr(f.out.data, "\n* 东道主\n"));
	assert_int_equal(strncmp(f.out.data, "奖牌榜\n", 10), 0);
	for (line = strtok_r(f.out.data + 10, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '*')
			break;
		if (width < 0)
			width = pd_buf_columns(line);
		assert_int_equal(pd_buf_columns(line), width);
		assert_true(line[strlen(line) - 1] != ' ');
		n++;
	}
	/* header, five rows, the rule, the totals */
	assert_int_equal(n, 8);
	teardown(&f);
}

static void test_render__text_ties_show_shared_rank(void **state)
{
	struct fixture f;

	setup(&f, "en", 0, NULL, NULL);
	assert_int_equal(pd_render_text(&f.out, &f.view), 0);
	assert_non_null(strstr(f.out.data, "   3  IND  India"));
	assert_non_null(strstr(f.out.data, "   3  JAM  Jamaica"));
	assert_non_null(strstr(f.out.data, "\n* host\n"));
	teardown(&f);
}

static void test_render__text_colour_only_when_asked(void **state)
{
	struct fixture f;

	setup(&f, "en", 0, "points", NULL);
	f.view.color = 1;
	assert_int_equal(pd_render_text(&f.out, &f.view), 0);
	assert_non_null(strstr(f.out.data, "\033[1m"));
	assert_non_null(strstr(f.out.data, "\033[33m63\033[0m"));
	assert_non_null(strstr(f.out.data, "Points"));
	teardown(&f);
}

static void test_render__markdown_table_with_remaining(void **state)
{
	struct fixture f;

	setup(&f, "en", 2, NULL, NULL);
	f.view.caption = "Test table";
	assert_int_equal(pd_render_markdown(&f.out, &f.view), 0);
	assert_string_equal(f.out.data,
			    "**Test table**\n"
			    "\n"
			    "| Rank | NPC | Gold | Silver | Bronze | Total |\n"
			    "| ---: | --- | ---: | ---: | ---: | ---: |\n"
			    "| 1 | China | 63 | 46 | 32 | 141 |\n"
			    "| 2 | Greece \\* | 6 | 16 | 20 | 42 |\n"
			    "| | Remaining | 2 | 0 | 3 | 5 |\n"
			    "| | **Total** | **71** | **62** | **55** | **188** |\n"
			    "\n"
			    "\\* host\n");
	teardown(&f);
}

static void test_render__markdown_escapes_pipe(void **state)
{
	struct fixture f;

	setup(&f, "en", 0, NULL, "A|B");
	assert_int_equal(pd_render_markdown(&f.out, &f.view), 0);
	assert_non_null(strstr(f.out.data, "| 5 | A\\|B | 0 | 0 | 1 | 1 |\n"));
	teardown(&f);
}

static void test_render__wikitext_medals_table_parameters(void **state)
{
	struct fixture f;

	setup(&f, "en", 2, NULL, NULL);
	f.view.caption = "Medal table";
	f.view.source = "IPC";
	assert_int_equal(pd_render_wikitext(&f.out, &f.view), 0);
	assert_string_equal(f.out.data,
		"{{Medals table\n"
		"| caption = Medal table\n"
		"| host = GRE\n"
		"| flag_template = flagPCteam\n"
		"| event = 2004 Summer\n"
		"| team = NPC\n"
		"| gold_CHN = 63 | silver_CHN = 46 | bronze_CHN = 32\n"
		"| gold_GRE = 6 | silver_GRE = 16 | bronze_GRE = 20"
		" | host_GRE = yes\n"
		"| gold_IND = 1 | silver_IND = 0 | bronze_IND = 1\n"
		"| gold_JAM = 1 | silver_JAM = 0 | bronze_JAM = 1\n"
		"| gold_ZZZ = 0 | silver_ZZZ = 0 | bronze_ZZZ = 1\n"
		"| show_limit = 2\n"
		"| remaining_link = 2004 Summer Paralympics medal table\n"
		"}}\n");
	teardown(&f);
}

/* A sanction's note goes on its NPC's line, or with the caption when the
 * NPC is no longer in the table, and the notelist follows. */
static void test_render__wikitext_notes_on_sanctions(void **state)
{
	const struct pd_view_note notes[] = {
		{ "GRE", "A's medal in 100m was reallocated: doping" },
		{ "XYZ", "B's medal in 200m was vacated: a | b" },
	};
	struct fixture f;

	setup(&f, "en", 0, NULL, NULL);
	f.view.caption = "T";
	f.view.notes = notes;
	f.view.nnotes = 2;
	assert_int_equal(pd_render_wikitext(&f.out, &f.view), 0);
	assert_non_null(strstr(f.out.data, "| caption = T{{efn|B's medal in "
					   "200m was vacated: a {{!}} b}}\n"));
	assert_non_null(strstr(f.out.data, " | host_GRE = yes | note_GRE = "
			       "{{efn|A's medal in 100m was reallocated: "
			       "doping}}\n"));
	assert_non_null(strstr(f.out.data, "}}\n{{notelist}}\n"));
	assert_null(strstr(f.out.data, "source"));
	teardown(&f);
}

static void test_render__csv_host_column_and_bom(void **state)
{
	struct fixture f;

	setup(&f, "en", 0, NULL, NULL);
	f.view.host_column = 1;
	f.view.bom = 1;
	assert_int_equal(pd_render_csv(&f.out, &f.view), 0);
	assert_int_equal(strncmp(f.out.data, "\xEF\xBB\xBFrank,npc,name,gold,"
				 "silver,bronze,total,host\n", 46), 0);
	assert_non_null(strstr(f.out.data, ",GRE,Greece,6,16,20,42,1\n"));
	assert_non_null(strstr(f.out.data, ",CHN,China,63,46,32,141,0\n"));
	/* a later block (--all-games) has neither header nor mark */
	pd_buf_reset(&f.out);
	f.view.no_header = 1;
	assert_int_equal(pd_render_csv(&f.out, &f.view), 0);
	assert_int_equal(strncmp(f.out.data, "1,CHN,", 6), 0);
	teardown(&f);
}

static void test_render__wikitext_olympic_winter_event(void **state)
{
	struct fixture f;

	setup(&f, "en", 0, NULL, NULL);
	f.view.games = "OW2006";
	f.view.host = NULL;
	assert_int_equal(pd_render_wikitext(&f.out, &f.view), 0);
	assert_non_null(strstr(f.out.data, "| flag_template = flagIOCteam\n"
					   "| event = 2006 Winter\n"));
	assert_null(strstr(f.out.data, "| host ="));
	assert_null(strstr(f.out.data, "show_limit"));
	f.view.games = "athens";
	pd_buf_reset(&f.out);
	assert_int_equal(pd_render_wikitext(&f.out, &f.view), 0);
	assert_null(strstr(f.out.data, "event"));
	teardown(&f);
}

static void test_render__html_escapes_names(void **state)
{
	struct fixture f;

	setup(&f, "en", 0, NULL, "<Ruritania> & \"Co\" 'x'");
	f.view.caption = "A & B";
	assert_int_equal(pd_render_html(&f.out, &f.view), 0);
	assert_int_equal(strncmp(f.out.data, "<!DOCTYPE html>\n", 16), 0);
	assert_non_null(strstr(f.out.data, "<html lang=\"en\">"));
	assert_non_null(strstr(f.out.data, "<meta charset=\"utf-8\">"));
	assert_non_null(strstr(f.out.data, "<caption>A &amp; B</caption>"));
	assert_non_null(strstr(f.out.data,
		"<th scope=\"row\">&lt;Ruritania&gt; &amp; &quot;Co&quot; "
		"&#39;x&#39;</th>"));
	assert_null(strstr(f.out.data, "<Ruritania>"));
	assert_non_null(strstr(f.out.data, "<th scope=\"col\">Gold</th>"));
	assert_non_null(strstr(f.out.data, "<tr class=\"host\">"));
	assert_non_null(strstr(f.out.data, "<tfoot>\n<tr><td></td>"
		"<th scope=\"row\">Total</th><td>71</td><td>62</td>"
		"<td>55</td><td>188</td></tr>\n</tfoot>"));
	assert_non_null(strstr(f.out.data, "</html>\n"));
	teardown(&f);
}

static void test_render__html_zh_page_has_lang_and_remaining(void **state)
{
	struct fixture f;

	setup(&f, "zh", 2, NULL, NULL);
	assert_int_equal(pd_render_html(&f.out, &f.view), 0);
	assert_non_null(strstr(f.out.data, "<html lang=\"zh\">"));
	assert_non_null(strstr(f.out.data, "<caption>奖牌榜</caption>"));
	assert_non_null(strstr(f.out.data, "<th scope=\"row\">其余</th>"));
	assert_non_null(strstr(f.out.data, "<th scope=\"row\">中国</th>"));
	teardown(&f);
}

static void test_render__every_format_ends_with_newline(void **state)
{
	const char *formats[] = { "text", "plain", "csv", "json", "markdown",
				  "wikitext", "html" };
	struct fixture f;
	size_t i;

	setup(&f, "zh", 0, NULL, NULL);
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		pd_buf_reset(&f.out);
		assert_int_equal(pd_render_lookup(formats[i], NULL)(&f.out,
								    &f.view),
				 0);
		assert_true(f.out.len > 0);
		assert_int_equal(f.out.data[f.out.len - 1], '\n');
	}
	teardown(&f);
}

static void test_render__buffer_limit_is_an_error(void **state)
{
	struct fixture f;

	setup(&f, "en", 0, NULL, NULL);
	f.out.max = 40;
	assert_int_equal(pd_render_plain(&f.out, &f.view), PD_ETOOBIG);
	pd_buf_reset(&f.out);
	assert_int_equal(pd_render_json(&f.out, &f.view), PD_ETOOBIG);
	pd_buf_reset(&f.out);
	assert_int_equal(pd_render_html(&f.out, &f.view), PD_ETOOBIG);
	teardown(&f);
}

/* A fixed field takes a value whole or not at all: a cut one would be
 * another value. */
static void test_render__strcopy_refuses_what_does_not_fit(void **state)
{
	char field[4] = "old";

	assert_int_equal(pd_strcopy(field, sizeof(field), "abcd"), -1);
	assert_string_equal(field, "old");
	assert_int_equal(pd_strcopy(field, sizeof(field), NULL), -1);
	assert_string_equal(field, "old");
	assert_int_equal(pd_strcopy(field, sizeof(field), "abc"), 0);
	assert_string_equal(field, "abc");
	assert_int_equal(pd_strcopy(field, sizeof(field), ""), 0);
	assert_string_equal(field, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_render__labels_zh_use_fullwidth_slash),
		cmocka_unit_test(test_render__lookup_finds_each_format),
		cmocka_unit_test(test_render__plain_tied_row_has_no_rank),
		cmocka_unit_test(test_render__plain_cut_table_has_remaining_line),
		cmocka_unit_test(test_render__csv_rows_without_totals),
		cmocka_unit_test(test_render__csv_quotes_comma_and_quote),
		cmocka_unit_test(test_render__json_round_trips_rows_and_totals),
		cmocka_unit_test(test_render__json_unknown_npc_named_by_printed),
		cmocka_unit_test(test_render__text_aligns_cjk_names_without_colour),
		cmocka_unit_test(test_render__text_ties_show_shared_rank),
		cmocka_unit_test(test_render__text_colour_only_when_asked),
		cmocka_unit_test(test_render__markdown_table_with_remaining),
		cmocka_unit_test(test_render__markdown_escapes_pipe),
		cmocka_unit_test(test_render__wikitext_medals_table_parameters),
		cmocka_unit_test(test_render__wikitext_olympic_winter_event),
		cmocka_unit_test(test_render__wikitext_notes_on_sanctions),
		cmocka_unit_test(test_render__csv_host_column_and_bom),
		cmocka_unit_test(test_render__html_escapes_names),
		cmocka_unit_test(test_render__html_zh_page_has_lang_and_remaining),
		cmocka_unit_test(test_render__every_format_ends_with_newline),
		cmocka_unit_test(test_render__buffer_limit_is_an_error),
		cmocka_unit_test(test_render__strcopy_refuses_what_does_not_fit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
