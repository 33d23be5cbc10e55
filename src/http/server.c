/* server.c -- 'podium serve': the HTTP front of the medal table.
 *
 * Design.  One libmicrohttpd daemon in epoll mode with its own threads
 * (one per CPU, up to 4), keep-alive, suspend/resume for event streams.
 * Three kinds of work, kept apart:
 *
 *   reads    never touch the store.  A builder thread (cache.c) polls the
 *            Games' versions every 150 ms through its own connection
 *            (SQLite WAL: it never waits for a writer, and sees writes
 *            from other processes, such as the CLI, just the same), and
 *            on a change renders every hot view once -- the table under
 *            gold and total in en and zh for every source, the events,
 *            the stats, the chart -- into bytes with a gzip copy and an
 *            ETag equal to the Games' version, and swaps an immutable,
 *            reference-counted snapshot in.  A handler takes a reference
 *            (a lock held for a pointer copy), finds the view and queues
 *            its prepared response: a 304, the gzip copy or the bytes.
 *            Rarer views (a sport, top N, points, an event, an NPC) are
 *            rendered on their first request and kept with the version.
 *   streams  (stream.c) are suspended while idle and resumed by the
 *            builder when a change lands; see there.
 *   writes   (write.c) are checked -- token, role, size, JSON -- before
 *            they reach the store, go through the same operations as the
 *            CLI (ops.h: one transaction and one audit entry each, the
 *            token's name as the actor), then wake the builder and wait
 *            until the views show the change, so a client reads its own
 *            write.  They share one side connection under a lock.
 *
 * Shutdown (pd_http_stop): stop accepting, end the streams, wait for the
 * requests in flight, then stop the daemon.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "podium/stats.h"
#include "http_int.h"

#define KEY_SEP '\x1f'
#define CONN_MEMORY (8 * 1024)	/* per connection: 11 KiB RSS an idle stream */
#define CONN_TIMEOUT 30
#define DROP_MAX (1024 * 1024)
#define JSON_TYPE "application/json; charset=utf-8"

double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void add_common_headers(struct MHD_Response *resp, int cors)
{
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	if (cors) {
		MHD_add_response_header(resp, "Access-Control-Allow-Origin",
					"*");
		MHD_add_response_header(resp, "Access-Control-Expose-Headers",
					"ETag");
	}
}

/* Accept-Encoding lists gzip, and not with a q of zero. */
static int wants_gzip(struct MHD_Connection *c)
{
	const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						    "Accept-Encoding");
	const char *p, *q;
	size_t n;

	for (p = v; p && *p; p += n + (p[n] == ',')) {
		p += strspn(p, " \t");
		n = strcspn(p, ",");
		if (strncasecmp(p, "gzip", 4) || (p[4] != ';' && p[4] != ' ' &&
						  p + 4 != p + n))
			continue;
		q = strstr(p, "q=");
		if (!q || q > p + n)
			return 1;
		return strtod(q + 2, NULL) > 0;
	}
	return 0;
}

/* If-None-Match holds etag (weak or strong), or is '*'. */
static int etag_match(struct MHD_Connection *c, const char *etag)
{
	const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						    "If-None-Match");
	size_t n = strlen(etag);
	const char *p;

	if (!v)
		return 0;
	if (!strcmp(v, "*"))
		return 1;
	for (p = v; (p = strstr(p, etag)); p += n)
		if ((p == v || p[-1] == ' ' || p[-1] == ',' || p[-1] == '/') &&
		    (p[n] == '\0' || p[n] == ',' || p[n] == ' '))
			return 1;
	return 0;
}

enum MHD_Result send_view(struct MHD_Connection *c, struct req *r,
			  const struct view *v)
{
	r->answered = 1;
	if (etag_match(c, v->etag)) {
		r->status = MHD_HTTP_NOT_MODIFIED;
		return MHD_queue_response(c, MHD_HTTP_NOT_MODIFIED, v->nm);
	}
	r->status = MHD_HTTP_OK;
	if (wants_gzip(c)) {
		r->bytes = v->zlen;
		return MHD_queue_response(c, MHD_HTTP_OK, v->gz);
	}
	r->bytes = v->len;
	return MHD_queue_response(c, MHD_HTTP_OK, v->plain);
}

