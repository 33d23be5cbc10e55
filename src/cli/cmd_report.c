/* cmd_report.c -- 'podium report': a short Games report in zh or en whose
 * every number is read from the data (stats, the derived medal table, the
 * medallists).  A figure the data cannot give is said to be unknown. */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "podium/stats.h"
#include "cli.h"

struct report {
	int zh;
	const struct pd_registry *reg;
	struct pd_games g;
	struct pd_games_stats st;
	struct pd_tally tally;
	struct pd_standings table;
	struct pd_medallists who;
	struct pd_buf *b;
	int err;
};

/* Append to the report; the first failure is kept and checked once. */
static void say(struct report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void say(struct report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (!r->err && pd_buf_vaddf(r->b, fmt, ap) < 0)
		r->err = PD_ETOOBIG;
	va_end(ap);
}

static const char *npc_name(const struct report *r, const char *code)
{
	const struct pd_npc *npc = pd_registry_code(r->reg, code);

	return npc ? pd_npc_name(npc, r->zh ? "zh" : "en") : code;
}

static const char *games_name(const struct report *r)
{
	if (r->zh && *r->g.name_zh)
		return r->g.name_zh;
	return *r->g.name_en ? r->g.name_en : r->g.code;
}

static void when_where(struct report *r)
{
	const char *host = r->g.host[0] ? npc_name(r, r->g.host) : NULL;

	if (r->zh) {
		if (*r->g.start)
			say(r, "%s于%s至%s举行", games_name(r), r->g.start,
			    r->g.end);
		else
			say(r, "%s的举办日期不在数据中", games_name(r));
		if (host)
			say(r, "，东道主为%s（%s）", host, r->g.host);
		say(r, "。\n\n");
		return;
	}
	if (*r->g.start)
		say(r, "The %s were held from %s to %s", games_name(r),
		    r->g.start, r->g.end);
	else
		say(r, "The dates of the %s are not in the data",
		    games_name(r));
	if (host)
		say(r, ", hosted by %s (%s)", host, r->g.host);
	say(r, ".\n\n");
}

static void people(struct report *r)
{
	const struct pd_games_stats *s = &r->st;
	long share = pd_share_tenths(s->women, s->athletes);

	if (s->athletes > 0 && s->participation_known)
		say(r, r->zh ? "共有%ld名运动员参赛，其中女子%ld名，占%ld.%ld%%。"
			     : "%ld athletes took part, %ld of them women "
			       "(%ld.%ld%%). ", s->athletes, s->women,
		    share / 10, share % 10);
	else if (s->athletes > 0)
		say(r, r->zh ? "参赛运动员人数未知（数据中只有获奖名次）；获奖名次中"
			       "共有%ld名运动员，其中女子%ld名，占%ld.%ld%%。" :
			       "How many athletes took part is not known (the "
			       "data holds only medal placings); %ld athletes "
			       "appear in the medal placings, %ld of them women "
			       "(%ld.%ld%%). ", s->athletes, s->women,
		    share / 10, share % 10);
	else
		say(r, r->zh ? "参赛运动员人数未知：尚未导入运动员数据。"
			     : "How many athletes took part is not known: no "
			       "athlete data has been imported. ");
	if (s->results == 0) {
		say(r, r->zh ? "数据中还没有任何比赛成绩。\n\n" :
			       "No results are in the data yet.\n\n");
		return;
	}
	if (s->participation_known)
		say(r, r->zh ? "共有%ld个国家和地区参赛，其中" :
			       "%ld NPCs took part; ", s->npcs);
	else
		say(r, r->zh ? "参赛国家和地区的数量未知（数据中只有获奖名次）；"
			       "共有" : "How many NPCs took part is not known "
			       "(the data holds only medal placings); ");
	say(r, r->zh ? "%ld个国家和地区获得奖牌，%ld个获得金牌。\n\n" :
		       "%ld NPCs won at least one medal and %ld won a "
		       "gold.\n\n", s->npcs_medal, s->npcs_gold);
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
		say(r, r->zh ? "数据中还没有比赛项目。\n\n" :
			       "The data holds no events yet.\n\n");
		return;
	}
	say(r, r->zh ? "共设%ld个小项，分属%zu个大项，其中%s最多（%ld项）。" :
		       "%ld events were held in %zu sports, the most in %s "
		       "(%ld). ", s->events, s->sports.n, top->key,
	    top->n[0]);
	say(r, r->zh ? "共颁发金牌%ld枚、银牌%ld枚、铜牌%ld枚，合计%ld枚。\n\n" :
		       "%ld gold, %ld silver and %ld bronze medals were "
		       "awarded, %ld in all.\n\n", m[0], m[1], m[2],
	    m[0] + m[1] + m[2]);
}

