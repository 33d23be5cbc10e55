/* test_facts.c -- stated figures: the facts file format, numbers as each
 * language writes them, what contradicts what (src/core/facts.c,
 * facts_check.c), and the bundled Athens 2004 facts against the report
 * they quote (../shared/data/seed, skipped when absent). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/buf.h"
#include "podium/facts.h"

static void parse(struct pd_facts *l, const char *text)
{
	struct pd_diag d = { "", 0, "" };

	if (pd_facts_tsv_parse(l, text, strlen(text), "t.tsv", &d) < 0)
		fail_msg("%s:%ld: %s", d.file, d.line, d.msg);
}

static void test_facts__tsv_round_trip(void **state)
{
	static const char text[] =
		"# a comment\r\n"
		"PG2004\tathletes\t3969\tathletes\t\tseed\treport ¶1\t3969名\n"
		"\n"
		"PG2004\tofficials.ipc\t2200\tpeople\tabout\tseed\treport ¶5\n";
	struct pd_facts l, again;
	struct pd_buf b;

	(void)state;
	pd_facts_init(&l);
	pd_facts_init(&again);
	pd_buf_init(&b, 0);
	parse(&l, text);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.v[0].cite, "report ¶1");
	assert_string_equal(l.v[0].quote, "3969名");
	assert_string_equal(l.v[1].qualifier, "about");
	assert_string_equal(l.v[1].quote, "");
	assert_int_equal(pd_facts_tsv_write(&b, &l), 0);
	parse(&again, b.data);
	assert_int_equal(again.n, 2);
	assert_memory_equal(again.v, l.v, 2 * sizeof(*l.v));
	pd_buf_release(&b);
	pd_facts_release(&l);
	pd_facts_release(&again);
}

static void test_facts__bad_line_names_it_and_adds_nothing(void **state)
{
	static const struct {
		const char *text, *msg;
		long line;
	} bad[] = {
		{ "PG2004\tathletes\t3,969\tathletes\t\tseed\tx\n", "3,969", 1 },
		{ "#\nPG2004\tathletes\t12\t\troughly\tseed\tx\n", "roughly", 2 },
		{ "PG2004\tathletes\t12\n", "fewer", 1 },
		{ "PG2004\ta b\t12\t\t\tseed\tx\tq\n", "fact key", 1 },
		{ "PG2004\tk\t1\t\t\tseed\tx\tq\textra\n", "more", 1 },
		{ "PG2004\tk\t1\t\t\tseed\tx\t\x1b[2J\n", "fact quote", 1 },
		{ "PG2004\tk\t.5\t\t\tseed\tx\tq\n", "not a number", 1 },
	};
	struct pd_diag d;
	struct pd_facts l;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		pd_facts_init(&l);
		parse(&l, "PG2004\tk\t1\t\t\tseed\tx\tq\n");
		memset(&d, 0, sizeof(d));
		assert_int_equal(pd_facts_tsv_parse(&l, bad[i].text,
						    strlen(bad[i].text),
						    "t.tsv", &d), PD_EPARSE);
		assert_string_equal(d.file, "t.tsv");
		assert_int_equal(d.line, bad[i].line);
		if (!strstr(d.msg, bad[i].msg))
			fail_msg("case %zu: '%s' lacks '%s'", i, d.msg,
				 bad[i].msg);
		assert_int_equal(l.n, 1);	/* as it was given */
		pd_facts_release(&l);
	}
}

