/* test_app.c -- the application layer (src/app) on a temporary store: the
 * writes both front ends make, what they tell their caller, the shared
 * documents and the tokens. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "podium/app.h"
#include "app_fixture.h"
#include "podium/entries.h"

static const char registry_tsv[] =
	"CAN\tcurrent\tCanada\t加拿大\t\n"
	"CHN\tcurrent\tChina\t中国\t\n"
	"JAM\tcurrent\tJamaica\t牙买加\t\n"
	"USA\tcurrent\tUnited States\t美国\t\n";

static const struct pd_who who = { "test", "test_app", NULL, 0, NULL };

static int setup(void **state)
{
	return fixture_open(state, registry_tsv);
}

struct told {
	char games[16];
	size_t calls, done, total;
};

static void progress(void *arg, size_t done, size_t total)
{
	struct told *t = arg;

	t->calls++;
	t->done = done;
	t->total = total;
}

static long version_of(struct fixture *f, const char *games)
{
	struct pd_games g;
	long v;

	assert_int_equal(pd_store_games_get(f->s, games, &g, &f->d), 0);
	v = g.version;
	pd_games_release(&g);
	return v;
}

static void test_app__event_add_makes_games_from_bundled_list(void **state)
{
	struct fixture *f = *state;
	struct pd_event_input in = { "Athletics", "100 m", "M", NULL, NULL,
				     NULL, NULL, 0, NULL };
	struct pd_games g;
	long id = 0, version = 0;

	assert_int_equal(pd_op_event_add(f->s, "PG2004", &in, NULL, &who, NULL,
					 &id, &version, &f->d), 0);
	assert_true(id > 0);
	assert_int_equal(version, 1);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &g, &f->d), 0);
	assert_string_equal(g.host, "GRE");
	pd_games_release(&g);
}

/* A code neither the store nor the bundled list knows is a typo: refused,
 * the closest codes named, and no Games made. */
static void test_app__event_add_refuses_an_unknown_games(void **state)
{
	struct fixture *f = *state;
	struct pd_event_input in = { "Judo", "-60 kg", "M", NULL, NULL, NULL,
				     NULL, 0, NULL };
	struct pd_games g;
	long id = 0;

	assert_int_equal(pd_op_event_add(f->s, "PG2042", &in, NULL, &who,
					 NULL, &id, NULL, &f->d),
			 PD_ENOTFOUND);
	assert_non_null(strstr(f->d.msg, "did you mean PG2012"));
	assert_int_equal(pd_store_games_get(f->s, "PG2042", &g, NULL),
			 PD_ENOTFOUND);
}

/* Adding an event again changes nothing, status included: it once set an
 * official event back to scheduled, and its medals went. */
static void test_app__event_add_again_changes_nothing(void **state)
{
	struct fixture *f = *state;
	struct pd_event_input in = { "Athletics", "100 m", "M", "T11", NULL,
				     NULL, "official", 0, NULL };
	struct pd_event_info e;
	long a = 0, b = 0, v = 0;
	int same = 1;

	assert_int_equal(pd_op_event_add(f->s, "PG2004", &in, &same, &who,
					 NULL, &a, NULL, &f->d), 0);
	assert_int_equal(same, 0);
	in.status = "scheduled";
	in.sport_class = NULL;		/* not given: agrees */
	assert_int_equal(pd_op_event_add(f->s, "PG2004", &in, &same, &who,
					 NULL, &b, &v, &f->d), 0);
	assert_int_equal(same, 1);
	assert_int_equal(a, b);
	assert_int_equal(v, 1);
	assert_int_equal(version_of(f, "PG2004"), 1);
	assert_int_equal(pd_store_event_get(f->s, a, &e, &f->d), 0);
	assert_string_equal(e.status, "official");
	pd_event_info_release(&e);
}

