/* report_games.c -- a Games' official report regenerated from the store
 * (pd_report_games(), report.h): its paragraphs are templates with no
 * number in them, only names of where each number comes from --
 *
 *   {KEY}      a fact of KEY (the first stated; a key whose facts
 *              disagree shows the others beside it)
 *   {=KEY}     the figure the store computes for KEY (facts_ops.h)
 *   {@FIELD}   the Games' own record: name, start, end, host
 *   {#N.FIELD} row N of the Games' published table: name, gold, total
 *   {%FIELD}   the Games' election: votes, turnout
 *   {!KEY}     the date that ends KEY (viewers.GER.2004-09-19), as a
 *              reader of the language writes it
 *
 * -- and a sentence any of whose sources is missing is left out.  Each
 * figure used is traced: with sources on, the text marks it [n] and a
 * list of where each came from follows.  The report ends with every
 * contradiction 'podium facts check' finds. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/app.h"
#include "podium/date_words.h"
#include "podium/election_ops.h"
#include "podium/facts_ops.h"
#include "podium/match_ops.h"
#include "podium/report.h"
#include "podium/words.h"
#include "app_int.h"

struct ctx {
	struct pd_store *s;
	const struct pd_registry *reg;
	const char *lang;
	int zh, marks;	/* zh: facts traced by their quotes, names in Chinese */
	struct pd_games g;
	struct pd_facts_audit a;
	/* the one table every figure of the table paragraph comes from:
	 * the one that stands for the Games (pd_cover), published (pub)
	 * or ranked from results (ranked) */
	struct pd_cover cover;
	struct pd_published pub;
	char pub_source[PD_IDENT_MAX + 1];
	struct pd_tally tally;
	struct pd_standings ranked;
	int from_results;
	struct pd_election_read el;
	int have_election;
	struct pd_buf trace;
	long ntrace;
};

/* a word of the report in its language */
static const char *W(const struct ctx *c, const char *msgid)
{
	return pd_word(c->lang, msgid);
}

