/* route.c -- a request's URL read once into a struct route (route.h):
 * which kind of address, which Games, which view or page, which write,
 * and the event, athlete or NPC it names.  The one place the server's
 * addresses are spelt; what each part may be (an id from 1, a code that
 * fits) is the same as each reader of the URL took before it was here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route.h"

/* n bytes of src into dst (size bytes), upper-cased; 0, or -1 when they
 * do not fit or are none */
static int upper(char *dst, size_t size, const char *src, size_t n)
{
	size_t i;

	if (!n || n >= size)
		return -1;
	for (i = 0; i < n; i++)
		dst[i] = (char)(src[i] >= 'a' && src[i] <= 'z' ? src[i] - 32 :
				src[i]);
	dst[n] = '\0';
	return 0;
}

/* (route.h) the API's ids, and lazy_keys.c's numbers of the query */
long route_number(const char *s, long max)
{
	char *end;
	long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	return *end || v > max ? -1 : v;
}

/* A whole number from 1; -1 if s is not one (the pages' ids). */
static long id_of(const char *s)
{
	char *end;
	long v;

	if (!s || *s < '1' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	return *end ? -1 : v;
}

/* A unit's results code: 34 of A-Z, 0-9 and '-' (any case) into rsc,
 * upper-cased; 0, or -1 when p is not one. */
static int rsc_of(char *rsc, const char *p)
{
	size_t n = strlen(p);

	if (n != ROUTE_RSC - 1 || strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		   "abcdefghijklmnopqrstuvwxyz0123456789-") != n)
		return -1;
	return upper(rsc, ROUTE_RSC, p, n);
}

/* The write p (after /api/games/CODE/) names, its event in *event. */
static int write_of(const char *p, long *event)
{
	char *end;

	if (!strcmp(p, "events"))
		return W_EVENTS;
	if (!strcmp(p, "sanctions"))
		return W_SANCTIONS;
	if (!strncmp(p, "units/", 6) && strlen(p) > 41 && p[40] == '/')
		return !strcmp(p + 41, "start-list") ? W_UNIT_START :
		       !strcmp(p + 41, "results") ? W_UNIT_RESULT :
		       !strcmp(p + 41, "status") ? W_UNIT_STATUS : W_NONE;
	if (!strncmp(p, "phases/", 7) && strlen(p) > 34 && p[33] == '/')
		return !strcmp(p + 34, "qualify") ? W_PHASE_QUALIFY : W_NONE;
	if (strncmp(p, "events/", 7) || p[7] < '1' || p[7] > '9')
		return W_NONE;
	*event = strtol(p + 7, &end, 10);
	return !strcmp(end, "/results") ? W_RESULTS :
	       !strcmp(end, "/status") ? W_STATUS :
	       !strcmp(end, "/matches") ? W_MATCHES :
	       !strcmp(end, "/entries") ? W_ENTRIES : W_NONE;
}

/* "sports/SLUG": the sport into rt->sport; 0, or -1 when p is not one */
static int sport_of(struct route *rt, const char *p)
{
	if (strncmp(p, "sports/", 7) || !p[7] || strchr(p + 7, '/') ||
	    strlen(p + 7) >= sizeof(rt->sport))
		return -1;
	memcpy(rt->sport, p + 7, strlen(p + 7) + 1);
	return 0;
}

/* The view p (after /api/games/CODE/) names. */
static enum route_view api_view(struct route *rt, const char *p)
{
	static const struct {
		const char *path;
		enum route_view view;
	} fixed[] = {
		{ "stream", RV_STREAM }, { "standings", RV_STANDINGS },
		{ "timeline", RV_TIMELINE }, { "events", RV_EVENTS },
		{ "stats", RV_STATS }, { "facts", RV_FACTS },
		{ "facts/check", RV_FACTS_CHECK },
		{ "elections", RV_ELECTIONS }, { "doping", RV_DOPING },
		{ "entries", RV_ENTRIES_ALL },
		{ "participation", RV_PARTICIPATION },
		{ "athletes", RV_ATHLETES }, { "log", RV_LOG },
		{ "schedule", RV_SCHEDULE },
		{ "medallists", RV_MEDALLISTS },
		{ "records", RV_RECORDS },
	};
	const char *v;
	char num[24];
	size_t i;

	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (!strcmp(p, fixed[i].path))
			return fixed[i].view;
	if (!strncmp(p, "athletes/", 9))
		return (rt->athlete = route_number(p + 9, 1L << 40)) < 1 ?
		       RV_NO_ATHLETE : RV_ATHLETE;
	if (sport_of(rt, p) == 0)
		return RV_SPORT;
	if (!strncmp(p, "events/", 7) && (v = strchr(p + 7, '/')) &&
	    (!strcmp(v, "/matches") || !strcmp(v, "/entries"))) {
		snprintf(num, sizeof(num), "%.*s", (int)(v - (p + 7)), p + 7);
		if ((rt->event = route_number(num, 1L << 40)) < 1)
			return RV_NO_EVENT;
		return v[1] == 'm' ? RV_MATCHES : RV_ENTRIES;
	}
	if (!strncmp(p, "events/", 7))
		return (rt->event = route_number(p + 7, 1L << 40)) < 1 ?
		       RV_NO_EVENT : RV_EVENT;
	if (!strncmp(p, "npcs/", 5) && !strchr(p + 5, '/') &&
	    upper(rt->npc, sizeof(rt->npc), p + 5, strlen(p + 5)) == 0)
		return RV_NPC;
	if (!strncmp(p, "units/", 6))
		return rsc_of(rt->rsc, p + 6) < 0 ? RV_NO_UNIT : RV_UNIT;
	return RV_NONE;
}

