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
/* {"error": msg, "field": field} as compact JSON, malloc'ed, its length
 * in *len; NULL when out of memory. */
char *json_error(const char *msg, const char *field, size_t *len);

#endif
