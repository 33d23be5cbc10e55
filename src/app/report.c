/* report.c -- a short Games report in the reader's language (see
 * report.h): the words are English in one table here, translated in the
 * catalogue of words (po/LANG.po); the sentences' logic is written once.
 *
 * A string with printf conversions takes its arguments in the order the
 * code passes them; where a language needs another order it numbers them
 * (%2$ld).  Where English says one or many (a medal, medals), each is a
 * word of its own. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "podium/app.h"
#include "podium/date_words.h"
#include "podium/report.h"
#include "podium/stats.h"
#include "podium/words.h"
#include "app_int.h"

/* The words, in English marked for the catalogue (podium/words.h) and
 * said in the report's language by W() */
struct words {
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
	const char *leads_one;		/* g, s, b, total: one leader */
	const char *leads_tied;		/* the same, several */
	const char *ahead;		/* before the rows that follow */
	const char *next;		/* separator, name, code, g, s, b */
	const char *sentence_end;
	/* the most decorated */
	const char *many_top;		/* how many share the top */
	const char *decorated_one, *decorated_many;
	const char *athlete;		/* prefix, name, npc */
	const char *list_sep, *list_last;
	const char *with, *with_each;	/* before the counts */
	const char *medal_one, *medal_many;	/* total */
	const char *colour[3];
	const char *colour_count;	/* colour, count */
	/* records and sanctions */
	const char *no_records;
	const char *record_one, *record_many;	/* records */
	const char *record_type;	/* separator, type, count */
	const char *record_sep;
	const char *records_end;
	const char *no_sanctions;
	/* in force, reallocate, vacate */
	const char *sanction_one, *sanction_many;
};

static const struct words words = {
	.title = N_("%s: report\n\n"),
	.held = N_("The %s were held from %s to %s"),
	.no_dates = N_("The dates of the %s are not in the data"),
	.hosted = N_(", hosted by %s (%s)"),
	.para_end = N_(".\n\n"),
	.athletes = N_("%ld athletes took part, %ld of them women "
		       "(%ld.%ld%%). "),
	.medallists = N_("How many athletes took part is not known (the "
			 "data holds only medal placings); %ld athletes "
			 "appear in the medal placings, %ld of them women "
			 "(%ld.%ld%%). "),
	.no_athletes = N_("How many athletes took part is not known: no "
			  "athlete data has been imported. "),
	.no_results = N_("No results are in the data yet.\n\n"),
	.npcs = N_("%ld NPCs took part; "),
	.npcs_unknown = N_("How many NPCs took part is not known (the data "
			   "holds only medal placings); "),
	.npcs_medal = N_("%ld NPCs won at least one medal and %ld won a "
			 "gold.\n\n"),
	.no_events = N_("The data holds no events yet.\n\n"),
	.events = N_("%ld events were held in %zu sports, the most in %s "
		     "(%ld). "),
	.medals = N_("%ld gold, %ld silver and %ld bronze medals were "
		     "awarded, %ld in all.\n\n"),
	.no_medals = N_("The data holds no medals yet.\n\n"),
	.published = N_("The medal table is %s@%s as published (%s); who "
			"took part is not known until the results are "
			"complete. "),
	.npc = C_("report", "%s%s (%s)"),
	.conj = C_("report names", " and "),
	.leads_one = N_(" led the medal table with %ld gold, %ld silver and "
			"%ld bronze medals (%ld in all)"),
	.leads_tied = N_(" shared the top of the medal table with %ld gold, "
			 "%ld silver and %ld bronze medals (%ld in all) "
			 "each"),
	.ahead = N_(", ahead of "),
	.next = N_("%s%s (%s; %ld gold, %ld silver, %ld bronze)"),
	.sentence_end = C_("report", "."),
	.many_top = N_("%zu athletes shared the most medals, "),
	.decorated_one = N_("The most decorated athlete was "),
	.decorated_many = N_("The most decorated athletes were "),
	.athlete = C_("report", "%s%s (%s)"),
	.list_sep = C_("report list", ", "),
	.list_last = C_("report list", " and "),
	.with = N_(", with "),
	.with_each = N_(", with each "),
	.medal_one = N_("%ld medal: "),
	.medal_many = N_("%ld medals: "),
	.colour = { C_("report", "gold"), C_("report", "silver"),
		    C_("report", "bronze") },
	.colour_count = N_("%2$ld %1$s"),
	.no_records = N_("No result in the data carries a record flag. "),
	.record_one = N_("%ld result set a record ("),
	.record_many = N_("%ld results set a record ("),
	.record_type = N_("%s%s %ld"),
	.record_sep = C_("report records", ", "),
	.records_end = N_("). "),
	.no_sanctions = N_("No sanction is in force.\n"),
	.sanction_one = N_("%ld sanction is in force (%ld reallocating "
			   "medals, %ld vacating them).\n"),
	.sanction_many = N_("%ld sanctions are in force (%ld reallocating "
			    "medals, %ld vacating them).\n"),
};