/* one figure: its value into b, and where it came from into the trace */
static int traced(struct ctx *c, struct pd_buf *b, const char *value,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int traced(struct ctx *c, struct pd_buf *b, const char *value,
		  const char *fmt, ...)
{
	va_list ap;
	int ret;

	if ((ret = pd_buf_adds(b, value)) < 0)
		return ret;
	c->ntrace++;
	if (c->marks && (ret = pd_buf_addf(b, "[%ld]", c->ntrace)) < 0)
		return ret;
	if ((ret = pd_buf_addf(&c->trace, "[%ld] %s  ", c->ntrace, value)) < 0)
		return ret;
	va_start(ap, fmt);
	ret = pd_buf_vaddf(&c->trace, fmt, ap);
	va_end(ap);
	return ret ? ret : pd_buf_addc(&c->trace, '\n');
}

static int formatted(struct ctx *c, char *out, size_t size, const char *value,
		     const char *qualifier)
{
	struct pd_buf v;
	int ret;

	pd_buf_init(&v, size - 1);
	ret = pd_buf_adds(&v, pd_fact_qualifier(qualifier, c->lang));
	if (ret == 0)
		ret = pd_fact_format(&v, value, c->lang);
	snprintf(out, size, "%s", ret ? value : v.data);
	pd_buf_release(&v);
	return 0;
}

/* A fact's value, traced to its source: in English by its key, in
 * Chinese by the source's own words (its quote), not an English key. */
static int fact_traced(struct ctx *c, struct pd_buf *b, const char *text,
		       const struct pd_fact *f)
{
	char where[300];

	snprintf(where, sizeof(where), "%s %s", f->source, f->cite);
	if (c->zh && f->quote[0])
		return traced(c, b, text, W(c, N_("fact #%ld: %s \"%s\"")),
			      f->id, where, f->quote);
	return traced(c, b, text, W(c, N_("fact #%ld %s: %s")), f->id, f->key,
		      where);
}

static int fact_value(struct ctx *c, struct pd_buf *b, const char *key)
{
	const struct pd_fact *first = NULL;
	char text[96];
	size_t i, n = 0;
	int ret;

	for (i = 0; i < c->a.facts.n; i++) {
		const struct pd_fact *f = &c->a.facts.v[i];

		if (strcmp(f->key, key))
			continue;
		if (!first)
			first = f;
		else if (strcmp(f->value, first->value))
			n++;
	}
	if (!first)
		return PD_ENOTFOUND;
	formatted(c, text, sizeof(text), first->value, first->qualifier);
	if ((ret = fact_traced(c, b, text, first)) < 0 || !n)
		return ret;
	/* the others, beside it: the contradiction is named at the end */
	ret = pd_buf_adds(b, W(c, N_(" (elsewhere ")));
	for (i = 0, n = 0; i < c->a.facts.n && ret == 0; i++) {
		const struct pd_fact *f = &c->a.facts.v[i];
		size_t j;

		if (strcmp(f->key, key) || !strcmp(f->value, first->value))
			continue;
		for (j = 0; j < i && (strcmp(c->a.facts.v[j].key, key) ||
		     strcmp(c->a.facts.v[j].value, f->value)); j++)
			;
		if (j < i)
			continue;	/* that value is given already */
		if (n++)
			ret = pd_buf_adds(b, W(c, C_("fact", ", ")));
		formatted(c, text, sizeof(text), f->value, f->qualifier);
		if (ret == 0)
			ret = fact_traced(c, b, text, f);
	}
	return ret ? ret : pd_buf_adds(b, W(c, C_("fact", ")")));
}

static int computed_value(struct ctx *c, struct pd_buf *b, const char *key)
{
	char text[96], from[300];
	size_t i;

	for (i = 0; i < c->a.ncomputed; i++)
		if (!strcmp(c->a.computed[i].key, key)) {
			formatted(c, text, sizeof(text),
				  c->a.computed[i].value, "");
			pd_fact_from(from, sizeof(from), &c->a.computed[i],
				     c->lang);
			/* zh traces by words, not by English keys */
			if (c->zh)
				return traced(c, b, text, W(c, N_("computed: "
					      "%s")), from);
			return traced(c, b, text, W(c, N_("computed %s: %s")),
				      key, from);
		}
	return PD_ENOTFOUND;
}

static int games_value(struct ctx *c, struct pd_buf *b, const char *field)
{
	char date[64];
	const struct pd_npc *host = pd_registry_code(c->reg, c->g.host);
	const char *v = !strcmp(field, "name") ? (c->zh && c->g.name_zh &&
			*c->g.name_zh ? c->g.name_zh : c->g.name_en) :
			!strcmp(field, "start") ? c->g.start :
			!strcmp(field, "end") ? c->g.end :
			!strcmp(field, "host") ? (host ? (c->zh && *host->zh ?
			host->zh : host->en) : c->g.host) : NULL;

	if (!v || !*v)
		return PD_ENOTFOUND;
	if (!strcmp(field, "name"))	/* a name, not a figure */
		return pd_buf_adds(b, v);
	if (!strcmp(field, "start") || !strcmp(field, "end")) {
		pd_date_words(date, sizeof(date), v, c->lang);
		v = date;
	}
	return traced(c, b, v, W(c, N_("the Games %s: %s (data/games.tsv)")),
		      c->g.code, W(c, !strcmp(field, "start") ?
		      C_("games field", "start") : !strcmp(field, "end") ?
		      C_("games field", "end") : C_("games field", "host")));
}

/* a table's column as a trace names it: "gold", "total" */
static const char *table_field(const struct ctx *c, const char *field)
{
	return W(c, !strcmp(field, "gold") ? C_("table field", "gold") :
		 C_("table field", "total"));
}

/* {#N.FIELD} of the table ranked from results */
static int ranked_value(struct ctx *c, struct pd_buf *b, long i,
			const char *field)
{
	const struct pd_standing *row = &c->ranked.rows[i - 1];
	const struct pd_npc *n = pd_registry_code(c->reg, row->npc);
	char num[24];

	if (!strcmp(field, "name"))
		return pd_buf_adds(b, n ? (c->zh && *n->zh ? n->zh : n->en) :
				   row->npc);
	snprintf(num, sizeof(num), "%ld", !strcmp(field, "gold") ?
		 row->medals[0] : row->total);
	return traced(c, b, num, W(c, N_("the table of %s ranked from its "
		      "results, row %ld: %s %s")), c->g.code, i, row->npc,
		      table_field(c, field));
}

/* {#N.FIELD}: row N of the table that stands for the Games */
static int table_value(struct ctx *c, struct pd_buf *b, const char *ref)
{
	const struct pd_published_row *row;
	const struct pd_npc *n;
	char *dot, num[24];
	long i = strtol(ref, &dot, 10);

	if (c->from_results)
		return i < 1 || (size_t)i > c->ranked.n || *dot != '.' ?
		       PD_ENOTFOUND : ranked_value(c, b, i, dot + 1);
	if (i < 1 || (size_t)i > c->pub.n || *dot != '.')
		return PD_ENOTFOUND;
	row = &c->pub.rows[i - 1];
	if (!strcmp(dot + 1, "name")) {
		n = pd_registry_code(c->reg, row->npc);
		return pd_buf_adds(b, n ? (c->zh && *n->zh ? n->zh : n->en) :
				   row->name);
	}
	snprintf(num, sizeof(num), "%ld", !strcmp(dot + 1, "gold") ?
		 row->medals[0] : row->medals[0] + row->medals[1] +
		 row->medals[2]);
	return traced(c, b, num, W(c, N_("table %s@%s row %ld (line %ld): "
		      "%s %s")), c->g.code, c->pub_source, i, row->line,
		      row->npc, table_field(c, dot + 1));
}

static int election_value(struct ctx *c, struct pd_buf *b, const char *field)
{
	const struct pd_election *e = &c->el.e;
	char num[32], where[300];

	if (!c->have_election)
		return PD_ENOTFOUND;
	snprintf(where, sizeof(where), W(c, N_("election %ld (%s %s)")),
		 e->id, e->source, e->cite);
	if (!strcmp(field, "votes") && e->votes >= 0) {
		snprintf(num, sizeof(num), "%ld", e->votes);
		formatted(c, num, sizeof(num), num, "");
		return traced(c, b, num, W(c, N_("%s: votes")), where);
	}
	if (!strcmp(field, "turnout") && e->turnout[0]) {
		formatted(c, num, sizeof(num), e->turnout, "");
		return traced(c, b, num, W(c, N_("%s: turnout")), where);
	}
	return PD_ENOTFOUND;
}

/* {!KEY}: the date a key ends with, "9月19日" or "19 September" */
static int key_date(struct ctx *c, struct pd_buf *b, const char *key)
{
	char day[48];
	size_t n = strlen(key);

	if (n < 10 || key[n - 3] != '-' || key[n - 6] != '-' ||
	    !pd_day_words(day, sizeof(day), key + n - 5, c->lang))
		return PD_ENOTFOUND;
	return pd_buf_adds(b, day);
}

/* one template into out; PD_ENOTFOUND when a source is missing */
static int fill(struct ctx *c, struct pd_buf *out, const char *t)
{
	char name[PD_IDENT_MAX + 8];
	const char *end;
	int ret = 0;

	while (*t && ret == 0) {
		if (*t != '{') {
			end = strchr(t, '{');
			end = end ? end : t + strlen(t);
			ret = pd_buf_add(out, t, (size_t)(end - t));
			t = end;
			continue;
		}
		if (!(end = strchr(t, '}')) || (size_t)(end - t) >= sizeof(name))
			return PD_EINVAL;
		snprintf(name, sizeof(name), "%.*s", (int)(end - t - 1), t + 1);
		t = end + 1;
		switch (name[0]) {
		case '=': ret = computed_value(c, out, name + 1); break;
		case '@': ret = games_value(c, out, name + 1); break;
		case '#': ret = table_value(c, out, name + 1); break;
		case '%': ret = election_value(c, out, name + 1); break;
		case '!': ret = key_date(c, out, name + 1); break;
		default: ret = fact_value(c, out, name); break;
		}
	}
	return ret;
}

/* a sentence: kept when every source is there, dropped (and its trace
 * entries with it) otherwise */
static int sentence(struct ctx *c, struct pd_buf *b, const char *t)
{
	size_t tlen = c->trace.len;
	long n = c->ntrace;
	struct pd_buf one;
	int ret;

	pd_buf_init(&one, 0);
	ret = fill(c, &one, t);
	/* "about 850,000 tickets ..." begins an English sentence */
	if (ret == 0 && strcmp(c->lang, "zh") && one.len && one.data[0] >= 'a' &&
	    one.data[0] <= 'z' && (b->len == 0 || b->data[b->len - 1] == '\n' ||
	    (b->len > 1 && !strcmp(b->data + b->len - 2, ". "))))
		one.data[0] = (char)(one.data[0] - 'a' + 'A');
	if (ret == 0)
		ret = pd_buf_add(b, one.data, one.len);
	else if (ret == PD_ENOTFOUND) {
		c->trace.len = tlen;
		c->trace.data[tlen] = '\0';
		c->ntrace = n;
		ret = 0;
	}
	pd_buf_release(&one);
	return ret;
}

static int first_id(const struct pd_election *e, void *arg)
{
	*(long *)arg = e->id;
	return 1;
}

/* -- the report's paragraphs: sentences as templates, words of the
 * catalogue (po/): a language says each sentence in its own order */
static const char *const intro[] = {
	N_("The {@name} were held in {@host} from {@start} to {@end}. "),
	N_("There were {sports} sports and {events} events; "),
	N_("{athletes} athletes from {nations} countries and regions "
	   "took part, "),
	N_("{athletes.women} of them women ({athletes.women_share}%). "),
	N_("{npcs.first_games} NPCs took part for the first time. "),
	N_("The village housed {officials.ipc} IPC officials and "
	   "{officials.games} Games officials."),
	NULL,
};

static const char *const table[] = {
	N_("{#1.name} led the medal table with {#1.total} medals, "
	   "{#1.gold} of them gold; "),
	N_("{#2.name} was second with {#2.gold} golds and {#3.name} "
	   "third with {#3.gold}. "),
	N_("The table has {=npcs.medal_table} NPCs with a medal (the "
	   "report: {npcs.medal_table}) and awards {=table.golds} "
	   "golds (the report: {events} events)."),
	NULL,
};

static const char *const feats[] = {
	N_("Sweden won {sport.shooting.SWE.gold} shooting golds. "),
	N_("5-a-side football: Brazil played "
	   "{team.BRA.football-5-a-side.matches} matches, lost "
	   "{team.BRA.football-5-a-side.losses} and scored "
	   "{team.BRA.football-5-a-side.goals} goals."),
	NULL,
};

static const char *const media[] = {
	N_("{media.workers} media workers from {media.companies} "
	   "companies covered the Games; "),
	N_("{broadcast.hours} hours were broadcast in "
	   "{broadcast.countries} countries. "),
	N_("The opening was watched live by {viewers.opening.CHN} "
	   "viewers in China and {viewers.opening.JPN} in Japan; "),
	N_("{viewers.GER.2004-09-19} in Germany on "
	   "{!viewers.GER.2004-09-19}, {viewers.GBR} in the UK, "),
	N_("{viewers.ESP.2004-09-19} in Spain on "
	   "{!viewers.ESP.2004-09-19} and {viewers.ITA.average} on "
	   "average in Italy watched the news programmes."),
	NULL,
};

static const char *const people[] = {
	N_("The torch relay had {torch.bearers} bearers through "
	   "{torch.cities} cities over {torch.km} km. "),
	N_("{tickets.sold} tickets were sold against "
	   "{tickets.expected} expected; "),
	N_("{volunteers} volunteers helped. "),
	N_("{observers} observers from {observers.organisations} "
	   "organisations took part in the observer programme, and "
	   "the IPC held {ipc.meetings} meetings."),
	NULL,
};

static const char *const doping[] = {
	N_("{doping.tests} doping tests found {doping.violations} "
	   "violations: "),
	N_("{doping.disqualified} athletes were disqualified and "
	   "{doping.continued} went on competing."),
	NULL,
};

static const char *const vote[] = {
	N_("In the athletes' council election {%votes} athletes voted "
	   "({%turnout}%); "),
	NULL,
};

/* end a paragraph begun at start, if anything was written */
static int para_end(struct pd_buf *b, size_t start)
{
	while (b->len > start && b->data[b->len - 1] == ' ')
		b->data[--b->len] = '\0';
	return b->len > start ? pd_buf_adds(b, "\n\n") : 0;
}

static int para(struct ctx *c, struct pd_buf *b, const char *const *t)
{
	size_t start = b->len;
	int ret = 0;

	for (; *t && ret == 0; t++)
		ret = sentence(c, b, W(c, *t));
	return ret ? ret : para_end(b, start);
}

/* The table paragraph, opening with the table its figures come from:
 * "奖牌榜为PG2004@seed（已录入519个小项中1个小项的成绩）。" */
static int table_para(struct ctx *c, struct pd_buf *b)
{
	size_t start = b->len;
	const char *const *t;
	char cover[160];
	int ret = 0;

	pd_cover_text(cover, sizeof(cover), &c->cover, c->lang);
	if (c->from_results && c->ranked.n)
		ret = pd_buf_addf(b, W(c, N_("The medal table is ranked from "
				  "the results in the store%s%s%s. ")), *cover ?
				  W(c, C_("fact", " (")) : "", cover, *cover ?
				  W(c, C_("fact", ")")) : "");
	else if (!c->from_results && c->pub.n)
		ret = pd_buf_addf(b, W(c, N_("The medal table is %s@%s as "
				  "published (%s). ")), c->g.code,
				  c->pub_source, cover);
	for (t = table; *t && ret == 0; t++)
		ret = sentence(c, b, W(c, *t));
	return ret ? ret : para_end(b, start);
}

/* "narita-mayumi" -> "Narita Mayumi" */
static void display_name(char *out, size_t size, const char *slug, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n && k + 1 < size; i++)
		out[k++] = slug[i] == '-' ? ' ' : (i == 0 || slug[i - 1] == '-')
			   && slug[i] >= 'a' && slug[i] <= 'z' ?
			   (char)(slug[i] - 32) : slug[i];
	out[k] = '\0';
}

