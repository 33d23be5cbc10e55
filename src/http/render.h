/* render.h -- work too slow for an MHD thread, and the connections it
 * reads with: the render threads and the reader connections.
 *
 * An MHD thread serves the requests of its connections one after
 * another, so a view that takes milliseconds to make holds up every
 * request behind it on that thread -- writes included.  Such work is a
 * task: its request is suspended, a render thread runs it and resumes
 * the request, whose handler then answers from what the task left.
 *
 * A reader is a store connection for reads alone (never the writes' side
 * connection), each under its own lock; server.c opens one per MHD
 * thread.  Nothing here calls another file of the server: a task's work
 * is its run() (lazy.c's renders), so the calls stay without a circle.
 */
#ifndef PODIUM_HTTP_RENDER_H
#define PODIUM_HTTP_RENDER_H

#include <microhttpd.h>

struct pd_diag;
struct srv;

/* One piece of work; the caller embeds it first in its own struct. */
struct task {
	void (*run)(struct task *t);	/* on a render thread */
	struct MHD_Connection *c;	/* resumed once run() returns */
	struct task *next;		/* the queue's, under srv.task_mu */
};

/* Start the render threads: one with up to 3 CPUs, else half of them, so
 * that rendering never takes every CPU from the writes and the builder. */
int render_start(struct srv *s, struct pd_diag *d);
/* Run what is queued, then stop the threads (nothing stays suspended);
 * may be called again. */
void render_stop(struct srv *s);
/* How many render threads run: 0 before the start and after the stop. */
size_t render_threads(const struct srv *s);
/* Suspend t->c and queue t; called from the request's handler.  After
 * run() the task belongs to the request again (t is not touched). */
void render_queue(struct srv *s, struct task *t);

/* A free reader, or (every one busy) the first, waited for; give it back
 * with reader_give(). */
struct reader *reader_take(struct srv *s);
void reader_give(struct reader *rd);

#endif
