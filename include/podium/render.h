/* render.h -- standings to bytes, one output format per file in src/io.
 *
 * A renderer takes a struct pd_view (the standings plus everything needed
 * to label them) and appends its bytes to a struct pd_buf.  Renderers never
 * write to a file descriptor: the CLI writes the buffer to stdout, the
 * server caches it.  All output is UTF-8 and ends with a newline.
 *
 * Formats:
 *   text      aligned for a terminal (CJK counts two columns); colour only
 *             when view->color is set (the CLI sets it on a TTY without
 *             NO_COLOR)
 *   plain     the published form: caption, header, one row a line with
 *             single spaces, a row that ties the one above without rank,
 *             the totals row
 *   csv       RFC 4180; header rank,npc,name,gold,silver,bronze,total
 *             (and host with host_column; a BOM first with bom); one row
 *             per NPC, no totals row (cut by top: the remaining and
 *             totals rows, rank and npc empty)
 *   json      {"games", "source", "scheme", "lang", "caption", "rows":
 *             [{rank, npc, name: {en, zh}, gold, silver, bronze, total}],
 *             "totals": {...}, "remaining": {...} when cut by top}
 *   markdown  a pipe table with a caption line; the host marked "\\*"
 *             with a legend below
 *   wikitext  a {{Medals table}} invocation, with the parameters
 *             Module:Medals table documents
 *   html      a standalone page with a real <table>
 */
#ifndef PODIUM_RENDER_H
#define PODIUM_RENDER_H

#include "buf.h"
#include "error.h"
#include "npc.h"
#include "standings.h"

struct pd_view {
	const struct pd_standings *st;
	const struct pd_registry *reg;
	const char *lang;	/* "zh" or "en" */
	const char *caption;	/* the title, already in lang; may be NULL */
	const char *games;	/* games code, e.g. "PG2004" */
	const char *source;	/* published source label, NULL if computed */
	const char *host;	/* host NPC code or NULL */
	const char *sport;	/* per-sport table: the sport, else NULL */
	int use_printed;	/* names as the source printed them */
	int color;		/* ANSI colour, text format only */
	int games_column;	/* csv: a leading games column (many Games) */
	int no_header;		/* csv: rows only (a later block) */
	/* wikitext: the corrections to note, each on an NPC; NULL / 0 for
	 * none */
	const struct pd_view_note *notes;
	size_t nnotes;
	int host_column;	/* csv: a last column "host", 1 on its row */
	int bom;		/* csv: a UTF-8 byte order mark first */
	/* json: the Games' events with results of those its published
	 * table awards ("results": {"events", "of"}), said while they are
	 * fewer (the published table stands for the Games); of 0: none */
	long events_done, events_known;
};

/* A note on an NPC's line of the table: a medal reallocated or vacated,
 * and why (wikitext's note_XXX). */
struct pd_view_note {
	char npc[PD_CODE_MAX];
	const char *text;
};

/* Labels in a language: the column headings and row labels every format
 * shares, so that "金牌" is spelled once. */
struct pd_labels {
	const char *rank, *npc, *gold, *silver, *bronze, *total;
	const char *totals, *remaining, *medal_table, *host;
	const char *noc;	/* the team column of an Olympic table */
	/* a unit's medal role on the schedule */
	const char *gold_medal, *bronze_medal;
};
const struct pd_labels *pd_labels(const char *lang);

/* The team column's heading: NOC for Olympic Games (OG, OW), NPC for
 * Paralympic ones and anything else (zh: 国家／地区 for both).  CSV and
 * JSON keep the key npc for both. */
const char *pd_view_npc_label(const struct pd_view *v);

/* The name to show for a standings row: the printed name when use_printed
 * and there is one (a code printed as the name is none), else the
 * registry's name in the view's language at the Games of v->games (the
 * name of that era: Czech Republic at PG2004), else the code. */
const char *pd_view_name(const struct pd_view *v, const struct pd_standing *row);

typedef int (*pd_render_fn)(struct pd_buf *out, const struct pd_view *v);

int pd_render_text(struct pd_buf *out, const struct pd_view *v);
int pd_render_plain(struct pd_buf *out, const struct pd_view *v);
int pd_render_csv(struct pd_buf *out, const struct pd_view *v);
int pd_render_json(struct pd_buf *out, const struct pd_view *v);
/* The same document as the server sends it: compact, no newline, and
 * "version": version as its last key (none when it is below 0) -- made
 * once, where rendering pd_render_json's text and reading it back to
 * add the key was a third of each rebuild's rendering. */
int pd_render_json_versioned(struct pd_buf *out, const struct pd_view *v,
			     long version);
int pd_render_markdown(struct pd_buf *out, const struct pd_view *v);
int pd_render_wikitext(struct pd_buf *out, const struct pd_view *v);
int pd_render_html(struct pd_buf *out, const struct pd_view *v);

/* The renderer for a format name; NULL if there is none.  names, if not
 * NULL, receives a "text|plain|..." list for usage messages. */
pd_render_fn pd_render_lookup(const char *format, const char **names);

#endif
