/* site.c -- the public site's addresses: which page a URL names and with
 * what (site.h).  The pages themselves are lazy views (lazy_page), made
 * from the API's documents by pages.c; this file only reads the URL and
 * its query, and answers the list of every Games itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "podium/filter.h"
#include "podium/model.h"
#include "podium/standings.h"
#include "podium/units_ops.h"
#include "career.h"
#include "lazy.h"
#include "pages.h"
#include "query.h"
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
	const char *sport = arg(c, "sport"), *gender = arg(c, "gender");
	struct pd_filter f;
	struct pd_scheme sc;
	const char *pinned = source ? "1" : "0";
	char sch[64];

	memset(&f, 0, sizeof(f));
	if (pd_scheme_parse(&sc, scheme && *scheme ? scheme : "gold", &d) < 0)
		return fail(c, r, lang, MHD_HTTP_BAD_REQUEST, d.msg);
	if (gender && *gender &&
	    pd_filter_gender(&f, gender, "gender", &d) < 0)
		return fail(c, r, lang, MHD_HTTP_BAD_REQUEST, d.msg);
	sport = sport ? sport : "";
	pd_scheme_format(&sc, sch, sizeof(sch));
	/* a sport's or a gender's table is ranked from results */
	if (!source)
		source = *sport || *f.gender ? "" : default_source(sn, g);
	else if (!strcmp(source, "results"))
		source = "";
	return lazy_page(s, c, r, g, LAZY_PAGE_TABLE,
			 (const char *const[]){ source, sch, lang, pinned,
						sport, f.gender });
}

/* ?transparent=1: a screen without its background */
static const char *transparent(struct MHD_Connection *c)
{
	const char *v = arg(c, "transparent");

	return v && !strcmp(v, "1") ? "1" : "0";
}

/* /games/CODE/schedule[/DAY]: a day's units (today at the Games' zone
 * when none is named), kept to a sport, a venue or the medal units */
static enum MHD_Result schedule(struct srv *s, struct MHD_Connection *c,
				struct req *r, struct gview *g,
				const char *lang)
{
	const char *sport = arg(c, "sport"), *venue = arg(c, "venue");
	const char *medal = arg(c, "medal");
	char today[12] = "~";

	if (medal && *medal && strcmp(medal, "gold") && strcmp(medal, "any"))
		return fail(c, r, lang, MHD_HTTP_BAD_REQUEST, "medal is gold "
			    "or any");
	if (!r->rt.date[0])
		pd_unit_today(g->info.code, (long long)time(NULL), today + 1);
	return lazy_page(s, c, r, g, LAZY_PAGE_SCHEDULE,
			 (const char *const[]){ r->rt.date[0] ? r->rt.date :
						today, sport ? sport : "",
						venue ? venue : "",
						medal ? medal : "", lang });
}

/* /games/CODE/...: the Games' own pages, as r->rt names them */
static enum MHD_Result games_page(struct srv *s, struct MHD_Connection *c,
				  struct req *r, struct snap *sn,
				  struct gview *g, const char *lang)
{
	const struct route *rt = &r->rt;
	struct pd_diag d = { "", 0, "" };
	const char *source = arg(c, "source");
	char num[24], day[11];

