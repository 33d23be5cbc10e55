/* report.c -- a short Games report in zh or en (see report.h): the words
 * are one string table per language, the sentences' logic is written once.
 *
 * A string with printf conversions takes its arguments in the order the
 * code passes them; where a language needs another order it numbers them
 * (%2$ld), and a language that needs fewer ignores the trailing ones. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "podium/app.h"
#include "podium/date_words.h"
#include "podium/report.h"
#include "podium/stats.h"
#include "app_int.h"

struct words {
	const char *lang;		/* for NPC names */
	const char *title;		/* games */
	const char *held;		/* games, start, end */
	const char *no_dates;		/* games */
	const char *hosted;		/* host name, code */
	const char *para_end;
	/* people */
	const char *athletes;		/* athletes, women, share %, tenths */
	const char *medallists;		/* the same, medal placings only */
	const char *no_athletes;
	const char *no_results;
	const char *npcs;		/* npcs */
	const char *npcs_unknown;
	const char *npcs_medal;		/* with a medal, with a gold */
	/* events */
	const char *no_events;
	const char *events;		/* events, sports, top sport, its n */
	const char *medals;		/* gold, silver, bronze, all */
	const char *no_medals;
	const char *published;		/* games, source, how far results go */
	/* the table's top */
	const char *npc;		/* separator, name, code */
	const char *conj;		/* "and" between names */
	const char *leads;		/* g, s, b, total, verb, suffix */
	const char *led, *tied;		/* the verb: one leader, several */
	const char *tied_each;		/* the suffix for several */
	const char *ahead;		/* before the rows that follow */
	const char *next;		/* separator, name, code, g, s, b */
	const char *sentence_end;
	/* the most decorated */
	const char *many_top;		/* how many share the top */
	const char *decorated_one, *decorated_many;
	const char *athlete;		/* prefix, name, npc */
	const char *list_sep, *list_last;
	const char *with, *with_each;	/* before the counts */
	const char *medal_count;	/* total, plural */
	const char *plural;
	const char *colour[3];
	const char *colour_count;	/* colour, count */
	/* records and sanctions */
	const char *no_records;
	const char *records;		/* records, plural */
	const char *record_type;	/* separator, type, count */
	const char *record_sep;
	const char *records_end;
	const char *no_sanctions;
	const char *sanctions;		/* in force, reallocate, vacate,
					 * is/are */
	const char *sanction_one, *sanction_many;
};

static const struct words zh = {
	.lang = "zh",
	.title = "%s 报告\n\n",
	.held = "%s于%s至%s举行",
	.no_dates = "%s的举办日期不在数据中",
	.hosted = "，东道主为%s（%s）",
	.para_end = "。\n\n",
	.athletes = "共有%ld名运动员参赛，其中女子%ld名，占%ld.%ld%%。",
	.medallists = "参赛运动员人数未知（数据中只有获奖名次）；获奖名次中"
		      "共有%ld名运动员，其中女子%ld名，占%ld.%ld%%。",
	.no_athletes = "参赛运动员人数未知：尚未导入运动员数据。",
	.no_results = "数据中还没有任何比赛成绩。\n\n",
	.npcs = "共有%ld个国家和地区参赛，其中",
	.npcs_unknown = "参赛国家和地区的数量未知（数据中只有获奖名次）；共有",
	.npcs_medal = "%ld个国家和地区获得奖牌，%ld个获得金牌。\n\n",
	.no_events = "数据中还没有比赛项目。\n\n",
	.events = "共设%ld个小项，分属%zu个大项，其中%s最多（%ld项）。",
	.medals = "共颁发金牌%ld枚、银牌%ld枚、铜牌%ld枚，合计%ld枚。\n\n",
	.no_medals = "数据中还没有奖牌。\n\n",
	.published = "奖牌榜为公布的%s@%s（%s）；在比赛成绩录入完成前，参赛运动员"
		     "和国家和地区的数量未知。",
	.npc = "%s%s（%s）",
	.conj = "和",
	.leads = "以金牌%ld枚、银牌%ld枚、铜牌%ld枚（共%ld枚）%s奖牌榜首位",
	.led = "位居",
	.tied = "并列",
	.tied_each = "",
	.ahead = "，其后是",
	.next = "%s%s（%s，金牌%ld枚、银牌%ld枚、铜牌%ld枚）",
	.sentence_end = "。",
	.many_top = "%zu名运动员并列获得奖牌最多，各",
	.decorated_one = "获得奖牌最多的运动员是",
	.decorated_many = "获得奖牌最多的运动员是",
	.athlete = "%s%s（%s）",
	.list_sep = "、",
	.list_last = "、",
	.with = "，",
	.with_each = "，各",
	.medal_count = "共获奖牌%ld枚：",
	.plural = "",
	.colour = { "金牌", "银牌", "铜牌" },
	.colour_count = "%s%ld枚",
	.no_records = "数据中没有成绩带有纪录标记。",
	.records = "共有%ld项成绩创造纪录（",
	.record_type = "%s%s %ld项",
	.record_sep = "，",
	.records_end = "）。",
	.no_sanctions = "目前没有生效的处罚。\n",
	.sanctions = "目前有%ld项处罚生效（其中%ld项重新分配奖牌，"
		     "%ld项奖牌空缺）。\n",
	.sanction_one = "",
	.sanction_many = "",
};

