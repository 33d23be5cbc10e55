/* pages_int.h -- what the page files (pages.c, page_table.c,
 * page_view.c) share: the words and the HTML helpers of pages.c. */
#ifndef PODIUM_HTTP_PAGES_INT_H
#define PODIUM_HTTP_PAGES_INT_H

#include <jansson.h>

#include "podium/buf.h"
#include "pages.h"

/* The page's own words, in English marked for the catalogue of words
 * (podium/words.h); the table's are pd_labels() (the renderers'). */
#define WORDS(X) \
	X(site, N_("Medal tables")) \
	X(skip, N_("Skip to the content")) \
	X(all_games, N_("All Games")) \
	X(overview, N_("Overview")) \
	X(language, N_("Language")) \
	X(ranking, N_("Ranking")) \
	X(gold_first, N_("Gold first")) \
	X(total_first, N_("Total first")) \
	X(points_321, N_("Points 3-2-1")) \
	X(table, N_("Table")) \
	X(from_results, N_("From results")) \
	X(as_published, N_("As published")) \
	X(show, N_("Show")) \
	X(code, N_("Code")) \
	X(points, N_("Points")) \
	X(chart_gold, N_("Gold medals, day by day")) \
	X(chart_total, N_("Medals, day by day")) \
	X(chart_points, N_("Points, day by day")) \
	X(chart_label, N_("Cumulative count, day by day, of " \
	  "the first five of the table")) \
	X(no_chart, N_("No dated medals yet: the " \
	  "chart appears as results land.")) \
	X(host_legend, N_("host")) \
	X(undated, N_("undated")) \
	X(host_heading, N_("Host")) \
	X(event, N_("Event")) \
	X(sport, N_("Sport")) \
	X(date, N_("Date")) \
	X(status, N_("Status")) \
	X(policy, C_("policy", "Medals")) \
	X(mark, N_("Mark")) \
	X(records, N_("Records")) \
	X(medal, N_("Medal")) \
	X(athlete, N_("Athlete")) \
	X(results, N_("Results")) \
	X(no_results, N_("No results yet.")) \
	X(medals_by_sport, N_("Medals by sport")) \
	X(no_medals, N_("No medals in this table.")) \
	X(no_list, N_("This table was published as " \
	  "a whole: it lists no events.")) \
	X(team, N_("team")) \
	X(scheduled, N_("scheduled")) \
	X(live, N_("Live")) \
	X(unofficial, N_("unofficial")) \
	X(official, N_("official")) \
	X(protested, N_("protested")) \
	X(provisional, N_("provisional")) \
	X(men, N_("men")) \
	X(women, N_("women")) \
	X(mixed, N_("mixed")) \
	X(standard, N_("1, 2, 3: gold, silver, bronze")) \
	X(two_bronzes, N_("two bronzes")) \
	X(capped, N_("at most one fewer than the starters")) \
	X(figures, N_("Key figures")) \
	X(dates, N_("Dates")) \
	X(athletes, N_("Athletes")) \
	X(women_count, N_("Women")) \
	X(npcs_taking_part, N_("NPCs taking part")) \
	X(npcs_medal, N_("NPCs with a medal")) \
	X(npcs_gold, N_("NPCs with a gold")) \
	X(events, N_("Events")) \
	X(sports, N_("Sports")) \
	X(medals_awarded, N_("Medals awarded")) \
	X(records_set, N_("Results that set a record")) \
	X(sanctions, N_("Sanctions in force")) \
	X(unknown, N_("unknown")) \
	X(medallists_only, N_("medallists only")) \
	X(top_of_table, N_("Top of the table")) \
	X(report, N_("Report")) \
	X(games, N_("Games")) \
	X(year, N_("Year")) \
	X(medals_count, C_("count", "Medals")) \
	X(not_found, N_("Not found")) \
	X(error, N_("Something went wrong")) \
	X(reconnecting, N_("Reconnecting…")) \
	X(updated, N_("Updated")) \
	X(switched, N_("Now showing the table from results")) \
	X(footer, N_("The table updates by itself as results land.")) \
	X(no_games, N_("No Games in the store yet.")) \
	X(matches, N_("Matches")) \
	X(pool, N_("Pool")) \
	X(played, N_("P")) \
	X(won, N_("W")) \
	X(drawn, N_("D")) \
	X(lost, N_("L")) \
	X(goals, N_("Goals")) \
	X(aet, N_(" aet")) \
	X(pens, N_("pen")) \
	X(walkover, N_("walkover")) \
	X(schedule, N_("Schedule")) \
	X(days, N_("Days")) \
	X(zone, N_("Time zone")) \
	X(all, N_("All")) \
	X(venue, N_("Venue")) \
	X(time, N_("Time")) \
	X(unit, N_("Unit")) \
	X(units, N_("Units")) \
	X(medal_units, N_("Medal units")) \
	X(gold_units, N_("Gold medal units")) \
	X(your_time, N_("your time")) \
	X(start_list, N_("Start list")) \
	X(order, N_("Order")) \
	X(bib, N_("Bib")) \
	X(result, N_("Result")) \
	X(irm, N_("IRM")) \
	X(diff, N_("Difference")) \
	X(qualification, N_("Qualification")) \
	X(wlt, N_("W/L/T")) \
	X(phases, N_("Phases and units")) \
	X(filters, N_("Filters")) \
	X(all_sports, N_("All sports")) \
	X(all_events, N_("All events")) \
	X(gender, N_("Gender")) \
	X(open, N_("open")) \
	X(medals_day, N_("Medals of the day")) \
	X(table_day_end, N_("The table at the end of the day")) \
	X(no_medals_day, N_("No medal was decided on this day.")) \
	X(set_here, N_("Set at these Games")) \
	X(in_force, N_("Records in force")) \
	X(history, N_("Records they replaced")) \
	X(record_kind, C_("record", "Kind")) \
	X(holder, N_("Holder")) \
	X(set_at, N_("Set at")) \
	X(none, N_("None.")) \
	X(no_records, N_("No records are held for the events of these Games.")) \
	X(units_start_lists, N_("the units' start lists")) \
	X(medal_table, N_("Medal table")) \
	X(career, N_("Career across Games")) \
	X(no_games_athlete, N_("No results at any Games in this store."))

