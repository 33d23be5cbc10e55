/* test_entries.c -- the results importers' in-memory set (entries.c),
 * how athlete_events.c and medallists_csv.c fold team members, and
 * athlete_events.c's rows read by two threads (test_split__*). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "podium/entries.h"

static const char registry_tsv[] =
	"CHN\tcurrent\tChina\t中国\t\n"
	"FRA\tcurrent\tFrance\t法国\t\n"
	"GBR\tcurrent\tGreat Britain\t英国\t\n"
	"USA\tcurrent\tUnited States\t美国\t\n";

static const char ae_header[] =
	"ID,Name,Sex,Age,Height,Weight,Team,NOC,Games,Year,Season,City,"
	"Sport,Event,Medal\n";

struct fixture {
	struct pd_registry reg;
	struct pd_csv_opts opts;
	struct pd_diag d;
	struct pd_entry_set set;
	char csv[4096];
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

	pd_entries_release(&f->set);
	pd_registry_release(&f->reg);
	return 0;
}

/* Parse ae_header plus rows "ID,Name,Sex,Team,NOC,Games,Event,Medal". */
static int athlete_events(struct fixture *f, const char *const *rows)
{
	char year[5], season[8];
	size_t n = strlen(ae_header);

	memcpy(f->csv, ae_header, n + 1);
	for (; *rows; rows++) {
		char id[8], name[32], sex[2], team[32], noc[4], games[16];
		char event[64], medal[8];

		assert_int_equal(sscanf(*rows, "%7[^,],%31[^,],%1[^,],%31[^,],"
					"%3[^,],%15[^,],%63[^,],%7s", id, name,
					sex, team, noc, games, event, medal),
				 8);
		sscanf(games, "%4s %7s", year, season);
		n += (size_t)snprintf(f->csv + n, sizeof(f->csv) - n,
				      "%s,%s,%s,NA,NA,NA,%s,%s,%s,%s,%s,City,"
				      "Sport,%s,%s\n", id, name, sex, team,
				      noc, games, year, season, event, medal);
	}
	memset(&f->d, 0, sizeof(f->d));
	return pd_athlete_events_parse(&f->set, f->csv, n, "ae.csv", &f->reg,
				       NULL, &f->opts, &f->d);
}

static void test_athlete_events__team_medal_once_per_noc(void **state)
{
	struct fixture *f = *state;
	static const char *const rows[] = {
		"1,A,M,USA-1,USA,2016 Summer,Men's Relay,Gold",
		"2,B,M,USA-1,USA,2016 Summer,Men's Relay,Gold",
		"3,C,M,France,FRA,2016 Summer,Men's Relay,Silver",
		"4,D,M,France,FRA,2016 Summer,Men's Relay,Silver",
		"5,E,M,China,CHN,2016 Summer,Men's Relay,NA",
		"6,F,M,China,CHN,2016 Summer,Men's Relay,NA",
		"7,G,M,USA-2,USA,2016 Summer,Men's Relay,NA",
		NULL,
	};
	const struct pd_entry_result *r;

	assert_int_equal(athlete_events(f, rows), 0);
	assert_int_equal(f->set.nevents, 1);
	assert_int_equal(f->set.events[0].team, 1);
	assert_string_equal(f->set.events[0].gender, "M");
	assert_int_equal(f->set.nresults, 4);
	r = f->set.results;
	assert_int_equal(r[0].rank, 1);
	assert_string_equal(r[0].npc, "USA");
	assert_int_equal(r[0].nmembers, 2);
	assert_int_equal(r[1].rank, 2);
	assert_int_equal(r[1].nmembers, 2);
	/* no medal: one team per (NOC, Team) */
	assert_int_equal(r[2].rank, 0);
	assert_int_equal(r[3].rank, 0);
	assert_int_equal(r[2].nmembers + r[3].nmembers, 3);
	assert_int_equal(f->set.rows, 7);
}