static const struct words en = {
	.lang = "en",
	.title = "%s: report\n\n",
	.held = "The %s were held from %s to %s",
	.no_dates = "The dates of the %s are not in the data",
	.hosted = ", hosted by %s (%s)",
	.para_end = ".\n\n",
	.athletes = "%ld athletes took part, %ld of them women (%ld.%ld%%). ",
	.medallists = "How many athletes took part is not known (the data "
		      "holds only medal placings); %ld athletes appear in the "
		      "medal placings, %ld of them women (%ld.%ld%%). ",
	.no_athletes = "How many athletes took part is not known: no athlete "
		       "data has been imported. ",
	.no_results = "No results are in the data yet.\n\n",
	.npcs = "%ld NPCs took part; ",
	.npcs_unknown = "How many NPCs took part is not known (the data "
			"holds only medal placings); ",
	.npcs_medal = "%ld NPCs won at least one medal and %ld won a "
		      "gold.\n\n",
	.no_events = "The data holds no events yet.\n\n",
	.events = "%ld events were held in %zu sports, the most in %s (%ld). ",
	.medals = "%ld gold, %ld silver and %ld bronze medals were awarded, "
		  "%ld in all.\n\n",
	.no_medals = "The data holds no medals yet.\n\n",
	.published = "The medal table is %s@%s as published (%s); who took "
		     "part is not known until the results are complete. ",
	.npc = "%s%s (%s)",
	.conj = " and ",
	.leads = " %5$s the medal table with %1$ld gold, %2$ld silver and "
		 "%3$ld bronze medals (%4$ld in all)%6$s",
	.led = "led",
	.tied = "shared the top of",
	.tied_each = " each",
	.ahead = ", ahead of ",
	.next = "%s%s (%s; %ld gold, %ld silver, %ld bronze)",
	.sentence_end = ".",
	.many_top = "%zu athletes shared the most medals, ",
	.decorated_one = "The most decorated athlete was ",
	.decorated_many = "The most decorated athletes were ",
	.athlete = "%s%s (%s)",
	.list_sep = ", ",
	.list_last = " and ",
	.with = ", with ",
	.with_each = ", with each ",
	.medal_count = "%ld medal%s: ",
	.plural = "s",
	.colour = { "gold", "silver", "bronze" },
	.colour_count = "%2$ld %1$s",
	.no_records = "No result in the data carries a record flag. ",
	.records = "%ld result%s set a record (",
	.record_type = "%s%s %ld",
	.record_sep = ", ",
	.records_end = "). ",
	.no_sanctions = "No sanction is in force.\n",
	.sanctions = "%1$ld sanction%4$s in force (%2$ld reallocating medals, "
		     "%3$ld vacating them).\n",
	.sanction_one = " is",
	.sanction_many = "s are",
};

struct report {
	const struct words *w;
	const struct pd_registry *reg;
	struct pd_games g;
	struct pd_games_stats st;
	struct pd_cover cover;		/* a published source: the table */
	struct pd_tally tally;
	struct pd_standings table;
	struct pd_medallists who;
	struct pd_buf *b;
	int err;
};

/* Append to the report; the first failure is kept and checked once.  The
 * formats come from the tables above, never from the data. */
static void say(struct report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (!r->err && pd_buf_vaddf(r->b, fmt, ap) < 0)
		r->err = PD_ETOOBIG;
	va_end(ap);
}

static void put(struct report *r, const char *s)
{
	if (!r->err && pd_buf_adds(r->b, s) < 0)
		r->err = PD_ETOOBIG;
}

