/* pages_int.h -- what the page files (pages.c, page_table.c,
 * page_view.c) share: the words and the HTML helpers of pages.c. */
#ifndef PODIUM_HTTP_PAGES_INT_H
#define PODIUM_HTTP_PAGES_INT_H

#include <jansson.h>

#include "podium/buf.h"
#include "pages.h"

/* The page's own words; the table's are pd_labels() (the renderers'). */
#define WORDS(X) \
	X(site, "Medal tables", "奖牌榜") \
	X(skip, "Skip to the content", "跳到正文") \
	X(all_games, "All Games", "全部运动会") \
	X(overview, "Overview", "概况") \
	X(language, "Language", "语言") \
	X(ranking, "Ranking", "排名方式") \
	X(gold_first, "Gold first", "金牌优先") \
	X(total_first, "Total first", "奖牌总数优先") \
	X(points_321, "Points 3-2-1", "积分 3-2-1") \
	X(table, "Table", "奖牌榜") \
	X(from_results, "From results", "按成绩计算") \
	X(as_published, "As published", "公布的奖牌榜") \
	X(show, "Show", "显示") \
	X(code, "Code", "代码") \
	X(points, "Points", "积分") \
	X(chart_gold, "Gold medals, day by day", "每日金牌累计") \
	X(chart_total, "Medals, day by day", "每日奖牌累计") \
	X(chart_points, "Points, day by day", "每日积分累计") \
	X(chart_label, "Cumulative count, day by day, of the first five of " \
	  "the table", "奖牌榜前五名的每日累计") \
	X(no_chart, "No dated medals yet: the chart appears as results " \
	  "land.", "尚无带日期的奖牌：有成绩后显示图表。") \
	X(host_legend, "host", "东道主") \
	X(undated, "undated", "无日期") \
	X(host_heading, "Host", "东道主") \
	X(event, "Event", "项目") \
	X(sport, "Sport", "大项") \
	X(date, "Date", "日期") \
	X(status, "Status", "状态") \
	X(policy, "Medals", "奖牌规则") \
	X(mark, "Mark", "成绩") \
	X(records, "Records", "纪录") \
	X(medal, "Medal", "奖牌") \
	X(athlete, "Athlete", "运动员") \
	X(results, "Results", "成绩") \
	X(no_results, "No results yet.", "尚无成绩。") \
	X(medals_by_sport, "Medals by sport", "各大项奖牌") \
	X(no_medals, "No medals in this table.", "此奖牌榜没有奖牌。") \
	X(no_list, "This table was published as a whole: it lists no " \
	  "events.", "此奖牌榜为整体公布，没有项目明细。") \
	X(team, "team", "团体") \
	X(scheduled, "scheduled", "未开始") \
	X(live, "Live", "实时") \
	X(unofficial, "unofficial", "非正式") \
	X(official, "official", "正式") \
	X(protested, "protested", "申诉中") \
	X(provisional, "provisional", "临时") \
	X(men, "men", "男子") \
	X(women, "women", "女子") \
	X(mixed, "mixed", "混合") \
	X(standard, "1, 2, 3: gold, silver, bronze", "前三名获金、银、铜牌") \
	X(two_bronzes, "two bronzes", "两枚铜牌") \
	X(capped, "at most one fewer than the starters", "奖牌数少于参赛人数") \
	X(figures, "Key figures", "关键数字") \
	X(dates, "Dates", "日期") \
	X(athletes, "Athletes", "运动员") \
	X(women_count, "Women", "女运动员") \
	X(npcs_taking_part, "NPCs taking part", "参赛代表团") \
	X(npcs_medal, "NPCs with a medal", "获得奖牌的代表团") \
	X(npcs_gold, "NPCs with a gold", "获得金牌的代表团") \
	X(events, "Events", "项目") \
	X(sports, "Sports", "大项") \
	X(medals_awarded, "Medals awarded", "颁发奖牌") \
	X(records_set, "Results that set a record", "创纪录成绩") \
	X(sanctions, "Sanctions in force", "生效的处罚") \
	X(unknown, "unknown", "未知") \
	X(medallists_only, "medallists only", "仅计获奖者") \
	X(top_of_table, "Top of the table", "奖牌榜前列") \
	X(report, "Report", "综述") \
	X(games, "Games", "运动会") \
	X(year, "Year", "年份") \
	X(medals_count, "Medals", "奖牌数") \
	X(not_found, "Not found", "未找到") \
	X(error, "Something went wrong", "出错了") \
	X(reconnecting, "Reconnecting…", "正在重新连接…") \
	X(updated, "Updated", "已更新") \
	X(switched, "Now showing the table from results", \
	  "现在显示按成绩计算的奖牌榜") \
	X(footer, "The table updates by itself as results land.", \
	  "成绩录入后奖牌榜自动更新。") \
	X(no_games, "No Games in the store yet.", "尚无运动会。") \
	X(matches, "Matches", "比赛") \
	X(pool, "Pool", "小组") \
	X(played, "P", "场") \
	X(won, "W", "胜") \
	X(drawn, "D", "平") \
	X(lost, "L", "负") \
	X(goals, "Goals", "进失球") \
	X(aet, " aet", "（加时）") \
	X(pens, "pen", "点球") \
	X(walkover, "walkover", "弃权")

enum word {
#define X(k, en, zh) W_##k,
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
/* A sport's name in lang (pd_sport_name: 田径 for "Para Athletics"). */
const char *h_sport(const char *lang, const char *sport);
/* The name of the NPC code in the page's language at its Games; the code
 * itself when the registry does not know it. */
const char *h_npc(const struct page_games *pg, const char *code);
/* A date for prose: "2004-09-17" is 2004年9月17日 in zh; in en, and
 * anything not such a date, as it is. */
int h_date(struct pd_buf *b, const char *lang, const char *iso);
/* The word of "gold", "silver", "bronze" in lang ("" for others). */
const char *h_medal_word(const char *lang, const char *medal);
/* A medal as a coloured dot and its word (nothing for ""). */
int h_medal_cell(struct pd_buf *b, const char *lang, const char *medal);

#endif
