/* npc_history.c -- what the registry knows of history (npc.h): each
 * entry's names as they were at each Games, and codes that mean one team
 * (data/npc_history.tsv).  Pure: no I/O. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "podium/npc.h"
#include "podium/tsv.h"

#define HISTORY_MAX 4096

static int year_of(const char *s, long *out)
{
	char *end;

	*out = strtol(s, &end, 10);
	return *s && !*end && *out >= 0 && *out < 10000 ? 0 : -1;
}

static int years(char **f, long *from, long *to)
{
	if (year_of(f[0], from) < 0 || year_of(f[1], to) < 0 || *to < *from)
		return -1;
	return 0;
}

static int known(const struct pd_registry *r, const char *code)
{
	return pd_registry_code(r, code) &&
	       !strcmp(pd_registry_code(r, code)->code, code);
}

static int take(struct pd_registry *r, char **f, int nf, const char *file,
		long line, struct pd_diag *diag)
{
	struct pd_npc_era *e;
	struct pd_npc_same *m;
	long from, to;

	if (nf == 7 && !strcmp(f[0], "name")) {
		if (!known(r, f[1]) || strlen(f[1]) >= PD_CODE_MAX)
			return pd_diag_set(diag, PD_EPARSE, file, line, "no "
					   "code '%s' in the registry", f[1]);
		if (years(f + 2, &from, &to) < 0 || !*f[4])
			return pd_diag_set(diag, PD_EPARSE, file, line,
					   "expected FROM TO years, in order, "
					   "and an English name");
		e = &r->eras[r->neras++];
		strcpy(e->code, f[1]);
		e->from = from;
		e->to = to;
		e->en = strdup(f[4]);
		e->zh = strdup(f[5]);
		return e->en && e->zh ? 0 : PD_ENOMEM;
	}
	if (nf == 6 && !strcmp(f[0], "same")) {
		if (!known(r, f[1]) || !known(r, f[2]) || !strcmp(f[1], f[2]))
			return pd_diag_set(diag, PD_EPARSE, file, line, "same "
					   "'%s' '%s': two codes of the "
					   "registry", f[1], f[2]);
		if (years(f + 3, &from, &to) < 0)
			return pd_diag_set(diag, PD_EPARSE, file, line,
					   "expected FROM TO years, in order "
					   "(0 0 for every Games)");
		m = &r->same[r->nsame++];
		strcpy(m->a, f[1]);
		strcpy(m->b, f[2]);
		m->from = from;
		m->to = to;
		return 0;
	}
	return pd_diag_set(diag, PD_EPARSE, file, line, "expected 'name CODE "
			   "FROM TO ENGLISH CHINESE SOURCE' or 'same A B FROM "
			   "TO SOURCE', tab-separated");
}

static void forget(struct pd_registry *r)
{
	size_t i;

	for (i = 0; i < r->neras; i++) {
		free(r->eras[i].en);
		free(r->eras[i].zh);
	}
	free(r->eras);
	free(r->same);
	r->eras = NULL;
	r->same = NULL;
	r->neras = r->nsame = 0;
}

int pd_registry_history_parse(struct pd_registry *r, const char *text,
			      size_t len, const char *file,
			      struct pd_diag *diag)
{
	const char *p = text, *end = text + len, *s;
	char *copy = NULL, *f[8];
	size_t n;
	long line = 0;
	int nf, ret = 0;

	forget(r);
	r->eras = calloc(HISTORY_MAX, sizeof(*r->eras));
	r->same = calloc(HISTORY_MAX, sizeof(*r->same));
	if (!r->eras || !r->same) {
		forget(r);
		return PD_ENOMEM;
	}
	while (ret == 0 && pd_tsv_next(&p, end, &line, &s, &n)) {
		if (r->neras == HISTORY_MAX || r->nsame == HISTORY_MAX) {
			ret = pd_diag_set(diag, PD_ETOOBIG, file, line,
					  "more than %d facts", HISTORY_MAX);
			break;
		}
		if ((nf = pd_tsv_split(s, n, &copy, f, 8)) < 0)
			ret = PD_ENOMEM;
		else if (nf > 8)	/* a field past the eighth: ignored */
			ret = take(r, f, 8, file, line, diag);
		else
			ret = take(r, f, nf, file, line, diag);
		free(copy);
		copy = NULL;
	}
	if (ret)
		forget(r);
	return ret;
}

const char *pd_npc_name_at(const struct pd_registry *r,
			   const struct pd_npc *npc, const char *lang,
			   long year)
{
	size_t i;

	for (i = 0; r && year && i < r->neras; i++) {
		const struct pd_npc_era *e = &r->eras[i];

		if (year < e->from || year > e->to || strcmp(e->code, npc->code))
			continue;
		if (lang && !strcmp(lang, "zh") && *e->zh)
			return e->zh;
		return e->en;
	}
	return pd_npc_name(npc, lang);
}

const char *pd_registry_same(const struct pd_registry *r, const char *code,
			     long year)
{
	size_t i;

	for (i = 0; r && i < r->nsame; i++) {
		const struct pd_npc_same *m = &r->same[i];

		if (strcmp(m->b, code))
			continue;
		if (m->from == 0 && m->to == 0)
			return m->a;
		if (year && year >= m->from && year <= m->to)
			return m->a;
	}
	return code;
}

long pd_games_year(const char *games)
{
	long y = 0;
	int i;

	/* a Games code is two letters and a year: "PG2004", "OW1994" */
	if (!games || strlen(games) != 6 || !isupper((unsigned char)games[0]) ||
	    !isupper((unsigned char)games[1]))
		return 0;
	for (i = 2; i < 6; i++) {
		if (!isdigit((unsigned char)games[i]))
			return 0;
		y = y * 10 + (games[i] - '0');
	}
	return y;
}
