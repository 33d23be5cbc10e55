/* page_view.c -- the pages of one thing of a Games (pages.h): an event
 * with its results and medals (and a head-to-head event's pools and
 * bracket), an NPC's medals by sport, an athlete's
 * results, and the Games' overview.  Each links on: an event to its
 * athletes and NPCs, an NPC to its events, an athlete to its events. */
#include <stdio.h>
#include <string.h>

#include "podium/error.h"
#include "podium/render.h"
#include "pages_int.h"

int h_link(struct pd_buf *b, const struct page_games *pg, const char *kind,
	   const char *id, const char *text)
{
	int ret = pd_buf_adds(b, "<a href=\"/games/");

	ret |= h_url(b, pg->code);
	ret |= pd_buf_addf(b, "/%s/", kind);
	ret |= h_url(b, id);
	ret |= pd_buf_addf(b, "?lang=%s\">", pg->lang);
	ret |= h_esc(b, text);
	return ret | pd_buf_adds(b, "</a>");
}

static int link_id(struct pd_buf *b, const struct page_games *pg,
		   const char *kind, long long id, const char *text)
{
	char num[24];

	snprintf(num, sizeof(num), "%lld", id);
	return h_link(b, pg, kind, num, text);
}

/* (pages.h) a result's record flags as a badge to the records page */
int h_record_badge(struct pd_buf *b, const struct page_games *pg,
		   const char *records)
{
	int ret;

	if (!records || !*records)
		return 0;
	ret = pd_buf_adds(b, "<a class=\"badge record\" href=\"/games/");
	ret |= h_url(b, pg->code);
	ret |= pd_buf_addf(b, "/records?lang=%s\">", pg->lang);
	ret |= h_esc(b, records);
	return ret | pd_buf_adds(b, "</a>");
}

static const char *gender_word(const char *lang, const char *g)
{
	return !strcmp(g, "M") ? h_word(lang, W_men) : !strcmp(g, "W") ?
	       h_word(lang, W_women) : !strcmp(g, "X") ? h_word(lang, W_mixed) :
	       g;
}

static const char *status_word(const char *lang, const char *s)
{
	static const struct { const char *s; enum word w; } st[] = {
		{ "scheduled", W_scheduled }, { "live", W_live },
		{ "unofficial", W_unofficial }, { "official", W_official },
		{ "protested", W_protested }, { "provisional", W_provisional },
	};
	size_t i;

	for (i = 0; i < sizeof(st) / sizeof(st[0]); i++)
		if (!strcmp(st[i].s, s))
			return h_word(lang, st[i].w);
	return s;
}

static const char *policy_word(const char *lang, const char *p)
{
	return !strcmp(p, "two-bronzes") ? h_word(lang, W_two_bronzes) :
	       !strcmp(p, "capped") ? h_word(lang, W_capped) :
	       h_word(lang, W_standard);
}

/* Does the event's name say whose it is ("Men's ...", "Women ...")? */
static int names_gender(const char *name)
{
	static const char *const say[] = { "men", "women", "mixed", "男",
					   "女", "混合", NULL };
	size_t i, n;

	for (i = 0; say[i]; i++) {
		n = strlen(say[i]);
		if (!strncmp(name, say[i], n) || (name[0] >= 'A' &&
		    name[0] <= 'Z' && name[0] + 32 == say[i][0] &&
		    !strncmp(name + 1, say[i] + 1, n - 1)))
			return 1;
	}
	return 0;
}

/* "100 m T54, men" as an event is named: name, gender word (unless the
 * name says it), class (unless the name holds it). */
static void event_title(char *out, size_t size, const char *lang, json_t *e)
{
	const char *cls = h_str(e, "class"), *g = h_str(e, "gender");

	if (names_gender(h_str(e, "name")))
		g = "";

	snprintf(out, size, "%s%s%s%s%s", h_str(e, "name"), *g ? ", " : "",
		 *g ? gender_word(lang, g) : "", *cls && !strstr(h_str(e,
		 "name"), cls) ? " " : "", *cls && !strstr(h_str(e, "name"),
		 cls) ? cls : "");
}

static int fact_date(struct pd_buf *b, const char *lang, const char *term,
		     const char *iso)
{
	int ret = pd_buf_adds(b, "<dt>");

	ret |= h_esc(b, term);
	ret |= pd_buf_adds(b, "</dt><dd>");
	ret |= h_date(b, lang, iso);
	return ret | pd_buf_adds(b, "</dd>\n");
}

