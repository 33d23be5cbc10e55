/* match.c -- head-to-head events for the front ends (match_ops.h): the
 * matches set and read, the bracket's ranking written as results, the
 * report's example tournament, and records, pools and matches as text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/bundled.h"
#include "podium/event.h"
#include "podium/facts_ops.h"
#include "podium/io.h"
#include "podium/match_ops.h"
#include "app_int.h"

int pd_op_matches_replace(struct pd_store *s, long event, const char *source,
			  const struct pd_matches *l, const struct pd_who *who,
			  long *version, struct pd_diag *diag)
{
	struct pd_event_info e;
	int ret;

	if ((ret = app_open_event(s, event, &e, who, version, diag)) < 0)
		return ret;
	ret = pd_store_matches_replace(s, event, source ? source : "matches",
				       l, diag);
	pd_event_info_release(&e);
	return app_end(s, ret, diag);
}

int pd_op_matches_from_file(struct pd_store *s, long event,
			    const char *source, const char *file,
			    const struct pd_who *who, size_t *n,
			    struct pd_diag *diag)
{
	struct pd_matches l;
	char *data = NULL;
	size_t len = 0;
	int ret;

	pd_matches_init(&l);
	if ((ret = pd_file_read(file, &data, &len, diag)) == 0 &&
	    (ret = pd_utf8_check(data, len, file, diag)) == 0 &&
	    (ret = pd_matches_tsv_parse(&l, data, len, file, diag)) == 0)
		ret = pd_op_matches_replace(s, event, source, &l, who, NULL,
					    diag);
	if (ret == 0 && n)
		*n = l.n;
	pd_matches_release(&l);
	free(data);
	return ret;
}

int pd_op_matches_rank(struct pd_store *s, const struct pd_registry *reg,
		       long event, const struct pd_who *who, size_t *n,
		       struct pd_diag *diag)
{
	struct pd_result_input *in = NULL;
	char (*npc)[PD_CODE_MAX] = NULL;
	struct pd_matches l;
	long *rank = NULL;
	size_t i, m = 0;
	int ret;

	pd_matches_init(&l);
	if ((ret = pd_matches_read(s, event, &l, diag)) < 0 ||
	    (ret = pd_bracket_ranking(&npc, &rank, &m, &l, diag)) < 0)
		goto cleanup;
	if (!(in = calloc(m ? m : 1, sizeof(*in)))) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = 0; i < m; i++) {
		const struct pd_npc *p = pd_registry_code(reg, npc[i]);

		in[i].npc = npc[i];
		in[i].team = p ? p->en : npc[i];
		in[i].rank = rank[i];
		in[i].mark = in[i].irm = in[i].records = "";
		in[i].line = (long)i + 1;
	}
	ret = pd_op_results_replace(s, reg, event, in, m, who, NULL, diag);
	if (n)
		*n = m;
cleanup:
	free(in);
	free(npc);
	free(rank);
	pd_matches_release(&l);
	return ret;
}

int pd_op_init_examples(struct pd_store *s, const struct pd_who *who,
			long *event, struct pd_diag *diag)
{
	static const char file[] = "data/PG2004.football5.tsv";
	struct pd_event_input ev = { .sport = "Football 5-a-side",
				     .name = "Men's Tournament", .gender = "M",
				     .status = "official", .team = 1 };
	struct pd_matches l;
	int ret;

	pd_matches_init(&l);
	if ((ret = pd_matches_tsv_parse(&l, (const char *)
					pd_embed_pg2004_football5,
					pd_embed_pg2004_football5_len, file,
					diag)) < 0)
		goto cleanup;
	ret = pd_op_event_add(s, "PG2004", &ev, NULL, who, NULL, event, NULL,
			      diag);
	if (ret == PD_EEXISTS || ret == 0)
		ret = pd_op_matches_replace(s, *event, "seed", &l, who, NULL,
					    diag);
cleanup:
	pd_matches_release(&l);
	return ret;
}

/* -- as text */

static int match_line(struct pd_buf *b, const struct pd_match *m,
		      const char *lang)
{
	int zh = lang && !strcmp(lang, "zh"), ret;

	ret = pd_buf_addf(b, "%s%s%s: %s – %s, ", m->phase, m->pool[0] ? " " :
			  "", m->pool, m->home, m->away[0] ? m->away :
			  (zh ? "（对手不详）" : "(opponent not named)"));
	if (ret == 0)
		ret = pd_match_score_text(b, m, lang);
	if (ret == 0 && m->source[0])
		ret = pd_buf_addf(b, " (%s%s%s)", m->source, m->cite[0] ? " " :
				  "", m->cite);
	return ret ? ret : pd_buf_addc(b, '\n');
}