static const char *npc_name(const struct report *r, const char *code)
{
	const struct pd_npc *npc = pd_registry_code(r->reg, code);

	return npc ? pd_npc_name(npc, r->w->lang) : code;
}

static const char *games_name(const struct report *r)
{
	if (r->w == &zh && *r->g.name_zh)
		return r->g.name_zh;
	return *r->g.name_en ? r->g.name_en : r->g.code;
}

static void when_where(struct report *r)
{
	const char *host = r->g.host[0] ? npc_name(r, r->g.host) : NULL;
	char from[64], to[64];	/* as the report's language says a date */

	if (*r->g.start) {
		pd_date_words(from, sizeof(from), r->g.start, r->w->lang);
		pd_date_words(to, sizeof(to), r->g.end, r->w->lang);
		say(r, r->w->held, games_name(r), from, to);
	} else
		say(r, r->w->no_dates, games_name(r));
	if (host)
		say(r, r->w->hosted, host, r->g.host);
	put(r, r->w->para_end);
}

static void people(struct report *r)
{
	const struct pd_games_stats *s = &r->st;
	long share = pd_share_tenths(s->women, s->athletes);

	if (s->athletes > 0)
		say(r, s->participation_known ? r->w->athletes :
		    r->w->medallists, s->athletes, s->women, share / 10,
		    share % 10);
	else
		put(r, r->w->no_athletes);
	if (s->results == 0) {
		put(r, r->w->no_results);
		return;
	}
	if (s->participation_known)
		say(r, r->w->npcs, s->npcs);
	else
		put(r, r->w->npcs_unknown);
	say(r, r->w->npcs_medal, s->npcs_medal, s->npcs_gold);
}

static void events(struct report *r)
{
	const struct pd_games_stats *s = &r->st;
	const struct pd_count_row *top = NULL;
	const long *m = s->medals;
	size_t i;

	for (i = 0; i < s->sports.n; i++)
		if (!top || s->sports.rows[i].n[0] > top->n[0])
			top = &s->sports.rows[i];
	if (!top) {
		put(r, r->w->no_events);
		return;
	}
	say(r, r->w->events, s->events, s->sports.n, top->key, top->n[0]);
	say(r, r->w->medals, m[0], m[1], m[2], m[0] + m[1] + m[2]);
}

/* The leader (or the leaders, tied) and the next two rows. */
static void table_top(struct report *r)
{
	const struct pd_standings *t = &r->table;
	const struct pd_standing *l = t->rows;
	const struct words *w = r->w;
	size_t i, k;

	if (t->n == 0)
		return;
	for (k = 1; k < t->n && t->rows[k].rank == 1; k++)
		;
	for (i = 0; i < k; i++)
		say(r, w->npc, i == 0 ? "" : w->conj,
		    npc_name(r, t->rows[i].npc), t->rows[i].npc);
	say(r, w->leads, l->medals[0], l->medals[1], l->medals[2], l->total,
	    k > 1 ? w->tied : w->led, k > 1 ? w->tied_each : "");
	for (i = k; i < t->n && i < k + 2; i++)
		say(r, w->next, i > k ? w->conj : w->ahead,
		    npc_name(r, t->rows[i].npc), t->rows[i].npc,
		    t->rows[i].medals[0], t->rows[i].medals[1],
		    t->rows[i].medals[2]);
	put(r, w->sentence_end);
}

/* "6 medals: 5 gold and 1 silver", only the colours won. */
static void counts(struct report *r, const long m[3], long total)
{
	int c, left = (m[0] > 0) + (m[1] > 0) + (m[2] > 0), said = 0;

	say(r, r->w->medal_count, total, total == 1 ? "" : r->w->plural);
	for (c = 0; c < 3; c++) {
		if (!m[c])
			continue;
		left--;
		if (said++)
			put(r, left == 0 ? r->w->list_last : r->w->list_sep);
		say(r, r->w->colour_count, r->w->colour[c], m[c]);
	}
}

#define MAX_NAMED 5	/* more tied at the top are counted, not named */