static void test_athlete_events__same_athlete_twice_is_individual(void **state)
{
	struct fixture *f = *state;
	static const char *const rows[] = {
		"1,Painter,M,France,FRA,1924 Summer,Art Painting,Bronze",
		"1,Painter,M,France,FRA,1924 Summer,Art Painting,Bronze",
		"2,Other,M,United States,USA,1924 Summer,Art Painting,Gold",
		NULL,
	};

	assert_int_equal(athlete_events(f, rows), 0);
	assert_int_equal(f->set.events[0].team, 0);
	assert_int_equal(f->set.nresults, 2);
	assert_int_equal(f->set.results[1].athlete, 1);
	assert_int_equal(f->set.results[1].rank, 3);
	assert_string_equal(f->set.events[0].gender, "");
}

/* An athlete is its ID as written: 007 is not 7 (ext "kaggle:007"), and
 * an ID far beyond the rows read is one athlete as well as a small one
 * (a small one seen again: the tests above). */
static void test_athlete_events__athletes_by_their_id(void **state)
{
	struct fixture *f = *state;
	size_t seen[3] = { 0, 0, 0 }, i;
	static const char *const rows[] = {
		"7,Seven,M,France,FRA,1924 Summer,Men's 100m,NA",
		"007,Bond,M,UK,GBR,1924 Summer,Men's 200m,NA",
		"9999999,Many,F,China,CHN,1924 Summer,Women's 100m,NA",
		"9999999,Many,F,China,CHN,1924 Summer,Women's 200m,NA",
		NULL,
	};

	if (athlete_events(f, rows) < 0)
		fail_msg("%s", f->d.msg);
	assert_int_equal(f->set.nathletes, 3);
	assert_string_equal(f->set.athletes[0].ext, "kaggle:7");
	assert_string_equal(f->set.athletes[1].ext, "kaggle:007");
	assert_string_equal(f->set.athletes[2].ext, "kaggle:9999999");
	assert_int_equal(f->set.nresults, 4);
	for (i = 0; i < f->set.nresults; i++) {
		assert_true(f->set.results[i].athlete >= 1 &&
			    f->set.results[i].athlete <= 3);
		seen[f->set.results[i].athlete - 1]++;
	}
	assert_int_equal(seen[0], 1);
	assert_int_equal(seen[1], 1);
	assert_int_equal(seen[2], 2);
}

static void test_athlete_events__games_sorted_and_grouped(void **state)
{
	struct fixture *f = *state;
	static const char *const rows[] = {
		"1,A,F,GB,GBR,1994 Winter,Women's Slalom,Gold",
		"2,B,F,China,CHN,1992 Summer,Women's 100m,Gold",
		"3,C,F,France,FRA,1994 Winter,Women's Downhill,Silver",
		"4,D,M,France,FRA,1992 Summer,Mixed Pairs,NA",
		NULL,
	};

	assert_int_equal(athlete_events(f, rows), 0);
	assert_int_equal(f->set.ngames, 2);
	assert_string_equal(f->set.games[0], "OG1992");
	assert_string_equal(f->set.games[1], "OW1994");
	assert_int_equal(f->set.nevents, 4);
	assert_int_equal(f->set.events[0].games, 0);
	assert_int_equal(f->set.events[1].games, 0);
	assert_string_equal(f->set.events[1].gender, "X");
	assert_int_equal(f->set.events[2].games, 1);
	assert_string_equal(f->set.athletes[0].gender, "W");
	assert_string_equal(f->set.athletes[0].ext, "kaggle:1");
}

static void test_athlete_events__unknown_noc_names_the_line(void **state)
{
	struct fixture *f = *state;
	static const char *const rows[] = {
		"1,A,F,GB,GBR,1994 Winter,Women's Slalom,Gold",
		"2,B,F,Xland,XXX,1994 Winter,Women's Slalom,Silver",
		NULL,
	};

	assert_int_equal(athlete_events(f, rows), PD_ENOTFOUND);
	assert_int_equal(f->d.line, 3);
	assert_int_equal(f->set.nresults, 0);
}

