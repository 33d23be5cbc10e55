/* career.h -- an athlete's career across Games, as the API's document
 * (GET /api/athletes/ID) and as a page (/athletes/ID): career.c. */
#ifndef PODIUM_HTTP_CAREER_H
#define PODIUM_HTTP_CAREER_H

#include <microhttpd.h>

struct req;
struct srv;

/* Answer r (its route RV_CAREER or RV_PAGE_CAREER, the athlete in
 * r->rt.athlete): 200, 404 when the store has no such athlete, 503 when
 * the store is away; a page in lang. */
enum MHD_Result career_serve(struct srv *s, struct MHD_Connection *c,
			     struct req *r, const char *lang);

#endif
