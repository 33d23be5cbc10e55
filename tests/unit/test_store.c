/* test_store.c -- the store's contract suite, run against every backend
 * that is built.
 *
 * The contract tests (contract[] below) use only the public pd_store_*
 * functions, so they say what any store must do; each runs once per row
 * of backends[], on a fresh empty store that the row makes, with the
 * backend's name in the test's name.  What only one backend has -- its
 * files, its schema version -- is tested in that row's own list.
 *
 * A new backend adds one row to backends[] and must pass every test.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include "podium/audit.h"
#include "podium/election_ops.h"
#include "podium/event.h"
#include "podium/record.h"
#include "podium/store_report.h"
#include "podium/store_units.h"
#include "podium/store.h"
#include "podium/stats.h"

/* the SQLite backend's migrations (data/schema/sqlite/): a store
 * is at the last of them */
extern const size_t pd_nmigrations;

static const char registry_tsv[] =
	"CHN\tcurrent\tChina\t中国\t\n"
	"GBR\tcurrent\tGreat Britain\t英国\t\n"
	"GRE\tcurrent\tGreece\t希腊\t\n"
	"IND\tcurrent\tIndia\t印度\t\n";

#define WHERE_MAX 256
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* A backend under test: how to make an empty place for a store (its
 * address, as pd_store_open() takes it, in where) and remove it again. */
struct backend {
	const char *name;
	int (*make)(char *where, size_t size);
	void (*drop)(const char *where);
	/* what the backend's refusal of a row naming a missing NPC says */
	const char *foreign_key_msg;
	const struct CMUnitTest *own;	/* tests of this backend alone */
	size_t nown;
};

static const struct backend *backend;	/* the one the tests run against */

struct fixture {
	char path[WHERE_MAX];	/* the store's address */
	struct pd_registry reg;
	struct pd_store *s;
	struct pd_diag d;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	if (backend->make(f->path, sizeof(f->path)) < 0) {
		free(f);
		return -1;
	}
	if (pd_registry_parse(&f->reg, registry_tsv, strlen(registry_tsv),
			      "reg.tsv", NULL) < 0) {
		backend->drop(f->path);
		free(f);
		return -1;
	}
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	pd_store_close(f->s);
	backend->drop(f->path);
	pd_registry_release(&f->reg);
	free(f);
	return 0;
}

static void open_store(struct fixture *f)
{
	memset(&f->d, 0, sizeof(f->d));
	if (pd_store_open(&f->s, f->path, &f->reg, &f->d) < 0)
		fail_msg("open: %s", f->d.msg);
	assert_non_null(f->s);
}

static void reopen(struct fixture *f)
{
	pd_store_close(f->s);
	f->s = NULL;
	open_store(f);
}

static struct pd_games athens(void)
{
	struct pd_games g = {
		.code = "PG2004", .year = 2004, .season = "summer",
		.host = "GRE", .name_en = "Athens 2004 Paralympic Games",
		.name_zh = "2004年雅典残奥会", .start = "2004-09-17",
		.end = "2004-09-28", .kind = "paralympics",
	};

	return g;
}

static void put_games(struct fixture *f, const struct pd_games *g)
{
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_games_put(f->s, g, &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
}

/* A row naming an NPC the registry lacks breaks a foreign key, which only
 * fails when the store turned foreign keys on for its connection. */
static void test_store__foreign_keys_are_enforced(void **state)
{
	struct fixture *f = *state;
	struct pd_published_row *row;
	struct pd_games g = athens();
	struct pd_published p;
	long m[3] = { 1, 0, 0 };

	open_store(f);
	put_games(f, &g);
	pd_published_init(&p);
	strcpy(p.lang, "en");
	assert_int_equal(pd_published_add(&p, 1, 1, 1, "Atlantis", m, 1,
					  &row), 0);
	strcpy(row->npc, "ATL");
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_published_put(f->s, "PG2004", "x", &p, NULL,
						&f->d), PD_ESTORE);
	assert_non_null(strstr(f->d.msg, backend->foreign_key_msg));
	assert_string_equal(f->d.file, f->path);
	pd_store_rollback(f->s);
	/* and a table for a Games that is not there */
	strcpy(row->npc, "CHN");
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_published_put(f->s, "XX1900", "x", &p, NULL,
						&f->d), PD_ESTORE);
	pd_store_rollback(f->s);
	pd_published_release(&p);
}

static void test_store__games_put_get_list(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), other = { .code = "OS2008" }, got,
			*list;
	size_t n;

	open_store(f);
	other.year = 2008;
	put_games(f, &g);
	put_games(f, &other);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d), 0);
	assert_string_equal(got.code, "PG2004");
	assert_int_equal(got.year, 2004);
	assert_string_equal(got.season, "summer");
	assert_string_equal(got.host, "GRE");
	assert_string_equal(got.name_en, "Athens 2004 Paralympic Games");
	assert_string_equal(got.name_zh, "2004年雅典残奥会");
	assert_string_equal(got.start, "2004-09-17");
	assert_string_equal(got.end, "2004-09-28");
	assert_string_equal(got.kind, "paralympics");
	assert_int_equal(got.version, 0);
	pd_games_release(&got);
	/* a Games with only a code: its name is the code, the rest "" */
	assert_int_equal(pd_store_games_get(f->s, "OS2008", &got, &f->d), 0);
	assert_string_equal(got.name_en, "OS2008");
	assert_string_equal(got.season, "");
	assert_string_equal(got.host, "");
	pd_games_release(&got);

	assert_int_equal(pd_store_games_list(f->s, &list, &n, &f->d), 0);
	assert_int_equal(n, 2);
	assert_string_equal(list[0].code, "OS2008");
	assert_string_equal(list[1].code, "PG2004");
	assert_int_equal(list[1].year, 2004);
	pd_games_list_free(list, n);

	assert_int_equal(pd_store_games_get(f->s, "XX1900", &got, &f->d),
			 PD_ENOTFOUND);
	assert_non_null(strstr(f->d.msg, "no Games 'XX1900'"));
}

static void test_store__empty_store_lists_no_games(void **state)
{
	struct fixture *f = *state;
	struct pd_games *list = (struct pd_games *)1;
	size_t n = 99;

	open_store(f);
	assert_int_equal(pd_store_games_list(f->s, &list, &n, &f->d), 0);
	assert_int_equal(n, 0);
	pd_games_list_free(list, n);
}

static void test_store__change_bumps_version_and_put_keeps_it(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), got;
	long v = 0;

	open_store(f);
	put_games(f, &g);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "import",
					 "first", &v, &f->d), 0);
	assert_int_equal(v, 1);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "import",
					 NULL, &v, &f->d), 0);
	assert_int_equal(v, 2);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d), 0);
	assert_int_equal(got.version, 2);
	pd_games_release(&got);

	/* updating the Games keeps its version */
	g.name_en = "Athens 2004";
	put_games(f, &g);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d), 0);
	assert_string_equal(got.name_en, "Athens 2004");
	assert_int_equal(got.version, 2);
	pd_games_release(&got);

	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "XX1900", "test", "import",
					 NULL, &v, &f->d), PD_ENOTFOUND);
	pd_store_rollback(f->s);
}

/* A Chinese table with a caption, a tie printed without rank, a row
 * without a printed total, and a totals row. */
static void make_published(struct pd_published *p)
{
	static const struct {
		long line;
		int has_rank;
		long rank;
		const char *name, *npc;
		long m[3], total;
	} rows[] = {
		{ 3, 1, 1, "中国", "CHN", { 63, 46, 32 }, 141 },
		{ 4, 1, 2, "英国", "GBR", { 35, 30, 30 }, 95 },
		{ 5, 1, 3, "印度", "IND", { 1, 0, 1 }, 2 },
		{ 6, 0, 0, "希腊", "GRE", { 1, 0, 1 }, -1 },
	};
	struct pd_published_row *row;
	size_t i;

	pd_published_init(p);
	p->caption = strdup("2004年雅典残奥会奖牌榜");
	p->header = strdup("排名 国家／地区 金牌 银牌 铜牌 总数");
	strcpy(p->lang, "zh");
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		assert_int_equal(pd_published_add(p, rows[i].line,
						  rows[i].has_rank,
						  rows[i].rank, rows[i].name,
						  rows[i].m, rows[i].total,
						  &row), 0);
		strcpy(row->npc, rows[i].npc);
	}
	p->has_totals = 1;
	p->totals_line = 7;
	p->totals[0] = 100;
	p->totals[1] = 76;
	p->totals[2] = 64;
	p->totals[3] = 240;
}

static void test_store__published_round_trip(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_published p, got;
	struct pd_strings sources;
	size_t i;

	open_store(f);
	put_games(f, &g);
	make_published(&p);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_published_put(f->s, "PG2004", "seed", &p,
						"seed.txt", &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);

	assert_int_equal(pd_store_published_get(f->s, "PG2004", "seed", &got,
						&f->d), 0);
	assert_string_equal(got.caption, p.caption);
	assert_string_equal(got.header, p.header);
	assert_string_equal(got.lang, "zh");
	assert_int_equal(got.n, p.n);
	for (i = 0; i < p.n; i++) {
		assert_int_equal(got.rows[i].line, p.rows[i].line);
		assert_int_equal(got.rows[i].has_rank, p.rows[i].has_rank);
		if (p.rows[i].has_rank)
			assert_int_equal(got.rows[i].rank, p.rows[i].rank);
		assert_string_equal(got.rows[i].name, p.rows[i].name);
		assert_string_equal(got.rows[i].npc, p.rows[i].npc);
		assert_memory_equal(got.rows[i].medals, p.rows[i].medals,
				    sizeof(p.rows[i].medals));
		assert_int_equal(got.rows[i].total, p.rows[i].total);
	}
	assert_int_equal(got.rows[3].has_rank, 0);
	assert_int_equal(got.rows[3].total, -1);
	assert_int_equal(got.has_totals, 1);
	assert_int_equal(got.totals_line, 7);
	assert_memory_equal(got.totals, p.totals, sizeof(p.totals));
	pd_published_release(&got);

	assert_int_equal(pd_store_published_sources(f->s, "PG2004", &sources,
						    &f->d), 0);
	assert_int_equal(sources.n, 1);
	assert_string_equal(sources.v[0], "seed");
	pd_strings_release(&sources);
	assert_int_equal(pd_store_published_get(f->s, "PG2004", "ipc", &got,
						&f->d), PD_ENOTFOUND);
	assert_non_null(strstr(f->d.msg, "PG2004@ipc"));
	assert_int_equal(got.n, 0);
	pd_published_release(&p);
}

static void test_store__published_without_caption_keeps_null(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_published p, got;

	open_store(f);
	put_games(f, &g);
	make_published(&p);
	free(p.caption);
	free(p.header);
	p.caption = p.header = NULL;
	p.has_totals = 0;
	strcpy(p.lang, "en");
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_published_put(f->s, "PG2004", "csv", &p,
						NULL, &f->d), 0);
	/* putting the same source again replaces it */
	p.n = 2;
	assert_int_equal(pd_store_published_put(f->s, "PG2004", "csv", &p,
						NULL, &f->d), 0);
	p.n = 4;
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_int_equal(pd_store_published_get(f->s, "PG2004", "csv", &got,
						&f->d), 0);
	assert_null(got.caption);
	assert_null(got.header);
	assert_string_equal(got.lang, "en");
	assert_int_equal(got.has_totals, 0);
	assert_int_equal(got.n, 2);
	pd_published_release(&got);
	pd_published_release(&p);
}

static const struct pd_medal_rec medals_a[] = {
	{ PD_GOLD, "CHN", "Swimming", "50m Free S5", "W", "", "Li" },
	{ PD_SILVER, "GBR", "Swimming", "50m Free S5", "W", "", "Smith" },
	{ PD_BRONZE, "CHN", "Swimming", "50m Free S5", "W", "", "Wang" },
	{ PD_GOLD, "GBR", "Judo", "-60 kg", "M", "", "Brown" },
	{ PD_SILVER, "IND", "Judo", "-60 kg", "M", "", "Singh" },
	{ PD_BRONZE, "CHN", "Judo", "-60 kg", "M", "", "Zhang" },
	{ PD_BRONZE, "GRE", "Judo", "-60 kg", "M", "", "Papas" },
};

static void replace(struct fixture *f, const char *source,
		    const struct pd_medal_rec *v, size_t n, long *version)
{
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "import",
					 NULL, version, &f->d), 0);
	if (pd_store_medals_replace(f->s, "PG2004", source, v, n, &f->d) < 0)
		fail_msg("replace: %s", f->d.msg);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
}

static void assert_tally_row(const struct pd_tally *t, const char *npc,
			     long g, long s, long b)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		if (strcmp(t->rows[i].npc, npc))
			continue;
		assert_int_equal(t->rows[i].medals[0], g);
		assert_int_equal(t->rows[i].medals[1], s);
		assert_int_equal(t->rows[i].medals[2], b);
		return;
	}
	fail_msg("no tally row for %s", npc);
}

static void test_store__medals_replace_then_tally(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_tally t;
	size_t nmedals = 0;
	struct pd_strings sports;

	open_store(f);
	put_games(f, &g);
	replace(f, "csv", medals_a, 7, NULL);
	pd_tally_init(&t);
	assert_int_equal(pd_store_tally(f->s, "PG2004", NULL, &t, &nmedals,
					&f->d), 0);
	assert_int_equal(nmedals, 7);
	assert_int_equal(t.n, 4);
	assert_tally_row(&t, "CHN", 1, 0, 2);
	assert_tally_row(&t, "GBR", 1, 1, 0);
	assert_tally_row(&t, "IND", 0, 1, 0);
	assert_tally_row(&t, "GRE", 0, 0, 1);
	pd_tally_release(&t);

	pd_tally_init(&t);
	assert_int_equal(pd_store_tally(f->s, "PG2004", "Judo", &t, &nmedals,
					&f->d), 0);
	assert_int_equal(nmedals, 4);
	assert_tally_row(&t, "CHN", 0, 0, 1);
	assert_tally_row(&t, "GBR", 1, 0, 0);
	pd_tally_release(&t);

	assert_int_equal(pd_store_sports(f->s, "PG2004", &sports, &f->d), 0);
	assert_int_equal(sports.n, 2);
	assert_string_equal(sports.v[0], "Judo");
	assert_string_equal(sports.v[1], "Swimming");
	pd_strings_release(&sports);
}

static void test_store__replacing_same_source_does_not_double(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_query q = { .games = "PG2004" };
	struct pd_tally t;
	size_t nmedals = 0;
	long v1 = 0, v2 = 0;

	open_store(f);
	put_games(f, &g);
	replace(f, "csv", medals_a, 7, &v1);
	replace(f, "csv", medals_a, 3, &v2);
	assert_int_equal(v2, v1 + 1);
	pd_tally_init(&t);
	assert_int_equal(pd_store_tally(f->s, "PG2004", NULL, &t, &nmedals,
					&f->d), 0);
	assert_int_equal(nmedals, 3);
	assert_tally_row(&t, "CHN", 1, 0, 1);
	assert_tally_row(&t, "GBR", 0, 1, 0);
	pd_tally_release(&t);

	/* another source adds to it */
	replace(f, "late", medals_a + 3, 1, NULL);
	pd_tally_init(&t);
	assert_int_equal(pd_store_tally(f->s, "PG2004", NULL, &t, &nmedals,
					&f->d), 0);
	assert_int_equal(nmedals, 4);
	assert_tally_row(&t, "GBR", 1, 1, 0);
	pd_tally_release(&t);

	/* the table as it stood after the first import */
	q.as_of = v1;
	pd_tally_init(&t);
	assert_int_equal(pd_store_tally_q(f->s, &q, &t, &nmedals, &f->d), 0);
	assert_int_equal(nmedals, 7);
	assert_tally_row(&t, "CHN", 1, 0, 2);
	pd_tally_release(&t);
}

/* A waiting connection hears another's commit, not its rollback, and not
 * its own writes; the first call only starts listening. */
static void test_store__wait_change_hears_other_commits(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_store *other = NULL;
	struct pd_diag d;

	open_store(f);
	assert_int_equal(pd_store_open(&other, f->path, &f->reg, &d), 0);
	assert_int_equal(pd_store_wait_change(f->s, 0, &f->d), 0);
	assert_int_equal(pd_store_wait_change(f->s, 30, &f->d), 0);

	/* a rollback is no change */
	assert_int_equal(pd_store_begin(other, &d), 0);
	assert_int_equal(pd_store_games_put(other, &g, &d), 0);
	assert_int_equal(pd_store_change(other, "PG2004", "test", "put", NULL,
					 NULL, &d), 0);
	pd_store_rollback(other);
	assert_int_equal(pd_store_wait_change(f->s, 50, &f->d), 0);

	/* a commit is heard, once */
	assert_int_equal(pd_store_begin(other, &d), 0);
	assert_int_equal(pd_store_games_put(other, &g, &d), 0);
	assert_int_equal(pd_store_change(other, "PG2004", "test", "put", NULL,
					 NULL, &d), 0);
	assert_int_equal(pd_store_commit(other, &d), 0);
	assert_int_equal(pd_store_wait_change(f->s, 2000, &f->d), 1);
	assert_int_equal(pd_store_wait_change(f->s, 30, &f->d), 0);
	pd_store_close(other);
}

