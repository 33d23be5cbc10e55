/* stream.c -- server-sent events: each Games' changes, pushed.
 *
 * A stream is an MHD callback response that is suspended whenever it has
 * nothing to send, so an idle stream costs no CPU and only its
 * connection's memory (a few KiB: see docs/internals/http.md).  The
 * builder publishes each change as one message -- the rows of the table
 * that changed, with the new version as the event id -- into the Games'
 * ring of recent messages, and resumes the streams; each stream's reader
 * copies what it has not sent yet.  A client that reconnects with
 * Last-Event-ID gets the messages after that version from the ring, or
 * the whole table when the ring no longer reaches back that far.
 *
 * Locking: hub.mu, and the order it is taken in, are in stream.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "respond.h"
#include "sender.h"
#include "srv.h"
#include "stream.h"
#include "views.h"

#define BEAT ": keep-alive\n\n"
#define HELLO "retry: 2000\n\n"

#define SENDERS 2	/* the floor of bench/fanout.sh: sender.c */

int hub_init(struct hub *h, pthread_mutex_t *idle_mu,
	     pthread_cond_t *idle_cv)
{
	memset(h, 0, sizeof(*h));
	h->all_ev = -1;
	atomic_init(&h->gen, 0);
	h->idle_mu = idle_mu;
	h->idle_cv = idle_cv;
	pthread_mutex_init(&h->mu, NULL);
	if (!(h->beat_msg = msg_make(0, 0, BEAT, strlen(BEAT))))
		return -1;
	return senders_start(h, SENDERS);
}

size_t hub_streams(struct hub *h)
{
	size_t n;

	pthread_mutex_lock(&h->mu);
	n = h->nstreams;
	pthread_mutex_unlock(&h->mu);
	return n;
}

void hub_release(struct hub *h)
{
	size_t i, k;

	senders_stop(h);
	msg_put(h->beat_msg);

	for (i = 0; i < h->n; i++) {
		for (k = 0; k < h->ch[i].n; k++)
			msg_put(h->ch[i].ring[k]);
		msg_put(h->ch[i].full);
	}
	free(h->ch);
	pthread_mutex_destroy(&h->mu);
}

/* Channels are never removed; the array grows under the lock, and a
 * stream's pointer to its channel is moved along when it does. */
static struct chan *chan_find(struct hub *h, const char *code)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		if (!strcmp(h->ch[i].code, code))
			return &h->ch[i];
	return NULL;
}

static struct chan *chan_add(struct hub *h, const char *code)
{
	struct chan *v;
	size_t i;

	if (h->n == h->alloc) {
		size_t na = h->alloc ? h->alloc * 2 : 8;

		if (!(v = realloc(h->ch, na * sizeof(*v))))
			return NULL;
		/* streams point at their channel: move them along */
		for (i = 0; i < h->n; i++)
			for (struct stream *st = v[i].streams; st;
			     st = st->next)
				st->ch = &v[i];
		h->ch = v;
		h->alloc = na;
	}
	v = &h->ch[h->n++];
	memset(v, 0, sizeof(*v));
	snprintf(v->code, sizeof(v->code), "%s", code);
	return v;
}

static void wake(struct stream *st)
{
	if (st->suspended) {
		st->suspended = 0;
		st->ch->nsuspended--;
		MHD_resume_connection(st->c);
	}
}

/* Wake a channel's streams, unlock the hub, and poke the senders.  The
 * resumes happen after the unlock: MHD_resume_connection() signals the
 * daemon once per call, and holding the hub's lock through 10,000 of
 * them kept every stream's reader waiting until the last (the fan-out's
 * p99).  A stream marked awake here cannot suspend again before it is
 * resumed: its reader is not called while it is suspended.  The senders
 * are poked first, and the list is walked only when some stream is
 * suspended in MHD: the senders' streams (nearly all of them, once each
 * has sent its first table) are theirs to write, and walking 10,000
 * streams for none, under hub.mu, held the senders' first look for 2 to
 * 10 ms (bench/README.md, bar 2 round four). */
static void wake_all(struct hub *h, struct chan *ch)
{
	struct MHD_Connection **v = NULL;
	struct stream *st;
	size_t n = 0, a = 0, i, left = ch->nsuspended;

	for (st = ch->streams; st && left; st = st->next) {
		if (!st->suspended)
			continue;
		left--;
		if (n == a) {
			struct MHD_Connection **p;

			a = a ? a * 2 : 256;
			if (!(p = realloc(v, a * sizeof(*v)))) {
				/* no memory: wake them the slow way */
				for (; st; st = st->next)
					wake(st);
				break;
			}
			v = p;
		}
		st->suspended = 0;
		ch->nsuspended--;
		v[n++] = st->c;
	}
	pthread_mutex_unlock(&h->mu);
	senders_poke(h);
	for (i = 0; i < n; i++)
		MHD_resume_connection(v[i]);
	free(v);
}

static void ring_add(struct chan *ch, struct msg *m)
{
	if (ch->n == RING_MAX) {
		msg_put(ch->ring[0]);
		memmove(ch->ring, ch->ring + 1,
			(RING_MAX - 1) * sizeof(*ch->ring));
		ch->n--;
	}
	ch->ring[ch->n++] = m;
}

