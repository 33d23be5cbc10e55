/* lazy_cache.c -- the lazy cache: each gview keeps the views rendered
 * at its version (at most LAZY_MAX; past that a view is sent once and
 * dropped).  A view read past the snapshot's version (writes landed
 * since it was built) is sent but not kept: it is not that gview's.  The
 * cache's own lock, gview.lazy_mu, is never held while a view renders
 * (snapshot.h).  With the database away, the last snapshot's view of a
 * key is served when it had one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lazy_int.h"
#include "respond.h"
#include "snapshot.h"
#include "srv.h"
#include "view.h"

/* A page's view: HTML, its ETag the version with an "h" (the document
 * of the same version is another body), and the page's rules: nothing
 * loaded from elsewhere, no framing by another site. */
static int view_page(struct view *v, struct pd_buf *b, long version,
		     const char *frame)
{
	char csp[2200];
	char etag[32], *data;
	size_t len;
	int ret;

	/* a screen or the embedded table: the origins of --frame-origin */
	snprintf(csp, sizeof(csp), "default-src 'self'; img-src 'self' data:; "
		 "frame-ancestors %s", frame && *frame ? frame : "'none'");
	snprintf(etag, sizeof(etag), "\"h%ld\"", version);
	if (!(data = pd_buf_detach(b, &len)))
		return PD_ENOMEM;
	if ((ret = view_make(v, data, len, etag, "text/html; charset=utf-8",
			     0)) < 0)
		return ret;
	MHD_add_response_header(v->plain, "Content-Security-Policy", csp);
	MHD_add_response_header(v->gz, "Content-Security-Policy", csp);
	return 0;
}

/* The view for key in g's cache, or NULL. */
const struct view *lazy_cache_find(struct gview *g, const char *key)
{
	const struct view *found = NULL;
	size_t i;

	pthread_mutex_lock(&g->lazy_mu);
	for (i = 0; i < g->nlazy && !found; i++)
		if (!strcmp(g->lazy[i].key, key))
			found = &g->lazy[i].v;
	pthread_mutex_unlock(&g->lazy_mu);
	return found;
}

/* The view for key, rendered on its first request at this version and
 * kept with it.  When the cache is full the view is made in *once, for
 * the caller to release after queueing it.  NULL with *status set and the
 * reason in why when lazy_render fails or answers other than 200.  With the
 * database away, the last snapshot's view of key when it had one: from
 * the gview this one replaced, whose reference is put in *held for the
 * caller to give back (gview_put) once the view is queued. */
const struct view *lazy_get(struct srv *s, struct gview *g,
			    const char *key, int *status, struct view *once,
			    struct gview **held, char *why, size_t whysize)
{
	const struct view *found = NULL;
	struct gview *last;
	struct view v;
	struct pd_buf b;
	long version = g->version;
	size_t i;
	int ret;

	memset(once, 0, sizeof(*once));
	*held = NULL;
	*status = MHD_HTTP_OK;
	if ((found = lazy_cache_find(g, key)))
		return found;
	pd_buf_init(&b, 0);
	if ((ret = lazy_render(s, g, key, &b, status, &version)) < 0 ||
	    *status != MHD_HTTP_OK ||
	    (lazy_is_page(key) ? view_page(&v, &b, version,
					   lazy_is_framable(key) ?
					   s->cfg.frame_ancestors : NULL) :
	     view_make_json(&v, &b, version)) < 0) {
		/* the database away: the last snapshot's, if it had it */
		if (ret == PD_EAWAY && *status == MHD_HTTP_OK &&
		    (last = gview_last(g))) {
			if ((found = lazy_cache_find(last, key))) {
				pd_buf_release(&b);
				*held = last;
				return found;
			}
			gview_put(last);
		}
		/* a render that answers other than 200 says why in b */
		snprintf(why, whysize, "%s", *status != MHD_HTTP_OK ? b.data :
			 ret == PD_EAWAY ? "this view is not built yet and "
			 "the database cannot be reached: try again shortly" :
			 "cannot render the view");
		pd_buf_release(&b);
		/* the database away (a PostgreSQL restart): what was built
		 * is served from the snapshot, and what was not is 503 with
		 * Retry-After, never a 500 -- the client did nothing wrong
		 * and may ask again */
		if (*status == MHD_HTTP_OK)
			*status = ret == PD_EAWAY ?
				  MHD_HTTP_SERVICE_UNAVAILABLE :
				  MHD_HTTP_INTERNAL_SERVER_ERROR;
		return NULL;
	}
	pd_buf_release(&b);
	/* read past the snapshot (writes landed since): right for this
	 * request, labelled so, but not this gview's to keep */
	if (version != g->version) {
		*once = v;
		return once;
	}
	pthread_mutex_lock(&g->lazy_mu);
	for (i = 0; i < g->nlazy && !found; i++)
		if (!strcmp(g->lazy[i].key, key))
			found = &g->lazy[i].v;
	/* past LAZY_MAX (a crawler walking every query) a view is sent once
	 * and dropped, so the cache's memory stays bounded */
	if (!found && g->nlazy < LAZY_MAX &&
	    (g->lazy[g->nlazy].key = strdup(key))) {
		g->lazy[g->nlazy].v = v;
		found = &g->lazy[g->nlazy++].v;
		memset(&v, 0, sizeof(v));
	}
	pthread_mutex_unlock(&g->lazy_mu);
	if (found) {
		view_release(&v);
		return found;
	}
	*once = v;
	return once;
}