/* each athlete the facts name: athlete.SLUG.{gold,silver,bronze,
 * world_records} */
static int athletes(struct ctx *c, struct pd_buf *b)
{
	static const char *const what[][2] = {
		{ "gold", N_("%s gold") },
		{ "silver", N_("%s silver") },
		{ "bronze", N_("%s bronze") },
		{ "world_records", N_("%s world records") },
	};
	char name[80], t[600], part[160], key[PD_IDENT_MAX + 4];
	size_t i, j, k, n, have;
	int ret = 0;

	for (i = 0; i < c->a.facts.n && ret == 0; i++) {
		const char *kk = c->a.facts.v[i].key, *dot;

		if (strncmp(kk, "athlete.", 8) || !(dot = strchr(kk + 8, '.')))
			continue;
		n = (size_t)(dot - (kk + 8));
		for (j = 0; j < i && strncmp(c->a.facts.v[j].key, kk, 8 + n + 1);
		     j++)
			;
		if (j < i)
			continue;	/* this athlete is written */
		display_name(name, sizeof(name), kk + 8, n);
		snprintf(t, sizeof(t), W(c, C_("report", "%s: ")), name);
		for (k = have = 0; k < 4; k++) {
			snprintf(key, sizeof(key), "athlete.%.*s.%s", (int)n,
				 kk + 8, what[k][0]);
			for (j = 0; j < c->a.facts.n &&
			     strcmp(c->a.facts.v[j].key, key); j++)
				;
			if (j == c->a.facts.n)
				continue;
			snprintf(key, sizeof(key), "{athlete.%.*s.%s}", (int)n,
				 kk + 8, what[k][0]);
			snprintf(part, sizeof(part), W(c, what[k][1]), key);
			if (have++)
				strncat(t, W(c, C_("fact", ", ")),
					sizeof(t) - strlen(t) - 1);
			strncat(t, part, sizeof(t) - strlen(t) - 1);
		}
		strncat(t, W(c, C_("report", ". ")), sizeof(t) - strlen(t) - 1);
		ret = sentence(c, b, t);
	}
	return ret;
}