static void test_app__event_add_again_refuses_a_differing_field(
	void **state)
{
	struct fixture *f = *state;
	struct pd_event_input in = { "Athletics", "100 m", "M", "T11", NULL,
				     NULL, NULL, 0, NULL };
	long a = 0, b = 0;

	assert_int_equal(pd_op_event_add(f->s, "PG2004", &in, NULL, &who,
					 NULL, &a, NULL, &f->d), 0);
	in.sport_class = "T12";
	assert_int_equal(pd_op_event_add(f->s, "PG2004", &in, NULL, &who,
					 NULL, &b, NULL, &f->d), PD_EEXISTS);
	assert_int_equal(a, b);
	assert_non_null(strstr(f->d.msg, "with class 'T11', not 'T12'"));
	in.sport_class = "T11";
	in.policy = "capped";
	assert_int_equal(pd_op_event_add(f->s, "PG2004", &in, NULL, &who,
					 NULL, &b, NULL, &f->d), PD_EEXISTS);
	assert_non_null(strstr(f->d.msg, "with policy"));
	assert_int_equal(version_of(f, "PG2004"), 1);
}

static void test_app__event_add_refuses_a_bad_gender(void **state)
{
	struct fixture *f = *state;
	struct pd_event_input in = { "Athletics", "100 m", "Q", NULL, NULL,
				     NULL, NULL, 0, NULL };
	struct pd_games g;
	long id = 0;

	assert_int_equal(pd_op_event_add(f->s, "PG2004", &in, NULL, &who, NULL,
					 &id, NULL, &f->d), PD_EINVAL);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &g, NULL),
			 PD_ENOTFOUND);
}

static const char athlete_events[] =
	"\"ID\",\"Name\",\"Sex\",\"Age\",\"Height\",\"Weight\",\"Team\","
	"\"NOC\",\"Games\",\"Year\",\"Season\",\"City\",\"Sport\",\"Event\","
	"\"Medal\"\n"
	"\"1\",\"A\",\"M\",29,195,94,\"Jamaica\",\"JAM\",\"2016 Summer\",2016,"
	"\"Summer\",\"Rio\",\"Athletics\",\"Athletics Men's 100 metres\","
	"\"Gold\"\n"
	"\"2\",\"B\",\"M\",34,185,79,\"United States\",\"USA\",\"2016 Summer\","
	"2016,\"Summer\",\"Rio\",\"Athletics\",\"Athletics Men's 100 metres\","
	"\"Silver\"\n"
	"\"3\",\"C\",\"M\",21,176,70,\"Canada\",\"CAN\",\"2016 Summer\",2016,"
	"\"Summer\",\"Rio\",\"Athletics\",\"Athletics Men's 100 metres\","
	"\"Bronze\"\n";

static void test_app__entries_import_reports_progress_to_the_end(
	void **state)
{
	struct fixture *f = *state;
	struct told t = { "", 0, 0, 0 };
	struct pd_op_notify nt = { .progress = progress, .arg = &t };
	struct pd_op_import_counts n;
	struct pd_csv_opts opts;
	struct pd_entry_set set;

	memset(&opts, 0, sizeof(opts));
	memset(&set, 0, sizeof(set));
	assert_int_equal(pd_athlete_events_parse(&set, athlete_events,
						 strlen(athlete_events),
						 "ae.csv", &f->reg, NULL,
						 &opts, &f->d), 0);
	assert_int_equal(pd_op_entries_import(f->s, &set, "ae", PD_SOURCE_ONLY,
					      &who, &nt, &n, &f->d), 0);
	assert_int_equal(n.games, 1);
	assert_int_equal(n.medals, 3);
	assert_true(t.calls > 0);
	assert_int_equal(t.done, t.total);
	assert_int_equal(version_of(f, "OG2016"), 1);
	pd_entries_release(&set);
}