/* /api/games/p */
static void api(struct route *rt, const char *p)
{
	const char *slash = strchr(p, '/');
	size_t n = slash ? (size_t)(slash - p) : strlen(p);
	long wevent = 0;

	rt->kind = RT_API;
	rt->long_code = n >= sizeof(rt->games);
	if (upper(rt->games, sizeof(rt->games), p, n) < 0)
		rt->games[0] = '\0';
	if (!slash) {		/* one Games: renamed, removed */
		if (rt->games[0])
			rt->write = W_GAMES_ONE;
		return;
	}
	if (!rt->games[0])
		return;
	rt->rest = slash + 1;
	rt->write = write_of(rt->rest, &wevent);
	rt->view = api_view(rt, rt->rest);
	/* a view's own id when it names one, else the write's (the two
	 * agree wherever both name one) */
	if (rt->view != RV_EVENT && rt->view != RV_MATCHES &&
	    rt->view != RV_ENTRIES)
		rt->event = wevent;
}

/* /games/p: a Games' pages */
static void site(struct route *rt, const char *p)
{
	const char *rest = strchr(p, '/');
	size_t n = rest ? (size_t)(rest - p) : strlen(p);

	rt->view = RV_PAGE_LIST;
	rt->long_code = n >= sizeof(rt->games);
	if (!n)			/* no Games named: the list */
		return;
	rt->view = RV_NONE;	/* a code too long: no such Games */
	if (upper(rt->games, sizeof(rt->games), p, n) < 0)
		return;
	rt->rest = rest = rest ? rest + 1 : "";
	if (!*rest)
		rt->view = RV_PAGE_TABLE;
	else if (!strcmp(rest, "about"))
		rt->view = RV_PAGE_ABOUT;
	else if (!strcmp(rest, "records"))
		rt->view = RV_PAGE_RECORDS;
	else if (!strcmp(rest, "events"))
		rt->view = RV_PAGE_EVENTS;
	else if (sport_of(rt, rest) == 0)
		rt->view = RV_PAGE_SPORT;
	else if (!strncmp(rest, "events/", 7) &&
		 (rt->event = id_of(rest + 7)) > 0)
		rt->view = RV_PAGE_EVENT;
	else if (!strncmp(rest, "athletes/", 9) &&
		 (rt->athlete = id_of(rest + 9)) > 0)
		rt->view = RV_PAGE_ATHLETE;
	else if (!strcmp(rest, "schedule"))
		rt->view = RV_PAGE_SCHEDULE;
	else if (!strncmp(rest, "schedule/", 9) && strlen(rest + 9) == 10 &&
		 strspn(rest + 9, "0123456789-") == 10 && rest[13] == '-' &&
		 rest[16] == '-') {
		memcpy(rt->date, rest + 9, 11);
		rt->view = RV_PAGE_SCHEDULE;
	} else if (!strncmp(rest, "units/", 6) && rsc_of(rt->rsc, rest + 6) == 0)
		rt->view = RV_PAGE_UNIT;
	else if (!strncmp(rest, "medals/", 7) && strlen(rest + 7) == 10) {
		memcpy(rt->day, rest + 7, 11);
		rt->view = RV_PAGE_MEDALS;
	} else if (!strncmp(rest, "npcs/", 5) && !strchr(rest + 5, '/') &&
		 upper(rt->npc, sizeof(rt->npc), rest + 5,
		       strlen(rest + 5)) == 0)
		rt->view = RV_PAGE_NPC;
}