/* each head-to-head final in the store, from its match */
static int finals(struct ctx *c, struct pd_buf *b, struct pd_diag *diag)
{
	struct app_team_events *f = calloc(1, sizeof(*f));
	struct pd_matches l;
	struct pd_buf score;
	size_t i, j;
	int ret;

	if (!f)
		return PD_ENOMEM;
	pd_matches_init(&l);
	pd_buf_init(&score, 0);
	ret = app_team_events(c->s, c->g.code, f, diag);
	for (i = 0; i < f->n && ret == 0; i++) {
		l.n = 0;
		if ((ret = pd_matches_read(c->s, f->id[i], &l, diag)) < 0)
			break;
		for (j = 0; j < l.n && ret == 0; j++) {
			const struct pd_match *m = &l.v[j];

			if (strcmp(m->phase, "final"))
				continue;
			pd_buf_reset(&score);
			if ((ret = pd_match_score_text(&score, m, c->lang)) < 0)
				break;
			ret = pd_buf_addf(b, W(c, N_("%s final: %s v %s, ")),
					  f->sport[i], m->home, m->away);
			if (ret == 0)
				ret = traced(c, b, score.data, W(c, N_("match "
					     "#%ld of event %ld (%s %s)")),
					     m->id, f->id[i], m->source,
					     m->cite);
			if (ret == 0)
				ret = pd_buf_adds(b, W(c, C_("report", ". ")));
		}
	}
	pd_buf_release(&score);
	pd_matches_release(&l);
	free(f);
	return ret;
}