static void test_store__rollback_leaves_nothing(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), got, *list;
	struct pd_published p;
	struct pd_tally t;
	size_t n, nmedals = 99;

	open_store(f);
	make_published(&p);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_games_put(f->s, &g, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "import",
					 NULL, NULL, &f->d), 0);
	assert_int_equal(pd_store_medals_replace(f->s, "PG2004", "csv",
						 medals_a, 7, &f->d), 0);
	assert_int_equal(pd_store_published_put(f->s, "PG2004", "seed", &p,
						NULL, &f->d), 0);
	pd_store_rollback(f->s);
	/* a second rollback outside a transaction is harmless */
	pd_store_rollback(f->s);
	pd_published_release(&p);

	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d),
			 PD_ENOTFOUND);
	assert_int_equal(pd_store_games_list(f->s, &list, &n, &f->d), 0);
	assert_int_equal(n, 0);
	pd_games_list_free(list, n);
	assert_int_equal(pd_store_published_get(f->s, "PG2004", "seed", &p,
						&f->d), PD_ENOTFOUND);
	pd_tally_init(&t);
	assert_int_equal(pd_store_tally(f->s, "PG2004", NULL, &t, &nmedals,
					&f->d), 0);
	assert_int_equal(t.n, 0);
	assert_int_equal(nmedals, 0);
	pd_tally_release(&t);
	/* and the store still takes writes */
	put_games(f, &g);
}

static void test_store__reopen_keeps_data(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), got;
	struct pd_published p;
	struct pd_tally t;

	open_store(f);
	put_games(f, &g);
	make_published(&p);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_published_put(f->s, "PG2004", "seed", &p,
						NULL, &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	pd_published_release(&p);
	replace(f, "csv", medals_a, 7, NULL);
	reopen(f);
	reopen(f);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d), 0);
	assert_int_equal(got.version, 1);
	pd_games_release(&got);
	assert_int_equal(pd_store_published_get(f->s, "PG2004", "seed", &p,
						&f->d), 0);
	assert_int_equal(p.n, 4);
	assert_string_equal(p.rows[0].name, "中国");
	pd_published_release(&p);
	pd_tally_init(&t);
	assert_int_equal(pd_store_tally(f->s, "PG2004", NULL, &t, NULL,
					&f->d), 0);
	assert_tally_row(&t, "CHN", 1, 0, 2);
	pd_tally_release(&t);
}

static void test_store__open_without_registry_works(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), got;

	assert_int_equal(pd_store_open(&f->s, f->path, NULL, &f->d), 0);
	put_games(f, &g);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d), 0);
	pd_games_release(&got);
}

/* A read makes nothing: where there is no podium store it says so (and
 * who makes one) and leaves no file, no schema; once one is made, it
 * reads it. */
static void test_store__a_read_makes_no_store(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), got;

	f->s = (struct pd_store *)&f->d;	/* must be reset to NULL */
	memset(&f->d, 0, sizeof(f->d));
	assert_int_equal(pd_store_open_read(&f->s, f->path, &f->reg, &f->d),
			 PD_ESTORE);
	assert_null(f->s);
	assert_non_null(strstr(f->d.msg, "'podium init' makes one"));
	if (!pd_store_is_postgres(f->path))
		assert_int_equal(access(f->path, F_OK), -1);
	/* and again: the first left no half-made schema behind */
	assert_int_equal(pd_store_open_read(&f->s, f->path, &f->reg, &f->d),
			 PD_ESTORE);
	open_store(f);
	put_games(f, &g);
	pd_store_close(f->s);
	f->s = NULL;
	assert_int_equal(pd_store_open_read(&f->s, f->path, &f->reg, &f->d),
			 0);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d), 0);
	pd_games_release(&got);
}

static int last_command(const struct pd_audit_entry *e, void *arg)
{
	snprintf(arg, 64, "%s", e->command);
	return 0;
}

/* The label rules hold whatever the backend: a bad label is refused with
 * PD_EPARSE before anything is written, and a change's command line is
 * kept with its control bytes shown, never as they were. */
static void test_store__bad_labels_are_refused_before_a_write(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), got, *list;
	struct pd_medal_rec bad = medals_a[0];
	struct pd_result_rec rec = { .event_id = 1, .npc = "CHN", .name = "Li",
				     .rank = 1, .mark = "", .irm = "",
				     .records = "", .date = "" };
	struct pd_tally t;
	char command[64] = "";
	size_t n;
	long v = 0;

	open_store(f);
	g.name_en = "Athens\x1b[2J";
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_games_put(f->s, &g, &f->d), PD_EPARSE);
	pd_store_rollback(f->s);
	assert_int_equal(pd_store_games_list(f->s, &list, &n, &f->d), 0);
	assert_int_equal(n, 0);
	pd_games_list_free(list, n);

	g = athens();
	put_games(f, &g);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "eve\nroot", "x",
					 NULL, &v, &f->d), PD_EPARSE);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test",
					 "import\r\nforged", NULL, &v, &f->d),
			 0);
	bad.athlete = "Li\x7f";
	assert_int_equal(pd_store_medals_replace(f->s, "PG2004", "csv", &bad,
						 1, &f->d), PD_EPARSE);
	assert_int_equal(pd_store_medals_replace(f->s, "PG2004", "-csv",
						 medals_a, 1, &f->d),
			 PD_EPARSE);
	/* empty and reserved labels would shadow the computed table */
	assert_int_equal(pd_store_medals_replace(f->s, "PG2004", "", medals_a,
						 1, &f->d), PD_EPARSE);
	assert_int_equal(pd_store_medals_replace(f->s, "PG2004", "results",
						 medals_a, 1, &f->d),
			 PD_EPARSE);
	rec.source = "results";
	assert_int_equal(pd_store_result_add(f->s, &rec, &f->d), PD_EPARSE);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d), 0);
	assert_int_equal(got.version, 1);
	pd_games_release(&got);
	assert_int_equal(pd_store_log(f->s, "PG2004", 0, last_command,
				      command, &f->d), 0);
	assert_string_equal(command, "import\\x0D\\x0Aforged");
	pd_tally_init(&t);
	assert_int_equal(pd_store_tally(f->s, "PG2004", NULL, &t, &n, &f->d),
			 0);
	assert_int_equal(n, 0);
	pd_tally_release(&t);
}

/* A store just opened is the one at its address, and writes begin. */
static void test_store__is_here_once_opened(void **state)
{
	struct fixture *f = *state;

	open_store(f);
	assert_int_equal(pd_store_here(f->s, &f->d), 0);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	pd_store_rollback(f->s);
}

/* The medals the store's table counts now. */
static size_t medals_now(struct fixture *f)
{
	struct pd_tally t;
	size_t n = 0;

	pd_tally_init(&t);
	assert_int_equal(pd_store_tally(f->s, "PG2004", NULL, &t, &n, &f->d),
			 0);
	pd_tally_release(&t);
	return n;
}

/* A cache limit, set on an open connection that then reads and writes:
 * what it held and what it writes next read back alike, whatever the
 * backend keeps in memory; a limit below 1 KiB is refused, naming it. */
static void test_store__cache_limit_keeps_reads_and_writes(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();

	open_store(f);
	put_games(f, &g);
	replace(f, "csv", medals_a, 7, NULL);
	assert_int_equal(pd_store_cache_limit(f->s, 0, &f->d), PD_EINVAL);
	assert_non_null(strstr(f->d.msg, "0 KiB"));
	assert_int_equal(pd_store_cache_limit(f->s, -5, &f->d), PD_EINVAL);
	assert_int_equal(pd_store_cache_limit(f->s, 1, &f->d), 0);
	assert_int_equal(medals_now(f), 7);
	replace(f, "csv", medals_a, 3, NULL);
	assert_int_equal(medals_now(f), 3);
	assert_int_equal(pd_store_cache_limit(f->s, 2048, &f->d), 0);
	replace(f, "csv", medals_a + 3, 2, NULL);
	assert_int_equal(medals_now(f), 2);
}

/* -- the SQLite backend's own: its file, its pragmas, its schema */

/* The file removed, or another put in its place, while the store is open:
 * SQLite would write on to the inode it holds and every write would be
 * lost at the next start, so writes are refused, saying why. */
static void test_store__a_removed_or_replaced_file_refuses_writes(
	void **state)
{
	static const char *const sides[] = { "", "-wal", "-shm" };
	struct fixture *f = *state;
	struct pd_store *other;
	char file[WHERE_MAX + 16];
	size_t i;

	open_store(f);
	for (i = 0; i < NELEM(sides); i++) {
		snprintf(file, sizeof(file), "%s%s", f->path, sides[i]);
		unlink(file);
	}
	assert_int_equal(pd_store_here(f->s, &f->d), PD_ESTALE);
	assert_int_equal(pd_store_begin(f->s, &f->d), PD_ESTALE);
	assert_non_null(strstr(f->d.msg, "removed"));
	/* a new file at the path is not the one this store holds */
	assert_int_equal(pd_store_open(&other, f->path, &f->reg, &f->d), 0);
	pd_store_close(other);
	assert_int_equal(pd_store_begin(f->s, &f->d), PD_ESTALE);
	assert_non_null(strstr(f->d.msg, "replaced"));
}

/* The whole of path into *out (malloc'ed), its length returned. */
static size_t slurp(const char *path, char **out)
{
	FILE *fp = fopen(path, "rb");
	long n;

	assert_non_null(fp);
	assert_int_equal(fseek(fp, 0, SEEK_END), 0);
	n = ftell(fp);
	rewind(fp);
	*out = malloc((size_t)n + 1);
	assert_non_null(*out);
	assert_int_equal(fread(*out, 1, (size_t)n, fp), (size_t)n);
	fclose(fp);
	return (size_t)n;
}

/* A checkpoint of the log, by another connection (another process, the
 * CLI, would do the same). */
static void checkpoint(const char *path)
{
	sqlite3 *db;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	/* a statement first: a connection reads the file (and finds its
	 * log) only then */
	assert_int_equal(sqlite3_exec(db, "PRAGMA wal_checkpoint(FULL)", NULL,
				      NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

static void empty_commits(struct fixture *f, int n)
{
	while (n-- > 0) {
		assert_int_equal(pd_store_begin(f->s, &f->d), 0);
		assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	}
}

/* The file written over in place with an older copy of itself (a
 * restore: cat backup.db > podium.db, or cp): the inode is the same, so
 * only its header can tell.  A checkpoint is no such thing, however many
 * of the store's own commits it brings (a warm page cache once wrote the
 * same change counter commit after commit, and the first checkpoint of
 * the server's writes read as a restore); the copy is, and refuses the
 * next write; at the close nothing of the log goes into the copy, and
 * the log is kept aside. */
static void test_store__a_file_written_over_in_place_refuses_writes(
	void **state)
{
	struct fixture *f = *state;
	char wal[WHERE_MAX + 16], *backup, *now;
	size_t n, m;
	FILE *fp;

	open_store(f);
	empty_commits(f, 2);
	checkpoint(f->path);
	n = slurp(f->path, &backup);
	empty_commits(f, 3);
	checkpoint(f->path);
	empty_commits(f, 1);	/* a checkpoint is no restore */
	fp = fopen(f->path, "r+b");
	assert_non_null(fp);
	assert_int_equal(fwrite(backup, 1, n, fp), n);
	fclose(fp);
	assert_int_equal(pd_store_begin(f->s, &f->d), PD_ESTALE);
	assert_non_null(strstr(f->d.msg, "written over in place"));
	assert_int_equal(pd_store_begin(f->s, &f->d), PD_ESTALE);
	pd_store_close(f->s);
	f->s = NULL;
	m = slurp(f->path, &now);
	assert_int_equal(m, n);
	assert_memory_equal(now, backup, n);
	snprintf(wal, sizeof(wal), "%s-wal.replaced", f->path);
	assert_int_equal(access(wal, F_OK), 0);
	unlink(wal);
	free(now);
	free(backup);
}

/* A fresh folder under /tmp, empty: the store is its podium.db. */
static int sqlite_make(char *where, size_t size)
{
	char dir[] = "/tmp/podium-test-store-XXXXXX";

	if (!mkdtemp(dir))
		return -1;
	if ((size_t)snprintf(where, size, "%s/podium.db", dir) >= size) {
		rmdir(dir);
		return -1;
	}
	return 0;
}

static void sqlite_drop(const char *where)
{
	static const char *const sides[] = { "", "-wal", "-shm", "-journal" };
	char file[WHERE_MAX + 16], *slash;
	size_t i;

	for (i = 0; i < NELEM(sides); i++) {
		snprintf(file, sizeof(file), "%s%s", where, sides[i]);
		unlink(file);
	}
	snprintf(file, sizeof(file), "%s", where);
	if ((slash = strrchr(file, '/')))
		*slash = '\0';
	rmdir(file);
}

/* PostgreSQL: a fresh database in the throwaway cluster whose folder is
 * $PODIUM_TEST_PG (tests/run.sh starts it with scripts/pg-cluster.sh). */
static int pg_admin(const char *sql)
{
	const char *dir = getenv("PODIUM_TEST_PG");
	char uri[WHERE_MAX];
	PGconn *c;
	PGresult *r;
	int ok;

	snprintf(uri, sizeof(uri), "postgresql:///postgres?host=%s&user=podium",
		 dir);
	c = PQconnectdb(uri);
	r = PQexec(c, sql);
	ok = PQresultStatus(r) == PGRES_COMMAND_OK;
	if (!ok)
		fprintf(stderr, "%s: %s", sql, PQerrorMessage(c));
	PQclear(r);
	PQfinish(c);
	return ok ? 0 : -1;
}

static int pg_make(char *where, size_t size)
{
	static int n;
	char sql[128];

	snprintf(sql, sizeof(sql), "CREATE DATABASE t_%ld_%d", (long)getpid(),
		 ++n);
	if (pg_admin(sql) < 0)
		return -1;
	snprintf(where, size, "postgresql:///t_%ld_%d?host=%s&user=podium",
		 (long)getpid(), n, getenv("PODIUM_TEST_PG"));
	return 0;
}

static void pg_drop(const char *where)
{
	char sql[128];
	const char *db = where + strlen("postgresql:///");

	snprintf(sql, sizeof(sql), "DROP DATABASE IF EXISTS %.*s",
		 (int)strcspn(db, "?"), db);
	pg_admin(sql);
}

/* One value of a pragma or query read through a separate connection. */
static void query_text(const char *path, const char *sql, char *out,
		       size_t size)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;

	assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE,
					 NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL),
			 SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	snprintf(out, size, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	sqlite3_close(db);
}

/* The schema version a new store has: one per migration (data/schema/). */
extern const size_t pd_nmigrations;

static const char *migrations(void)
{
	static char v[24];

	snprintf(v, sizeof(v), "%zu", pd_nmigrations);
	return v;
}

static void test_store__open_creates_schema(void **state)
{
	struct fixture *f = *state;
	char v[64];

	open_store(f);
	query_text(f->path, "PRAGMA user_version", v, sizeof(v));
	assert_string_equal(v, migrations());
	query_text(f->path, "PRAGMA journal_mode", v, sizeof(v));
	assert_string_equal(v, "wal");
	query_text(f->path, "SELECT count(*) FROM npcs", v, sizeof(v));
	assert_string_equal(v, "4");
	query_text(f->path, "SELECT name_zh FROM npcs WHERE code = 'GRE'", v,
		   sizeof(v));
	assert_string_equal(v, "希腊");
	query_text(f->path, "SELECT count(*) FROM sqlite_master WHERE name "
		   "IN ('games', 'published', 'published_rows')", v,
		   sizeof(v));
	assert_string_equal(v, "3");
}

/* Reopening runs no migration again: the schema version stays. */
static void test_store__reopen_keeps_schema_version(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	char v[16];

	open_store(f);
	put_games(f, &g);
	reopen(f);
	reopen(f);
	pd_store_close(f->s);
	f->s = NULL;
	query_text(f->path, "PRAGMA user_version", v, sizeof(v));
	assert_string_equal(v, migrations());
}

static void test_store__file_that_is_not_a_database(void **state)
{
	struct fixture *f = *state;
	FILE *fp;
	int i;

	fp = fopen(f->path, "wb");
	assert_non_null(fp);
	for (i = 0; i < 64; i++)
		fputs("this is not a database, only text\n", fp);
	fclose(fp);
	f->s = (struct pd_store *)&f->d;	/* must be reset to NULL */
	memset(&f->d, 0, sizeof(f->d));
	assert_int_equal(pd_store_open(&f->s, f->path, &f->reg, &f->d),
			 PD_ESTORE);
	assert_null(f->s);
	assert_string_equal(f->d.file, f->path);
	assert_non_null(strstr(f->d.msg, "not a database"));
}

static void test_store__newer_schema_is_refused(void **state)
{
	struct fixture *f = *state;
	sqlite3 *db;

	assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "PRAGMA user_version = 99", NULL,
				      NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	assert_int_equal(pd_store_open(&f->s, f->path, &f->reg, &f->d),
			 PD_ESTORE);
	assert_null(f->s);
	assert_non_null(strstr(f->d.msg, "schema version 99 is newer"));
}

/* Another program's database is never given podium's tables, by a read
 * or a write: refused, its tables as they were. */
static void test_store__another_programs_database_is_refused(void **state)
{
	struct fixture *f = *state;
	char v[16];
	sqlite3 *db;

	assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "CREATE TABLE notes (x)", NULL,
				      NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	assert_int_equal(pd_store_open(&f->s, f->path, &f->reg, &f->d),
			 PD_ESTORE);
	assert_non_null(strstr(f->d.msg, "not podium's"));
	assert_int_equal(pd_store_open_read(&f->s, f->path, &f->reg, &f->d),
			 PD_ESTORE);
	assert_null(f->s);
	query_text(f->path, "SELECT count(*) FROM sqlite_master", v,
		   sizeof(v));
	assert_string_equal(v, "1");
}

/* -- the interface itself, whatever is built */

/* "" and ":memory:" are databases SQLite throws away when they are
 * closed: refused, by a read or a write, and no file made. */
static void test_store__thrown_away_addresses_are_refused(void **state)
{
	static const char *const where[] = { "", ":memory:" };
	struct pd_store *s;
	struct pd_diag d;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(where); i++) {
		s = (struct pd_store *)&d;	/* must be reset to NULL */
		memset(&d, 0, sizeof(d));
		assert_int_equal(pd_store_open(&s, where[i], NULL, &d),
				 PD_EPARSE);
		assert_null(s);
		assert_non_null(strstr(d.msg, "throws away"));
		assert_int_equal(pd_store_open_read(&s, where[i], NULL, &d),
				 PD_EPARSE);
		assert_int_equal(pd_store_address_check(where[i], &d),
				 PD_EPARSE);
	}
	assert_int_equal(access(":memory:", F_OK), -1);
	assert_int_equal(pd_store_address_check("podium.db", &d), 0);
}

/* A PostgreSQL address is never taken for a file: a server that cannot be
 * reached is PD_EAWAY (503 with Retry-After over HTTP, exit 3), and the
 * message never shows the password. */
static void test_store__postgres_uri_unreachable(void **state)
{
	static const char *const uris[] = {
		"postgresql://podium:secret@/podium?host=/nonexistent",
		"postgres://podium:secret@/podium?host=/nonexistent",
	};
	struct pd_store *s;
	struct pd_diag d;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(uris); i++) {
		s = (struct pd_store *)&d;	/* must be reset to NULL */
		memset(&d, 0, sizeof(d));
		assert_int_equal(pd_store_open(&s, uris[i], NULL, &d),
				 PD_EAWAY);
		assert_null(s);
		assert_non_null(strstr(d.msg, "cannot connect"));
		assert_null(strstr(d.msg, "secret"));
		assert_null(strstr(d.file, "secret"));
		assert_non_null(strstr(d.file, ":***@"));
		assert_int_equal(access("postgresql:", F_OK), -1);
	}
}

