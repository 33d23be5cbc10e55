/* query.h -- the query of a GET against what its address takes
 * (route_takes, route.c): a parameter the address does not take is a 400
 * naming it, on every address, rather than a silent 200 that ignored
 * it. */
#ifndef PODIUM_HTTP_QUERY_H
#define PODIUM_HTTP_QUERY_H

#include <stddef.h>

#include <microhttpd.h>

#include "route.h"

/* The first parameter of c's query that rt does not take, or NULL when
 * it takes them all (or names no view: its 404 comes first). */
const char *query_unknown(struct MHD_Connection *c, const struct route *rt);

/* Why such a parameter is refused, into why. */
int query_why(const char *name, char *why, size_t size);

#endif