enum MHD_Result send_json(struct MHD_Connection *c, struct req *r,
			  int status, char *body, size_t len)
{
	struct MHD_Response *resp;
	enum MHD_Result ok;

	if (!body)
		return MHD_NO;
	resp = MHD_create_response_from_buffer(len, body,
					       MHD_RESPMEM_MUST_FREE);
	if (!resp) {
		free(body);
		return MHD_NO;
	}
	add_common_headers(resp, !r->is_post);
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, JSON_TYPE);
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL,
				"no-store");
	if (status == MHD_HTTP_UNAUTHORIZED)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_WWW_AUTHENTICATE,
					"Bearer realm=\"podium\"");
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW,
					r->allow ? r->allow : "GET, HEAD, "
					"OPTIONS");
	r->status = status;
	r->bytes = len;
	r->answered = 1;
	ok = MHD_queue_response(c, (unsigned)status, resp);
	MHD_destroy_response(resp);
	return ok;
}

enum MHD_Result send_error(struct MHD_Connection *c, struct req *r,
			   int status, const char *msg, const char *field)
{
	size_t len;
	char *body = json_error(msg, field, &len);

	return send_json(c, r, status, body, len);
}

static const char *arg(struct MHD_Connection *c, const char *name)
{
	const char *v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND,
						    name);

	return v && !strchr(v, KEY_SEP) ? v : NULL;
}

/* A whole number from 0 to max; -1 if s is not one. */
static long number(const char *s, long max)
{
	char *end;
	long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	return *end || v > max ? -1 : v;
}

/* The table: ready for gold and total in en and zh; other queries make
 * a lazy key. */
static enum MHD_Result standings(struct MHD_Connection *c, struct req *r,
				 struct gview *g, char *key, size_t size)
{
	struct pd_diag d = { "", 0, "" };
	const char *source = arg(c, "source"), *scheme = arg(c, "scheme");
	const char *lang = arg(c, "lang"), *sport = arg(c, "sport");
	const char *top = arg(c, "top");
	struct pd_scheme sc;
	char sch[64];
	long n = 0;
	size_t i;

	source = source && strcmp(source, "results") ? source : "";
	lang = lang && *lang ? lang : "en";
	sport = sport ? sport : "";
	if (strcmp(lang, "en") && strcmp(lang, "zh"))
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, "lang is en or "
				  "zh", "lang");
	if (pd_scheme_parse(&sc, scheme && *scheme ? scheme : "gold", &d) < 0)
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, d.msg, "scheme");
	if (top && (n = number(top, 100000)) < 1)
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, "top is a whole "
				  "number from 1", "top");
	for (i = 0; i < g->ntables && strcmp(g->tables[i].source, source);
	     i++)
		;
	if (i == g->ntables)
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such source "
				  "for this Games", "source");
	if (g->tables[i].error) {
		char why[600];

		snprintf(why, sizeof(why), "the table %s@%s cannot be served: "
			 "%s", g->info.code, source, g->tables[i].error);
		return send_error(c, r, MHD_HTTP_INTERNAL_SERVER_ERROR, why,
				  NULL);
	}
	if (!*sport && !n && sc.kind != PD_SCHEME_POINTS)
		return send_view(c, r, &g->tables[i].v[sc.kind ==
			PD_SCHEME_TOTAL][!strcmp(lang, "zh")]);
	pd_scheme_format(&sc, sch, sizeof(sch));
	snprintf(key, size, "S%c%s%c%s%c%s%c%s%c%ld", KEY_SEP, source, KEY_SEP,
		 sch, KEY_SEP, lang, KEY_SEP, sport, KEY_SEP, n);
	return MHD_YES;
}

