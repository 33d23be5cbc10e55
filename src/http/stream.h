/* stream.h -- server-sent events: each Games' changes, pushed to every
 * client that keeps GET /api/games/CODE/stream open (stream.c tells how).
 *
 * The builder publishes; the streams' readers, on MHD's threads, copy.
 * Messages are shared by every stream that sends them and
 * reference-counted (atomically: msg_put in views.c, where they are made).
 *
 * Locking: hub.mu guards the channels, their rings and every stream's
 * state.  It may be held while MHD's own locks are taken
 * (MHD_suspend_connection in a reader), never the other way: MHD calls
 * the reader and the free callback without holding its own.  No other
 * lock of the server is taken while hub.mu is held, and hub.mu is never
 * taken while another is (srv.h has the order of all of them).
 */
#ifndef PODIUM_HTTP_STREAM_H
#define PODIUM_HTTP_STREAM_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include <microhttpd.h>

#include "podium/model.h"	/* PD_GAMES_CODE */

#define RING_MAX 128		/* stream messages kept per Games */

struct req;
struct srv;
struct stream;

/* A message on a Games' event stream, shared by every stream that sends
 * it; id is the version it brings the reader to, from the one before. */
struct msg {
	atomic_int refs;
	long id, from;
	size_t len;
	char data[];
};

struct chan {
	char code[PD_GAMES_CODE];
	struct msg *ring[RING_MAX];	/* oldest first */
	size_t n;
	struct msg *full;		/* the whole table now */
	struct stream *streams;
};

/* Everything under mu. */
struct hub {
	pthread_mutex_t mu;
	struct chan *ch;
	size_t n, alloc;
	long beat;			/* bumped for each heartbeat */
	int closing;
	size_t nstreams;
};

void hub_init(struct hub *h);
void hub_release(struct hub *h);
/* The builder publishes: full is the whole table, diff the change (NULL
 * if none); both references are taken. */
void hub_publish(struct srv *s, const char *code, struct msg *full,
		 struct msg *diff);
/* Wake every stream to send a heartbeat (how clients that left are
 * found). */
void hub_beat(struct srv *s);
/* End every stream and refuse new ones: the server is stopping. */
void hub_close(struct srv *s);
/* Answer GET /api/games/code/stream with a stream. */
enum MHD_Result stream_open(struct srv *s, struct MHD_Connection *c,
			    struct req *r, const char *code);

#endif
