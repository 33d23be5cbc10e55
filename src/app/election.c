/* election.c -- an athletes' commission election for the front ends
 * (election_ops.h): every write one change, ballots under random ids, the
 * tally read whole, the result as text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "podium/bundled.h"
#include "podium/election_ops.h"
#include "podium/facts.h"
#include "podium/stats.h"
#include "app_int.h"

struct find {
	long id;
	struct pd_election *e;
	int found;
};

static int find_one(const struct pd_election *e, void *arg)
{
	struct find *f = arg;

	if (e->id != f->id)
		return 0;
	*f->e = *e;
	f->found = 1;
	return 1;
}

static int election_get(struct pd_store *s, long id, struct pd_election *e,
			struct pd_diag *diag)
{
	struct find f = { id, e, 0 };
	int ret = pd_store_elections(s, NULL, find_one, &f, diag);

	if (ret < 0)
		return ret;
	return f.found ? 0 : pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no "
					 "election %ld: see 'podium election "
					 "list'", id);
}

int pd_op_election_add(struct pd_store *s, const struct pd_election *e,
		       const struct pd_candidate *c, size_t nc,
		       const struct pd_who *who, const struct pd_op_notify *nt,
		       long *id, struct pd_diag *diag)
{
	struct pd_election x = *e;
	struct pd_candidate y;
	size_t i;
	int ret;

	if (!x.status[0])
		snprintf(x.status, sizeof(x.status), "open");
	if ((ret = pd_election_check(&x, diag)) < 0)
		return ret;
	if ((ret = app_open(s, x.games, APP_ENSURE_GAMES, who, nt, NULL,
			    diag)) < 0)
		return ret;
	ret = pd_store_election_add(s, &x, id, diag);
	for (i = 0; i < nc && ret == 0; i++) {
		y = c[i];
		y.election = *id;
		ret = pd_store_candidate_add(s, &y, NULL, diag);
	}
	return app_end(s, ret, diag);
}

static int count_ballot(const char *bid, const long *v, size_t n, void *arg)
{
	(void)bid;
	(void)v;
	(void)n;
	(*(long *)arg)++;
	return 0;
}

int pd_op_candidate_add(struct pd_store *s, long election,
			const struct pd_candidate *c, const struct pd_who *who,
			long *id, struct pd_diag *diag)
{
	struct pd_election e;
	struct pd_candidate y = *c;
	long ballots = 0;
	int ret;

	if ((ret = app_begin(s, diag)) < 0)
		return ret;
	if ((ret = election_get(s, election, &e, diag)) == 0 &&
	    (ret = pd_store_ballots(s, election, count_ballot, &ballots,
				    diag)) == 0) {
		if (strcmp(e.status, "open") || ballots)
			ret = pd_diag_set(diag, PD_ECONSIST, NULL, 0, "election "
					  "%ld has ballots or is not open: "
					  "its candidates are settled",
					  election);
		else if ((ret = app_change(s, e.games, 0, who, NULL, NULL,
					   diag)) == 0) {
			y.election = election;
			ret = pd_store_candidate_add(s, &y, id, diag);
		}
	}
	return app_end(s, ret, diag);
}

struct fill {
	struct pd_store *s;
	long election, added;
	struct pd_diag *diag;
};

static int fill_one(long id, const struct pd_athlete *a, void *arg)
{
	struct fill *f = arg;
	int ret = pd_store_elector_add(f->s, f->election, id, f->diag);

	(void)a;
	if (ret < 0)
		return ret;
	f->added += ret;
	return 0;
}

int pd_op_electorate_fill(struct pd_store *s, long election,
			  const struct pd_who *who, long *added,
			  struct pd_diag *diag)
{
	struct fill f = { s, election, 0, diag };
	struct pd_election e;
	int ret;

	if ((ret = app_begin(s, diag)) < 0)
		return ret;
	if ((ret = election_get(s, election, &e, diag)) == 0 &&
	    (ret = app_change(s, e.games, 0, who, NULL, NULL, diag)) == 0)
		ret = pd_store_athletes(s, e.games, fill_one, &f, diag);
	if (added)
		*added = f.added;
	return app_end(s, ret, diag);
}

struct cands {
	struct pd_candidate *v;
	size_t n, alloc;
};

static int add_cand(const struct pd_candidate *c, void *arg)
{
	struct cands *l = arg;
	struct pd_candidate *v;

	if (l->n == l->alloc) {
		l->alloc = l->alloc ? 2 * l->alloc : 16;
		if (!(v = realloc(l->v, l->alloc * sizeof(*v))))
			return PD_ENOMEM;
		l->v = v;
	}
	l->v[l->n++] = *c;
	return 0;
}

int pd_op_vote(struct pd_store *s, long election, long athlete,
	       const long *choices, size_t n, const struct pd_who *who,
	       struct pd_diag *diag)
{
	/* the change says a ballot was cast, not by whom nor how */
	struct pd_who secret = { who ? who->actor : "cli",
				 "podium election vote", "", 0 };
	unsigned char raw[(PD_BALLOT_ID - 1) / 2];
	char id[PD_BALLOT_ID];
	struct cands c = { NULL, 0, 0 };
	struct pd_election e;
	int ret;

	if (sodium_init() < 0)
		return pd_diag_set(diag, PD_ESTORE, NULL, 0, "libsodium did "
				   "not start: no random ballot ids");
	randombytes_buf(raw, sizeof(raw));
	sodium_bin2hex(id, sizeof(id), raw, sizeof(raw));
	if ((ret = app_begin(s, diag)) < 0)
		return ret;
	if ((ret = election_get(s, election, &e, diag)) < 0)
		goto end;
	if (strcmp(e.status, "open")) {
		ret = pd_diag_set(diag, PD_ECONSIST, NULL, 0, "election %ld is "
				  "%s: it takes no ballots", election,
				  e.status);
		goto end;
	}
	if ((ret = pd_store_candidates(s, election, add_cand, &c, diag)) < 0 ||
	    (ret = pd_ballot_check(&e, choices, n, c.v, c.n, diag)) < 0 ||
	    (ret = app_change(s, e.games, 0, &secret, NULL, NULL, diag)) < 0)
		goto end;
	ret = pd_store_vote(s, election, athlete, id, choices, n, diag);