static void test_app__caption_of_a_sport_is_never_the_published_one(
	void **state)
{
	struct pd_games g;
	struct pd_published p;
	char out[128];

	(void)state;
	memset(&g, 0, sizeof(g));
	memset(&p, 0, sizeof(p));
	g.name_en = "Athens 2004";
	g.name_zh = "";
	p.caption = "As printed";
	strcpy(p.lang, "en");
	pd_caption(out, sizeof(out), &g, NULL, &p, "en", NULL);
	assert_string_equal(out, "As printed");
	pd_caption(out, sizeof(out), &g, NULL, &p, "en", "Judo");
	assert_string_equal(out, "Athens 2004 medal table — Judo");
	pd_caption(out, sizeof(out), &g, NULL, &p, "zh", NULL);
	assert_string_equal(out, "Athens 2004奖牌榜");
	pd_caption(out, sizeof(out), NULL, "file.txt", NULL, "en", NULL);
	assert_string_equal(out, "file.txt medal table");
}

/* Nothing is null but what is unknown: a Games without a published
 * table has none to name in "table". */
static void test_app__stats_document_has_the_api_keys_and_no_nulls(
	void **state)
{
	struct pd_games_stats st;
	struct pd_games g;
	struct pd_buf b;

	(void)state;
	memset(&st, 0, sizeof(st));
	memset(&g, 0, sizeof(g));
	strcpy(g.code, "PG2004");
	g.name_en = g.start = g.end = "";
	pd_buf_init(&b, 0);
	assert_int_equal(pd_doc_stats(&b, &g, 7, &st, NULL, 0), 0);
	assert_int_equal(pd_buf_addc(&b, '\0'), 0);
	assert_non_null(strstr(b.data, "\"version\":7"));
	assert_non_null(strstr(b.data, "\"npcs_medal\":0"));
	assert_non_null(strstr(b.data, "\"record_types\":{}"));
	char *t = strstr(b.data, ",\"table\":{\"source\":null,\"events\":0,"
			 "\"of\":null}");
	assert_non_null(t);
	*t = '\0';
	assert_null(strstr(b.data, "null"));
	assert_null(strchr(b.data, '\n'));
	pd_buf_release(&b);
}

static void test_app__an_issued_token_checks_and_another_does_not(
	void **state)
{
	struct fixture *f = *state;
	struct pd_token_info t;
	char text[PD_TOKEN_TEXT];

	assert_int_equal(pd_token_issue(f->s, "desk", PD_ROLE_ADMIN, text,
					&f->d), 0);
	assert_int_equal(strncmp(text, "pdt_", 4), 0);
	assert_int_equal(pd_token_check(f->s, text, &t, &f->d), 0);
	assert_string_equal(t.name, "desk");
	assert_int_equal(t.role, PD_ROLE_ADMIN);
	text[5] ^= 1;
	assert_int_equal(pd_token_check(f->s, text, &t, &f->d), PD_ENOTFOUND);
	pd_token_forget(text);
	assert_int_equal(text[0], 0);
	assert_int_equal(pd_token_issue(f->s, "desk", PD_ROLE_OPERATOR, text,
					&f->d), PD_EEXISTS);
}

/* A write as of a version the Games has moved on from is refused, says
 * the version it is at, and writes nothing; as of the current one, it
 * lands. */