/* -- facts (record.h) */

static struct pd_fact fact(const char *key, const char *value,
			   const char *source, const char *cite)
{
	struct pd_fact f;

	assert_int_equal(pd_fact_set(&f, "PG2004", key, value, "athletes", "",
				     source, cite, "3969名运动员", NULL), 0);
	return f;
}

static int collect_fact(const struct pd_fact *f, void *arg)
{
	return pd_facts_add(arg, f);
}

static int count_row(const char *const *col, int n, void *arg)
{
	(void)col;
	(void)n;
	(*(int *)arg)++;
	return 0;
}

static void facts_replace(struct fixture *f, const char *source,
			  const struct pd_facts *l)
{
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "facts",
					 NULL, NULL, &f->d), 0);
	if (pd_store_facts_replace(f->s, "PG2004", source, l, &f->d) < 0)
		fail_msg("facts replace: %s", f->d.msg);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
}

static void test_store__facts_replace_add_and_list(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_facts l, got;
	struct pd_fact x;
	long id = 0;
	int rows = 0;

	open_store(f);
	put_games(f, &g);
	pd_facts_init(&l);
	pd_facts_init(&got);
	x = fact("nations", "144", "seed", "report ¶1");
	assert_int_equal(pd_facts_add(&l, &x), 0);
	x = fact("athletes", "3969", "seed", "report ¶1");
	assert_int_equal(pd_facts_add(&l, &x), 0);
	facts_replace(f, "seed", &l);
	facts_replace(f, "seed", &l);	/* again: the first two are closed */
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "fact add",
					 NULL, NULL, &f->d), 0);
	x = fact("athletes", "3806", "ipc", "");
	assert_int_equal(pd_store_fact_add(f->s, &x, &id, &f->d), 0);
	assert_true(id > 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);

	assert_int_equal(pd_store_facts(f->s, "PG2004", collect_fact, &got,
					&f->d), 0);
	/* by key, then id: the two athletes facts in the order written */
	assert_int_equal(got.n, 3);
	assert_string_equal(got.v[0].key, "athletes");
	assert_string_equal(got.v[0].value, "3969");
	assert_string_equal(got.v[0].cite, "report ¶1");
	assert_string_equal(got.v[0].quote, "3969名运动员");
	assert_string_equal(got.v[1].value, "3806");
	assert_string_equal(got.v[1].source, "ipc");
	assert_int_equal(got.v[1].id, id);
	assert_string_equal(got.v[2].key, "nations");
	got.n = 0;
	assert_int_equal(pd_store_facts(f->s, NULL, collect_fact, &got,
					&f->d), 0);
	assert_int_equal(got.n, 3);
	got.n = 0;
	assert_int_equal(pd_store_facts(f->s, "PG2024", collect_fact, &got,
					&f->d), 0);
	assert_int_equal(got.n, 0);
	/* replaced facts are closed, not deleted */
	assert_int_equal(pd_store_table_rows(f->s, "facts", NULL, count_row,
					     &rows, &f->d), 0);
	assert_int_equal(rows, 5);
	pd_facts_release(&l);
	pd_facts_release(&got);
}

static void test_store__facts_refused_before_a_write(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_facts l, got;
	struct pd_fact x;

	open_store(f);
	put_games(f, &g);
	pd_facts_init(&l);
	pd_facts_init(&got);
	x = fact("athletes", "3969", "seed", "");
	assert_int_equal(pd_facts_add(&l, &x), 0);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "facts",
					 NULL, NULL, &f->d), 0);
	/* a fact of another source in a replace of seed */
	assert_int_equal(pd_store_facts_replace(f->s, "PG2004", "ipc", &l,
						&f->d), PD_EINVAL);
	snprintf(x.value, sizeof(x.value), "3,969");
	assert_int_equal(pd_store_fact_add(f->s, &x, NULL, &f->d), PD_EPARSE);
	assert_non_null(strstr(f->d.msg, "3,969"));
	snprintf(x.value, sizeof(x.value), "3969");
	snprintf(x.key, sizeof(x.key), "two words");
	assert_int_equal(pd_store_fact_add(f->s, &x, NULL, &f->d), PD_EPARSE);
	pd_store_rollback(f->s);
	assert_int_equal(pd_store_facts(f->s, NULL, collect_fact, &got,
					&f->d), 0);
	assert_int_equal(got.n, 0);
	pd_facts_release(&l);
	pd_facts_release(&got);
}

/* -- elections (record.h) */

static int collect_election(const struct pd_election *e, void *arg)
{
	*(struct pd_election *)arg = *e;
	return 0;
}

static int collect_candidate(const struct pd_candidate *c, void *arg)
{
	struct pd_candidate *v = arg;

	v[c->id % 4] = *c;
	return 0;
}

struct ballots_seen {
	char ids[4][PD_BALLOT_ID];
	long choices[4][4];
	size_t nchoices[4], n;
};

static int collect_ballot(const char *id, const long *v, size_t n, void *arg)
{
	struct ballots_seen *b = arg;

	assert_true(b->n < 4 && n <= 4);
	snprintf(b->ids[b->n], PD_BALLOT_ID, "%s", id);
	memcpy(b->choices[b->n], v, n * sizeof(*v));
	b->nchoices[b->n++] = n;
	return 0;
}

struct sealed_seen {
	char box[4][32];
	size_t n;
};

static int collect_sealed(const char *box, void *arg)
{
	struct sealed_seen *l = arg;

	assert_true(l->n < 4);
	snprintf(l->box[l->n++], sizeof(l->box[0]), "%s", box);
	return 0;
}

static void test_store__election_votes_kept_apart_from_voters(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_election e = { .games = "PG2004", .name = "Council",
				 .seats = 2, .max_choices = 2, .sport_cap = 1,
				 .status = "open", .votes = -1,
				 .seal = "0123456789abcdef0123456789abcdef"
					 "0123456789abcdef0123456789abcdef" };
	struct pd_candidate c = { .name = "Li Wei", .npc = "CHN",
				  .sport = "Judo" }, got[4];
	struct pd_athlete a = { .name = "Voter", .npc = "GBR" };
	struct pd_election back;
	struct ballots_seen b;
	struct sealed_seen sealed;
	long id = 0, cand[2], voter[2], electors, voted, two[2];

	open_store(f);
	put_games(f, &g);
	memset(&b, 0, sizeof(b));
	memset(got, 0, sizeof(got));
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "election",
					 NULL, NULL, &f->d), 0);
	if (pd_store_election_add(f->s, &e, &id, &f->d) < 0)
		fail_msg("election add: %s", f->d.msg);
	/* a second of one name is refused */
	assert_int_equal(pd_store_election_add(f->s, &e, NULL, &f->d),
			 PD_EEXISTS);
	pd_store_rollback(f->s);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "election",
					 NULL, NULL, &f->d), 0);
	assert_int_equal(pd_store_election_add(f->s, &e, &id, &f->d), 0);
	c.election = id;
	assert_int_equal(pd_store_candidate_add(f->s, &c, &cand[0], &f->d), 0);
	snprintf(c.name, sizeof(c.name), "Ana");
	snprintf(c.npc, sizeof(c.npc), "IND");
	assert_int_equal(pd_store_candidate_add(f->s, &c, &cand[1], &f->d), 0);
	assert_int_equal(pd_store_athlete_ensure(f->s, &a, &voter[0], &f->d),
			 0);
	a.name = "Second voter";
	assert_int_equal(pd_store_athlete_ensure(f->s, &a, &voter[1], &f->d),
			 0);
	assert_int_equal(pd_store_elector_add(f->s, id, voter[0], &f->d), 1);
	assert_int_equal(pd_store_elector_add(f->s, id, voter[0], &f->d), 0);
	assert_int_equal(pd_store_elector_add(f->s, id, voter[1], &f->d), 1);
	two[0] = cand[1];
	two[1] = cand[0];
	/* while open: a sealed box per voter, nothing readable */
	assert_int_equal(pd_store_vote(f->s, id, voter[0], "c2VhbGVkIG9uZQ==",
				       &f->d), 0);
	assert_int_equal(pd_store_vote(f->s, id, voter[0], "YWdhaW4=", &f->d),
			 PD_EEXISTS);
	assert_int_equal(pd_store_vote(f->s, id, voter[1] + 100, "YWdhaW4=",
				       &f->d), PD_ENOTFOUND);
	assert_int_equal(pd_store_vote(f->s, id, voter[1], "not base64!",
				       &f->d), PD_EINVAL);
	assert_int_equal(pd_store_vote(f->s, id, voter[1], "", &f->d),
			 PD_EINVAL);
	assert_int_equal(pd_store_vote(f->s, id, voter[1], "c2Vjb25k", &f->d),
			 0);
	memset(&sealed, 0, sizeof(sealed));
	assert_int_equal(pd_store_sealed(f->s, id, collect_sealed, &sealed,
					 &f->d), 0);
	assert_int_equal(sealed.n, 2);
	assert_true(!strcmp(sealed.box[0], "c2Vjb25k") ||
		    !strcmp(sealed.box[1], "c2Vjb25k"));
	assert_int_equal(pd_store_ballots(f->s, id, collect_ballot, &b, &f->d),
			 0);
	assert_int_equal(b.n, 0);
	/* at close: the ballots opened, the boxes thrown away */
	assert_int_equal(pd_store_ballot_add(f->s, id,
				       "ffffffffffffffffffffffffffffffff", two,
				       2, &f->d), 0);
	assert_int_equal(pd_store_ballot_add(f->s, id, "not-hex", two, 1,
					     &f->d), PD_EINVAL);
	assert_int_equal(pd_store_ballot_add(f->s, id,
				       "0000000000000000000000000000000a", two,
				       1, &f->d), 0);
	assert_int_equal(pd_store_sealed_clear(f->s, id, &f->d), 0);
	memset(&sealed, 0, sizeof(sealed));
	assert_int_equal(pd_store_sealed(f->s, id, collect_sealed, &sealed,
					 &f->d), 0);
	assert_int_equal(sealed.n, 0);
	assert_int_equal(pd_store_election_status(f->s, id, "closed", &f->d),
			 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);

	assert_int_equal(pd_store_elections(f->s, "PG2004", collect_election,
					    &back, &f->d), 0);
	assert_string_equal(back.name, "Council");
	assert_string_equal(back.status, "closed");
	assert_string_equal(back.seal, e.seal);
	assert_int_equal(back.sport_cap, 1);
	assert_int_equal(back.votes, -1);
	assert_int_equal(pd_store_candidates(f->s, id, collect_candidate, got,
					     &f->d), 0);
	assert_string_equal(got[cand[1] % 4].name, "Ana");
	assert_string_equal(got[cand[0] % 4].sport, "Judo");
	assert_int_equal(pd_store_electorate(f->s, id, &electors, &voted,
					     &f->d), 0);
	assert_int_equal(electors, 2);
	assert_int_equal(voted, 2);
	/* by id, not by the order cast; the choices sorted */
	assert_int_equal(pd_store_ballots(f->s, id, collect_ballot, &b, &f->d),
			 0);
	assert_int_equal(b.n, 2);
	assert_string_equal(b.ids[0], "0000000000000000000000000000000a");
	assert_int_equal(b.nchoices[0], 1);
	assert_int_equal(b.choices[0][0], cand[1]);
	assert_int_equal(b.nchoices[1], 2);
	assert_int_equal(b.choices[1][0], cand[0]);
	assert_int_equal(b.choices[1][1], cand[1]);
}

/* -- the link an attacker with the store's file would try (issue 27.2) */

#define LINK_VOTERS 40	/* one SQLite page of ballots */

static int count_rows(const char *const *col, int n, void *arg)
{
	(void)col;
	(void)n;
	(*(long *)arg)++;
	return 0;
}

static int count_box(const char *box, void *arg)
{
	(void)box;
	(*(long *)arg)++;
	return 0;
}

/* where needle (n bytes) first is in data[0..size), or -1 */
static long find_bytes(const char *data, size_t size, const char *needle,
		       size_t n)
{
	size_t i;

	for (i = 0; i + n <= size; i++)
		if (!memcmp(data + i, needle, n))
			return (long)i;
	return -1;
}

struct cast_order {
	char choices[LINK_VOTERS][16];	/* as stored: "3,7" */
	char ids[LINK_VOTERS][PD_BALLOT_ID];
	size_t n;
};

static int keep_cast(const char *id, const long *v, size_t n, void *arg)
{
	struct cast_order *o = arg;
	size_t len = 0, i;

	assert_true(o->n < LINK_VOTERS);
	snprintf(o->ids[o->n], PD_BALLOT_ID, "%s", id);
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(o->choices[o->n] + len, 16 - len,
					i ? ",%ld" : "%ld", v[i]);
	o->n++;
	return 0;
}

/* The share of pairs of ballots whose order on disk (ranks, earliest
 * first as the attacker reads it) agrees with the order of voting (the
 * voter's index): 1.0 when the disk tells the order of casting, about
 * 0.5 when it tells nothing. */
static double agreement(const long *disk_rank, size_t n)
{
	size_t i, j, agree = 0, pairs = 0;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++, pairs++)
			agree += disk_rank[i] < disk_rank[j];
	return pairs ? (double)agree / (double)pairs : 0.5;
}

/* voter v's ballot: one or two of 10 candidates, each voter's own */
static size_t link_ballot(size_t v, const long *cand, long *choice)
{
	size_t a = v % 10, b = (v / 10 + a + 1) % 10;

	choice[0] = cand[a];
	choice[1] = cand[b];
	return v < 10 ? 1 : 2;
}

static void sorted_text(char *out, size_t size, const long *c, size_t n)
{
	if (n == 1 || c[0] < c[1])
		snprintf(out, size, n == 1 ? "%ld" : "%ld,%ld", c[0], c[1]);
	else
		snprintf(out, size, "%ld,%ld", c[1], c[0]);
}

/* the rank on disk of each voter's ballot: SQLite, the offset of its cell
 * in the file (a later cell lies lower in its page); PostgreSQL, its
 * ctid */