static int elected(struct ctx *c, struct pd_buf *b)
{
	const struct pd_election_tally *t = &c->el.tally;
	size_t i, k = 0;
	int ret;

	if (!c->have_election)
		return 0;
	ret = pd_buf_adds(b, W(c, N_("elected: ")));
	for (i = 0; i < t->n && ret == 0; i++) {
		if (t->rows[i].seat != PD_SEAT_ELECTED)
			continue;
		if (k++)
			ret = pd_buf_adds(b, W(c, C_("fact", ", ")));
		if (ret == 0)
			ret = pd_candidate_text(b, t->rows[i].c, c->reg,
						c->lang);
	}
	return ret ? ret : pd_buf_adds(b, W(c, C_("report", ".\n\n")));
}

static int first_election(struct ctx *c, struct pd_diag *diag)
{
	struct pd_election e;
	long id = 0;
	int ret;

	(void)e;
	ret = pd_store_elections(c->s, c->g.code, first_id, &id, diag);
	if (ret < 0 || !id)
		return ret;
	if ((ret = pd_election_read(&c->el, c->s, id, diag)) < 0) {
		pd_election_read_release(&c->el);
		return ret;
	}
	c->have_election = 1;
	return 0;
}

static int contradictions(struct ctx *c, struct pd_buf *b)
{
	size_t i;
	int ret;

	if (!c->a.found.n)
		return pd_buf_adds(b, W(c, N_("The figures of this report do "
				   "not contradict one another.\n")));
	ret = pd_buf_addf(b, W(c, N_("Contradictions among the figures "
			  "(%zu, as 'podium facts check' finds them):\n")),
			  c->a.found.n);
	for (i = 0; i < c->a.found.n && ret == 0; i++) {
		ret = pd_buf_adds(b, "- ");
		if (ret == 0)
			ret = pd_contradiction_text(b, &c->a.found.v[i],
						    c->lang);
	}
	return ret;
}

