/* server.c -- 'podium serve': the daemon and request dispatch.
 *
 * One libmicrohttpd daemon in epoll mode with its own threads (one per
 * CPU, up to 4), keep-alive, suspend/resume for event streams and parked
 * writes.  This file starts and stops it and sends each request where it
 * goes; it calls every other file of src/http and none of them calls
 * back (tools/calls.sh checks it).  Three kinds of work, kept apart:
 *
 *   reads    never touch the store.  A builder thread (builder.c) polls
 *            the Games' versions every 150 ms through its own connection
 *            (SQLite WAL: it never waits for a writer, and sees writes
 *            from other processes, such as the CLI, just the same), and
 *            rebuilds only the Games whose version moved (snapshot.c):
 *            the hot views -- each table under gold and total in en and
 *            zh, for the results and every published source -- become
 *            bytes with a gzip copy and an ETag equal to the version
 *            (view.c), in an immutable, reference-counted snapshot that
 *            is swapped in.  A handler takes a reference (a lock held for
 *            a pointer copy), finds the view and queues its prepared
 *            response: a 304, the gzip copy or the bytes (respond.c).
 *            Every other view (the events, the stats, the chart, a sport,
 *            top N, points, an event, an NPC, the log) is rendered on its
 *            first request at a version and kept with it (lazy.c).
 *   streams  (stream.c) are suspended while idle and resumed by the
 *            builder when a change lands; see there.
 *   writes   (write.c) are checked -- token, role, size, JSON -- before
 *            they reach the store, go through the same operations as the
 *            CLI (ops.h: one audited change each, the token's name as
 *            the actor), made by the committer thread (commit.c) with
 *            the writes that come with them in one transaction and one
 *            sync, answered once that commit is durable, and noted with
 *            the builder (builder_commit): a read of that Games on this
 *            node is parked (builder_hold) until the views show it, so a
 *            client reads its own write.  They share one side connection
 *            under a lock.
 *
 * The locks and their order are in srv.h.
 *
 * Shutdown (pd_http_stop): stop accepting, end the streams, wait for the
 * requests in flight, then stop the builder and the daemon.
 */
#include <arpa/inet.h>
#include <malloc.h>
#include <stdarg.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "assets.h"
#include "builder.h"
#include "commit.h"
#include "career.h"
#include "lazy.h"
#include "mhd_load.h"
#include "render.h"
#include "respond.h"
#include "query.h"
#include "route.h"
#include "site.h"
#include "snapshot.h"
#include "srv.h"
#include "stream.h"
#include "write.h"

#define CONN_MEMORY (8 * 1024)	/* per connection: 11 KiB RSS an idle stream */
#define CONN_TIMEOUT 30
#define DROP_MAX (1024 * 1024)
#define HEAD_S 10		/* a request's head must come whole in it */
#define STREAM_RESERVE_MIN 32	/* connections kept from the streams: */
#define STREAM_RESERVE_MAX 512	/* an eighth, within these */

/* A connection whose request head has not all come yet: since the
 * connection opened, or since its last answer (a kept-alive one waiting
 * for the next request).  MHD's CONNECTION_TIMEOUT is an idle timeout,
 * begun again by each byte, so a client sending one byte every 4 s held
 * its connection for ever (3,000 of them, issue 27); nginx's
 * client_header_timeout is the deadline for the whole head, and this is
 * that.  The head thread shuts a late one's socket down, and MHD, seeing
 * it closed, ends the connection as its own (MHD alone closes it: the
 * descriptor stays valid until MHD's CLOSED notice, which unlinks it
 * under head_mu first). */
struct head {
	struct head *prev, *next;
	MHD_socket fd;
	double since;		/* ms, now_ms() */
	int listed, cut;
};

/* GET /api/games/CODE/... */
static enum MHD_Result games_get(struct srv *s, struct MHD_Connection *c,
				 struct req *r, struct snap *sn)
{
	const char *code = r->rt.games;
	struct gview *g;