static void disk_order(struct fixture *f, const struct cast_order *o,
		       char (*cast)[16], long *rank)
{
	long pos[LINK_VOTERS];
	size_t v, i;

	memset(pos, 0, sizeof(pos));
	if (!strcmp(backend->name, "sqlite")) {
		sqlite3 *db;
		FILE *fp;
		char *data;
		long size;

		assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
		assert_int_equal(sqlite3_exec(db, "PRAGMA wal_checkpoint(FULL)",
					      NULL, NULL, NULL), SQLITE_OK);
		sqlite3_close(db);
		assert_non_null(fp = fopen(f->path, "rb"));
		fseek(fp, 0, SEEK_END);
		size = ftell(fp);
		rewind(fp);
		assert_non_null(data = malloc((size_t)size));
		assert_int_equal(fread(data, 1, (size_t)size, fp), size);
		fclose(fp);
		for (i = 0; i < o->n; i++) {
			long at = find_bytes(data, (size_t)size, o->ids[i],
					     PD_BALLOT_ID - 1);

			assert_true(at >= 0);
			/* the later written, the lower in the page */
			for (v = 0; strcmp(cast[v], o->choices[i]); v++)
				;
			pos[v] = -at;
		}
		free(data);
	} else {
		PGconn *c = PQconnectdb(f->path);
		PGresult *r = PQexec(c, "SELECT choices FROM ballots ORDER BY "
				     "ctid");

		assert_int_equal(PQresultStatus(r), PGRES_TUPLES_OK);
		assert_int_equal(PQntuples(r), (int)o->n);
		for (i = 0; i < o->n; i++) {
			for (v = 0; strcmp(cast[v], PQgetvalue(r, (int)i, 0));
			     v++)
				;
			pos[v] = (long)i;
		}
		PQclear(r);
		PQfinish(c);
	}
	for (v = 0; v < o->n; v++)
		rank[v] = pos[v];
}

/* PostgreSQL: the one join that printed every voter->choice pair, and
 * whether the ballots' rows tell transactions apart */
static void pg_joins(struct fixture *f, long *joined, long *xmins)
{
	PGconn *c = PQconnectdb(f->path);
	PGresult *r = PQexec(c, "SELECT (SELECT count(*) FROM electorate e "
			     "JOIN ballots b ON e.xmin = b.xmin), (SELECT "
			     "count(DISTINCT xmin::text) FROM ballots)");

	assert_int_equal(PQresultStatus(r), PGRES_TUPLES_OK);
	*joined = atol(PQgetvalue(r, 0, 0));
	*xmins = atol(PQgetvalue(r, 0, 1));
	PQclear(r);
	PQfinish(c);
}

static void test_store__ballots_cannot_be_linked_to_voters(void **state)
{
	static const struct pd_who who = { "test", "podium election", "", 0, NULL };
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_election e = { .games = "PG2004", .name = "Council",
				 .seats = 2, .max_choices = 2, .votes = -1 };
	struct pd_candidate c = { .npc = "CHN" };
	struct pd_athlete a = { .npc = "GBR" };
	struct pd_election_read rd;
	struct cast_order o;
	char secret[PD_ELECTION_KEY], name[32], first;
	char cast[LINK_VOTERS][16];
	long cand[10], voter[LINK_VOTERS], choice[2], id = 0, audit = 0;
	long after = 0, rows = 0, rank[LINK_VOTERS], joined, xmins;
	size_t v, n;
	double agree;

	open_store(f);
	put_games(f, &g);
	assert_int_equal(pd_election_keys(e.seal, secret, &f->d), 0);
	if (pd_op_election_add(f->s, &e, NULL, 0, &who, NULL, &id, &f->d) < 0)
		fail_msg("election: %s", f->d.msg);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "register",
					 NULL, NULL, &f->d), 0);
	for (v = 0; v < 10; v++) {
		snprintf(c.name, sizeof(c.name), "Candidate %zu", v);
		c.election = id;
		assert_int_equal(pd_store_candidate_add(f->s, &c, &cand[v],
							&f->d), 0);
	}
	for (v = 0; v < LINK_VOTERS; v++) {
		snprintf(name, sizeof(name), "Voter %zu", v);
		a.name = name;
		assert_int_equal(pd_store_athlete_ensure(f->s, &a, &voter[v],
							 &f->d), 0);
		assert_int_equal(pd_store_elector_add(f->s, id, voter[v],
						      &f->d), 1);
	}
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_int_equal(pd_store_table_rows(f->s, "audit", NULL, count_rows,
					     &audit, &f->d), 0);
	for (v = 0; v < LINK_VOTERS; v++) {
		n = link_ballot(v, cand, choice);
		sorted_text(cast[v], sizeof(cast[v]), choice, n);
		if (pd_op_vote(f->s, id, voter[v], choice, n, &who, &f->d) < 0)
			fail_msg("vote %zu: %s", v, f->d.msg);
	}
	/* a ballot is no change: no line, no actor, no version */
	assert_int_equal(pd_store_table_rows(f->s, "audit", NULL, count_rows,
					     &after, &f->d), 0);
	assert_int_equal(after, audit);
	/* open: nothing to tally, nothing in the ballots table */
	assert_int_equal(pd_store_table_rows(f->s, "ballots", NULL, count_rows,
					     &rows, &f->d), 0);
	assert_int_equal(rows, 0);
	assert_int_equal(pd_election_read(&rd, f->s, id, &f->d), 0);
	assert_int_equal(rd.ballots, LINK_VOTERS);
	for (v = 0; v < rd.ncands; v++)
		assert_int_equal(rd.votes[v], 0);
	pd_election_read_release(&rd);
	/* close opens them; the close is logged */
	first = secret[0];
	secret[0] = first == 'a' ? 'b' : 'a';
	assert_int_equal(pd_op_election_close(f->s, id, secret, &who, &f->d),
			 PD_EPARSE);
	secret[0] = first;
	memset(&f->d, 0, sizeof(f->d));
	if (pd_op_election_close(f->s, id, secret, &who, &f->d) < 0)
		fail_msg("close: %s", f->d.msg);
	after = 0;
	assert_int_equal(pd_store_table_rows(f->s, "audit", NULL, count_rows,
					     &after, &f->d), 0);
	assert_int_equal(after, audit + 1);
	memset(&o, 0, sizeof(o));
	assert_int_equal(pd_store_ballots(f->s, id, keep_cast, &o, &f->d), 0);
	assert_int_equal(o.n, LINK_VOTERS);
	rows = 0;
	assert_int_equal(pd_store_sealed(f->s, id, count_box, &rows, &f->d),
			 0);
	assert_int_equal(rows, 0);
	/* the attacker's order: on disk the ballots are as likely in the
	 * order of voting as against it (before: every pair agreed) */
	disk_order(f, &o, cast, rank);
	agree = agreement(rank, LINK_VOTERS);
	if (agree < 0.2 || agree > 0.8)
		fail_msg("the ballots on disk follow the order of voting: %.2f "
			 "of pairs agree", agree);
	if (!strcmp(backend->name, "postgresql")) {
		pg_joins(f, &joined, &xmins);
		assert_int_equal(joined, 0);
		assert_int_equal(xmins, 1);	/* one transaction: close's */
	}
}

/* -- matches (record.h) */

static int collect_match(const struct pd_match *m, void *arg)
{
	return pd_matches_add(arg, m);
}

static void test_store__matches_replace_and_read(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_matches l, got;
	struct pd_match m;
	long event = 0;
	int rows = 0;

	open_store(f);
	put_games(f, &g);
	pd_matches_init(&l);
	pd_matches_init(&got);
	memset(&m, 0, sizeof(m));
	snprintf(m.phase, sizeof(m.phase), "final");
	snprintf(m.home, sizeof(m.home), "CHN");
	snprintf(m.away, sizeof(m.away), "GBR");
	m.hs = m.as = 1;
	m.extra = 1;
	m.hp = 3;
	m.ap = 2;
	snprintf(m.cite, sizeof(m.cite), "report ¶7");
	assert_int_equal(pd_matches_add(&l, &m), 0);
	snprintf(m.phase, sizeof(m.phase), "pool");
	snprintf(m.pool, sizeof(m.pool), "A");
	m.away[0] = '\0';
	m.hs = m.as = m.hp = m.ap = -1;
	m.extra = 0;
	snprintf(m.outcome, sizeof(m.outcome), "home-unbeaten");
	assert_int_equal(pd_matches_add(&l, &m), 0);
	for (int i = 0; i < 2; i++) {	/* twice: the first two are closed */
		assert_int_equal(pd_store_begin(f->s, &f->d), 0);
		assert_int_equal(pd_store_change(f->s, "PG2004", "test", "m",
						 NULL, NULL, &f->d), 0);
		if (!event)
			assert_int_equal(pd_store_event_ensure(f->s, "PG2004",
					 "Goalball", "Men", "M", "", 1, &event,
					 &f->d), 0);
		if (pd_store_matches_replace(f->s, event, "seed", &l,
					     &f->d) < 0)
			fail_msg("matches: %s", f->d.msg);
		assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	}
	assert_int_equal(pd_store_matches(f->s, event, collect_match, &got,
					  &f->d), 0);
	assert_int_equal(got.n, 2);
	assert_string_equal(got.v[0].away, "GBR");
	assert_int_equal(got.v[0].extra, 1);
	assert_int_equal(got.v[0].hp, 3);
	assert_int_equal(got.v[0].ap, 2);
	assert_string_equal(got.v[0].source, "seed");
	assert_string_equal(got.v[0].cite, "report ¶7");
	assert_int_equal(got.v[1].hs, -1);
	assert_string_equal(got.v[1].away, "");
	assert_string_equal(got.v[1].outcome, "home-unbeaten");
	assert_int_equal(pd_store_table_rows(f->s, "matches", NULL, count_row,
					     &rows, &f->d), 0);
	assert_int_equal(rows, 4);
	/* a side playing itself is refused before a write */
	snprintf(got.v[0].away, sizeof(got.v[0].away), "CHN");
	got.n = 1;
	assert_int_equal(pd_store_matches_replace(f->s, event, "seed", &got,
						  &f->d), PD_EPARSE);
	pd_matches_release(&l);
	pd_matches_release(&got);
}

/* -- a Games' units (store_units.h) */

struct unit_seen {
	char rsc[8][40], day[8][16], medal[8][16], rules[8][16];
	char who[8][32], wlt[8][4], npc[8][8], q[8][4];
	long rank[8];
	size_t nunits, nresults;
};

static int seen_unit(const struct pd_unit_rec *u, void *arg)
{
	struct unit_seen *v = arg;

	if (v->nunits < 8) {
		snprintf(v->rsc[v->nunits], 40, "%s", u->rsc);
		snprintf(v->day[v->nunits], 16, "%s", u->day);
		snprintf(v->medal[v->nunits], 16, "%s", u->medal);
		snprintf(v->rules[v->nunits], 16, "%s", u->rules);
	}
	v->nunits++;
	return 0;
}

static int seen_result(const struct pd_unit_result_rec *r, void *arg)
{
	struct unit_seen *v = arg;

	if (v->nresults < 8) {
		snprintf(v->who[v->nresults], 32, "%s", r->participant);
		snprintf(v->wlt[v->nresults], 4, "%s", r->wlt);
		snprintf(v->q[v->nresults], 4, "%s", r->qualification);
		snprintf(v->npc[v->nresults], 8, "%s", r->npc);
		v->rank[v->nresults] = r->rank;
	}
	v->nresults++;
	return 0;
}

#define TTF "TTEMSINGLES-----------FNL-000100--"
#define TTS "TTEMSINGLES-----------SFNL000100--"
#define TTEAM "TTEMTEAM--------------FNL-000100--"

static void put_units(struct fixture *f, const struct pd_units_put *u,
		      int want)
{
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "units",
					 NULL, NULL, &f->d), 0);
	if (want) {
		assert_int_equal(pd_store_units_replace(f->s, "PG2004", u,
							&f->d), want);
		pd_store_rollback(f->s);
		return;
	}
	if (pd_store_units_replace(f->s, "PG2004", u, &f->d) < 0)
		fail_msg("units: %s", f->d.msg);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
}

/* the results of PG2004's units whose code starts with prefix, into
 * *v: how many */
static size_t results_under(struct fixture *f, const char *prefix,
			    struct unit_seen *v)
{
	memset(v, 0, sizeof(*v));
	assert_int_equal(pd_store_unit_results(f->s, "PG2004", prefix,
					       seen_result, v, &f->d), 0);
	return v->nresults;
}

static void test_store__units_replace_and_read(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_unit_rec units[] = {
		{ TTF, "unit", "Table Tennis", "Men's Singles", "TTEMSINGLES",
		  "Gold Medal Match", "2004-09-20T12:00:00Z", "", "2004-09-20",
		  "Hall", "", "finished", "gold", "walkover" },
		{ TTS, "unit", "Table Tennis", "Men's Singles", "TTEMSINGLES",
		  "Semifinal", "2004-09-19T12:00:00Z", "", "2004-09-19",
		  "Hall", "", "finished", "", "" },
	};
	struct pd_unit_result_rec res[] = {
		{ TTF, "1", "Ma", 0, "CHN", 0, "4", "SETS", "", "", "W", "",
		  1, "" },
		{ TTF, "2", "Wang", 0, "CHN", 0, "1", "SETS", "", "", "L", "",
		  2, "" },
		{ TTS, "3", "Bell", 0, "GBR", 3, "", "", "", "", "L", "q",
		  0, "12" },
	};
	struct pd_unit_team_rec team = { "TTEMTEAM----CHN01", "China", "CHN",
					  "Table Tennis", "1\x1fMa" };
	struct pd_units_put u = { units, 2, res, 3, &team, 1 };
	struct pd_unit_query q = { .games = "PG2004" };
	struct unit_seen v;

	open_store(f);
	put_games(f, &g);
	put_units(f, &u, 0);
	put_units(f, &u, 0);	/* replaces: nothing twice */
	memset(&v, 0, sizeof(v));
	assert_int_equal(pd_store_units(f->s, &q, seen_unit, &v, &f->d), 0);
	assert_int_equal(v.nunits, 2);
	assert_string_equal(v.rsc[0], TTS);	/* by start time */
	assert_string_equal(v.medal[1], "gold");
	assert_string_equal(v.rules[1], "walkover");
	assert_string_equal(v.rules[0], "");
	memset(&v, 0, sizeof(v));
	q.day = "2004-09-20";
	assert_int_equal(pd_store_units(f->s, &q, seen_unit, &v, &f->d), 0);
	assert_int_equal(v.nunits, 1);
	assert_string_equal(v.rsc[0], TTF);
	memset(&v, 0, sizeof(v));
	assert_int_equal(pd_store_unit_results(f->s, "PG2004", TTF,
					       seen_result, &v, &f->d), 0);
	assert_int_equal(v.nresults, 2);
	assert_string_equal(v.who[0], "1");
	assert_string_equal(v.wlt[1], "L");
	memset(&v, 0, sizeof(v));
	assert_int_equal(pd_store_unit_results(f->s, "PG2004",
					       "TTEMSINGLES-----------",
					       seen_result, &v, &f->d), 0);
	assert_int_equal(v.nresults, 3);
	assert_string_equal(v.npc[2], "GBR");
	assert_int_equal(v.rank[2], 3);
	/* a prefix is read as a range of codes: its neighbours on either
	 * side ("...FNL" against "...SFNL", "...G" between them) are not
	 * in it, and "" is every unit */
	assert_int_equal(results_under(f, "TTEMSINGLES-----------FNL", &v), 2);
	assert_int_equal(results_under(f, "TTEMSINGLES-----------S", &v), 1);
	assert_string_equal(v.npc[0], "GBR");
	assert_int_equal(results_under(f, "TTEMSINGLES-----------G", &v), 0);
	assert_int_equal(results_under(f, "", &v), 3);
	/* one unit by its code, with and without a day that is its own */
	memset(&v, 0, sizeof(v));
	q.day = NULL;
	q.rsc = TTF;
	assert_int_equal(pd_store_units(f->s, &q, seen_unit, &v, &f->d), 0);
	assert_int_equal(v.nunits, 1);
	assert_string_equal(v.medal[0], "gold");
	memset(&v, 0, sizeof(v));
	q.day = "2004-09-19";
	assert_int_equal(pd_store_units(f->s, &q, seen_unit, &v, &f->d), 0);
	assert_int_equal(v.nunits, 0);
	q.rsc = NULL;
	q.day = NULL;
	/* refused before a write: a code not 34 long, an unknown NPC */
	units[0].rsc = "TTEMSINGLES";
	put_units(f, &u, PD_EINVAL);
	units[0].rsc = TTF;
	snprintf(res[2].npc, sizeof(res[2].npc), "ZZZ");
	u.nunits = 2;
	put_units(f, &u, PD_ESTORE);
}

static int seen_team(const struct pd_unit_team_rec *t, void *arg)
{
	char *v = arg;
	size_t n = strlen(v);

	snprintf(v + n, 256 - n, "%s|%s|%s|%s|%s;", t->code, t->name, t->npc,
		 t->discipline, t->members);
	return 0;
}

/* the teams' rosters as kept (ops_unit_teams.c), by code */
static void test_store__unit_teams_read(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_unit_rec unit = { TTF, "unit", "Table Tennis", "Men's Team",
				    "TTEMTEAM", "Final", "", "", "", "", "",
				    "", "", "" };
	struct pd_unit_team_rec teams[] = {
		{ "TTEMTEAM----GBR01", "Great Britain", "GBR", "Table Tennis", "" },
		{ "TTEMTEAM----CHN01", "China", "CHN", "Table Tennis",
		  "1\x1fMa\x1e" "2\x1fWang" },
	};
	struct pd_units_put u = { &unit, 1, NULL, 0, teams, 2 };
	char got[256] = "";

	open_store(f);
	put_games(f, &g);
	assert_int_equal(pd_store_unit_teams(f->s, "PG2004", seen_team, got,
					     &f->d), 0);
	assert_string_equal(got, "");
	put_units(f, &u, 0);
	assert_int_equal(pd_store_unit_teams(f->s, "PG2004", seen_team, got,
					     &f->d), 0);
	assert_string_equal(got, "TTEMTEAM----CHN01|China|CHN|Table Tennis|"
			    "1\x1fMa\x1e" "2\x1fWang;"
			    "TTEMTEAM----GBR01|Great Britain|GBR|Table Tennis|;");
	got[0] = '\0';
	assert_int_equal(pd_store_unit_teams(f->s, "PG2000", seen_team, got,
					     &f->d), 0);
	assert_string_equal(got, "");
}

