/* app.h -- the application layer, src/app: what the two front ends, the
 * CLI (src/cli) and the HTTP server (src/http), both do, written once, so
 * that each front end is an adapter: argv or JSON in, one call here,
 * bytes out.  It uses core, io and the store interface, and never prints.
 *
 *   ops.h     every write an operator makes, and the imports, each one
 *             audited change (ops.c, import.c)
 *   doc.h     the JSON documents both send, and the table caption
 *             (json_stats.c, caption.c, json.c)
 *   report.h  the Games report's text, one string table per language
 *             (report.c)
 *   token.h   making, issuing and checking the write API's tokens
 *             (tokens.c; the token table itself is the store's)
 *
 * A front end may include this header or the one it needs.
 */
#ifndef PODIUM_APP_H
#define PODIUM_APP_H

#include "doc.h"
#include "ops.h"
#include "report.h"
#include "token.h"

#endif