static void test_entries__team_names_made_unique(void **state)
{
	struct fixture *f = *state;
	struct pd_entry_event e = { 0, NULL, NULL, "", NULL, 1 };
	struct pd_entry_result r;
	size_t at, g;
	int i;

	assert_int_equal(pd_entries_games(&f->set, "OG1900", &g), 0);
	e.sport = e.name = e.date = pd_entries_str(&f->set, "Sailing");
	assert_int_equal(pd_entries_event(&f->set, &e, &at), 0);
	for (i = 0; i < 3; i++) {
		memset(&r, 0, sizeof(r));
		strcpy(r.npc, "FRA");
		r.team = 1;
		r.line = i + 2;
		r.name = pd_entries_str(&f->set, "France");
		assert_int_equal(pd_entries_result(&f->set, &r), 0);
	}
	assert_int_equal(pd_entries_finish(&f->set), 0);
	assert_string_equal(f->set.results[0].name, "France");
	assert_string_equal(f->set.results[1].name, "France (2)");
	assert_string_equal(f->set.results[2].name, "France (3)");
}

static void test_medallists__team_rows_and_team_row(void **state)
{
	struct fixture *f = *state;
	static const char csv[] =
		"gender,event,medal,athlete,country_code,grp_id,type\n"
		"Men,Relay,Gold,A,CHN,1,Athletics\n"
		"Men,Relay,Gold,B,CHN,2,Athletics\n"
		"Men,Relay,Silver,TEAM,USA,1,Athletics\n"
		"Men,100 m,Bronze,C,GBR,NA,Athletics\n"
		"Men,100 m,Bronze,D,GBR,NA,Athletics\n";

	memset(&f->d, 0, sizeof(f->d));
	assert_int_equal(pd_medallists_csv_parse(&f->set, csv, strlen(csv),
						 "m.csv", "PG2004", &f->reg,
						 &f->opts, &f->d), 0);
	assert_int_equal(f->set.nathletes, 4);
	assert_int_equal(f->set.nresults, 4);
	/* two bronzes for one NPC without a team value stay two */
	assert_int_equal(f->set.results[0].rank, 1);
	assert_int_equal(f->set.results[0].nmembers, 2);
	assert_string_equal(f->set.results[0].name, "China");
	assert_int_equal(f->set.results[1].rank, 2);
	assert_int_equal(f->set.results[1].team, 1);
	assert_int_equal(f->set.results[1].nmembers, 0);
	assert_int_equal(f->set.results[2].rank, 3);
	assert_int_equal(f->set.results[3].rank, 3);
}

/* A team's row without a name and a code takes its team-mates' NPC; a
 * row that cannot be placed is the error at its line, or, with a list
 * for them, one of every such row in line order. */
static void test_medallists__nameless_team_row_carried(void **state)
{
	struct fixture *f = *state;
	static const char csv[] =
		"gender,event,medal,athlete,country_code,team,type\n"
		"Men,Relay,Gold,A,CHN,China,Athletics\n"
		"Men,Relay,Gold,,,China,Athletics\n"
		"Men,Relay,Gold,B,CHN,China,Athletics\n";
	static const char bad[] =
		"gender,event,medal,athlete,country_code,team,type\n"
		"Men,Relay,Silver,,,Nobody,Athletics\n"
		"Men,100 m,Gold,C,,,Athletics\n"
		"Men,Relay,Gold,A,CHN,China,Athletics\n";
	struct pd_csv_opts opts = f->opts;
	struct pd_problems p;

	memset(&f->d, 0, sizeof(f->d));
	assert_int_equal(pd_medallists_csv_parse(&f->set, csv, strlen(csv),
						 "m.csv", "PG2004", &f->reg,
						 &f->opts, &f->d), 0);
	assert_int_equal(f->set.nresults, 1);
	assert_string_equal(f->set.results[0].npc, "CHN");
	assert_string_equal(f->set.results[0].name, "China");
	assert_int_equal(f->set.results[0].nmembers, 2);
	assert_int_equal(f->set.results[0].rows, 3);
	pd_entries_release(&f->set);

	assert_int_equal(pd_medallists_csv_parse(&f->set, bad, strlen(bad),
						 "m.csv", "PG2004", &f->reg,
						 &f->opts, &f->d), PD_EPARSE);
	assert_int_equal(f->d.line, 3);
	pd_problems_init(&p);
	opts.unplaced = &p;
	assert_int_equal(pd_medallists_csv_parse(&f->set, bad, strlen(bad),
						 "m.csv", "PG2004", &f->reg,
						 &opts, &f->d), PD_EPARSE);
	assert_int_equal(p.n, 2);
	assert_int_equal(p.v[0].line, 2);
	assert_non_null(strstr(p.v[0].msg, "team 'Nobody'"));
	assert_int_equal(p.v[1].line, 3);
	assert_non_null(strstr(p.v[1].msg, "--fix 3=CODE"));
	pd_problems_release(&p);
}