	if (!r->rt.rest)
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such resource",
				  NULL);
	if (!(g = snap_find(sn, code)))
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such Games",
				  NULL);
	if (g->error) {
		char why[600];

		snprintf(why, sizeof(why), "%s cannot be served: %s", code,
			 g->error);
		return send_error(c, r, MHD_HTTP_SERVICE_UNAVAILABLE, why,
				  NULL);
	}
	if (r->rt.view == RV_STREAM)
		return stream_open(s, c, r, code);
	return lazy_serve(s, c, r, g);
}

static enum MHD_Result get(struct srv *s, struct MHD_Connection *c,
			   struct req *r, const char *url)
{
	const struct view *asset;
	struct snap *sn;
	enum MHD_Result ok;
	const char *bad;
	char why[128];

	if (r->rt.kind == RT_SITE)
		return site_serve(s, c, r);
	if ((bad = query_unknown(c, &r->rt))) {
		query_why(bad, why, sizeof(why));
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, why, bad);
	}
	if ((asset = asset_find(url)))
		return send_view(c, r, asset);
	if (r->rt.kind == RT_CAREER)
		return r->rt.view == RV_CAREER ? career_serve(s, c, r, "en") :
		       send_error(c, r, MHD_HTTP_NOT_FOUND, "no such athlete",
				  NULL);
	if (r->rt.kind != RT_GAMES && r->rt.kind != RT_API)
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such resource",
				  NULL);
	sn = snap_get(s);
	if (r->rt.kind == RT_GAMES)
		ok = send_view(c, r, &sn->games);
	else
		ok = games_get(s, c, r, sn);
	snap_put(sn);
	return ok;
}

/* Reads may come from any origin; writes only from the page itself. */
static enum MHD_Result options(struct MHD_Connection *c, struct req *r)
{
	struct MHD_Response *resp;
	enum MHD_Result ok;

	resp = MHD_create_response_from_buffer(0, NULL,
					       MHD_RESPMEM_PERSISTENT);
	if (!resp)
		return MHD_NO;
	add_common_headers(resp, 1);
	MHD_add_response_header(resp, "Access-Control-Allow-Methods",
				"GET, HEAD, OPTIONS");
	MHD_add_response_header(resp, "Access-Control-Allow-Headers",
				"If-None-Match, Last-Event-ID, "
				"Accept-Encoding");
	MHD_add_response_header(resp, "Access-Control-Max-Age", "86400");
	r->status = MHD_HTTP_NO_CONTENT;
	r->answered = 1;
	ok = MHD_queue_response(c, MHD_HTTP_NO_CONTENT, resp);
	MHD_destroy_response(resp);
	return ok;
}

struct framing {
	const char *length;	/* the first Content-Length */
	int lengths, differ, bad, chunked;
	int hosts;		/* Host headers */
	int spaced;		/* a name with a space or tab in it */
};

static enum MHD_Result framing_header(void *cls, enum MHD_ValueKind kind,
				      const char *key, const char *value)
{
	struct framing *f = cls;

	if (strpbrk(key, " \t"))
		f->spaced = 1;
	if (!strcasecmp(key, MHD_HTTP_HEADER_HOST))
		f->hosts++;
	if (!strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING))
		f->chunked = 1;
	if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH))
		return MHD_YES;
	if (!value || !*value || strspn(value, "0123456789") != strlen(value))
		f->bad = 1;
	if (f->lengths++ && strcmp(f->length, value ? value : ""))
		f->differ = 1;
	if (!f->length)
		f->length = value ? value : "";
	return MHD_YES;
}

/* NULL if the request's head is one podium can frame and route in one
 * way only, else why not (a 400, and the connection is closed after it):
 *
 * - two Content-Length headers that differ, one that is not a number, or
 *   one beside Transfer-Encoding: RFC 9112 (6.3) makes each an error the
 *   connection cannot recover from, since a proxy in front may have
 *   framed the body otherwise -- what follows could be a smuggled
 *   request.  MHD 0.9.75 takes the first length and goes on.
 * - a space or tab in a header's name ("Transfer-Encoding : chunked"):
 *   RFC 9112 (5.1) says a server MUST answer 400, since a proxy may have
 *   read the name without it; MHD kept the space in the name, so the
 *   header was ignored here and honoured by whoever trimmed it.
 * - no Host in an HTTP/1.1 request, or two Host headers: RFC 9112 (3.2)
 *   says 400 to both; a cache keyed on the first and a backend on the
 *   second serve one request as another.  MHD 0.9.75 checks neither
 *   unless told to be pedantic, which refuses more than this. */
