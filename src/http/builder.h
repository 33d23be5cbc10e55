/* builder.h -- the thread that keeps the snapshot current (builder.c).
 *
 * It owns a store connection of its own, polls the Games' versions, and
 * rebuilds only the Games whose version moved.  Writes park their answer
 * with it until the views show them.  Its locks are srv.build_mu and
 * srv.snap_mu (srv.h has the order).
 */
#ifndef PODIUM_HTTP_BUILDER_H
#define PODIUM_HTTP_BUILDER_H

#include <microhttpd.h>

#include "podium/error.h"

struct req;
struct srv;

/* Open the builder's connection, build the first snapshot (so the
 * server never answers without one), and start the thread.  On failure
 * d says why; builder_stop() cleans up either way. */
int builder_start(struct srv *s, struct pd_diag *d);
/* Stop the thread (resuming every parked write) and close its store. */
void builder_stop(struct srv *s);
/* Park a write's answer until the views show games at version (or ms
 * pass): the connection is suspended, not a thread blocked, so writes
 * from many clients wait on one rebuild together.  The builder resumes
 * it; handle() in server.c then sends r->wreply. */
void builder_park(struct srv *s, struct MHD_Connection *c, struct req *r,
		  const char *games, long version, int ms);

#endif
