/* facts.c -- a Games' stated figures for the front ends (facts_ops.h):
 * the write, the bundled ones, the figures the store computes for their
 * keys, and each contradiction as a line in zh or en. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/bundled.h"
#include "podium/app.h"
#include "podium/facts_ops.h"
#include "podium/io.h"
#include "podium/match_ops.h"
#include "podium/stats.h"
#include "podium/words.h"
#include "app_int.h"

int pd_op_facts_add(struct pd_store *s, const struct pd_facts *l,
		    const struct pd_who *who, const struct pd_op_notify *nt,
		    long *version, struct pd_diag *diag)
{
	size_t i, j;
	int ret;

	if (!l->n)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "no facts to add");
	if ((ret = app_begin(s, diag)) < 0)
		return ret;
	for (i = 0; i < l->n && ret == 0; i++) {
		/* one change per Games, made at its first fact */
		for (j = 0; j < i && strcmp(l->v[j].games, l->v[i].games); j++)
			;
		if (j == i)
			ret = app_change(s, l->v[i].games, APP_ENSURE_GAMES, who,
					 nt, version, diag);
		if (ret == 0)
			ret = pd_store_fact_add(s, &l->v[i], NULL, diag);
	}
	return app_end(s, ret, diag);
}

int pd_op_facts_from_file(struct pd_store *s, const char *file,
			  const struct pd_who *who,
			  const struct pd_op_notify *nt, long *version,
			  size_t *n, struct pd_diag *diag)
{
	struct pd_facts l;
	char *data = NULL;
	size_t len = 0;
	int ret;

	pd_facts_init(&l);
	if ((ret = pd_file_read(file, &data, &len, diag)) == 0 &&
	    (ret = pd_utf8_check(data, len, file, diag)) == 0 &&
	    (ret = pd_facts_tsv_parse(&l, data, len, file, diag)) == 0) {
		if (!l.n)
			ret = pd_diag_set(diag, PD_EPARSE, file, 0, "no facts "
					  "in the file");
		else
			ret = pd_op_facts_add(s, &l, who, nt, version, diag);
	}
	if (ret == 0 && n)
		*n = l.n;
	pd_facts_release(&l);
	free(data);
	return ret;
}

int pd_facts_bundled(struct pd_facts *out, struct pd_diag *diag)
{
	return pd_facts_tsv_parse(out, (const char *)pd_embed_pg2004_facts,
				  pd_embed_pg2004_facts_len,
				  "data/PG2004.facts.tsv", diag);
}

/* -- what the store computes */

struct slot {
	char key[PD_IDENT_MAX + 1];
	char source[PD_IDENT_MAX + 1];
};

struct computing {
	struct pd_facts_audit *a;
	struct slot *slots;
	size_t cap;
};

/* key's value, computed from a word of the catalogue (source: the
 * table it names, if any) */
static int put(struct computing *c, const char *key, long value,
	       const char *from, const char *source)
{
	struct pd_fact_computed *f;
	struct slot *sl;

	if (c->a->ncomputed == c->cap)
		return PD_ETOOBIG;
	f = &c->a->computed[c->a->ncomputed];
	sl = &c->slots[c->a->ncomputed++];
	snprintf(sl->key, sizeof(sl->key), "%s", key);
	snprintf(sl->source, sizeof(sl->source), "%s", source ? source : "");
	f->games = c->a->games;
	f->key = sl->key;
	snprintf(f->value, sizeof(f->value), "%ld", value);
	f->from = from;
	f->source = sl->source;
	return 0;
}

void pd_fact_from(char *out, size_t size, const struct pd_fact_computed *f,
		  const char *lang)
{
	/* a word without conversions ignores the two arguments */
	snprintf(out, size, pd_word(lang, f->from), f->games, f->source);
}

static const char *const colour[3] = { "gold", "silver", "bronze" };