static const char *framing_bad(struct MHD_Connection *c, int http11)
{
	struct framing f;

	memset(&f, 0, sizeof(f));
	MHD_get_connection_values(c, MHD_HEADER_KIND, framing_header, &f);
	if (f.differ || f.bad || (f.lengths && f.chunked))
		return "the body's length is given twice, or is not a number";
	if (f.spaced)
		return "a header's name has a space in it (before its colon?)";
	if (f.hosts > 1)
		return "the request has two Host headers";
	if (!f.hosts && http11)
		return "an HTTP/1.1 request needs a Host header";
	return NULL;
}

/* The methods r's url takes, for Allow, or NULL when it names nothing
 * (404 whatever the method).  One answer for every method, so a PUT, a
 * DELETE and a POST to the same read-only resource are told the same. */
static const char *allowed(const struct req *r, const char *url)
{
	const char *allow = route_allowed(&r->rt);

	return allow ? allow : asset_find(url) ? "GET, HEAD, OPTIONS" : NULL;
}

/* 405 with what url takes; 404 when it names nothing. */
static enum MHD_Result not_allowed(struct MHD_Connection *c, struct req *r,
				   const char *url)
{
	if (!(r->allow = allowed(r, url)))
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such resource",
				  NULL);
	return send_error(c, r, MHD_HTTP_METHOD_NOT_ALLOWED,
			  !strstr(r->allow, "GET") ? "this resource takes "
			  "POST" : "this resource is read-only", NULL);
}

/* Reads are answered once the whole request is in: answered earlier,
 * MHD could not keep the connection alive. */
static enum MHD_Result dispatch(struct srv *s, struct MHD_Connection *c,
				struct req *r, const char *url,
				const char *method)
{
	const char *allow;

	if (r->is_post)
		return write_finish(s, c, r, url);
	allow = allowed(r, url);
	if (!strcmp(method, "OPTIONS"))
		/* what names nothing takes nothing: 404, as for GET */
		return allow ? options(c, r) : send_error(c, r,
				MHD_HTTP_NOT_FOUND, "no such resource", NULL);
	if ((!strcmp(method, "GET") || !strcmp(method, "HEAD")) &&
	    (!allow || strstr(allow, "GET")))
		/* held until the views show this node's writes before it */
		return builder_hold(s, c, r) ? MHD_YES :
		       get(s, c, r, url);
	return not_allowed(c, r, url);
}

static void head_link(struct srv *s, struct head *h)
{
	h->since = now_ms();
	h->cut = 0;
	if (h->listed)
		return;
	h->prev = NULL;
	h->next = s->heads;
	if (s->heads)
		s->heads->prev = h;
	s->heads = h;
	h->listed = 1;
}

static void head_unlink(struct srv *s, struct head *h)
{
	if (!h->listed)
		return;
	if (h->prev)
		h->prev->next = h->next;
	else
		s->heads = h->next;
	if (h->next)
		h->next->prev = h->prev;
	h->listed = 0;
}

/* c's head came whole (1), or it is waiting for another (0). */
static void head_came(struct srv *s, struct MHD_Connection *c, int came)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c,
			MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	struct head *h = ci ? ci->socket_context : NULL;

	if (!h)
		return;
	pthread_mutex_lock(&s->head_mu);
	if (came)
		head_unlink(s, h);
	else
		head_link(s, h);
	pthread_mutex_unlock(&s->head_mu);
}

/* What a change's build frees, the next one's takes again: glibc gave
 * it back each time (a thread's arena shrunk with MADV_DONTNEED past
 * the trim threshold, a block of 128 KiB or more unmapped), to be
 * faulted in afresh.  4,000 writes by 8 clients (bench/writes.sh's
 * load) faulted 31,000-40,000 pages; with the thresholds fixed high,
 * 2,200, and 914-989 -> 1,307-1,394 writes/s for 1 MB more RSS.  What
 * is free is still given back: the main arena's every 15 s (builder.c's
 * malloc_trim), the MHD threads' by arena_trim below. */
