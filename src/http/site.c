/* site.c -- the public site's addresses: which page a URL names and with
 * what (site.h).  The pages themselves are lazy views (lazy_page), made
 * from the API's documents by pages.c; this file only reads the URL and
 * its query, and answers the list of every Games itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/model.h"
#include "podium/standings.h"
#include "lazy.h"
#include "pages.h"
#include "respond.h"
#include "site.h"
#include "snapshot.h"
#include "srv.h"
#include "view.h"
#include "views.h"

static const char *arg(struct MHD_Connection *c, const char *name)
{
	return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
}

int site_route(const char *url)
{
	return !strcmp(url, "/") || !strcmp(url, "/index.html") ||
	       !strcmp(url, "/games") || !strncmp(url, "/games/", 7);
}

static enum MHD_Result fail(struct MHD_Connection *c, struct req *r,
			    const char *lang, int status, const char *why)
{
	struct pd_buf b;
	size_t len;
	char *body;

	pd_buf_init(&b, 0);
	if (page_error(&b, lang, status, why) < 0 ||
	    !(body = pd_buf_detach(&b, &len))) {
		pd_buf_release(&b);
		return send_error(c, r, status, why, NULL);
	}
	return send_html(c, r, status, body, len);
}

/* GET /games: every Games, made from GET /api/games of this snapshot,
 * with that document's ETag (and the language): small enough to make
 * per request, and still answered 304 while no Games moved. */
static enum MHD_Result games_list(struct srv *s, struct MHD_Connection *c,
				  struct req *r, struct snap *sn,
				  const char *lang)
{
	static const char csp[] = "default-src 'self'; frame-ancestors 'none'";
	struct pd_buf b;
	json_t *doc = NULL;
	struct view v;
	enum MHD_Result ok;
	char etag[64];
	size_t len;
	char *body;
	int ret;

	pd_buf_init(&b, 0);
	if ((ret = render_games(&b, sn, s->cfg.reg)) == 0 &&
	    (doc = json_loadb(b.data, b.len, 0, NULL))) {
		pd_buf_reset(&b);
		ret = page_games(&b, lang, doc, s->cfg.reg);
	}
	json_decref(doc);
	if (ret < 0 || !doc || !(body = pd_buf_detach(&b, &len))) {
		pd_buf_release(&b);
		return fail(c, r, lang, MHD_HTTP_INTERNAL_SERVER_ERROR,
			    "cannot render the page");
	}
	snprintf(etag, sizeof(etag), "\"g%ld.%zu.%s\"", sn->stamp, sn->n, lang);
	if (view_make(&v, body, len, etag, "text/html; charset=utf-8", 0) < 0)
		return fail(c, r, lang, MHD_HTTP_INTERNAL_SERVER_ERROR,
			    "cannot render the page");
	MHD_add_response_header(v.plain, "Content-Security-Policy", csp);
	MHD_add_response_header(v.gz, "Content-Security-Policy", csp);
	ok = send_view(c, r, &v);
	view_release(&v);	/* MHD keeps the response it queued */
	return ok;
}

/* The table a Games' page shows by default: the snapshot's default for
 * the default Games, else the one that stands for it (pd_cover: its
 * published table until its results are complete). */
static const char *default_source(const struct snap *sn,
				  const struct gview *g)
{
	if (!strcmp(sn->def_games, g->info.code))
		return sn->def_source;
	return g->cover.source;
}

/* /games/CODE (or / and ?games=CODE): the medal table */
static enum MHD_Result table(struct srv *s, struct MHD_Connection *c,
			     struct req *r, struct snap *sn, struct gview *g,
			     const char *lang)
{
	struct pd_diag d = { "", 0, "" };
	const char *source = arg(c, "source"), *scheme = arg(c, "scheme");
	struct pd_scheme sc;
	const char *pinned = source ? "1" : "0";
	char sch[64];

	if (pd_scheme_parse(&sc, scheme && *scheme ? scheme : "gold", &d) < 0)
		return fail(c, r, lang, MHD_HTTP_BAD_REQUEST, d.msg);
	pd_scheme_format(&sc, sch, sizeof(sch));
	if (!source)
		source = default_source(sn, g);
	else if (!strcmp(source, "results"))
		source = "";
	return lazy_page(s, c, r, g, LAZY_PAGE_TABLE,
			 (const char *const[]){ source, sch, lang, pinned });
}

