/* test_ae_split.c -- athlete_events.c read by two threads (read_split()):
 * the same set as one thread gives, record for record, and the same first
 * error, on files whose middle falls inside a quoted field with line
 * breaks, that fool the count of quotes, or hold bad lines in either half.
 * opts.split_min forces the split on these small files (1) or keeps one
 * thread (SIZE_MAX); the set's `split` says which way it was read. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/entries.h"

static const char registry_tsv[] =
	"CHN\tcurrent\tChina\t中国\t\n"
	"FRA\tcurrent\tFrance\t法国\t\n"
	"GBR\tcurrent\tGreat Britain\t英国\t\n"
	"USA\tcurrent\tUnited States\t美国\t\n";

#define COLS 15
#define ROWS 4000

/* A row's column replaced: row -1 is none. */
struct change {
	int row, col;
	const char *value;
};

/* What a file is made of: ROWS rows in Kaggle's quoting, athletes two
 * rows each (rows 2k and 2k+1), medals and team medals among them;
 * long_at (or -1) holds a Name of long_len bytes, quoted, with line
 * breaks and doubled quotes; stray_at (or -1) an unquoted Age holding
 * a quote. */
struct gen {
	int long_at, stray_at;
	size_t long_len;
	const struct change *changes;	/* ends with row -1 */
	char *data;
	size_t len, header, long_from, long_to;	/* where the long Name is */
};

static const char *const nocs[4] = { "CHN", "FRA", "GBR", "USA" };

static void put(char **p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	*p += vsprintf(*p, fmt, ap);
	va_end(ap);
}

static const char *changed(const struct gen *g, int row, int col)
{
	const struct change *c;

	for (c = g->changes; c && c->row >= 0; c++)
		if (c->row == row && c->col == col)
			return c->value;
	return NULL;
}

static void generate(struct gen *g)
{
	char *p, v[COLS][96];
	const char *medal[9] = { "Gold", "Silver", "Bronze", "Gold", "NA",
				 "NA", "NA", "NA", "NA" };
	int i, k;

	assert_non_null(g->data = malloc(ROWS * 400 + g->long_len * 2 + 512));
	p = g->data;
	put(&p, "\"ID\",\"Name\",\"Sex\",\"Age\",\"Height\",\"Weight\","
	    "\"Team\",\"NOC\",\"Games\",\"Year\",\"Season\",\"City\","
	    "\"Sport\",\"Event\",\"Medal\"\n");
	g->header = (size_t)(p - g->data);
	for (i = 0; i < ROWS; i++) {
		int year = 1896 + 4 * (i % 29), ev = (i / 3) % 37;
		int noc = (i / 6) % 4;

		sprintf(v[0], "\"%d\"", i / 2 + 1);
		sprintf(v[1], "\"Athlete %d\"", i / 2);
		sprintf(v[2], "\"%s\"", (i / 2) % 3 ? "M" : "F");
		sprintf(v[3], i == g->stray_at ? "2\"4" : "%d", 20 + i % 9);
		strcpy(v[4], "NA");
		strcpy(v[5], "NA");
		/* two boats of one NOC in some events, a tab in a few names */
		sprintf(v[6], "\"%s%s\"", i % 13 == 0 ? "Team\t" : "Team ",
			nocs[noc]);
		if (i % 5 == 0)
			strcpy(v[6] + strlen(v[6]) - 1, "-2\"");
		sprintf(v[7], "\"%s\"", nocs[noc]);
		sprintf(v[8], "\"%d Summer\"", year);
		sprintf(v[9], "%d", year);
		strcpy(v[10], "\"Summer\"");
		strcpy(v[11], "\"City\"");
		sprintf(v[12], "\"Sport %d\"", ev % 5);
		sprintf(v[13], "\"Sport %d %s's Event %d\"", ev % 5,
			ev % 2 ? "Men" : "Women", ev);
		sprintf(v[14], "%s", medal[(i / 4) % 9]);
		for (k = 0; k < COLS; k++) {
			const char *c = changed(g, i, k);

			if (k == 1 && i == g->long_at) {
				size_t n;

				put(&p, "\"");
				g->long_from = (size_t)(p - g->data);
				for (n = 0; n < g->long_len; n += 40)
					put(&p, "a name, \"\"quoted\"\"\nover "
					    "lines %6zu ", n);
				g->long_to = (size_t)(p - g->data);
				put(&p, "\",");
				continue;
			}
			put(&p, "%s%s", c ? c : v[k], k + 1 < COLS ? "," :
			    "\n");
		}
	}
	g->len = (size_t)(p - g->data);
}

struct fixture {
	struct pd_registry reg;
	struct pd_csv_opts opts;
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