#define SERVING_MMAP_THRESHOLD (32 << 20)	/* glibc's largest */
#define SERVING_TRIM_THRESHOLD (256 << 20)

static void malloc_for_serving(void)
{
	mallopt(M_MMAP_THRESHOLD, SERVING_MMAP_THRESHOLD);
	mallopt(M_TRIM_THRESHOLD, SERVING_TRIM_THRESHOLD);
}

/* Give back the free top of this thread's malloc arena, now and then.
 * A connection's memory (MHD's 8 KiB pool, most of it) comes from the
 * arena of the MHD thread that accepted it, and freed it goes back to
 * that arena's top, which glibc gives back to the system only when a
 * free of 64 KiB or more lands there (heap_trim), above the trim
 * threshold -- never by the builder's malloc_trim(), which trims the
 * main arena's top alone.  So 20,000 streams come and gone left the
 * server at 74 MB from 11, free in the two MHD threads' arenas
 * (malloc_info: 27-30 MB each, 12 KB in use), for good.  Every
 * ARENA_TRIM_EVERY closes, a block that size is taken and freed on the
 * thread that closed it, with the trim threshold at glibc's default for
 * that free alone (bench/streams.sh).  The threshold stays high between
 * (malloc_for_serving): fixed at 128 KiB for the whole process, it cost
 * every write its builds' pages again (bench/writes.sh, 2,000 writes by
 * 8 clients, in turns: 338-555 writes/s and 1.96-3.03 s of CPU, against
 * 802-1,316 and 1.07-1.66 s high).  Another thread's free in that window
 * trims too, and two probes at once may leave one untrimmed until the
 * next: both harmless. */
#define ARENA_TRIM_EVERY 64
#define ARENA_TRIM_PROBE (80 * 1024)	/* over 64 KiB: heap_trim runs */
#define ARENA_TRIM_KEEP (128 * 1024)	/* glibc's default threshold */

static void arena_trim(void)
{
	static _Thread_local unsigned closes;
	void *volatile p;	/* volatile: the pair is not elided */

	if (++closes % ARENA_TRIM_EVERY)
		return;
	p = malloc(ARENA_TRIM_PROBE);
	mallopt(M_TRIM_THRESHOLD, ARENA_TRIM_KEEP);
	free(p);
	mallopt(M_TRIM_THRESHOLD, SERVING_TRIM_THRESHOLD);
}

static void notify_connection(void *cls, struct MHD_Connection *c,
			      void **ctx, enum MHD_ConnectionNotificationCode
			      code)
{
	struct srv *s = cls;
	struct head *h = *ctx;

	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c,
				MHD_CONNECTION_INFO_CONNECTION_FD);

		/* no memory: no deadline but MHD's idle timeout */
		if (!ci || !(h = calloc(1, sizeof(*h))))
			return;
		h->fd = ci->connect_fd;
		pthread_mutex_lock(&s->head_mu);
		head_link(s, h);
		pthread_mutex_unlock(&s->head_mu);
		*ctx = h;
		return;
	}
	if (h) {
		pthread_mutex_lock(&s->head_mu);
		head_unlink(s, h);
		pthread_mutex_unlock(&s->head_mu);
		free(h);
		*ctx = NULL;
	}
	arena_trim();
}