static int fact_num(struct pd_buf *b, const char *term, json_t *v,
		    const char *lang)
{
	char text[32];

	if (json_is_integer(v))
		snprintf(text, sizeof(text), "%lld", json_integer_value(v));
	else
		snprintf(text, sizeof(text), "%s", h_word(lang, W_unknown));
	return h_fact(b, term, text);
}

static int result_row(struct pd_buf *b, const struct page_games *pg,
		      json_t *r)
{
	const char *irm = h_str(r, "irm");
	long long athlete = h_num(r, "athlete");
	int ret = 0;

	ret |= pd_buf_adds(b, "<tr><td class=\"num\">");
	if (h_num(r, "rank"))
		ret |= pd_buf_addf(b, "%lld", h_num(r, "rank"));
	else
		ret |= h_esc(b, irm);
	ret |= pd_buf_adds(b, "</td><th scope=\"row\">");
	ret |= athlete ? link_id(b, pg, "athletes", athlete, h_str(r, "name")) :
	       h_esc(b, h_str(r, "name"));
	ret |= pd_buf_adds(b, "</th><td>");
	ret |= h_link(b, pg, "npcs", h_str(r, "npc"), h_npc(pg, h_str(r,
		       "npc")));
	ret |= pd_buf_adds(b, "</td><td>");
	ret |= h_esc(b, h_str(r, "mark"));
	if (*irm && h_num(r, "rank")) {
		ret |= pd_buf_adds(b, " ");
		ret |= h_esc(b, irm);
	}
	ret |= pd_buf_adds(b, "</td><td>");
	ret |= h_record_badge(b, pg, h_str(r, "records"));
	ret |= pd_buf_adds(b, "</td><td>");
	ret |= h_medal_cell(b, pg->lang, h_str(r, "medal"));
	return ret | pd_buf_adds(b, "</td></tr>\n");
}

/* The results heading, then "no results yet" (*none set) or the head of
 * the results table: cols[0..n), the num'th a number column. */
static int results_open(struct pd_buf *b, const char *lang, json_t *results,
			const char *const *cols, size_t n, size_t num,
			int *none)
{
	int ret = pd_buf_addf(b, "<h2>%s</h2>\n", h_word(lang, W_results));

	if ((*none = !json_array_size(results)))
		return ret | pd_buf_addf(b, "<p>%s</p>\n", h_word(lang,
							       W_no_results));
	ret |= pd_buf_adds(b, "<div class=\"table-wrap\"><table id=\"results\">"
			   "\n");
	ret |= h_thead(b, cols, n, 1u << num);
	return ret | pd_buf_adds(b, "<tbody>\n");
}

/* "2:1", "2:1 aet", "(3:2 pen)": a match's score as the page shows it */
static int score_text(struct pd_buf *b, const char *lang, json_t *m)
{
	json_t *sc = json_object_get(m, "score");
	json_t *pen = json_object_get(m, "penalties");
	int ret = 0;

	if (json_array_size(sc) == 2)
		ret |= pd_buf_addf(b, "%lld:%lld%s", json_integer_value(
				   json_array_get(sc, 0)), json_integer_value(
				   json_array_get(sc, 1)), json_is_true(
				   json_object_get(m, "extra_time")) ?
				   h_word(lang, W_aet) : "");
	else
		ret |= pd_buf_adds(b, "–");
	if (json_array_size(pen) == 2)
		ret |= pd_buf_addf(b, " (%lld:%lld %s)", json_integer_value(
				   json_array_get(pen, 0)), json_integer_value(
				   json_array_get(pen, 1)), h_word(lang, W_pens));
	if (*h_str(m, "walkover"))
		ret |= pd_buf_addf(b, " %s", h_word(lang, W_walkover));
	return ret;
}

/* One match: home, score, away, the winner marked. */
static int match_item(struct pd_buf *b, const struct page_games *pg,
		      json_t *m)
{
	long long w = h_num(m, "winner");
	const char *away = h_str(m, "away");
	int ret = pd_buf_adds(b, "<li class=\"match\"><span class=\"side");

	ret |= pd_buf_adds(b, w == 1 || w == 3 ? " won\">" : "\">");
	ret |= h_link(b, pg, "npcs", h_str(m, "home"), h_npc(pg, h_str(m,
		       "home")));
	ret |= pd_buf_adds(b, "</span> <span class=\"score\">");
	ret |= score_text(b, pg->lang, m);
	ret |= pd_buf_addf(b, "</span> <span class=\"side%s\">", w == -1 ?
			   " won" : "");
	ret |= *away ? h_link(b, pg, "npcs", away, h_npc(pg, away)) :
	       h_esc(b, "?");
	return ret | pd_buf_adds(b, "</span></li>\n");
}