static int write_report(struct ctx *c, struct pd_buf *b, struct pd_diag *diag)
{
	size_t start;
	int ret;

	if ((ret = pd_buf_addf(b, W(c, N_("%s: the report\n\n")),
			       c->zh && c->g.name_zh && *c->g.name_zh ?
			       c->g.name_zh : c->g.name_en)) < 0 ||
	    (ret = para(c, b, intro)) < 0 || (ret = table_para(c, b)) < 0)
		return ret;
	start = b->len;
	if ((ret = athletes(c, b)) < 0 || (ret = finals(c, b, diag)) < 0)
		return ret;
	if ((ret = para_end(b, start)) < 0)
		return ret;
	if ((ret = para(c, b, feats)) < 0 || (ret = para(c, b, media)) < 0 ||
	    (ret = para(c, b, people)) < 0 || (ret = para(c, b, doping)) < 0)
		return ret;
	start = b->len;
	if ((ret = sentence(c, b, W(c, vote[0]))) < 0)
		return ret;
	if (b->len > start && (ret = elected(c, b)) < 0)
		return ret;
	return contradictions(c, b);
}

static int load(struct ctx *c, const char *games, struct pd_diag *diag)
{
	int ret;
	struct pd_standings_opts o;

	if ((ret = pd_store_games_get(c->s, games, &c->g, diag)) < 0 ||
	    (ret = pd_facts_audit(&c->a, c->s, games, diag)) < 0 ||
	    (ret = pd_games_cover(c->s, games, &c->cover, diag)) < 0)
		return ret;
	if (c->cover.source[0]) {
		snprintf(c->pub_source, sizeof(c->pub_source), "%s",
			 c->cover.source);
		ret = pd_store_published_get(c->s, games, c->cover.source,
					     &c->pub, diag);
	} else {
		memset(&o, 0, sizeof(o));
		o.host = c->g.host[0] ? c->g.host : NULL;
		c->from_results = 1;
		if ((ret = pd_store_tally(c->s, games, NULL, &c->tally, NULL,
					  diag)) == 0)
			ret = pd_standings_build(&c->ranked, &c->tally, &o,
						 diag);
	}
	if (ret == 0)
		ret = first_election(c, diag);
	return ret;
}

