/* sender.c -- the streams' own sending threads.
 *
 * Why not libmicrohttpd: with every stream suspended in MHD while idle,
 * one change meant 10,000 MHD_resume_connection() calls, then each
 * connection's turn in MHD's loop to call its reader, copy the message
 * into its buffer, frame it as a chunk and send it: 186 ms at p99 for
 * 10,000 streams on this machine (bench/fanout.sh, 2026-11-30), where a
 * bare loop writing one pre-framed 600-byte message to 10,000 loopback
 * sockets takes about 65 ms from one thread and 45 ms from two (the
 * floor the performance issue measured).  So once a stream has nothing
 * left to send it stays suspended in MHD, its socket is handed to one of
 * these threads, and each message -- framed once as an HTTP/1.1 chunk
 * when it is made (stream.h) -- is written by them to every socket, a
 * stream's queued messages in one sendmsg().  MHD keeps everything else,
 * and gets the stream back (resumed) only to end it: the client went
 * away, or the server stops.
 *
 * It is safe to write the socket: MHD calls a stream's reader only with
 * its buffer empty (try_ready_chunked_body asserts it, 0.9.75), and a
 * suspended connection is out of MHD's poll set, so while a stream is
 * here MHD neither writes nor reads it.
 *
 * A socket that is full (a slow client) is watched for EPOLLOUT and the
 * rest of its chunk sent when it drains; one that is still full two
 * heartbeats later (30 s), or that fails, is ended as broken.
 *
 * Every socket a sender holds is in its epoll for EPOLLRDHUP, so a
 * client that goes away (its FIN or RST) is seen at once and its stream
 * ended in the same round: found only by the next heartbeat's send, a
 * client opening and closing one stream after another took the server
 * to 19,964 descriptors, every one of a client long gone, and past the
 * limit new connections were refused (issue 27).
 *
 * Locking: a sender's mu guards only its incoming list; it may be taken
 * under hub.mu (sender_adopt), never the other way.  The thread takes
 * hub.mu once a round to copy the channels' messages (look), and
 * chooses and writes without it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "sender.h"
#include "hub.h"

#define STUCK_BEATS 2	/* heartbeats a full socket may stay full */
#define REFRESH 32	/* streams between two looks for a newer version */

/* What a round sends: each channel's messages as they were when the
 * round began, copied (and referenced) under hub.mu in one short hold,
 * so that choosing 5,000 streams' next message takes no lock and no
 * atomic per stream (a reference per stream, on the one cache line of a
 * message both threads share, and the lock held through the choosing,
 * cost 9 ms a round at 10,000 streams). */
struct seen {
	struct msg *full;
	struct msg *ring[RING_MAX];
	size_t n;
};

struct sender {
	pthread_t thread;
	pthread_mutex_t mu;
	struct stream *incoming;	/* under mu */
	struct stream *list;		/* the thread's own */
	int ep, ev;
	struct hub *h;
	int started;
	struct seen *seen;		/* per channel, this round */
	size_t nseen, aseen;
	long beat;
	int closing;
	atomic_ulong done;		/* hub.gen when its last whole round
					 * began */
};

static void poke_fd(int fd)
{
	uint64_t one = 1;

	if (write(fd, &one, sizeof(one)) < 0 && errno != EAGAIN)
		perror("podium serve: a sender's eventfd");
}

static void poke(struct sender *sd)
{
	poke_fd(sd->ev);
}

/* The bytes of message m that st writes, from off on. */
static void chunk(const struct stream *st, const struct msg *m, size_t off,
		  struct iovec *v)
{
	/* HTTP/1.0 has no chunks: the text alone, the end of the stream
	 * being the connection's close */
	if (!st->chunked) {
		v->iov_base = (char *)MSG_TEXT(m) + off;
		v->iov_len = m->len - off;
		return;
	}
	v->iov_base = (char *)m->data + off;
	v->iov_len = m->hlen + m->len + 2 - off;
}

/* Give st back to MHD, ended (st->end set): its reader answers the end,
 * MHD closes the connection and frees the stream.  The last touch of st
 * on this thread. */
static void hand_back(struct sender *sd, struct stream *st)
{
	if (st->watched)
		epoll_ctl(sd->ep, EPOLL_CTL_DEL, st->fd, NULL);
	st->watched = 0;
	st->waiting = 0;
	MHD_resume_connection(st->c);
}

/* Watch st's socket for the client's going (always) and for room to
 * write (out: while a chunk waits). */
static int watch(struct sender *sd, struct stream *st, int out)
{
	struct epoll_event e;

	memset(&e, 0, sizeof(e));
	e.events = EPOLLRDHUP | (out ? EPOLLOUT : 0);
	e.data.ptr = st;
	if (epoll_ctl(sd->ep, st->watched ? EPOLL_CTL_MOD : EPOLL_CTL_ADD,
		      st->fd, &e) < 0)
		return -1;
	st->watched = 1;
	st->waiting = out;
	return 0;
}

