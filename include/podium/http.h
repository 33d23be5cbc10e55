/* http.h -- 'podium serve': the medal table over HTTP, live.
 *
 * One process serves one store: a JSON read API, a server-sent-events
 * stream per Games, authenticated writes, and the web page, all from the
 * binary (docs/API.md is the contract; docs/internals/http.md says how it
 * works inside).  Reads never compute a table: a builder thread renders
 * every hot view to bytes once per version and swaps them in, and request
 * handlers only send those bytes.  Changes made by other processes on the
 * same database (the CLI) are seen within a poll interval.
 *
 * Ownership: the config is copied where needed; reg must outlive the
 * server.
 */
#ifndef PODIUM_HTTP_H
#define PODIUM_HTTP_H

#include "error.h"
#include "npc.h"

struct pd_http_config {
	const char *db_path;
	const char *bind;	/* an IPv4 or IPv6 address; NULL: 127.0.0.1 */
	unsigned port;		/* 0: any free port (see pd_http_port) */
	const char *games;	/* CODE[@SOURCE] the page shows, or NULL */
	int log;		/* one line per request on stderr */
	unsigned threads;	/* request threads; 0: one per CPU, up to 4 */
	const struct pd_registry *reg;
	/* the origins that may frame the screens and the embedded table
	 * (--frame-origin), as a CSP source list ("https://tv.example
	 * https://news.example"); NULL or "": none.  No other page may be
	 * framed. */
	const char *frame_ancestors;
};

struct pd_http;

/* Open the store, build the first views and start listening.  PD_ESTORE
 * or PD_EIO (address in use ...) with a message in diag on failure. */
int pd_http_start(struct pd_http **out, const struct pd_http_config *cfg,
		  struct pd_diag *diag);
/* The port the server listens on. */
unsigned pd_http_port(const struct pd_http *h);
/* A line of the server's log on stderr, as its own lines are: the time
 * (UTC, to the millisecond), "podium serve: ", the message escaped. */
void pd_http_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* What the page shows by default, e.g. "PG2004@seed". */
const char *pd_http_default(const struct pd_http *h);
/* Stop gracefully: stop accepting, end the event streams, let requests in
 * flight finish (for up to grace_ms), then stop and free everything. */
void pd_http_stop(struct pd_http *h, int grace_ms);

#endif