/* A pool's table by the sport's tie-break, then its matches. */
static int pool_section(struct pd_buf *b, const struct page_games *pg,
			const char *pool, json_t *rows, json_t *matches)
{
	const char *lang = pg->lang;
	json_t *r, *m;
	size_t i;
	int ret = pd_buf_addf(b, "<h3>%s ", h_word(lang, W_pool));

	ret |= h_esc(b, pool);
	ret |= pd_buf_addf(b, "</h3>\n<div class=\"table-wrap\"><table "
			   "class=\"pool\">\n<thead><tr><th scope=\"col\">"
			   "%s</th><th scope=\"col\" class=\"num\">%s</th>"
			   "<th scope=\"col\" class=\"num\">%s</th><th "
			   "scope=\"col\" class=\"num\">%s</th><th scope="
			   "\"col\" class=\"num\">%s</th><th scope=\"col\" "
			   "class=\"num\">%s</th><th scope=\"col\" class="
			   "\"num\">%s</th></tr></thead>\n<tbody>\n",
			   pd_labels(lang)->npc, h_word(lang, W_played),
			   h_word(lang, W_won), h_word(lang, W_drawn),
			   h_word(lang, W_lost), h_word(lang, W_goals),
			   h_word(lang, W_points));
	json_array_foreach(rows, i, r) {
		ret |= pd_buf_adds(b, "<tr><th scope=\"row\">");
		ret |= h_link(b, pg, "npcs", h_str(r, "npc"), h_npc(pg,
			       h_str(r, "npc")));
		ret |= pd_buf_addf(b, "</th><td class=\"num\">%lld</td><td "
				   "class=\"num\">%lld</td><td class=\"num\">"
				   "%lld</td><td class=\"num\">%lld</td><td "
				   "class=\"num\">%lld:%lld</td><td class="
				   "\"num\">%lld</td></tr>\n",
				   h_num(r, "played"), h_num(r, "won"),
				   h_num(r, "drawn"), h_num(r, "lost"),
				   h_num(r, "goals_for"),
				   h_num(r, "goals_against"),
				   h_num(r, "points"));
	}
	ret |= pd_buf_adds(b, "</tbody>\n</table></div>\n<ul class=\"matches\">"
			   "\n");
	json_array_foreach(matches, i, m)
		if (!strcmp(h_str(m, "phase"), "pool") &&
		    !strcmp(h_str(m, "pool"), pool))
			ret |= match_item(b, pg, m);
	return ret | pd_buf_adds(b, "</ul>\n");
}

/* A head-to-head event's pools, then its knockout matches by phase in
 * the order the phases first come: the bracket (GET .../matches). */
static int matches_section(struct pd_buf *b, const struct page_games *pg,
			   json_t *doc)
{
	json_t *matches = json_object_get(doc, "matches"), *m, *n, *rows;
	json_t *done;
	const char *pool;
	size_t i, j;
	int ret;

	if (!json_array_size(matches))
		return 0;
	ret = pd_buf_addf(b, "<section id=\"matches\"><h2>%s</h2>\n",
			  h_word(pg->lang, W_matches));
	json_object_foreach(json_object_get(doc, "pools"), pool, rows)
		ret |= pool_section(b, pg, pool, rows, matches);
	if (!(done = json_object()))
		return PD_ENOMEM;
	ret |= pd_buf_adds(b, "<div class=\"bracket\">\n");
	json_array_foreach(matches, i, m) {
		const char *phase = h_str(m, "phase");

		if (!strcmp(phase, "pool") || json_object_get(done, phase))
			continue;
		json_object_set_new(done, phase, json_true());
		ret |= pd_buf_adds(b, "<div class=\"round\"><h3>");
		ret |= h_esc(b, phase);
		ret |= pd_buf_adds(b, "</h3>\n<ul class=\"matches\">\n");
		json_array_foreach(matches, j, n)
			if (!strcmp(h_str(n, "phase"), phase))
				ret |= match_item(b, pg, n);
		ret |= pd_buf_adds(b, "</ul></div>\n");
	}
	json_decref(done);
	return ret | pd_buf_adds(b, "</div>\n</section>\n");
}