static struct msg *next_seen(const struct sender *sd, struct stream *st);

/* st's message (cur, from off) and the messages after it in what the
 * round saw, GATHER at most, as m[] and v[]: their count.  A version
 * brings a stream two messages (hub.h), and a burst of versions more: one
 * send() each made 2,000 calls a round for 500 streams, 36-91 ms a round
 * on this machine (a PVM guest, where a system call is dear), and a
 * version published as a round began waited for all of it and then its
 * own (bench/README.md, the rehearsal's third round); one sendmsg() a
 * stream makes it 500. */
#define GATHER 16

static size_t gather(struct sender *sd, struct stream *st, struct msg **m,
		     struct iovec *v)
{
	long last = st->last;
	int lastseq = st->lastseq;
	size_t n = 1;

	m[0] = st->cur;
	chunk(st, st->cur, st->off, &v[0]);
	if (!st->cur->id)	/* a heartbeat goes alone */
		return 1;
	/* the place is moved on as if each were sent, and put back: what
	 * was written moves it for good (drain) */
	while (n < GATHER) {
		st->last = m[n - 1]->id;
		st->lastseq = m[n - 1]->seq;
		if (!(m[n] = next_seen(sd, st)))
			break;
		chunk(st, m[n], 0, &v[n]);
		n++;
	}
	st->last = last;
	st->lastseq = lastseq;
	return n;
}

/* Write what st has: 0 when it has nothing (left), 2 when it wrote every
 * message it had (the round may hold more for it), 1 when the socket is
 * full, -1 when it failed.  What is cut short by a full socket becomes
 * st's message, from where it was cut. */
static int drain(struct sender *sd, struct stream *st)
{
	struct msg *m[GATHER];
	struct iovec v[GATHER];
	int wrote = 0;

	while (st->cur) {
		struct msghdr h;
		size_t k, nm = gather(sd, st, m, v);
		ssize_t n;

		memset(&h, 0, sizeof(h));
		h.msg_iov = v;
		h.msg_iovlen = nm;
		n = sendmsg(st->fd, &h, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			if (!st->held) {	/* kept past the round */
				atomic_fetch_add(&st->cur->refs, 1);
				st->held = 1;
			}
			if (!st->waiting && watch(sd, st, 1) < 0)
				return -1;
			return 1;
		}
		if (n < 0)
			return -1;
		/* the messages written whole move st's place on */
		for (k = 0; k < nm && (size_t)n >= v[k].iov_len; k++) {
			n -= (ssize_t)v[k].iov_len;
			if (m[k]->id) {	/* not a heartbeat */
				st->last = m[k]->id;
				st->lastseq = m[k]->seq;
			}
		}
		if (k > 0) {	/* the one it had is written */
			if (st->held)
				msg_put(st->cur);
			st->held = 0;
			/* the one cut short, if any: held by the round's copy */
			st->cur = k < nm ? m[k] : NULL;
			st->off = 0;
			wrote = 2;
		}
		st->off += (size_t)n;	/* where the one cut short was cut */
	}
	if (st->waiting && watch(sd, st, 0) < 0)
		return -1;
	return wrote;
}

/* Copy each channel's messages under hub.mu, taking a reference on each
 * (released by forget()). */
static int look(struct sender *sd)
{
	struct hub *h = sd->h;
	size_t i, k;

	pthread_mutex_lock(&h->mu);
	if (h->n > sd->aseen) {
		struct seen *v = realloc(sd->seen, h->n * sizeof(*v));

		if (!v) {
			pthread_mutex_unlock(&h->mu);
			return -1;
		}
		sd->seen = v;
		sd->aseen = h->n;
	}
	sd->nseen = h->n;
	sd->beat = h->beat;
	sd->closing = h->closing;
	for (i = 0; i < h->n; i++) {
		struct seen *c = &sd->seen[i];

		c->full = h->ch[i].full;
		c->n = h->ch[i].n;
		memcpy(c->ring, h->ch[i].ring, c->n * sizeof(*c->ring));
		if (c->full)
			atomic_fetch_add(&c->full->refs, 1);
		for (k = 0; k < c->n; k++)
			atomic_fetch_add(&c->ring[k]->refs, 1);
	}
	pthread_mutex_unlock(&h->mu);
	return 0;
}

static void forget(struct sender *sd)
{
	size_t i, k;

	for (i = 0; i < sd->nseen; i++) {
		msg_put(sd->seen[i].full);
		for (k = 0; k < sd->seen[i].n; k++)
			msg_put(sd->seen[i].ring[k]);
	}
	sd->nseen = 0;
}

