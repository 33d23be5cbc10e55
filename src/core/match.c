/* match.c -- head-to-head matches (match.h): the checks, the file format,
 * who won, each side's record, the pool table by tie-break and the
 * ranking the bracket gives.  Pure: no I/O, no globals. */
#include <stdio.h>	/* snprintf only: formatting, no I/O */
#include <stdlib.h>
#include <string.h>

#include "podium/buf.h"
#include "podium/match.h"
#include "podium/tsv.h"
#include "podium/words.h"

void pd_matches_init(struct pd_matches *l)
{
	memset(l, 0, sizeof(*l));
}

void pd_matches_release(struct pd_matches *l)
{
	free(l->v);
	pd_matches_init(l);
}

int pd_matches_add(struct pd_matches *l, const struct pd_match *m)
{
	if (l->n == 10000)
		return PD_ETOOBIG;
	if (pd_grow(&l->v, l->n, &l->alloc, sizeof(*l->v), 16) < 0)
		return PD_ENOMEM;
	l->v[l->n++] = *m;
	return 0;
}

static int one_of(const char *s, const char *const *v)
{
	for (; *v; v++)
		if (!strcmp(s, *v))
			return 1;
	return 0;
}

int pd_match_check(const struct pd_match *m, const char *file, long line,
		   struct pd_diag *diag)
{
	static const char *const wo[] = { "", "home", "away", NULL };
	static const char *const oc[] = { "", "home", "away", "draw",
					  "home-unbeaten", NULL };
	const char *why = NULL;

	if (!m->phase[0] || pd_name_check("phase", m->phase,
					  sizeof(m->phase) - 1, 0, NULL) < 0)
		why = "the phase is a name such as pool or final";
	else if (pd_ident_check("home", m->home, NULL) < 0)
		why = "the home side is an NPC code";
	else if (m->away[0] && pd_ident_check("away", m->away, NULL) < 0)
		why = "the away side is an NPC code, or empty (not named)";
	else if (!strcmp(m->home, m->away))
		why = "a side cannot play itself";
	else if ((m->hs < 0) != (m->as < 0) || m->hs < -1 || m->as < -1 ||
		 (m->hp < 0) != (m->ap < 0) || m->hp < -1 || m->ap < -1)
		why = "a score is two numbers or none";
	else if (m->hp >= 0 && (m->hp == m->ap ||
				(m->hs >= 0 && m->hs != m->as)))
		why = "a shoot-out follows a level score and has a winner";
	else if (!one_of(m->walkover, wo))
		why = "walkover is home or away (the side that did not play)";
	else if (!one_of(m->outcome, oc))
		why = "outcome is home, away, draw or home-unbeaten";
	else if (m->outcome[0] && (m->hs >= 0 || m->hp >= 0))
		why = "an outcome is for a match whose score is not known";
	else if (m->source[0] && pd_ident_check("source", m->source, NULL) < 0)
		why = "the source is an identifier";
	else if (pd_name_check("cite", m->cite, PD_FACT_CITE - 1, 1, NULL) < 0)
		why = "the cite is a name";
	return why ? pd_diag_set(diag, PD_EPARSE, file, line, "%s", why) : 0;
}

/* "2:1", "2:1 aet" (*extra), "" (both -1) */
static int parse_score(const char *s, long *a, long *b, int *extra)
{
	char *end;

	*a = *b = -1;
	if (extra)
		*extra = 0;
	if (!*s)
		return 0;
	if (*s < '0' || *s > '9')
		return -1;
	*a = strtol(s, &end, 10);
	if (*end != ':' || end[1] < '0' || end[1] > '9')
		return -1;
	*b = strtol(end + 1, &end, 10);
	if (extra && !strcmp(end, " aet"))
		*extra = 1;
	else if (*end)
		return -1;
	return 0;
}