static void test_app__a_write_as_of_an_old_version_is_refused(void **state)
{
	struct fixture *f = *state;
	struct pd_event_input in = { "Athletics", "100 m", "M", NULL, NULL,
				     NULL, NULL, 0, NULL };
	struct pd_who as_of = who;
	struct pd_op_done done;
	long id = 0, version = 0, v;

	pd_op_done_init(&done);
	assert_int_equal(pd_op_event_add(f->s, "PG2004", &in, NULL, &who, NULL,
					 &id, &version, &f->d), 0);
	assert_int_equal(pd_op_event_status(f->s, id, "live", &who,
					    &done, &f->d), 0);
	v = version_of(f, "PG2004");
	assert_int_equal(v, 2);
	as_of.expect = v - 1;	/* (0 would be any version) */
	assert_int_equal(pd_op_event_status(f->s, id, "unofficial", &as_of,
					    &done, &f->d), PD_EMOVED);
	assert_non_null(strstr(f->d.msg, "is at version 2, not 1: nothing was "
			       "written"));
	assert_int_equal(version_of(f, "PG2004"), v);
	as_of.expect = v;
	assert_int_equal(pd_op_event_status(f->s, id, "unofficial", &as_of,
					    &done, &f->d), 0);
	assert_int_equal(done.version, v + 1);
	assert_int_equal(version_of(f, "PG2004"), v + 1);
	pd_op_done_release(&done);
}

/* While a published table awards more events than the results cover,
 * it stands for the Games; once they cover them, the results do. */
static void test_app__cover_keeps_the_published_table_until_complete(
	void **state)
{
	struct pd_cover c = { "", "seed", 1, 519 };

	(void)state;
	pd_cover_decide(&c);
	assert_string_equal(c.source, "seed");
	c.done = 519;
	pd_cover_decide(&c);
	assert_string_equal(c.source, "");
	c.published[0] = '\0';
	c.done = 0;
	pd_cover_decide(&c);
	assert_string_equal(c.source, "");
}

/* An official event moved back loses its medals: the write needs a
 * reason, and without one writes nothing. */
static void test_app__moving_an_official_event_back_needs_a_reason(
	void **state)
{
	struct fixture *f = *state;
	struct pd_event_input in = { "Athletics", "100 m", "M", NULL, NULL,
				     NULL, "official", 0, NULL };
	struct pd_who why = { "test", "test_app", "photo finish", 0, NULL };
	struct pd_op_done done;
	long id = 0, version = 0, v;

	pd_op_done_init(&done);
	assert_int_equal(pd_op_event_add(f->s, "PG2004", &in, NULL, &who, NULL,
					 &id, &version, &f->d), 0);
	v = version_of(f, "PG2004");
	assert_int_equal(pd_op_event_status(f->s, id, "live", &who, &done,
					    &f->d), PD_EINVAL);
	assert_non_null(strstr(f->d.msg, "needs a reason"));
	assert_int_equal(version_of(f, "PG2004"), v);
	assert_int_equal(pd_op_event_status(f->s, id, "live", &why, &done,
					    &f->d), 0);
	assert_int_equal(version_of(f, "PG2004"), v + 1);
	/* to official, and from another status, none is needed */
	assert_int_equal(pd_op_event_status(f->s, id, "protested", &who,
					    &done, &f->d), 0);
	assert_int_equal(pd_op_event_status(f->s, id, "official", &who,
					    &done, &f->d), 0);
	pd_op_done_release(&done);
}

/* One result written alone is answered from the event's results as they
 * were with its row put in (app_snap_with), not read again, and those
 * are kept for the next write (pd_op_keep): its changes, medals and words
 * must be those of the same write made as a list of one, which reads the
 * results again.  Two stores take the same writes, under each policy,
 * through ties, IRMs (one in lower case, which the store's order puts
 * last), unranked rows, results rewritten, a write that changes nothing,
 * and a write made without the keep, which the keep must not hide. */
struct one_write {
	const char *npc, *name, *irm;
	long rank;
	int has_rank;
};

