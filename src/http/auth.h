/* auth.h -- the one authorisation of the server (auth.c): a request's
 * bearer token checked, for every write and every read that needs one
 * (the admin's log). */
#ifndef PODIUM_HTTP_AUTH_H
#define PODIUM_HTTP_AUTH_H

#include <microhttpd.h>

struct req;
struct srv;

/* Check the token of c's request against need (enum pd_role: the least
 * role it must hold).  1: it does; its role and name are in r->role and
 * r->actor.  0: the request carries no Authorization and optional is
 * set (a read shown as the public sees it).  -1: answered --
 *   401  no token (and not optional), not a bearer token, or a token
 *        revoked or never made;
 *   403  its role is below need;
 *   503  with Retry-After: the store could not check it (the store's
 *        trouble, never the client's; a write is told nothing was
 *        written). */
int auth_check(struct srv *s, struct MHD_Connection *c, struct req *r,
	       int need, int optional);

#endif