/* A unit as it runs: its start list placed (those kept keep their
 * result), a result written, its status moved, each refused for a unit
 * or participant not there. */
static void unit_write(struct fixture *f, int (*fn)(struct fixture *),
		       int want)
{
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "unit",
					 NULL, NULL, &f->d), 0);
	if (fn(f) != want)
		fail_msg("unit write: %s", f->d.msg);
	if (want)
		pd_store_rollback(f->s);
	else
		assert_int_equal(pd_store_commit(f->s, &f->d), 0);
}

static struct pd_unit_result_rec start_rows[3] = {
	{ TTS, "3", "Bell", 0, "GBR", 0, "", "", "", "", "", "", 4, "12" },
	{ TTS, "5", "Dahl", 0, "CHN", 0, "", "", "", "", "", "", 2, "14" },
	{ TTS, "5", "Dahl", 0, "CHN", 0, "", "", "", "", "", "", 3, "" },
};

static int start_two(struct fixture *f)
{
	return pd_store_unit_start_list(f->s, "PG2004", TTS, start_rows, 2,
					&f->d);
}

static int start_twice(struct fixture *f)
{
	return pd_store_unit_start_list(f->s, "PG2004", TTS, start_rows + 1,
					2, &f->d);
}

static int start_nowhere(struct fixture *f)
{
	return pd_store_unit_start_list(f->s, "PG2004", TTEAM, start_rows, 1,
					&f->d);
}

static int result_dahl(struct fixture *f)
{
	struct pd_unit_result_rec r = start_rows[1];

	r.rank = 1;
	r.result = "3";
	r.wlt = "W";
	r.qualification = "Q";
	return pd_store_unit_result_set(f->s, "PG2004", &r, &f->d);
}

static int result_stranger(struct fixture *f)
{
	struct pd_unit_result_rec r = start_rows[1];

	r.participant = "99";
	return pd_store_unit_result_set(f->s, "PG2004", &r, &f->d);
}

static int mark_dahl(struct fixture *f)
{
	return pd_store_unit_mark(f->s, "PG2004", TTS, "5", "q", &f->d);
}

static int mark_stranger(struct fixture *f)
{
	return pd_store_unit_mark(f->s, "PG2004", TTS, "99", "q", &f->d);
}

static int status_running(struct fixture *f)
{
	return pd_store_unit_status(f->s, "PG2004", TTS, "running", &f->d);
}

static int status_nowhere(struct fixture *f)
{
	return pd_store_unit_status(f->s, "PG2004", TTEAM, "running", &f->d);
}

static void test_store__unit_start_list_result_status(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_unit_rec units[] = {
		{ TTS, "unit", "Table Tennis", "Men's Singles", "TTEMSINGLES",
		  "Semifinal", "2004-09-19T12:00:00Z", "", "2004-09-19",
		  "Hall", "", "scheduled", "", "" },
	};
	struct pd_unit_result_rec res[] = {
		{ TTS, "3", "Bell", 0, "GBR", 3, "", "", "", "", "L", "q",
		  0, "12" },
		{ TTS, "4", "Chen", 0, "CHN", 0, "", "", "", "", "", "",
		  1, "" },
	};
	struct pd_units_put u = { units, 1, res, 2, NULL, 0 };
	struct pd_unit_query q = { .games = "PG2004", .rsc = TTS };
	struct unit_seen v;

	open_store(f);
	put_games(f, &g);
	put_units(f, &u, 0);
	unit_write(f, start_two, 0);
	memset(&v, 0, sizeof(v));
	assert_int_equal(pd_store_unit_results(f->s, "PG2004", TTS,
					       seen_result, &v, &f->d), 0);
	assert_int_equal(v.nresults, 2);	/* Chen is off the list */
	assert_string_equal(v.who[0], "3");
	assert_int_equal(v.rank[0], 3);		/* Bell kept her result */
	assert_string_equal(v.wlt[0], "L");
	assert_string_equal(v.who[1], "5");
	assert_string_equal(v.npc[1], "CHN");
	unit_write(f, start_twice, PD_EINVAL);
	unit_write(f, start_nowhere, PD_ENOTFOUND);
	unit_write(f, result_dahl, 0);
	unit_write(f, result_stranger, PD_ENOTFOUND);
	memset(&v, 0, sizeof(v));
	assert_int_equal(pd_store_unit_results(f->s, "PG2004", TTS,
					       seen_result, &v, &f->d), 0);
	assert_int_equal(v.rank[1], 1);
	assert_string_equal(v.wlt[1], "W");
	unit_write(f, mark_dahl, 0);	/* the mark alone */
	unit_write(f, mark_stranger, PD_ENOTFOUND);
	memset(&v, 0, sizeof(v));
	assert_int_equal(pd_store_unit_results(f->s, "PG2004", TTS,
					       seen_result, &v, &f->d), 0);
	assert_int_equal(v.rank[1], 1);
	assert_string_equal(v.wlt[1], "W");
	assert_string_equal(v.q[1], "q");
	unit_write(f, status_running, 0);
	unit_write(f, status_nowhere, PD_ENOTFOUND);
	memset(&v, 0, sizeof(v));
	assert_int_equal(pd_store_units(f->s, &q, seen_unit, &v, &f->d), 0);
	assert_int_equal(v.nunits, 1);
}

/* Many units a write (a statement holds 128 rows, then 16, 4 and one:
 * 150 crosses each), read back whole; a results code given twice is
 * PD_EEXISTS, as store_units.h says, on every backend. */
static void test_store__units_many_rows_and_a_code_twice(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	static char rsc[150][40], who[150][8];
	struct pd_unit_rec units[150];
	struct pd_unit_result_rec res[150];
	struct pd_units_put u = { units, 150, res, 150, NULL, 0 };
	struct pd_unit_query q = { .games = "PG2004" };
	struct unit_seen v;
	int i;

	for (i = 0; i < 150; i++) {
		snprintf(rsc[i], sizeof(rsc[i]), "TTEMSINGLES-----------HEAT"
			 "%06d--", i);
		snprintf(who[i], sizeof(who[i]), "%d", i % 1000);
		units[i] = (struct pd_unit_rec){ rsc[i], "unit",
			"Table Tennis", "Men's Singles", "TTEMSINGLES", "Heat",
			"2004-09-19T12:00:00Z", "", "2004-09-19", "Hall", "",
			"finished", "", "" };
		res[i] = (struct pd_unit_result_rec){ rsc[i], who[i], "Ma", 0,
			"CHN", 1, "4", "SETS", "", "", "W", "", 1, "" };
	}
	open_store(f);
	put_games(f, &g);
	put_units(f, &u, 0);
	memset(&v, 0, sizeof(v));
	assert_int_equal(pd_store_units(f->s, &q, seen_unit, &v, &f->d), 0);
	assert_int_equal(v.nunits, 150);
	memset(&v, 0, sizeof(v));
	assert_int_equal(pd_store_unit_results(f->s, "PG2004", "", seen_result,
					       &v, &f->d), 0);
	assert_int_equal(v.nresults, 150);
	assert_string_equal(v.who[7], "7");
	units[149].rsc = rsc[3];
	put_units(f, &u, PD_EEXISTS);
}

/* -- anti-doping cases (record.h) */

static int collect_case(const struct pd_doping_case *c, void *arg)
{
	struct pd_doping_case *v = arg;

	v[c->id % 4] = *c;
	return 0;
}

static void test_store__doping_cases_add_and_read(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_athlete a = { .name = "Li Wei", .npc = "CHN" };
	struct pd_doping_case c, got[4];
	long ath = 0, id = 0, id2 = 0;

	open_store(f);
	put_games(f, &g);
	memset(&c, 0, sizeof(c));
	memset(got, 0, sizeof(got));
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "doping",
					 NULL, NULL, &f->d), 0);
	assert_int_equal(pd_store_athlete_ensure(f->s, &a, &ath, &f->d), 0);
	snprintf(c.games, sizeof(c.games), "PG2004");
	c.athlete = ath;
	snprintf(c.finding, sizeof(c.finding), "stanozolol");
	snprintf(c.date, sizeof(c.date), "2004-09-20");
	snprintf(c.outcome, sizeof(c.outcome), "disqualified");
	snprintf(c.cite, sizeof(c.cite), "p. 3");
	assert_int_equal(pd_store_doping_add(f->s, &c, &id, &f->d), 0);
	c.outcome[0] = '\0';
	c.date[0] = '\0';
	assert_int_equal(pd_store_doping_add(f->s, &c, &id2, &f->d), 0);
	/* refused before a write: a bad outcome; an athlete not there */
	snprintf(c.outcome, sizeof(c.outcome), "banned");
	assert_int_equal(pd_store_doping_add(f->s, &c, NULL, &f->d),
			 PD_EPARSE);
	c.outcome[0] = '\0';
	c.athlete = ath + 100;
	assert_int_not_equal(pd_store_doping_add(f->s, &c, NULL, &f->d), 0);
	pd_store_rollback(f->s);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "doping",
					 NULL, NULL, &f->d), 0);
	assert_int_equal(pd_store_athlete_ensure(f->s, &a, &ath, &f->d), 0);
	c.athlete = ath;
	assert_int_equal(pd_store_doping_add(f->s, &c, &id, &f->d), 0);
	snprintf(c.outcome, sizeof(c.outcome), "continued");
	assert_int_equal(pd_store_doping_add(f->s, &c, &id2, &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_int_equal(pd_store_doping_cases(f->s, "PG2004", collect_case,
					       got, &f->d), 0);
	assert_string_equal(got[id % 4].finding, "stanozolol");
	assert_string_equal(got[id % 4].outcome, "");
	assert_string_equal(got[id2 % 4].outcome, "continued");
	assert_int_equal(got[id2 % 4].athlete, ath);
	assert_int_equal(got[id2 % 4].sanction, 0);
}

static int count_entry(const struct pd_audit_entry *e, void *arg)
{
	char *last = arg;

	snprintf(last, 256, "%s", e->changes);
	return 0;
}

static int first_value(const struct pd_result_row *r, void *arg)
{
	double *v = arg;

	if (r->has_value && *v == 0)
		*v = r->value;
	return 0;
}

/* A store with Athens 2004 and, in a write transaction left open (a
 * change made by command, its version in *v), one men's event of sport:
 * its id. */
static long begin_with_event(struct fixture *f, const char *command,
			     const char *sport, const char *event, long *v)
{
	struct pd_games g = athens();
	long id = 0;

	open_store(f);
	put_games(f, &g);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", command,
					 NULL, v, &f->d), 0);
	assert_int_equal(pd_store_event_ensure(f->s, "PG2004", sport, event,
					       "M", "", 0, &id, &f->d), 0);
	return id;
}

/* An event's rank order and a change's note are kept and read back, and
 * a result's value comes back with it. */
static void test_store__event_order_and_change_note(void **state)
{
	struct fixture *f = *state;
	struct pd_result_rec rec;
	struct pd_event_info e;
	struct pd_athlete a;
	char last[256] = "";
	double value = 0;
	long v = 0, id = begin_with_event(f, "event add", "Para Swimming",
					  "Men's 50m Free S9", &v);
	assert_int_equal(pd_store_event_order(f->s, id, "asc", &f->d), 0);
	assert_int_equal(pd_store_event_order(f->s, id, "up", &f->d),
			 PD_EINVAL);
	memset(&a, 0, sizeof(a));
	a.name = "A One";
	strcpy(a.npc, "CHN");
	memset(&rec, 0, sizeof(rec));
	assert_int_equal(pd_store_athlete_ensure(f->s, &a, &rec.athlete_id,
						 &f->d), 0);
	rec.event_id = id;
	strcpy(rec.npc, "CHN");
	rec.name = "A One";
	rec.rank = 1;
	rec.mark = "25.10";
	rec.mark_value = 25.1;
	rec.has_value = 1;
	assert_int_equal(pd_store_result_add(f->s, &rec, &f->d), 0);
	assert_int_equal(pd_store_change_note(f->s, "PG2004", v, "[{\"what\":"
					      "\"event 1\"}]", &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_int_equal(pd_store_event_get(f->s, id, &e, &f->d), 0);
	assert_string_equal(e.order, "asc");
	pd_event_info_release(&e);
	assert_int_equal(pd_store_event_results(f->s, id, 0, first_value,
						&value, &f->d), 0);
	assert_true(value > 25.09 && value < 25.11);
	assert_int_equal(pd_store_log(f->s, "PG2004", 0, count_entry, last,
				      &f->d), 0);
	assert_string_equal(last, "[{\"what\":\"event 1\"}]");
}

/* What the results of an event read back as, one row a line. */
static int keep_row(const struct pd_result_row *r, void *arg)
{
	char *out = arg;
	size_t len = strlen(out);

	snprintf(out + len, 8192 - len, "%s %s a%d t%d r%ld %s %s;", r->npc,
		 r->name, r->athlete_id != 0, r->team_id != 0, r->rank,
		 r->has_value ? "v" : "-", r->mark);
	return 0;
}

/* Many results at once read back as the same results added one by one,
 * in the same order, NULLs and values kept (past the backend's batch of
 * several a statement and its remainder); one bad record refuses them
 * all before any is written.  In a bulk transaction (bulk) or not. */
static void results_add_many(void **state, int bulk)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_result_rec v[150];
	char many[8192] = "", one[8192] = "", names[150][16];
	long a = 0, t = 0, v1 = 0, ev[2] = { 0, 0 };
	struct pd_athlete ath;
	size_t i;
	int k;

	open_store(f);
	put_games(f, &g);
	assert_int_equal(bulk ? pd_store_begin_bulk(f->s, &f->d) :
			 pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "import",
					 NULL, &v1, &f->d), 0);
	for (k = 0; k < 2; k++)
		assert_int_equal(pd_store_event_ensure(f->s, "PG2004",
						       "Athletics", k ? "B" :
						       "A", "M", "", 0, &ev[k],
						       &f->d), 0);
	memset(&ath, 0, sizeof(ath));
	ath.name = "A One";
	strcpy(ath.npc, "CHN");
	assert_int_equal(pd_store_athlete_ensure(f->s, &ath, &a, &f->d), 0);
	assert_int_equal(pd_store_team_ensure(f->s, ev[0], "CHN", "China", &a,
					      1, &t, &f->d), 0);
	memset(v, 0, sizeof(v));
	for (i = 0; i < NELEM(v); i++) {
		snprintf(names[i], sizeof(names[i]), "R%02zu", i);
		strcpy(v[i].npc, i % 2 ? "CHN" : "GBR");
		v[i].name = names[i];
		v[i].athlete_id = i % 3 == 0 ? a : 0;
		v[i].team_id = i % 3 == 1 ? t : 0;
		v[i].rank = (long)(i % 5);
		v[i].mark = i % 4 ? "10.5" : "";
		v[i].mark_value = 10.5;
		v[i].has_value = i % 4 != 0;
		v[i].source = "csv";
	}
	for (k = 0; k < 2; k++) {
		for (i = 0; i < NELEM(v); i++)
			v[i].event_id = ev[k];
		if (k == 0 && pd_store_results_add(f->s, v, NELEM(v),
						   &f->d) < 0)
			fail_msg("%s", f->d.msg);
		for (i = 0; k == 1 && i < NELEM(v); i++)
			assert_int_equal(pd_store_result_add(f->s, &v[i],
							     &f->d), 0);
	}
	v[149].name = "bad\x7f";
	assert_int_equal(pd_store_results_add(f->s, v, NELEM(v), &f->d),
			 PD_EPARSE);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_int_equal(pd_store_event_results(f->s, ev[0], 0, keep_row, many,
						&f->d), 0);
	assert_int_equal(pd_store_event_results(f->s, ev[1], 0, keep_row, one,
						&f->d), 0);
	assert_string_equal(many, one);
	/* the refused call wrote none: 150 each */
	assert_non_null(strstr(many, "R149"));
	assert_null(strstr(one, "bad"));
	assert_non_null(strstr(many, "CHN R01 a0 t1 r1 v 10.5;"));
	assert_non_null(strstr(many, "GBR R00 a1 t0 r0 - ;"));
}

static void test_store__results_add_many_as_one_by_one(void **state)
{
	results_add_many(state, 0);
}

/* the same in a bulk transaction (SQLite: statements that fail, not
 * abort, since the whole transaction is undone on any error) */
static void test_store__results_add_many_in_a_bulk_transaction(void **state)
{
	results_add_many(state, 1);
}

/* Many athletes at once get the ids one by one would: a batch of several
 * a statement, then one holding an athlete the store already has, and a
 * remainder with athletes known by name (no ext) and one ext twice; a
 * second call finds them all; one bad athlete refuses them all before
 * any is written.  In a bulk transaction (bulk) or not. */