static void test_app__one_result_alone_says_what_a_list_of_one_says(
	void **state)
{
	static const struct one_write w[] = {
		{ "JAM", "Ann", NULL, 1, 1 }, { "USA", "Bea", NULL, 2, 1 },
		{ "CAN", "Cy", NULL, 2, 1 }, { "CHN", "Di", NULL, 0, 1 },
		{ "USA", "Ed", "DSQ", 3, 1 }, { "JAM", "Ann", "DNF", 0, 0 },
		{ "CAN", "Fay", NULL, 4, 1 }, { "CAN", "Cy", NULL, 5, 1 },
		{ "CHN", "Gus", "dsq", 0, 1 }, { "USA", "Bea", NULL, 2, 1 },
		{ "JAM", "Ann", "", 3, 1 }, { "CHN", "Hal", NULL, 3, 1 },
		{ "USA", "Ed", "", 0, 0 }, { "CHN", "Di", "DNS", 0, 0 },
	};
	static const char *const policy[] = { "standard", "two-bronzes",
					      "capped" };
	struct fixture *f = *state, *g = NULL;
	void *second = NULL;
	struct pd_result_input in;
	struct pd_op_done a, b;
	struct pd_op_keep keep = { NULL };
	size_t p, i, k;
	long ea, eb, version;

	assert_int_equal(fixture_open(&second, registry_tsv), 0);
	g = second;
	for (p = 0; p < 3; p++) {
		struct pd_event_input ev = { "Athletics", policy[p], "M", NULL,
					     NULL, policy[p], "official", 0,
					     NULL };

		assert_int_equal(pd_op_event_add(f->s, "PG2004", &ev, NULL,
						 &who, NULL, &ea, &version,
						 &f->d), 0);
		assert_int_equal(pd_op_event_add(g->s, "PG2004", &ev, NULL,
						 &who, NULL, &eb, &version,
						 &g->d), 0);
		assert_int_equal(ea, eb);
		for (i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
			memset(&in, 0, sizeof(in));
			in.npc = w[i].npc;
			in.name = w[i].name;
			in.irm = w[i].irm;
			in.rank = w[i].rank;
			in.has_rank = w[i].has_rank;
			pd_op_done_init(&a);
			pd_op_done_init(&b);
			assert_int_equal(pd_op_result_set_kept(f->s, &f->reg,
							       ea, &in, &who,
							       &keep, &a,
							       &f->d), 0);
			assert_int_equal(pd_op_results_patch(g->s, &g->reg, eb,
							     &in, 1, &who, &b,
							     &g->d), 0);
			assert_int_equal(a.version, b.version);
			assert_int_equal(a.unchanged, b.unchanged);
			assert_string_equal(a.changes, b.changes);
			assert_string_equal(a.medals, b.medals);
			assert_int_equal(a.said.n, b.said.n);
			for (k = 0; k < a.said.n; k++)
				assert_string_equal(a.said.v[k], b.said.v[k]);
			pd_op_done_release(&a);
			pd_op_done_release(&b);
			if (i != 7)
				continue;
			memset(&in, 0, sizeof(in));
			in.npc = "CHN";
			in.name = "Ivy";
			in.rank = 1;
			in.has_rank = 1;
			assert_int_equal(pd_op_results_patch(f->s, &f->reg, ea,
							     &in, 1, &who, NULL,
							     &f->d), 0);
			assert_int_equal(pd_op_results_patch(g->s, &g->reg, eb,
							     &in, 1, &who, NULL,
							     &g->d), 0);
		}
	}
	pd_op_keep_release(&keep);
	teardown(&second);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_app__event_add_makes_games_from_bundled_list),
		T(test_app__event_add_refuses_an_unknown_games),
		T(test_app__event_add_again_changes_nothing),
		T(test_app__event_add_again_refuses_a_differing_field),
		T(test_app__event_add_refuses_a_bad_gender),
		T(test_app__entries_import_reports_progress_to_the_end),
		T(test_app__caption_of_a_sport_is_never_the_published_one),
		T(test_app__stats_document_has_the_api_keys_and_no_nulls),
		T(test_app__an_issued_token_checks_and_another_does_not),
		T(test_app__a_write_as_of_an_old_version_is_refused),
		T(test_app__cover_keeps_the_published_table_until_complete),
		T(test_app__moving_an_official_event_back_needs_a_reason),
		T(test_app__one_result_alone_says_what_a_list_of_one_says),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