/* Twice a second: shut down the sockets whose head is late. */
static void *head_main(void *arg)
{
	struct srv *s = arg;
	struct timespec ts;

	pthread_mutex_lock(&s->head_mu);
	while (!s->head_stop) {
		double late = now_ms() - HEAD_S * 1000.0;

		for (struct head *h = s->heads; h; h = h->next)
			if (!h->cut && h->since < late) {
				h->cut = 1;
				shutdown(h->fd, SHUT_RDWR);
			}
		deadline(&ts, 500);
		pthread_cond_timedwait(&s->head_cv, &s->head_mu, &ts);
	}
	pthread_mutex_unlock(&s->head_mu);
	return NULL;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c,
			      const char *url, const char *method,
			      const char *version, const char *upload,
			      size_t *upload_size, void **con_cls)
{
	struct srv *s = cls;
	struct req *r = *con_cls;
	const char *bad;

	if (!r) {
		if (!(r = calloc(1, sizeof(*r))))
			return MHD_NO;
		r->start = now_ms();
		pd_buf_init(&r->body, BODY_MAX);
		snprintf(r->line, sizeof(r->line), "%s %s", method, url);
		r->is_head = !strcmp(method, "HEAD");
		r->http11 = !strcmp(version, MHD_HTTP_VERSION_1_1);
		route_parse(url, &r->rt);	/* the one reading of url */
		*con_cls = r;
		head_came(s, c, 1);	/* the head came in time */
		atomic_fetch_add(&s->inflight, 1);
		/* requests begun before the stop finish; later ones are
		 * turned away */
		if (atomic_load(&s->closing))
			return send_error(c, r, MHD_HTTP_SERVICE_UNAVAILABLE,
					  "the server is stopping", NULL);
		/* answered before the body, and the connection closed
		 * after it: nothing more on it is read */
		if ((bad = framing_bad(c, r->http11))) {
			r->close = 1;
			return send_error(c, r, MHD_HTTP_BAD_REQUEST, bad,
					  NULL);
		}
		/* a NUL in the path (%00): left escaped by unescape() */
		if (strstr(url, "%00")) {
			r->close = 1;
			return send_error(c, r, MHD_HTTP_BAD_REQUEST, "the path "
					  "holds a NUL byte (%00)", NULL);
		}
		/* a write is refused (401, 403, 404, 413) before its body
		 * is read */
		if (!strcmp(method, "POST") || !strcmp(method, "PATCH") ||
		    !strcmp(method, "DELETE")) {
			const char *allow = allowed(r, url);

			if (!allow || !strstr(allow, method))
				return not_allowed(c, r, url);
			r->is_post = 1;
			/* PATCH: results changed field by field (write.c) */
			r->is_patch = !strcmp(method, "PATCH");
			r->is_delete = !strcmp(method, "DELETE");
			return write_begin(s, c, r);
		}
		return MHD_YES;
	}
	if (r->lazy)		/* a view rendered meanwhile: send it */
		return lazy_resume(c, r);
	if (r->wjob)		/* a write the committer made: answer it */
		return write_resumed(s, c, r);
	if (r->waiting) {	/* a parked write, resumed: answer it */
		char *reply = r->wreply;

		r->waiting = 0;
		r->wreply = NULL;
		return send_json(c, r, r->whttp, reply, strlen(reply));
	}
	if (r->answered) {
		*upload_size = 0;	/* refused before the body: drop it */
		return MHD_YES;
	}
	if (*upload_size) {
		if (!r->too_big &&
		    pd_buf_add(&r->body, upload, *upload_size) < 0)
			r->too_big = 1;
		/* a body with no length announced that runs over: MHD can
		 * answer only once it is in, so the rest is dropped -- up to
		 * a point, then the connection is cut */
		if (r->too_big)
			r->dropped += *upload_size;
		*upload_size = 0;
		return r->dropped > DROP_MAX ? MHD_NO : MHD_YES;
	}
	if (r->too_big)
		return send_error(c, r, MHD_HTTP_CONTENT_TOO_LARGE, "the body "
				  "is over 65536 bytes", NULL);
	return dispatch(s, c, r, url, method);
}

/* MHD's own decoding of %XX in the path and the query, but for %00:
 * decoded, a NUL cut the string MHD hands over, so "/desk%00.js" was
 * served as "/desk".  A part that holds one is left as it came, and
 * handle() refuses a path with "%00" in it (a query's value keeps the
 * three characters, which name nothing). */
static size_t unescape(void *cls, struct MHD_Connection *c, char *s)
{
	(void)cls;
	(void)c;
	if (strstr(s, "%00"))
		return strlen(s);
	return MHD_http_unescape(s);
}

/* What MHD says goes to the log with its time, escaped -- but not that a
 * client went away: a closed tab is no error of the server's, and each
 * one said "Failed to send the chunked response body". */
