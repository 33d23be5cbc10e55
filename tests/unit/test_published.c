/* test_published.c -- checking a printed medal table against itself. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "podium/published.h"

/* A printed row: line, rank (0: none printed), name, counts, total. */
struct prow {
	long line;
	long rank;
	const char *name;
	long g, s, b, total;
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Build a table from rows; totals are printed on the line after the last
 * row unless totals is NULL. */
static void make(struct pd_published *p, const struct prow *rows, size_t n,
		 const long *totals)
{
	size_t i;

	pd_published_init(p);
	for (i = 0; i < n; i++) {
		long m[3] = { rows[i].g, rows[i].s, rows[i].b };

		assert_int_equal(pd_published_add(p, rows[i].line,
						  rows[i].rank != 0,
						  rows[i].rank, rows[i].name,
						  m, rows[i].total, NULL), 0);
	}
	if (totals) {
		p->has_totals = 1;
		p->totals_line = rows[n - 1].line + 1;
		memcpy(p->totals, totals, sizeof(p->totals));
	}
}

static void check(const struct pd_published *p, const struct pd_scheme *s,
		  struct pd_problems *out)
{
	pd_problems_init(out);
	assert_int_equal(pd_published_check(p, s, out), 0);
}

static void assert_problem(const struct pd_problems *pr, size_t i, long line,
			   const char *phrase)
{
	assert_true(i < pr->n);
	assert_int_equal(pr->v[i].line, line);
	if (!strstr(pr->v[i].msg, phrase))
		fail_msg("problem %zu '%s' lacks '%s'", i, pr->v[i].msg,
			 phrase);
}

/* 1 2 2 4, a tie without rank and one carrying the shared rank. */
static const struct prow good[] = {
	{ 3, 1, "China", 63, 46, 32, 141 },
	{ 4, 2, "Great Britain", 35, 30, 30, 95 },
	{ 5, 3, "India", 1, 0, 1, 2 },
	{ 6, 0, "Jamaica", 1, 0, 1, 2 },
	{ 7, 3, "Turkey", 1, 0, 1, 2 },
	{ 8, 6, "Bosnia", 1, 0, 0, 1 },
};
static const long good_totals[4] = { 102, 76, 65, 243 };

static void test_published__consistent_table_has_no_problems(void **state)
{
	struct pd_published p;
	struct pd_problems pr;

	make(&p, good, N(good), good_totals);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 0);
	pd_problems_release(&pr);
	pd_published_release(&p);
}

static void test_published__add_copies_name_and_fields(void **state)
{
	struct pd_published_row *row = NULL;
	struct pd_published p;
	char name[] = "Hong Kong, China";
	long m[3] = { 11, 7, 1 };

	pd_published_init(&p);
	assert_int_equal(pd_published_add(&p, 19, 1, 17, name, m, 19, &row),
			 0);
	name[0] = 'X';
	assert_ptr_equal(row, &p.rows[0]);
	assert_int_equal(p.n, 1);
	assert_string_equal(row->name, "Hong Kong, China");
	assert_string_equal(row->npc, "");
	assert_int_equal(row->line, 19);
	assert_int_equal(row->has_rank, 1);
	assert_int_equal(row->rank, 17);
	assert_int_equal(row->medals[2], 1);
	assert_int_equal(row->total, 19);
	pd_published_release(&p);
	assert_int_equal(p.n, 0);
	assert_null(p.rows);
}

static void test_published__row_total_wrong(void **state)
{
	static const struct prow rows[] = {
		{ 3, 1, "China", 63, 46, 32, 141 },
		{ 4, 2, "Great Britain", 35, 30, 30, 96 },
		{ 5, 3, "Canada", 28, 19, 25, -1 },
	};
	struct pd_published p;
	struct pd_problems pr;

	make(&p, rows, N(rows), NULL);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 1);
	assert_problem(&pr, 0, 4, "Great Britain: total 96 is not gold + "
		       "silver + bronze = 95");
	pd_problems_release(&pr);
	pd_published_release(&p);
}

static void test_published__rank_not_competition_rank(void **state)
{
	static const struct prow rows[] = {
		{ 3, 1, "A", 3, 0, 0, 3 },
		{ 4, 2, "B", 2, 0, 0, 2 },
		{ 5, 2, "C", 2, 0, 0, 2 },
		{ 6, 3, "D", 1, 0, 0, 1 },
	};
	struct pd_published p;
	struct pd_problems pr;

	make(&p, rows, N(rows), NULL);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 1);
	assert_problem(&pr, 0, 6, "D: rank 3 should be 4 (competition "
		       "ranking)");
	pd_problems_release(&pr);
	pd_published_release(&p);
}

