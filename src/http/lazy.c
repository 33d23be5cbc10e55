/* lazy.c -- the lazy views' entry (lazy.h): every view of a Games but
 * its hot tables is rendered on its first request at a version and kept
 * with it (the views themselves: lazy_views.c).  A request's view
 * becomes a key (lazy_keys.c), which is sent from the gview's cache
 * (lazy_cache.c), queued for a render thread (lazy_jobs.c), or rendered
 * here when there is none (lazy_render.c); the admin's log, which no
 * cache may hold, is rendered for each request.  lazy_int.h is what these
 * files share.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lazy.h"
#include "lazy_int.h"
#include "render.h"
#include "respond.h"
#include "snapshot.h"
#include "srv.h"
#include "view.h"

static enum MHD_Result send_lazy(struct srv *s, struct MHD_Connection *c,
				 struct req *r, struct gview *g,
				 const char *key)
{
	struct gview *held;
	struct view once;
	const struct view *v;
	enum MHD_Result ok;
	char why[256];
	int status;

	/* the log as stored, for an admin: never kept or cached (a shared
	 * cache would hand it to the next reader of the same URL) */
	if (key[0] == lazy_routes[ROUTE_LOG].letter &&
	    !strcmp(strrchr(key, KEY_SEP) + 1, "1")) {
		struct pd_buf b;
		size_t len;
		char *body;

		status = MHD_HTTP_OK;
		pd_buf_init(&b, 0);
		long version;

		int ret = lazy_render(s, g, key, &b, &status, &version);

		if (ret < 0 || status != MHD_HTTP_OK) {
			if (ret == PD_EAWAY && status == MHD_HTTP_OK) {
				pd_buf_release(&b);
				return send_store_down(c, r, ret, NULL, "the "
						       "log cannot be read");
			}
			ok = send_error(c, r, status == MHD_HTTP_OK ?
					MHD_HTTP_INTERNAL_SERVER_ERROR : status,
					status == MHD_HTTP_OK ? "cannot render "
					"the view" : b.data, NULL);
			pd_buf_release(&b);
			return ok;
		}
		body = pd_buf_detach(&b, &len);
		return send_json(c, r, MHD_HTTP_OK, body, len);
	}
	if ((v = lazy_cache_find(g, key)))
		return send_view(c, r, v);
	if (render_threads(s))
		return lazy_job_queue(s, c, r, g, key);
	v = lazy_get(s, g, key, &status, &once, &held, why, sizeof(why));
	if (!v)
		return lazy_send_fail(c, r, key, status, why);
	ok = send_view(c, r, v);
	view_release(&once);
	gview_put(held);
	return ok;
}

enum MHD_Result lazy_page(struct srv *s, struct MHD_Connection *c,
			  struct req *r, struct gview *g, enum lazy_page kind,
			  const char *const *params)
{
	static const enum lazy_route of[] = {
		[LAZY_PAGE_TABLE] = ROUTE_PAGE_TABLE,
		[LAZY_PAGE_EVENT] = ROUTE_PAGE_EVENT,
		[LAZY_PAGE_NPC] = ROUTE_PAGE_NPC,
		[LAZY_PAGE_ATHLETE] = ROUTE_PAGE_ATHLETE,
		[LAZY_PAGE_ABOUT] = ROUTE_PAGE_ABOUT,
		[LAZY_PAGE_SCHEDULE] = ROUTE_PAGE_SCHEDULE,
		[LAZY_PAGE_UNIT] = ROUTE_PAGE_UNIT,
		[LAZY_SCREEN_UNIT] = ROUTE_SCREEN_UNIT,
		[LAZY_SCREEN_TABLE] = ROUTE_SCREEN_TABLE,
		[LAZY_PAGE_MEDALS] = ROUTE_PAGE_MEDALS,
		[LAZY_PAGE_RECORDS] = ROUTE_PAGE_RECORDS,
		[LAZY_PAGE_SPORT] = ROUTE_PAGE_SPORT,
		[LAZY_PAGE_EVENTS] = ROUTE_PAGE_EVENTS,
	};
	char key[KEY_MAX] = "";
	enum MHD_Result ok;

	ok = lazy_key_make(c, r, key, sizeof(key), of[kind], params);
	if (ok == MHD_YES && !r->answered && key[0])
		ok = send_lazy(s, c, r, g, key);
	return ok;
}

enum MHD_Result lazy_serve(struct srv *s, struct MHD_Connection *c,
			   struct req *r, struct gview *g)
{
	char key[KEY_MAX] = "";
	enum MHD_Result ok;

	if (r->rt.view == RV_STANDINGS)
		ok = lazy_standings_key(c, r, g, key, sizeof(key));
	else
		ok = lazy_key(s, c, r, key, sizeof(key));
	if (ok == MHD_YES && !r->answered && key[0])
		ok = send_lazy(s, c, r, g, key);
	return ok;
}