/* /screens/CODE/table, /screens/CODE/units/RSC, /embed/games/CODE */
static void framed(struct route *rt, const char *p, int embed)
{
	const char *rest = strchr(p, '/');
	size_t n = rest ? (size_t)(rest - p) : strlen(p);

	rt->kind = RT_SITE;
	rt->format = RF_HTML;
	rt->view = RV_NONE;
	rt->long_code = n >= sizeof(rt->games);
	if (upper(rt->games, sizeof(rt->games), p, n) < 0)
		return;
	rt->rest = rest = rest ? rest + 1 : "";
	if (embed)
		rt->view = *rest ? RV_NONE : RV_EMBED_TABLE;
	else if (!strcmp(rest, "table"))
		rt->view = RV_SCREEN_TABLE;
	else if (!strncmp(rest, "units/", 6) && rsc_of(rt->rsc, rest + 6) == 0)
		rt->view = RV_SCREEN_UNIT;
}

/* The query parameters each view takes, beside lang, which every
 * address takes (the pages' language, an error's for the API). */
static const char *const takes[][9] = {
	[RV_STREAM] = { "lastEventId", "unit", "event" },
	[RV_STANDINGS] = { "source", "scheme", "sport", "top", "gender",
			   "through", "npc" },
	[RV_TIMELINE] = { "npcs" },
	[RV_EVENTS] = { "sport", "gender", "through", "npc" },
	[RV_MEDALLISTS] = { "sport", "gender", "through", "npc", "date" },
	[RV_NPC] = { "source" },
	[RV_ATHLETES] = { "q" },
	[RV_LOG] = { "since" },
	[RV_PAGE_ROOT] = { "games", "source", "scheme", "sport", "gender" },
	[RV_PAGE_TABLE] = { "source", "scheme", "sport", "gender" },
	[RV_PAGE_NPC] = { "source" },
	[RV_SCHEDULE] = { "date", "sport", "venue", "medal" },
	[RV_PAGE_SCHEDULE] = { "sport", "venue", "medal" },
	[RV_SCREEN_UNIT] = { "transparent" },
	[RV_SCREEN_TABLE] = { "transparent" },
	[RV_EMBED_TABLE] = { "transparent" },
};

int route_takes(const struct route *rt, const char *name)
{
	size_t i;

	if (!strcmp(name, "lang"))
		return 1;
	if ((size_t)rt->view >= sizeof(takes) / sizeof(takes[0]))
		return 0;
	for (i = 0; i < 9 && takes[rt->view][i]; i++)
		if (!strcmp(takes[rt->view][i], name))
			return 1;
	return 0;
}

void route_parse(const char *url, struct route *rt)
{
	memset(rt, 0, sizeof(*rt));
	if (!strcmp(url, "/api/games") || !strcmp(url, "/api/games/")) {
		rt->kind = RT_GAMES;
		rt->write = strcmp(url, "/api/games") ? W_NONE : W_GAMES;
	} else if (!strncmp(url, "/api/games/", 11)) {
		api(rt, url + 11);
	} else if (!strcmp(url, "/") || !strcmp(url, "/index.html")) {
		rt->kind = RT_SITE;
		rt->format = RF_HTML;
		rt->view = RV_PAGE_ROOT;
	} else if (!strncmp(url, "/screens/", 9)) {
		framed(rt, url + 9, 0);
	} else if (!strncmp(url, "/embed/games/", 13)) {
		framed(rt, url + 13, 1);
	} else if (!strncmp(url, "/api/athletes/", 14)) {
		rt->kind = RT_CAREER;
		rt->athlete = id_of(url + 14);
		rt->view = rt->athlete > 0 ? RV_CAREER : RV_NO_ATHLETE;
	} else if (!strncmp(url, "/athletes/", 10)) {
		rt->kind = RT_SITE;
		rt->format = RF_HTML;
		rt->athlete = id_of(url + 10);
		rt->view = rt->athlete > 0 ? RV_PAGE_CAREER : RV_NONE;
	} else if (!strcmp(url, "/games") || !strncmp(url, "/games/", 7)) {
		rt->kind = RT_SITE;
		rt->format = RF_HTML;
		site(rt, url[6] ? url + 7 : "");
	}
}

const char *route_allowed(const struct route *rt)
{
	switch (rt->write) {
	case W_GAMES:
	case W_EVENTS:
	case W_MATCHES:
	case W_ENTRIES:
		return "GET, HEAD, OPTIONS, POST";
	case W_GAMES_ONE:
		return "DELETE, GET, HEAD, OPTIONS, PATCH";
	case W_RESULTS:
		return "DELETE, PATCH, POST";
	case W_STATUS:
	case W_SANCTIONS:
	case W_UNIT_START:
	case W_UNIT_RESULT:
	case W_UNIT_STATUS:
	case W_PHASE_QUALIFY:
		return "POST";
	}
	return rt->kind == RT_NONE ? NULL : "GET, HEAD, OPTIONS";
}