static int parse_line(struct pd_match *m, char *line, const char *file,
		      long lineno, struct pd_diag *diag)
{
	char *f[10], *p = line;
	int n = 0;

	while (n < 10) {
		f[n++] = p;
		if (!(p = strchr(p, '\t')))
			break;
		*p++ = '\0';
	}
	if (n < 8 || p)
		return pd_diag_set(diag, PD_EPARSE, file, lineno, "expected "
				   "PHASE POOL HOME AWAY SCORE PENALTIES "
				   "WALKOVER OUTCOME [SOURCE CITE], "
				   "tab-separated");
	while (n < 10)
		f[n++] = "";
	memset(m, 0, sizeof(*m));
	if (pd_strcopy(m->phase, sizeof(m->phase), f[0]) ||
	    pd_strcopy(m->pool, sizeof(m->pool), f[1]) ||
	    pd_strcopy(m->home, sizeof(m->home), f[2]) ||
	    pd_strcopy(m->away, sizeof(m->away), f[3]) ||
	    pd_strcopy(m->walkover, sizeof(m->walkover), f[6]) ||
	    pd_strcopy(m->outcome, sizeof(m->outcome), f[7]) ||
	    pd_strcopy(m->source, sizeof(m->source), f[8]) ||
	    pd_strcopy(m->cite, sizeof(m->cite), f[9]))
		return pd_diag_set(diag, PD_EPARSE, file, lineno, "a field is "
				   "too long");
	if (parse_score(f[4], &m->hs, &m->as, &m->extra) < 0 ||
	    parse_score(f[5], &m->hp, &m->ap, NULL) < 0)
		return pd_diag_set(diag, PD_EPARSE, file, lineno, "a score is "
				   "N:N (with ' aet' after extra time) or "
				   "empty, not '%s'", *f[4] && parse_score(f[4],
				   &m->hs, &m->as, NULL) < 0 ? f[4] : f[5]);
	return pd_match_check(m, file, lineno, diag);
}

int pd_matches_tsv_parse(struct pd_matches *out, const char *data,
			 size_t len, const char *file, struct pd_diag *diag)
{
	const char *p = data, *end = data + len, *s;
	size_t start = out->n, n;
	struct pd_match m;
	char line[1024];
	long lineno = 0;
	int ret = 0;

	while (ret == 0 && pd_tsv_next(&p, end, &lineno, &s, &n)) {
		if (n >= sizeof(line)) {
			ret = pd_diag_set(diag, PD_EPARSE, file, lineno, "line "
					  "too long");
			break;
		}
		memcpy(line, s, n);
		line[n] = '\0';
		if ((ret = parse_line(&m, line, file, lineno, diag)) == 0 &&
		    (ret = pd_matches_add(out, &m)) < 0)
			pd_diag_set(diag, ret, file, lineno, "%s",
				    pd_strerror(ret));
	}
	if (ret < 0)
		out->n = start;
	return ret;
}

int pd_match_winner(const struct pd_match *m)
{
	if (!strcmp(m->walkover, "home"))
		return -1;
	if (!strcmp(m->walkover, "away"))
		return 1;
	if (m->outcome[0])
		return !strcmp(m->outcome, "home") ? 1 :
		       !strcmp(m->outcome, "away") ? -1 :
		       !strcmp(m->outcome, "draw") ? 0 : 3;
	if (m->hs >= 0 && m->hs != m->as)
		return m->hs > m->as ? 1 : -1;
	if (m->hp >= 0)
		return m->hp > m->ap ? 1 : -1;
	return m->hs >= 0 ? 0 : 2;
}

int pd_match_score_text(struct pd_buf *b, const struct pd_match *m,
			const char *lang)
{
	int ret = 0;

	if (m->walkover[0])
		return pd_buf_adds(b, pd_word(lang, C_("match", "w/o")));
	if (m->hs >= 0)
		ret = pd_buf_addf(b, pd_word(lang, m->extra ?
				  N_("%ld:%ld after extra time") :
				  C_("match", "%ld:%ld")), m->hs, m->as);
	else if (m->hp >= 0)
		ret = pd_buf_adds(b, pd_word(lang, C_("match", "level")));
	else
		ret = pd_buf_adds(b, pd_word(lang, !strcmp(m->outcome,
				  "home-unbeaten") ? N_("not lost, score not "
				  "known") : N_("score not known")));
	if (ret == 0 && m->hp >= 0)
		ret = pd_buf_addf(b, pd_word(lang, N_(", %ld:%ld on "
				  "penalties")), m->hp, m->ap);
	return ret;
}