static void test_entries__medal_rank(void **state)
{
	(void)state;
	assert_int_equal(pd_entries_medal_rank("Gold Medal"), 1);
	assert_int_equal(pd_entries_medal_rank("silver"), 2);
	assert_int_equal(pd_entries_medal_rank("B"), 3);
	assert_int_equal(pd_entries_medal_rank("NA"), 0);
}

/* A temporary athlete_events.csv of n rows (about 90 bytes each), the
 * row at bad_line (0: none) holding a byte that is not UTF-8; its path in
 * path, its bytes in *bytes (malloc'd) and *len. */
static void big_file(char *path, size_t n, long bad_line, char **bytes,
		     size_t *len)
{
	size_t i, at;
	char *b;
	FILE *fp;
	int fd;

	strcpy(path, "/tmp/podium-test-ae-XXXXXX");
	assert_true((fd = mkstemp(path)) >= 0);
	close(fd);
	assert_non_null(b = malloc(n * 100 + sizeof(ae_header)));
	at = (size_t)sprintf(b, "%s", ae_header);
	for (i = 0; i < n; i++) {
		int year = 1900 + 4 * (int)(i % 30);

		at += (size_t)sprintf(b + at, "%zu,Athlete %s%zu,%s,NA,NA,NA,"
				      "Team %zu,%s,%d Summer,%d,Summer,City,"
				      "Sport,Event %zu,%s\n", i / 2 + 1,
				      (long)i + 2 == bad_line ? "\xff" : "",
				      i / 2, i % 4 ? "M" : "F", i % 7,
				      i % 3 ? "FRA" : "CHN", year, year,
				      i % 50, i % 11 ? "NA" : "Gold");
	}
	assert_non_null(fp = fopen(path, "w"));
	assert_int_equal(fwrite(b, 1, at, fp), at);
	fclose(fp);
	*bytes = b;
	*len = at;
}

/* Streamed, the file is let go of behind the reader, and read into the
 * same set as its bytes in memory. */
static void test_athlete_events__streamed_file_same_set(void **state)
{
	struct fixture *f = *state;
	struct pd_entry_set mem;
	struct pd_file file;
	char path[64], *bytes;
	size_t len, i;

	big_file(path, 150000, 0, &bytes, &len);
	assert_true(len > (size_t)8 << 20);
	assert_int_equal(pd_file_stream(&file, path, &f->d), 0);
	assert_non_null(file.map);
	if (pd_athlete_events_read(&f->set, &file, path, &f->reg, NULL,
				   &f->opts, &f->d) < 0)
		fail_msg("%s:%ld: %s", f->d.file, f->d.line, f->d.msg);
	/* the last pages stay: at most one step behind the end */
	assert_true(file.dropped > len - ((size_t)8 << 20));
	pd_file_unmap(&file);
	assert_int_equal(pd_athlete_events_parse(&mem, bytes, len, path,
						 &f->reg, NULL, &f->opts,
						 &f->d), 0);
	assert_int_equal(f->set.nathletes, 75000);
	assert_int_equal(f->set.nathletes, mem.nathletes);
	assert_int_equal(f->set.nresults, mem.nresults);
	for (i = 0; i < mem.nresults; i++) {
		assert_string_equal(f->set.results[i].name,
				    mem.results[i].name);
		assert_int_equal(f->set.results[i].rank, mem.results[i].rank);
		assert_int_equal(f->set.results[i].line, mem.results[i].line);
	}
	pd_entries_release(&mem);
	free(bytes);
	unlink(path);
}

