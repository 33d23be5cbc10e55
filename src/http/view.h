/* view.h -- one rendered view: a document made into MHD responses once,
 * and queued as they are for every request that wants it.
 *
 * A view holds the same bytes plain and gzipped, and a 304 with no body,
 * all three with the view's ETag.  MHD reference-counts a response, so a
 * view may be released while requests still queue its responses: they
 * outlive it.  A view is immutable once made, so any thread may queue it
 * without a lock.
 */
#ifndef PODIUM_HTTP_VIEW_H
#define PODIUM_HTTP_VIEW_H

#include <stddef.h>

#include <microhttpd.h>

#include "podium/buf.h"

struct view {
	struct MHD_Response *plain, *gz, *nm;
	size_t len, zlen;
	char etag[48];
};

/* Make a view of data[0..len) with etag and Content-Type type (NULL for
 * none); cors adds the headers that let any origin read it.  Takes
 * ownership of data, also on failure (PD_ENOMEM, *v left empty). */
int view_make(struct view *v, char *data, size_t len, const char *etag,
	      const char *type, int cors);
/* A JSON view of b's bytes (detached from b) with ETag "version". */
int view_make_json(struct view *v, struct pd_buf *b, long version);
/* Free what v holds and empty it; an empty view may be released again. */
void view_release(struct view *v);

#endif
