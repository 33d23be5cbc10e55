/* test_csv.c -- the RFC 4180 reader and field quoting. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "podium/csv.h"

struct reader {
	struct pd_csv c;
	struct pd_diag d;
};

static void start(struct reader *r, const char *text)
{
	memset(&r->d, 0, sizeof(r->d));
	assert_int_equal(pd_csv_init(&r->c, text, strlen(text), "t.csv"), 0);
}

/* Read the next record and check its line and fields (NULL-ended). */
static void expect(struct reader *r, long line, ...)
{
	const char *want;
	va_list ap;
	size_t i = 0;

	assert_int_equal(pd_csv_next(&r->c, &r->d), 1);
	assert_int_equal(r->c.line, line);
	va_start(ap, line);
	while ((want = va_arg(ap, const char *)) != NULL) {
		if (i >= r->c.nf)
			fail_msg("record at line %ld has %zu fields, wanted "
				 "more", line, r->c.nf);
		assert_string_equal(r->c.f[i], want);
		i++;
	}
	va_end(ap);
	assert_int_equal(r->c.nf, i);
	assert_null(r->c.f[i]);
}

static void expect_end(struct reader *r)
{
	assert_int_equal(pd_csv_next(&r->c, &r->d), 0);
	assert_int_equal(pd_csv_next(&r->c, &r->d), 0);
	pd_csv_release(&r->c);
}

static void test_csv__plain_records(void **state)
{
	struct reader r;

	start(&r, "a,b,c\n1,2,3\n");
	expect(&r, 1, "a", "b", "c", NULL);
	expect(&r, 2, "1", "2", "3", NULL);
	expect_end(&r);
}

static void test_csv__quoted_fields_keep_comma_newline_quote(void **state)
{
	struct reader r;

	start(&r, "\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\n"
		  "\"\",\"\"\"\"\n");
	expect(&r, 1, "x, y", "say \"hi\"", "two\nlines", NULL);
	expect(&r, 3, "", "\"", NULL);
	expect_end(&r);
}

static void test_csv__crlf_line_ends(void **state)
{
	struct reader r;

	start(&r, "a,b\r\n\"q\",c\r\n\r\nd,\"e\r\nf\"\r\n");
	expect(&r, 1, "a", "b", NULL);
	expect(&r, 2, "q", "c", NULL);
	expect(&r, 4, "d", "e\r\nf", NULL);
	expect_end(&r);
}

static void test_csv__utf8_bom_skipped(void **state)
{
	struct reader r;

	start(&r, "\xEF\xBB\xBFname,金牌\n中国,63\n");
	expect(&r, 1, "name", "金牌", NULL);
	expect(&r, 2, "中国", "63", NULL);
	expect_end(&r);
	/* only at the start */
	start(&r, "a,\xEF\xBB\xBF" "b\n");
	expect(&r, 1, "a", "\xEF\xBB\xBF" "b", NULL);
	expect_end(&r);
}

static void test_csv__blank_lines_skipped_and_counted(void **state)
{
	struct reader r;

	start(&r, "\n\na\n\n\nb,c\n\n");
	expect(&r, 3, "a", NULL);
	expect(&r, 6, "b", "c", NULL);
	expect_end(&r);
}

static void test_csv__line_numbers_after_multiline_field(void **state)
{
	struct reader r;

	start(&r, "h1,h2\n"
		  "x,\"one\ntwo\nthree\"\n"
		  "y,z\n"
		  "\"a\n\nb\",c\n"
		  "last,row\n");
	expect(&r, 1, "h1", "h2", NULL);
	expect(&r, 2, "x", "one\ntwo\nthree", NULL);
	expect(&r, 5, "y", "z", NULL);
	expect(&r, 6, "a\n\nb", "c", NULL);
	expect(&r, 9, "last", "row", NULL);
	expect_end(&r);
}

static void test_csv__unterminated_quote_names_record_line(void **state)
{
	struct reader r;

	start(&r, "a,b\nc,d\ne,\"never closed,\nf,g\nh\n");
	expect(&r, 1, "a", "b", NULL);
	expect(&r, 2, "c", "d", NULL);
	assert_int_equal(pd_csv_next(&r.c, &r.d), PD_EPARSE);
	assert_string_equal(r.d.file, "t.csv");
	assert_int_equal(r.d.line, 3);
	assert_non_null(strstr(r.d.msg, "quoted field never closed"));
	pd_csv_release(&r.c);
}