end:
	free(c.v);
	return app_end(s, ret, diag);
}

int pd_op_election_close(struct pd_store *s, long election,
			 const struct pd_who *who, struct pd_diag *diag)
{
	struct pd_election e;
	int ret;

	if ((ret = app_begin(s, diag)) < 0)
		return ret;
	if ((ret = election_get(s, election, &e, diag)) == 0) {
		if (strcmp(e.status, "open"))
			ret = pd_diag_set(diag, PD_ECONSIST, NULL, 0, "election "
					  "%ld is %s, not open", election,
					  e.status);
		else if ((ret = app_change(s, e.games, 0, who, NULL, NULL,
					   diag)) == 0)
			ret = pd_store_election_status(s, election, "closed",
						       diag);
	}
	return app_end(s, ret, diag);
}

/* -- the bundled published result */

int pd_election_bundled(struct pd_election *e, struct pd_candidate *c,
			size_t max, size_t *nc, struct pd_diag *diag)
{
	static const char file[] = "data/PG2004.election.tsv";
	char *text = strdup((const char *)pd_embed_pg2004_election);
	char *line, *save = NULL, *f[9];
	long lineno = 0;
	int ret = 0, n;

	if (!text)
		return PD_ENOMEM;
	memset(e, 0, sizeof(*e));
	*nc = 0;
	for (line = strtok_r(text, "\n", &save); line && ret == 0;
	     line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (line[0] == '#')
			continue;
		for (n = 0, f[0] = line; n < 8 && f[n]; n++)
			if ((f[n + 1] = strchr(f[n], '\t')))
				*f[n + 1]++ = '\0';
		if (n == 8 && !strcmp(f[0], "election")) {
			if (pd_strcopy(e->games, sizeof(e->games), f[1]) ||
			    pd_strcopy(e->name, sizeof(e->name), f[2]) ||
			    pd_strcopy(e->turnout, sizeof(e->turnout), f[5]) ||
			    pd_strcopy(e->source, sizeof(e->source), f[6]) ||
			    pd_strcopy(e->cite, sizeof(e->cite), f[7]))
				ret = -1;
			e->seats = e->max_choices = atol(f[3]);
			e->votes = atol(f[4]);
			snprintf(e->status, sizeof(e->status), "published");
		} else if (n == 4 && !strcmp(f[0], "elected") && *nc < max) {
			memset(&c[*nc], 0, sizeof(*c));
			c[*nc].elected = 1;
			if (pd_strcopy(c[*nc].name, sizeof(c->name), f[1]) ||
			    pd_strcopy(c[*nc].name_zh, sizeof(c->name_zh),
				       f[2]) ||
			    pd_strcopy(c[*nc].npc, sizeof(c->npc), f[3]))
				ret = -1;
			++*nc;
		} else {
			ret = -1;
		}
	}
	free(text);
	if (ret < 0)
		return pd_diag_set(diag, PD_EPARSE, file, lineno, "not an "
				   "election or elected line");
	return pd_election_check(e, diag);
}