	pd_registry_release(&f->reg);
	return 0;
}

static int parse(struct fixture *f, const struct gen *g, size_t split_min,
		 struct pd_entry_set *out, struct pd_diag *d)
{
	memset(d, 0, sizeof(*d));
	f->opts.split_min = split_min;
	return pd_athlete_events_parse(out, g->data, g->len, "ae.csv",
				       &f->reg, NULL, &f->opts, d);
}

/* Record for record, string for string. */
static void assert_same_set(const struct pd_entry_set *a,
			    const struct pd_entry_set *b)
{
	size_t i, k;

	assert_int_equal(a->rows, b->rows);
	assert_int_equal(a->ngames, b->ngames);
	for (i = 0; i < a->ngames; i++)
		assert_string_equal(a->games[i], b->games[i]);
	assert_int_equal(a->nevents, b->nevents);
	for (i = 0; i < a->nevents; i++) {
		assert_int_equal(a->events[i].games, b->events[i].games);
		assert_string_equal(a->events[i].sport, b->events[i].sport);
		assert_string_equal(a->events[i].name, b->events[i].name);
		assert_string_equal(a->events[i].gender, b->events[i].gender);
		assert_int_equal(a->events[i].team, b->events[i].team);
	}
	assert_int_equal(a->nathletes, b->nathletes);
	for (i = 0; i < a->nathletes; i++) {
		assert_string_equal(a->athletes[i].ext, b->athletes[i].ext);
		assert_string_equal(a->athletes[i].name, b->athletes[i].name);
		assert_string_equal(a->athletes[i].gender,
				    b->athletes[i].gender);
		assert_string_equal(a->athletes[i].npc, b->athletes[i].npc);
	}
	assert_int_equal(a->nresults, b->nresults);
	for (i = 0; i < a->nresults; i++) {
		const struct pd_entry_result *x = &a->results[i];
		const struct pd_entry_result *y = &b->results[i];

		assert_int_equal(x->event, y->event);
		assert_string_equal(x->npc, y->npc);
		assert_string_equal(x->name, y->name);
		assert_int_equal(x->athlete, y->athlete);
		assert_int_equal(x->team, y->team);
		assert_int_equal(x->rank, y->rank);
		assert_int_equal(x->line, y->line);
		assert_int_equal(x->rows, y->rows);
		assert_int_equal(x->nmembers, y->nmembers);
		for (k = 0; k < x->nmembers; k++)
			assert_int_equal(a->members[x->member + k],
					 b->members[y->member + k]);
	}
}

/* Both ways: the same set; split says which way two threads went. */
static void assert_same_both_ways(struct fixture *f, struct gen *g,
				  int split)
{
	struct pd_entry_set one, two;
	struct pd_diag d;

	if (parse(f, g, SIZE_MAX, &one, &d) < 0)
		fail_msg("%s:%ld: %s", d.file, d.line, d.msg);
	if (parse(f, g, 1, &two, &d) < 0)
		fail_msg("%s:%ld: %s", d.file, d.line, d.msg);
	assert_int_equal(one.split, 0);
	assert_int_equal(two.split, split);
	assert_true(one.nresults > ROWS / 3);
	assert_same_set(&one, &two);
	pd_entries_release(&one);
	pd_entries_release(&two);
}

/* The middle of the rows is inside a quoted Name with line breaks and
 * doubled quotes: the second part starts after its record. */
static void test_split__middle_inside_a_quoted_field(void **state)
{
	struct gen g = { .long_at = ROWS / 2 - 200, .stray_at = -1,
			 .long_len = 200000 };
	size_t mid;

	generate(&g);
	mid = g.header + (g.len - g.header) / 2;
	assert_true(mid > g.long_from && mid < g.long_to);
	assert_same_both_ways(*state, &g, 1);
	free(g.data);
}

/* A quote inside an unquoted field (which the reader keeps as a
 * character) before the middle makes the count of quotes odd: the guess
 * then falls inside the quoted Name after the middle, the first part's
 * reader does not end a record there, and it reads on alone. */
static void test_split__stray_quote_reads_on_alone(void **state)
{
	struct gen g = { .long_at = ROWS / 2 + 200, .stray_at = 10,
			 .long_len = 4000 };

	generate(&g);
	assert_true(g.header + (g.len - g.header) / 2 < g.long_from);
	assert_same_both_ways(*state, &g, 0);
	free(g.data);
}

static void test_split__plain_file(void **state)
{
	struct gen g = { .long_at = -1, .stray_at = -1 };

	generate(&g);
	assert_same_both_ways(*state, &g, 1);
	free(g.data);
}