void hub_publish(struct srv *s, const char *code, struct msg *full,
		 struct msg *diff, struct msg **more, size_t nmore)
{
	struct hub *h = &s->hub;
	struct chan *ch;
	size_t i;

	pthread_mutex_lock(&h->mu);
	if (!(ch = chan_find(h, code)) && !(ch = chan_add(h, code))) {
		pthread_mutex_unlock(&h->mu);
		msg_put(full);
		msg_put(diff);
		for (i = 0; i < nmore; i++)
			msg_put(more[i]);
		return;
	}
	if (full) {
		msg_put(ch->full);
		ch->full = full;
	}
	if (diff)
		ring_add(ch, diff);
	for (i = 0; i < nmore; i++)
		ring_add(ch, more[i]);
	wake_all(h, ch);
}

void hub_beat(struct srv *s)
{
	struct hub *h = &s->hub;
	struct stream *st;
	size_t i;

	pthread_mutex_lock(&h->mu);
	h->beat++;
	for (i = 0; i < h->n; i++)
		for (st = h->ch[i].streams; st; st = st->next)
			wake(st);
	pthread_mutex_unlock(&h->mu);
	senders_poke(h);
}

void hub_close(struct srv *s)
{
	struct hub *h = &s->hub;
	struct stream *st;
	size_t i;

	pthread_mutex_lock(&h->mu);
	h->closing = 1;
	for (i = 0; i < h->n; i++)
		for (st = h->ch[i].streams; st; st = st->next)
			wake(st);
	pthread_mutex_unlock(&h->mu);
	senders_poke(h);
}

static ssize_t copy_out(char *buf, size_t max, const char *data, size_t len,
			size_t *off)
{
	size_t n = len - *off < max ? len - *off : max;

	memcpy(buf, data + *off, n);
	*off += n;
	return (ssize_t)n;
}

static ssize_t reader(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct stream *st = cls;
	struct hub *h = &st->srv->hub;
	ssize_t n = 0;
	size_t off = 0;

	pthread_mutex_lock(&h->mu);
	/* a stream a sender gave back: ended, cleanly or broken off */
	if (st->end) {
		n = st->end == 1 ? MHD_CONTENT_READER_END_OF_STREAM :
		    MHD_CONTENT_READER_END_WITH_ERROR;
		goto cleanup;
	}
	if (h->closing) {
		n = MHD_CONTENT_READER_END_OF_STREAM;
		goto cleanup;
	}
	if (!st->hello) {
		st->hello = 1;
		n = copy_out(buf, max, HELLO, strlen(HELLO), &off);
		goto cleanup;
	}
	if (!st->cur && (st->cur = msg_next(st, st->ch->full, st->ch->ring,
						   st->ch->n))) {
		atomic_fetch_add(&st->cur->refs, 1);
		st->off = 0;
	}
	if (st->cur) {
		n = copy_out(buf, max, MSG_TEXT(st->cur), st->cur->len,
			     &st->off);
		if (st->off == st->cur->len) {
			st->last = st->cur->id;
			st->lastseq = st->cur->seq;
			msg_put(st->cur);
			st->cur = NULL;
		}
	} else if (st->beat != h->beat) {
		st->beat = h->beat;
		n = copy_out(buf, max, BEAT, strlen(BEAT), &off);
	} else if (st->fd >= 0 && h->nsenders) {
		/* nothing to send: MHD's buffer is empty (it calls us only
		 * then), so from now on a sending thread writes the socket
		 * and MHD keeps the connection suspended (sender.c) */
		MHD_suspend_connection(st->c);
		sender_adopt(h, st);
	} else {
		/* nothing to send: sleep until the builder wakes us */
		st->suspended = 1;
		st->ch->nsuspended++;
		MHD_suspend_connection(st->c);
	}
cleanup:
	pthread_mutex_unlock(&h->mu);
	return n;
}

static void stream_free(void *cls)
{
	struct stream *st = cls;
	struct hub *h = &st->srv->hub;

	pthread_mutex_lock(&h->mu);
	if (st->prev)
		st->prev->next = st->next;
	else
		st->ch->streams = st->next;
	if (st->next)
		st->next->prev = st->prev;
	h->nstreams--;
	if (st->suspended)	/* the daemon stopping */
		st->ch->nsuspended--;
	pthread_mutex_unlock(&h->mu);
	msg_put(st->cur);
	free(st);
}

/* Last-Event-ID, or ?lastEventId= for clients that cannot set it; 0 if
 * none or not a number. */
static long last_id(struct MHD_Connection *c)
{
	const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						    "Last-Event-ID");
	char *end;
	long n;

	if (!v)
		v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND,
						"lastEventId");
	if (!v || !*v)
		return 0;
	n = strtol(v, &end, 10);
	return *end || n < 0 ? 0 : n;
}

/* A unit's or an event's code: capitals, digits and '-', 1 to
 * PD_RSC_LEN of them (ODF's RSC, or a numeric event id). */