enum word {
#define X(k, en) W_##k,
	WORDS(X)
#undef X
	W_COUNT
};

/* The word k in lang. */
const char *h_word(const char *lang, enum word k);
/* s escaped for HTML text and double-quoted attribute values. */
int h_esc(struct pd_buf *b, const char *s);
/* s escaped for a URL's path segment or query value. */
int h_url(struct pd_buf *b, const char *s);
/* A member of o as a string ("" if none) or a number (0). */
const char *h_str(json_t *o, const char *key);
long long h_num(json_t *o, const char *key);
/* A table's head: <thead><tr>, a <th scope="col"> for each of
 * cols[0..n) (of class "num" where bit i of num is set), </tr></thead>
 * and a newline; the same on every page. */
int h_thead(struct pd_buf *b, const char *const *cols, size_t n,
	    unsigned num);
/* A table row's gold, silver, bronze and total as four number cells
 * (<td class="num">), the same on every page that shows a table. */
int h_tally_cells(struct pd_buf *b, json_t *row);
/* <a href="/games/CODE/KIND/ID?lang=LANG">text</a>, every part
 * escaped (page_view.c). */
int h_link(struct pd_buf *b, const struct page_games *pg, const char *kind,
	   const char *id, const char *text);
/* {"en": ..., "zh": ...} in lang, else en. */
const char *h_name(json_t *names, const char *lang);
/* href="PATH?lang=LANG" (or &lang= when path has a query). */
int h_href(struct pd_buf *b, const char *path, const char *lang);
/* The page from its doctype to <main>: pg (NULL on pages of no Games)
 * names the Games in the header; self is this page's URL but for lang,
 * for the language links; body_attrs more attributes of <body>. */
int h_head(struct pd_buf *b, const struct page_games *pg, const char *lang,
	 const char *page, const char *self, const char *title,
	 const char *body_attrs);
/* From </main> to the end, with the words for the script; live pages
 * say they update. */
int h_foot(struct pd_buf *b, const char *lang, int live);
/* " (results for 1 of 519 events)" when doc's "results" says its Games'
 * results do not cover its published table; nothing otherwise. */
int h_cover(struct pd_buf *b, json_t *doc, const char *lang);
/* "results for 1 of 519 events" from r ({"events", "of"}) into out. */
void h_cover_text(char *out, size_t size, json_t *r, const char *lang);
/* A sport's name in lang (pd_sport_name: 田径 for "Para Athletics"). */
const char *h_sport(const char *lang, const char *sport);
/* The name of the NPC code in the page's language at its Games; the code
 * itself when the registry does not know it. */
const char *h_npc(const struct page_games *pg, const char *code);
/* A date for prose in the catalogue's form: "2004-09-17" is 2004年9月17日
 * in zh, 17/09/2004 in fr; in en, and anything not such a date, as it
 * is. */
int h_date(struct pd_buf *b, const char *lang, const char *iso);
/* The word of "gold", "silver", "bronze" in lang ("" for others). */
const char *h_medal_word(const char *lang, const char *medal);
/* <dt>term</dt><dd>value</dd>, both escaped. */
int h_fact(struct pd_buf *b, const char *term, const char *value);
/* An event's phases and units (GET .../events/ID's "phases"), each unit
 * linking its page (page_units.c); nothing when there are none. */
int h_phases(struct pd_buf *b, const struct page_games *pg, json_t *phases);
/* A medal as a coloured dot and its word (nothing for ""). */
int h_medal_cell(struct pd_buf *b, const char *lang, const char *medal);

#endif