	switch (rt->view) {
	case RV_PAGE_ROOT:
	case RV_PAGE_TABLE:
		return table(s, c, r, sn, g, lang);
	case RV_PAGE_MEDALS:
		if (pd_filter_date(day, rt->day, "the day", &d) < 0)
			return fail(c, r, lang, MHD_HTTP_NOT_FOUND,
				    "no such page");
		return lazy_page(s, c, r, g, LAZY_PAGE_MEDALS,
				 (const char *const[]){ day, lang });
	case RV_PAGE_ABOUT:
		return lazy_page(s, c, r, g, LAZY_PAGE_ABOUT,
				 (const char *const[]){ lang });
	case RV_PAGE_RECORDS:
		return lazy_page(s, c, r, g, LAZY_PAGE_RECORDS,
				 (const char *const[]){ lang });
	case RV_PAGE_EVENTS:
		return lazy_page(s, c, r, g, LAZY_PAGE_EVENTS,
				 (const char *const[]){ lang });
	case RV_PAGE_SPORT:
		return lazy_page(s, c, r, g, LAZY_PAGE_SPORT,
				 (const char *const[]){ rt->sport, lang });
	case RV_PAGE_EVENT:
		snprintf(num, sizeof(num), "%ld", rt->event);
		return lazy_page(s, c, r, g, LAZY_PAGE_EVENT,
				 (const char *const[]){ num, lang });
	case RV_PAGE_ATHLETE:
		snprintf(num, sizeof(num), "%ld", rt->athlete);
		return lazy_page(s, c, r, g, LAZY_PAGE_ATHLETE,
				 (const char *const[]){ num, lang });
	case RV_PAGE_NPC:
		/* none: "*", the table that stands for the Games */
		source = !source ? "*" : strcmp(source, "results") ? source :
			 "";
		return lazy_page(s, c, r, g, LAZY_PAGE_NPC,
				 (const char *const[]){ rt->npc, source, lang });
	case RV_PAGE_SCHEDULE:
		return schedule(s, c, r, g, lang);
	case RV_PAGE_UNIT:
		return lazy_page(s, c, r, g, LAZY_PAGE_UNIT,
				 (const char *const[]){ rt->rsc, lang });
	case RV_SCREEN_UNIT:
		return lazy_page(s, c, r, g, LAZY_SCREEN_UNIT,
				 (const char *const[]){ rt->rsc, lang,
							transparent(c) });
	case RV_SCREEN_TABLE:
	case RV_EMBED_TABLE:
		return lazy_page(s, c, r, g, LAZY_SCREEN_TABLE,
				 (const char *const[]){ lang, transparent(c),
				 rt->view == RV_EMBED_TABLE ? "1" : "0" });
	default:
		return fail(c, r, lang, MHD_HTTP_NOT_FOUND, "no such page");
	}
}

/* The Games a page shows, upper-cased into code (PD_GAMES_CODE): the
 * URL's, or at / the one ?games= names, else the default.  0: none at
 * all yet (the list is shown); -1: a code too long to be one. */
static int shown_games(struct MHD_Connection *c, const struct route *rt,
		       const struct snap *sn, char *code)
{
	const char *want = arg(c, "games");
	size_t i, n;

	if (rt->view != RV_PAGE_ROOT) {
		snprintf(code, PD_GAMES_CODE, "%s", rt->games);
		return rt->long_code ? -1 : 1;
	}
	if (!want || !*want)
		want = sn->def_games;
	if (!(n = strcspn(want, "/")))
		return 0;
	if (n >= PD_GAMES_CODE)
		return -1;
	for (i = 0; i < n; i++)
		code[i] = (char)(want[i] >= 'a' && want[i] <= 'z' ?
				 want[i] - 32 : want[i]);
	code[n] = '\0';
	return 1;
}

enum MHD_Result site_serve(struct srv *s, struct MHD_Connection *c,
			   struct req *r)
{
	const char *lang = page_lang(arg(c, "lang"));
	char code[PD_GAMES_CODE];
	struct snap *sn = snap_get(s);
	struct gview *g;
	enum MHD_Result ok;
	const char *bad;
	char why[128];
	int named;

	if ((bad = query_unknown(c, &r->rt))) {
		query_why(bad, why, sizeof(why));
		ok = fail(c, r, lang, MHD_HTTP_BAD_REQUEST, why);
	} else if (r->rt.view == RV_PAGE_CAREER) {
		ok = career_serve(s, c, r, lang);	/* of no one Games */
	} else if (r->rt.view == RV_PAGE_LIST ||
	    (named = shown_games(c, &r->rt, sn, code)) == 0) {
		ok = games_list(s, c, r, sn, lang);	/* or no Games yet */
	} else if (named < 0 || !(g = snap_find(sn, code))) {
		ok = fail(c, r, lang, MHD_HTTP_NOT_FOUND, "no such Games");
	} else if (g->error) {
		char broken[600];

		snprintf(broken, sizeof(broken), "%s cannot be served: %s",
			 code, g->error);
		ok = fail(c, r, lang, MHD_HTTP_SERVICE_UNAVAILABLE, broken);
	} else {
		ok = games_page(s, c, r, sn, g, lang);
	}
	snap_put(sn);
	return ok;
}