/* st's next message in what the round saw (msg_next), or NULL. */
static struct msg *next_seen(const struct sender *sd, struct stream *st)
{
	const struct seen *c;

	if (st->chan >= sd->nseen)
		return NULL;
	c = &sd->seen[st->chan];
	return msg_next(st, c->full, c->ring, c->n);
}

/* Give st, if it has no message, its next one (or a heartbeat), or
 * mark it to end.  A message chosen here is held by the round's copy; a
 * stream that keeps one past the round (its socket was full) takes its
 * own reference (drain). */
static void choose(struct sender *sd, struct stream *st)
{
	if (st->gone) {
		/* the client went away: nothing of it is an error, unless
		 * a chunk was cut short (MHD's last chunk cannot follow) */
		st->end = st->cur && st->off ? 2 : 1;
		return;
	}
	if (sd->closing) {
		/* a chunk cut short cannot be followed by MHD's last
		 * chunk: the connection is broken off */
		st->end = st->cur ? 2 : 1;
		return;
	}
	if (st->cur) {
		/* a full socket: still full heartbeats later? */
		if (st->beat != sd->beat) {
			st->beat = sd->beat;
			if (++st->stuck > STUCK_BEATS)
				st->end = 2;
		}
		return;
	}
	st->stuck = 0;
	st->off = 0;
	st->held = 0;
	if (!(st->cur = next_seen(sd, st)) && st->beat != sd->beat) {
		st->beat = sd->beat;
		st->cur = sd->h->beat_msg;
	}
}

/* The next stream's fields, on their way into the cache while this one's
 * sendmsg() runs: the streams are apart in memory, and walking the list
 * after each one's fields (twice a round, then a round to find nothing
 * left) cost 13% of the sending threads' time at 10,000 streams (perf,
 * bench/fanout.sh: loads in choose and the list walk). */
static void prefetch(const struct stream *st)
{
	if (st) {
		__builtin_prefetch(st);
		__builtin_prefetch((const char *)st + 64);
		__builtin_prefetch((const char *)st + sizeof(*st) - 1);
	}
}

/* One round, one pass over the streams: choose each one's message and
 * write it, then its next while it has one (the ring may hold more than
 * one for it), handing back what ended.  What is published meanwhile
 * pokes the eventfd: the next round sends it.  Returns whether the
 * server is stopping. */
static int round_once(struct sender *sd)
{
	struct stream **pp, *st;
	unsigned long gen = atomic_load(&sd->h->gen);	/* before look() */
	unsigned long seen = gen;
	size_t nst = 0;

	if (look(sd) < 0)
		return 0;	/* no memory: the next poke tries again */
	for (pp = &sd->list; (st = *pp);) {
		int r;

		/* a version published since the round began goes to the
		 * streams still ahead in this round, not only in the next:
		 * between two streams nothing rests on the round's copy (a
		 * message kept past the round holds its own reference) */
		if (!(++nst % REFRESH) && atomic_load(&sd->h->gen) != seen) {
			seen = atomic_load(&sd->h->gen);
			forget(sd);
			if (look(sd) < 0)
				break;	/* the next poke tries again */
		}
		prefetch(st->snext);
		do {
			choose(sd, st);
			r = st->end ? -1 : drain(sd, st);
		} while (r == 2);
		if (r < 0) {
			if (!st->end)
				st->end = 2;
			*pp = st->snext;
			if (st->held)
				msg_put(st->cur);
			st->cur = NULL;
			st->held = 0;
			hand_back(sd, st);
			continue;
		}
		pp = &st->snext;
	}
	forget(sd);
	/* the builder renders the views once the round is over (builder.c) */
	atomic_store(&sd->done, gen);
	if (sd->h->idle_mu) {
		pthread_mutex_lock(sd->h->idle_mu);
		pthread_cond_broadcast(sd->h->idle_cv);
		pthread_mutex_unlock(sd->h->idle_mu);
	}
	return sd->closing;
}