/* each NPC's medals, as medals.CODE.gold ... medals.CODE.total */
static int put_npc(struct computing *c, const char *npc, const long m[3],
		   const char *from, const char *source)
{
	char key[PD_IDENT_MAX + 1];
	int ret = 0, i;

	for (i = 0; i < 3 && ret == 0; i++) {
		snprintf(key, sizeof(key), "medals.%s.%s", npc, colour[i]);
		ret = put(c, key, m[i], from, source);
	}
	snprintf(key, sizeof(key), "medals.%s.total", npc);
	return ret ? ret : put(c, key, m[0] + m[1] + m[2], from, source);
}

/* the multi-medallists' medals, as athlete.SLUG.gold ... (SLUG the name
 * as the fact keys write it: "NARITA Mayumi" is narita-mayumi) */
static int from_medallists(struct computing *c, struct pd_store *s,
			   struct pd_diag *diag)
{
	static const char from[] = N_("the medallists of the results in the "
				      "store");
	struct pd_query q = { c->a->games, NULL, 0, 0 };
	char slug[48], key[PD_IDENT_MAX + 64];
	struct pd_medallists m;
	size_t i;
	int ret, k;

	if ((ret = pd_store_medallists(s, &q, NULL, &m, diag)) < 0)
		return ret;
	for (i = 0; i < m.n && ret == 0; i++) {
		const struct pd_medallist *a = &m.v[i];

		if (!a->athlete_id && a->team_id)
			continue;	/* a team, not an athlete */
		if (a->total < 3 && a->medals[0] < 2)
			continue;	/* not a highlight */
		pd_sport_slug(slug, sizeof(slug), a->name);
		for (k = 0; k < 3 && ret == 0; k++) {
			snprintf(key, sizeof(key), "athlete.%s.%s", slug,
				 colour[k]);
			ret = put(c, key, a->medals[k], from, NULL);
		}
	}
	pd_medallists_release(&m);
	return ret == PD_ETOOBIG ? 0 : ret;	/* the first ones suffice */
}

/* Who took part, when the store knows it (from the results or the start
 * lists): the athletes, women, NPCs, and the NPCs at their first Games
 * when an earlier Games of the kind is in the store to say who came
 * before. */
static int from_participation(struct computing *c, struct pd_store *s,
			      const struct pd_games_stats *st,
			      struct pd_diag *diag)
{
	const char *from = st->entries ? N_("the results and start lists in "
					    "the store") :
			   N_("the results in the store");
	struct pd_participation p;
	int ret;

	/* no athlete data (team results without members): nothing known */
	if (!st->participation_known || !st->athletes)
		return 0;
	if ((ret = put(c, "athletes", st->athletes, from, NULL)) < 0 ||
	    (ret = put(c, "athletes.women", st->women, from, NULL)) < 0 ||
	    (ret = put(c, "nations", st->npcs, from, NULL)) < 0)
		return ret;
	if ((ret = pd_store_participation(s, c->a->games, &p, diag)) < 0)
		return ret;
	if (p.prior)
		ret = put(c, "npcs.first_games", p.first_time, from, NULL);
	pd_participation_release(&p);
	return ret;
}

static int from_results(struct computing *c, struct pd_store *s,
			const struct pd_games_stats *st, struct pd_diag *diag)
{
	static const char from[] = N_("the results in the store");
	struct pd_tally t;
	size_t i;
	int ret;

	if ((ret = put(c, "events", st->events, from, NULL)) < 0 ||
	    (ret = put(c, "sports", (long)st->sports.n, from, NULL)) < 0 ||
	    (ret = put(c, "npcs.medal_table", st->npcs_medal, from, NULL)) < 0 ||
	    (ret = put(c, "table.golds", st->medals[0], from, NULL)) < 0)
		return ret;
	pd_tally_init(&t);
	if ((ret = pd_store_tally(s, c->a->games, NULL, &t, NULL, diag)) == 0)
		for (i = 0; i < t.n && ret == 0; i++)
			ret = put_npc(c, t.rows[i].npc, t.rows[i].medals,
				      from, NULL);
	pd_tally_release(&t);
	return ret ? ret : from_medallists(c, s, diag);
}

