/* lazy.h -- the views of one Games, as GET /api/games/CODE/... names
 * them (lazy.c): the hot standings, and every other view rendered on its
 * first request at a version and kept in the gview's lazy cache. */
#ifndef PODIUM_HTTP_LAZY_H
#define PODIUM_HTTP_LAZY_H

#include <microhttpd.h>

struct gview;
struct req;
struct srv;

/* Answer GET /api/games/CODE/... for g (one that can be served; the
 * view is r->rt's, route.h, and not the stream): the view, or 400/404
 * naming what is wrong, or 500 with why a view could not be rendered. */
enum MHD_Result lazy_serve(struct srv *s, struct MHD_Connection *c,
			   struct req *r, struct gview *g);

/* The site's pages of a Games (pages.h), made and kept as the other
 * lazy views are, params as each names them:
 *   TABLE   source ("" from results), scheme, lang, pinned ("1": the
 *           reader chose the source, "0": the Games' default)
 *   EVENT   event id, lang
 *   NPC     code, source, lang
 *   ATHLETE athlete id, lang
 *   ABOUT   lang
 *   SCHEDULE date ("~DAY": today, DAY, or the first day when it has no
 *           unit), sport, venue, medal, lang
 *   UNIT    results code, lang
 *   SCREEN_UNIT   results code, lang, transparent ("1" or "0")
 *   SCREEN_TABLE  lang, transparent, embed ("1": /embed/games/G)
 * A page that cannot be made is answered as a page saying why. */
enum lazy_page {
	LAZY_PAGE_TABLE, LAZY_PAGE_EVENT, LAZY_PAGE_NPC, LAZY_PAGE_ATHLETE,
	LAZY_PAGE_ABOUT, LAZY_PAGE_SCHEDULE, LAZY_PAGE_UNIT,
	LAZY_SCREEN_UNIT, LAZY_SCREEN_TABLE,
	LAZY_PAGE_MEDALS,
	LAZY_PAGE_RECORDS, LAZY_PAGE_SPORT, LAZY_PAGE_EVENTS
};
enum MHD_Result lazy_page(struct srv *s, struct MHD_Connection *c,
			  struct req *r, struct gview *g, enum lazy_page kind,
			  const char *const *params);

/* (lazy_jobs.c) A view of no one Games (an athlete's career: career.c),
 * made by make() on a render thread and kept in no cache: into once,
 * returned; or NULL with the status and why to answer.  key's first
 * letter says whether it is a page (lazy_is_page: its last field is the
 * language), as a failure is answered. */
struct view;
typedef const struct view *(*lazy_make_fn)(struct srv *s, const char *key,
					   int *status, struct view *once,
					   char *why, size_t whysize);
enum MHD_Result lazy_job_once(struct srv *s, struct MHD_Connection *c,
			      struct req *r, const char *key,
			      lazy_make_fn make);

/* (lazy_jobs.c) A request whose view a render thread made, resumed:
 * answer it. */
enum MHD_Result lazy_resume(struct MHD_Connection *c, struct req *r);
/* Free what a request left waiting (its client gone). */
void lazy_drop(struct req *r);

#endif
