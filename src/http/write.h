/* write.h -- the authenticated writes (write.c): POST results, event
 * status, events and sanctions. */
#ifndef PODIUM_HTTP_WRITE_H
#define PODIUM_HTTP_WRITE_H

#include <stddef.h>

#include <microhttpd.h>

struct req;
struct srv;

/* A POST's headers are in: refuse it (401, 403, 404, 405, 413) before
 * its body is read, or MHD_YES to read it.  The write is r->rt.write
 * (route.h): /api/games takes a POST (a new Games), /api/games/CODE a
 * PATCH or a DELETE; an event's matches are read and written at one url
 * (W_MATCHES), and so is its start list (W_ENTRIES). */
enum MHD_Result write_begin(struct srv *s, struct MHD_Connection *c,
			    struct req *r);
/* The body is in: queue the write for the committer (commit.h), the
 * connection suspended until its commit is durable. */
enum MHD_Result write_finish(struct srv *s, struct MHD_Connection *c,
			     struct req *r, const char *url);
/* The write of r is made (or failed): answer it. */
enum MHD_Result write_resumed(struct srv *s, struct MHD_Connection *c,
			      struct req *r);
/* Free what r's write holds, when its client left before the answer. */
void write_drop(struct req *r);

#endif
