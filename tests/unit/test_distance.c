/* test_distance.c -- the one edit distance of "did you mean"
 * (distance.h): code points, and the two rules its callers differ in. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "podium/distance.h"

static void test_distance__edits(void **state)
{
	assert_int_equal(pd_distance("table", "table", 0), 0);
	assert_int_equal(pd_distance("", "abc", 0), 3);
	assert_int_equal(pd_distance("impot", "import", 0), 1);
	assert_int_equal(pd_distance("kitten", "sitting", 0), 3);
}

static void test_distance__swap(void **state)
{
	/* two swapped neighbours: one edit with SWAP, two without */
	assert_int_equal(pd_distance("tabel", "table", PD_DISTANCE_SWAP), 1);
	assert_int_equal(pd_distance("tabel", "table", 0), 2);
	/* the Games codes' rule: PG2042 is two edits from PG2024 */
	assert_int_equal(pd_distance("PG2042", "PG2024", PD_DISTANCE_FOLD),
			 2);
}

static void test_distance__fold(void **state)
{
	assert_int_equal(pd_distance("pg2004", "PG2004", PD_DISTANCE_FOLD),
			 0);
	assert_int_equal(pd_distance("pg2004", "PG2004", 0), 2);
	/* beyond ASCII too: É is é */
	assert_int_equal(pd_distance("\xC3\x89t\xC3\xA9", "\xC3\xA9t\xC3\xA9",
				     PD_DISTANCE_FOLD), 0);
}

static void test_distance__code_points(void **state)
{
	/* a CJK character or an accented letter is one edit, not 2 or 3 */
	assert_int_equal(pd_distance("英过", "英国", 0), 1);
	assert_int_equal(pd_distance("tabl\xC3\xA9", "table", 0), 1);
	/* a byte that is not UTF-8 is a character of its own */
	assert_int_equal(pd_distance("tabl\xE9", "table", 0), 1);
	assert_int_equal(pd_distance("tabl\xE9", "tabl\xE9", 0), 0);
}

static void test_distance__too_long(void **state)
{
	char a[PD_DISTANCE_MAX + 2];

	memset(a, 'a', PD_DISTANCE_MAX);
	a[PD_DISTANCE_MAX] = '\0';
	assert_int_equal(pd_distance(a, "", 0), PD_DISTANCE_MAX);
	a[PD_DISTANCE_MAX] = 'a';
	a[PD_DISTANCE_MAX + 1] = '\0';
	assert_true(pd_distance(a, a, 0) == PD_DISTANCE_FAR);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance__edits),
		cmocka_unit_test(test_distance__swap),
		cmocka_unit_test(test_distance__fold),
		cmocka_unit_test(test_distance__code_points),
		cmocka_unit_test(test_distance__too_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