/* A bad byte past the first piece the check drops is still reported at
 * its own line. */
static void test_athlete_events__streamed_utf8_error_names_its_line(
	void **state)
{
	struct fixture *f = *state;
	struct pd_file file;
	char path[64], *bytes;
	size_t len;

	big_file(path, 100000, 77777, &bytes, &len);
	assert_int_equal(pd_file_stream(&file, path, &f->d), 0);
	assert_int_equal(pd_athlete_events_read(&f->set, &file, path, &f->reg,
						NULL, &f->opts, &f->d),
			 PD_EUTF8);
	assert_int_equal(f->d.line, 77777);
	pd_file_unmap(&file);
	memset(&f->d, 0, sizeof(f->d));
	assert_int_equal(pd_utf8_check(bytes, len, path, &f->d), PD_EUTF8);
	assert_int_equal(f->d.line, 77777);
	free(bytes);
	unlink(path);
}

/* A NUL byte, in the eight-byte fast path or out of it, is refused at
 * its line (issue 27: it cut a name short). */
static void test_utf8_check__nul_byte_is_refused(void **state)
{
	static const char ok[] = "a,b\nlonger line here,x\n";
	char text[64];
	struct pd_diag d;
	size_t i;

	(void)state;
	assert_int_equal(pd_utf8_check(ok, sizeof(ok) - 1, "f", &d), 0);
	for (i = 0; i < sizeof(ok) - 1; i++) {
		memcpy(text, ok, sizeof(ok));
		text[i] = '\0';
		memset(&d, 0, sizeof(d));
		assert_int_equal(pd_utf8_check(text, sizeof(ok) - 1, "f", &d),
				 PD_EUTF8);
		assert_int_equal(d.line, i < 4 ? 1 : 2);
		assert_non_null(strstr(d.msg, "NUL"));
	}
}

/* athlete_events.c read by two threads (read_split()): the same set as
 * one thread gives, record for record, and the same first error, on files
 * whose middle falls inside a quoted field with line breaks, that fool
 * the count of quotes, or hold bad lines in either half.  opts.split_min
 * forces the split on these small files (1) or keeps one thread
 * (SIZE_MAX); the set's `split` says which way it was read. */

#define COLS 15
#define ROWS 4000

/* A row's column replaced: row -1 is none. */
struct change {
	int row, col;
	const char *value;
};

/* What a file is made of: ROWS rows in Kaggle's quoting, athletes two
 * rows each (rows 2k and 2k+1), medals and team medals among them;
 * long_at (or -1) holds a City of long_len bytes, quoted, with line
 * breaks and doubled quotes (a column the importer does not keep: a
 * Name that long is refused at its line); stray_at (or -1) an unquoted
 * Age holding a quote. */
struct gen {
	int long_at, stray_at;
	size_t long_len;
	const struct change *changes;	/* ends with row -1 */
	char *data;
	size_t len, header, long_from, long_to;	/* where the long City is */
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