int page_event(struct pd_buf *out, const struct page_games *pg, json_t *e,
	       json_t *matches)
{
	const char *lang = pg->lang;
	json_t *results = json_object_get(e, "results"), *r;
	const char *cols[6];
	char title[400], self[96];
	size_t i;
	int ret, none;

	event_title(title, sizeof(title), lang, e);
	snprintf(self, sizeof(self), "/games/%s/events/%lld", pg->code,
		 h_num(e, "id"));
	if ((ret = h_head(out, pg, lang, "event", self, title, NULL)))
		return ret;
	ret |= pd_buf_adds(out, "<dl class=\"facts\">\n");
	ret |= h_fact(out, h_word(lang, W_sport), h_sport(lang, h_str(e,
							       "sport")));
	if (*h_str(e, "date"))
		ret |= fact_date(out, lang, h_word(lang, W_date),
				 h_str(e, "date"));
	ret |= h_fact(out, h_word(lang, W_status),
		    status_word(lang, h_str(e, "status")));
	ret |= h_fact(out, h_word(lang, W_policy),
		    policy_word(lang, h_str(e, "policy")));
	ret |= pd_buf_adds(out, "</dl>\n");
	cols[0] = pd_labels(lang)->rank;
	cols[1] = json_is_true(json_object_get(e, "team")) ?
		  h_word(lang, W_team) : h_word(lang, W_athlete);
	cols[2] = pd_labels(lang)->npc;
	cols[3] = h_word(lang, W_mark);
	cols[4] = h_word(lang, W_records);
	cols[5] = h_word(lang, W_medal);
	ret |= results_open(out, lang, results, cols, 6, 0, &none);
	if (!none) {
		json_array_foreach(results, i, r)
			ret |= result_row(out, pg, r);
		ret |= pd_buf_adds(out, "</tbody>\n</table></div>\n");
	}
	if (matches)
		ret |= matches_section(out, pg, matches);
	ret |= h_phases(out, pg, json_object_get(e, "phases"));
	return ret ? PD_ENOMEM : h_foot(out, lang, 1);
}

/* "Rank 1 · Gold 63 · Silver 46 · Bronze 32 · Total 141" */
static int counts(struct pd_buf *b, const char *lang, json_t *o,
		  long long rank)
{
	const struct pd_labels *t = pd_labels(lang);

	return pd_buf_addf(b, "<p class=\"summary\" id=\"summary\">%s%s%.0lld"
			   "%s<span class=\"dot gold\" aria-hidden=\"true\">"
			   "</span>%s %lld · <span class=\"dot silver\" "
			   "aria-hidden=\"true\"></span>%s %lld · <span class="
			   "\"dot bronze\" aria-hidden=\"true\"></span>%s %lld"
			   " · %s %lld</p>\n", rank ? t->rank : "",
			   rank ? " " : "", rank, rank ? " · " : "", t->gold,
			   h_num(o, "gold"), t->silver, h_num(o, "silver"),
			   t->bronze, h_num(o, "bronze"), t->total,
			   h_num(o, "total") ? h_num(o, "total") :
			   h_num(o, "gold") + h_num(o, "silver") +
			   h_num(o, "bronze"));
}

/* One sport's medals of an NPC: the sport, then each medal. */
static int sport_medals(struct pd_buf *b, const struct page_games *pg,
			json_t *medals, const char *sport)
{
	json_t *m;
	size_t i, n = 0;
	int ret = 0;

	json_array_foreach(medals, i, m)
		n += !strcmp(h_str(m, "sport"), sport);
	ret |= pd_buf_adds(b, "<h3>");
	ret |= h_esc(b, h_sport(pg->lang, sport));
	ret |= pd_buf_addf(b, " <span class=\"count\">(%zu)</span></h3>\n<ul "
			   "class=\"medals\">\n", n);
	json_array_foreach(medals, i, m) {
		char title[300];

		if (strcmp(h_str(m, "sport"), sport))
			continue;
		event_title(title, sizeof(title), pg->lang, m);
		ret |= pd_buf_adds(b, "<li>");
		ret |= h_medal_cell(b, pg->lang, h_str(m, "medal"));
		ret |= pd_buf_adds(b, " — ");
		ret |= link_id(b, pg, "events", h_num(m, "event"), title);
		if (*h_str(m, "winner")) {
			ret |= pd_buf_adds(b, ": ");
			ret |= h_esc(b, h_str(m, "winner"));
		}
		if (*h_str(m, "date")) {
			ret |= pd_buf_adds(b, " <span class=\"date\">(");
			ret |= h_date(b, pg->lang, h_str(m, "date"));
			ret |= pd_buf_adds(b, ")</span>");
		}
		ret |= pd_buf_adds(b, "</li>\n");
	}
	return ret | pd_buf_adds(b, "</ul>\n");
}