/* The lazy key of path (after /api/games/CODE/), or a response sent. */
static enum MHD_Result lazy_key(struct MHD_Connection *c, struct req *r,
				const char *path, char *key, size_t size)
{
	const char *v;
	long n;

	if (!strncmp(path, "events/", 7)) {
		if ((n = number(path + 7, 1L << 40)) < 1)
			return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such "
					  "event", NULL);
		snprintf(key, size, "E%c%ld", KEY_SEP, n);
	} else if (!strncmp(path, "npcs/", 5) && path[5] &&
		   !strchr(path + 5, '/') && strlen(path + 5) < 8) {
		v = arg(c, "source");
		snprintf(key, size, "N%c%s%c%s", KEY_SEP, path + 5, KEY_SEP,
			 v && strcmp(v, "results") ? v : "");
		for (char *p = key + 2; *p && *p != KEY_SEP; p++)
			*p = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
	} else if (!strcmp(path, "athletes")) {
		v = arg(c, "q");
		if (v && strlen(v) > 200)
			return send_error(c, r, MHD_HTTP_BAD_REQUEST, "q is "
					  "at most 200 bytes", "q");
		snprintf(key, size, "A%c%s", KEY_SEP, v ? v : "");
	} else if (!strcmp(path, "log")) {
		v = arg(c, "since");
		if ((n = v ? number(v, 1L << 40) : 0) < 0)
			return send_error(c, r, MHD_HTTP_BAD_REQUEST, "since "
					  "is a version number", "since");
		snprintf(key, size, "L%c%ld", KEY_SEP, n);
	} else {
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such resource",
				  NULL);
	}
	return MHD_YES;
}

static enum MHD_Result send_lazy(struct srv *s, struct MHD_Connection *c,
				 struct req *r, struct gview *g,
				 const char *key)
{
	struct view once;
	const struct view *v;
	enum MHD_Result ok;
	char why[256];
	int status;

	v = lazy_get(s, g, key, render_lazy, &status, &once, why,
		     sizeof(why));
	if (!v)
		return send_error(c, r, status, why, NULL);
	ok = send_view(c, r, v);
	view_release(&once);
	return ok;
}

/* GET /api/games/CODE/... */
static enum MHD_Result games_get(struct srv *s, struct MHD_Connection *c,
				 struct req *r, struct snap *sn,
				 const char *rest)
{
	const char *slash = strchr(rest, '/');
	char code[16], key[600] = "";
	struct gview *g;
	enum MHD_Result ok;

	if (!slash || slash == rest || (size_t)(slash - rest) >= sizeof(code))
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such resource",
				  NULL);
	snprintf(code, sizeof(code), "%.*s", (int)(slash - rest), rest);
	for (char *p = code; *p; p++)
		*p = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
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
	rest = slash + 1;
	if (!strcmp(rest, "standings"))
		ok = standings(c, r, g, key, sizeof(key));
	else if (!strcmp(rest, "events") || !strcmp(rest, "stats") ||
		 !strcmp(rest, "timeline")) {
		/* rendered on first request at a version, not on every
		 * change: with them built eagerly a write took 65-160 ms
		 * to reach the streams, most of it here */
		snprintf(key, sizeof(key), "%c", rest[0] == 'e' ? 'V' :
			 rest[0] == 's' ? 'T' : 'G');
		ok = MHD_YES;
	}
	else if (!strcmp(rest, "stream"))
		return stream_open(s, c, r, code);
	else
		ok = lazy_key(c, r, rest, key, sizeof(key));
	if (ok == MHD_YES && !r->answered && key[0])
		ok = send_lazy(s, c, r, g, key);
	return ok;
}

static enum MHD_Result get(struct srv *s, struct MHD_Connection *c,
			   struct req *r, const char *url)
{
	const struct view *asset;
	struct snap *sn;
	enum MHD_Result ok;

	if ((asset = asset_find(url)))
		return send_view(c, r, asset);
	if (strncmp(url, "/api/games", 10) || (url[10] && url[10] != '/'))
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such resource",
				  NULL);
	sn = snap_get(s);
	if (!url[10] || !url[11])
		ok = send_view(c, r, &sn->games);
	else
		ok = games_get(s, c, r, sn, url + 11);
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

/* Reads are answered once the whole request is in: answered earlier,
 * MHD could not keep the connection alive. */
