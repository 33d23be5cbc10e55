/* lazy_keys.c -- a request's lazy view as its key: the view struct
 * route names (route.h) with the query's parameters, each checked here
 * (a 400 naming the one wrong), the table's hot views sent at once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/filter.h"
#include "podium/label.h"
#include "podium/standings.h"
#include "podium/token.h"
#include "podium/words.h"
#include "auth.h"
#include "lazy_int.h"
#include "respond.h"
#include "route.h"
#include "snapshot.h"
#include "srv.h"

/* A query parameter as sent; lazy_key_make() refuses one that is not
 * text. */
static const char *arg(struct MHD_Connection *c, const char *name)
{
	return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
}

/* The schedule's key: date (YYYY-MM-DD), sport, venue and medal (gold,
 * bronze, any), each checked (route.c's table refuses any other
 * parameter before this). */
static enum MHD_Result schedule_key(struct MHD_Connection *c, struct req *r,
				    char *key, size_t size)
{
	const char *date = arg(c, "date"), *medal = arg(c, "medal");
	const char *sport = arg(c, "sport"), *venue = arg(c, "venue");
	date = date ? date : "";
	medal = medal ? medal : "";
	if (*date && (strlen(date) != 10 || date[4] != '-' || date[7] != '-' ||
		      strspn(date, "0123456789-") != 10))
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, "date is "
				  "YYYY-MM-DD", "date");
	if (*medal && strcmp(medal, "gold") && strcmp(medal, "bronze") &&
	    strcmp(medal, "any"))
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, "medal is gold, "
				  "bronze or any", "medal");
	return lazy_key_make(c, r, key, size, ROUTE_SCHEDULE,
			     (const char *const[]){ date, sport ? sport : "",
						    venue ? venue : "",
						    medal });
}

/* The key of route r with its parameters p[0..lazy_routes[r].nparams):
 * the route's letter, then each parameter after KEY_SEP.  Every parameter
 * the client chose passes through here, so this is where one that is not
 * clean text (invalid UTF-8, a control character -- KEY_SEP among them)
 * or that would not fit is refused: a 400 naming it, sent on c, never a
 * key cut short or split wrongly, which would render as a 500 or as
 * another request's view. */
enum MHD_Result lazy_key_make(struct MHD_Connection *c, struct req *r,
			      char *key, size_t size, enum lazy_route rt,
			      const char *const *p)
{
	char why[96];
	size_t i, len, n;

	len = (size_t)snprintf(key, size, "%c", lazy_routes[rt].letter);
	for (i = 0; i < lazy_routes[rt].nparams; i++) {
		n = strlen(p[i]);
		if (!pd_text_is_clean(p[i], n)) {
			snprintf(why, sizeof(why), "%s is not valid text (UTF-8 "
				 "without control characters)",
				 lazy_routes[rt].names[i]);
			break;
		}
		if (len + 1 + n >= size) {
			snprintf(why, sizeof(why), "%s is too long",
				 lazy_routes[rt].names[i]);
			break;
		}
		key[len++] = KEY_SEP;
		memcpy(key + len, p[i], n + 1);
		len += n;
	}
	if (i == lazy_routes[rt].nparams)
		return MHD_YES;
	key[0] = '\0';
	return send_error(c, r, MHD_HTTP_BAD_REQUEST, why,
			  lazy_routes[rt].names[i]);
}

/* The query's filter (filter.h): gender, through and npc, each checked
 * (a 400 naming the one wrong, sent on c: -1), or 0. */
static int filter_args(struct MHD_Connection *c, struct req *r,
		       struct pd_filter *f, const char *day_name)
{
	struct pd_diag d = { "", 0, "" };
	const char *gender = arg(c, "gender"), *through = arg(c, "through");
	const char *npc = arg(c, "npc"), *day = day_name ? arg(c, day_name) :
			  NULL;
	const char *bad = NULL;

	memset(f, 0, sizeof(*f));
	if (gender && pd_filter_gender(f, gender, "gender", &d) < 0)
		bad = "gender";
	else if (through && pd_filter_date(f->through, through, "through",
					   &d) < 0)
		bad = "through";
	else if (npc && pd_filter_npc(f, npc, "npc", &d) < 0)
		bad = "npc";
	else if (day && pd_filter_date(f->day, day, day_name, &d) < 0)
		bad = day_name;
	if (!bad)
		return 0;
	send_error(c, r, MHD_HTTP_BAD_REQUEST, d.msg, bad);
	return -1;
}

