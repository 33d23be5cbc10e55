/* model.h -- the records podium is about, shared by every layer: Games,
 * medals, events, athletes and results, and the query that asks for
 * medals.
 *
 * These are plain data.  The core computes with them, io parses files into
 * them and renders them, and the store (store.h, event.h) keeps them; none
 * of those layers needs another's header to name them, so the core and io
 * include this file, never store.h.
 *
 * Ownership: a struct with char * members owns them and frees them in its
 * _release(); one with const char * members borrows them from whoever
 * filled it (a parser's pool, a store's row), valid as that says.
 */
#ifndef PODIUM_MODEL_H
#define PODIUM_MODEL_H

#include <stddef.h>
#include "error.h"
#include "npc.h"
#include "standings.h"

/* Room for a Games code ("PG2004", "OW1994") and its NUL. */
#define PD_GAMES_CODE 16

struct pd_games {
	char code[PD_GAMES_CODE];
	long year;
	char *season;	/* "summer" / "winter" */
	char host[PD_CODE_MAX];
	char *name_en;
	char *name_zh;
	char *start;	/* ISO date or "" */
	char *end;
	char *kind;	/* "paralympics" / "olympics" */
	long version;
};

void pd_games_release(struct pd_games *g);
/* Release v[0..n) and free v (as pd_store_games_list() and
 * pd_games_tsv_parse() return them). */
void pd_games_list_free(struct pd_games *v, size_t n);

/* A Games code as typed ("pg2024") in the stored form ("PG2024").
 * PD_EINVAL if it is empty or does not fit in size. */
int pd_games_code(char *out, size_t size, const char *in);

/* One medal awarded.  A team medal is one record. */
struct pd_medal_rec {
	enum pd_medal medal;
	char npc[PD_CODE_MAX];
	const char *sport;	/* may be "" */
	const char *event;	/* may be "" */
	const char *gender;	/* may be "" */
	const char *date;	/* ISO date or "" */
	const char *athlete;	/* may be "" */
};

/* What standings to derive: one sport or all, official events only or
 * every event with results, now or as of a past version. */
struct pd_query {
	const char *games;
	const char *sport;		/* NULL: every sport */
	int include_unofficial;
	long as_of;			/* 0: now */
};

/* One medal as derived from the results. */
struct pd_medal_out {
	long event_id;
	long result_id;
	const char *sport, *event, *gender, *date;
	const char *npc, *name;		/* winner: NPC and athlete/team */
	long athlete_id;		/* 0 for a team or an unknown athlete */
	long team_id;			/* 0 for an individual */
	enum pd_medal medal;
};

typedef int (*pd_medal_fn)(const struct pd_medal_out *m, void *arg);

struct pd_athlete {
	const char *ext;	/* an outside id ("kaggle:1234"), or NULL */
	const char *name;
	const char *gender;	/* "M", "W" or "" */
	char npc[PD_CODE_MAX];
	const char *sport_class;	/* "T54", "S9" ... or "" */
	const char *guide;	/* guide or pilot, or "" */
	/* the name's matching key (pd_name_normalise()), which the store
	 * finds an athlete by: set by the store itself, callers leave it
	 * NULL */
	const char *key;
};

struct pd_result_rec {
	long event_id;
	char npc[PD_CODE_MAX];
	const char *name;	/* athlete or team name as shown */
	long athlete_id;	/* 0 if none */
	long team_id;		/* 0 if none */
	long rank;		/* 0 for none */
	const char *mark;	/* "10.62", "2:03:45" ... or "" */
	double mark_value;	/* sortable number; only if has_value */
	int has_value;
	const char *irm;	/* "DSQ" ... or "" */
	const char *records;	/* "WR", "PR,WR" ... or "" */
	const char *date;
	const char *source;
};

#define PD_EVENT_STATUSES "scheduled, live, unofficial, official, " \
			  "protested, provisional"

/* Non-zero if status is one of PD_EVENT_STATUSES. */
int pd_event_status_valid(const char *status);

struct pd_event_info {
	long id;
	char games[PD_GAMES_CODE];
	char *sport, *name, *gender, *sport_class, *date, *status;
	char *policy;		/* the event's own, or its sport's */
	int team;
	/* how ranks follow from marks: "asc" (lower is better), "desc"
	 * (higher is better), or "" (ranks entered by hand) */
	char *order;
	/* has matches ('podium match'), which decide it: set by
	 * pd_store_event_get() alone (0 from the lists) */
	int has_matches;
};

void pd_event_info_release(struct pd_event_info *e);

/* A world, Paralympic or Olympic record of an event and sport class (the
 * store keeps them: record.h). */
struct pd_record {
	long id;
	const char *kind;		/* "WR", "PR", "OR" ... */
	const char *sport, *event, *gender, *sport_class;	/* the key */
	const char *mark;		/* as shown: "10.62", "2:03.45" */
	double value;			/* sortable: seconds, metres, points */
	int lower_better;		/* 1 for a time, 0 for a distance */
	const char *holder;		/* athlete or team */
	char npc[PD_CODE_MAX];
	const char *date;		/* ISO date or "" */
	const char *games;		/* the Games it was set at, or "" */
	long replaced_by;		/* the record that beat it; 0: in force */
	long line;			/* of the file it was read from, or 0 */
};

#endif