static int code_ok(const char *v)
{
	size_t n = strlen(v);

	return n > 0 && n <= PD_RSC_LEN &&
	       strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") == n;
}

struct filt {
	struct stream *st;
	char why[160];
};

/* One query parameter of a stream: lastEventId, unit or event. */
static enum MHD_Result filt_arg(void *cls, enum MHD_ValueKind kind,
				const char *key, const char *value)
{
	struct filt *f = cls;
	char *to = NULL;

	(void)kind;
	/* route.c's table has refused any other parameter (query.c) */
	if (!strcmp(key, "unit"))
		to = f->st->funit;
	else if (!strcmp(key, "event"))
		to = f->st->fevent;
	if (!to)
		return MHD_YES;
	if (!value || !code_ok(value) || f->st->funit[0] ||
	    f->st->fevent[0]) {
		snprintf(f->why, sizeof(f->why), "%s: %s", key,
			 f->st->funit[0] || f->st->fevent[0] ?
			 "one of unit and event, once" :
			 "a unit's code (RSC) or an event's, in capitals, "
			 "digits and '-', at most 34");
		return MHD_NO;
	}
	snprintf(to, PD_RSC_LEN + 1, "%s", value);
	return MHD_YES;
}

static void stream_headers(struct MHD_Response *resp)
{
	add_common_headers(resp, 1);
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE,
				"text/event-stream; charset=utf-8");
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL,
				"no-cache");
	MHD_add_response_header(resp, "X-Accel-Buffering", "no");
}

enum MHD_Result stream_open(struct srv *s, struct MHD_Connection *c,
			    struct req *r, const char *code)
{
	struct hub *h = &s->hub;
	struct MHD_Response *resp;
	struct stream *st;
	struct chan *ch;
	enum MHD_Result ok;

	/* HEAD gets the stream's headers and no body: a callback response
	 * would be sent chunked all the same (MHD 0.9.75), and its chunks
	 * read as the start of the next response on a kept-alive
	 * connection.  Nothing is registered, so nothing is left open. */
	if (r->is_head) {
		if (!(resp = MHD_create_response_from_buffer(0, NULL,
				MHD_RESPMEM_PERSISTENT)))
			return MHD_NO;
		stream_headers(resp);
		r->status = MHD_HTTP_OK;
		r->answered = 1;
		ok = MHD_queue_response(c, MHD_HTTP_OK, resp);
		MHD_destroy_response(resp);
		return ok;
	}
	if (!(st = calloc(1, sizeof(*st))))
		return send_error(c, r, MHD_HTTP_INTERNAL_SERVER_ERROR,
				  "out of memory", NULL);
	st->srv = s;
	st->c = c;
	{
		struct filt f = { st, "" };

		MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, filt_arg,
					  &f);
		if (f.why[0]) {
			free(st);
			return send_error(c, r, MHD_HTTP_BAD_REQUEST, f.why,
					  NULL);
		}
	}
	st->last = last_id(c);
	st->chunked = r->http11;
	{
		const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c,
				MHD_CONNECTION_INFO_CONNECTION_FD);

		st->fd = ci ? ci->connect_fd : -1;
	}
	pthread_mutex_lock(&h->mu);
	ch = chan_find(h, code);
	if (!ch || h->closing) {
		pthread_mutex_unlock(&h->mu);
		free(st);
		return ch ? send_error(c, r, MHD_HTTP_SERVICE_UNAVAILABLE,
				       "the server is stopping", NULL) :
			    send_error(c, r, MHD_HTTP_NOT_FOUND, "no such "
				       "Games", NULL);
	}
	/* every stream holds a descriptor: past the cap the rest (pages,
	 * writes, the store's files) would find none */
	if (s->stream_max && h->nstreams >= s->stream_max) {
		pthread_mutex_unlock(&h->mu);
		free(st);
		return send_error(c, r, MHD_HTTP_SERVICE_UNAVAILABLE, "too "
				  "many streams are open on this server: try "
				  "again shortly", NULL);
	}
	st->ch = ch;
	st->chan = (size_t)(ch - h->ch);
	/* a filtered stream begins now (or at its Last-Event-ID) */
	if ((st->funit[0] || st->fevent[0]) && !st->last && ch->full)
		st->last = ch->full->id;	/* lastseq 0: what comes of it */
	else if (st->last)
		st->lastseq = MSG_SEQ_FULL;	/* all of it was had */
	st->beat = h->beat;
	st->next = ch->streams;
	if (ch->streams)
		ch->streams->prev = st;
	ch->streams = st;
	h->nstreams++;
	pthread_mutex_unlock(&h->mu);
	resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 1024,
						 reader, st, stream_free);
	if (!resp) {
		stream_free(st);
		return MHD_NO;
	}
	stream_headers(resp);
	/* a stream is idle by design: no timeout, the heartbeat finds the
	 * clients that went away */
	MHD_set_connection_option(c, MHD_CONNECTION_OPTION_TIMEOUT, 0);
	r->is_stream = 1;
	r->status = MHD_HTTP_OK;
	ok = MHD_queue_response(c, MHD_HTTP_OK, resp);
	MHD_destroy_response(resp);
	return ok;
}