int page_npc(struct pd_buf *out, const struct page_games *pg, json_t *d)
{
	const char *lang = pg->lang, *source;
	json_t *medals = json_object_get(d, "medals"), *m, *done;
	char title[300], self[128];
	size_t i;
	int ret;

	source = json_string_value(json_object_get(d, "source"));
	snprintf(title, sizeof(title), "%s (%s)", h_name(json_object_get(d,
		 "name"), lang), h_str(d, "npc"));
	snprintf(self, sizeof(self), "/games/%s/npcs/%s%s%s", pg->code,
		 h_str(d, "npc"), source ? "?source=" : "", source ? source :
		 "");
	if ((ret = h_head(out, pg, lang, "npc", self, title, NULL)))
		return ret;
	if (h_num(d, "rank"))
		ret |= counts(out, lang, d, h_num(d, "rank"));
	else
		ret |= pd_buf_addf(out, "<p class=\"summary\" id=\"summary\">"
				   "%s</p>\n", h_word(lang, W_no_medals));
	/* a published table's row, and the medals the results hold so far */
	if (source && !json_array_size(medals)) {
		ret |= pd_buf_addf(out, "<p>%s</p>\n", h_word(lang, W_no_list));
		return ret ? PD_ENOMEM : h_foot(out, lang, 1);
	}
	if (json_array_size(medals)) {
		ret |= pd_buf_addf(out, "<h2>%s", h_word(lang,
				   W_medals_by_sport));
		ret |= h_cover(out, d, lang);
		ret |= pd_buf_adds(out, "</h2>\n<div id=\"by-sport\">\n");
	}
	/* by sport, in the order the sports first come */
	done = json_object();
	json_array_foreach(medals, i, m) {
		const char *sport = h_str(m, "sport");

		if (json_object_get(done, sport))
			continue;
		json_object_set_new(done, sport, json_true());
		ret |= sport_medals(out, pg, medals, sport);
	}
	json_decref(done);
	if (json_array_size(medals))
		ret |= pd_buf_adds(out, "</div>\n");
	return ret ? PD_ENOMEM : h_foot(out, lang, 1);
}

/* One result of an athlete's: sport, event (and team), rank or IRM,
 * mark and record badge, medal. */
static int athlete_row(struct pd_buf *out, const struct page_games *pg,
		       json_t *r)
{
	const char *lang = pg->lang;
	char title[300];
	int ret = 0;

	event_title(title, sizeof(title), lang, r);
	ret |= pd_buf_adds(out, "<tr><td>");
	ret |= h_esc(out, h_sport(lang, h_str(r, "sport")));
	ret |= pd_buf_adds(out, "</td><th scope=\"row\">");
	ret |= link_id(out, pg, "events", h_num(r, "event"), title);
	if (*h_str(r, "team")) {
		ret |= pd_buf_adds(out, " <span class=\"team\">(");
		ret |= h_esc(out, h_str(r, "team"));
		ret |= pd_buf_adds(out, ")</span>");
	}
	ret |= pd_buf_adds(out, "</th><td class=\"num\">");
	if (h_num(r, "rank"))
		ret |= pd_buf_addf(out, "%lld", h_num(r, "rank"));
	else
		ret |= h_esc(out, h_str(r, "irm"));
	ret |= pd_buf_adds(out, "</td><td>");
	ret |= h_esc(out, h_str(r, "mark"));
	if (*h_str(r, "records"))
		ret |= pd_buf_adds(out, " ");
	ret |= h_record_badge(out, pg, h_str(r, "records"));
	ret |= pd_buf_adds(out, "</td><td>");
	ret |= h_medal_cell(out, lang, h_str(r, "medal"));
	return ret | pd_buf_adds(out, "</td></tr>\n");
}

