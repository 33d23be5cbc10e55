/* test_label.c -- the two rules for what enters podium (label.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "podium/label.h"

static void test_label__identifiers(void **state)
{
	struct pd_diag d;
	char long_label[PD_IDENT_MAX + 2];

	assert_int_equal(pd_ident_check("source label", "seed", &d), 0);
	assert_int_equal(pd_ident_check("source label", "ipc-2004_v1.2", &d),
			 0);
	assert_int_equal(pd_ident_check("source label", "ipc\n", &d),
			 PD_EPARSE);
	assert_non_null(strstr(d.msg, "'ipc\\x0A'"));
	assert_int_equal(pd_ident_check("token name", "a b", &d), PD_EPARSE);
	assert_int_equal(pd_ident_check("token name", "", &d), PD_EPARSE);
	assert_non_null(strstr(d.msg, "token name is empty"));
	assert_int_equal(pd_ident_check("x", "-rf", &d), PD_EPARSE);
	assert_int_equal(pd_ident_check("x", ".hidden", &d), PD_EPARSE);
	assert_int_equal(pd_ident_check("x", "中文", &d), PD_EPARSE);
	memset(long_label, 'a', sizeof(long_label) - 1);
	long_label[PD_IDENT_MAX] = '\0';
	assert_int_equal(pd_ident_check("x", long_label, &d), 0);
	long_label[PD_IDENT_MAX] = 'a';
	long_label[PD_IDENT_MAX + 1] = '\0';
	assert_int_equal(pd_ident_check("x", long_label, &d), PD_EPARSE);
	assert_non_null(strstr(d.msg, "at most 64"));
}

static void test_label__source_results_is_reserved(void **state)
{
	struct pd_diag d;

	assert_int_equal(pd_source_check("results", &d), PD_EPARSE);
	assert_non_null(strstr(d.msg, "reserved"));
	assert_int_equal(pd_source_check("results2", &d), 0);
}

static void test_label__names_of_real_data(void **state)
{
	static const char *const ok[] = {
		"Canoe / Kayak F", "Beach volley.", "游泳", "PETITCLERC, Chantal",
		"Wang \"Fish\" Fang", "Ōkubo Chōji", "O'Brien", "Zoë",
		"Men's 100 m T54", "",
	};
	struct pd_diag d;
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		assert_int_equal(pd_name_check("name", ok[i], PD_NAME_MAX, 1,
					       &d), 0);
	assert_int_equal(pd_name_check("name", NULL, PD_NAME_MAX, 0, &d), 0);
	assert_int_equal(pd_name_check("name", "", PD_NAME_MAX, 0, &d),
			 PD_EPARSE);
}

static void test_label__names_refuse_what_forges_output(void **state)
{
	static const char *const bad[] = {
		"a\tb", "a\nb", "a\rb", "\x1b[2J", "a\x7f", "a\xc2\x85",
		"bad \xff utf8", "\xc3", "a\xe2\x80\xa8line", "evil\xe2\x80\xaeoverride",
		"iso\xe2\x81\xa6late",
	};
	struct pd_diag d;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(pd_name_check("athlete name", bad[i],
					       PD_NAME_MAX, 1, &d), PD_EPARSE);
		assert_non_null(strstr(d.msg, "athlete name"));
	}
	assert_int_equal(pd_name_check("x", "a\nb", 10, 1, &d), PD_EPARSE);
	assert_non_null(strstr(d.msg, "byte 2"));
}

static void test_label__names_have_a_length_limit(void **state)
{
	char s[PD_NAME_MAX + 2];
	struct pd_diag d;

	memset(s, 'x', sizeof(s));
	s[PD_NAME_MAX] = '\0';
	assert_int_equal(pd_name_check("x", s, PD_NAME_MAX, 1, &d), 0);
	s[PD_NAME_MAX] = 'x';
	s[PD_NAME_MAX + 1] = '\0';
	assert_int_equal(pd_name_check("x", s, PD_NAME_MAX, 1, &d), PD_EPARSE);
	assert_non_null(strstr(d.msg, "201 bytes: at most 200"));
}

static void test_label__escape_shows_bytes_and_cuts_at_a_character(void **state)
{
	char out[64];

	pd_text_escape(out, sizeof(out), "ok\ttab\n\x1b" "游泳");
	assert_string_equal(out, "ok\\x09tab\\x0A\\x1B游泳");
	pd_text_escape(out, sizeof(out), "\xff");
	assert_string_equal(out, "\\xFF");
	pd_text_escape(out, 10, "游泳游泳游泳");
	assert_string_equal(out, "游泳...");	/* 6 + 3 + NUL */
	assert_true(pd_text_is_clean("游泳", strlen("游泳")));
	assert_false(pd_text_is_clean("a\nb", 3));
}