static void mhd_log(void *cls, const char *fm, va_list ap)
{
	static const char *const gone[] = { "reset by peer", "Broken pipe",
		"closed by remote", "forcibly closed", "shut down",
		"closed when reading", "Socket is not connected", NULL };
	char msg[512];
	size_t i, n;

	vsnprintf(msg, sizeof(msg), fm, ap);
	for (i = 0; gone[i]; i++)
		if (strstr(msg, gone[i]))
			return;
	if (!strncmp(msg, "Failed to send", 14) && strstr(msg, "Error: "))
		return;		/* the error is the client's socket */
	/* a stream ended broken off on purpose (sender.c: a client whose
	 * socket stayed full, a chunk cut short by the stop): the only
	 * callback response is a stream's, so this is never a fault */
	if (strstr(msg, "application error generating response"))
		return;
	n = strlen(msg);
	while (n && msg[n - 1] == '\n')
		msg[--n] = '\0';
	log_line("%s", msg);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
		      enum MHD_RequestTerminationCode toe)
{
	struct srv *s = cls;
	struct req *r = *con_cls;
	const union MHD_ConnectionInfo *ci;
	char addr[64] = "-", line[4 * sizeof(r->line)], at[48];

	if (!r)
		return;
	if (s->cfg.log) {
		log_escape(line, sizeof(line), r->line);
		ci = MHD_get_connection_info(c,
			MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		if (ci && ci->client_addr->sa_family == AF_INET)
			inet_ntop(AF_INET, &((struct sockaddr_in *)
				  ci->client_addr)->sin_addr, addr,
				  sizeof(addr));
		else if (ci && ci->client_addr->sa_family == AF_INET6)
			inet_ntop(AF_INET6, &((struct sockaddr_in6 *)
				  ci->client_addr)->sin6_addr, addr,
				  sizeof(addr));
		log_time(at, sizeof(at));
		fprintf(stderr, "%s %s \"%s\" %d %zu %.1fms%s\n", at, addr,
			line,
			r->status, r->bytes, now_ms() - r->start,
			toe == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "" :
			" (cut short)");
	}
	pd_buf_release(&r->body);
	lazy_drop(r);		/* a view whose client left */
	write_drop(r);		/* a write whose client left */
	free(r->wreply);	/* a parked write whose client left */
	free(r);
	*con_cls = NULL;
	/* kept alive: the next request's head has HEAD_S from now (if the
	 * connection closes instead, its CLOSED notice unlinks it) */
	if (toe == MHD_REQUEST_TERMINATED_COMPLETED_OK)
		head_came(s, c, 0);
	atomic_fetch_sub(&s->inflight, 1);
}

/* The streams a server with conns connections takes: an eighth of them
 * (32 to 512) is kept for everything else, so that a page, a write and
 * the store's own files still find a descriptor when the streams are
 * many; past it a stream is 503 with Retry-After.  (512 at most: with
 * 20,000 descriptors, 19,424 streams, and bench/fanout.sh holds 19,000.) */
static size_t stream_cap(unsigned conns)
{
	unsigned keep = conns / 8;

	keep = keep < STREAM_RESERVE_MIN ? STREAM_RESERVE_MIN :
	       keep > STREAM_RESERVE_MAX ? STREAM_RESERVE_MAX : keep;

	return conns > keep ? conns - keep : 1;
}

/* As many descriptors as the system allows: every idle event stream
 * holds one. */
static unsigned raise_fd_limit(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return 1000;
	if (rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > 100064)
		return 100000;
	return rl.rlim_cur > 128 ? (unsigned)rl.rlim_cur - 64 : 64;
}

static int parse_bind(const char *bind, unsigned port,
		      struct sockaddr_storage *ss, int *v6)
{
	struct sockaddr_in *a4 = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)ss;

	memset(ss, 0, sizeof(*ss));
	*v6 = 0;
	if (inet_pton(AF_INET, bind, &a4->sin_addr) == 1) {
		a4->sin_family = AF_INET;
		a4->sin_port = htons((unsigned short)port);
		return 0;
	}
	if (inet_pton(AF_INET6, bind, &a6->sin6_addr) == 1) {
		a6->sin6_family = AF_INET6;
		a6->sin6_port = htons((unsigned short)port);
		*v6 = 1;
		return 0;
	}
	return -1;
}

static unsigned threads(unsigned want)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (want)
		return want > 64 ? 64 : want;
	return n < 1 ? 1 : n > 4 ? 4 : (unsigned)n;
}