/* The file with changes: both ways fail with ret, at line, with the same
 * message (or both succeed with the same set when ret is 0).  The file
 * without them is read by two threads. */
static void assert_first_error(struct fixture *f,
			       const struct change *changes, int ret,
			       long line, const char *msg)
{
	struct gen g = { .long_at = -1, .stray_at = -1 };
	struct pd_entry_set one, two;
	struct pd_diag d1, d2;

	generate(&g);
	assert_int_equal(parse(f, &g, 1, &two, &d2), 0);
	assert_int_equal(two.split, 1);
	pd_entries_release(&two);
	free(g.data);
	g.changes = changes;
	generate(&g);
	assert_int_equal(parse(f, &g, SIZE_MAX, &one, &d1), ret);
	assert_int_equal(parse(f, &g, 1, &two, &d2), ret);
	if (ret == 0) {
		assert_int_equal(two.split, 1);
		assert_same_set(&one, &two);
		pd_entries_release(&one);
		pd_entries_release(&two);
	} else {
		assert_int_equal(d1.line, line);
		assert_int_equal(d2.line, line);
		assert_string_equal(d1.msg, d2.msg);
		assert_non_null(strstr(d2.msg, msg));
	}
	free(g.data);
}

/* Rows r are at line r + 2 (the header is line 1). */
#define LINE(r) ((long)(r) + 2)

static void test_split__error_in_the_second_half(void **state)
{
	const struct change c[] = { { 3 * ROWS / 4, 7, "\"XYZ\"" },
				    { -1, 0, NULL } };

	assert_first_error(*state, c, PD_ENOTFOUND, LINE(3 * ROWS / 4),
			   "XYZ");
}

static void test_split__first_of_two_errors_wins(void **state)
{
	const struct change c[] = { { ROWS / 4, 14, "Tin" },
				    { 3 * ROWS / 4, 7, "\"XYZ\"" },
				    { -1, 0, NULL } };
	const struct change d[] = { { 3 * ROWS / 4, 14, "Tin" },
				    { 3 * ROWS / 4 + 7, 7, "\"XYZ\"" },
				    { -1, 0, NULL } };

	assert_first_error(*state, c, PD_EPARSE, LINE(ROWS / 4), "Tin");
	assert_first_error(*state, d, PD_EPARSE, LINE(3 * ROWS / 4), "Tin");
}

/* A Sex is checked on an athlete's first row only: a bad one on a later
 * row of an athlete the first half knows is no error, on the first row
 * of one new in the second half it is, before a later error of that
 * half and after an earlier one, and before a bad Event on its row. */
static void test_split__bad_sex_of_a_known_or_new_athlete(void **state)
{
	const struct change known[] = { { 3 * ROWS / 4, 0, "\"7\"" },
					{ 3 * ROWS / 4, 2, "\"Q\"" },
					{ -1, 0, NULL } };
	const struct change later[] = { { 3 * ROWS / 4, 2, "\"Q\"" },
					{ 3 * ROWS / 4 + 9, 7, "\"XYZ\"" },
					{ -1, 0, NULL } };
	const struct change earlier[] = { { 3 * ROWS / 4 - 9, 7, "\"XYZ\"" },
					  { 3 * ROWS / 4, 2, "\"Q\"" },
					  { -1, 0, NULL } };
	const struct change same_row[] = { { 3 * ROWS / 4, 2, "\"Q\"" },
					   { 3 * ROWS / 4, 13, "\"\"" },
					   { -1, 0, NULL } };

	assert_first_error(*state, known, 0, 0, NULL);
	assert_first_error(*state, later, PD_EPARSE, LINE(3 * ROWS / 4),
			   "Sex 'Q'");
	assert_first_error(*state, earlier, PD_ENOTFOUND,
			   LINE(3 * ROWS / 4 - 9), "XYZ");
	assert_first_error(*state, same_row, PD_EPARSE, LINE(3 * ROWS / 4),
			   "Sex 'Q'");
}

/* A record whose field count is off, in the second half. */
static void test_split__field_count_in_the_second_half(void **state)
{
	const struct change c[] = { { ROWS - 100, 14, "NA,extra" },
				    { -1, 0, NULL } };

	assert_first_error(*state, c, PD_EPARSE, LINE(ROWS - 100), "fields");
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_split__plain_file),
		T(test_split__middle_inside_a_quoted_field),
		T(test_split__stray_quote_reads_on_alone),
		T(test_split__error_in_the_second_half),
		T(test_split__first_of_two_errors_wins),
		T(test_split__bad_sex_of_a_known_or_new_athlete),
		T(test_split__field_count_in_the_second_half),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
