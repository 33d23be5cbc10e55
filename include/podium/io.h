/* io.h -- reading the formats podium imports, one format per source file.
 *
 * Every parser works on bytes already in memory (pd_file_read() gets them)
 * and reports the first bad row as a struct pd_diag naming the file and
 * line.  Parsers write nothing anywhere: the caller stores the result in
 * one transaction, so a bad file leaves the store exactly as it was.
 */
#ifndef PODIUM_IO_H
#define PODIUM_IO_H

#include <stddef.h>
#include "buf.h"
#include "error.h"
#include "model.h"
#include "npc.h"
#include "published.h"

#define PD_FILE_MAX ((size_t)2 << 30)

/* Read a whole file ("-" for stdin), gunzipping it if it is gzip.  *data
 * is malloc'd and NUL-terminated.  PD_EIO with diag on failure. */
int pd_file_read(const char *path, char **data, size_t *len,
		 struct pd_diag *diag);

/* A whole file in memory: mapped when it is a plain regular file (no
 * copy, not NUL-terminated), else read as pd_file_read() does. */
struct pd_file {
	const char *data;
	size_t len;
	void *map;
	size_t maplen;
	char *heap;
	size_t dropped;		/* data[0..dropped) let go of */
};

int pd_file_map(struct pd_file *f, const char *path, struct pd_diag *diag);
void pd_file_unmap(struct pd_file *f);
/* The same for a reader that goes through the file once, front to back:
 * the pages are read as it reaches them, and pd_file_drop(f, upto) lets go
 * of those before upto (a reader must not look behind it again), so that
 * however large the file only a few MiB of it are in memory.  For data
 * that is not mapped (gzip, stdin) the drop does nothing. */
int pd_file_stream(struct pd_file *f, const char *path, struct pd_diag *diag);
void pd_file_drop(struct pd_file *f, const char *upto);
/* The same at once: pd_file_drop() waits for a few MiB to let go of, so
 * that a reader that stops short of the end (one of two, each with its
 * part of the file) holds up to that much behind it. */
void pd_file_drop_now(struct pd_file *f, const char *upto);
/* pd_utf8_check() of a whole streamed file, dropping it as it goes (the
 * reader then starts again from the top). */
int pd_file_utf8_check(struct pd_file *f, const char *file,
		       struct pd_diag *diag);
/* The same for the bytes [from, to) of f, from the start of a line and
 * up to one (or the end), the first of them at line: a part of the file
 * that one of two threads reads (athlete_events.c).  f's pages are let
 * go of behind the check and f->dropped is then as it was. */
int pd_file_utf8_check_part(struct pd_file *f, const char *from,
			    const char *to, long line, const char *file,
			    struct pd_diag *diag);

/* 0 if data[0..len) is valid UTF-8 holding no NUL byte (which would cut
 * a name where C strings end), else PD_EUTF8 with the line of the first
 * bad byte in diag. */
int pd_utf8_check(const char *data, size_t len, const char *file,
		  struct pd_diag *diag);

/* The published-table text (table_text.c): optional caption, header, rows
 * of "[rank] name gold silver bronze total", a totals row.  With reg, every
 * name must resolve (else PD_ENOTFOUND); without, codes stay "". */
int pd_table_text_parse(struct pd_published *out, const char *data,
			size_t len, const char *file,
			const struct pd_registry *reg, struct pd_diag *diag);

/* A filter on CSV rows: keep rows whose column equals (or, with negate,
 * differs from) value; a value "A|B" is A or B (with negate: neither). */
struct pd_where {
	const char *column;
	const char *value;
	int negate;
};

#define PD_WHERE_MAX 8

/* Parse "COLUMN=VALUE" or "COLUMN!=VALUE" (value may be empty). */
int pd_where_parse(struct pd_where *w, char *text, struct pd_diag *diag);

/* Column choices for the CSV importers: map[field] is the header name the
 * user gave with --map, or NULL to guess. */
enum pd_field {
	PD_F_MEDAL, PD_F_NPC, PD_F_EVENT, PD_F_SPORT, PD_F_DATE, PD_F_ATHLETE,
	PD_F_GENDER, PD_F_TEAM, PD_F_GOLD, PD_F_SILVER, PD_F_BRONZE,
	PD_F_TOTAL, PD_F_RANK, PD_F_NAME, PD_F_COUNT
};

/* A --fix LINE=CODE: the NPC of the row at that line of the file, for a
 * row whose NPC the source lost (or got wrong); CODE "-" leaves the row
 * out. */
struct pd_fix {
	long line;
	const char *npc;
};

#define PD_FIX_MAX 32
#define PD_SAME_MAX 16

struct pd_catalogue;

/* --teams: the format's own rule (PD_TEAMS_FILE, the default), or each
 * event decided from its rows (PD_TEAMS_INFER: entries.h). */
enum pd_teams { PD_TEAMS_FILE, PD_TEAMS_INFER };

struct pd_csv_opts {
	const char *map[PD_F_COUNT];
	struct pd_where where[PD_WHERE_MAX];
	size_t nwhere;
	struct pd_fix fix[PD_FIX_MAX];	/* medals, standings, medallists */
	size_t nfix;
	enum pd_teams teams;	/* athlete-events: how team events are told */
	/* the events catalogue --teams infer consults first (catalogue.h);
	 * NULL for none */
	const struct pd_catalogue *events;
	/* the year of the Games (the catalogue's YEARS), 0 when unknown */
	int year;
	/* the gender column (--map event_gender=COLUMN) is the event's,
	 * whatever it holds */
	int event_gender;
	/* --same A=B: a row's B is taken as A (codes of the registry) */
	char same[PD_SAME_MAX][2][PD_CODE_MAX];
	size_t nsame;
	/* athlete-events: bytes of rows from which two threads read them
	 * (athlete_events.c); 0 for its default, SIZE_MAX for never */
	size_t split_min;
	/* medallists: where each row it cannot place goes, every one, in
	 * line order (the import then fails with the first); NULL: the
	 * first is the error */
	struct pd_problems *unplaced;
};