int page_athlete(struct pd_buf *out, const struct page_games *pg, json_t *a)
{
	const char *lang = pg->lang, *g = h_str(a, "gender");
	json_t *results = json_object_get(a, "results"), *r;
	const char *cols[5];
	char self[96], who[300];
	size_t i;
	int ret, none;

	snprintf(self, sizeof(self), "/games/%s/athletes/%lld", pg->code,
		 h_num(a, "id"));
	if ((ret = h_head(out, pg, lang, "athlete", self, h_str(a, "name"),
			  NULL)))
		return ret;
	ret |= pd_buf_adds(out, "<p class=\"who\">");
	ret |= h_link(out, pg, "npcs", h_str(a, "npc"),
		       h_name(json_object_get(a, "npc_name"), lang));
	snprintf(who, sizeof(who), "%s%s%s%s", *g ? " · " : "", *g ?
		 gender_word(lang, g) : "", *h_str(a, "class") ? " · " : "",
		 h_str(a, "class"));
	ret |= h_esc(out, who);
	snprintf(self, sizeof(self), "/athletes/%lld", h_num(a, "id"));
	ret |= pd_buf_adds(out, "</p>\n<p class=\"career\"><a ");
	ret |= h_href(out, self, lang);
	ret |= pd_buf_addf(out, ">%s</a></p>\n", h_word(lang, W_career));
	ret |= counts(out, lang, json_object_get(a, "medals"), 0);
	cols[0] = h_word(lang, W_sport);
	cols[1] = h_word(lang, W_event);
	cols[2] = pd_labels(lang)->rank;
	cols[3] = h_word(lang, W_mark);
	cols[4] = h_word(lang, W_medal);
	ret |= results_open(out, lang, results, cols, 5, 2, &none);
	if (none)
		return ret ? PD_ENOMEM : h_foot(out, lang, 1);
	json_array_foreach(results, i, r)
		ret |= athlete_row(out, pg, r);
	ret |= pd_buf_adds(out, "</tbody>\n</table></div>\n");
	return ret ? PD_ENOMEM : h_foot(out, lang, 1);
}

/* One Games of a career: its name linking to the athlete's page there,
 * the medals won there, and the results as the athlete's page has them
 * (a table of no id: a career has several). */
static int career_games(struct pd_buf *out, const char *lang, json_t *g,
			const struct pd_registry *reg)
{
	struct page_games pg = { h_str(g, "games"), h_name(json_object_get(g,
				 "games_name"), lang), lang, reg,
				 (long)h_num(g, "year") };
	json_t *results = json_object_get(g, "results"), *r,
	       *m = json_object_get(g, "medals");
	const struct pd_labels *t = pd_labels(lang);
	char num[24];
	size_t i;
	int ret = 0;

	ret |= pd_buf_addf(out, "<section aria-labelledby=\"g-%s\">\n<h2 "
			   "id=\"g-%s\">", pg.code, pg.code);
	snprintf(num, sizeof(num), "%lld", h_num(g, "id"));
	ret |= h_link(out, &pg, "athletes", num, pg.name);
	ret |= pd_buf_addf(out, "</h2>\n<p class=\"medals\">%s %lld · %s %lld "
			   "· %s %lld</p>\n", t->gold, h_num(m, "gold"),
			   t->silver, h_num(m, "silver"), t->bronze,
			   h_num(m, "bronze"));
	ret |= pd_buf_addf(out, "<div class=\"table-wrap\"><table>\n<thead>"
			   "<tr><th scope=\"col\">%s</th><th scope=\"col\">"
			   "%s</th><th scope=\"col\" class=\"num\">%s</th>"
			   "<th scope=\"col\">%s</th><th scope=\"col\">%s"
			   "</th></tr></thead>\n<tbody>\n", h_word(lang,
			   W_sport), h_word(lang, W_event), t->rank,
			   h_word(lang, W_mark), h_word(lang, W_medal));
	json_array_foreach(results, i, r)
		ret |= athlete_row(out, &pg, r);
	return ret | pd_buf_adds(out, "</tbody>\n</table></div>\n</section>"
				 "\n");
}

