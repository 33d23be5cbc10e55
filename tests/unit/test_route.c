/* test_route.c -- a request's URL read once (src/http/route.h): which
 * kind of address, which Games, view, page and write, and each part's
 * rule (an id from 1, a code that fits), as the readers of the URL took
 * them before route.c was theirs. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "../../src/http/route.h"

static struct route parse(const char *url)
{
	struct route rt;

	route_parse(url, &rt);
	return rt;
}

static void test_route__writes(void **state)
{
	struct route rt = parse("/api/games/pg2004/events/12/results");

	assert_int_equal(rt.kind, RT_API);
	assert_string_equal(rt.games, "PG2004");
	assert_int_equal(rt.write, W_RESULTS);
	assert_int_equal(rt.event, 12);
	assert_string_equal(route_allowed(&rt), "DELETE, PATCH, POST");
	assert_int_equal(parse("/api/games").write, W_GAMES);
	assert_int_equal(parse("/api/games/").write, W_NONE);
	rt = parse("/api/games/og2028");
	assert_int_equal(rt.write, W_GAMES_ONE);
	assert_string_equal(rt.games, "OG2028");
	assert_null(rt.rest);		/* a GET of it is 404 */
	assert_int_equal(parse("/api/games/X/events/3/status").write,
			 W_STATUS);
	assert_string_equal(route_allowed(&(struct route){ .kind = RT_API,
			    .write = W_SANCTIONS }), "POST");
	/* a write's event starts 1-9; a read's may be 05 */
	rt = parse("/api/games/X/events/05/matches");
	assert_int_equal(rt.write, W_NONE);
	assert_int_equal(rt.view, RV_MATCHES);
	assert_int_equal(rt.event, 5);
	assert_string_equal(route_allowed(&rt), "GET, HEAD, OPTIONS");
}

static void test_route__views(void **state)
{
	struct route rt = parse("/api/games/PG2004/npcs/chn");

	assert_int_equal(rt.view, RV_NPC);
	assert_string_equal(rt.npc, "CHN");
	assert_int_equal(parse("/api/games/PG2004/npcs/TOOLONGCODE").view,
			 RV_NONE);
	assert_int_equal(parse("/api/games/PG2004/events/0").view,
			 RV_NO_EVENT);
	assert_int_equal(parse("/api/games/PG2004/athletes/x").view,
			 RV_NO_ATHLETE);
	assert_int_equal(parse("/api/games/PG2004/facts/check").view,
			 RV_FACTS_CHECK);
	assert_int_equal(parse("/api/games/PG2004/stream").view, RV_STREAM);
	rt = parse("/api/games/ABCDEFGHIJKLMNOPQ/standings");
	assert_int_equal(rt.long_code, 1);
	assert_null(rt.rest);
	assert_int_equal(parse("/api/gamesX").kind, RT_NONE);
	assert_null(route_allowed(&(struct route){ .kind = RT_NONE }));
}

static void test_route__pages(void **state)
{
	struct route rt = parse("/games/pg2004/events/7");

	assert_int_equal(rt.kind, RT_SITE);
	assert_int_equal(rt.format, RF_HTML);
	assert_string_equal(rt.games, "PG2004");
	assert_int_equal(rt.view, RV_PAGE_EVENT);
	assert_int_equal(rt.event, 7);
	/* a page's id starts 1-9 */
	assert_int_equal(parse("/games/PG2004/events/07").view, RV_NONE);
	assert_int_equal(parse("/games").view, RV_PAGE_LIST);
	assert_int_equal(parse("/games/").view, RV_PAGE_LIST);
	assert_int_equal(parse("/").view, RV_PAGE_ROOT);
	assert_int_equal(parse("/index.html").view, RV_PAGE_ROOT);
	assert_int_equal(parse("/games/PG2004").view, RV_PAGE_TABLE);
	assert_int_equal(parse("/games/PG2004/about").view, RV_PAGE_ABOUT);
	assert_string_equal(parse("/games/PG2004/npcs/gbr").npc, "GBR");
	assert_int_equal(parse("/games/ABCDEFGHIJKLMNOPQ").long_code, 1);
	assert_int_equal(parse("/gamesX").kind, RT_NONE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_route__writes),
		cmocka_unit_test(test_route__views),
		cmocka_unit_test(test_route__pages),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