/* -- reading and tallying */

static int count_votes(const char *bid, const long *v, size_t n, void *arg)
{
	struct pd_election_read *r = arg;
	size_t i, j;

	(void)bid;
	r->ballots++;
	for (i = 0; i < n; i++)
		for (j = 0; j < r->ncands; j++)
			if (r->cands[j].id == v[i])
				r->votes[j]++;
	return 0;
}

int pd_election_read(struct pd_election_read *r, struct pd_store *s,
		     long election, struct pd_diag *diag)
{
	struct cands c = { NULL, 0, 0 };
	int published, ret;
	size_t i;

	memset(r, 0, sizeof(*r));
	if ((ret = election_get(s, election, &r->e, diag)) < 0 ||
	    (ret = pd_store_candidates(s, election, add_cand, &c, diag)) < 0)
		goto cleanup;
	r->cands = c.v;
	r->ncands = c.n;
	c.v = NULL;
	if (!(r->votes = calloc(r->ncands ? r->ncands : 1, sizeof(long)))) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	published = !strcmp(r->e.status, "published");
	if (!published &&
	    ((ret = pd_store_ballots(s, election, count_votes, r, diag)) < 0 ||
	     (ret = pd_store_electorate(s, election, &r->electors, &r->voted,
					diag)) < 0))
		goto cleanup;
	if (published) {
		/* no ballots: the elected as stated, one "vote" each so the
		 * tally seats them and no one else */
		for (i = 0; i < r->ncands; i++)
			r->votes[i] = r->cands[i].elected != 0;
		r->ballots = r->e.votes;
	}
	ret = pd_election_tally(&r->tally, &r->e, r->cands, r->votes,
				r->ncands, r->ballots, r->electors);
cleanup:
	free(c.v);
	return ret;
}

void pd_election_read_release(struct pd_election_read *r)
{
	pd_election_tally_release(&r->tally);
	free(r->cands);
	free(r->votes);
	memset(r, 0, sizeof(*r));
}

/* -- the result as text */

static const char *const seat_en[] = { "", "elected", "tied", "capped" };
static const char *const seat_zh[] = { "", "当选", "票数相同", "超出项目限额" };

static int number(struct pd_buf *b, long v, int zh)
{
	char n[24];

	snprintf(n, sizeof(n), "%ld", v);
	return pd_fact_format(b, n, zh ? "zh" : "en");
}

static int heading(struct pd_buf *b, const struct pd_election_read *r, int zh)
{
	const struct pd_election *e = &r->e;
	long t = pd_turnout_hundredths(r->ballots, r->electors);
	int ret;

	if (!strcmp(e->status, "published")) {
		ret = pd_buf_addf(b, zh ? "%s（%s），公布的结果（%s %s）\n"
				  "席位%ld；" : "%s (%s), a published result "
				  "(%s %s)\nseats %ld; ", e->name, e->games,
				  e->source, e->cite, e->seats);
		if (ret == 0 && e->votes >= 0)
			ret = pd_buf_adds(b, zh ? "投票" : "");
		if (ret == 0 && e->votes >= 0)
			ret = number(b, e->votes, zh);
		if (ret == 0 && e->votes >= 0)
			ret = pd_buf_adds(b, zh ? "票，" : " votes, ");
		if (ret == 0 && e->turnout[0])
			ret = pd_buf_addf(b, zh ? "投票率%s%%" :
					  "turnout %s%%", e->turnout);
		return ret ? ret : pd_buf_adds(b, zh ? "（据来源；数据库中没有"
					      "选票）\n" : " as stated (no "
					      "ballots in the store)\n");
	}
	ret = pd_buf_addf(b, zh ? "%s（%s），%s\n席位%ld，每张选票最多选%ld人" :
			  "%s (%s), %s\nseats %ld, a ballot marks up to %ld",
			  e->name, e->games, zh ? (!strcmp(e->status, "open") ?
			  "投票中" : "已结束") : e->status, e->seats,
			  e->max_choices);
	if (ret == 0 && e->sport_cap)
		ret = pd_buf_addf(b, zh ? "，每个项目最多%ld席" :
				  ", at most %ld a sport", e->sport_cap);
	if (ret == 0)
		ret = pd_buf_adds(b, zh ? "\n选票" : "\nballots ");
	if (ret == 0)
		ret = number(b, r->ballots, zh);
	if (ret == 0)
		ret = pd_buf_adds(b, zh ? "张，选民名册" : " of ");
	if (ret == 0)
		ret = number(b, r->electors, zh);
	if (ret == 0)
		ret = pd_buf_addf(b, zh ? "人：投票率%ld.%02ld%%\n" :
				  " on the register: turnout %ld.%02ld%%\n",
				  t / 100, t % 100);
	return ret;
}