int page_career(struct pd_buf *out, const char *lang, json_t *c,
		const struct pd_registry *reg)
{
	json_t *games = json_object_get(c, "games"), *g;
	const char *gender = h_str(c, "gender");
	char self[64], who[300];
	size_t i;
	int ret;

	snprintf(self, sizeof(self), "/athletes/%lld", h_num(c, "id"));
	if ((ret = h_head(out, NULL, lang, "career", self, h_str(c, "name"),
			  NULL)))
		return ret;
	snprintf(who, sizeof(who), "%s%s%s · %s", h_name(json_object_get(c,
		 "npc_name"), lang), *gender ? " · " : "", *gender ?
		 gender_word(lang, gender) : "", h_word(lang, W_career));
	ret |= pd_buf_adds(out, "<p class=\"who\">");
	ret |= h_esc(out, who);
	ret |= pd_buf_adds(out, "</p>\n");
	ret |= counts(out, lang, json_object_get(c, "medals"), 0);
	if (!json_array_size(games))
		ret |= pd_buf_addf(out, "<p>%s</p>\n", h_word(lang,
				   W_no_games_athlete));
	json_array_foreach(games, i, g)
		ret |= career_games(out, lang, g, reg);
	return ret ? PD_ENOMEM : h_foot(out, lang, 0);
}

/* One paragraph of the report: its lines joined, or, when its lines
 * after the first are "- " items (the contradictions), the first line
 * and a list. */
static int report_para(struct pd_buf *b, const char *p, const char *end)
{
	const char *nl = p;
	int list, ret = pd_buf_adds(b, "<p>");

	while (nl < end && *nl != '\n')
		nl++;
	list = nl + 3 <= end && !strncmp(nl + 1, "- ", 2);

	for (; p < end && ret == 0; p++) {
		char one[2] = { *p == '\n' ? ' ' : *p, '\0' };

		if (list && *p == '\n') {
			ret |= pd_buf_adds(b, p == nl ? "</p>\n<ul class="
					   "\"contradictions\">\n<li>" :
					   "</li>\n<li>");
			p += 2;		/* the "- " */
			continue;
		}
		ret |= h_esc(b, one);
	}
	return ret | pd_buf_adds(b, list ? "</li>\n</ul>\n" : "</p>\n");
}

/* The report's paragraphs (its title line left out: the page has one). */
static int report_text(struct pd_buf *b, const char *lang, const char *text)
{
	const char *p = strstr(text, "\n\n"), *end;
	int ret = pd_buf_addf(b, "<section id=\"report\"><h2>%s</h2>\n",
			      h_word(lang, W_report));

	while (p && *p && ret == 0) {
		p += strspn(p, "\n");
		if (!*p)
			break;
		if (!(end = strstr(p, "\n\n")))
			end = p + strlen(p);
		while (end > p && end[-1] == '\n')
			end--;
		ret |= report_para(b, p, end);
		p = end;
	}
	return ret | pd_buf_adds(b, "</section>\n");
}

/* Athletes, women and NPCs taking part: known only from data that holds
 * who took part (start lists, entries, results of every starter); from
 * medal placings alone they are the medallists, and said to be: "unknown
 * (medallists only: 1601)", never 1601 athletes taking part. */
static int who_took_part(struct pd_buf *b, json_t *st, enum word w,
			 const char *key, const char *lang)
{
	json_t *v = json_object_get(st, key);
	char text[160];

	json_t *units = json_object_get(st, "start_lists");

	if (json_is_true(json_object_get(st, "participation_known")) ||
	    !json_is_integer(v))
		return fact_num(b, h_word(lang, w), v, lang);
	/* a units Games: its start lists say who took part, beside the
	 * medallists */
	if (json_is_object(units) && strcmp(key, "women")) {
		snprintf(text, sizeof(text), strcmp(lang, "zh") ?
			 "%lld (%s) · %s: %lld" : "%lld（%s）·%s：%lld",
			 (long long)json_integer_value(json_object_get(units,
			 !strcmp(key, "npcs") ? "npcs" : "athletes")),
			 h_word(lang, W_units_start_lists),
			 h_word(lang, W_medallists_only),
			 (long long)json_integer_value(v));
		return h_fact(b, h_word(lang, w), text);
	}
	if (!json_integer_value(v))
		return h_fact(b, h_word(lang, w), h_word(lang, W_unknown));
	snprintf(text, sizeof(text), strcmp(lang, "zh") ? "%s (%s: %lld)" :
		 "%s（%s：%lld）", h_word(lang, W_unknown),
		 h_word(lang, W_medallists_only), json_integer_value(v));
	return h_fact(b, h_word(lang, w), text);
}

