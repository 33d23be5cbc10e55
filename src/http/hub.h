/* hub.h -- what the event streams (stream.c) and their sending threads
 * (sender.c) both hold: a message, framed once and shared; one client's
 * stream; a Games' channel and its ring of messages; and the hub that
 * holds the channels.  Types only (and the messages' two functions, in
 * views.c where messages are made), so that stream.c, which starts and
 * feeds the senders, and sender.c, which writes the streams, each use
 * this and not the other's file.
 *
 * The builder publishes; the streams' readers, on MHD's threads, copy.
 * Messages are shared by every stream that sends them and
 * reference-counted (atomically: msg_put in views.c, where they are made).
 *
 * Locking: hub.mu guards the channels, their rings and every stream's
 * state.  It may be held while MHD's own locks are taken
 * (MHD_suspend_connection in a reader), never the other way: MHD calls
 * the reader and the free callback without holding its own.  No other
 * lock of the server is taken while hub.mu is held but a sender's own
 * (sender.c: hub.mu -> sender.mu), and hub.mu is never taken while
 * another is (srv.h has the order of all of them).
 */
#ifndef PODIUM_HTTP_HUB_H
#define PODIUM_HTTP_HUB_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#include <microhttpd.h>

#include "podium/model.h"	/* PD_GAMES_CODE */
#include "podium/units.h"	/* PD_RSC_LEN */

struct srv;

#define RING_MAX 128		/* stream messages kept per Games */

struct req;
struct srv;

/* A message on a Games' event stream, shared by every stream that sends
 * it; id is the version it brings the reader to, from the one before.
 * It is kept framed once as an HTTP/1.1 chunk -- the size in hex, CRLF,
 * the text, CRLF -- so that the sending threads (sender.c) write the
 * same bytes to every socket: data[0..hlen) is the chunk's head,
 * data[hlen..hlen+len) the event's text (MSG_TEXT), then CRLF. */
struct msg {
	atomic_int refs;
	long id, from;
	int seq;		/* within its version: 0 the table's change,
				 * 1 the units' and events' (sent after it),
				 * MSG_SEQ_FULL the whole table */
	int tag;		/* MSG_ALL, MSG_UNIT, MSG_EVENT: who sends it */
	char unit[PD_RSC_LEN + 1];	/* MSG_UNIT: its unit's code */
	char event[PD_RSC_LEN + 1];	/* MSG_UNIT, MSG_EVENT: its event's */
	size_t len, hlen;
	char data[];
};

/* Which streams send a message: those with no filter (MSG_ALL: the
 * table's change, then every unit's and event's message of a version in
 * one), those of
 * ?unit=RSC (MSG_UNIT: that unit's message alone) and those of
 * ?event=CODE (MSG_EVENT: that event's unit messages of a version in
 * one).  A version brings an unfiltered stream its table's change (seq
 * 0), then, once read, its units' and events' messages in one (seq 1),
 * and a filtered stream one message at most (seq 1): a stream's place is
 * the version and seq it has sent (stream.last, lastseq). */
enum { MSG_ALL, MSG_UNIT, MSG_EVENT };
#define MSG_SEQ_FULL 0x7fffffff

#define MSG_TEXT(m) ((m)->data + (m)->hlen)
/* a message made of text (len bytes), framed as above, refs 1 */
struct msg *msg_make(long id, long from, const char *text, size_t len);
void msg_put(struct msg *m);

/* One client's stream.  Until it first has nothing to send, MHD sends it
 * (reader() in stream.c fills MHD's chunks); from then on it is "direct":
 * its connection stays suspended in MHD and one of the sending threads
 * writes each message's chunk to its socket itself (sender.c), handing
 * it back to MHD (resumed) only to end it. */
