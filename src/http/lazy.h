/* lazy.h -- the views of one Games, as GET /api/games/CODE/... names
 * them (lazy.c): the hot standings, and every other view rendered on its
 * first request at a version and kept in the gview's lazy cache. */
#ifndef PODIUM_HTTP_LAZY_H
#define PODIUM_HTTP_LAZY_H

#include <microhttpd.h>

struct gview;
struct req;
struct srv;

/* Answer GET /api/games/CODE/path for g (one that can be served; path
 * is what follows CODE/, and not "stream"): the view, or 400/404 naming
 * what is wrong, or 500 with why a view could not be rendered. */
enum MHD_Result lazy_serve(struct srv *s, struct MHD_Connection *c,
			   struct req *r, struct gview *g, const char *path);

/* A request whose view a render thread made, resumed: answer it. */
enum MHD_Result lazy_resume(struct MHD_Connection *c, struct req *r);
/* Free what a request left waiting (its client gone). */
void lazy_drop(struct req *r);

#endif