static void test_published__tied_row_with_wrong_rank(void **state)
{
	static const struct prow rows[] = {
		{ 3, 1, "A", 3, 0, 0, 3 },
		{ 4, 2, "B", 2, 0, 0, 2 },
		{ 5, 3, "C", 2, 0, 0, 2 },
		{ 6, 4, "D", 1, 0, 0, 1 },
	};
	struct pd_published p;
	struct pd_problems pr;

	make(&p, rows, N(rows), NULL);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 1);
	assert_problem(&pr, 0, 5, "C ties the row above, so its rank is 2, "
		       "not 3");
	pd_problems_release(&pr);
	pd_published_release(&p);
}

static void test_published__tied_row_without_rank_is_fine(void **state)
{
	static const struct prow rows[] = {
		{ 1, 1, "A", 1, 1, 1, 3 },
		{ 2, 0, "B", 1, 1, 1, 3 },
		{ 3, 0, "C", 1, 1, 1, 3 },
		{ 4, 4, "D", 0, 0, 1, 1 },
	};
	struct pd_published p;
	struct pd_problems pr;

	make(&p, rows, N(rows), NULL);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 0);
	pd_problems_release(&pr);
	pd_published_release(&p);
}

static void test_published__tied_row_with_shared_rank_is_fine(void **state)
{
	static const struct prow rows[] = {
		{ 1, 1, "A", 2, 0, 0, 2 },
		{ 2, 2, "B", 1, 1, 1, 3 },
		{ 3, 2, "C", 1, 1, 1, 3 },
		{ 4, 0, "D", 1, 1, 1, 3 },
		{ 5, 5, "E", 0, 0, 1, 1 },
	};
	struct pd_published p;
	struct pd_problems pr;

	make(&p, rows, N(rows), NULL);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 0);
	pd_problems_release(&pr);
	pd_published_release(&p);
}

static void test_published__new_rank_without_rank_printed(void **state)
{
	static const struct prow rows[] = {
		{ 10, 1, "A", 2, 0, 0, 2 },
		{ 11, 0, "B", 1, 0, 0, 1 },
		{ 12, 3, "C", 0, 1, 0, 1 },
	};
	struct pd_published p;
	struct pd_problems pr;

	make(&p, rows, N(rows), NULL);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 1);
	assert_problem(&pr, 0, 11, "B starts rank 2 but prints no rank");
	pd_problems_release(&pr);
	pd_published_release(&p);
}

static void test_published__row_out_of_order(void **state)
{
	static const struct prow rows[] = {
		{ 3, 1, "A", 5, 0, 0, 5 },
		{ 4, 2, "B", 1, 2, 3, 6 },
		{ 5, 3, "C", 2, 0, 0, 2 },
		{ 6, 4, "D", 0, 1, 0, 1 },
	};
	struct pd_published p;
	struct pd_problems pr;

	make(&p, rows, N(rows), NULL);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 1);
	assert_problem(&pr, 0, 5, "C (2 0 0) ranks above B (1 2 3) but is "
		       "listed below it");
	pd_problems_release(&pr);
	pd_published_release(&p);
}

static void test_published__totals_row_off_in_one_column(void **state)
{
	static const long silver_off[4] = { 102, 77, 65, 243 };
	static const long total_off[4] = { 102, 76, 65, 242 };
	struct pd_published p;
	struct pd_problems pr;

	/* a slip in silver: the silver is wrong, the total (the rows'
	 * 243) is not, and each wrong number is reported once */
	make(&p, good, N(good), silver_off);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 1);
	assert_problem(&pr, 0, 9, "totals row: silver 77, but the rows add "
		       "up to 76");
	pd_problems_release(&pr);
	pd_published_release(&p);

	/* a slip in the total column alone: once */
	make(&p, good, N(good), total_off);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 1);
	assert_problem(&pr, 0, 9, "totals row: total 242, but the rows add "
		       "up to 243");
	pd_problems_release(&pr);
	pd_published_release(&p);
}

/* A row's wrong total is that row's problem; the totals row, which
 * prints the rows' true sum, is right (it was reported as well). */
static void test_published__wrong_row_total_reported_once(void **state)
{
	static const struct prow rows[] = {
		{ 3, 1, "China", 63, 46, 32, 142 },
		{ 4, 2, "Great Britain", 35, 30, 30, 95 },
	};
	static const long totals[4] = { 98, 76, 62, 236 };
	struct pd_published p;
	struct pd_problems pr;

	make(&p, rows, N(rows), totals);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 1);
	assert_problem(&pr, 0, 3, "China: total 142");
	pd_problems_release(&pr);
	pd_problems_init(&pr);
	assert_int_equal(pd_published_check_sums(&p, &pr), 0);
	assert_int_equal(pr.n, 1);
	pd_problems_release(&pr);
	pd_published_release(&p);
}

