/* route.h -- a request's URL read once (route.c) into what it names:
 * struct route, kept in the request (struct req.rt).  handle() parses it
 * when the request's head comes; the dispatch (server.c), the writes
 * (write.c), the builder's hold (builder.c), the API's views (lazy.c)
 * and the site's pages (site.c) read the struct, and none of them reads
 * the URL again.
 *
 * The query is not in it: each view reads the parameters it takes where
 * it checks them (lazy.c, site.c), so that a 400 names the one wrong;
 * which parameters each address takes is here (route_takes), so that one
 * it does not take is a 400 naming it, whatever the address. */
#ifndef PODIUM_HTTP_ROUTE_H
#define PODIUM_HTTP_ROUTE_H

#include "podium/model.h"	/* PD_GAMES_CODE */
#include "podium/npc.h"		/* PD_CODE_MAX */

/* The writes, by what their url names. */
enum { W_NONE, W_RESULTS, W_STATUS, W_EVENTS, W_SANCTIONS, W_GAMES,
       W_GAMES_ONE, W_MATCHES, W_ENTRIES,
       /* a unit's (units/RSC/...): its start list, a result, its status */
       W_UNIT_START, W_UNIT_RESULT, W_UNIT_STATUS,
       /* a phase's (phases/PHASE/qualify): its qualifiers proposed */
       W_PHASE_QUALIFY };

enum route_kind {
	RT_NONE,	/* no route of podium's (an asset's, perhaps) */
	RT_SITE,	/* a page: /, /index.html, /games, /games/... */
	RT_GAMES,	/* /api/games (or /api/games/): every Games */
	RT_API,		/* /api/games/...: one Games' */
	RT_CAREER,	/* /api/athletes/ID: a career across Games */
};

/* What a GET of the URL names. */
enum route_view {
	RV_NONE,		/* nothing: 404 */
	RV_NO_EVENT,		/* an event id that is none: 404 */
	RV_NO_ATHLETE,		/* an athlete id that is none: 404 */
	RV_NO_UNIT,		/* a results code that is none: 404 */
	/* /api/games/CODE/... (JSON) */
	RV_STREAM, RV_STANDINGS, RV_TIMELINE, RV_EVENTS, RV_STATS,
	RV_ATHLETE, RV_FACTS, RV_FACTS_CHECK, RV_ELECTIONS, RV_DOPING,
	RV_ENTRIES_ALL, RV_PARTICIPATION, RV_MATCHES, RV_ENTRIES, RV_EVENT,
	RV_NPC, RV_ATHLETES, RV_LOG, RV_UNIT, RV_SCHEDULE, RV_MEDALLISTS, RV_RECORDS, RV_SPORT,
	RV_CAREER,		/* /api/athletes/ID */
	/* the site (HTML) */
	RV_PAGE_LIST,		/* /games: every Games */
	RV_PAGE_ROOT,		/* / : ?games=, else the default Games */
	RV_PAGE_TABLE, RV_PAGE_ABOUT, RV_PAGE_EVENT, RV_PAGE_ATHLETE,
	RV_PAGE_NPC, RV_PAGE_SCHEDULE, RV_PAGE_UNIT,
	/* screens and the embedded table: framable by --frame-origin */
	RV_SCREEN_UNIT, RV_SCREEN_TABLE, RV_EMBED_TABLE,
	RV_PAGE_MEDALS,		/* /games/CODE/medals/DATE: the day's */
	RV_PAGE_RECORDS, RV_PAGE_SPORT, RV_PAGE_EVENTS,
	RV_PAGE_CAREER,		/* /athletes/ID: of no one Games */
};

enum route_format { RF_JSON, RF_HTML };

#define ROUTE_RSC 35		/* a results code of 34 and its NUL */

struct route {
	enum route_kind kind;
	enum route_view view;
	enum route_format format;
	int write;			/* W_*: the write the URL takes */
	/* the Games of the URL, upper-cased; "" when it names none or
	 * every Games; long: its code part is too long to be one */
	char games[PD_GAMES_CODE];
	int long_code;
	/* after /api/games/CODE/ or /games/CODE/, NULL when the URL has no
	 * such part (for /api/games/CODE, a GET is 404) */
	const char *rest;
	long event;			/* RV_EVENT, RV_MATCHES, RV_ENTRIES,
					 * RV_PAGE_EVENT, and the writes */
	long athlete;			/* RV_ATHLETE, RV_PAGE_ATHLETE,
					 * RV_CAREER, RV_PAGE_CAREER */
	char npc[PD_CODE_MAX];		/* RV_NPC, RV_PAGE_NPC: upper-cased */
	char date[11];			/* RV_PAGE_SCHEDULE: its day, or "" */
	char rsc[ROUTE_RSC];		/* RV_UNIT, RV_PAGE_UNIT, RV_SCREEN_UNIT:
					 * a results code, upper-cased */
	char day[11];			/* RV_PAGE_MEDALS: as written, checked
					 * by the page */
	char sport[128];		/* RV_SPORT, RV_PAGE_SPORT: its slug
					 * or name, as written */
};

/* Read url (MHD's, without its query) into rt; rt->rest points into
 * url, which must outlive rt (MHD keeps it for the request). */
void route_parse(const char *url, struct route *rt);

/* A whole number from 0 to max, as the API's ids and its query's
 * numbers are written; -1 if s is not one. */
long route_number(const char *s, long max);

/* Does a GET of rt take the query parameter name? */
int route_takes(const struct route *rt, const char *name);

/* The methods rt takes, for Allow, or NULL when it names nothing podium
 * serves but perhaps an asset (the caller asks assets.c). */
const char *route_allowed(const struct route *rt);

#endif
