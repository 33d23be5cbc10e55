/* test_words.c -- the catalogue of words (words.h): a word in each
 * language from the .mo files built into the binary, a word with a
 * context, English where no catalogue has a word, the languages a tag
 * names; and a message made below the front ends said by its pattern. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "podium/msg_made.h"
#include "podium/render.h"
#include "podium/words.h"

static void test_words__each_language(void **state)
{
	assert_string_equal(pd_word("en", "Gold"), "Gold");
	assert_string_equal(pd_word("zh", "Gold"), "金牌");
	assert_string_equal(pd_word("fr", "Gold"), "Or");
	/* a format keeps its conversions */
	assert_string_equal(pd_word("fr", "unknown option '%s'"),
			    "option inconnue '%s'");
}

static void test_words__context_tells_two_senses(void **state)
{
	assert_string_equal(pd_word("zh", C_("column", "Total")), "总数");
	assert_string_equal(pd_word("zh", C_("sum row", "Total")), "总计");
	/* English is the word without its context */
	assert_string_equal(pd_word("en", C_("sum row", "Total")), "Total");
	assert_string_equal(pd_word("de", C_("desk", "Rank")), "Rank");
	assert_string_equal(pd_word("zh", C_("desk", "Rank")), "名次");
	assert_string_equal(pd_labels("zh")->rank, "排名");
	assert_string_equal(pd_labels("fr")->totals, "Total");
}

static void test_words__english_where_none(void **state)
{
	const char *w = "no such word in any catalogue";

	assert_ptr_equal(pd_word("fr", w), w);
	assert_ptr_equal(pd_word("de", "Gold"), pd_word("en", "Gold"));
	assert_ptr_equal(pd_word(NULL, "Gold"), pd_word("en", "Gold"));
	assert_string_equal(pd_word("zh", ""), "");
}

static void test_words__languages_a_tag_names(void **state)
{
	assert_string_equal(pd_lang("zh"), "zh");
	assert_string_equal(pd_lang("zh_CN.UTF-8"), "zh");
	assert_string_equal(pd_lang("fr-FR,fr;q=0.9"), "fr");
	assert_string_equal(pd_lang("fr"), "fr");
	assert_string_equal(pd_lang("en-GB"), "en");
	assert_null(pd_lang("fro"));
	assert_null(pd_lang("de"));
	assert_null(pd_lang(""));
	assert_null(pd_lang(NULL));
}

static void test_words__made_message_by_its_pattern(void **state)
{
	char out[256];
	const char *text = "no Games 'PG1900' in podium.db: see 'podium games'";

	assert_string_equal(pd_msg_made("fr", text, out, sizeof(out)),
			    "aucuns Jeux 'PG1900' dans podium.db : voir "
			    "'podium games'");
	/* zh names the texts in another order (%2$s ... %1$s) */
	assert_string_equal(pd_msg_made("zh", text, out, sizeof(out)),
			    "podium.db 中没有运动会 'PG1900'：参见 "
			    "'podium games'");
	assert_ptr_equal(pd_msg_made("en", text, out, sizeof(out)), text);
	assert_ptr_equal(pd_msg_made("fr", "not a pattern", out, sizeof(out)),
			 "not a pattern");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words__each_language),
		cmocka_unit_test(test_words__context_tells_two_senses),
		cmocka_unit_test(test_words__english_where_none),
		cmocka_unit_test(test_words__languages_a_tag_names),
		cmocka_unit_test(test_words__made_message_by_its_pattern),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