static int pools_text(struct pd_buf *b, const struct pd_matches *l,
		      const char *lang)
{
	char pools[32][8];
	struct pd_side_record *t;
	size_t np = 0, i, j, n;
	int ret = 0;

	for (i = 0; i < l->n; i++) {
		if (strcmp(l->v[i].phase, "pool"))
			continue;
		for (j = 0; j < np && strcmp(pools[j], l->v[i].pool); j++)
			;
		if (j == np && np < 32)
			snprintf(pools[np++], 8, "%s", l->v[i].pool);
	}
	for (i = 0; i < np && ret == 0; i++) {
		if ((ret = pd_pool_table(&t, &n, l, pools[i])) < 0)
			return ret;
		ret = pd_buf_addf(b, "\npool %s  P  W  D  L  GF GA  Pts\n",
				  pools[i][0] ? pools[i] : "-");
		for (j = 0; j < n && ret == 0; j++)
			ret = pd_buf_addf(b, "%zu %-4s %2ld %2ld %2ld %2ld %3ld "
					  "%2ld %4ld\n", j + 1, t[j].npc,
					  t[j].played, t[j].won, t[j].drawn,
					  t[j].lost, t[j].goals_for,
					  t[j].goals_against, t[j].points);
		free(t);
	}
	(void)lang;
	return ret;
}

int pd_matches_text(struct pd_buf *b, const struct pd_matches *l,
		    const char *lang)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < l->n && ret == 0; i++)
		ret = match_line(b, &l->v[i], lang);
	return ret ? ret : pools_text(b, l, lang);
}

static int stated_goals(struct pd_store *s, long event, const char *npc,
			struct pd_facts *all, const struct pd_fact **out,
			struct pd_diag *diag)
{
	struct pd_event_info e;
	char slug[40], key[PD_IDENT_MAX + 40];
	size_t i;
	int ret;

	*out = NULL;
	memset(&e, 0, sizeof(e));
	if ((ret = pd_store_event_get(s, event, &e, diag)) < 0)
		return ret;
	pd_sport_slug(slug, sizeof(slug), e.sport);
	snprintf(key, sizeof(key), "team.%s.%s.goals", npc, slug);
	ret = pd_facts_read(s, e.games, all, diag);
	for (i = 0; ret == 0 && i < all->n && !*out; i++)
		if (!strcmp(all->v[i].key, key))
			*out = &all->v[i];
	pd_event_info_release(&e);
	return ret;
}

int pd_record_text(struct pd_buf *b, struct pd_store *s, long event,
		   const struct pd_matches *l, const char *npc,
		   const char *lang, struct pd_diag *diag)
{
	int zh = lang && !strcmp(lang, "zh"), ret;
	const struct pd_fact *g = NULL;
	struct pd_facts all;
	struct pd_side_record r;
	size_t i;

	pd_facts_init(&all);
	pd_match_record(&r, l, npc, NULL, NULL);
	if (!r.played) {
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "%s played no "
				  "match in event %ld", npc, event);
		goto cleanup;
	}
	if ((ret = stated_goals(s, event, npc, &all, &g, diag)) < 0)
		goto cleanup;
	ret = pd_buf_addf(b, zh ? "%s：%ld场比赛%s，" : "%s: %ld matches%s, ",
			  npc, r.played, pd_record_unbeaten(&r) ?
			  (zh ? "，保持不败" : ", unbeaten") : "");
	if (ret == 0 && r.unscored && g)
		ret = pd_buf_addf(b, zh ? "进%s球（据%s %s；%ld场比分不详）\n" :
				  "%s goals (stated: %s %s; %ld of the matches' "
				  "scores are not known)\n", g->value, g->source,
				  g->cite, r.unscored);
	else if (ret == 0)
		ret = pd_buf_addf(b, zh ? "进%ld球、失%ld球%s\n" :
				  "%ld goals for, %ld against%s\n",
				  r.goals_for, r.goals_against, r.unscored ?
				  (zh ? "（部分比分不详）" :
				   " (some scores not known)") : "");
	if (ret == 0)
		ret = pd_buf_addf(b, zh ? "  胜%ld、平%ld（点球胜%ld、负%ld）、"
				  "负%ld、未败%ld（比分不详）\n" :
				  "  won %ld, drawn %ld (won %ld, lost %ld on "
				  "penalties), lost %ld, not lost %ld (score "
				  "not known)\n", r.won, r.drawn, r.won_pens,
				  r.lost_pens, r.lost, r.not_lost);
	for (i = 0; i < l->n && ret == 0; i++)
		if (!strcmp(l->v[i].home, npc) || !strcmp(l->v[i].away, npc)) {
			ret = pd_buf_adds(b, "  ");
			if (ret == 0)
				ret = match_line(b, &l->v[i], lang);
		}
