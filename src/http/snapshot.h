/* snapshot.h -- what the server shows at one moment: one struct gview
 * per Games at one version, gathered in an immutable struct snap.
 *
 * The builder (builder.c) makes a new snapshot off to the side whenever a
 * Games' version moves, reusing the gviews of the Games that did not,
 * and swaps it in under srv.snap_mu; readers take a reference with
 * snap_get() and drop it with snap_put().  Both are reference-counted
 * (atomically, no lock), so a snapshot lives as long as its last reader,
 * and a gview as long as the last snapshot holding it.
 *
 * Everything in a gview is immutable once it is built, except its lazy
 * cache: lazy_mu guards lazy[] and nlazy and nothing else, and is held
 * only to look a key up or add one -- never while a view renders, never
 * while another lock is taken (see srv.h for the order of all of them).
 *
 * A Games or a table that cannot be loaded is kept, with its error, so
 * that it is answered with the reason while everything else is served.
 */
#ifndef PODIUM_HTTP_SNAPSHOT_H
#define PODIUM_HTTP_SNAPSHOT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include "podium/app.h"	/* struct pd_cover */
#include "podium/model.h"	/* PD_GAMES_CODE */
#include "podium/published.h"
#include "podium/standings.h"
#include "podium/store.h"
#include "view.h"

#define LAZY_MAX 256		/* lazily rendered views kept per version */
#define SOURCE_MAX 128

struct srv;

/* A medal's names, one block shared by the gviews that hold the medal
 * (a version moved by one event keeps the others' medals): refs counts
 * them, atomically, as gviews are freed on any thread. */
struct medal_text {
	atomic_int refs;
	char s[];		/* sport, event, gender, date, name */
};

/* One medal as the builder saw it, kept for NPC pages and the chart;
 * its strings point into text. */
struct medal {
	long event_id, athlete_id;
	enum pd_medal medal;
	char npc[PD_CODE_MAX];
	char *sport, *event, *gender, *date, *name;
	struct medal_text *text;
};

/* One table of a Games: [0] ranked from its results, then one per
 * published source; pre-rendered under gold and total in en and zh. */
struct table {
	char *source;			/* "" for the computed table */
	struct pd_tally tally;
	struct pd_published pub;	/* published tables only */
	int have_pub;
	char *error;			/* why it cannot be served, or NULL */
	struct view v[2][2];		/* [scheme gold, total][lang en, zh] */
	atomic_int hot;			/* v is rendered: set once, after v
					 * (snap_render), so that v is read
					 * only once it is whole; until then
					 * the table is rendered as a lazy
					 * view on request */
};

/* A view rendered on its first request (lazy.c); key names it. */
struct lazy_entry {
	char *key;
	struct view v;
};

/* One Games at one version. */
struct gview {
	atomic_int refs;
	struct pd_games info;
	long version;
	char *error;			/* why it cannot be served, or NULL:
					 * then it has one empty table and no
					 * rendered view */
	struct table *tables;
	size_t ntables;
	struct medal *medals;		/* official events, in event order */
	size_t nmedals;
	struct pd_standings gold;	/* the computed table, gold-first */
	struct pd_cover cover;		/* the table that stands for it */
	long removed;			/* the Games' removals when it was
					 * read (pd_store_events_changed) */
	pthread_mutex_t lazy_mu;	/* lazy[], nlazy and last: see above */
	struct lazy_entry lazy[LAZY_MAX];
	size_t nlazy;
	/* the gview of the same Games this one replaced, a reference held
	 * (its own last dropped): its lazy views are the last snapshot's,
	 * served when a view cannot be made now (the database away) */
	struct gview *last;
};

/* Everything the server shows at one moment. */
struct snap {
	atomic_int refs;
	struct gview **g;
	size_t n;
	long stamp;			/* sum of the versions */
	struct view games;		/* GET /api/games */
	char def_games[PD_GAMES_CODE];	/* what the page shows */
	char def_source[SOURCE_MAX];
	int def_auto;			/* source follows the data */
};

/* The current snapshot with a reference taken (NULL before the first
 * build); give it back with snap_put(). */
struct snap *snap_get(struct srv *s);
/* Drop a reference; the last one frees sn and its gviews' references. */
void snap_put(struct snap *sn);
void gview_put(struct gview *g);
/* g's last gview with a reference taken (give it back with
 * gview_put()), or NULL. */
struct gview *gview_last(struct gview *g);
/* The gview of the Games code in sn (borrowed from sn), or NULL. */
struct gview *snap_find(struct snap *sn, const char *code);

/* A new snapshot of the n Games in v (their versions as read now, in a
 * read transaction on s->bstore held by the caller), reusing old's
 * gviews whose version did not move and loading the others: each
 * derives again only the events its changes touched since old's gview
 * of the same Games (pd_store_events_changed), and every event when in
 * doubt.  The tables are ranked, not rendered: snap_render() does that
 * once the snapshot is in place and the streams are told.  A Games that
 * cannot be built is kept as one that says why.  Takes the pd_games it
 * uses out of v (left zeroed).  Fails only when out of memory (or
 * rendering /api/games fails), old untouched. */
int build_snap(struct srv *s, struct snap *old, struct pd_games *v,
	       size_t n, struct snap **out, struct pd_diag *d);
/* Render the hot views of sn's gviews that are not old's (JSON and
 * gzip), each table's made whole before it is marked hot: every table
 * of a Games old does not hold, the computed table alone of the others.
 * A table not rendered (that, or out of memory) is rendered on request
 * as a lazy view. */
void snap_render(struct srv *s, struct snap *old, struct snap *sn);

#endif
