/* filter_ops.h -- a Games' medals under a filter (filter.h), written
 * once for the CLI, the API and the pages (src/app/filter.c): which
 * medals a table, a day's list or a list of medallists keeps, and when
 * each was decided.
 *
 * A medal is decided when the unit that awards it ends, in the Games'
 * time zone (a gold-medal unit its gold and silver, the last
 * bronze-medal unit of the event its bronzes, else the gold-medal
 * unit), where the Games has units; else on its event's date.  Each
 * medal has one such day, so the tables of the days through a day add
 * up to the table through it.
 *
 * Ownership: strings given to a callback last only the call.
 */
#ifndef PODIUM_FILTER_OPS_H
#define PODIUM_FILTER_OPS_H

#include "buf.h"
#include "event.h"
#include "filter.h"
#include "model.h"
#include "standings.h"
#include "stats.h"
#include "store.h"

/* Where and when a medal was decided. */
struct pd_decided {
	const char *day;	/* "YYYY-MM-DD", or "" when unknown */
	const char *unit;	/* the unit's results code, or "" */
	const char *phase;	/* the unit's name ("Gold Medal Bout"), or "" */
	const char *time;	/* its end, "HH:MM" local, or "" */
};

typedef int (*pd_decided_fn)(const struct pd_medal_out *m,
			     const struct pd_decided *at, void *arg);

/* Call fn for each medal of q that f keeps, in the store's event order,
 * with when it was decided.  The store's errors, or fn's non-zero. */
int pd_filter_medals(struct pd_store *s, const struct pd_query *q,
		     const struct pd_filter *f, pd_decided_fn fn, void *arg,
		     struct pd_diag *diag);

/* The tally of the medals of q that f keeps into t (initialised by the
 * caller); *nmedals (if not NULL) their number. */
int pd_filter_tally(struct pd_store *s, const struct pd_query *q,
		    const struct pd_filter *f, struct pd_tally *t,
		    size_t *nmedals, struct pd_diag *diag);

/* Call fn for each event of games (of sport when not NULL) that f
 * keeps: of f's gender, and with a day, through or npc, those with an
 * official medal f keeps.  The store's errors, or fn's non-zero. */
int pd_filter_events(struct pd_store *s, const char *games,
		     const char *sport, const struct pd_filter *f,
		     pd_event_fn fn, void *arg, struct pd_diag *diag);

/* GET /api/games/{code}/medallists: the medals of games (of sport when
 * not NULL or "") that f keeps, as of version, in the order they were
 * decided, one entry a unit (an event and day where there are no units)
 * with its medallists; with f->day, "table" is the table as it stood at
 * the end of that day (the same filter through it), else null.  flags
 * as doc.h's. */
int pd_doc_medallists(struct pd_buf *out, struct pd_store *s,
		      const char *games, long version, const char *sport,
		      const struct pd_filter *f, unsigned flags,
		      struct pd_diag *diag);

#endif