/* A competitor's name: any script and accent, never an invisible format
 * character (Unicode Cf) nor white space alone (issue 27.8). */
static void test_label__person_refuses_format_characters_and_blanks(
	void **state)
{
	static const char *const ok[] = {
		"Zhang Lixin", "Zoé Thérèse", "张丽", "Ｗｕ", "Ana-María O'Neil",
		"محمد", "X Æ",
	};
	static const char *const cf[] = {
		"Zhang\xe2\x80\x8bLixin",	/* U+200B */
		"Zhang\xe2\x80\x8f",		/* U+200F */
		"\xd8\x9cZhang",		/* U+061C */
		"\xef\xbb\xbfZhang",		/* U+FEFF */
		"Zh\xc2\xad" "ang",		/* U+00AD */
		"Zh\xe2\x80\x8d" "ang",		/* U+200D */
		"Zh\xe2\x81\xa0" "ang",		/* U+2060 */
	};
	static const char *const blank[] = {
		" ", "   ", "\xc2\xa0", "\xe3\x80\x80", " \xe2\x80\x83 ",
	};
	struct pd_diag d;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(ok) / sizeof(*ok); i++)
		assert_int_equal(pd_person_check("name", ok[i], &d), 0);
	for (i = 0; i < sizeof(cf) / sizeof(*cf); i++) {
		assert_int_equal(pd_person_check("name", cf[i], &d), PD_EPARSE);
		assert_non_null(strstr(d.msg, "invisible format character"));
	}
	for (i = 0; i < sizeof(blank) / sizeof(*blank); i++) {
		assert_int_equal(pd_person_check("name", blank[i], &d),
				 PD_EPARSE);
		assert_non_null(strstr(d.msg, "blank"));
	}
	assert_int_equal(pd_person_check("name", "", &d), PD_EPARSE);
	/* and what every name refuses, a bidirectional override too */
	assert_int_equal(pd_person_check("name", "a\xe2\x80\xae" "b", &d),
			 PD_EPARSE);
}

static void test_label__fold_turns_line_breaks_into_a_space(void **state)
{
	char a[] = "Smith,\r\nJohn", b[] = "two  spaces kept",
	     c[] = "\tlead and trail\n", d[] = "a \t b";

	assert_string_equal(pd_name_fold(a), "Smith, John");
	assert_string_equal(pd_name_fold(b), "two  spaces kept");
	assert_string_equal(pd_name_fold(c), " lead and trail ");
	assert_string_equal(pd_name_fold(d), "a b");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_label__identifiers),
		cmocka_unit_test(test_label__source_results_is_reserved),
		cmocka_unit_test(test_label__names_of_real_data),
		cmocka_unit_test(test_label__names_refuse_what_forges_output),
		cmocka_unit_test(test_label__names_have_a_length_limit),
		cmocka_unit_test(test_label__escape_shows_bytes_and_cuts_at_a_character),
		cmocka_unit_test(test_label__person_refuses_format_characters_and_blanks),
		cmocka_unit_test(test_label__fold_turns_line_breaks_into_a_space),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