/* The top of the medallists, teams aside: the most decorated athletes. */
static void decorated(struct report *r)
{
	const struct pd_medallist *v = r->who.v, *top[MAX_NAMED];
	const struct words *w = r->w;
	size_t i, n = 0;

	for (i = 0; i < r->who.n; i++) {
		if (v[i].team_id || v[i].scope)
			continue;
		if (n && v[i].rank != top[0]->rank)
			break;
		if (n < MAX_NAMED)
			top[n] = &v[i];
		n++;
	}
	if (n == 0)
		return;
	if (n > MAX_NAMED)
		say(r, w->many_top, n);
	for (i = 0; i < n && n <= MAX_NAMED; i++)
		say(r, w->athlete, i == 0 ? (n == 1 ? w->decorated_one :
		    w->decorated_many) : i + 1 == n ? w->list_last :
		    w->list_sep, top[i]->name, top[i]->npc);
	if (n <= MAX_NAMED)
		put(r, n > 1 ? w->with_each : w->with);
	counts(r, top[0]->medals, top[0]->total);
	put(r, w->para_end);
}

static void records(struct report *r)
{
	const struct pd_games_stats *s = &r->st;
	const struct words *w = r->w;
	size_t i;

	if (s->records == 0)
		put(r, w->no_records);
	else
		say(r, w->records, s->records, s->records == 1 ? "" :
		    w->plural);
	for (i = 0; i < s->record_types.n; i++)
		say(r, w->record_type, i ? w->record_sep : "",
		    s->record_types.rows[i].key,
		    s->record_types.rows[i].n[0]);
	if (s->records)
		put(r, w->records_end);
	if (s->sanctions == 0)
		put(r, w->no_sanctions);
	else
		say(r, w->sanctions, s->sanctions, s->sanctions_reallocate,
		    s->sanctions_vacate, s->sanctions == 1 ?
		    w->sanction_one : w->sanction_many);
}

/* The tally of the table that stands for the Games (pd_cover): its
 * published one while its results are incomplete, else its results'. */
static int table_tally(struct pd_store *s, const char *games,
		       struct report *r, struct pd_diag *d)
{
	struct pd_published pub;
	int ret;

	if (!r->cover.source[0])
		return pd_store_tally(s, games, NULL, &r->tally, NULL, d);
	pd_published_init(&pub);
	if ((ret = pd_store_published_get(s, games, r->cover.source, &pub,
					  d)) == 0)
		ret = pd_published_tally(&pub, &r->tally);
	pd_published_release(&pub);
	return ret;
}

/* The table as published and its medals; the few results aside. */
static void published(struct report *r)
{
	const long *m = r->st.medals;
	char cover[160];

	pd_cover_text(cover, sizeof(cover), &r->cover, r->w->lang);
	say(r, r->w->published, r->g.code, r->cover.source, cover);
	say(r, r->w->medals, m[0], m[1], m[2], m[0] + m[1] + m[2]);
}

static int load(struct pd_store *s, const char *games, struct report *r,
		struct pd_diag *d)
{
	struct pd_standings_opts o;
	struct pd_query q;
	int ret;

	memset(&q, 0, sizeof(q));
	q.games = games;
	if ((ret = pd_store_games_get(s, games, &r->g, d)) < 0)
		return ret;
	memset(&o, 0, sizeof(o));
	o.host = r->g.host[0] ? r->g.host : NULL;
	if ((ret = pd_games_stats_read(s, games, &r->st, &r->cover, d)) < 0 ||
	    (ret = table_tally(s, games, r, d)) < 0 ||
	    (ret = pd_standings_build(&r->table, &r->tally, &o, d)) < 0)
		return ret;
	return pd_store_medallists(s, &q, r->reg, &r->who, d);
}

static void write_report(struct report *r)
{
	say(r, r->w->title, games_name(r));
	when_where(r);
	if (r->cover.source[0]) {
		published(r);
		table_top(r);
		put(r, "\n\n");
		records(r);
		return;
	}
	people(r);
	events(r);
	if (r->table.n == 0) {
		put(r, r->w->no_medals);
	} else {
		table_top(r);
		put(r, "\n\n");
		decorated(r);
	}
	records(r);
}

int pd_report(struct pd_buf *out, struct pd_store *s,
	      const struct pd_registry *reg, const char *games,
	      const char *lang, struct pd_diag *diag)
{
	struct report r;
	int ret;

	memset(&r, 0, sizeof(r));
	pd_tally_init(&r.tally);
	pd_medallists_init(&r.who);
	r.w = lang && !strcmp(lang, "zh") ? &zh : &en;
	r.reg = reg;
	r.b = out;
	if ((ret = load(s, games, &r, diag)) == 0) {
		write_report(&r);
		ret = r.err;
	}
	pd_medallists_release(&r.who);
	pd_standings_release(&r.table);
	pd_tally_release(&r.tally);
	pd_games_stats_release(&r.st);
	pd_games_release(&r.g);
	return ret;
}