static void athletes_ensure_many(void **state, int bulk)
{
	struct fixture *f = *state;
	struct pd_athlete v[150];
	char exts[150][16], names[150][16], *name = NULL;
	long ids[150], again[150], one, old = 0;
	char npc[PD_CODE_MAX];
	size_t i;

	open_store(f);
	assert_int_equal(bulk ? pd_store_begin_bulk(f->s, &f->d) :
			 pd_store_begin(f->s, &f->d), 0);
	memset(v, 0, sizeof(v));
	for (i = 0; i < NELEM(v); i++) {
		snprintf(exts[i], sizeof(exts[i]), "t:%zu", i);
		snprintf(names[i], sizeof(names[i]), "A%02zu", i);
		v[i].ext = i == 145 || i == 146 ? NULL : exts[i];
		v[i].name = names[i];
		strcpy(v[i].npc, i % 2 ? "CHN" : "GBR");
		v[i].gender = i % 2 ? "W" : "M";
	}
	/* the store has t:100 already; t:3 comes twice (the second is
	 * A140) */
	v[140].ext = exts[3];
	assert_int_equal(pd_store_athlete_ensure(f->s, &v[100], &old, &f->d),
			 0);
	if (pd_store_athletes_ensure(f->s, v, NELEM(v), ids, &f->d) < 0)
		fail_msg("%s", f->d.msg);
	assert_int_equal(ids[100], old);
	assert_int_equal(ids[140], ids[3]);
	for (i = 0; i < NELEM(v); i++) {
		assert_int_equal(pd_store_athlete_ensure(f->s, &v[i], &one,
							 &f->d), 0);
		assert_int_equal(ids[i], one);
		assert_int_equal(pd_store_athlete_get(f->s, ids[i], &name,
						      npc, &f->d), 0);
		assert_string_equal(name, i == 140 ? "A03" : names[i]);
		assert_string_equal(npc, v[i == 140 ? 3 : i].npc);
		free(name);
		name = NULL;
	}
	for (i = 0; i < NELEM(v); i++)
		assert_true(i == 140 || ids[i] != ids[(i + 1) % NELEM(v)]);
	assert_int_equal(pd_store_athletes_ensure(f->s, v, NELEM(v), again,
						  &f->d), 0);
	assert_memory_equal(ids, again, sizeof(ids));
	/* a bad one: none of the new ones is written */
	for (i = 0; i < NELEM(v); i++)
		snprintf(exts[i], sizeof(exts[i]), "u:%zu", i);
	v[149].name = "bad\x7f";
	assert_int_equal(pd_store_athletes_ensure(f->s, v, NELEM(v), again,
						  &f->d), PD_EPARSE);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	v[149].name = names[149];
	v[0].ext = "u:0";
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_athlete_ensure(f->s, &v[0], &one, &f->d), 0);
	assert_true(one > ids[149] && one > old);
	pd_store_rollback(f->s);
}

static void test_store__athletes_ensure_many_as_one_by_one(void **state)
{
	athletes_ensure_many(state, 0);
}

/* the same in a bulk transaction (SQLite: a batch that meets a known
 * athlete keeps the rows before it) */
static void test_store__athletes_ensure_many_in_a_bulk_transaction(
	void **state)
{
	athletes_ensure_many(state, 1);
}

/* One result of event in a transaction begun by begin (a bulk one or
 * not), naming athlete; what the transaction's end returns (or the
 * write's, when it failed, the transaction then rolled back). */
static int write_result(struct fixture *f, int bulk, long event, long athlete,
			long team, long *id)
{
	struct pd_result_rec r;
	struct pd_athlete a;
	long v = 0;
	int ret;

	memset(&a, 0, sizeof(a));
	a.name = "B One";
	a.ext = "bulk:1";
	strcpy(a.npc, "CHN");
	memset(&r, 0, sizeof(r));
	strcpy(r.npc, "CHN");
	r.name = "B One";
	r.rank = 1;
	r.source = "csv";
	assert_int_equal(bulk ? pd_store_begin_bulk(f->s, &f->d) :
			 pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "import",
					 NULL, &v, &f->d), 0);
	assert_int_equal(pd_store_athlete_ensure(f->s, &a, id, &f->d), 0);
	r.event_id = event;
	r.athlete_id = athlete ? athlete : *id;
	r.team_id = team;
	if ((ret = pd_store_results_add(f->s, &r, 1, &f->d)) < 0) {
		pd_store_rollback(f->s);
		return ret;
	}
	return pd_store_commit(f->s, &f->d);
}

static int write_one(struct fixture *f, int bulk, long event, long athlete,
		     long *id)
{
	return write_result(f, bulk, event, athlete, 0, id);
}

/* A bulk transaction keeps the foreign keys, checked at the latest at its
 * commit: one result naming no event fails it, and nothing of it is kept
 * (not even the athlete written before); the next transaction, bulk or
 * not, refuses such a result too, and a sound bulk one commits. */
static void test_store__bulk_transactions_keep_the_foreign_keys(void **state)
{
	struct fixture *f = *state;
	char *name = NULL, npc[PD_CODE_MAX];
	long v = 0, id = 0, first = 0;
	long ev = begin_with_event(f, "import", "Athletics", "A", &v);

	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_true(write_one(f, 1, ev + 1000, 0, &first) < 0);
	assert_int_equal(pd_store_athlete_get(f->s, first, &name, npc, &f->d),
			 PD_ENOTFOUND);
	/* a bad athlete id as well, in a plain transaction after it */
	assert_true(write_one(f, 0, ev, first + 1000, &id) < 0);
	assert_true(write_one(f, 1, ev + 1000, 0, &id) < 0);
	assert_int_equal(write_one(f, 1, ev, 0, &id), 0);
	assert_int_equal(pd_store_athlete_get(f->s, id, &name, npc, &f->d), 0);
	assert_string_equal(name, "B One");
	free(name);
}

/* A Games of code put into the store, with one event (its id). */
static long games_with_event(struct fixture *f, const char *code,
			     const char *event)
{
	struct pd_games g = athens();
	long v = 0, id = 0;

	snprintf(g.code, sizeof(g.code), "%s", code);
	put_games(f, &g);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, code, "test", "event add", NULL,
					 &v, &f->d), 0);
	assert_int_equal(pd_store_event_ensure(f->s, code, "Athletics", event,
					       "M", "", 0, &id, &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	return id;
}

/* Run sql on the store through a connection of its own, whichever
 * backend: what an older podium left behind. */
static void raw_any(struct fixture *f, const char *sqlite_sql,
		    const char *pg_sql)
{
	if (!strcmp(backend->name, "sqlite")) {
		sqlite3 *db;

		assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
		if (sqlite3_exec(db, sqlite_sql, NULL, NULL, NULL) != SQLITE_OK)
			fail_msg("%s: %s", sqlite_sql, sqlite3_errmsg(db));
		sqlite3_close(db);
	} else {
		PGconn *c = PQconnectdb(f->path);
		PGresult *r = PQexec(c, pg_sql);

		if (PQresultStatus(r) != PGRES_COMMAND_OK)
			fail_msg("%s: %s", pg_sql, PQerrorMessage(c));
		PQclear(r);
		PQfinish(c);
	}
}

static long athlete_of(struct fixture *f, const char *npc, const char *name)
{
	struct pd_athlete a = { .name = name };
	long id = 0;

	snprintf(a.npc, sizeof(a.npc), "%s", npc);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "athlete",
					 NULL, NULL, &f->d), 0);
	if (pd_store_athlete_ensure(f->s, &a, &id, &f->d) < 0) {
		pd_store_rollback(f->s);
		return -1;
	}
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	return id;
}

static long team_of(struct fixture *f, long event, const char *name)
{
	long id = 0;

	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "team", NULL,
					 NULL, &f->d), 0);
	if (pd_store_team_ensure(f->s, event, "CHN", name, NULL, 0, &id,
				 &f->d) < 0) {
		pd_store_rollback(f->s);
		return -1;
	}
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	return id;
}

/* One competitor, one row (issue 27.8): an athlete or a team is found by
 * its name after NFC/NFKC, case folding and white space folding, in both
 * backends and whoever writes; a name with a format character or of
 * white space alone is refused; and the athletes and teams of a store
 * made before the key are keyed when it opens. */
static void test_store__one_competitor_whatever_the_spelling(void **state)
{
	static const char *const same[] = {
		"ZHANG LIXIN", "zhang  lixin ", "Ｚｈａｎｇ Ｌｉｘｉｎ",
		"Zhang\xc2\xa0Lixin", " Zhang\xe3\x80\x80Lixin",
	};
	struct fixture *f = *state;
	long id, team, event;
	size_t i;

	open_store(f);
	event = games_with_event(f, "PG2004", "4x100 m");
	id = athlete_of(f, "CHN", "Zhang Lixin");
	assert_true(id > 0);
	for (i = 0; i < NELEM(same); i++)
		assert_int_equal(athlete_of(f, "CHN", same[i]), id);
	assert_true(athlete_of(f, "GBR", "Zhang Lixin") != id);
	assert_true(athlete_of(f, "CHN", "Zhang Lixín") != id);
	/* NFC and NFD of one name */
	id = athlete_of(f, "CHN", "Z\xc3\xa9 Li");
	assert_int_equal(athlete_of(f, "CHN", "Ze\xcc\x81 Li"), id);
	/* refused: invisible, or nothing but space */
	assert_int_equal(athlete_of(f, "CHN", "Zhang\xe2\x80\x8bLixin"), -1);
	assert_non_null(strstr(f->d.msg, "U+200B"));
	assert_int_equal(athlete_of(f, "CHN", "\xef\xbb\xbfZhang"), -1);
	assert_int_equal(athlete_of(f, "CHN", "  \xe3\x80\x80"), -1);
	assert_non_null(strstr(f->d.msg, "blank"));
	team = team_of(f, event, "China");
	assert_int_equal(team_of(f, event, "CHINA "), team);
	assert_int_equal(team_of(f, event, "China\xc2\xad"), -1);
	/* a store from before the key: keyed as it opens */
	pd_store_close(f->s);
	f->s = NULL;
	raw_any(f, "DROP TABLE unit_results; DROP TABLE unit_teams; "
		"DROP TABLE units; "
		"DROP INDEX athletes_by_key; DROP INDEX teams_by_key; "
		"ALTER TABLE athletes DROP COLUMN name_key; ALTER TABLE teams "
		"DROP COLUMN name_key; PRAGMA user_version = 14",
		"DROP TABLE unit_results; DROP TABLE unit_teams; "
		"DROP TABLE units; "
		"ALTER TABLE athletes DROP COLUMN name_key; ALTER TABLE teams "
		"DROP COLUMN name_key; UPDATE podium_schema SET version = 13");
	open_store(f);
	assert_int_equal(athlete_of(f, "CHN", "zhang lixin"),
			 athlete_of(f, "CHN", "Zhang Lixin"));
	assert_int_equal(athlete_of(f, "CHN", "ＺＨＡＮＧ LIXIN"),
			 athlete_of(f, "CHN", "Zhang Lixin"));
	if (team_of(f, event, "china") != team)
		fail_msg("team: %s", f->d.msg);
}

/* The check at a bulk transaction's end holds where the parent's ids have
 * a gap: a result naming the event of a removed Games, whose id lies
 * between two events that are still there, fails the transaction with
 * the backend's foreign-key message, and none of it is kept; so does a
 * team id naming no team (a column that may be NULL), while a result
 * with no team, or naming either event still there, commits. */
static void test_store__bulk_check_sees_a_reference_into_a_gap(void **state)
{
	struct fixture *f = *state;
	char *name = NULL, npc[PD_CODE_MAX];
	long first, gone, last, id = 0;

	open_store(f);
	first = games_with_event(f, "PG2004", "A");
	gone = games_with_event(f, "PG2008", "B");
	last = games_with_event(f, "PG2012", "C");
	assert_true(first < gone && gone < last);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_games_remove(f->s, "PG2008", "t", "c", "",
					       &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);

	memset(&f->d, 0, sizeof(f->d));
	assert_int_equal(write_one(f, 1, gone, 0, &id), PD_ESTORE);
	assert_non_null(strstr(f->d.msg, backend->foreign_key_msg));
	assert_int_equal(pd_store_athlete_get(f->s, id, &name, npc, &f->d),
			 PD_ENOTFOUND);
	memset(&f->d, 0, sizeof(f->d));
	assert_int_equal(write_result(f, 1, first, 0, 1000000, &id),
			 PD_ESTORE);
	assert_non_null(strstr(f->d.msg, backend->foreign_key_msg));
	assert_int_equal(write_one(f, 1, first, 0, &id), 0);
	assert_int_equal(write_one(f, 1, last, id, &id), 0);
	assert_int_equal(pd_store_athlete_get(f->s, id, &name, npc, &f->d), 0);
	assert_string_equal(name, "B One");
	free(name);
}

/* Run sql on the store's file through a connection of its own, whose
 * foreign keys are off (SQLite's default): rows no store write makes. */
static void raw_exec(struct fixture *f, const char *sql)
{
	sqlite3 *db;

	assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

/* The check at a bulk transaction's end covers the whole store, and a
 * reference that is no integer breaks the key even where it lies within
 * the parent's dense ids: a result naming event 'x', or 1.5 (events 1 and
 * 2 there), fails every bulk transaction after it until it goes; so does
 * one naming an NPC the registry lacks. */
static void test_store__bulk_check_sees_references_that_are_no_ids(
	void **state)
{
	static const struct {
		const char *values, *msg;
	} bad[] = {
		{ "('x', 'CHN', 1)", "names no row of events" },
		{ "(1.5, 'CHN', 1)", "names no row of events" },
		{ "(1, 'ZZZ', 1)", "names no row of npcs" },
	};
	struct fixture *f = *state;
	char sql[256];
	long id = 0;
	size_t i;

	open_store(f);
	assert_int_equal(games_with_event(f, "PG2004", "A"), 1);
	assert_int_equal(games_with_event(f, "PG2008", "B"), 2);
	assert_int_equal(write_one(f, 1, 1, 0, &id), 0);
	for (i = 0; i < NELEM(bad); i++) {
		snprintf(sql, sizeof(sql), "INSERT INTO results (event_id, "
			 "npc, since) VALUES %s", bad[i].values);
		raw_exec(f, sql);
		memset(&f->d, 0, sizeof(f->d));
		assert_int_equal(write_one(f, 1, 2, 0, &id), PD_ESTORE);
		assert_non_null(strstr(f->d.msg, bad[i].msg));
		/* the store's own rows have a source */
		raw_exec(f, "DELETE FROM results WHERE source = ''");
		assert_int_equal(write_one(f, 1, 2, 0, &id), 0);
	}
}

static int keep_removed(const struct pd_audit_entry *e, void *arg)
{
	snprintf(arg, 256, "%s v%ld %s %s %s", e->games, e->version, e->actor,
		 e->command, e->reason);
	/* a removed Games keeps no list of changes (audit.h) */
	assert_string_equal(e->changes, "");
	return 0;
}

static int count_source(const char *source, size_t results, void *arg)
{
	char *out = arg;
	size_t len = strlen(out);

	snprintf(out + len, 256 - len, "%s=%zu;", source, results);
	return 0;
}

/* The sources of a Games' results are listed with their counts; a
 * published table and a whole Games can be removed, the Games' removal
 * kept on record. */
static void test_store__sources_and_removals(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), got;
	struct pd_published p;
	struct pd_strings pub;
	char seen[256] = "";
	long ver = 0;

	open_store(f);
	put_games(f, &g);
	replace(f, "csv", medals_a, 7, NULL);
	assert_int_equal(pd_store_result_sources(f->s, "PG2004", count_source,
						 seen, &f->d), 0);
	assert_string_equal(seen, "csv=7;");
	/* one event's: the swimming event, made first, has 3 of them */
	seen[0] = '\0';
	assert_int_equal(pd_store_event_sources(f->s, 1, count_source, seen,
						&f->d), 0);
	assert_string_equal(seen, "csv=3;");
	seen[0] = '\0';
	assert_int_equal(pd_store_event_sources(f->s, 99, count_source, seen,
						&f->d), 0);
	assert_string_equal(seen, "");
	make_published(&p);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "t", "c", NULL, &ver,
					 &f->d), 0);
	assert_int_equal(pd_store_published_put(f->s, "PG2004", "zh", &p, "f",
						&f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	pd_published_release(&p);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_published_remove(f->s, "PG2004", "zh",
						   &f->d), 0);
	assert_int_equal(pd_store_published_remove(f->s, "PG2004", "zh",
						   &f->d), PD_ENOTFOUND);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_int_equal(pd_store_published_sources(f->s, "PG2004", &pub,
						    &f->d), 0);
	assert_int_equal(pub.n, 0);
	pd_strings_release(&pub);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_games_remove(f->s, "PG2004", "t", "podium "
					       "games remove PG2004", "why",
					       &f->d), 0);
	assert_int_equal(pd_store_games_remove(f->s, "PG2004", "t", "c", "",
					       &f->d), PD_ENOTFOUND);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d),
			 PD_ENOTFOUND);
	assert_int_equal(pd_store_games_removed(f->s, keep_removed, seen,
						&f->d), 0);
	assert_string_equal(seen, "PG2004 v2 t podium games remove PG2004 why");
	seen[0] = '\0';
	assert_int_equal(pd_store_result_sources(f->s, "PG2004", count_source,
						 seen, &f->d), 0);
	assert_string_equal(seen, "");
}

struct audit_count {
	const char *command;
	int n;
};

