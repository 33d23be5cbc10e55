/* views.h -- the JSON documents the server sends (views.c), rendered by
 * the builder (the hot views) and the lazy cache (the rest), and the
 * stream messages.  Each appends to out and returns 0 or a PD_E* code. */
#ifndef PODIUM_HTTP_VIEWS_H
#define PODIUM_HTTP_VIEWS_H

#include <jansson.h>

#include "podium/buf.h"
#include "podium/filter.h"
#include "podium/standings.h"
#include "podium/store.h"

struct gview;
struct msg;
struct snap;
struct table;

/* Append doc (consumed) to out as compact JSON; PD_ENOMEM if doc is NULL
 * or cannot be dumped. */
int json_dump_to(struct pd_buf *out, json_t *doc);

/* Each labels its document with version: the gview's, or the one a read
 * transaction saw (lazy.c). */
int render_standings(struct pd_buf *out, const struct gview *g,
		     long version, const struct table *t, const struct pd_tally *tally,
		     const struct pd_standings_opts *o, const char *lang,
		     const char *sport, const struct pd_registry *reg);
int render_games(struct pd_buf *out, const struct snap *sn,
		 const struct pd_registry *reg);
/* The events list: of sport ("" or NULL: every sport) and that f keeps
 * (filter_ops.h). */
int render_events(struct pd_buf *out, struct pd_store *st,
		  const struct gview *g, long version, const char *sport,
		  const struct pd_filter *f, struct pd_diag *d);
int render_stats(struct pd_buf *out, struct pd_store *st,
		 const struct gview *g, long version, struct pd_diag *d);
/* Event id of games: its results as entered (rank, NPC, name, mark, IRM,
 * records, the medal each would have), status and phases; PD_ENOTFOUND
 * when games has no such event. */
int render_event(struct pd_buf *out, struct pd_store *st, const char *games,
		 long version, long id, struct pd_diag *d);
/* An athlete of the Games by id: names, NPC, medals and every result
 * with its event; PD_ENOTFOUND when the Games has no such athlete. */
int render_athlete(struct pd_buf *out, struct pd_store *st,
		   const struct gview *g, long version, long id,
		   const struct pd_registry *reg, struct pd_diag *d);
/* npcs: a comma-separated list of codes (NULL or "": the gold-first
 * table's first five with a gold). */
int render_timeline(struct pd_buf *out, const struct gview *g,
		    const struct pd_registry *reg, const char *npcs);

/* A stream message: rows of now that differ from was (NULL: all). */
struct msg *msg_standings(const struct gview *now, const struct gview *was,
			  const struct pd_registry *reg);

#endif