static enum MHD_Result dispatch(struct srv *s, struct MHD_Connection *c,
				struct req *r, const char *url,
				const char *method)
{
	int kind;
	long event;
	char games[16];

	if (r->is_post)
		return write_finish(s, c, r, url);
	if (!strcmp(method, "GET") || !strcmp(method, "HEAD")) {
		if (write_route(url, games, sizeof(games), &event, &kind) &&
		    strcmp(url + strlen(url) - 7, "/events")) {
			r->allow = "POST";
			return send_error(c, r, MHD_HTTP_METHOD_NOT_ALLOWED,
					  "this resource takes POST", NULL);
		}
		return get(s, c, r, url);
	}
	if (!strcmp(method, "OPTIONS"))
		return options(c, r);
	r->allow = "GET, HEAD, OPTIONS, POST";
	return send_error(c, r, MHD_HTTP_METHOD_NOT_ALLOWED, "use GET, HEAD, "
			  "OPTIONS or POST", NULL);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c,
			      const char *url, const char *method,
			      const char *version, const char *upload,
			      size_t *upload_size, void **con_cls)
{
	struct srv *s = cls;
	struct req *r = *con_cls;

	if (!r) {
		if (!(r = calloc(1, sizeof(*r))))
			return MHD_NO;
		r->start = now_ms();
		pd_buf_init(&r->body, BODY_MAX);
		snprintf(r->line, sizeof(r->line), "%s %s", method, url);
		*con_cls = r;
		atomic_fetch_add(&s->inflight, 1);
		/* requests begun before the stop finish; later ones are
		 * turned away */
		if (atomic_load(&s->closing))
			return send_error(c, r, MHD_HTTP_SERVICE_UNAVAILABLE,
					  "the server is stopping", NULL);
		/* a write is refused (401, 403, 404, 413) before its body
		 * is read */
		if (!strcmp(method, "POST")) {
			r->is_post = 1;
			return write_begin(s, c, r, url);
		}
		return MHD_YES;
	}
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

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
		      enum MHD_RequestTerminationCode toe)
{
	struct srv *s = cls;
	struct req *r = *con_cls;
	const union MHD_ConnectionInfo *ci;
	char addr[64] = "-";

	if (!r)
		return;
	if (s->cfg.log) {
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
		fprintf(stderr, "%s \"%s\" %d %zu %.1fms%s\n", addr, r->line,
			r->status, r->bytes, now_ms() - r->start,
			toe == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "" :
			" (cut short)");
	}
	pd_buf_release(&r->body);
	free(r->wreply);	/* a parked write whose client left */
	free(r);
	*con_cls = NULL;
	atomic_fetch_sub(&s->inflight, 1);
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
	unsigned n = threads(s->cfg.threads);
	int v6;

	if (parse_bind(s->cfg.bind, s->cfg.port, &ss, &v6) < 0)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "--bind '%s' is not "
				   "an IPv4 or IPv6 address", s->cfg.bind);
	if (v6)
		flags |= MHD_USE_IPv6;
	s->d = MHD_start_daemon(flags, (uint16_t)s->cfg.port, NULL, NULL,
		handle, s,
		MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&ss,
		MHD_OPTION_CONNECTION_LIMIT, raise_fd_limit(),
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)CONN_TIMEOUT,
		MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONN_MEMORY,
		MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned)1024,
		MHD_OPTION_NOTIFY_COMPLETED, completed, s,
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

static void srv_free(struct srv *s)
{
	builder_stop(s);
	snap_put(s->snap);
	hub_release(&s->hub);
	pd_store_close(s->side);
	pthread_mutex_destroy(&s->snap_mu);
	pthread_mutex_destroy(&s->build_mu);
	pthread_mutex_destroy(&s->side_mu);
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
	pthread_cond_init(&s->build_cv, NULL);
	pthread_cond_init(&s->built_cv, NULL);
	hub_init(&s->hub);
	if ((ret = assets_init()) < 0 ||
	    (ret = pd_store_open(&s->side, s->db_path, cfg->reg, diag)) < 0 ||
	    (ret = builder_start(s, diag)) < 0 ||
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
	builder_stop(s);
	MHD_stop_daemon(s->d);
	srv_free(s);
}