static int count_command(const struct pd_audit_entry *e, void *arg)
{
	struct audit_count *c = arg;

	c->n += !strcmp(e->command, c->command);
	return 0;
}

/* How many of PG2004's audit entries s sees for command. */
static int count_audit(struct pd_store *s, const char *command)
{
	struct audit_count c = { command, 0 };
	struct pd_diag d;

	assert_int_equal(pd_store_log(s, "PG2004", 0, count_command, &c, &d),
			 0);
	return c.n;
}

/* Group commit: three writes in one transaction, the second undone
 * alone; each kept write is its own version and audit entry, nothing is
 * seen by another connection before the group commits, and a group
 * rolled back leaves nothing. */
static void test_store__group_commit_keeps_each_write_apart(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), got;
	struct pd_store *other = NULL;
	struct pd_diag d;
	long v[3] = { 0, 0, 0 };
	int i;

	open_store(f);
	put_games(f, &g);
	assert_int_equal(pd_store_open(&other, f->path, &f->reg, &d), 0);
	assert_int_equal(pd_store_group_begin(f->s, &f->d), 0);
	for (i = 0; i < 3; i++) {
		assert_int_equal(pd_store_begin(f->s, &f->d), 0);
		assert_int_equal(pd_store_change(f->s, "PG2004", "test",
						 i == 1 ? "undone" : "kept",
						 NULL, &v[i], &f->d), 0);
		if (i == 1) {
			pd_store_rollback(f->s);
			/* ending a read rolls back nothing of the group */
			assert_int_equal(pd_store_begin_read(f->s, &f->d), 0);
			pd_store_rollback(f->s);
		} else {
			assert_int_equal(pd_store_commit(f->s, &f->d), 0);
		}
	}
	/* the undone write's version is taken again by the next */
	assert_int_equal(v[1], v[0] + 1);
	assert_int_equal(v[2], v[0] + 1);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d), 0);
	assert_int_equal(got.version, v[2]);
	pd_games_release(&got);
	assert_int_equal(pd_store_games_get(other, "PG2004", &got, &d), 0);
	assert_int_equal(got.version, v[0] - 1);
	pd_games_release(&got);
	assert_int_equal(pd_store_group_commit(f->s, &f->d), 0);
	assert_int_equal(pd_store_games_get(other, "PG2004", &got, &d), 0);
	assert_int_equal(got.version, v[2]);
	pd_games_release(&got);
	assert_int_equal(count_audit(other, "kept"), 2);
	assert_int_equal(count_audit(other, "undone"), 0);

	/* a group undone whole */
	assert_int_equal(pd_store_group_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "lost",
					 NULL, NULL, &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	pd_store_group_rollback(f->s);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d), 0);
	assert_int_equal(got.version, v[2]);
	pd_games_release(&got);
	assert_int_equal(count_audit(f->s, "lost"), 0);
	/* and plain writes go on as before */
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "kept",
					 NULL, NULL, &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_int_equal(count_audit(other, "kept"), 3);
	pd_store_close(other);
}

/* The ids of the events games' changes after since touched, as text
 * ("1,3"; "0" stands for every event), and how often it was removed. */
static void changed_since(struct fixture *f, long since, char *out,
			  size_t size, long *removed)
{
	long *ids = NULL, r = -1;
	size_t n = 0, i, len = 0;

	if (pd_store_events_changed(f->s, "PG2004", since, &ids, &n, &r,
				    &f->d) < 0)
		fail_msg("events_changed: %s", f->d.msg);
	out[0] = '\0';
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(out + len, size - len, "%s%ld",
					i ? "," : "", ids[i]);
	free(ids);
	if (removed)
		*removed = r;
}

/* One medal a line, as a walk hands it over. */
static int keep_medal_line(const struct pd_medal_out *m, void *arg)
{
	char *out = arg;
	size_t len = strlen(out);

	snprintf(out + len, 4096 - len, "e%ld r%ld %d %s %s %s;", m->event_id,
		 m->result_id, (int)m->medal, m->npc, m->name, m->event);
	return 0;
}

/* Open a change, add a result of (npc, name, rank) to event, commit. */
static long result_in(struct fixture *f, long event, const char *npc,
		      const char *name, long rank, long *athlete)
{
	struct pd_result_rec rec;
	struct pd_athlete a;
	long v = 0;

	memset(&a, 0, sizeof(a));
	memset(&rec, 0, sizeof(rec));
	a.name = name;
	strcpy(a.npc, npc);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "t", "result", NULL,
					 &v, &f->d), 0);
	assert_int_equal(pd_store_athlete_ensure(f->s, &a, &rec.athlete_id,
						 &f->d), 0);
	rec.event_id = event;
	strcpy(rec.npc, npc);
	rec.name = name;
	rec.rank = rank;
	assert_int_equal(pd_store_results_close(f->s, event, rec.athlete_id,
						0, NULL, &f->d), 0);
	assert_int_equal(pd_store_result_add(f->s, &rec, &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	if (athlete)
		*athlete = rec.athlete_id;
	return v;
}

/* Each change records the events it touched -- results, a status, a
 * sanction; a rolled-back change none; one too wide (past 64 events, a
 * sanction lifted) stands for every event -- and the medals of some
 * events are what the whole walk gives for them, in the same order. */
static void test_store__events_changed_name_what_each_change_touched(
	void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_query q = { .games = "PG2004" };
	char seen[512], want[512], all[4096] = "", some[4096] = "";
	char part[4096] = "", name[16];
	long ev[3], v0 = 0, v1, v2, v3, v4, ath = 0, sid = 0, removed = -1;
	long other = 0, x;
	int k;

	open_store(f);
	put_games(f, &g);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "t", "events", NULL,
					 &v0, &f->d), 0);
	for (k = 0; k < 3; k++)
		assert_int_equal(pd_store_event_ensure(f->s, "PG2004",
						       "Athletics", k == 0 ?
						       "A" : k == 1 ? "B" : "C",
						       "M", "", 0, &ev[k],
						       &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	changed_since(f, v0 - 1, seen, sizeof(seen), &removed);
	snprintf(want, sizeof(want), "%ld,%ld,%ld", ev[0], ev[1], ev[2]);
	assert_string_equal(seen, want);
	assert_int_equal(removed, 0);
	changed_since(f, v0, seen, sizeof(seen), NULL);
	assert_string_equal(seen, "");

	result_in(f, ev[0], "CHN", "A One", 1, &ath);
	result_in(f, ev[0], "GBR", "A Two", 2, NULL);
	v1 = result_in(f, ev[1], "GBR", "B One", 1, NULL);
	result_in(f, ev[2], "IND", "C One", 1, NULL);
	changed_since(f, v1 - 1, seen, sizeof(seen), NULL);
	snprintf(want, sizeof(want), "%ld,%ld", ev[1], ev[2]);
	assert_string_equal(seen, want);

	/* a status, then a sanction: their events */
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "t", "status", NULL,
					 &v2, &f->d), 0);
	assert_int_equal(pd_store_event_status(f->s, ev[2], "unofficial",
					       &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "t", "sanction", NULL,
					 &v3, &f->d), 0);
	assert_int_equal(pd_store_sanction_add(f->s, "PG2004", ath,
					       PD_SANCTION_REALLOCATE, "why",
					       &ev[0], 1, &sid, &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	changed_since(f, v2 - 1, seen, sizeof(seen), NULL);
	snprintf(want, sizeof(want), "%ld,%ld", ev[0], ev[2]);
	assert_string_equal(seen, want);
	changed_since(f, v3 - 1, seen, sizeof(seen), NULL);
	snprintf(want, sizeof(want), "%ld", ev[0]);
	assert_string_equal(seen, want);

	/* a change rolled back touched nothing */
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "t", "status", NULL,
					 &x, &f->d), 0);
	assert_int_equal(pd_store_event_status(f->s, ev[1], "live", &f->d), 0);
	pd_store_rollback(f->s);
	changed_since(f, v3, seen, sizeof(seen), NULL);
	assert_string_equal(seen, "");

	/* the medals of some events are the whole walk's of those */
	assert_int_equal(pd_store_medals(f->s, &q, keep_medal_line, all,
					 &f->d), 0);
	assert_int_equal(pd_store_medals_of(f->s, &q, ev, 3, keep_medal_line,
					    some, &f->d), 0);
	assert_string_equal(some, all);
	assert_non_null(strstr(all, "GBR A Two A;"));	/* reallocated */
	assert_null(strstr(all, " C;"));		/* unofficial */
	other = ev[2] + 1000;	/* no event of the Games: none */
	assert_int_equal(pd_store_medals_of(f->s, &q, &ev[1], 1,
					    keep_medal_line, part, &f->d), 0);
	assert_int_equal(pd_store_medals_of(f->s, &q, &other, 1,
					    keep_medal_line, part, &f->d), 0);
	/* event B's medals alone, as they stand in the whole walk */
	assert_non_null(strstr(part, "GBR B One B;"));
	assert_null(strstr(part, " A;"));
	assert_non_null(strstr(all, part));

	/* a sanction lifted, then a change of more than 64 events: every
	 * event (0) */
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "t", "lift", NULL,
					 &v4, &f->d), 0);
	assert_int_equal(pd_store_sanction_lift(f->s, "PG2004", sid, &f->d),
			 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	changed_since(f, v4 - 1, seen, sizeof(seen), NULL);
	assert_string_equal(seen, "0");
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "t", "import", NULL,
					 &v4, &f->d), 0);
	for (k = 0; k < 70; k++) {
		snprintf(name, sizeof(name), "E%02d", k);
		assert_int_equal(pd_store_event_ensure(f->s, "PG2004", "Judo",
						       name, "M", "", 0, &x,
						       &f->d), 0);
	}
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	changed_since(f, v4 - 1, seen, sizeof(seen), NULL);
	assert_true(!strncmp(seen, "0,", 2));

	/* a Games removed and made again: counted */
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_games_remove(f->s, "PG2004", "t", "rm", "",
					       &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	put_games(f, &g);
	changed_since(f, 0, seen, sizeof(seen), &removed);
	assert_string_equal(seen, "");
	assert_int_equal(removed, 1);
}

/* What a career is read from (stats.h): the athletes of one NPC, the
 * one asked for among them, by id, and no other NPC's; and the Games a
 * row took part in, by its own result, a team's result with it among
 * the members, or an entry, each Games once, by code. */
struct kin_seen {
	long ids[8];
	char names[8][32];
	size_t n;
};

static int seen_kin(long id, const struct pd_athlete *a, void *arg)
{
	struct kin_seen *k = arg;

	if (k->n < 8) {
		snprintf(k->names[k->n], sizeof(k->names[0]), "%s", a->name);
		k->ids[k->n++] = id;
	}
	return 0;
}

static int seen_games(const char *games, void *arg)
{
	struct pd_strings *l = arg;

	return pd_strings_add(l, games);
}

/* A result at games's event: athlete's own, or (member > 0) a team's
 * with member in it; the event's id. */
static long career_result(struct fixture *f, const char *games,
			  const char *event, long athlete, long member)
{
	struct pd_games g = athens();
	struct pd_result_rec rec;
	long ev = 0, v = 0;

	snprintf(g.code, sizeof(g.code), "%s", games);
	put_games(f, &g);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, games, "test", "result", NULL,
					 &v, &f->d), 0);
	assert_int_equal(pd_store_event_ensure(f->s, games, "Athletics", event,
					       "W", "", 0, &ev, &f->d), 0);
	memset(&rec, 0, sizeof(rec));
	rec.event_id = ev;
	strcpy(rec.npc, "CHN");
	rec.name = member ? "China" : "X";
	rec.athlete_id = athlete;
	if (member)
		assert_int_equal(pd_store_team_ensure(f->s, ev, "CHN", "China",
						      &member, 1, &rec.team_id,
						      &f->d), 0);
	rec.rank = 1;
	rec.mark = "";
	assert_int_equal(pd_store_result_add(f->s, &rec, &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	return ev;
}

static void test_store__athlete_kin_and_games(void **state)
{
	struct fixture *f = *state;
	struct kin_seen k = { { 0 }, { "" }, 0 };
	struct pd_strings l;
	long li, na, other;

	open_store(f);
	(void)games_with_event(f, "PG2004", "100 m");
	li = athlete_of(f, "CHN", "LI Na");
	na = athlete_of(f, "CHN", "Na Li");
	other = athlete_of(f, "GBR", "Li Na");
	assert_true(li > 0 && na > 0 && other > 0);
	assert_int_equal(pd_store_athlete_kin(f->s, na, seen_kin, &k, &f->d),
			 0);
	assert_int_equal(k.n, 2);
	assert_int_equal(k.ids[0], li);
	assert_string_equal(k.names[0], "LI Na");
	assert_int_equal(k.ids[1], na);
	k.n = 0;
	assert_int_equal(pd_store_athlete_kin(f->s, 999999, seen_kin, &k,
					      &f->d), 0);
	assert_int_equal(k.n, 0);
	/* her own results at PG2016 and PG2012 (twice there), a team's at
	 * PG2008, none at PG2004 (whose event she is not in) */
	(void)career_result(f, "PG2016", "400 m", li, 0);
	(void)career_result(f, "PG2012", "200 m", li, 0);
	(void)career_result(f, "PG2012", "800 m", li, 0);
	(void)career_result(f, "PG2008", "4x100 m", 0, li);
	pd_strings_init(&l);
	assert_int_equal(pd_store_athlete_games(f->s, li, seen_games, &l,
						&f->d), 0);
	assert_int_equal(l.n, 3);
	assert_string_equal(l.v[0], "PG2008");
	assert_string_equal(l.v[1], "PG2012");
	assert_string_equal(l.v[2], "PG2016");
	pd_strings_release(&l);
	pd_strings_init(&l);
	assert_int_equal(pd_store_athlete_games(f->s, na, seen_games, &l,
						&f->d), 0);
	assert_int_equal(l.n, 0);
	pd_strings_release(&l);
}

static int count_sanction(const struct pd_sanction_info *si, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

/* In a group that holds a Games' row, its sanctions found none once are
 * none without asking again (store.c), until the group adds one. */
static void test_store__pg_a_group_knows_no_sanction_until_it_adds_one(
	void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	long ev = 0, ath = 0, sid = 0;
	int i, n[3] = { -1, -1, -1 };

	open_store(f);
	put_games(f, &g);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "t", "event", NULL,
					 NULL, &f->d), 0);
	assert_int_equal(pd_store_event_ensure(f->s, "PG2004", "Athletics",
					       "A", "M", "", 0, &ev, &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	result_in(f, ev, "CHN", "A One", 1, &ath);
	assert_int_equal(pd_store_group_begin(f->s, &f->d), 0);
	for (i = 0; i < 3; i++) {
		assert_int_equal(pd_store_begin(f->s, &f->d), 0);
		assert_int_equal(pd_store_change(f->s, "PG2004", "t", "w", NULL,
						 NULL, &f->d), 0);
		n[i] = 0;
		assert_int_equal(pd_store_sanctions(f->s, "PG2004",
						    count_sanction, &n[i],
						    &f->d), 0);
		if (i == 1)
			assert_int_equal(pd_store_sanction_add(f->s, "PG2004",
					 ath, PD_SANCTION_VACATE, "why", &ev, 1,
					 &sid, &f->d), 0);
		assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	}
	assert_int_equal(pd_store_group_commit(f->s, &f->d), 0);
	assert_int_equal(n[0], 0);
	assert_int_equal(n[1], 0);
	assert_int_equal(n[2], 1);
}

/* The last version of an audit line 'next', into *arg. */
static int last_next(const struct pd_audit_entry *e, void *arg)
{
	if (!strcmp(e->command, "next"))
		*(long *)arg = e->version;
	return 0;
}

/* A write's statements whose answers are not read go with its next
 * statement (pg_send.c).  One that fails fails its own write, at the
 * write's release, naming itself; the writes before it in the group are
 * kept and the group goes on; a write undone before it sent anything
 * costs nothing. */
static void test_store__pg_a_kept_statement_fails_its_own_write(
	void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), got;
	long v1 = 0, v2 = 0, v3 = 0, v4[2] = { 0, 0 };
	int i;

	open_store(f);
	put_games(f, &g);
	assert_int_equal(pd_store_group_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "kept", NULL,
					 &v1, &f->d), 0);
	assert_int_equal(pd_store_change_note(f->s, "PG2004", v1, "[]",
					      &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	/* a note PostgreSQL refuses (not UTF-8): kept without a word, its
	 * error comes with the release */
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "undone",
					 NULL, &v2, &f->d), 0);
	assert_int_equal(pd_store_change_note(f->s, "PG2004", v2, "\xff\xfe",
					      &f->d), 0);
	assert_true(pd_store_commit(f->s, &f->d) < 0);
	assert_non_null(strstr(f->d.msg, "write the audit log"));
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	pd_store_rollback(f->s);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "kept", NULL,
					 &v3, &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	/* the Games' row is the group's now: its next versions are known
	 * without asking (store.c), and written as the server makes them */
	for (i = 0; i < 2; i++) {
		assert_int_equal(pd_store_begin(f->s, &f->d), 0);
		assert_int_equal(pd_store_change(f->s, "PG2004", "test", "next",
						 NULL, &v4[i], &f->d), 0);
		assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	}
	assert_int_equal(pd_store_group_commit(f->s, &f->d), 0);
	assert_int_equal(v2, v1 + 1);
	assert_int_equal(v3, v1 + 1);	/* the undone one's, taken again */
	assert_int_equal(v4[0], v3 + 1);
	assert_int_equal(v4[1], v3 + 2);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &got, &f->d), 0);
	assert_int_equal(got.version, v4[1]);
	pd_games_release(&got);
	assert_int_equal(count_audit(f->s, "kept"), 2);
	assert_int_equal(count_audit(f->s, "next"), 2);
	assert_int_equal(count_audit(f->s, "undone"), 0);
	assert_int_equal(pd_store_log(f->s, "PG2004", 0, last_next, &v1,
				      &f->d), 0);
	assert_int_equal(v1, v4[1]);	/* the audit line has its version */
}