/* The table: ready for gold and total in en and zh; other queries make
 * a lazy key. */
enum MHD_Result lazy_standings_key(struct MHD_Connection *c,
				   struct req *r, struct gview *g,
				   char *key, size_t size)
{
	struct pd_diag d = { "", 0, "" };
	const char *source = arg(c, "source"), *scheme = arg(c, "scheme");
	const char *lang = arg(c, "lang"), *sport = arg(c, "sport");
	const char *top = arg(c, "top");
	struct pd_scheme sc;
	struct pd_filter f;
	char sch[64], top_n[24];
	long n = 0;
	size_t i;

	sport = sport ? sport : "";
	if (filter_args(c, r, &f, NULL) < 0)
		return MHD_YES;		/* answered */
	/* no source: the table that stands for the Games (a table of a
	 * sport or under a filter is ranked from results) */
	if (!source)
		source = *sport || pd_filter_any(&f) ? "" : g->cover.source;
	else if (!strcmp(source, "results"))
		source = "";
	lang = lang && *lang ? lang : "en";
	if (!pd_lang(lang) || strcmp(pd_lang(lang), lang))
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, "lang is en, zh "
				  "or fr", "lang");
	if (pd_scheme_parse(&sc, scheme && *scheme ? scheme : "gold", &d) < 0)
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, d.msg, "scheme");
	if (top && (n = route_number(top, 100000)) < 1)
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, "top is a whole "
				  "number from 1", "top");
	for (i = 0; i < g->ntables && strcmp(g->tables[i].source, source);
	     i++)
		;
	if (i == g->ntables)
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such source "
				  "for this Games", "source");
	if (g->tables[i].error) {
		char why[600];

		snprintf(why, sizeof(why), "the table %s@%s cannot be served: "
			 "%s", g->info.code, source, g->tables[i].error);
		return send_error(c, r, MHD_HTTP_INTERNAL_SERVER_ERROR, why,
				  NULL);
	}
	/* hot once the builder rendered it after the swap (snap_render);
	 * before, the same bytes as a lazy view */
	if (!*sport && !n && sc.kind != PD_SCHEME_POINTS &&
	    !pd_filter_any(&f) && strcmp(lang, "fr") &&
	    atomic_load_explicit(&g->tables[i].hot, memory_order_acquire))
		return send_view(c, r, &g->tables[i].v[sc.kind ==
			PD_SCHEME_TOTAL][!strcmp(lang, "zh")]);
	pd_scheme_format(&sc, sch, sizeof(sch));
	snprintf(top_n, sizeof(top_n), "%ld", n);
	return lazy_key_make(c, r, key, size, ROUTE_STANDINGS,
			     (const char *const[]){ source, sch, lang, sport,
						    top_n, f.gender,
						    f.through, f.npc });
}

/* The lazy key of the view r->rt names (route.h), or a response sent. */
enum MHD_Result lazy_key(struct srv *s, struct MHD_Connection *c,
			 struct req *r, char *key, size_t size)
{
	const struct route *rt = &r->rt;
	struct pd_filter f;
	const char *v;
	char num[24];
	long n;
	int ok;

