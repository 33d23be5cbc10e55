/* career.c -- an athlete's career across Games: GET /api/athletes/ID
 * (pd_doc_career) and its page /athletes/ID (page_career).  It reads
 * every Games the athlete took part in, so it belongs to no one Games'
 * lazy cache (each is dropped with its own version): it is made on a
 * render thread for each request (lazy_job_once), on a reader inside one
 * read transaction, and its ETag is the snapshot's stamp (the sum of
 * every Games' version), so a reader who asks again before any Games
 * changed is answered 304 without a body.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/doc.h"
#include "podium/store.h"
#include "career.h"
#include "lazy.h"
#include "pages.h"
#include "render.h"
#include "respond.h"
#include "snapshot.h"
#include "srv.h"
#include "view.h"

/* the key: 'q' (the document) or 'k' (the page), the athlete id, the
 * stamp, and for the page its language last (as lazy_send_fail reads a
 * page's key) */
#define SEP '\x1f'

/* The document of key's athlete on a reader: 0, or the error with d. */
static int read_career(struct srv *s, long id, struct pd_buf *out,
		       struct pd_diag *d)
{
	struct reader *rd = reader_take(s);
	int ret;

	if ((ret = pd_store_begin_read(rd->st, d)) == 0) {
		ret = pd_doc_career(out, rd->st, id, s->cfg.reg, 0, d);
		pd_store_rollback(rd->st);	/* ends the read */
	}
	if (ret == PD_EAWAY)
		log_away(d->msg);
	reader_give(rd);
	return ret;
}

/* The body for a page: the document made into HTML in lang. */
static int as_page(struct pd_buf *b, const char *lang,
		   const struct pd_registry *reg)
{
	json_t *doc = json_loadb(b->data, b->len, 0, NULL);
	int ret;

	if (!doc)
		return PD_ENOMEM;
	pd_buf_reset(b);
	ret = page_career(b, lang, doc, reg);
	json_decref(doc);
	return ret;
}

static const struct view *make(struct srv *s, const char *key, int *status,
			       struct view *once, char *why, size_t whysize)
{
	struct pd_diag d = { "", 0, "" };
	int page = key[0] == 'k', ret;
	const char *lang = strrchr(key, SEP) + 1;
	long id = atol(key + 2), stamp = atol(strchr(key + 2, SEP) + 1);
	char etag[64], *body;
	struct pd_buf b;
	size_t len;

	*status = MHD_HTTP_OK;
	pd_buf_init(&b, 0);
	if ((ret = read_career(s, id, &b, &d)) == 0 && page)
		ret = as_page(&b, lang, s->cfg.reg);
	snprintf(etag, sizeof(etag), "\"%c%ld.%ld%s%s\"", key[0], stamp, id,
		 page ? "." : "", page ? lang : "");
	if (ret == 0 && (body = pd_buf_detach(&b, &len)) &&
	    view_make(once, body, len, etag, page ? "text/html; charset=utf-8"
		      : "application/json; charset=utf-8", !page) == 0) {
		if (page) {
			static const char csp[] = "default-src 'self'; "
				"img-src 'self' data:; frame-ancestors 'none'";

			MHD_add_response_header(once->plain,
						"Content-Security-Policy", csp);
			MHD_add_response_header(once->gz,
						"Content-Security-Policy", csp);
		}
		return once;
	}
	pd_buf_release(&b);
	*status = ret == PD_ENOTFOUND ? MHD_HTTP_NOT_FOUND : ret == PD_EAWAY ?
		  MHD_HTTP_SERVICE_UNAVAILABLE : MHD_HTTP_INTERNAL_SERVER_ERROR;
	snprintf(why, whysize, "%s", ret == PD_ENOTFOUND ? "no such athlete" :
		 ret == PD_EAWAY ? "the store cannot be reached" :
		 "cannot render the view");
	return NULL;
}

enum MHD_Result career_serve(struct srv *s, struct MHD_Connection *c,
			     struct req *r, const char *lang)
{
	struct snap *sn = snap_get(s);
	char key[96];

	if (r->rt.view == RV_PAGE_CAREER)
		snprintf(key, sizeof(key), "k%c%ld%c%ld%c%s", SEP,
			 r->rt.athlete, SEP, sn->stamp, SEP, lang);
	else
		snprintf(key, sizeof(key), "q%c%ld%c%ld%cen", SEP,
			 r->rt.athlete, SEP, sn->stamp, SEP);
	snap_put(sn);
	return lazy_job_once(s, c, r, key, make);
}