/* The report in the caller's read transaction (in_read), or in one of
 * its own. */
static int report_games(struct pd_buf *out, struct pd_store *s,
			const struct pd_registry *reg, const char *games,
			const char *lang, int sources, int in_read,
			struct pd_diag *diag)
{
	struct ctx c;
	int ret;

	memset(&c, 0, sizeof(c));
	c.s = s;
	c.reg = reg;
	c.lang = pd_lang(lang) ? pd_lang(lang) : "en";
	c.zh = !strcmp(c.lang, "zh");
	c.marks = sources;
	pd_published_init(&c.pub);
	pd_tally_init(&c.tally);
	pd_buf_init(&c.trace, 0);
	if (!in_read && (ret = pd_store_begin_read(s, diag)) < 0)
		goto cleanup;
	if ((ret = load(&c, games, diag)) == 0)
		ret = write_report(&c, out, diag);
	if (!in_read)
		pd_store_rollback(s);
	if (ret == 0 && sources)
		ret = pd_buf_addf(out, "\n%s\n%s", W(&c, C_("report", "Sources")),
				  c.trace.data);
cleanup:
	pd_buf_release(&c.trace);
	if (c.have_election)
		pd_election_read_release(&c.el);
	pd_published_release(&c.pub);
	pd_standings_release(&c.ranked);
	pd_tally_release(&c.tally);
	pd_facts_audit_release(&c.a);
	pd_games_release(&c.g);
	return ret;
}

int pd_report_games(struct pd_buf *out, struct pd_store *s,
		    const struct pd_registry *reg, const char *games,
		    const char *lang, int sources, struct pd_diag *diag)
{
	return report_games(out, s, reg, games, lang, sources, 0, diag);
}

int pd_report_games_read(struct pd_buf *out, struct pd_store *s,
			 const struct pd_registry *reg, const char *games,
			 const char *lang, struct pd_diag *diag)
{
	return report_games(out, s, reg, games, lang, 0, 1, diag);
}