/* A whole number from 1; -1 if s is not one. */
static long id_of(const char *s)
{
	char *end;
	long v;

	if (!s || *s < '1' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	return *end ? -1 : v;
}

/* /games/CODE/rest: the Games' own pages */
static enum MHD_Result games_page(struct srv *s, struct MHD_Connection *c,
				  struct req *r, struct snap *sn,
				  struct gview *g, const char *rest,
				  const char *lang)
{
	const char *source = arg(c, "source");
	char num[24], code[PD_CODE_MAX];
	size_t i;
	long id;

	if (!*rest)
		return table(s, c, r, sn, g, lang);
	if (!strcmp(rest, "about"))
		return lazy_page(s, c, r, g, LAZY_PAGE_ABOUT,
				 (const char *const[]){ lang });
	if (!strncmp(rest, "events/", 7) && (id = id_of(rest + 7)) > 0) {
		snprintf(num, sizeof(num), "%ld", id);
		return lazy_page(s, c, r, g, LAZY_PAGE_EVENT,
				 (const char *const[]){ num, lang });
	}
	if (!strncmp(rest, "athletes/", 9) && (id = id_of(rest + 9)) > 0) {
		snprintf(num, sizeof(num), "%ld", id);
		return lazy_page(s, c, r, g, LAZY_PAGE_ATHLETE,
				 (const char *const[]){ num, lang });
	}
	if (!strncmp(rest, "npcs/", 5) && rest[5] &&
	    strlen(rest + 5) < sizeof(code) && !strchr(rest + 5, '/')) {
		for (i = 0; rest[5 + i]; i++)
			code[i] = (char)(rest[5 + i] >= 'a' && rest[5 + i] <= 'z' ?
					 rest[5 + i] - 32 : rest[5 + i]);
		code[i] = '\0';
		/* none: "*", the table that stands for the Games */
		source = !source ? "*" : strcmp(source, "results") ? source :
			 "";
		return lazy_page(s, c, r, g, LAZY_PAGE_NPC,
				 (const char *const[]){ code, source, lang });
	}
	return fail(c, r, lang, MHD_HTTP_NOT_FOUND, "no such page");
}

enum MHD_Result site_serve(struct srv *s, struct MHD_Connection *c,
			   struct req *r, const char *url)
{
	const char *lang = page_lang(arg(c, "lang")), *want = arg(c, "games");
	const char *rest = "";
	char code[PD_GAMES_CODE];
	struct snap *sn = snap_get(s);
	struct gview *g;
	enum MHD_Result ok;
	size_t i, n;

	if (!strcmp(url, "/games") || (!strncmp(url, "/games/", 7) &&
					!url[7])) {
		ok = games_list(s, c, r, sn, lang);
		goto done;
	}
	if (!strncmp(url, "/games/", 7)) {
		want = url + 7;
		rest = strchr(want, '/') ? strchr(want, '/') + 1 : "";
	} else if (!want || !*want) {
		want = sn->def_games;
	}
	n = strcspn(want, "/");
	if (!n) {	/* no Games at all yet */
		ok = games_list(s, c, r, sn, lang);
		goto done;
	}
	if (n >= sizeof(code)) {
		ok = fail(c, r, lang, MHD_HTTP_NOT_FOUND, "no such Games");
		goto done;
	}
	for (i = 0; i < n; i++)
		code[i] = (char)(want[i] >= 'a' && want[i] <= 'z' ?
				 want[i] - 32 : want[i]);
	code[n] = '\0';
	if (!(g = snap_find(sn, code))) {
		ok = fail(c, r, lang, MHD_HTTP_NOT_FOUND, "no such Games");
	} else if (g->error) {
		char why[600];

		snprintf(why, sizeof(why), "%s cannot be served: %s", code,
			 g->error);
		ok = fail(c, r, lang, MHD_HTTP_SERVICE_UNAVAILABLE, why);
	} else {
		ok = games_page(s, c, r, sn, g, rest, lang);
	}
done:
	snap_put(sn);
	return ok;
}