struct stream {
	struct srv *srv;
	struct MHD_Connection *c;
	struct chan *ch;
	struct stream *prev, *next;	/* the channel's, under hub.mu */
	long last;		/* the id of the last message sent */
	int lastseq;		/* and its seq (msg.seq) */
	struct msg *cur;	/* being sent */
	size_t off;		/* of cur: in its text (MHD), or in its
				 * chunk (direct) */
	long beat;
	int suspended, hello;
	/* direct */
	int direct, chunked;	/* chunked: HTTP/1.1 (else raw, HTTP/1.0) */
	int fd;
	size_t chan;		/* its channel's index in hub.ch (fixed:
				 * hub.ch moves, its order does not) */
	int end;		/* 1: ended cleanly, 2: broken (the reader
				 * answers so once resumed) */
	int watched;		/* in the sender's epoll (EPOLLRDHUP) */
	int waiting;		/* and for EPOLLOUT too */
	int gone;		/* its client went away (EPOLLRDHUP) */
	int stuck;		/* heartbeats it has waited so */
	int held;		/* it holds a reference on cur */
	struct stream *snext;	/* the sender's list */
	char funit[PD_RSC_LEN + 1];	/* ?unit=, or "" */
	char fevent[PD_RSC_LEN + 1];	/* ?event=, or "" */
};

/* Does stream st send message m?  (Its filter, above.) */
static inline int msg_for(const struct stream *st, const struct msg *m)
{
	if (st->funit[0])
		return m->tag == MSG_UNIT && !strcmp(m->unit, st->funit);
	if (st->fevent[0])
		return m->tag == MSG_EVENT && !strcmp(m->event, st->fevent);
	return m->tag == MSG_ALL;
}

/* Is m past st's place (version, then seq)? */
static inline int msg_after(const struct stream *st, const struct msg *m)
{
	return m->id > st->last || (m->id == st->last && m->seq > st->lastseq);
}

/* st's next message, of a channel's whole table (full) and its ring of
 * n (oldest first, in version and seq order): the first of the ring
 * after its place, or the whole table when the ring does not reach back
 * to it; NULL when none.  The ring is looked at from its newest end, as
 * far as the stream's place: a stream that is up to date costs a look
 * or two, not 128.  A filtered stream is never sent the table: one that
 * has nothing in the ring is moved up to the table's version, seq 0. */
static inline struct msg *msg_next(struct stream *st, struct msg *full,
				   struct msg *const *ring, size_t n)
{
	int filtered = st->funit[0] || st->fevent[0];
	struct msg *m = NULL;
	size_t i = n;

	if (!full)
		return NULL;
	if (filtered || st->last == full->id) {
		while (i > 0 && msg_after(st, ring[i - 1])) {
			i--;
			if (filtered ? msg_for(st, ring[i]) :
			    ring[i]->tag == MSG_ALL)
				m = ring[i];
		}
		if (!m && filtered && st->last < full->id) {
			st->last = full->id;
			st->lastseq = 0;
		}
		return m;
	}
	/* behind: the oldest change that starts where it is -- a table's
	 * change from its version or before, or the units' message of the
	 * version it is at.  A units' message of a later version is not
	 * one: its table's change (before it in the ring) may have been
	 * pushed out, and a reader would have the rows of a version whose
	 * table it never had. */
	if (st->last > 0 && st->last < full->id)
		for (i = 0; i < n; i++)
			if (ring[i]->tag == MSG_ALL && msg_after(st, ring[i]) &&
			    (ring[i]->seq ? ring[i]->id == st->last :
			     ring[i]->from <= st->last))
				return ring[i];
	return full;
}

struct chan {
	char code[PD_GAMES_CODE];
	struct msg *ring[RING_MAX];	/* oldest first */
	size_t n;
	struct msg *full;		/* the whole table now */
	struct stream *streams;
	size_t nsuspended;		/* of them, suspended in MHD
					 * (not a sender's) */
};

/* Everything under mu, but the senders' own state (sender.c). */
struct hub {
	pthread_mutex_t mu;
	struct chan *ch;
	size_t n, alloc;
	long beat;			/* bumped for each heartbeat */
	struct msg *beat_msg;		/* the heartbeat, framed */
	int closing;
	size_t nstreams;
	struct sender *senders;		/* the sending threads */
	size_t nsenders, next_sender;
	int all_ev;			/* wakes every sender at once
					 * (sender.c) */
	atomic_ulong gen;		/* bumped by each senders_poke() */
	pthread_mutex_t *idle_mu;	/* the builder's build_mu and */
	pthread_cond_t *idle_cv;	/* build_cv: a sender that ends a
					 * round broadcasts it */
};

#endif