static int from_published(struct computing *c, const char *source,
			  const struct pd_published *p)
{
	static const char npcs_from[] = N_("the NPCs with a medal on the "
					   "table %s@%s");
	static const char golds_from[] = N_("the golds awarded on the table "
					    "%s@%s, one an event");
	long golds = 0, npcs = 0;
	size_t i;
	int ret = 0;

	for (i = 0; i < p->n; i++) {
		const long *m = p->rows[i].medals;

		golds += m[0];
		npcs += m[0] + m[1] + m[2] > 0;
	}
	if ((ret = put(c, "npcs.medal_table", npcs, npcs_from, source)) < 0 ||
	    (ret = put(c, "events", golds, golds_from, source)) < 0 ||
	    (ret = put(c, "table.golds", golds, golds_from, source)) < 0)
		return ret;
	for (i = 0; i < p->n && ret == 0; i++)
		if (p->rows[i].npc[0])
			ret = put_npc(c, p->rows[i].npc, p->rows[i].medals,
				      N_("the table %s@%s"), source);
	return ret;
}

static int team_event(const struct pd_event_info *e, size_t results,
		      void *arg)
{
	struct app_team_events *v = arg;

	(void)results;
	if (v->n < APP_TEAM_EVENTS && e->team) {
		v->id[v->n] = e->id;
		snprintf(v->sport[v->n++], sizeof(v->sport[0]), "%s",
			 e->sport);
	}
	return 0;
}

int app_team_events(struct pd_store *s, const char *games,
		    struct app_team_events *out, struct pd_diag *d)
{
	out->n = 0;
	return pd_store_events(s, games, NULL, team_event, out, d);
}

/* each side's matches, losses and (when every score is known) goals in
 * each head-to-head event, as team.NPC.SLUG.matches, .losses, .goals */
static int from_matches(struct computing *c, struct pd_store *s,
			struct pd_diag *diag)
{
	static const char from[] = N_("the matches in the store");
	struct app_team_events *ev = calloc(1, sizeof(*ev));
	char key[PD_IDENT_MAX + 48], slug[40];
	struct pd_matches l;
	struct pd_side_record r;
	size_t i, j, k;
	int ret = ev ? 0 : PD_ENOMEM;

	pd_matches_init(&l);
	if (ret == 0)
		ret = app_team_events(s, c->a->games, ev, diag);
	for (i = 0; ev && i < ev->n && ret == 0; i++) {
		pd_sport_slug(slug, sizeof(slug), ev->sport[i]);
		l.n = 0;
		if ((ret = pd_matches_read(s, ev->id[i], &l, diag)) < 0)
			break;
		for (j = 0; j < 2 * l.n && ret == 0; j++) {
			const char *npc = j % 2 ? l.v[j / 2].away :
					  l.v[j / 2].home;

			for (k = 0; k < j && strcmp(npc, k % 2 ?
			     l.v[k / 2].away : l.v[k / 2].home); k++)
				;
			if (!*npc || k < j)
				continue;
			pd_match_record(&r, &l, npc, NULL, NULL);
			snprintf(key, sizeof(key), "team.%s.%s.matches", npc,
				 slug);
			ret = put(c, key, r.played, from, NULL);
			snprintf(key, sizeof(key), "team.%s.%s.losses", npc,
				 slug);
			if (ret == 0)
				ret = put(c, key, r.lost, from, NULL);
			snprintf(key, sizeof(key), "team.%s.%s.goals", npc,
				 slug);
			if (ret == 0 && !r.unscored)
				ret = put(c, key, r.goals_for, from, NULL);
		}
	}
	pd_matches_release(&l);
	free(ev);
	return ret;
}

static int count_case(const struct pd_doping_case *k, void *arg)
{
	long *n = arg;

	n[0]++;
	n[1] += !strcmp(k->outcome, "disqualified");
	n[2] += !strcmp(k->outcome, "continued");
	return 0;
}

/* the counts of the anti-doping cases kept, when any are */
static int from_cases(struct computing *c, struct pd_store *s,
		      struct pd_diag *diag)
{
	static const char from[] = N_("the anti-doping cases in the store");
	long n[3] = { 0, 0, 0 };
	int ret;

