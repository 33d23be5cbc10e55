/* games_tsv.c -- read the list of Games (data/games.tsv). */
#include <stdlib.h>
#include <string.h>

#include "podium/io.h"

#define GAMES_MAX 1000

static int fill(struct pd_games *g, char **f, const char *file, long line,
		struct pd_diag *diag)
{
	char *end;

	if (!*f[0] || strlen(f[0]) >= sizeof(g->code))
		return pd_diag_set(diag, PD_EPARSE, file, line,
				   "bad Games code '%s'", f[0]);
	memcpy(g->code, f[0], strlen(f[0]) + 1);
	g->year = strtol(f[1], &end, 10);
	if (*end || g->year < 1800 || g->year > 3000)
		return pd_diag_set(diag, PD_EPARSE, file, line,
				   "bad year '%s'", f[1]);
	if (strlen(f[3]) >= sizeof(g->host))
		return pd_diag_set(diag, PD_EPARSE, file, line,
				   "bad host code '%s'", f[3]);
	memcpy(g->host, f[3], strlen(f[3]) + 1);
	g->season = strdup(f[2]);
	g->name_en = strdup(f[4]);
	g->name_zh = strdup(f[5]);
	g->start = strdup(f[6]);
	g->end = strdup(f[7]);
	g->kind = strdup(f[8]);
	if (!g->season || !g->name_en || !g->name_zh || !g->start ||
	    !g->end || !g->kind)
		return PD_ENOMEM;
	return 0;
}

int pd_games_tsv_parse(struct pd_games **out, size_t *n, const char *data,
		       size_t len, const char *file, struct pd_diag *diag)
{
	const char *p = data, *end = data + len, *eol;
	struct pd_games *v;
	char *copy = NULL, *f[10], *s;
	long line = 0;
	int nf, ret = 0;

	*out = NULL;
	*n = 0;
	if (!(v = calloc(GAMES_MAX, sizeof(*v))))
		return PD_ENOMEM;
	for (; p < end; p = eol + 1) {
		line++;
		if (!(eol = memchr(p, '\n', (size_t)(end - p))))
			eol = end;
		if (eol == p || *p == '#')
			continue;
		if (*n == GAMES_MAX) {
			ret = pd_diag_set(diag, PD_ETOOBIG, file, line,
					  "more than %d Games", GAMES_MAX);
			goto cleanup;
		}
		free(copy);
		if (!(copy = strndup(p, (size_t)(eol - p)))) {
			ret = PD_ENOMEM;
			goto cleanup;
		}
		for (nf = 0, s = copy; s && nf < 10; nf++) {
			f[nf] = s;
			if ((s = strchr(s, '\t')))
				*s++ = '\0';
		}
		if (nf != 9 || s) {
			ret = pd_diag_set(diag, PD_EPARSE, file, line,
					  "expected 9 tab-separated fields");
			goto cleanup;
		}
		if ((ret = fill(&v[(*n)++], f, file, line, diag)) < 0)
			goto cleanup;
	}
	*out = v;
	v = NULL;
cleanup:
	free(copy);
	if (v) {
		pd_games_list_free(v, *n);
		*n = 0;
	}
	return ret;
}