static int rows(struct pd_buf *b, const struct pd_election_read *r, int zh)
{
	const struct pd_election_tally *t = &r->tally;
	size_t i;
	int ret;

	ret = pd_buf_adds(b, zh ? "名次  得票  席位  候选人（国家和地区，项目）\n" :
			  "rank  votes  seat     candidate (NPC, sport)\n");
	for (i = 0; i < t->n && ret == 0; i++) {
		const struct pd_candidate *c = t->rows[i].c;

		ret = pd_buf_addf(b, "%4ld  %5ld  ", t->rows[i].rank,
				  t->rows[i].votes);
		if (ret == 0)
			ret = pd_buf_addpad(b, (zh ? seat_zh : seat_en)
					    [t->rows[i].seat], zh ? 12 : 7, 0);
		if (ret == 0)
			ret = pd_buf_addf(b, "  %s (%s%s%s)\n", zh &&
					  c->name_zh[0] ? c->name_zh : c->name,
					  c->npc, c->sport[0] ? ", " : "",
					  c->sport);
	}
	return ret;
}

int pd_candidate_text(struct pd_buf *b, const struct pd_candidate *c,
		      const struct pd_registry *reg, const char *lang)
{
	const struct pd_npc *n = reg ? pd_registry_code(reg, c->npc) : NULL;

	if (lang && !strcmp(lang, "zh"))
		return pd_buf_addf(b, "%s（%s）", c->name_zh[0] ? c->name_zh :
				   c->name, n && n->zh[0] ? n->zh : c->npc);
	return pd_buf_addf(b, "%s (%s)", c->name, c->npc);
}

static int elected(struct pd_buf *b, const struct pd_election_read *r,
		   const struct pd_registry *reg, int zh)
{
	const struct pd_election_tally *t = &r->tally;
	size_t i, k = 0;
	int ret;

	ret = pd_buf_adds(b, zh ? "当选：" : "elected: ");
	for (i = 0; i < t->n && ret == 0; i++) {
		const struct pd_candidate *c = t->rows[i].c;

		if (t->rows[i].seat != PD_SEAT_ELECTED)
			continue;
		ret = pd_buf_adds(b, k++ ? (zh ? "、" : ", ") : "");
		if (ret == 0)
			ret = pd_candidate_text(b, c, reg, zh ? "zh" : "en");
	}
	if (ret == 0 && !k)
		ret = pd_buf_adds(b, zh ? "无" : "none");
	if (ret == 0 && t->seats_open)
		ret = pd_buf_addf(b, zh ? "；%ld席因票数相同未定（按规则加赛或"
				  "抽签）" : "; %ld seat%s open: tied, for the "
				  "rules to decide (a run-off or lot)",
				  t->seats_open, zh || t->seats_open == 1 ? "" :
				  "s");
	return ret ? ret : pd_buf_addc(b, '\n');
}

int pd_election_text(struct pd_buf *b, const struct pd_election_read *r,
		     const struct pd_registry *reg, const char *lang)
{
	int zh = lang && !strcmp(lang, "zh"), ret;

	if ((ret = heading(b, r, zh)) < 0)
		return ret;
	if (strcmp(r->e.status, "published") && (ret = rows(b, r, zh)) < 0)
		return ret;
	return elected(b, r, reg, zh);
}

/* -- kept by podium init */

struct named {
	const char *name;
	int found;
};

static int has_name(const struct pd_election *e, void *arg)
{
	struct named *n = arg;

	n->found |= !strcmp(e->name, n->name);
	return 0;
}