/* The leader (or the leaders, tied) and the next two rows. */
static void table_top(struct report *r)
{
	const struct pd_standings *t = &r->table;
	const struct pd_standing *l = t->rows;
	size_t i, k;

	if (t->n == 0)
		return;
	for (k = 1; k < t->n && t->rows[k].rank == 1; k++)
		;
	for (i = 0; i < k; i++)
		say(r, r->zh ? "%s%s（%s）" : "%s%s (%s)", i == 0 ? "" :
		    r->zh ? "和" : " and ", npc_name(r, t->rows[i].npc),
		    t->rows[i].npc);
	if (r->zh)
		say(r, "以金牌%ld枚、银牌%ld枚、铜牌%ld枚（共%ld枚）%s奖牌榜首位",
		    l->medals[0], l->medals[1], l->medals[2], l->total,
		    k > 1 ? "并列" : "位居");
	else
		say(r, " %s the medal table with %ld gold, %ld silver and "
		    "%ld bronze medals (%ld in all)%s", k > 1 ? "shared the "
		    "top of" : "led", l->medals[0], l->medals[1],
		    l->medals[2], l->total, k > 1 ? " each" : "");
	for (i = k; i < t->n && i < k + 2; i++)
		say(r, r->zh ? "%s%s（%s，金牌%ld枚、银牌%ld枚、铜牌%ld枚）" :
		    "%s%s (%s; %ld gold, %ld silver, %ld bronze)", i > k ?
		    (r->zh ? "和" : " and ") : (r->zh ? "，其后是" :
		    ", ahead of "), npc_name(r, t->rows[i].npc),
		    t->rows[i].npc, t->rows[i].medals[0],
		    t->rows[i].medals[1], t->rows[i].medals[2]);
	say(r, r->zh ? "。" : ".");
}

/* "6 medals: 5 gold and 1 silver", only the colours won. */
static void counts(struct report *r, const long m[3], long total)
{
	static const char *const en[3] = { "gold", "silver", "bronze" };
	static const char *const zh[3] = { "金牌", "银牌", "铜牌" };
	int c, left = (m[0] > 0) + (m[1] > 0) + (m[2] > 0), said = 0;

	if (r->zh)
		say(r, "共获奖牌%ld枚：", total);
	else
		say(r, "%ld medal%s: ", total, total == 1 ? "" : "s");
	for (c = 0; c < 3; c++) {
		if (!m[c])
			continue;
		left--;
		if (r->zh)
			say(r, "%s%s%ld枚", said++ ? "、" : "", zh[c], m[c]);
		else
			say(r, "%ld %s%s", m[c], en[c], left == 0 ? "" :
			    left == 1 ? " and " : ", ");
	}
}

#define MAX_NAMED 5	/* more tied at the top are counted, not named */

/* The top of the medallists, teams aside: the most decorated athletes. */
static void decorated(struct report *r)
{
	const struct pd_medallist *v = r->who.v, *top[MAX_NAMED];
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
		say(r, r->zh ? "%zu名运动员并列获得奖牌最多，各" :
			       "%zu athletes shared the most medals, ", n);
	for (i = 0; i < n && n <= MAX_NAMED; i++)
		say(r, r->zh ? "%s%s（%s）" : "%s%s (%s)", i == 0 ?
		    (r->zh ? "获得奖牌最多的运动员是" : n == 1 ?
		     "The most decorated athlete was " : "The most decorated "
		     "athletes were ") : r->zh ? "、" : i + 1 == n ? " and " :
		    ", ", top[i]->name, top[i]->npc);
	if (n <= MAX_NAMED)
		say(r, r->zh ? "，%s" : ", with %s", n > 1 ? (r->zh ? "各" :
		    "each ") : "");
	counts(r, top[0]->medals, top[0]->total);
	say(r, r->zh ? "。\n\n" : ".\n\n");
}