	if ((ret = pd_store_doping_cases(s, c->a->games, count_case, n,
					 diag)) < 0 || !n[0])
		return ret;
	if ((ret = put(c, "doping.violations", n[0], from, NULL)) < 0 ||
	    (ret = put(c, "doping.disqualified", n[1], from, NULL)) < 0)
		return ret;
	return put(c, "doping.continued", n[2], from, NULL);
}

/* The medal figures come from the table that stands for the Games
 * (pd_cover): its published table while its results are incomplete --
 * then who took part is not known from them either -- else its
 * results. */
static int compute(struct computing *c, struct pd_store *s,
		   struct pd_diag *diag)
{
	struct pd_games_stats st;
	struct pd_published pub;
	struct pd_cover cover;
	int ret;

	memset(&st, 0, sizeof(st));
	pd_published_init(&pub);
	if ((ret = pd_store_games_stats(s, c->a->games, &st, diag)) < 0 ||
	    (ret = pd_games_cover(s, c->a->games, &cover, diag)) < 0)
		goto cleanup;
	if ((ret = from_matches(c, s, diag)) < 0 ||
	    (ret = from_cases(c, s, diag)) < 0)
		goto cleanup;
	if (cover.source[0]) {
		if ((ret = pd_store_published_get(s, c->a->games,
						  cover.source, &pub,
						  diag)) == 0)
			ret = from_published(c, cover.source, &pub);
		goto cleanup;
	}
	if ((ret = from_participation(c, s, &st, diag)) < 0)
		goto cleanup;
	if (st.results > 0)
		ret = from_results(c, s, &st, diag);
cleanup:
	pd_published_release(&pub);
	pd_games_stats_release(&st);
	return ret;
}

static int audit_read(struct pd_facts_audit *a, struct pd_store *s,
		      struct pd_diag *diag)
{
	struct computing c = { a, NULL, 0 };
	struct pd_published pub;
	struct pd_strings src;
	struct pd_games g;
	int ret;

	pd_strings_init(&src);
	if ((ret = pd_store_games_get(s, a->games, &g, diag)) < 0)
		return ret;
	a->version = g.version;
	pd_games_release(&g);
	if ((ret = pd_facts_read(s, a->games, &a->facts, diag)) < 0)
		return ret;
	/* room for the Games-wide figures and four for each NPC row */
	c.cap = 16;
	if ((ret = pd_store_published_sources(s, a->games, &src, diag)) < 0)
		return ret;
	if (src.n) {
		pd_published_init(&pub);
		if ((ret = pd_store_published_get(s, a->games, src.v[0], &pub,
						  diag)) == 0)
			c.cap += 4 * pub.n;
		pd_published_release(&pub);
	}
	pd_strings_release(&src);
	c.cap += 4 * 300;	/* the NPCs of results: the registry's size */
	c.cap += 3 * 600;	/* the sides of the matches */
	c.cap += 3 * 400;	/* the multi-medallists */
	if (ret < 0)
		return ret;
	a->computed = calloc(c.cap, sizeof(*a->computed));
	a->slots = c.slots = calloc(c.cap, sizeof(*c.slots));
	if (!a->computed || !c.slots)
		return PD_ENOMEM;
	if ((ret = compute(&c, s, diag)) < 0)
		return ret;
	return pd_facts_check(&a->facts, a->computed, a->ncomputed, &a->found);
}

int pd_facts_audit(struct pd_facts_audit *a, struct pd_store *s,
		   const char *games, struct pd_diag *diag)
{
	memset(a, 0, sizeof(*a));
	pd_facts_init(&a->facts);
	pd_contradictions_init(&a->found);
	if (pd_games_code(a->games, sizeof(a->games), games) < 0)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "bad Games code "
				   "'%s'", games);
	return audit_read(a, s, diag);
}

void pd_facts_audit_release(struct pd_facts_audit *a)
{
	pd_facts_release(&a->facts);
	pd_contradictions_release(&a->found);
	free(a->computed);
	free(a->slots);
	a->computed = NULL;
	a->slots = NULL;
}