static int in_scope(const struct pd_match *m, const char *phase,
		    const char *pool)
{
	return (!phase || !strcmp(m->phase, phase)) &&
	       (!pool || !strcmp(m->pool, pool));
}

/* one match into r, from the side of home (h) or away */
static void tally(struct pd_side_record *r, const struct pd_match *m, int h)
{
	int w = pd_match_winner(m), pens = m->hp >= 0 && !m->walkover[0];

	r->played++;
	if (w == 3 || w == 2) {
		r->not_lost += w == 3 && h;
	} else {
		w = h ? w : -w;
		if (pens) {	/* a shoot-out: a draw in the record */
			r->drawn++;
			r->won_pens += w > 0;
			r->lost_pens += w < 0;
			r->points += 1;
		} else if (w > 0) {
			r->won++;
			r->points += 3;
		} else if (w < 0) {
			r->lost++;
		} else {
			r->drawn++;
			r->points += 1;
		}
	}
	if (m->hs >= 0) {
		r->goals_for += h ? m->hs : m->as;
		r->goals_against += h ? m->as : m->hs;
	} else {
		r->unscored++;
	}
}

void pd_match_record(struct pd_side_record *r, const struct pd_matches *l,
		     const char *npc, const char *phase, const char *pool)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	snprintf(r->npc, sizeof(r->npc), "%s", npc);
	for (i = 0; i < l->n; i++) {
		const struct pd_match *m = &l->v[i];

		if (!in_scope(m, phase, pool))
			continue;
		if (!strcmp(m->home, npc))
			tally(r, m, 1);
		else if (!strcmp(m->away, npc))
			tally(r, m, 0);
	}
}

int pd_record_unbeaten(const struct pd_side_record *r)
{
	return r->played > 0 && r->lost == 0;
}

/* the points a side took from the matches among the sides in set */
static long among(const struct pd_matches *l, const char *pool,
		  const char *npc, const struct pd_side_record *set, size_t n)
{
	long pts = 0;
	size_t i, j, k;

	for (i = 0; i < l->n; i++) {
		const struct pd_match *m = &l->v[i];
		int h = !strcmp(m->home, npc), w;

		if (!in_scope(m, "pool", pool) || (!h && strcmp(m->away, npc)))
			continue;
		for (j = k = 0; j < n; j++)
			k += !strcmp(set[j].npc, h ? m->away : m->home);
		if (!k || (w = pd_match_winner(m)) >= 2)
			continue;
		w = h ? w : -w;
		pts += w > 0 ? 3 : w == 0 ? 1 : 0;
	}
	return pts;
}

static int level(const struct pd_side_record *a, const struct pd_side_record *b)
{
	return a->points == b->points &&
	       a->goals_for - a->goals_against ==
	       b->goals_for - b->goals_against &&
	       a->goals_for == b->goals_for;
}

static int before(const struct pd_side_record *a, const struct pd_side_record *b,
		  long ha, long hb)
{
	long da = a->goals_for - a->goals_against;
	long db = b->goals_for - b->goals_against;

	if (a->points != b->points)
		return a->points > b->points;
	if (da != db)
		return da > db;
	if (a->goals_for != b->goals_for)
		return a->goals_for > b->goals_for;
	if (ha != hb)
		return ha > hb;
	return strcmp(a->npc, b->npc) < 0;
}

