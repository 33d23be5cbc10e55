/* page_make.h -- a page of the site made from the documents lazy.c read
 * for it (page_make.c): what each page needs beyond its document (the
 * table's chart, its sources, the overview's report) is gathered here. */
#ifndef PODIUM_HTTP_PAGE_MAKE_H
#define PODIUM_HTTP_PAGE_MAKE_H

#include <jansson.h>

#include "podium/buf.h"
#include "podium/npc.h"
#include "podium/store.h"

struct gview;

struct page_in {
	char kind;		/* the route's letter: H J K M O P B Z (lazy.c) */
	const struct gview *g;
	struct pd_store *st;	/* the read transaction, or NULL (H, K) */
	const struct pd_registry *reg;
	const char *lang;
	json_t *doc;		/* H standings, J event, K npc, M athlete,
				 * O stats (borrowed) */
	json_t *doc2;		/* O: the standings; J: the matches */
	int pinned;		/* H: the reader chose the table */
	const char *const *filter;	/* Z: sport, venue, medal ("": all) */
	int transparent;	/* B, b: a screen without its background */
	const char *sport, *gender;	/* H: the table's filter, or "" */
};

/* Append the page to out; 0 or a PD_E* code. */
int page_make(struct pd_buf *out, const struct page_in *in);

#endif