static void test_facts__numbers_as_each_language_writes_them(void **state)
{
	static const struct {
		const char *value, *en, *zh, *fr;
	} v[] = {
		{ "3969", "3,969", "3969",
		  "3\u202f969" },
		{ "47.67", "47.67", "47.67",
		  "47,67" },
		{ "10000000", "10,000,000", "1000万",
		  "10\u202f000\u202f000" },
		{ "634000", "634,000", "63.4万",
		  "634\u202f000" },
		{ "1500000", "1,500,000", "150万",
		  "1\u202f500\u202f000" },
		{ "100001", "100,001", "100001",
		  "100\u202f001" },
		{ "999", "999", "999",
		  "999" },
	};
	struct pd_buf b;
	size_t i;

	(void)state;
	pd_buf_init(&b, 0);
	for (i = 0; i < sizeof(v) / sizeof(*v); i++) {
		pd_buf_reset(&b);
		assert_int_equal(pd_fact_format(&b, v[i].value, "en"), 0);
		assert_string_equal(b.data, v[i].en);
		pd_buf_reset(&b);
		assert_int_equal(pd_fact_format(&b, v[i].value, "zh"), 0);
		assert_string_equal(b.data, v[i].zh);
		pd_buf_reset(&b);
		assert_int_equal(pd_fact_format(&b, v[i].value, "fr"), 0);
		assert_string_equal(b.data, v[i].fr);
	}
	pd_buf_release(&b);
}

static const char report[] =
	"PG2004\tnations\t144\tNPCs\t\tseed\treport ¶1\n"
	"PG2004\tnations\t144\tNPCs\t\tseed\treport ¶2\n"
	"PG2004\tnations\t136\tNPCs\t\tseed\treport ¶4\n"
	"PG2004\tathletes\t3969\tathletes\t\tseed\treport ¶1\n"
	"PG2004\tathletes\t3806\tathletes\t\tseed\treport ¶5\n"
	"PG2004\tevents\t162\tevents\t\tseed\treport ¶1\n"
	"PG2004\tnpcs.medal_table\t73\tNPCs\t\tseed\treport ¶4\n"
	"PG2004\tmedals.CHN.gold\t63\tmedals\t\tseed\treport ¶6\n"
	"PG2004\telection.votes\t1829\tvotes\t\tseed\treport ¶12\n"
	"PG2004\telection.turnout\t47.67\t%\t\tseed\treport ¶12\n"
	"PG2004\ttickets.sold\t850000\ttickets\tabout\tseed\treport ¶9\n"
	"PG2004\ttickets.sold\t830000\ttickets\t\tpress\t\n"
	"PG2004\tobservers\t250\tpeople\tover\tseed\treport ¶10\n"
	"PG2004\tobservers\t262\tpeople\t\tipc\t\n"
	"PG2004\tdoping.violations\t10\tcases\t\tseed\treport ¶11\n"
	"PG2004\tdoping.disqualified\t2\tathletes\t\tseed\treport ¶11\n"
	"PG2004\tdoping.continued\t7\tathletes\t\tseed\treport ¶11\n";

static const struct pd_contradiction *find(const struct pd_contradictions *c,
					   const char *key)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].key, key))
			return &c->v[i];
	fail_msg("no contradiction on %s", key);
	return NULL;
}

static void test_facts__check_names_each_kind(void **state)
{
	struct pd_fact_computed comp[] = {
		{ "PG2004", "npcs.medal_table", "75", "the table", "榜" },
		{ "PG2004", "events", "519", "the golds", "金牌" },
		{ "PG2004", "medals.CHN.gold", "63", "the table", "榜" },
	};
	const struct pd_contradiction *x;
	struct pd_contradictions c;
	struct pd_facts l;

	(void)state;
	pd_facts_init(&l);
	pd_contradictions_init(&c);
	parse(&l, report);
	assert_int_equal(pd_facts_check(&l, comp, 3, &c), 0);
	/* nations, athletes, events, medal table, turnout, doping sum;
	 * not China's golds (agree), tickets (about), observers (over) */
	assert_int_equal(c.n, 6);

	x = find(&c, "nations");
	assert_int_equal(x->kind, PD_CONTRA_SOURCES);
	assert_int_equal(x->nstated, 2);
	assert_string_equal(x->stated[0].value, "144");
	assert_int_equal(x->stated[0].nby, 2);
	assert_string_equal(x->stated[0].by[1]->cite, "report ¶2");
	assert_string_equal(x->stated[1].by[0]->cite, "report ¶4");

	x = find(&c, "npcs.medal_table");
	assert_int_equal(x->kind, PD_CONTRA_COMPUTED);
	assert_string_equal(x->stated[0].value, "73");
	assert_non_null(x->against[0].computed);
	assert_string_equal(x->against[0].value, "75");

	x = find(&c, "events");
	assert_int_equal(x->kind, PD_CONTRA_COMPUTED);
	assert_string_equal(x->against[0].value, "519");

	x = find(&c, "election.turnout");
	assert_int_equal(x->kind, PD_CONTRA_SHARE);
	assert_string_equal(x->against[0].value, "1829");
	assert_int_equal(x->nagainst, 3);
	assert_true(x->against[1].share > 46.07 && x->against[1].share < 46.09);
	assert_true(x->against[2].share > 48.05 && x->against[2].share < 48.07);
	assert_int_equal(x->fit_lo, 3837);
	assert_int_equal(x->fit_hi, 3837);

	x = find(&c, "doping.violations");
	assert_int_equal(x->kind, PD_CONTRA_SUM);
	assert_int_equal(x->nagainst, 2);
	pd_contradictions_release(&c);
	pd_facts_release(&l);
}