/* A source without ranks (a CSV with no rank column) is not wrong about
 * them; its order still counts. */
static void test_published__no_ranks_checks_no_ranks(void **state)
{
	static const struct prow rows[] = {
		{ 2, 0, "China", 5, 3, 2, 10 },
		{ 3, 0, "Japan", 1, 1, 1, 3 },
		{ 4, 0, "Canada", 2, 0, 0, 2 },
	};
	struct pd_published p;
	struct pd_problems pr;

	make(&p, rows, N(rows), NULL);
	p.no_ranks = 1;
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 1);
	assert_problem(&pr, 0, 4, "listed below");
	pd_problems_release(&pr);
	pd_published_release(&p);
}

/* Ordered by total: wrong under gold-first, right under total-first. */
static const struct prow by_total[] = {
	{ 2, 1, "B", 1, 2, 3, 6 },
	{ 3, 2, "A", 5, 0, 0, 5 },
	{ 4, 3, "C", 0, 2, 2, 4 },
	{ 5, 0, "D", 0, 2, 2, 4 },
};

static void test_published__check_under_total_scheme(void **state)
{
	struct pd_scheme total = { PD_SCHEME_TOTAL, { 0, 0, 0 } };
	struct pd_published p;
	struct pd_problems pr;

	make(&p, by_total, N(by_total), NULL);
	check(&p, &total, &pr);
	assert_int_equal(pr.n, 0);
	pd_problems_release(&pr);

	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 1);
	assert_problem(&pr, 0, 3, "A (5 0 0) ranks above B (1 2 3)");
	pd_problems_release(&pr);
	pd_published_release(&p);
}

static void test_published__problems_come_in_line_order(void **state)
{
	static const struct prow rows[] = {
		{ 3, 1, "A", 3, 0, 0, 4 },
		{ 4, 1, "B", 2, 0, 0, 2 },
		{ 5, 0, "C", 1, 0, 0, 1 },
	};
	static const long totals[4] = { 6, 0, 0, 7 };
	struct pd_published p;
	struct pd_problems pr;

	make(&p, rows, N(rows), totals);
	check(&p, NULL, &pr);
	assert_int_equal(pr.n, 4);
	assert_problem(&pr, 0, 3, "A: total 4 is not");
	assert_problem(&pr, 1, 4, "B: rank 1 should be 2");
	assert_problem(&pr, 2, 5, "C starts rank 3 but prints no rank");
	assert_problem(&pr, 3, 6, "totals row: total 7, but the rows add up "
		       "to 6");
	pd_problems_release(&pr);
	pd_published_release(&p);
}

static void test_published__tally_takes_resolved_rows(void **state)
{
	struct pd_published_row *row;
	struct pd_published p;
	struct pd_tally t;
	long m1[3] = { 1, 2, 3 }, m2[3] = { 0, 0, 1 };

	pd_published_init(&p);
	assert_int_equal(pd_published_add(&p, 1, 1, 1, "中国", m1, 6, &row),
			 0);
	strcpy(row->npc, "CHN");
	assert_int_equal(pd_published_add(&p, 2, 1, 2, "Atlantis", m2, 1,
					  &row), 0);
	pd_tally_init(&t);
	assert_int_equal(pd_published_tally(&p, &t), 0);
	assert_int_equal(t.n, 1);
	assert_string_equal(t.rows[0].npc, "CHN");
	assert_string_equal(t.rows[0].printed, "中国");
	assert_int_equal(t.rows[0].medals[0], 1);
	assert_int_equal(t.rows[0].medals[2], 3);
	pd_tally_release(&t);
	pd_published_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_published__consistent_table_has_no_problems),
		cmocka_unit_test(test_published__add_copies_name_and_fields),
		cmocka_unit_test(test_published__row_total_wrong),
		cmocka_unit_test(test_published__rank_not_competition_rank),
		cmocka_unit_test(test_published__tied_row_with_wrong_rank),
		cmocka_unit_test(test_published__tied_row_without_rank_is_fine),
		cmocka_unit_test(test_published__tied_row_with_shared_rank_is_fine),
		cmocka_unit_test(test_published__new_rank_without_rank_printed),
		cmocka_unit_test(test_published__row_out_of_order),
		cmocka_unit_test(test_published__totals_row_off_in_one_column),
		cmocka_unit_test(test_published__check_under_total_scheme),
		cmocka_unit_test(test_published__problems_come_in_line_order),
		cmocka_unit_test(test_published__tally_takes_resolved_rows),
		cmocka_unit_test(test_published__wrong_row_total_reported_once),
		cmocka_unit_test(test_published__no_ranks_checks_no_ranks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
