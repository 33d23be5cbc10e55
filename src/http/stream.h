/* stream.h -- server-sent events: each Games' changes, pushed to every
 * client that keeps GET /api/games/CODE/stream open (stream.c tells how).
 * The messages, streams, channels and the hub they share with the
 * sending threads (sender.c) are in hub.h; its lock order is there.
 */
#ifndef PODIUM_HTTP_STREAM_H
#define PODIUM_HTTP_STREAM_H

#include <pthread.h>
#include <stddef.h>

#include <microhttpd.h>

#include "hub.h"

struct req;
struct srv;

/* 0, or -1 when the sending threads could not start.  At the end of
 * each round a sender takes idle_mu (alone) and broadcasts idle_cv. */
int hub_init(struct hub *h, pthread_mutex_t *idle_mu,
	     pthread_cond_t *idle_cv);
void hub_release(struct hub *h);
/* The streams open now. */
size_t hub_streams(struct hub *h);
/* The builder publishes: full is the whole table, diff the change (NULL
 * if none), more the filtered streams' messages of the same change
 * (MSG_UNIT, MSG_EVENT: hub.h); every reference is taken. */
void hub_publish(struct srv *s, const char *code, struct msg *full,
		 struct msg *diff, struct msg **more, size_t nmore);
/* Wake every stream to send a heartbeat (how clients that left are
 * found). */
void hub_beat(struct srv *s);
/* End every stream and refuse new ones: the server is stopping. */
void hub_close(struct srv *s);
/* Answer GET /api/games/code/stream with a stream. */
enum MHD_Result stream_open(struct srv *s, struct MHD_Connection *c,
			    struct req *r, const char *code);

#endif