int pd_pool_table(struct pd_side_record **out, size_t *n,
		  const struct pd_matches *l, const char *pool)
{
	struct pd_side_record *v, t;
	long *h, th;
	size_t i, j, k, m = 0;

	*out = NULL;
	*n = 0;
	if (!(v = calloc(2 * l->n + 1, sizeof(*v))) ||
	    !(h = calloc(2 * l->n + 1, sizeof(*h)))) {
		free(v);
		return PD_ENOMEM;
	}
	for (i = 0; i < l->n; i++) {
		const char *side[2] = { l->v[i].home, l->v[i].away };

		if (!in_scope(&l->v[i], "pool", pool))
			continue;
		for (k = 0; k < 2; k++) {
			for (j = 0; j < m && strcmp(v[j].npc, side[k]); j++)
				;
			if (j == m && *side[k])
				pd_match_record(&v[m++], l, side[k], "pool",
						pool);
		}
	}
	/* the head-to-head points among each side's level group */
	for (i = 0; i < m; i++) {
		struct pd_side_record grp[64];
		size_t g = 0;

		for (j = 0; j < m && g < 64; j++)
			if (level(&v[i], &v[j]))
				grp[g++] = v[j];
		h[i] = g > 1 ? among(l, pool, v[i].npc, grp, g) : 0;
	}
	for (i = 1; i < m; i++)	/* insertion sort: a pool is small */
		for (j = i; j > 0 && before(&v[j], &v[j - 1], h[j], h[j - 1]);
		     j--) {
			t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
			th = h[j];
			h[j] = h[j - 1];
			h[j - 1] = th;
		}
	free(h);
	*out = v;
	*n = m;
	return 0;
}

static int put_rank(char (*npc)[PD_CODE_MAX], long *rank, size_t *n,
		    const char *side, long r)
{
	size_t i;

	if (!*side)
		return 0;
	for (i = 0; i < *n; i++)
		if (!strcmp(npc[i], side))
			return 0;	/* ranked by a later round already */
	snprintf(npc[*n], PD_CODE_MAX, "%s", side);
	rank[(*n)++] = r;
	return 1;
}

int pd_bracket_ranking(char (**npc_out)[PD_CODE_MAX], long **rank_out,
		       size_t *n, const struct pd_matches *l,
		       struct pd_diag *diag)
{
	const struct pd_match *final = NULL, *bronze = NULL;
	char (*npc)[PD_CODE_MAX] = calloc(2 * l->n + 1, sizeof(*npc));
	long *rank = calloc(2 * l->n + 1, sizeof(*rank)), next;
	struct pd_side_record *all = NULL;
	size_t i, m = 0, na;
	int w, ret = 0;

	*n = 0;
	if (!npc || !rank) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = 0; i < l->n; i++) {
		if (!strcmp(l->v[i].phase, "final"))
			final = &l->v[i];
		else if (!strcmp(l->v[i].phase, "bronze"))
			bronze = &l->v[i];
	}
	if (!final || (w = pd_match_winner(final)) == 0 || w >= 2) {
		ret = pd_diag_set(diag, PD_ECONSIST, NULL, 0, "no final with "
				  "a winner: the bracket gives no ranking");
		goto cleanup;
	}
	put_rank(npc, rank, &m, w > 0 ? final->home : final->away, 1);
	put_rank(npc, rank, &m, w > 0 ? final->away : final->home, 2);
	if (bronze && (w = pd_match_winner(bronze)) != 0 && w < 2) {
		put_rank(npc, rank, &m, w > 0 ? bronze->home : bronze->away, 3);
		put_rank(npc, rank, &m, w > 0 ? bronze->away : bronze->home, 4);
	} else {
		for (i = 0; i < l->n; i++) {
			const struct pd_match *sf = &l->v[i];

			if (strcmp(sf->phase, "semi-final") ||
			    (w = pd_match_winner(sf)) == 0 || w >= 2)
				continue;
			put_rank(npc, rank, &m, w > 0 ? sf->away : sf->home, 3);
		}
	}
	/* the others by their pool records, as one table */
	if ((ret = pd_pool_table(&all, &na, l, NULL)) < 0)
		goto cleanup;
	next = (long)m + 1;
	for (i = 0; i < na; i++) {
		long r = next;

		if (i && m && level(&all[i], &all[i - 1]) &&
		    rank[m - 1] >= next - 1 && !strcmp(npc[m - 1],
						       all[i - 1].npc))
			r = rank[m - 1];
		if (put_rank(npc, rank, &m, all[i].npc, r))
			next = (long)m + 1;
	}
cleanup:
	free(all);
	if (ret < 0) {
		free(npc);
		free(rank);
		return ret;
	}
	*npc_out = npc;
	*rank_out = rank;
	*n = m;
	return 0;
}