static void records(struct report *r)
{
	const struct pd_games_stats *s = &r->st;
	size_t i;

	if (s->records == 0)
		say(r, r->zh ? "数据中没有成绩带有纪录标记。" :
			       "No result in the data carries a record flag. ");
	else if (r->zh)
		say(r, "共有%ld项成绩创造纪录（", s->records);
	else
		say(r, "%ld result%s set a record (", s->records,
		    s->records == 1 ? "" : "s");
	for (i = 0; i < s->record_types.n; i++)
		say(r, r->zh ? "%s%s %ld项" : "%s%s %ld", i ? (r->zh ? "，" :
		    ", ") : "", s->record_types.rows[i].key,
		    s->record_types.rows[i].n[0]);
	if (s->records)
		say(r, r->zh ? "）。" : "). ");
	if (s->sanctions == 0)
		say(r, r->zh ? "目前没有生效的处罚。\n" :
			       "No sanction is in force.\n");
	else if (r->zh)
		say(r, "目前有%ld项处罚生效（其中%ld项重新分配奖牌，%ld项奖牌空缺）。\n",
		    s->sanctions, s->sanctions_reallocate,
		    s->sanctions_vacate);
	else
		say(r, "%ld sanction%s in force (%ld reallocating medals, "
		    "%ld vacating them).\n", s->sanctions, s->sanctions == 1 ?
		    " is" : "s are", s->sanctions_reallocate,
		    s->sanctions_vacate);
}

static int load(struct cli *cli, const char *games, struct report *r,
		struct pd_diag *d)
{
	struct pd_standings_opts o;
	struct pd_query q;
	int ret;

	memset(&q, 0, sizeof(q));
	q.games = games;
	if ((ret = pd_store_games_get(cli->store, games, &r->g, d)) < 0)
		return ret;
	r->reg = cli_registry(cli);
	memset(&o, 0, sizeof(o));
	o.host = r->g.host[0] ? r->g.host : NULL;
	if ((ret = pd_store_games_stats(cli->store, games, &r->st, d)) < 0 ||
	    (ret = pd_store_tally(cli->store, games, NULL, &r->tally, NULL,
				  d)) < 0 ||
	    (ret = pd_standings_build(&r->table, &r->tally, &o, d)) < 0)
		return ret;
	return pd_store_medallists(cli->store, &q, r->reg, &r->who, d);
}

static void release(struct report *r)
{
	pd_medallists_release(&r->who);
	pd_standings_release(&r->table);
	pd_tally_release(&r->tally);
	pd_games_stats_release(&r->st);
	pd_games_release(&r->g);
}

static void write_report(struct report *r)
{
	say(r, r->zh ? "%s 报告\n\n" : "%s: report\n\n", games_name(r));
	when_where(r);
	people(r);
	events(r);
	if (r->table.n == 0) {
		say(r, r->zh ? "数据中还没有奖牌。\n\n" :
			       "The data holds no medals yet.\n\n");
	} else {
		table_top(r);
		say(r, "\n\n");
		decorated(r);
	}
	records(r);
}

static int parse_args(int argc, char **argv, char *games, size_t size,
		      const char **lang)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "lang", required_argument, NULL, 'l' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 'g' && pd_games_code(games, size, optarg) < 0)
			return cli_usage(&cmd_report, "--games takes a code "
					 "such as PG2024");
		else if (c == 'l' && !(*lang = cli_lang(optarg)))
			return cli_usage(&cmd_report, "--lang is zh or en");
		else if (c != 'g' && c != 'l')
			return cli_usage(&cmd_report, NULL);
	}
	if (optind < argc)
		return cli_usage(&cmd_report, "unexpected argument");
	if (!games[0])
		return cli_usage(&cmd_report, "--games is required");
	return 0;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	const char *lang = cli_default_lang();
	struct report r;
	struct pd_buf b;
	char games[16] = "";
	int ret, code = 0;

	if ((ret = parse_args(argc, argv, games, sizeof(games), &lang)))
		return ret;
	if (!cli_store(cli, &code))
		return code;
	memset(&r, 0, sizeof(r));
	pd_tally_init(&r.tally);
	pd_medallists_init(&r.who);
	pd_buf_init(&b, 0);
	r.zh = !strcmp(lang, "zh");
	r.b = &b;
	if ((ret = load(cli, games, &r, &d)) == 0) {
		write_report(&r);
		ret = r.err;
	}
	ret = ret < 0 ? cli_fail(ret, &d) : cli_write(&b);
	pd_buf_release(&b);
	release(&r);
	return ret;
}

const struct cli_command cmd_report = {
	"report", run, "write a short Games report from the data",
	"usage: podium report --games GAMES [--lang zh|en]\n"
	"\n"
	"Writes a few paragraphs about GAMES: its dates and host; the athletes\n"
	"(women and their share) and the NPCs taking part, those that won a\n"
	"medal and a gold; the events and sports; the top of the medal table\n"
	"with the leader's counts; the most decorated athlete; records set\n"
	"and sanctions in force.  Every number is read from the data, as in\n"
	"'podium stats', 'podium table' and 'podium medallists'; a figure the\n"
	"data cannot give is said to be unknown rather than printed as 0.\n"
	"\n"
	"  --lang zh|en   the language (default from $LANG)\n",
};
