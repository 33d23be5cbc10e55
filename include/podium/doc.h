/* doc.h -- the documents podium sends, each built once (src/app): the CLI's
 * --format json and the HTTP API send the same document, so a key is named
 * once and means one thing to every client.
 *
 * A builder appends the document's bytes to a caller-owned pd_buf.  With
 * PD_DOC_PRETTY it is indented two spaces and ends with a newline (the
 * CLI); without, it is compact with no newline (the API's cached bytes).
 * Keys keep a fixed order so that documents diff well.  Failures are
 * PD_ENOMEM (jansson only fails on memory here: every string was UTF-8
 * checked on its way into the store), and out holds what it held before
 * plus possibly part of the document: callers drop it.
 *
 * The standings document itself is the json format of render.h (src/io),
 * one renderer among the table formats; what both front ends share about
 * it is its caption, below.
 */
#ifndef PODIUM_DOC_H
#define PODIUM_DOC_H

#include <stddef.h>
#include "buf.h"
#include "published.h"
#include "stats.h"
#include "store.h"

#define PD_DOC_PRETTY 1u

/* GET /api/games/{code}/stats and 'podium stats --format json': g's
 * figures st as of version.  Nothing is null: participation_known false
 * means athletes and npcs count only medallists (a medals import), and
 * results 0 means the medal figures are empty, not zero. */
int pd_doc_stats(struct pd_buf *out, const struct pd_games *g, long version,
		 const struct pd_games_stats *st, unsigned flags);

/* The title of a standings table in lang, into out (always terminated):
 * the published table's own caption when pub (may be NULL) has one in
 * lang and the table is the whole one (sport NULL), since a published
 * caption names the whole table; else "<Games name> Medal Table", with
 * " — sport" for a per-sport table.  The Games name is g's in lang (en when
 * it has no zh name); with g NULL (a table read from a file) it is
 * label. */
void pd_caption(char *out, size_t size, const struct pd_games *g,
		const char *label, const struct pd_published *pub,
		const char *lang, const char *sport);

#endif
