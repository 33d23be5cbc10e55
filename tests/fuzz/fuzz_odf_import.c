/* fuzz_odf_import.c -- 'podium import odf' whole (src/app/odf_import.c):
 * a feed read, checked and written into a fresh SQLite store, then the
 * store held to what the import promises.
 *
 * An input is a feed: up to FILES_MAX ODF messages, apart by a line
 * "--", each written to a file of a temporary folder that is imported as
 * the CLI imports a folder.  Then, any difference aborting:
 *  - refused, the store holds nothing: no event, no result, no table
 *    (one transaction);
 *  - taken, no competitor holds two places in an event (an athlete by
 *    its row, alone or as a team member, or a team), the counts are what
 *    the store holds (each event once, the results in force), and the
 *    same feed again is taken with the same counts (the same source
 *    replaces its own). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "podium/ops.h"
#include "podium/store.h"
#include "fuzz.h"

#define FILES_MAX 4

/* Rows that break a promise, each query any row at all. */
static const char *const twice_sql[] = {
	/* an athlete twice in an event: alone or in a team */
	"SELECT 1 FROM (SELECT event_id e, athlete_id a FROM results WHERE"
	" until IS NULL AND athlete_id IS NOT NULL UNION ALL SELECT"
	" r.event_id, m.athlete_id FROM results r JOIN team_members m ON"
	" m.team_id = r.team_id WHERE r.until IS NULL) GROUP BY e, a"
	" HAVING count(*) > 1",
	/* a team twice */
	"SELECT 1 FROM results WHERE until IS NULL AND team_id IS NOT NULL"
	" GROUP BY event_id, team_id HAVING count(*) > 1",
	/* one NPC and name twice, under two codes */
	"SELECT 1 FROM results WHERE until IS NULL AND team_id IS NULL"
	" GROUP BY event_id, npc, name HAVING count(*) > 1",
};

struct run {
	char dir[64], path[96];
	char files[FILES_MAX][96];
	size_t nfiles;
};

static long query_long(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	long v = -1;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		abort();
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static int any_row(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	int any;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		abort();
	any = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return any;
}

static void fail(const char *why)
{
	fprintf(stderr, "fuzz_odf_import: %s\n", why);
	abort();
}

/* The store after an import that returned ret with counts n. */
static void check(const struct run *u, int ret,
		  const struct pd_op_odf_counts *n)
{
	sqlite3 *db;
	size_t i;

	if (sqlite3_open_v2(u->path, &db, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK)
		abort();
	if (ret < 0) {
		if (query_long(db, "SELECT count(*) FROM events") ||
		    query_long(db, "SELECT count(*) FROM results") ||
		    query_long(db, "SELECT count(*) FROM published"))
			fail("refused, yet something was written");
	} else {
		for (i = 0; i < sizeof(twice_sql) / sizeof(*twice_sql); i++)
			if (any_row(db, twice_sql[i]))
				fail("a competitor holds two places");
		if ((long)n->events != query_long(db, "SELECT count(*) FROM "
						  "events") ||
		    (long)n->results != query_long(db, "SELECT count(*) FROM "
						   "results WHERE until IS "
						   "NULL"))
			fail("the counts are not what the store holds");
	}
	sqlite3_close(db);
}

static int import(struct run *u, struct pd_op_odf_counts *n)
{
	static const struct pd_who who = { "fuzz", "fuzz_odf_import", "",
					   0, NULL };
	const char *paths[1] = { u->dir };
	struct pd_store *s;
	struct pd_diag d;
	int ret;

	if (pd_store_open(&s, u->path, fuzz_registry(), NULL) < 0)
		abort();
	ret = pd_op_odf_import(s, fuzz_registry(), paths, 1, NULL, NULL,
			       PD_SOURCE_ONLY, &who, NULL, n, &d);
	pd_store_close(s);
	return ret;
}

/* The first "\n--\n" of p[0..n), or NULL. */
static const char *separator(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i + 4 <= n; i++)
		if (!memcmp(p + i, "\n--\n", 4))
			return p + i;
	return NULL;
}

/* data's messages (apart by "\n--\n") as files m0.xml ... of u->dir. */
static void write_feed(struct run *u, const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size, *sep;
	char name[sizeof(u->files[0])];
	FILE *f;
	size_t len;

	while (p <= end && u->nfiles < FILES_MAX) {
		sep = u->nfiles + 1 < FILES_MAX ?
		      separator(p, (size_t)(end - p)) : NULL;
		len = sep ? (size_t)(sep - p) : (size_t)(end - p);
		snprintf(name, sizeof(name), "%s/m%zu.xml", u->dir, u->nfiles);
		memcpy(u->files[u->nfiles], name, sizeof(name));
		if (!(f = fopen(u->files[u->nfiles], "wb")) ||
		    fwrite(p, 1, len, f) != len || fclose(f))
			abort();
		u->nfiles++;
		if (!sep)
			break;
		p = sep + 4;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_op_odf_counts n1, n2;
	char file[128];
	struct run u;
	size_t i;
	int ret;

	memset(&u, 0, sizeof(u));
	snprintf(u.dir, sizeof(u.dir), "/tmp/podium-fuzz-odf-XXXXXX");
	if (!mkdtemp(u.dir))
		abort();
	/* the store beside the feed, not in it: only *.xml is read */
	snprintf(file, sizeof(file), "%s/podium.db", u.dir);
	memcpy(u.path, file, sizeof(u.path));
	write_feed(&u, data, size);
	ret = import(&u, &n1);
	check(&u, ret, &n1);
	if (ret == 0) {
		if ((ret = import(&u, &n2)) < 0)
			fail("the same feed again was refused");
		check(&u, ret, &n2);
		if (n1.events != n2.events || n1.results != n2.results ||
		    n1.medals != n2.medals)
			fail("the same feed again counted otherwise");
	}
	for (i = 0; i < u.nfiles; i++)
		unlink(u.files[i]);
	for (i = 0; i < 3; i++) {
		snprintf(file, sizeof(file), "%s%s", u.path,
			 i == 0 ? "" : i == 1 ? "-wal" : "-shm");
		unlink(file);
	}
	rmdir(u.dir);
	return 0;
}