int app_election_bundled_keep(struct pd_store *s, struct pd_diag *diag)
{
	struct pd_candidate c[16];
	struct pd_election e;
	struct named n;
	size_t nc, i;
	long id = 0;
	int ret;

	if ((ret = pd_election_bundled(&e, c, 16, &nc, diag)) < 0)
		return ret;
	n.name = e.name;
	n.found = 0;
	if ((ret = pd_store_elections(s, e.games, has_name, &n, diag)) < 0 ||
	    n.found)
		return ret;	/* kept by an earlier init: as it was */
	ret = pd_store_election_add(s, &e, &id, diag);
	for (i = 0; i < nc && ret == 0; i++) {
		c[i].election = id;
		ret = pd_store_candidate_add(s, &c[i], NULL, diag);
	}
	return ret;
}

/* -- the API's document (GET .../elections) */

struct ids {
	long v[64];
	size_t n;
};

static int keep_id(const struct pd_election *e, void *arg)
{
	struct ids *l = arg;

	if (l->n == sizeof(l->v) / sizeof(*l->v))
		return PD_ETOOBIG;
	l->v[l->n++] = e->id;
	return 0;
}

static const char *const seat_key[] = { "none", "elected", "tied",
					"capped" };

/* A candidate's row; votes only once voting is over (an open election's
 * running count is nobody's business until it closes), and none for a
 * published result, which states only who was elected. */
static json_t *candidate_json(const struct pd_vote_row *v, int counted,
			      int seated)
{
	const struct pd_candidate *c = v->c;

	return json_pack("{s:I, s:o, s:s, s:s, s:s, s:s, s:o, s:o, s:s}",
			 "id", (json_int_t)c->id,
			 "athlete", c->athlete ? json_integer(c->athlete) :
			 json_null(), "name", c->name, "name_zh", c->name_zh,
			 "npc", c->npc, "sport", c->sport,
			 "votes", counted ? json_integer(v->votes) :
			 json_null(), "rank", counted ? json_integer(v->rank) :
			 json_null(), "seat", counted || seated ?
			 seat_key[v->seat] : "none");
}

static json_t *election_json(const struct pd_election_read *r)
{
	const struct pd_election *e = &r->e;
	int published = !strcmp(e->status, "published");
	int counted = !strcmp(e->status, "closed");
	long t = pd_turnout_hundredths(r->ballots, r->electors);
	json_t *cands = json_array(), *o;
	size_t i;

	for (i = 0; cands && i < r->tally.n; i++)
		json_array_append_new(cands, candidate_json(&r->tally.rows[i],
							    counted, published));
	o = json_pack("{s:I, s:s, s:I, s:I, s:o, s:s, s:o}",
		      "id", (json_int_t)e->id, "name", e->name,
		      "seats", (json_int_t)e->seats,
		      "max_choices", (json_int_t)e->max_choices,
		      "sport_cap", e->sport_cap ? json_integer(e->sport_cap) :
		      json_null(), "status", e->status, "candidates", cands);
	if (!o)
		return NULL;
	if (published) {
		json_object_set_new(o, "ballots", e->votes >= 0 ?
				    json_integer(e->votes) : json_null());
		json_object_set_new(o, "electorate", json_null());
		json_object_set_new(o, "turnout", e->turnout[0] ?
				    json_string(e->turnout) : json_null());
	} else {
		json_object_set_new(o, "ballots", json_integer(r->ballots));
		json_object_set_new(o, "electorate", json_integer(r->electors));
		json_object_set_new(o, "turnout", r->electors ? json_sprintf(
				    "%ld.%02ld", t / 100, t % 100) :
				    json_null());
	}
	json_object_set_new(o, "source", json_string(e->source));
	json_object_set_new(o, "cite", json_string(e->cite));
	return o;
}

int pd_doc_elections(struct pd_buf *out, struct pd_store *s,
		     const char *games, long version, unsigned flags,
		     struct pd_diag *diag)
{
	struct pd_election_read r;
	struct ids l = { { 0 }, 0 };
	json_t *list = json_array();
	size_t i;
	int ret;

	if (!list)
		return PD_ENOMEM;
	ret = pd_store_elections(s, games, keep_id, &l, diag);
	for (i = 0; i < l.n && ret == 0; i++) {
		if ((ret = pd_election_read(&r, s, l.v[i], diag)) == 0 &&
		    json_array_append_new(list, election_json(&r)) < 0)
			ret = PD_ENOMEM;
		pd_election_read_release(&r);
	}
	if (ret < 0) {
		json_decref(list);
		return ret;
	}
	return app_json_dump(out, json_pack("{s:s, s:I, s:o}", "games", games,
				"version", (json_int_t)version, "elections",
				list), flags);
}