/* -- the lines */

int pd_fact_origin(struct pd_buf *b, const struct pd_fact *f)
{
	return pd_buf_addf(b, f->cite[0] ? "%s %s" : "%s", f->source,
			   f->cite);
}

/* a word of the facts' lines in lang */
#define W(lang, ctx_word) pd_word(lang, ctx_word)

const char *pd_fact_qualifier(const char *q, const char *lang)
{
	static const char *const t[][2] = {
		{ "about", C_("fact", "about ") },
		{ "nearly", C_("fact", "nearly ") },
		{ "over", C_("fact", "over ") },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(*t); i++)
		if (!strcmp(q, t[i][0]))
			return pd_word(lang, t[i][1]);
	return "";
}

/* the units of data/PG2004.facts.tsv, for xgettext: a unit is said in
 * the reader's language as C_("fact unit", UNIT), and a unit without a
 * word stays as the data gives it */
static const char *const unit_words[] = {
	C_("fact unit", "NPCs"), C_("fact unit", "athletes"),
	C_("fact unit", "cases"), C_("fact unit", "cities"),
	C_("fact unit", "companies"), C_("fact unit", "countries"),
	C_("fact unit", "events"), C_("fact unit", "goals"),
	C_("fact unit", "hours"), C_("fact unit", "km"),
	C_("fact unit", "matches"), C_("fact unit", "medals"),
	C_("fact unit", "meetings"), C_("fact unit", "organisations"),
	C_("fact unit", "people"), C_("fact unit", "records"),
	C_("fact unit", "sports"), C_("fact unit", "tests"),
	C_("fact unit", "tickets"), C_("fact unit", "viewers"),
	C_("fact unit", "votes"), C_("fact unit", "women"),
};

static int unit_text(struct pd_buf *b, const char *unit, const char *lang)
{
	char key[PD_IDENT_MAX + 16];
	const char *w;
	size_t i;

	snprintf(key, sizeof(key), "fact unit\004%s", unit);
	for (i = 0; i < sizeof(unit_words) / sizeof(*unit_words) &&
	     strcmp(unit_words[i], key); i++)
		;
	w = i < sizeof(unit_words) / sizeof(*unit_words) ?
	    pd_word(lang, unit_words[i]) : unit;
	/* " 2,200 people", "2200人" */
	return pd_buf_addf(b, W(lang, C_("fact unit", " %s")), w);
}

/* "about 2,200 people" / "47.67%" */
static int value_text(struct pd_buf *b, const struct pd_claim *c,
		      const char *lang)
{
	int ret;

	if ((ret = pd_buf_adds(b, pd_fact_qualifier(c->qualifier, lang))) < 0 ||
	    (ret = pd_fact_format(b, c->value, lang)) < 0)
		return ret;
	if (!strcmp(c->unit, "%"))
		return pd_buf_adds(b, W(lang, C_("fact unit", "%")));
	if (c->unit[0])
		return unit_text(b, c->unit, lang);
	return 0;
}

static int origin_text(struct pd_buf *b, const struct pd_claim *c,
		       const char *lang)
{
	size_t i;
	int ret;

	char from[300];

	if (c->computed) {
		pd_fact_from(from, sizeof(from), c->computed, lang);
		return pd_buf_addf(b, W(lang, N_(" (computed: %s)")), from);
	}
	ret = pd_buf_adds(b, W(lang, C_("fact", " (")));
	for (i = 0; i < c->nby && ret == 0; i++) {
		if (i)
			ret = pd_buf_adds(b, W(lang, C_("fact", ", ")));
		if (ret == 0)
			ret = pd_fact_origin(b, c->by[i]);
	}
	return ret ? ret : pd_buf_adds(b, W(lang, C_("fact", ")")));
}

static int claim_text(struct pd_buf *b, const struct pd_claim *c,
		      const char *lang)
{
	int ret = value_text(b, c, lang);

	return ret ? ret : origin_text(b, c, lang);
}

