/* respond.h -- answering a request: queue a view (304, gzip or plain as
 * the request asks), or a JSON body made for it, and fill the request's
 * status and size for the log.  Every response carries the common
 * headers, made in one place.
 */
#ifndef PODIUM_HTTP_RESPOND_H
#define PODIUM_HTTP_RESPOND_H

#include <stddef.h>

#include <microhttpd.h>

struct req;
struct view;

/* The headers every response of the server carries.  Inline here, and
 * not in respond.c, because view.c needs them and must call no other
 * file of the server (views are the leaf everything is built on). */
static inline void add_common_headers(struct MHD_Response *resp, int cors)
{
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	if (cors) {
		MHD_add_response_header(resp, "Access-Control-Allow-Origin",
					"*");
		MHD_add_response_header(resp, "Access-Control-Expose-Headers",
					"ETag");
	}
}

/* The server's log, on stderr: each line begins with the time (UTC, to
 * the millisecond: log_time), and what it quotes is escaped as nginx
 * does (log_escape: every byte that is not printable ASCII, and '"' and
 * '\\', as \xHH), so that no request can forge a line or a field. */
void log_time(char *out, size_t size);
void log_escape(char *out, size_t size, const char *s);
/* "TIME podium serve: MESSAGE" */
void log_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The database's outages, each said in the log twice: once when it
 * begins (log_away, with the store's words: the first of the reads,
 * writes and polls that found it gone) and once when it ends (log_back,
 * called by the builder after each poll that read the store).  Every
 * failure between is said by none: one line a refused write and one
 * every 150 ms from the builder's poll were 87 lines in a 10 s
 * outage. */
void log_away(const char *msg);
void log_back(void);

/* Milliseconds on the monotonic clock. */
double now_ms(void);
/* ts = ms from now on CLOCK_REALTIME, a pthread_cond_timedwait's clock */
struct timespec;
void deadline(struct timespec *ts, int ms);

/* Queue v: its 304 if If-None-Match has its ETag, else its gzip copy if
 * Accept-Encoding allows, else its bytes. */
enum MHD_Result send_view(struct MHD_Connection *c, struct req *r,
			  const struct view *v);
/* Queue body[0..len) as JSON with status (takes ownership of body; a
 * NULL body is MHD_NO, which closes the connection). */
enum MHD_Result send_json(struct MHD_Connection *c, struct req *r,
			  int status, char *body, size_t len);
/* The same for an HTML page (a page saying what went wrong). */
enum MHD_Result send_html(struct MHD_Connection *c, struct req *r,
			  int status, char *body, size_t len);
/* Queue {"error": msg, "field": field} (field left out when NULL). */
enum MHD_Result send_error(struct MHD_Connection *c, struct req *r,
			   int status, const char *msg, const char *field);
/* 503 with Retry-After: the store could not answer what the request
 * needs (err, diag's msg: the reason for the log, not the client -- a
 * socket path or a host is the operator's business).  what says what
 * could not be done ("the token cannot be checked"). */
enum MHD_Result send_store_down(struct MHD_Connection *c, struct req *r,
				int err, const char *msg, const char *what);
/* {"error": msg, "field": field} as compact JSON, malloc'ed, its length
 * in *len; NULL when out of memory. */
char *json_error(const char *msg, const char *field, size_t *len);

#endif