cleanup:
	pd_facts_release(&all);
	return ret;
}

static json_t *record_json(const struct pd_side_record *r)
{
	long counts[] = { r->played, r->won, r->drawn, r->lost, r->won_pens,
			  r->lost_pens, r->not_lost, r->goals_for,
			  r->goals_against, r->unscored, r->points };
	json_t *o = json_pack("{s:s}", "npc", r->npc);

	if (app_json_set_ints(o, "played won drawn lost won_penalties "
			      "lost_penalties not_lost goals_for goals_against "
			      "unscored points", counts,
			      sizeof(counts) / sizeof(*counts)) < 0 ||
	    json_object_set_new(o, "unbeaten",
				json_boolean(pd_record_unbeaten(r)))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *score_json(long a, long b)
{
	return a < 0 ? json_null() : json_pack("[I, I]", (json_int_t)a,
					       (json_int_t)b);
}

static json_t *match_json(const struct pd_match *m)
{
	return json_pack("{s:I, s:s, s:s, s:s, s:o, s:o, s:b, s:o, s:s, s:s, "
			 "s:i, s:s, s:s}", "id", (json_int_t)m->id,
			 "phase", m->phase, "pool", m->pool, "home", m->home,
			 "away", m->away[0] ? json_string(m->away) :
			 json_null(), "score", score_json(m->hs, m->as),
			 "extra_time", m->extra, "penalties",
			 score_json(m->hp, m->ap), "walkover", m->walkover,
			 "outcome", m->outcome, "winner", pd_match_winner(m),
			 "source", m->source, "cite", m->cite);
}

int pd_doc_matches(struct pd_buf *out, const char *games, long version,
		   long event, const struct pd_matches *l, unsigned flags)
{
	json_t *ms = json_array(), *recs = json_array(), *pools = json_object();
	struct pd_side_record *t = NULL, r;
	size_t i, n = 0;

	if (!ms || !recs || !pools)
		goto fail;
	for (i = 0; i < l->n; i++)
		json_array_append_new(ms, match_json(&l->v[i]));
	for (i = 0; i < l->n; i++) {
		const struct pd_match *m = &l->v[i];
		json_t *p;
		size_t j;

		if (!strcmp(m->phase, "pool") && !json_object_get(pools,
								  m->pool)) {
			if (pd_pool_table(&t, &n, l, m->pool) < 0 ||
			    !(p = json_array()))
				goto fail;
			for (j = 0; j < n; j++)
				json_array_append_new(p, record_json(&t[j]));
			json_object_set_new(pools, m->pool, p);
			free(t);
			t = NULL;
		}
	}
	if (pd_pool_table(&t, &n, l, NULL) < 0)
		goto fail;
	free(t);
	for (i = 0; i < l->n; i++) {	/* every side, in order of first match */
		const char *side[2] = { l->v[i].home, l->v[i].away };
		size_t k, j;

		for (k = 0; k < 2; k++) {
			for (j = 0; j < i && strcmp(l->v[j].home, side[k]) &&
			     strcmp(l->v[j].away, side[k]); j++)
				;
			if (!*side[k] || j < i || (k && !strcmp(side[0],
								side[1])))
				continue;
			pd_match_record(&r, l, side[k], NULL, NULL);
			json_array_append_new(recs, record_json(&r));
		}
	}
	return app_json_dump(out, json_pack("{s:s, s:I, s:I, s:o, s:o, s:o}",
				"games", games, "version",
				(json_int_t)version, "event",
				(json_int_t)event, "matches", ms, "pools",
				pools, "records", recs), flags);
fail:
	json_decref(ms);
	json_decref(recs);
	json_decref(pools);
	return PD_ENOMEM;
}