	switch (rt->view) {
	case RV_TIMELINE:
		v = arg(c, "npcs");
		if (v && (strlen(v) > 80 || strspn(v, "ABCDEFGHIJKLMNOPQRSTU"
		    "VWXYZ0123456789,") != strlen(v)))
			return send_error(c, r, MHD_HTTP_BAD_REQUEST, "npcs is "
					  "a comma-separated list of codes",
					  "npcs");
		return lazy_key_make(c, r, key, size, ROUTE_TIMELINE,
				     (const char *const[]){ v ? v : "" });
	case RV_MEDALLISTS:
		if (filter_args(c, r, &f, "date") < 0)
			return MHD_YES;		/* answered */
		v = arg(c, "sport");
		return lazy_key_make(c, r, key, size, ROUTE_MEDALLISTS,
				     (const char *const[]){ v ? v : "",
				     f.gender, f.through, f.npc, f.day });
	case RV_EVENTS:
		if (filter_args(c, r, &f, NULL) < 0)
			return MHD_YES;		/* answered */
		v = arg(c, "sport");
		/* rendered on first request at a version, not on every
		 * change: with them built eagerly a write took 65-160 ms
		 * to reach the streams, most of it here */
		return lazy_key_make(c, r, key, size, ROUTE_EVENTS,
				     (const char *const[]){ v ? v : "",
				     f.gender, f.through, f.npc });
	case RV_STATS:
		return lazy_key_make(c, r, key, size, ROUTE_STATS, NULL);
	case RV_NO_ATHLETE:
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such athlete",
				  NULL);
	case RV_ATHLETE:
		snprintf(num, sizeof(num), "%ld", rt->athlete);
		return lazy_key_make(c, r, key, size, ROUTE_ATHLETE,
				     (const char *const[]){ num });
	case RV_FACTS:
	case RV_FACTS_CHECK:
		return lazy_key_make(c, r, key, size,
				     rt->view == RV_FACTS_CHECK ?
				     ROUTE_FACTS_CHECK : ROUTE_FACTS, NULL);
	case RV_RECORDS:
		return lazy_key_make(c, r, key, size, ROUTE_RECORDS, NULL);
	case RV_SPORT:
		return lazy_key_make(c, r, key, size, ROUTE_SPORT,
				     (const char *const[]){ rt->sport });
	case RV_ELECTIONS:
	case RV_DOPING:
		return lazy_key_make(c, r, key, size, rt->view == RV_ELECTIONS ?
				     ROUTE_ELECTIONS : ROUTE_DOPING, NULL);
	case RV_ENTRIES_ALL:
	case RV_PARTICIPATION:
		return lazy_key_make(c, r, key, size,
				     rt->view == RV_ENTRIES_ALL ?
				     ROUTE_ENTRIES : ROUTE_PARTICIPATION,
				     (const char *const[]){ "0" });
	case RV_NO_EVENT:
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such event",
				  NULL);
	case RV_NO_UNIT:
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such unit: a "
				  "results code is 34 characters", NULL);
	case RV_UNIT:
		return lazy_key_make(c, r, key, size, ROUTE_UNIT,
				     (const char *const[]){ rt->rsc });
	case RV_SCHEDULE:
		return schedule_key(c, r, key, size);
	case RV_MATCHES:
	case RV_ENTRIES:
	case RV_EVENT:
		snprintf(num, sizeof(num), "%ld", rt->event);
		return lazy_key_make(c, r, key, size, rt->view == RV_MATCHES ?
				     ROUTE_MATCHES : rt->view == RV_ENTRIES ?
				     ROUTE_ENTRIES : ROUTE_EVENT,
				     (const char *const[]){ num });
	case RV_NPC:
		v = arg(c, "source");
		/* no source: "*", the table that stands for the Games,
		 * decided when the view is built (lazy_views.c, npc()) */
		return lazy_key_make(c, r, key, size, ROUTE_NPC,
				     (const char *const[]){ rt->npc, !v ? "*" :
				     strcmp(v, "results") ? v : "" });
	case RV_ATHLETES:
		v = arg(c, "q");
		if (v && strlen(v) > 200)
			return send_error(c, r, MHD_HTTP_BAD_REQUEST, "q is "
					  "at most 200 bytes", "q");
		return lazy_key_make(c, r, key, size, ROUTE_ATHLETES,
				     (const char *const[]){ v ? v : "" });
	case RV_LOG:
		v = arg(c, "since");
		if ((n = v ? route_number(v, 1L << 40) : 0) < 0)
			return send_error(c, r, MHD_HTTP_BAD_REQUEST, "since "
					  "is a version number", "since");
		snprintf(num, sizeof(num), "%ld", n);
		/* a token that is not valid is answered 401, as a
		 * write's would be, rather than quietly shown less */
		if ((ok = auth_check(s, c, r, PD_ROLE_NONE, 1)) < 0)
			return MHD_YES;		/* answered */
		ok = ok && r->role >= PD_ROLE_ADMIN;
		return lazy_key_make(c, r, key, size, ROUTE_LOG,
				     (const char *const[]){ num,
							    ok ? "1" : "0" });
	default:
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such resource",
				  NULL);
	}
}