static int start_daemon(struct srv *s, struct pd_diag *d)
{
	struct sockaddr_storage ss;
	const union MHD_DaemonInfo *di;
	unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD |
			 MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
	unsigned n = threads(s->cfg.threads), conns = raise_fd_limit();
	int v6;

	s->stream_max = stream_cap(conns);
	if (parse_bind(s->cfg.bind, s->cfg.port, &ss, &v6) < 0)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "--bind '%s' is not "
				   "an IPv4 or IPv6 address", s->cfg.bind);
	if (v6)
		flags |= MHD_USE_IPv6;
	s->d = MHD_start_daemon(flags, (uint16_t)s->cfg.port, NULL, NULL,
		handle, s,
		/* first, or MHD says so on stderr itself */
		MHD_OPTION_EXTERNAL_LOGGER, mhd_log, s,
		MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&ss,
		MHD_OPTION_CONNECTION_LIMIT, conns,
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)CONN_TIMEOUT,
		MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONN_MEMORY,
		MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned)1024,
		MHD_OPTION_NOTIFY_COMPLETED, completed, s,
		MHD_OPTION_UNESCAPE_CALLBACK, unescape, s,
		MHD_OPTION_NOTIFY_CONNECTION, notify_connection, s,
		/* a pool of one is no pool: MHD warns about a size of 0 */
		n > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, n,
		MHD_OPTION_END);
	if (!s->d)
		return pd_diag_set(d, PD_EIO, NULL, 0, "cannot listen on %s "
				   "port %u (in use?)", s->cfg.bind,
				   s->cfg.port);
	di = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
	s->port = di ? di->port : s->cfg.port;
	return 0;
}

/* One reader connection per MHD thread (lazy.c). */
static int open_readers(struct srv *s, struct pd_diag *d)
{
	unsigned n = threads(s->cfg.threads);
	int ret;

	while (s->nreaders < (n < READERS_MAX ? n : READERS_MAX)) {
		struct reader *rd = &s->readers[s->nreaders];

		if ((ret = pd_store_open(&rd->st, s->db_path, NULL, d)) < 0)
			return ret;
		if ((ret = pd_store_cache_limit(rd->st, SERVE_CACHE_KIB,
						d)) < 0) {
			pd_store_close(rd->st);
			return ret;
		}
		pthread_mutex_init(&rd->mu, NULL);
		s->nreaders++;
	}
	return 0;
}

static int head_start(struct srv *s, struct pd_diag *d)
{
	if (pthread_create(&s->head_thread, NULL, head_main, s) != 0)
		return pd_diag_set(d, PD_ENOMEM, NULL, 0, "cannot start the "
				   "thread of the header deadline");
	s->head_started = 1;
	return 0;
}

static void head_stop(struct srv *s)
{
	if (!s->head_started)
		return;
	pthread_mutex_lock(&s->head_mu);
	s->head_stop = 1;
	pthread_cond_signal(&s->head_cv);
	pthread_mutex_unlock(&s->head_mu);
	pthread_join(s->head_thread, NULL);
	s->head_started = 0;
}

static void srv_free(struct srv *s)
{
	head_stop(s);
	commit_stop(s);
	render_stop(s);
	builder_stop(s);
	snap_put(s->snap);
	hub_release(&s->hub);
	pd_op_keep_release(&s->keep);
	pd_store_close(s->side);
	pd_store_close(s->tokens);
	for (size_t i = 0; i < s->nreaders; i++) {
		pd_store_close(s->readers[i].st);
		pthread_mutex_destroy(&s->readers[i].mu);
	}
	pthread_mutex_destroy(&s->snap_mu);
	pthread_mutex_destroy(&s->build_mu);
	pthread_mutex_destroy(&s->side_mu);
	pthread_mutex_destroy(&s->commit_mu);
	pthread_mutex_destroy(&s->token_mu);
	pthread_mutex_destroy(&s->head_mu);
	pthread_cond_destroy(&s->head_cv);
	pthread_cond_destroy(&s->commit_cv);
	pthread_cond_destroy(&s->commit_done_cv);
	pthread_cond_destroy(&s->build_cv);
	pthread_cond_destroy(&s->built_cv);
	assets_release();
	free(s);
}