/* PostgreSQL's lock is the Games' (pg_store.c): while one writer holds
 * a change to PG2004 open, a second writer's change to PG2008 goes
 * through at once and commits, while its change to PG2004 waits for the
 * first (here until its lock_timeout of 1.5 s ends it: it waited, and
 * gave way as a deadlock's loser does, PD_EBUSY); each Games' versions
 * stay one sequence. */
static void test_store__pg_two_games_do_not_wait(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), h = athens();
	struct pd_store *two = NULL;
	char where[WHERE_MAX + 64];
	long v1 = 0, v2 = 0;
	int ret;

	open_store(f);
	snprintf(h.code, sizeof(h.code), "PG2008");
	put_games(f, &g);
	put_games(f, &h);
	snprintf(where, sizeof(where), "%s&options=-c%%20lock_timeout%%3D1500",
		 f->path);
	if (pd_store_open(&two, where, &f->reg, &f->d) < 0)
		fail_msg("open: %s", f->d.msg);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "one", "a", NULL, &v1,
					 &f->d), 0);
	/* another Games: at once */
	assert_int_equal(pd_store_begin(two, &f->d), 0);
	assert_int_equal(pd_store_change(two, "PG2008", "two", "b", NULL, &v2,
					 &f->d), 0);
	assert_int_equal(pd_store_commit(two, &f->d), 0);
	assert_int_equal(v2, 1);
	/* the same Games: waits, until the lock_timeout ends it */
	assert_int_equal(pd_store_begin(two, &f->d), 0);
	ret = pd_store_change(two, "PG2004", "two", "c", NULL, &v2, &f->d);
	assert_int_equal(ret, PD_EBUSY);	/* the server's 503: again */
	assert_non_null(strstr(f->d.msg, "lock timeout"));
	pd_store_rollback(two);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	/* now free, and after the first's version */
	assert_int_equal(pd_store_begin(two, &f->d), 0);
	assert_int_equal(pd_store_change(two, "PG2004", "two", "d", NULL, &v2,
					 &f->d), 0);
	assert_int_equal(pd_store_commit(two, &f->d), 0);
	assert_int_equal(v1, 1);
	assert_int_equal(v2, 2);
	pd_store_close(two);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

/* What every backend must do. */

struct record_seen {
	char line[8][128];
	size_t n;
};

static int seen_record(const struct pd_record *r, void *arg)
{
	struct record_seen *w = arg;

	if (w->n < 8)
		snprintf(w->line[w->n++], sizeof(w->line[0]),
			 "%s %s %s/%s %s %.2f %s %s %s %d %s", r->kind, r->sport,
			 r->event, r->sport_class, r->gender, r->value, r->mark,
			 r->holder, r->npc, r->replaced_by != 0, r->games);
	return 0;
}

/* A better mark adds a record that replaces the one in force of its key
 * and kind only; every record stays, the history first. */
static void test_store__records_replace_in_force_and_keep_history(
	void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens();
	struct pd_record r = {
		.kind = "WR", .sport = "Para Athletics", .event = "100 m",
		.gender = "M", .sport_class = "T54", .mark = "13.80",
		.value = 13.8, .lower_better = 1, .holder = "Old Hand",
		.npc = "GBR", .date = "2000-10-20", .games = "",
	};
	struct record_seen w;
	long id1 = 0, id2 = 0;

	open_store(f);
	put_games(f, &g);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "records",
					 NULL, NULL, &f->d), 0);
	assert_int_equal(pd_store_record_add(f->s, &r, &id1, &f->d), 0);
	r.kind = "PR";
	assert_int_equal(pd_store_record_add(f->s, &r, NULL, &f->d), 0);
	r.kind = "WR";
	r.sport_class = "T53";
	assert_int_equal(pd_store_record_add(f->s, &r, NULL, &f->d), 0);
	r.sport_class = "T54";
	r.mark = "13.76";
	r.value = 13.76;
	r.holder = "ZHANG Lixin";
	snprintf(r.npc, sizeof(r.npc), "CHN");
	r.games = "PG2004";
	assert_int_equal(pd_store_record_add(f->s, &r, &id2, &f->d), 0);
	assert_true(id2 > id1);
	/* a label that breaks the rules never reaches the backend */
	r.kind = "W R";
	assert_int_equal(pd_store_record_add(f->s, &r, NULL, &f->d),
			 PD_EPARSE);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);

	memset(&w, 0, sizeof(w));
	assert_int_equal(pd_store_records(f->s, NULL, seen_record, &w,
					  &f->d), 0);
	assert_int_equal(w.n, 4);
	assert_string_equal(w.line[0], "WR Para Athletics 100 m/T53 M 13.80 "
			    "13.80 Old Hand GBR 0 ");
	assert_string_equal(w.line[1], "PR Para Athletics 100 m/T54 M 13.80 "
			    "13.80 Old Hand GBR 0 ");
	assert_string_equal(w.line[2], "WR Para Athletics 100 m/T54 M 13.80 "
			    "13.80 Old Hand GBR 1 ");
	assert_string_equal(w.line[3], "WR Para Athletics 100 m/T54 M 13.76 "
			    "13.76 ZHANG Lixin CHN 0 PG2004");
	memset(&w, 0, sizeof(w));
	assert_int_equal(pd_store_records(f->s, "Swimming", seen_record, &w,
					  &f->d), 0);
	assert_int_equal(w.n, 0);
}

/* -- start lists (event.h) and who took part (stats.h) */

static long entered(struct fixture *f, const char *name, const char *npc,
		    const char *gender)
{
	struct pd_athlete a;
	long id = 0;

	memset(&a, 0, sizeof(a));
	a.name = name;
	a.gender = gender;
	snprintf(a.npc, sizeof(a.npc), "%s", npc);
	assert_int_equal(pd_store_athlete_ensure(f->s, &a, &id, &f->d), 0);
	return id;
}

static long won(struct fixture *f, const char *games, long athlete,
		const char *name, const char *npc)
{
	struct pd_result_rec rec;
	long ev = 0;

	assert_int_equal(pd_store_event_ensure(f->s, games, "Athletics",
					       "100 m T11", "W", "", 0, &ev,
					       &f->d), 0);
	memset(&rec, 0, sizeof(rec));
	rec.event_id = ev;
	rec.athlete_id = athlete;
	snprintf(rec.npc, sizeof(rec.npc), "%s", npc);
	rec.name = name;
	rec.rank = 1;
	assert_int_equal(pd_store_result_add(f->s, &rec, &f->d), 0);
	return ev;
}

static int keep_entry(const struct pd_entry *e, void *arg)
{
	char *out = arg;
	size_t len = strlen(out);

	snprintf(out + len, 256 - len, "%s/%s/%s/%d ", e->npc, e->name,
		 e->gender, e->has_result);
	return 0;
}

static const struct pd_count_row *row_of(const struct pd_counts *c,
					 const char *key)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (!strcmp(c->rows[i].key, key))
			return &c->rows[i];
	fail_msg("no row %s", key);
	return NULL;
}

static void test_store__entries_replace_and_count_participation(void **state)
{
	struct fixture *f = *state;
	struct pd_games g = athens(), sydney = athens();
	struct pd_participation p;
	struct pd_games_stats st;
	char list[256] = "";
	long a, b, c, ev, ids[4];

	snprintf(sydney.code, sizeof(sydney.code), "PG2000");
	sydney.year = 2000;
	open_store(f);
	put_games(f, &g);
	put_games(f, &sydney);
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2000", "test", "result",
					 NULL, NULL, &f->d), 0);
	a = entered(f, "Wu Chunmiao", "CHN", "W");
	won(f, "PG2000", a, "Wu Chunmiao", "CHN");
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "entries",
					 NULL, NULL, &f->d), 0);
	ev = won(f, "PG2004", a, "Wu Chunmiao", "CHN");
	b = entered(f, "Ana Bell", "GBR", "W");
	/* found without a gender, an athlete takes the one now given; one
	 * known is never overwritten */
	c = entered(f, "Ravi Das", "IND", "");
	assert_int_equal(entered(f, "Ravi Das", "IND", "M"), c);
	assert_int_equal(entered(f, "Ana Bell", "GBR", "M"), b);
	ids[0] = a;
	ids[1] = b;
	ids[2] = c;
	ids[3] = b;	/* twice: entered once */
	assert_int_equal(pd_store_entries_replace(f->s, ev, "desk", ids, 4,
						  &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	/* an athlete the store lacks is refused */
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "entries",
					 NULL, NULL, &f->d), 0);
	ids[0] = c + 100;
	assert_int_not_equal(pd_store_entries_replace(f->s, ev, "desk", ids, 1,
						      &f->d), 0);
	pd_store_rollback(f->s);
	ids[0] = a;

	assert_int_equal(pd_store_entries(f->s, "PG2004", 0, keep_entry, list,
					  &f->d), 0);
	assert_string_equal(list, "CHN/Wu Chunmiao/W/1 GBR/Ana Bell/W/0 "
			    "IND/Ravi Das/M/0 ");
	list[0] = '\0';
	assert_int_equal(pd_store_entries(f->s, "PG2004", ev + 1, keep_entry,
					  list, &f->d), 0);
	assert_string_equal(list, "");
	/* a start list for every event: who took part is known */
	assert_int_equal(pd_store_games_stats(f->s, "PG2004", &st, &f->d), 0);
	assert_true(st.participation_known);
	assert_int_equal(st.athletes, 3);
	assert_int_equal(st.women, 2);
	assert_int_equal(st.npcs, 3);
	assert_int_equal(st.entries, 3);
	assert_int_equal(st.events_entered, 1);
	pd_games_stats_release(&st);
	assert_int_equal(pd_store_participation(f->s, "PG2004", &p, &f->d), 0);
	assert_int_equal(p.by_npc.n, 3);
	assert_int_equal(row_of(&p.by_npc, "GBR")->n[1], 1);
	assert_int_equal(row_of(&p.by_npc, "IND")->n[2], 1);
	assert_int_equal(row_of(&p.by_sport, "Athletics")->n[0], 3);
	assert_int_equal(row_of(&p.by_sport, "Athletics")->n[1], 2);
	/* PG2000 is earlier and held CHN: GBR and IND are new */
	assert_int_equal(p.prior, 1);
	assert_int_equal(p.first_time, 2);
	assert_int_equal(p.first_npcs.n, 2);
	assert_string_equal(p.first_npcs.v[0], "GBR");
	assert_string_equal(p.first_npcs.v[1], "IND");
	pd_participation_release(&p);
	/* the earliest Games has no earlier one: no first-time count */
	assert_int_equal(pd_store_participation(f->s, "PG2000", &p, &f->d), 0);
	assert_int_equal(p.prior, 0);
	assert_int_equal(p.first_time, 0);
	assert_false(p.known);	/* a medal placing only */
	pd_participation_release(&p);
	/* replaced whole: the list is what was last given */
	assert_int_equal(pd_store_begin(f->s, &f->d), 0);
	assert_int_equal(pd_store_change(f->s, "PG2004", "test", "entries",
					 NULL, NULL, &f->d), 0);
	assert_int_equal(pd_store_entries_replace(f->s, ev, "desk", &c, 1,
						  &f->d), 0);
	assert_int_equal(pd_store_commit(f->s, &f->d), 0);
	list[0] = '\0';
	assert_int_equal(pd_store_entries(f->s, "PG2004", ev, keep_entry, list,
					  &f->d), 0);
	assert_string_equal(list, "IND/Ravi Das/M/0 ");
}

static const struct CMUnitTest contract[] = {
	T(test_store__foreign_keys_are_enforced),
	T(test_store__records_replace_in_force_and_keep_history),
	T(test_store__games_put_get_list),
	T(test_store__empty_store_lists_no_games),
	T(test_store__change_bumps_version_and_put_keeps_it),
	T(test_store__published_round_trip),
	T(test_store__published_without_caption_keeps_null),
	T(test_store__medals_replace_then_tally),
	T(test_store__replacing_same_source_does_not_double),
	T(test_store__rollback_leaves_nothing),
	T(test_store__wait_change_hears_other_commits),
	T(test_store__reopen_keeps_data),
	T(test_store__open_without_registry_works),
	T(test_store__a_read_makes_no_store),
	T(test_store__bad_labels_are_refused_before_a_write),
	T(test_store__is_here_once_opened),
	T(test_store__facts_replace_add_and_list),
	T(test_store__facts_refused_before_a_write),
	T(test_store__election_votes_kept_apart_from_voters),
	T(test_store__one_competitor_whatever_the_spelling),
	T(test_store__athlete_kin_and_games),
	T(test_store__ballots_cannot_be_linked_to_voters),
	T(test_store__matches_replace_and_read),
	T(test_store__doping_cases_add_and_read),
	T(test_store__units_replace_and_read),
	T(test_store__unit_teams_read),

	T(test_store__unit_start_list_result_status),
	T(test_store__units_many_rows_and_a_code_twice),
	T(test_store__event_order_and_change_note),
	T(test_store__sources_and_removals),
	T(test_store__results_add_many_as_one_by_one),
	T(test_store__results_add_many_in_a_bulk_transaction),
	T(test_store__athletes_ensure_many_as_one_by_one),
	T(test_store__athletes_ensure_many_in_a_bulk_transaction),
	T(test_store__bulk_transactions_keep_the_foreign_keys),
	T(test_store__bulk_check_sees_a_reference_into_a_gap),
	T(test_store__entries_replace_and_count_participation),
	T(test_store__cache_limit_keeps_reads_and_writes),
	T(test_store__group_commit_keeps_each_write_apart),
	T(test_store__events_changed_name_what_each_change_touched),
};

static const struct CMUnitTest sqlite_own[] = {
	T(test_store__open_creates_schema),
	T(test_store__reopen_keeps_schema_version),
	T(test_store__file_that_is_not_a_database),
	T(test_store__newer_schema_is_refused),
	T(test_store__another_programs_database_is_refused),
	T(test_store__a_removed_or_replaced_file_refuses_writes),
	T(test_store__a_file_written_over_in_place_refuses_writes),
	T(test_store__bulk_check_sees_references_that_are_no_ids),
};

static const struct CMUnitTest pg_own[] = {
	T(test_store__pg_two_games_do_not_wait),
	T(test_store__pg_a_kept_statement_fails_its_own_write),
	T(test_store__pg_a_group_knows_no_sanction_until_it_adds_one),
};

/* Every backend this podium is built with: one row each. */
static const struct backend backends[] = {
	{ "sqlite", sqlite_make, sqlite_drop, "FOREIGN KEY", sqlite_own,
	  NELEM(sqlite_own) },
	{ "postgresql", pg_make, pg_drop, "foreign key", pg_own,
	  NELEM(pg_own) },
};

/* The contract and the backend's own tests as one group, each named
 * "backend/test".  The list is made at run time, so the group runs
 * through the function behind cmocka_run_group_tests_name(), which wants
 * an array whose size the compiler knows. */
static int run_backend(const struct backend *b)
{
	size_t n = NELEM(contract) + b->nown, i;
	struct CMUnitTest *tests = calloc(n, sizeof(*tests));
	char (*names)[128] = calloc(n, sizeof(*names));
	char group[64];
	int failed = 1;

	if (!tests || !names)
		goto cleanup;
	for (i = 0; i < n; i++) {
		tests[i] = i < NELEM(contract) ? contract[i] :
			   b->own[i - NELEM(contract)];
		snprintf(names[i], sizeof(names[i]), "%s/%s", b->name,
			 tests[i].name);
		tests[i].name = names[i];
	}
	snprintf(group, sizeof(group), "store contract: %s", b->name);
	backend = b;
	failed = _cmocka_run_group_tests(group, tests, n, NULL, NULL);
cleanup:
	free(tests);
	free(names);
	return failed;
}

int main(void)
{
	static const struct CMUnitTest interface[] = {
		cmocka_unit_test(test_store__postgres_uri_unreachable),
		cmocka_unit_test(test_store__thrown_away_addresses_are_refused),
	};
	int failed;
	size_t i;

	failed = cmocka_run_group_tests_name("store interface", interface,
					     NULL, NULL);
	for (i = 0; i < NELEM(backends); i++) {
		/* PostgreSQL needs a cluster: tests/run.sh always starts one,
		 * so its absence is a failure, never a skip */
		if (!strcmp(backends[i].name, "postgresql") &&
		    !getenv("PODIUM_TEST_PG")) {
			fprintf(stderr, "test_store: PODIUM_TEST_PG is not set: "
				"no PostgreSQL cluster to test (run through "
				"tests/run.sh)\n");
			failed++;
			continue;
		}
		failed += run_backend(&backends[i]);
	}
	return failed;
}