static void test_csv__junk_after_closing_quote(void **state)
{
	struct reader r;

	start(&r, "a,b\n\"ok\",\"bad\"x,c\n");
	expect(&r, 1, "a", "b", NULL);
	assert_int_equal(pd_csv_next(&r.c, &r.d), PD_EPARSE);
	assert_int_equal(r.d.line, 2);
	assert_non_null(strstr(r.d.msg, "unexpected 'x' after a closing "
				       "quote"));
	pd_csv_release(&r.c);

	start(&r, "\"a\" ,b\n");
	assert_int_equal(pd_csv_next(&r.c, &r.d), PD_EPARSE);
	assert_int_equal(r.d.line, 1);
	assert_non_null(strstr(r.d.msg, "unexpected ' '"));
	pd_csv_release(&r.c);
}

static void test_csv__empty_fields(void **state)
{
	struct reader r;

	start(&r, ",,\na,\n,b\n\"\",x\n");
	expect(&r, 1, "", "", "", NULL);
	expect(&r, 2, "a", "", NULL);
	expect(&r, 3, "", "b", NULL);
	expect(&r, 4, "", "x", NULL);
	expect_end(&r);
}

static void test_csv__last_record_without_newline(void **state)
{
	struct reader r;

	start(&r, "a,b\nc,d");
	expect(&r, 1, "a", "b", NULL);
	expect(&r, 2, "c", "d", NULL);
	expect_end(&r);
	start(&r, "a,\"b\"");
	expect(&r, 1, "a", "b", NULL);
	expect_end(&r);
	start(&r, "a,");
	expect(&r, 1, "a", "", NULL);
	expect_end(&r);
}

static void test_csv__empty_input_has_no_records(void **state)
{
	struct reader r;

	start(&r, "");
	expect_end(&r);
	start(&r, "\n\r\n\n");
	expect_end(&r);
	start(&r, "\xEF\xBB\xBF");
	expect_end(&r);
}

/* The header fixes the width: a row cut short or with a field too many
 * is refused at its line; a trailing empty field is no field. */
static void test_csv__width_set_by_header(void **state)
{
	struct reader r;

	start(&r, "a,b,c\n1,2,3,\n4,5,6,\n4,5,6\n7,8\n");
	expect(&r, 1, "a", "b", "c", NULL);
	pd_csv_set_width(&r.c);
	expect(&r, 2, "1", "2", "3", NULL);
	expect(&r, 3, "4", "5", "6", NULL);
	expect(&r, 4, "4", "5", "6", NULL);
	assert_int_equal(pd_csv_next(&r.c, &r.d), PD_EPARSE);
	assert_int_equal(r.d.line, 5);
	assert_non_null(strstr(r.d.msg, "row has 2 fields, the header 3"));
	pd_csv_release(&r.c);

	start(&r, "a,b,c,\n1,\"x, y\",3\n1,x, y,3\n");
	expect(&r, 1, "a", "b", "c", "", NULL);
	pd_csv_set_width(&r.c);
	assert_int_equal(r.c.nf, 3);
	expect(&r, 2, "1", "x, y", "3", NULL);
	assert_int_equal(pd_csv_next(&r.c, &r.d), PD_EPARSE);
	assert_int_equal(r.d.line, 3);
	assert_non_null(strstr(r.d.msg, "row has 4 fields, the header 3: "
				       "quote a field that holds a comma"));
	pd_csv_release(&r.c);

	/* rows that end at the last column: an empty field more is a comma
	 * too many in a row whose last column is empty */
	start(&r, "a,b,c\n1,2,\n3,x, y,\n");
	expect(&r, 1, "a", "b", "c", NULL);
	pd_csv_set_width(&r.c);
	expect(&r, 2, "1", "2", "", NULL);
	assert_int_equal(pd_csv_next(&r.c, &r.d), PD_EPARSE);
	assert_int_equal(r.d.line, 3);
	assert_non_null(strstr(r.d.msg, "row has 4 fields, the header 3: "
				       "quote a field that holds a comma, or "
				       "remove the extra fields (the last one "
				       "is empty"));
	pd_csv_release(&r.c);

	/* the first row is the one: the next ends at the last column */
	start(&r, "a,b,c\n3,x, y,\n1,2,\n");
	expect(&r, 1, "a", "b", "c", NULL);
	pd_csv_set_width(&r.c);
	assert_int_equal(pd_csv_next(&r.c, &r.d), PD_EPARSE);
	assert_int_equal(r.d.line, 2);
	pd_csv_release(&r.c);

	/* a single row with a trailing comma */
	start(&r, "a,b,c\n1,2,3,\n");
	expect(&r, 1, "a", "b", "c", NULL);
	pd_csv_set_width(&r.c);
	expect(&r, 2, "1", "2", "3", NULL);
	expect_end(&r);

	/* two empty fields past the last column are one field too many */
	start(&r, "a,b\n1,2,,\n");
	expect(&r, 1, "a", "b", NULL);
	pd_csv_set_width(&r.c);
	assert_int_equal(pd_csv_next(&r.c, &r.d), PD_EPARSE);
	pd_csv_release(&r.c);
}