int pd_http_start(struct pd_http **out, const struct pd_http_config *cfg,
		  struct pd_diag *diag)
{
	struct srv *s;
	struct snap *sn;
	int ret;

	*out = NULL;
	/* first: every MHD_* call is mhd_load.c's, which needs the library */
	if ((ret = pd_mhd_load(diag)) < 0)
		return ret;
	malloc_for_serving();
	if (!(s = calloc(1, sizeof(*s))))
		return PD_ENOMEM;
	s->cfg = *cfg;
	s->cfg.bind = cfg->bind ? cfg->bind : "127.0.0.1";
	snprintf(s->db_path, sizeof(s->db_path), "%s", cfg->db_path);
	snprintf(s->def_ref, sizeof(s->def_ref), "%s",
		 cfg->games ? cfg->games : "");
	s->cfg.db_path = s->db_path;
	pthread_mutex_init(&s->snap_mu, NULL);
	pthread_mutex_init(&s->build_mu, NULL);
	pthread_mutex_init(&s->side_mu, NULL);
	pthread_mutex_init(&s->commit_mu, NULL);
	pthread_mutex_init(&s->token_mu, NULL);
	pthread_mutex_init(&s->head_mu, NULL);
	pthread_cond_init(&s->head_cv, NULL);
	pthread_cond_init(&s->commit_cv, NULL);
	pthread_cond_init(&s->commit_done_cv, NULL);
	pthread_cond_init(&s->build_cv, NULL);
	pthread_cond_init(&s->built_cv, NULL);
	if (hub_init(&s->hub, &s->build_mu, &s->build_cv) < 0) {
		srv_free(s);
		return pd_diag_set(diag, PD_ENOMEM, NULL, 0, "cannot start "
				   "the streams' sending threads");
	}
	if ((ret = assets_init()) < 0 ||
	    (ret = pd_store_open(&s->side, s->db_path, cfg->reg, diag)) < 0 ||
	    (ret = pd_store_cache_limit(s->side, SERVE_CACHE_KIB,
					diag)) < 0 ||
	    (ret = pd_store_open(&s->tokens, s->db_path, NULL, diag)) < 0 ||
	    (ret = pd_store_cache_limit(s->tokens, SERVE_CACHE_KIB,
					diag)) < 0 ||
	    (ret = open_readers(s, diag)) < 0 ||
	    (ret = render_start(s, diag)) < 0 ||
	    (ret = builder_start(s, diag)) < 0 ||
	    (ret = commit_start(s, diag)) < 0 ||
	    (ret = head_start(s, diag)) < 0 ||
	    (ret = start_daemon(s, diag)) < 0) {
		srv_free(s);
		return ret;
	}
	sn = snap_get(s);
	snprintf(s->def, sizeof(s->def), "%s%s%s", sn->def_games,
		 sn->def_source[0] ? "@" : "", sn->def_source);
	snap_put(sn);
	*out = (struct pd_http *)s;
	return 0;
}

void pd_http_log(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	log_line("%s", msg);
}

unsigned pd_http_port(const struct pd_http *h)
{
	return ((const struct srv *)h)->port;
}

const char *pd_http_default(const struct pd_http *h)
{
	return ((const struct srv *)h)->def;
}

void pd_http_stop(struct pd_http *h, int grace_ms)
{
	struct srv *s = (struct srv *)h;
	MHD_socket fd;
	double until = now_ms() + grace_ms;

	atomic_store(&s->closing, 1);
	fd = MHD_quiesce_daemon(s->d);
	if (fd != MHD_INVALID_SOCKET)
		close(fd);
	hub_close(s);
	/* requests in flight finish; streams end at once */
	while (atomic_load(&s->inflight) > 0 && now_ms() < until) {
		struct timespec ts = { 0, 10 * 1000000L };

		nanosleep(&ts, NULL);
	}
	commit_stop(s);		/* makes what is queued: the same */
	render_stop(s);		/* renders what is queued: nothing stays
				 * suspended when the daemon stops */
	builder_stop(s);
	MHD_stop_daemon(s->d);
	srv_free(s);
}