/* The sports of the events with results; while a published table stands
 * for the Games, with how far its results go, as the table's caption:
 * "1 (results for 1 of 519 events)", not a Games of one sport. */
static int sports_fact(struct pd_buf *b, json_t *st, const char *lang)
{
	json_t *t = json_object_get(st, "table");
	char text[200], cover[160] = "";

	if (json_is_string(json_object_get(t, "source")) &&
	    h_num(t, "of") > h_num(t, "events"))
		h_cover_text(cover, sizeof(cover), t, lang);
	snprintf(text, sizeof(text), "%zu%s%s%s",
		 json_object_size(json_object_get(st, "sports")),
		 *cover ? " (" : "", cover, *cover ? ")" : "");
	return h_fact(b, h_word(lang, W_sports), text);
}

int page_overview(struct pd_buf *out, const struct page_games *pg,
		  json_t *st, json_t *table, const char *report)
{
	/* the counts of the stats document, in the order shown */
	static const struct { enum word w; const char *key; } people[] = {
		{ W_athletes, "athletes" }, { W_women_count, "women" },
		{ W_npcs_taking_part, "npcs" }, { W_npcs_medal, "npcs_medal" },
		{ W_npcs_gold, "npcs_gold" }, { W_events, "events" },
	};
	const char *lang = pg->lang;
	json_t *medals = json_object_get(st, "medals");
	json_t *rows = json_object_get(table, "rows"), *r;
	char self[64], text[200];
	size_t i;
	int ret;

	snprintf(self, sizeof(self), "/games/%s/about", pg->code);
	if ((ret = h_head(out, pg, lang, "overview", self, pg->name, NULL)))
		return ret;
	ret |= pd_buf_addf(out, "<h2>%s</h2>\n<dl class=\"facts\" id=\"figures\">"
			   "\n", h_word(lang, W_figures));
	if (*h_str(st, "start")) {
		ret |= pd_buf_addf(out, "<dt>%s</dt><dd>", h_word(lang,
								W_dates));
		ret |= h_date(out, lang, h_str(st, "start"));
		ret |= pd_buf_adds(out, " – ");
		ret |= h_date(out, lang, h_str(st, "end"));
		ret |= pd_buf_adds(out, "</dd>\n");
	}
	if (*h_str(st, "host"))
		ret |= h_fact(out, h_word(lang, W_host_heading),
			    h_npc(pg, h_str(st, "host")));
	for (i = 0; i < sizeof(people) / sizeof(*people); i++)
		ret |= i < 3 ? who_took_part(out, st, people[i].w,
					     people[i].key, lang) :
		       fact_num(out, h_word(lang, people[i].w),
				json_object_get(st, people[i].key), lang);
	ret |= sports_fact(out, st, lang);
	snprintf(text, sizeof(text), "%lld (%s %lld · %s %lld · %s %lld)",
		 h_num(medals, "gold") + h_num(medals, "silver") +
		 h_num(medals, "bronze"), pd_labels(lang)->gold,
		 h_num(medals, "gold"), pd_labels(lang)->silver,
		 h_num(medals, "silver"), pd_labels(lang)->bronze,
		 h_num(medals, "bronze"));
	ret |= h_fact(out, h_word(lang, W_medals_awarded), text);
	ret |= fact_num(out, h_word(lang, W_records_set),
			json_object_get(st, "records"), lang);
	ret |= fact_num(out, h_word(lang, W_sanctions),
			json_object_get(st, "sanctions"), lang);
	ret |= pd_buf_addf(out, "</dl>\n<h2>%s</h2>\n<ol class=\"top\">\n",
			   h_word(lang, W_top_of_table));
	json_array_foreach(rows, i, r) {
		if (i == 5)
			break;
		ret |= pd_buf_adds(out, "<li>");
		ret |= h_link(out, pg, "npcs", h_str(r, "npc"),
			       h_name(json_object_get(r, "name"), lang));
		ret |= pd_buf_addf(out, " — %s %lld · %s %lld · %s %lld</li>\n",
				   pd_labels(lang)->gold, h_num(r, "gold"),
				   pd_labels(lang)->silver, h_num(r, "silver"),
				   pd_labels(lang)->bronze, h_num(r, "bronze"));
	}
	ret |= pd_buf_adds(out, "</ol>\n");
	if (report)
		ret |= report_text(out, lang, report);
	return ret ? PD_ENOMEM : h_foot(out, lang, 1);
}