static void test_csv__spaces_are_kept(void **state)
{
	struct reader r;

	start(&r, " a , b \n");
	expect(&r, 1, " a ", " b ", NULL);
	expect_end(&r);
}

static void test_csv__too_many_fields_is_toobig(void **state)
{
	char text[PD_CSV_MAX_FIELDS + 2];
	struct reader r;

	/* PD_CSV_MAX_FIELDS commas: one field too many */
	memset(text, ',', PD_CSV_MAX_FIELDS);
	text[PD_CSV_MAX_FIELDS] = '\n';
	text[PD_CSV_MAX_FIELDS + 1] = '\0';
	start(&r, text);
	assert_int_equal(pd_csv_next(&r.c, &r.d), PD_ETOOBIG);
	assert_int_equal(r.d.line, 1);
	pd_csv_release(&r.c);

	text[PD_CSV_MAX_FIELDS - 1] = '\n';
	text[PD_CSV_MAX_FIELDS] = '\0';
	start(&r, text);
	assert_int_equal(pd_csv_next(&r.c, &r.d), 1);
	assert_int_equal(r.c.nf, PD_CSV_MAX_FIELDS);
	pd_csv_release(&r.c);
}

static void assert_quoted(const char *in, const char *want)
{
	struct pd_buf b;

	pd_buf_init(&b, 0);
	assert_int_equal(pd_csv_quote(&b, in), 0);
	assert_string_equal(b.data, want);
	pd_buf_release(&b);
}

static void test_csv__quote_only_when_needed(void **state)
{
	assert_quoted("China", "China");
	assert_quoted("", "");
	assert_quoted("中国 香港", "中国 香港");
	assert_quoted("Hong Kong, China", "\"Hong Kong, China\"");
	assert_quoted("say \"hi\"", "\"say \"\"hi\"\"\"");
	assert_quoted("\"", "\"\"\"\"");
	assert_quoted("two\nlines", "\"two\nlines\"");
	assert_quoted("cr\r", "\"cr\r\"");
}

static void test_csv__quote_round_trips_through_reader(void **state)
{
	static const char *const fields[] = {
		"plain", "a, b", "\"q\"", "x\ny", "",
	};
	struct reader r;
	struct pd_buf b;
	size_t i;

	pd_buf_init(&b, 0);
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		if (i)
			assert_int_equal(pd_buf_addc(&b, ','), 0);
		assert_int_equal(pd_csv_quote(&b, fields[i]), 0);
	}
	assert_int_equal(pd_buf_addc(&b, '\n'), 0);
	start(&r, b.data);
	expect(&r, 1, "plain", "a, b", "\"q\"", "x\ny", "", NULL);
	expect_end(&r);
	pd_buf_release(&b);
}

static void test_csv__quote_respects_buffer_limit(void **state)
{
	struct pd_buf b;

	pd_buf_init(&b, 4);
	assert_int_equal(pd_csv_quote(&b, "a,b,c"), PD_ETOOBIG);
	pd_buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv__plain_records),
		cmocka_unit_test(test_csv__quoted_fields_keep_comma_newline_quote),
		cmocka_unit_test(test_csv__crlf_line_ends),
		cmocka_unit_test(test_csv__utf8_bom_skipped),
		cmocka_unit_test(test_csv__blank_lines_skipped_and_counted),
		cmocka_unit_test(test_csv__line_numbers_after_multiline_field),
		cmocka_unit_test(test_csv__unterminated_quote_names_record_line),
		cmocka_unit_test(test_csv__junk_after_closing_quote),
		cmocka_unit_test(test_csv__empty_fields),
		cmocka_unit_test(test_csv__last_record_without_newline),
		cmocka_unit_test(test_csv__empty_input_has_no_records),
		cmocka_unit_test(test_csv__width_set_by_header),
		cmocka_unit_test(test_csv__spaces_are_kept),
		cmocka_unit_test(test_csv__too_many_fields_is_toobig),
		cmocka_unit_test(test_csv__quote_only_when_needed),
		cmocka_unit_test(test_csv__quote_round_trips_through_reader),
		cmocka_unit_test(test_csv__quote_respects_buffer_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
