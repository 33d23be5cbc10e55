/* test_entries.c -- the results importers' in-memory set (entries.c) and
 * how athlete_events.c and medallists_csv.c fold team members. */
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
		T(test_entries__medal_rank),
		T(test_athlete_events__streamed_file_same_set),
		T(test_athlete_events__streamed_utf8_error_names_its_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