static void test_facts__share_that_fits_one_whole_is_no_contradiction(
	void **state)
{
	static const char text[] =
		"PG2004\tathletes\t3969\tathletes\t\tseed\t¶1\n"
		"PG2004\tathletes\t3806\tathletes\t\tseed\t¶5\n"
		"PG2004\telection.votes\t1829\tvotes\t\tseed\t¶12\n"
		"PG2004\telection.turnout\t48.06\t%\t\tseed\t¶12\n";
	struct pd_contradictions c;
	struct pd_facts l;

	(void)state;
	pd_facts_init(&l);
	pd_contradictions_init(&c);
	parse(&l, text);
	assert_int_equal(pd_facts_check(&l, NULL, 0, &c), 0);
	assert_int_equal(c.n, 1);	/* the athletes alone */
	assert_string_equal(c.v[0].key, "athletes");
	pd_contradictions_release(&c);
	pd_facts_release(&l);
}

/* Each bundled fact quotes the paragraph it cites, word for word. */
static void test_facts__bundled_quotes_are_in_the_report(void **state)
{
	static const char path[] =
		"../shared/data/seed/athens2004-paralympics-report.zh.txt";
	static char report_text[1 << 16], facts_text[1 << 16];
	char *para[64], *p;
	struct pd_facts l;
	size_t n = 0, i, len;
	FILE *fp;
	long k;

	(void)state;
	if (!(fp = fopen(path, "r"))) {
		printf("skipped: %s is absent\n", path);
		skip();
	}
	len = fread(report_text, 1, sizeof(report_text) - 1, fp);
	fclose(fp);
	report_text[len] = '\0';
	for (p = report_text; p && n < 64; n++) {
		para[n] = p;
		if ((p = strchr(p, '\n')))
			*p++ = '\0';
	}
	assert_non_null(fp = fopen("data/PG2004.facts.tsv", "r"));
	len = fread(facts_text, 1, sizeof(facts_text) - 1, fp);
	fclose(fp);
	pd_facts_init(&l);
	parse(&l, facts_text);
	assert_true(l.n > 50);
	for (i = 0; i < l.n; i++) {
		assert_non_null(p = strstr(l.v[i].cite, "¶"));
		k = atol(p + strlen("¶"));
		assert_true(k >= 1 && (size_t)k <= n);
		if (!strstr(para[k - 1], l.v[i].quote))
			fail_msg("%s: '%s' is not in paragraph %ld",
				 l.v[i].key, l.v[i].quote, k);
	}
	pd_facts_release(&l);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_facts__tsv_round_trip),
		cmocka_unit_test(test_facts__bad_line_names_it_and_adds_nothing),
		cmocka_unit_test(test_facts__numbers_as_each_language_writes_them),
		cmocka_unit_test(test_facts__check_names_each_kind),
		cmocka_unit_test(
			test_facts__share_that_fits_one_whole_is_no_contradiction),
		cmocka_unit_test(test_facts__bundled_quotes_are_in_the_report),
	};

	return cmocka_run_group_tests_name("facts", tests, NULL, NULL);
}
