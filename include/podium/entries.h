/* entries.h -- athletes, events and results read from a results file, held
 * in memory until they are written to the store in one transaction.
 *
 * The importers of files that name who competed (athlete_events.c for the
 * Kaggle "120 years of Olympic history" file, paris2024.c for the Paris
 * 2024 set, medallists_csv.c for one row per medallist) all fill one
 * struct pd_entry_set, and the CLI writes any set the same way: for each
 * Games, one pd_store_change(), its events, then their results.
 *
 * A result is an athlete's (athlete != 0) or a team's (team != 0: its
 * members are members[member .. member + nmembers), possibly none when a
 * file names a team but not who was in it).  Ranks are medals as recorded:
 * 1, 2, 3, or 0 for a result without one; the store derives the medals.
 *
 * Invariants after pd_entries_finish(): events are grouped by Games (in
 * the order of games[]), results by event (in the order of events[]), and
 * no two team results of one event share both NPC and name (a clash gets
 * " (2)", " (3)" ... appended), because the store finds a team by them.
 *
 * Ownership: every string is owned by the set (an arena that never moves,
 * so the pointers stay valid while it grows) and freed by
 * pd_entries_release().  Every array has a hard maximum: PD_ENTRIES_MAX
 * records of each kind.
 */
#ifndef PODIUM_ENTRIES_H
#define PODIUM_ENTRIES_H

#include <stddef.h>
#include "error.h"
#include "io.h"
#include "model.h"
#include "npc.h"

#define PD_ENTRIES_MAX ((size_t)1 << 26)

struct pd_entry_athlete {
	const char *ext;	/* "kaggle:1234", "paris:1897206", or NULL */
	const char *name;
	char gender[2];		/* "M", "W" or "" */
	char npc[PD_CODE_MAX];
	const char *guide;	/* "" when none */
};

struct pd_entry_event {
	size_t games;		/* index into games[] */
	const char *sport, *name;
	char gender[2];		/* "M", "W", "X" or "" */
	const char *date;	/* ISO date or "" */
	int team;
};

struct pd_entry_result {
	size_t event;		/* index into events[] */
	char npc[PD_CODE_MAX];
	const char *name;	/* the athlete's or team's name as shown */
	size_t athlete;		/* index + 1 into athletes[], or 0 */
	int team;
	size_t member, nmembers;	/* into members[]: athlete indexes */
	int rank;		/* 1, 2, 3, or 0 */
	const char *date;
	long line;		/* where it came from, for messages */
	size_t rows;		/* input rows it stands for */
};

struct pd_arena;

struct pd_entry_set {
	char (*games)[PD_GAMES_CODE];
	size_t ngames, agames;
	struct pd_entry_athlete *athletes;
	size_t nathletes, aathletes;
	struct pd_entry_event *events;
	size_t nevents, aevents;
	struct pd_entry_result *results;
	size_t nresults, aresults;
	size_t *members;
	size_t nmembers, amembers;
	struct pd_arena *arena;	/* strings, interned */
	size_t rows;		/* input rows taken (after filters) */
	int split;		/* 1 when two threads read the rows (only
				 * athlete_events.c does), else 0 */
};

void pd_entries_init(struct pd_entry_set *s);
void pd_entries_release(struct pd_entry_set *s);

/* A copy of str owned by the set; equal strings share one copy.  NULL on
 * no memory. */
const char *pd_entries_str(struct pd_entry_set *s, const char *str);
/* The same, not shared: for strings that are nearly all distinct (an
 * athlete's id and name), where sharing only costs a look-up and a slot
 * per string (16 MB for athlete_events.csv). */
const char *pd_entries_own(struct pd_entry_set *s, const char *str);
/* Take over from's strings: they stay where they are, owned by s from
 * now on, and from is only to be released (by pd_entries_release(), as
 * before).  For a set read in parts (athlete_events.c), whose records
 * are moved over without copying their strings; s's look-up of shared
 * strings does not learn from's.  PD_ENOMEM with both unchanged. */
int pd_entries_adopt(struct pd_entry_set *s, struct pd_entry_set *from);
/* The index of Games code, added if new. */
int pd_entries_games(struct pd_entry_set *s, const char *code, size_t *at);
/* Append a record (copied; its strings must already be the set's), and
 * give its index.  PD_ENOMEM or PD_ETOOBIG. */
int pd_entries_athlete(struct pd_entry_set *s,
		       const struct pd_entry_athlete *a, size_t *at);
int pd_entries_event(struct pd_entry_set *s, const struct pd_entry_event *e,
		     size_t *at);
int pd_entries_result(struct pd_entry_set *s, const struct pd_entry_result *r);
/* Append athlete index a to members[]; a team result's members are the
 * ones appended between reading nmembers and adding the result. */
int pd_entries_member(struct pd_entry_set *s, size_t a);
/* Order and check the set as the invariants above say. */
int pd_entries_finish(struct pd_entry_set *s);

/* "Gold", "Gold Medal", "G", "1" ... -> 1, 2, 3 (case-insensitive); 0 if
 * not a medal. */
int pd_entries_medal_rank(const char *text);

/* Kaggle athlete_events.csv (athlete_events.c).  Every "YEAR Summer" or
 * "YEAR Winter" value of the Games column is one Games, OGYEAR or OWYEAR;
 * with only (not NULL), the rows of that Games alone.  Team medals are
 * folded as athlete_events.c explains. */
int pd_athlete_events_parse(struct pd_entry_set *out, const char *data,
			    size_t len, const char *file,
			    const struct pd_registry *reg, const char *only,
			    const struct pd_csv_opts *opts,
			    struct pd_diag *diag);
/* The same from a file being streamed (pd_file_stream()): it is read
 * once, front to back, and let go of behind the reader, so that only the
 * set, not the file, is held in memory. */
int pd_athlete_events_read(struct pd_entry_set *out, struct pd_file *src,
			   const char *file, const struct pd_registry *reg,
			   const char *only, const struct pd_csv_opts *opts,
			   struct pd_diag *diag);

/* The Paris 2024 set (paris2024.c): athletes.csv, medals.csv and
 * medallists.csv, read by the caller into texts[0..3) in that order and
 * named by files[0..3), all for the Games games. */
int pd_paris2024_parse(struct pd_entry_set *out, const char *const texts[3],
		       const size_t lens[3], const char *const files[3],
		       const char *games, const struct pd_registry *reg,
		       struct pd_diag *diag);

/* One row per medallist (medallists_csv.c, tidytuesday's medals_clean.csv):
 * team members one row each with a team column (grp_id). */
int pd_medallists_csv_parse(struct pd_entry_set *out, const char *data,
			    size_t len, const char *file, const char *games,
			    const struct pd_registry *reg,
			    const struct pd_csv_opts *opts,
			    struct pd_diag *diag);

#endif
