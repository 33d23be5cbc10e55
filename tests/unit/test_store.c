/* test_store.c -- the SQLite store on a temporary file. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "podium/store.h"

static const char registry_tsv[] =
	"CHN\tcurrent\tChina\t中国\t\n"
	"GBR\tcurrent\tGreat Britain\t英国\t\n"
	"GRE\tcurrent\tGreece\t希腊\t\n"
	"IND\tcurrent\tIndia\t印度\t\n";

struct fixture {
	char path[64];
	struct pd_registry reg;
	struct pd_store *s;
	struct pd_diag d;
};

static void remove_db(const char *path)
{
	char side[80];

	unlink(path);
	snprintf(side, sizeof(side), "%s-wal", path);
	unlink(side);
	snprintf(side, sizeof(side), "%s-shm", path);
	unlink(side);
}

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	int fd;

	if (!f)
		return -1;
	strcpy(f->path, "/tmp/podium-test-store-XXXXXX");
	if ((fd = mkstemp(f->path)) < 0) {
		free(f);
		return -1;
	}
	close(fd);
	if (pd_registry_parse(&f->reg, registry_tsv, strlen(registry_tsv),
			      "reg.tsv", NULL) < 0) {
		remove_db(f->path);
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
	remove_db(f->path);
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

static void test_store__open_creates_schema(void **state)
{
	struct fixture *f = *state;
	char v[64];

	open_store(f);
	query_text(f->path, "PRAGMA user_version", v, sizeof(v));
	assert_string_equal(v, "2");
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
	assert_non_null(strstr(f->d.msg, "FOREIGN KEY"));
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
	char v[16];

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
	pd_store_close(f->s);
	f->s = NULL;
	query_text(f->path, "PRAGMA user_version", v, sizeof(v));
	assert_string_equal(v, "2");
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

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_store__open_creates_schema),
		T(test_store__foreign_keys_are_enforced),
		T(test_store__games_put_get_list),
		T(test_store__empty_store_lists_no_games),
		T(test_store__change_bumps_version_and_put_keeps_it),
		T(test_store__published_round_trip),
		T(test_store__published_without_caption_keeps_null),
		T(test_store__medals_replace_then_tally),
		T(test_store__replacing_same_source_does_not_double),
		T(test_store__rollback_leaves_nothing),
		T(test_store__reopen_keeps_data),
		T(test_store__open_without_registry_works),
		T(test_store__file_that_is_not_a_database),
		T(test_store__newer_schema_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