static int decimals(const char *value)
{
	const char *dot = strchr(value, '.');

	return dot ? (int)strlen(dot + 1) : 0;
}

/* " = 29.2%", "的29.2%", " = 29,2 %" */
static int share_of(struct pd_buf *b, int decimals, double share,
		    const char *lang)
{
	char n[32];
	struct pd_buf v;
	int ret;

	snprintf(n, sizeof(n), "%.*f", decimals, share);
	pd_buf_init(&v, 0);
	ret = pd_fact_format(&v, n, lang);
	if (ret == 0)
		ret = pd_buf_addf(b, W(lang, N_(" = %s%%")), v.data);
	pd_buf_release(&v);
	return ret;
}

static int share_text(struct pd_buf *b, const struct pd_contradiction *c,
		      const char *lang)
{
	const struct pd_claim *sh = &c->stated[0];
	int d = decimals(sh->value), ret;
	size_t i;
	char n[32];

	d += !d;	/* one decimal more than "31%" shows why it is off */
	if ((ret = pd_buf_adds(b, W(lang, C_("fact", " vs ")))) < 0 ||
	    (ret = claim_text(b, &c->against[0], lang)) < 0)
		return ret;
	for (i = 1; i < c->nagainst && ret == 0; i++) {
		ret = pd_buf_adds(b, W(lang, i == 1 ? C_("fact", " of ") :
				  C_("fact", ", of ")));
		if (ret == 0)
			ret = claim_text(b, &c->against[i], lang);
		if (ret == 0)
			ret = share_of(b, d, c->against[i].share, lang);
	}
	if (ret || !c->fit_lo)
		return ret;
	if ((ret = pd_buf_adds(b, W(lang, C_("fact", "; ")))) < 0 ||
	    (ret = value_text(b, sh, lang)) < 0)
		return ret;
	snprintf(n, sizeof(n), "%ld", c->fit_lo);
	ret = pd_buf_adds(b, W(lang, C_("fact", " fits ")));
	if (ret == 0)
		ret = pd_fact_format(b, n, lang);
	if (ret == 0 && c->fit_hi > c->fit_lo) {
		snprintf(n, sizeof(n), "%ld", c->fit_hi);
		if ((ret = pd_buf_adds(b, W(lang, C_("fact", " to ")))) == 0)
			ret = pd_fact_format(b, n, lang);
	}
	if (ret == 0 && c->nagainst > 1 && c->against[1].unit[0])
		ret = unit_text(b, c->against[1].unit, lang);
	if (ret == 0)
		ret = pd_buf_adds(b, W(lang, N_(", which no source gives")));
	return ret;
}

int pd_contradiction_text(struct pd_buf *b, const struct pd_contradiction *c,
			  const char *lang)
{
	const char *sep = W(lang, C_("fact", " vs "));
	size_t i;
	int ret;

	if ((ret = pd_buf_addf(b, "%s %s%s", c->games, c->key,
			       W(lang, C_("fact", ": ")))) < 0)
		return ret;
	for (i = 0; i < c->nstated && ret == 0; i++) {
		if (i)
			ret = pd_buf_adds(b, sep);
		if (ret == 0)
			ret = claim_text(b, &c->stated[i], lang);
	}
	if (ret)
		return ret;
	switch (c->kind) {
	case PD_CONTRA_SHARE:
		ret = share_text(b, c, lang);
		break;
	case PD_CONTRA_COMPUTED:
		if ((ret = pd_buf_adds(b, sep)) == 0)
			ret = claim_text(b, &c->against[0], lang);
		break;
	case PD_CONTRA_SUM:
		ret = pd_buf_adds(b, W(lang, N_(" vs the sum of ")));
		for (i = 0; i < c->nagainst && ret == 0; i++) {
			if (i)
				ret = pd_buf_adds(b, " + ");
			if (ret == 0)
				ret = claim_text(b, &c->against[i], lang);
		}
		break;
	default:
		break;
	}
	return ret ? ret : pd_buf_addc(b, '\n');
}