/* A word of the report in its language. */
#define W(r, f) pd_word((r)->lang, words.f)

struct report {
	const char *lang;
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

	return npc ? pd_npc_name(npc, r->lang) : code;
}

static const char *games_name(const struct report *r)
{
	if (!strcmp(r->lang, "zh") && *r->g.name_zh)
		return r->g.name_zh;
	return *r->g.name_en ? r->g.name_en : r->g.code;
}

static void when_where(struct report *r)
{
	const char *host = r->g.host[0] ? npc_name(r, r->g.host) : NULL;
	char from[64], to[64];	/* as the report's language says a date */

	if (*r->g.start) {
		pd_date_words(from, sizeof(from), r->g.start, r->lang);
		pd_date_words(to, sizeof(to), r->g.end, r->lang);
		say(r, W(r, held), games_name(r), from, to);
	} else
		say(r, W(r, no_dates), games_name(r));
	if (host)
		say(r, W(r, hosted), host, r->g.host);
	put(r, W(r, para_end));
}

static void people(struct report *r)
{
	const struct pd_games_stats *s = &r->st;
	long share = pd_share_tenths(s->women, s->athletes);

	if (s->athletes > 0)
		say(r, s->participation_known ? W(r, athletes) :
		    W(r, medallists), s->athletes, s->women, share / 10,
		    share % 10);
	else
		put(r, W(r, no_athletes));
	if (s->results == 0) {
		put(r, W(r, no_results));
		return;
	}
	if (s->participation_known)
		say(r, W(r, npcs), s->npcs);
	else
		put(r, W(r, npcs_unknown));
	say(r, W(r, npcs_medal), s->npcs_medal, s->npcs_gold);
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
		put(r, W(r, no_events));
		return;
	}
	say(r, W(r, events), s->events, s->sports.n, top->key, top->n[0]);
	say(r, W(r, medals), m[0], m[1], m[2], m[0] + m[1] + m[2]);
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
		say(r, W(r, npc), i == 0 ? "" : W(r, conj),
		    npc_name(r, t->rows[i].npc), t->rows[i].npc);
	say(r, k > 1 ? W(r, leads_tied) : W(r, leads_one), l->medals[0],
	    l->medals[1], l->medals[2], l->total);
	for (i = k; i < t->n && i < k + 2; i++)
		say(r, W(r, next), i > k ? W(r, conj) : W(r, ahead),
		    npc_name(r, t->rows[i].npc), t->rows[i].npc,
		    t->rows[i].medals[0], t->rows[i].medals[1],
		    t->rows[i].medals[2]);
	put(r, W(r, sentence_end));
}

/* "6 medals: 5 gold and 1 silver", only the colours won. */
static void counts(struct report *r, const long m[3], long total)
{
	int c, left = (m[0] > 0) + (m[1] > 0) + (m[2] > 0), said = 0;

	say(r, total == 1 ? W(r, medal_one) : W(r, medal_many), total);
	for (c = 0; c < 3; c++) {
		if (!m[c])
			continue;
		left--;
		if (said++)
			put(r, left == 0 ? W(r, list_last) : W(r, list_sep));
		say(r, W(r, colour_count), W(r, colour[c]), m[c]);
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
		say(r, W(r, many_top), n);
	for (i = 0; i < n && n <= MAX_NAMED; i++)
		say(r, W(r, athlete), i == 0 ? (n == 1 ? W(r, decorated_one) :
		    W(r, decorated_many)) : i + 1 == n ? W(r, list_last) :
		    W(r, list_sep), top[i]->name, top[i]->npc);
	if (n <= MAX_NAMED)
		put(r, n > 1 ? W(r, with_each) : W(r, with));
	counts(r, top[0]->medals, top[0]->total);
	put(r, W(r, para_end));
}

static void records(struct report *r)
{
	const struct pd_games_stats *s = &r->st;
	size_t i;

	if (s->records == 0)
		put(r, W(r, no_records));
	else
		say(r, s->records == 1 ? W(r, record_one) :
		    W(r, record_many), s->records);
	for (i = 0; i < s->record_types.n; i++)
		say(r, W(r, record_type), i ? W(r, record_sep) : "",
		    s->record_types.rows[i].key,
		    s->record_types.rows[i].n[0]);
	if (s->records)
		put(r, W(r, records_end));
	if (s->sanctions == 0)
		put(r, W(r, no_sanctions));
	else
		say(r, s->sanctions == 1 ? W(r, sanction_one) :
		    W(r, sanction_many), s->sanctions,
		    s->sanctions_reallocate, s->sanctions_vacate);
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

	pd_cover_text(cover, sizeof(cover), &r->cover, r->lang);
	say(r, W(r, published), r->g.code, r->cover.source, cover);
	say(r, W(r, medals), m[0], m[1], m[2], m[0] + m[1] + m[2]);
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
	say(r, W(r, title), games_name(r));
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
		put(r, W(r, no_medals));
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
	r.lang = lang ? lang : "en";
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
