/* election.c -- an athletes' commission election for the front ends
 * (election_ops.h): every write one change but a ballot, which is sealed
 * until close and is no change at all; at close the ballots opened and
 * written in a random order under random ids; the tally read whole, the
 * result as text. */
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
	if (!strcmp(x.status, "open") && !x.seal[0])
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "an open election "
				   "needs the public key its ballots are "
				   "sealed to until close");
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

int pd_op_candidate_add(struct pd_store *s, long election,
			const struct pd_candidate *c, const struct pd_who *who,
			long *id, struct pd_diag *diag)
{
	struct pd_election e;
	struct pd_candidate y = *c;
	long electors = 0, ballots = 0;
	int ret;

	if ((ret = app_begin(s, diag)) < 0)
		return ret;
	if ((ret = election_get(s, election, &e, diag)) == 0 &&
	    (ret = pd_store_electorate(s, election, &electors, &ballots,
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
	    strcmp(e.status, "open"))
		ret = pd_diag_set(diag, PD_ECONSIST, NULL, 0, "election %ld is "
				  "%s: its register is settled", election,
				  e.status);
	if (ret == 0 &&
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

static int sodium_up(struct pd_diag *diag)
{
	if (sodium_init() < 0)
		return pd_diag_set(diag, PD_ESTORE, NULL, 0, "libsodium did "
				   "not start: no sealed ballots");
	return 0;
}

int pd_election_keys(char pub[PD_ELECTION_KEY], char secret[PD_ELECTION_KEY],
		     struct pd_diag *diag)
{
	unsigned char pk[crypto_box_PUBLICKEYBYTES], sk[crypto_box_SECRETKEYBYTES];
	int ret;

	if ((ret = sodium_up(diag)) < 0)
		return ret;
	crypto_box_keypair(pk, sk);
	sodium_bin2hex(pub, PD_ELECTION_KEY, pk, sizeof(pk));
	sodium_bin2hex(secret, PD_ELECTION_KEY, sk, sizeof(sk));
	sodium_memzero(sk, sizeof(sk));
	return 0;
}

/* box gets choices[0..n) as text, padded to PD_BALLOT_TEXT bytes (every
 * box one length), sealed to the public key pub (hex), as base64. */
static int seal(char box[PD_BALLOT_BOX], const char *pub, const long *choices,
		size_t n, struct pd_diag *diag)
{
	unsigned char pk[crypto_box_PUBLICKEYBYTES];
	unsigned char text[PD_BALLOT_TEXT] = { 0 };
	unsigned char sealed[PD_BALLOT_TEXT + crypto_box_SEALBYTES];
	size_t i, len = 0;

	if (sodium_hex2bin(pk, sizeof(pk), pub, strlen(pub), NULL, NULL,
			   NULL) < 0)
		return pd_diag_set(diag, PD_ESTORE, NULL, 0, "the election's "
				   "public key is not hex");
	for (i = 0; i < n; i++)
		len += (size_t)snprintf((char *)text + len, sizeof(text) - len,
					i ? ",%ld" : "%ld", choices[i]);
	if (crypto_box_seal(sealed, text, sizeof(text), pk) < 0)
		return pd_diag_set(diag, PD_ESTORE, NULL, 0, "the ballot could "
				   "not be sealed");
	sodium_bin2base64(box, PD_BALLOT_BOX, sealed, sizeof(sealed),
			  sodium_base64_VARIANT_ORIGINAL);
	return 0;
}

int pd_op_vote(struct pd_store *s, long election, long athlete,
	       const long *choices, size_t n, const struct pd_who *who,
	       struct pd_diag *diag)
{
	char box[PD_BALLOT_BOX];
	struct cands c = { NULL, 0, 0 };
	struct pd_election e;
	int ret;

	/* no change: a ballot's version, time or actor in the log would
	 * pair it with its voter */
	(void)who;
	if ((ret = sodium_up(diag)) < 0)
		return ret;
	if ((ret = app_begin(s, diag)) < 0)
		return ret;
	if ((ret = election_get(s, election, &e, diag)) < 0)
		goto end;
	if (strcmp(e.status, "open") || !e.seal[0]) {
		ret = pd_diag_set(diag, PD_ECONSIST, NULL, 0, "election %ld is "
				  "%s: it takes no ballots", election,
				  strcmp(e.status, "open") ? e.status : "kept "
				  "without a key to seal its ballots");
		goto end;
	}
	if ((ret = pd_store_candidates(s, election, add_cand, &c, diag)) < 0 ||
	    (ret = pd_ballot_check(&e, choices, n, c.v, c.n, diag)) < 0 ||
	    (ret = seal(box, e.seal, choices, n, diag)) < 0)
		goto end;
	ret = pd_store_vote(s, election, athlete, box, diag);
end:
	free(c.v);
	return app_end(s, ret, diag);
}

/* The sealed ballots of an election, read before any is opened. */
struct boxes {
	char **v;
	size_t n, alloc;
};

static int add_box(const char *box, void *arg)
{
	struct boxes *l = arg;
	char **v;

	if (l->n == l->alloc) {
		l->alloc = l->alloc ? 2 * l->alloc : 64;
		if (!(v = realloc(l->v, l->alloc * sizeof(*v))))
			return PD_ENOMEM;
		l->v = v;
	}
	if (!(l->v[l->n] = strdup(box)))
		return PD_ENOMEM;
	l->n++;
	return 0;
}

/* secret opens e's ballots: its public half is e->seal.  sk gets it. */
static int key_opens(const struct pd_election *e, const char *secret,
		     unsigned char sk[crypto_box_SECRETKEYBYTES],
		     unsigned char pk[crypto_box_PUBLICKEYBYTES],
		     struct pd_diag *diag)
{
	char hex[PD_ELECTION_KEY];

	if (!secret || sodium_hex2bin(sk, crypto_box_SECRETKEYBYTES, secret,
				      strlen(secret), NULL, NULL, NULL) < 0 ||
	    strlen(secret) != PD_ELECTION_KEY - 1 ||
	    crypto_scalarmult_base(pk, sk) < 0)
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "election %ld's "
				   "ballots open only with its key: %d "
				   "hexadecimal digits", e->id,
				   PD_ELECTION_KEY - 1);
	sodium_bin2hex(hex, sizeof(hex), pk, crypto_box_PUBLICKEYBYTES);
	if (strcmp(hex, e->seal))
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "that key does "
				   "not open election %ld's ballots", e->id);
	return 0;
}

/* Open box with the key pair and keep it as a ballot of e under a random
 * id: one that does not open, or opens as no ballot of e, is refused
 * and nothing is closed. */
static int open_one(struct pd_store *s, const struct pd_election *e,
		    const char *box, const unsigned char *pk,
		    const unsigned char *sk, const struct cands *c,
		    struct pd_diag *diag)
{
	unsigned char sealed[PD_BALLOT_TEXT + crypto_box_SEALBYTES];
	unsigned char text[PD_BALLOT_TEXT];
	unsigned char raw[(PD_BALLOT_ID - 1) / 2];
	long v[PD_ELECTION_CHOICES];
	char id[PD_BALLOT_ID], *p, *end;
	size_t len = 0, n = 0;
	int ret;

	if (sodium_base642bin(sealed, sizeof(sealed), box, strlen(box), NULL,
			      &len, NULL, sodium_base64_VARIANT_ORIGINAL) < 0 ||
	    len != sizeof(sealed) ||
	    crypto_box_seal_open(text, sealed, len, pk, sk) < 0)
		return pd_diag_set(diag, PD_ECONSIST, NULL, 0, "a sealed ballot "
				   "of election %ld does not open with its "
				   "key: nothing was closed", e->id);
	text[sizeof(text) - 1] = '\0';
	for (p = (char *)text; *p && n < PD_ELECTION_CHOICES; p = end) {
		v[n++] = strtol(p, &end, 10);
		if (end == p)
			break;
		if (*end == ',')
			end++;
	}
	sodium_memzero(text, sizeof(text));
	if ((ret = pd_ballot_check(e, v, n, c->v, c->n, diag)) < 0)
		return ret;
	randombytes_buf(raw, sizeof(raw));
	sodium_bin2hex(id, sizeof(id), raw, sizeof(raw));
	return pd_store_ballot_add(s, e->id, id, v, n, diag);
}

/* Open e's sealed ballots with secret and write them in a random order
 * (a shuffle of libsodium's randomness); the boxes are then thrown
 * away.  Inside the change that closes e. */
static int open_ballots(struct pd_store *s, const struct pd_election *e,
			const char *secret, struct pd_diag *diag)
{
	unsigned char pk[crypto_box_PUBLICKEYBYTES];
	unsigned char sk[crypto_box_SECRETKEYBYTES];
	struct boxes b = { NULL, 0, 0 };
	struct cands c = { NULL, 0, 0 };
	size_t i, j;
	char *t;
	int ret;

	if ((ret = key_opens(e, secret, sk, pk, diag)) < 0)
		goto cleanup;
	if ((ret = pd_store_candidates(s, e->id, add_cand, &c, diag)) < 0 ||
	    (ret = pd_store_sealed(s, e->id, add_box, &b, diag)) < 0)
		goto cleanup;
	for (i = b.n; i > 1; i--) {
		j = randombytes_uniform((uint32_t)i);
		t = b.v[i - 1];
		b.v[i - 1] = b.v[j];
		b.v[j] = t;
	}
	for (i = 0; i < b.n && ret == 0; i++)
		ret = open_one(s, e, b.v[i], pk, sk, &c, diag);
	if (ret == 0)
		ret = pd_store_sealed_clear(s, e->id, diag);
cleanup:
	sodium_memzero(sk, sizeof(sk));
	for (i = 0; i < b.n; i++)
		free(b.v[i]);
	free(b.v);
	free(c.v);
	return ret;
}

int pd_op_election_close(struct pd_store *s, long election,
			 const char *secret, const struct pd_who *who,
			 struct pd_diag *diag)
{
	struct pd_election e;
	int ret;

	if ((ret = sodium_up(diag)) < 0 || (ret = app_begin(s, diag)) < 0)
		return ret;
	if ((ret = election_get(s, election, &e, diag)) < 0)
		goto end;
	if (strcmp(e.status, "open")) {
		ret = pd_diag_set(diag, PD_ECONSIST, NULL, 0, "election %ld is "
				  "%s, not open", election, e.status);
		goto end;
	}
	/* a wrong key rolls the change back: nothing is written */
	if ((ret = app_change(s, e.games, 0, who, NULL, NULL, diag)) == 0 &&
	    (!e.seal[0] || (ret = open_ballots(s, &e, secret, diag)) == 0))
		ret = pd_store_election_status(s, election, "closed", diag);
end:
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
	/* an open election's ballots are sealed: no tally, the ballots
	 * cast so far only (the voters marked) */
	if (!published &&
	    ((!strcmp(r->e.status, "closed") &&
	      (ret = pd_store_ballots(s, election, count_votes, r, diag)) < 0) ||
	     (ret = pd_store_electorate(s, election, &r->electors, &r->voted,
					diag)) < 0))
		goto cleanup;
	if (!strcmp(r->e.status, "open"))
		r->ballots = r->voted;
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
	if (!strcmp(r->e.status, "open"))
		return pd_buf_adds(b, zh ? "投票中：选票密封，结束后计票\n" :
				   "voting: the ballots are sealed and "
				   "counted when the election closes\n");
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
	long *v;
	size_t n, alloc;
};

static int keep_id(const struct pd_election *e, void *arg)
{
	struct ids *l = arg;
	long *v;

	if (l->n == l->alloc) {
		l->alloc = l->alloc ? 2 * l->alloc : 16;
		if (!(v = realloc(l->v, l->alloc * sizeof(*v))))
			return PD_ENOMEM;
		l->v = v;
	}
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
	struct ids l = { NULL, 0, 0 };
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
	free(l.v);
	if (ret < 0) {
		json_decref(list);
		return ret;
	}
	return app_json_dump(out, json_pack("{s:s, s:I, s:o}", "games", games,
				"version", (json_int_t)version, "elections",
				list), flags);
}