/* Parse "LINE=CODE" (CODE may be "-").  PD_EINVAL with the reason. */
int pd_fix_parse(struct pd_fix *f, char *text, struct pd_diag *diag);

/* The field a --map name stands for ("medal", "npc" ...); -1 if none. */
int pd_field_lookup(const char *name);
const char *pd_field_name(enum pd_field f);

/* Medals CSV (medals_csv.c): one row per medal.  Rows of team members
 * (a non-empty team column) that share sport, event, gender, medal and NPC
 * count as one medal.  Under --teams infer, a gender column of the
 * athletes' Men and Women gives an event the catalogue knows to be mixed
 * or open at opts->year one gender, X or O, so that a mixed pair is one
 * event and one medal.  Strings in the records point into *pool, which
 * the caller frees with the records. */
struct pd_medal_set {
	struct pd_medal_rec *v;
	size_t n;
	size_t alloc;
	char *pool;		/* one block holding every string */
	size_t pool_len, pool_alloc;
	size_t rows;		/* CSV rows read (after --where) */
	size_t merged;		/* team-member rows merged into one medal */
	/* under --teams infer, the events taken as team and as individual
	 * events, and as mixed and open ones (of either kind) */
	size_t team_events, individual_events, mixed_events, open_events;
	long *lines;		/* lines[i]: the file line of v[i] (its first
				 * row) */
};

void pd_medal_set_release(struct pd_medal_set *s);
int pd_medals_csv_parse(struct pd_medal_set *out, const char *data,
			size_t len, const char *file,
			const struct pd_registry *reg,
			const struct pd_csv_opts *opts, struct pd_diag *diag);

/* Standings CSV (standings_csv.c): one row per NPC with gold, silver,
 * bronze (and optionally rank and total) columns. */
int pd_standings_csv_parse(struct pd_published *out, const char *data,
			   size_t len, const char *file,
			   const struct pd_registry *reg,
			   const struct pd_csv_opts *opts,
			   struct pd_diag *diag);

/* A ranking as CSV (results_csv.c): one row per competitor with columns
 * rank, npc, name (athlete or team), and optionally mark, value (a
 * sortable number), irm (DNS, DNF, DSQ ...), records (WR, PR ...) and
 * gender (M, W; F for W).  An event's start list is the same without
 * ranks.  Strings point into *pool. */
struct pd_result_line {
	long line;
	long rank;		/* 0: none */
	char npc[PD_CODE_MAX];
	char gender[2];		/* "M", "W" or "" */
	const char *name, *mark, *irm, *records;
	double value;
	int has_value;
};

struct pd_result_lines {
	struct pd_result_line *v;
	size_t n;
	char *pool;
};

void pd_result_lines_release(struct pd_result_lines *r);
int pd_results_csv_parse(struct pd_result_lines *out, const char *data,
			 size_t len, const char *file,
			 const struct pd_registry *reg, struct pd_diag *diag);

/* The most athletes on one start list (an event's entries). */
#define PD_START_LIST_MAX 10000

/* One Games' medal tally. */
struct pd_games_tally {
	char games[PD_GAMES_CODE];
	struct pd_tally tally;
};

void pd_games_tallies_free(struct pd_games_tally *v, size_t n);
/* The tally of every Games in a Kaggle athlete_events.csv, by Games code,
 * without the store (athlete_events_tally.c); with only, that Games
 * alone.  Team medals count once, by the importer's rule. */
int pd_athlete_events_tally(const char *data, size_t len, const char *file,
			    const struct pd_registry *reg, const char *only,
			    struct pd_games_tally **out, size_t *n,
			    struct pd_diag *diag);

/* Records as CSV (records_csv.c): one row per record, columns by header:
 * kind (WR, PR, OR ...), sport, event, mark, holder, npc, and optionally
 * gender, class, value (else read from the mark), better ("lower", a
 * time, the default; "higher", a distance or points), date and games.
 * Each field is checked, naming FILE:LINE: kind is 1 to 8 capital
 * letters, gender M, W, X or empty, date YYYY-MM-DD (a real day) or
 * empty, the mark a time or distance that can be (not "99:99:99.99"), a
 * value a number from 0; a NUL byte anywhere is refused.  The set comes
 * back in the order to write it, whatever the file's: by key and kind,
 * and within each, as a record stands until it is beaten, the worst mark
 * first and the best last (equal marks oldest first, so the latest of
 * them is in force); a better mark dated before a worse one of the same
 * record is refused, as the worse could never have been a record.
 * Strings point into pool. */
struct pd_record_set {
	struct pd_record *v;
	size_t n, alloc;
	struct pd_strings pool;
};

void pd_record_set_release(struct pd_record_set *s);
int pd_records_csv_parse(struct pd_record_set *out, const char *data,
			 size_t len, const char *file,
			 const struct pd_registry *reg, struct pd_diag *diag);

/* The Games list (games_tsv.c, data/games.tsv): tab-separated CODE YEAR
 * SEASON HOST NAME_EN NAME_ZH START END KIND. */
int pd_games_tsv_parse(struct pd_games **out, size_t *n, const char *data,
		       size_t len, const char *file, struct pd_diag *diag);

#endif