			if (k == 11 && i == g->long_at) {
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

/* The middle of the rows is inside a quoted City with line breaks and
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
 * then falls inside the quoted City after the middle, the first part's
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

/* A record at the middle longer than split_point() looks ahead (4 MiB):
 * no second thread, the same set. */
static void test_split__long_record_at_the_middle_reads_alone(void **state)
{
	struct gen g = { .long_at = ROWS / 2 - 10, .stray_at = -1,
			 .long_len = (size_t)10 << 20 };
	size_t mid;

	generate(&g);
	mid = g.header + (g.len - g.header) / 2;
	assert_true(mid > g.long_from && g.long_to - mid > (size_t)4 << 20);
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

/* A file's changes (at most three), and its first error both ways:
 * ret at the line of row, with msg in the message (ret 0: none, the
 * same set). */
struct error_case {
	struct change c[4];
	int ret, row;
	const char *msg;
};

#define Q3 (3 * ROWS / 4)
#define BAD_NOC(r) { r, 7, "\"XYZ\"" }
#define BAD_MEDAL(r) { r, 14, "Tin" }
#define BAD_SEX(r) { r, 2, "\"Q\"" }
#define BAD_UTF8(r) { r, 1, "\"Jo\xffn\"" }
#define END { -1, 0, NULL }

static const struct error_case error_cases[] = {
	/* a bad line in the second half, at its own line */
	{ { BAD_NOC(Q3), END }, PD_ENOTFOUND, Q3, "XYZ" },
	/* of two, the first in the file, in either half or both in one */
	{ { BAD_MEDAL(ROWS / 4), BAD_NOC(Q3), END }, PD_EPARSE, ROWS / 4,
	  "Tin" },
	{ { BAD_MEDAL(Q3), BAD_NOC(Q3 + 7), END }, PD_EPARSE, Q3, "Tin" },
	/* a Sex is checked on an athlete's first row only: a bad one on a
	 * later row of an athlete the first half knows (ID 7: rows 12, 13)
	 * is no error; on the first row of one new in the second half it
	 * is, before a later error of that half and after an earlier one,
	 * and before a bad Event on its row */
	{ { { Q3, 0, "\"7\"" }, BAD_SEX(Q3), END }, 0, 0, NULL },
	{ { BAD_SEX(Q3), BAD_NOC(Q3 + 9), END }, PD_EPARSE, Q3, "Sex 'Q'" },
	{ { BAD_NOC(Q3 - 9), BAD_SEX(Q3), END }, PD_ENOTFOUND, Q3 - 9,
	  "XYZ" },
	{ { BAD_SEX(Q3), { Q3, 13, "\"\"" }, END }, PD_EPARSE, Q3,
	  "Sex 'Q'" },
	/* a byte that is not UTF-8 comes before any bad row wherever it
	 * is: each part checks its own bytes before its rows */
	{ { BAD_NOC(ROWS / 4), BAD_UTF8(Q3), END }, PD_EUTF8, Q3, "UTF-8" },
	{ { BAD_UTF8(ROWS / 4), BAD_UTF8(Q3), END }, PD_EUTF8, ROWS / 4,
	  "UTF-8" },
	{ { BAD_UTF8(ROWS / 4), BAD_NOC(Q3), END }, PD_EUTF8, ROWS / 4,
	  "UTF-8" },
	/* a record whose field count is off, in the second half */
	{ { { ROWS - 100, 14, "NA,extra" }, END }, PD_EPARSE, ROWS - 100,
	  "fields" },
};

static void test_split__first_error(void **state)
{
	size_t i;

	for (i = 0; i < sizeof(error_cases) / sizeof(*error_cases); i++) {
		const struct error_case *e = &error_cases[i];

		assert_first_error(*state, e->c, e->ret, LINE(e->row), e->msg);
	}
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_athlete_events__team_medal_once_per_noc),
		T(test_athlete_events__same_athlete_twice_is_individual),
		T(test_athlete_events__games_sorted_and_grouped),
		T(test_athlete_events__athletes_by_their_id),
		T(test_athlete_events__unknown_noc_names_the_line),
		T(test_entries__team_names_made_unique),
		T(test_medallists__team_rows_and_team_row),
		T(test_medallists__nameless_team_row_carried),
		T(test_entries__medal_rank),
		T(test_athlete_events__streamed_file_same_set),
		cmocka_unit_test(test_utf8_check__nul_byte_is_refused),
		T(test_athlete_events__streamed_utf8_error_names_its_line),
		T(test_split__plain_file),
		T(test_split__middle_inside_a_quoted_field),
		T(test_split__stray_quote_reads_on_alone),
		T(test_split__first_error),
		T(test_split__long_record_at_the_middle_reads_alone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
