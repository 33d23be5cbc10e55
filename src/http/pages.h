/* pages.h -- the public site's pages as HTML (pages.c): the medal table
 * of a Games with its chart, an event, an NPC, an athlete, a Games'
 * overview, the list of every Games, and a page saying what went wrong.
 *
 * Each page is made from the JSON document the API serves for the same
 * thing at the same version (views.c, lazy.c), so the page and the API
 * never disagree, and is complete without script: web/app.js only makes
 * it live.  Every string from a document is escaped.  The words are the
 * renderers' (render.h: pd_labels, the seed table's zh words) and the
 * page's own below, in en and zh; every page carries them for the script
 * (<script type="application/json" id="words">), so the script says what
 * the server says.
 *
 * Each appends to out and returns 0 or PD_ENOMEM.  lang is "en" or "zh".
 */
#ifndef PODIUM_HTTP_PAGES_H
#define PODIUM_HTTP_PAGES_H

#include <jansson.h>

#include "podium/buf.h"
#include "podium/standings.h"

/* What every page of one Games shows in its header. */
struct page_games {
	const char *code, *name;	/* the name in the page's language */
	const char *lang;
	const struct pd_registry *reg;	/* NPCs' names (NULL: codes) */
	long year;			/* of the Games, for NPCs' names */
};

/* The filters of the table page: the sports to offer (an array of
 * names) and the sport and gender shown ("" or NULL: all), kept with the
 * scheme and source in each link. */
struct page_filter {
	json_t *sports;
	const char *sport, *gender, *scheme, *source;
};
int page_filter_nav(struct pd_buf *out, const struct page_games *pg,
		    const struct page_filter *pf);
/* A day's medals (GET .../medallists?date=DAY): unit by unit, then the
 * table at the end of the day. */
int page_medals(struct pd_buf *out, const struct page_games *pg,
		json_t *medallists);

/* The table page: standings (GET .../standings) under scheme, the
 * sources the Games has (an array of labels) and the chart's timeline
 * (GET .../timeline, its series the table's first five).  pinned: the
 * reader chose the table (kept in the page's links), else it is the
 * Games' default, which follows the data. */
int page_table(struct pd_buf *out, const struct page_games *pg,
	       json_t *standings, json_t *sources,
	       const struct pd_scheme *scheme, json_t *timeline, int pinned,
	       const struct page_filter *pf);
/* An event (GET .../events/ID), with its matches (GET .../matches; NULL
 * for none) as pool tables and a bracket. */
int page_event(struct pd_buf *out, const struct page_games *pg,
	       json_t *event, json_t *matches);
/* An NPC (GET .../npcs/CODE): its row and its medals by sport. */
int page_npc(struct pd_buf *out, const struct page_games *pg, json_t *npc);
/* An athlete (GET .../athletes/ID). */
int page_athlete(struct pd_buf *out, const struct page_games *pg,
		 json_t *athlete);
/* An athlete's career (GET /api/athletes/ID): each Games a section of
 * results linking to the athlete's page there (page_view.c). */
int page_career(struct pd_buf *out, const char *lang, json_t *career,
		const struct pd_registry *reg);
/* A Games' records (GET .../records): those set at these Games, those
 * in force and the ones they replaced (page_records.c). */
int page_records(struct pd_buf *out, const struct page_games *pg,
		 json_t *records);
/* A sport of a Games (GET .../sports/SLUG): its medal table and its
 * events with their phases (page_sport.c). */
int page_sport(struct pd_buf *out, const struct page_games *pg,
	       json_t *sport);
/* The events index (GET .../events): each sport, linked to its page,
 * with its events (page_sport.c). */
int page_events(struct pd_buf *out, const struct page_games *pg,
		json_t *events);
/* A result's record flags ("WR", "PR,WR") as a badge linking to the
 * Games' records page; nothing for "". */
int h_record_badge(struct pd_buf *b, const struct page_games *pg,
		   const char *records);
/* A Games' key figures (GET .../stats), the top of its table and its
 * report (report.h: 'podium report', a title line and paragraphs; NULL
 * for none). */
int page_overview(struct pd_buf *out, const struct page_games *pg,
		  json_t *stats, json_t *standings, const char *report);
/* A day's schedule (GET .../schedule?date=DAY), the units filter[0..3)
 * keeps (sport, venue, medal: "" any), with the day list and the
 * filters as links. */
int page_schedule(struct pd_buf *out, const struct page_games *pg,
		  json_t *schedule, const char *const *filter);
/* A unit (GET .../units/RSC): its facts, start list, results and
 * medals. */
int page_unit(struct pd_buf *out, const struct page_games *pg,
	      json_t *unit);
/* A screen for a venue or a broadcaster (page_screens.c): one unit's
 * results (or start list before it has any), or the top of the medal
 * table (standings; embed: the table for /embed/games/G), full window,
 * large type, no navigation, live; transparent: no background. */
int page_screen_unit(struct pd_buf *out, const struct page_games *pg,
		     json_t *unit, int transparent);
int page_screen_table(struct pd_buf *out, const struct page_games *pg,
		      json_t *standings, int transparent, int embed);
/* Every Games (GET /api/games): the picker, hosts named from reg. */
int page_games(struct pd_buf *out, const char *lang, json_t *games,
	       const struct pd_registry *reg);
/* A page for status (404, 500, 503) saying why. */
int page_error(struct pd_buf *out, const char *lang, int status,
	       const char *why);

/* The language a page is asked for: "zh" for lang=zh, "fr" for lang=fr,
 * else "en". */
const char *page_lang(const char *arg);

#endif
