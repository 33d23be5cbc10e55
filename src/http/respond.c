/* respond.c -- answering a request (respond.h): a view as the request
 * asks for it (304, gzip, plain), or a JSON body or error made for it.
 * A leaf: it calls no other file of the server. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <stdatomic.h>

#include <jansson.h>

#include "podium/error.h"
#include "podium/msg_made.h"

#include "respond.h"
#include "said.h"
#include "srv.h"
#include "view.h"

#define JSON_TYPE "application/json; charset=utf-8"

double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void deadline(struct timespec *ts, int ms)
{
	clock_gettime(CLOCK_REALTIME, ts);
	ts->tv_sec += ms / 1000;
	ts->tv_nsec += (long)(ms % 1000) * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
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

/* A response of body (taken: freed here on failure), or NULL. */
static struct MHD_Response *body_response(char *body, size_t len)
{
	struct MHD_Response *resp;

	if (!body)
		return NULL;
	if (!(resp = MHD_create_response_from_buffer(len, body,
						     MHD_RESPMEM_MUST_FREE)))
		free(body);
	return resp;
}

/* Queue resp as r's answer with status; it is released here. */
static enum MHD_Result queue(struct MHD_Connection *c, struct req *r,
			     int status, struct MHD_Response *resp,
			     size_t len)
{
	enum MHD_Result ok;

	/* the database is away (or the store moved): a client may try the
	 * same write again, and need not hurry */
	if (status == MHD_HTTP_SERVICE_UNAVAILABLE)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, "2");
	r->status = status;
	r->bytes = len;
	r->answered = 1;
	ok = MHD_queue_response(c, (unsigned)status, resp);
	MHD_destroy_response(resp);
	return ok;
}

enum MHD_Result send_json(struct MHD_Connection *c, struct req *r,
			  int status, char *body, size_t len)
{
	struct MHD_Response *resp = body_response(body, len);

	if (!resp)
		return MHD_NO;
	add_common_headers(resp, !r->is_post);
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, JSON_TYPE);
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL,
				"no-store");
	if (r->close)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION,
					"close");
	if (status == MHD_HTTP_UNAUTHORIZED)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_WWW_AUTHENTICATE,
					"Bearer realm=\"podium\"");
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW,
					r->allow ? r->allow : "GET, HEAD, "
					"OPTIONS");
	return queue(c, r, status, resp, len);
}

enum MHD_Result send_html(struct MHD_Connection *c, struct req *r,
			  int status, char *body, size_t len)
{
	struct MHD_Response *resp = body_response(body, len);

	if (!resp)
		return MHD_NO;
	add_common_headers(resp, 0);
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE,
				"text/html; charset=utf-8");
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL,
				"no-store");
	MHD_add_response_header(resp, "Content-Security-Policy",
				"default-src 'self'; frame-ancestors 'none'");
	return queue(c, r, status, resp, len);
}

/* s as the access log shows it: as nginx does, every byte that is not
 * printable ASCII, and '"' and '\\', becomes \xHH.  MHD hands us the
 * URL decoded, so without this a %0A in a request forged a log line, and
 * a '"' a field. */
void log_escape(char *out, size_t size, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t o = 0;

	for (; *s && o + 5 < size; s++) {
		unsigned char b = (unsigned char)*s;

		if (b < 0x20 || b >= 0x7f || b == '"' || b == '\\') {
			out[o++] = '\\';
			out[o++] = 'x';
			out[o++] = hex[b >> 4];
			out[o++] = hex[b & 15];
		} else {
			out[o++] = (char)b;
		}
	}
	out[o] = '\0';
}

/* Now as the log's lines begin: UTC to the millisecond, 24 bytes. */
void log_time(char *out, size_t size)
{
	struct timespec ts;
	struct tm tm;
	char sec[24];

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(sec, sizeof(sec), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(out, size, "%.19s.%03dZ", sec, (int)(ts.tv_nsec / 1000000));
}

void log_line(const char *fmt, ...)
{
	char msg[1024], line[4 * sizeof(msg)], at[48];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	log_escape(line, sizeof(line), msg);
	log_time(at, sizeof(at));
	fprintf(stderr, "%s podium serve: %s\n", at, line);
}

/* Like views.c's: a string jansson refuses (not UTF-8) becomes null, so
 * an error is always answered. */
static json_t *jstr(const char *s)
{
	json_t *j = json_string(s ? s : "");

	return j ? j : json_null();
}

char *json_error(const char *msg, const char *field, size_t *len)
{
	json_t *doc = json_pack("{s:o}", "error", jstr(msg));
	char *text;

	if (doc && field)
		json_object_set_new(doc, "field", jstr(field));
	text = doc ? json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER) :
		     NULL;
	json_decref(doc);
	*len = text ? strlen(text) : 0;
	return text;
}

enum MHD_Result send_error(struct MHD_Connection *c, struct req *r,
			   int status, const char *msg, const char *field)
{
	char tr[2048];
	size_t len;
	char *body;

	/* in the writer's language, as a write's answer lines are (said.h):
	 * the patterns the CLI says, from the catalogue, else English */
	if (msg)
		msg = pd_msg_made(said_lang(c), msg, tr, sizeof(tr));
	body = json_error(msg, field, &len);

	return send_json(c, r, status, body, len);
}

/* 1 while the database is away (one server in a process) */
static atomic_int away;

void log_away(const char *msg)
{
	if (!atomic_exchange(&away, 1))
		log_line("the database cannot be reached (said once: its "
			 "return is said too): %s", msg && *msg ? msg :
			 "no reason given");
}

void log_back(void)
{
	if (atomic_exchange(&away, 0))
		log_line("the database can be reached again");
}

enum MHD_Result send_store_down(struct MHD_Connection *c, struct req *r,
				int err, const char *msg, const char *what)
{
	char why[256];

	if (err == PD_EAWAY)
		log_away(msg);
	else
		log_line("%s: %s", what, msg && *msg ? msg :
			 pd_strerror(err));
	snprintf(why, sizeof(why), "%s: the database %s; try again shortly",
		 what, err == PD_EAWAY ? "cannot be reached" :
		 "could not answer");
	return send_error(c, r, MHD_HTTP_SERVICE_UNAVAILABLE, why, NULL);
}