static void *sender_main(void *arg)
{
	struct sender *sd = arg;
	struct epoll_event evs[256];
	uint64_t v;
	int n, i, stop;

	for (;;) {
		n = epoll_wait(sd->ep, evs, 256, -1);
		if (n < 0 && errno != EINTR)
			break;
		/* h->all_ev (data.ptr h) is edge-triggered in every
		 * sender's epoll and never read: a read here would take
		 * the event from a sender yet to look at it */
		for (i = 0; i < n; i++) {
			if (!evs[i].data.ptr &&
			    read(sd->ev, &v, sizeof(v)) < 0 && errno != EAGAIN)
				perror("podium serve: a sender's eventfd");
			/* a stream's socket: its client went away (this
			 * round ends it), or it has room again */
			if (evs[i].data.ptr && evs[i].data.ptr != sd->h &&
			    (evs[i].events & (EPOLLRDHUP | EPOLLHUP |
					      EPOLLERR)))
				((struct stream *)evs[i].data.ptr)->gone = 1;
		}
		pthread_mutex_lock(&sd->mu);
		while (sd->incoming) {
			struct stream *st = sd->incoming;

			sd->incoming = st->snext;
			st->snext = sd->list;
			sd->list = st;
			/* watched from now: a client that goes is seen at
			 * once (one that could not be is ended) */
			if (watch(sd, st, 0) < 0)
				st->gone = 1;
		}
		pthread_mutex_unlock(&sd->mu);
		stop = round_once(sd);
		if (stop && !sd->list) {
			pthread_mutex_lock(&sd->mu);
			stop = !sd->incoming;
			pthread_mutex_unlock(&sd->mu);
			if (stop)
				break;
		}
	}
	return NULL;
}

int senders_start(struct hub *h, size_t n)
{
	struct epoll_event e;
	size_t i;

	/* one write wakes every sender in the same call: one eventfd each,
	 * written one after the other, let the first woken take the CPU
	 * of the poker (the builder) before it wrote the second's, which
	 * then began its 5,000 sockets 0.6 to 2.8 ms after the other
	 * (bench/README.md, bar 2 round four).  Its count only grows: by
	 * one a message or heartbeat, far from 2^64 */
	if ((h->all_ev = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) < 0 ||
	    !(h->senders = calloc(n, sizeof(*h->senders))))
		return -1;
	h->nsenders = n;
	for (i = 0; i < n; i++) {
		h->senders[i].ep = h->senders[i].ev = -1;
		atomic_init(&h->senders[i].done, 0);
	}
	for (i = 0; i < n; i++) {
		struct sender *sd = &h->senders[i];

		sd->h = h;
		sd->ep = epoll_create1(EPOLL_CLOEXEC);
		sd->ev = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
		pthread_mutex_init(&sd->mu, NULL);
		memset(&e, 0, sizeof(e));
		e.events = EPOLLIN;
		e.data.ptr = NULL;
		if (sd->ep < 0 || sd->ev < 0 ||
		    epoll_ctl(sd->ep, EPOLL_CTL_ADD, sd->ev, &e) < 0)
			return -1;
		e.events = EPOLLIN | EPOLLET;
		e.data.ptr = h;
		if (epoll_ctl(sd->ep, EPOLL_CTL_ADD, h->all_ev, &e) < 0 ||
		    pthread_create(&sd->thread, NULL, sender_main, sd) != 0)
			return -1;
		sd->started = 1;
	}
	return 0;
}

void senders_poke(struct hub *h)
{
	atomic_fetch_add(&h->gen, 1);	/* before the wake: see round_once */
	poke_fd(h->all_ev);
}

unsigned long senders_gen(struct hub *h)
{
	return atomic_load(&h->gen);
}

int senders_idle(struct hub *h, unsigned long gen)
{
	size_t i;

	for (i = 0; i < h->nsenders; i++)
		if ((long)(atomic_load(&h->senders[i].done) - gen) < 0)
			return 0;
	return 1;
}

void sender_adopt(struct hub *h, struct stream *st)
{
	struct sender *sd = &h->senders[h->next_sender++ % h->nsenders];
	int on = 1;

	/* each message leaves at once, whatever MHD last set */
	setsockopt(st->fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on));
#ifdef TCP_CORK
	on = 0;
	setsockopt(st->fd, IPPROTO_TCP, TCP_CORK, &on, sizeof(on));
#endif
	st->direct = 1;
	pthread_mutex_lock(&sd->mu);
	st->snext = sd->incoming;
	sd->incoming = st;
	pthread_mutex_unlock(&sd->mu);
	poke(sd);
}

void senders_stop(struct hub *h)
{
	size_t i;

	pthread_mutex_lock(&h->mu);
	h->closing = 1;
	pthread_mutex_unlock(&h->mu);
	for (i = 0; i < h->nsenders; i++) {
		struct sender *sd = &h->senders[i];

		if (sd->started) {
			poke(sd);
			pthread_join(sd->thread, NULL);
		}
		if (sd->ep >= 0)
			close(sd->ep);
		if (sd->ev >= 0)
			close(sd->ev);
		pthread_mutex_destroy(&sd->mu);
		free(sd->seen);
	}
	free(h->senders);
	h->senders = NULL;
	h->nsenders = 0;
	if (h->all_ev >= 0)
		close(h->all_ev);
	h->all_ev = -1;
}
