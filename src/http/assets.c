/* assets.c -- the page's script, style and icon (web/) and the API's OpenAPI
 * description (docs/openapi.yaml), built into the binary by tools/embed.c
 * so that 'podium serve' needs no file beside it.  Each asset is a view
 * made once at start, with an ETag from its bytes; the desk's words
 * (desk_words.c) are made then from the catalogue.  The pages themselves
 * are the server's (site.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/error.h"
#include "assets.h"
#include "desk_words.h"
#include "view.h"

extern const unsigned char pd_embed_web_app[], pd_embed_web_style[],
	pd_embed_web_openapi[];
extern const size_t pd_embed_web_app_len, pd_embed_web_style_len,
	pd_embed_web_openapi_len;
/* the operator's desk (web/desk.*) */
extern const unsigned char pd_embed_web_desk[], pd_embed_web_desk_js[],
	pd_embed_web_desk_css[];
extern const size_t pd_embed_web_desk_len, pd_embed_web_desk_js_len,
	pd_embed_web_desk_css_len;
/* the tab's icon (web/favicon.ico: a 32x32 PNG in an ICO) */
extern const unsigned char pd_embed_web_favicon[];
extern const size_t pd_embed_web_favicon_len;
/* <podium-table games="G">: a live table in any page (web/embed.js) */
extern const unsigned char pd_embed_web_embed[];
extern const size_t pd_embed_web_embed_len;

struct asset {
	const char *path;
	const unsigned char *data;
	const size_t *len;
	const char *type;
	struct view v;
};

static struct asset assets[] = {
	{ "/app.js", pd_embed_web_app, &pd_embed_web_app_len,
	  "text/javascript; charset=utf-8", { 0 } },
	{ "/style.css", pd_embed_web_style, &pd_embed_web_style_len,
	  "text/css; charset=utf-8", { 0 } },
	{ "/api/openapi.yaml", pd_embed_web_openapi,
	  &pd_embed_web_openapi_len, "application/yaml; charset=utf-8",
	  { 0 } },
	{ "/desk", pd_embed_web_desk, &pd_embed_web_desk_len,
	  "text/html; charset=utf-8", { 0 } },
	{ "/desk.js", pd_embed_web_desk_js, &pd_embed_web_desk_js_len,
	  "text/javascript; charset=utf-8", { 0 } },
	{ "/desk.css", pd_embed_web_desk_css, &pd_embed_web_desk_css_len,
	  "text/css; charset=utf-8", { 0 } },
	/* no data: made at start by desk_words_json() */
	{ "/desk/words.json", NULL, NULL, "application/json; charset=utf-8",
	  { 0 } },
	/* browsers ask for it on every page: a 404 each time filled the
	 * log and the error counts */
	{ "/favicon.ico", pd_embed_web_favicon, &pd_embed_web_favicon_len,
	  "image/x-icon", { 0 } },
	{ "/embed.js", pd_embed_web_embed, &pd_embed_web_embed_len,
	  "text/javascript; charset=utf-8", { 0 } },
};

#define NASSETS (sizeof(assets) / sizeof(*assets))
#define CSP "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"

static unsigned long long fnv(const unsigned char *p, size_t n)
{
	unsigned long long h = 1469598103934665603ULL;

	while (n--)
		h = (h ^ *p++) * 1099511628211ULL;
	return h;
}

int assets_init(void)
{
	char etag[48], *copy;
	size_t i, n;
	int ret;

	for (i = 0; i < NASSETS; i++) {
		if (assets[i].data) {
			n = *assets[i].len;
			if (!(copy = malloc(n ? n : 1)))
				return PD_ENOMEM;
			memcpy(copy, assets[i].data, n);
		} else if (!(copy = desk_words_json(&n))) {
			return PD_ENOMEM;
		}
		snprintf(etag, sizeof(etag), "\"w%016llx\"",
			 fnv((const unsigned char *)copy, n));
		if ((ret = view_make(&assets[i].v, copy, n, etag,
				     assets[i].type, 0)) < 0)
			return ret;
	}
	/* the page loads nothing from elsewhere, and no other site may
	 * frame it (clickjacking: a write's button under a decoy) */
	for (i = 0; i < NASSETS; i++) {
		if (strncmp(assets[i].type, "text/html", 9))
			continue;
		MHD_add_response_header(assets[i].v.plain,
					"Content-Security-Policy", CSP);
		MHD_add_response_header(assets[i].v.gz,
					"Content-Security-Policy", CSP);
	}
	return 0;
}

void assets_release(void)
{
	size_t i;

	for (i = 0; i < NASSETS; i++)
		view_release(&assets[i].v);
}

const struct view *asset_find(const char *path)
{
	size_t i;

	for (i = 0; i < NASSETS; i++)
		if (!strcmp(assets[i].path, path) && assets[i].v.plain)
			return &assets[i].v;
	return NULL;
}
