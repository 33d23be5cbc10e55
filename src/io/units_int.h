/* units_int.h -- internal to src/io: what the three files of the unit
 * reader share (units_dir.c reads the files and the results,
 * units_schedule.c places each schedule row on a unit, units_derive.c
 * derives the medals and the entries), so that each is written once. */
#ifndef PODIUM_UNITS_INT_H
#define PODIUM_UNITS_INT_H

#include <stddef.h>

#include "podium/csv.h"
#include "podium/unitset.h"
#include "import.h"
#include "strmap.h"

/* One result row, as much of it as the medals need. */
struct row {
	const char *rsc, *event, *sport, *date, *who, *name, *irm;
	char npc[PD_CODE_MAX];
	long rank, line;
	char wlt;
	int team;
};

struct reader {
	struct pd_unitset *out;
	const char *dir;
	struct pd_strmap event_names;	/* disc US gender US name -> row + 1 */
	struct pd_import im;
	const char *games;
	const struct pd_medal_rules *rules;
	const char *const *walkover;	/* event codes, NULL-ended */
	struct row *rows;
	size_t nrows, arows;
	struct pd_strmap rscs;		/* results code -> unit index + 1 */
	struct pd_strmap disciplines, events;
	struct pd_strmap teams;		/* team code -> index + 1 */
	struct pd_strmap athletes;	/* athlete code -> index + 1 */
	const char **members;		/* per team: its roster, code and
					 * name split by US (0x1f), members
					 * by RS (0x1e): the set folds white
					 * space */
	size_t nteams;
	char path[4096];
};

/* Read file whole (UTF-8 checked) into *data and start c on it, its
 * header read and its width fixed. */
int pd_ur_load(struct reader *r, struct pd_csv *c, char **data,
	       const char *file, struct pd_diag *d);
/* The column of the header named name, or -1. */
int pd_ur_col(const struct pd_csv *c, const char *name);
/* The current row's field at (at < 0: ""). */
const char *pd_ur_f(const struct pd_csv *c, int at);
/* The column named name in *at, or PD_EPARSE naming it. */
int pd_ur_need(const struct pd_csv *c, const char *name, int *at,
	       struct pd_diag *d);
/* r and out zeroed and started on reading the units of games from dir
 * (a folder, or "odf"), the NPCs of the column named country. */
void pd_ur_start(struct reader *r, struct pd_unitset *out,
		 const char *games, const struct pd_registry *reg,
		 const struct pd_medal_rules *rules, const char *dir,
		 const char *country);
/* The set's copy of s (NULL without memory). */
const char *pd_ur_str(struct reader *r, const char *s);
/* Room for one more of *v (n used, *a allocated), each size bytes. */
int pd_ur_grow(void *v, size_t n, size_t *a, size_t size);

/* The reader's own memory released (the set too when ret is an error);
 * returns ret. */
int pd_ur_finish(struct reader *r, int ret);

/* schedules.csv, after the results (units_schedule.c) */
int pd_ur_read_schedule(struct reader *r, struct pd_diag *d);
/* the operator's walkovers marked on their units, and every event's
 * medals into the set's entries (units_derive.c) */
int pd_ur_mark_walkovers(struct reader *r, struct pd_diag *d);
int pd_ur_derive_all(struct reader *r, struct pd_diag *d);

#endif
