/* builder.h -- the thread that keeps the snapshot current (builder.c).
 *
 * It owns a store connection of its own, polls the Games' versions, and
 * rebuilds only the Games whose version moved.  Writes note their commits
 * with it, and reads after them wait with it until the views show them.  Its locks are srv.build_mu and
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
/* This node committed games at version: until the views show it (or
 * HOLD_MS pass), a read of that Games that comes after waits for them
 * (builder_hold).  The builder is poked.  -1 when too many commits are
 * waiting to be shown (the caller then parks the write instead). */
int builder_commit(struct srv *s, const char *games, long version);
/* A commit may have moved a Games: build now.  The committer calls it
 * as soon as a group's commit is durable, before the writes are resumed
 * to be answered (builder_commit then only notes them). */
void builder_poke(struct srv *s);
/* A read of url: 1 when it is parked, suspended, until the views show
 * every commit of this node made before it came to the Games url names
 * (to every Games for /api/games and the site's lists), 0 when it may
 * be answered now.  Once resumed, handle() dispatches it again and it
 * is answered from the views then (r->held says it waited). */
int builder_hold(struct srv *s, struct MHD_Connection *c, struct req *r);

#endif
