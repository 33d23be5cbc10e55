/* games_ensure.c -- a Games a write names, made when it is in the
 * bundled list (data/games.tsv) and refused otherwise, with the nearest
 * codes of the store and the list: a Games is made on purpose, never by
 * a typo.  What app_change() calls for APP_ENSURE_GAMES (txn.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/bundled.h"
#include "podium/distance.h"
#include "podium/io.h"
#include "podium/ops.h"
#include "app_int.h"

/* The codes nearest code among v[0..n) and w[0..m) (the store's and the
 * bundled list's), the nearest first, at most 3, into out. */
static void nearest(char *out, size_t size, const char *code,
		    const struct pd_games *v, size_t n,
		    const struct pd_games *w, size_t m)
{
	size_t best, i, k, len = 0, shown = 0, dist;

	out[0] = '\0';
	for (best = 1; best <= 3 && shown < 3; best++)
		for (k = 0; k < n + m && shown < 3; k++) {
			const char *c = k < n ? v[k].code : w[k - n].code;

			dist = pd_distance(code, c, PD_DISTANCE_FOLD);
			if (dist != best)
				continue;
			/* a code of the store that is also bundled: once */
			for (i = 0; k >= n && i < n; i++)
				if (!strcmp(v[i].code, c))
					break;
			if (k >= n && i < n)
				continue;
			len += (size_t)snprintf(out + len, size - len, "%s%s",
						shown ? ", " : "", c);
			shown++;
			if (len >= size)
				return;
		}
}

int app_games_unknown(struct pd_store *s, const char *code,
		      const struct pd_games *bundled, size_t nb,
		      struct pd_diag *d)
{
	struct pd_games *have = NULL;
	size_t n = 0;
	char near[80];
	int ret;

	if ((ret = pd_store_games_list(s, &have, &n, d)) < 0)
		return ret;
	nearest(near, sizeof(near), code, have, n, bundled, nb);
	pd_games_list_free(have, n);
	return pd_diag_set(d, PD_ENOTFOUND, NULL, 0, "unknown Games '%s'%s%s%s: "
			   "'podium games add %s' makes a new one", code,
			   *near ? " (did you mean " : "", near,
			   *near ? "?)" : "", code);
}

int pd_op_games_ensure(struct pd_store *s, const char *code,
		       const struct pd_op_notify *nt, struct pd_diag *diag)
{
	struct pd_games have, *list = NULL;
	size_t n = 0, i;
	int ret;

	ret = pd_store_games_get(s, code, &have, diag);
	if (ret == 0) {
		pd_games_release(&have);
		return 0;
	}
	if (ret != PD_ENOTFOUND)
		return ret;
	if (diag)
		memset(diag, 0, sizeof(*diag));
	if (strlen(code) >= PD_GAMES_CODE || !*code)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "bad Games code "
				   "'%s': use a code such as PG2004", code);
	if ((ret = pd_games_tsv_parse(&list, &n, (const char *)pd_embed_games,
				      pd_embed_games_len, "data/games.tsv",
				      diag)) < 0)
		return ret;
	for (i = 0; i < n && strcasecmp(list[i].code, code); i++)
		;
	/* a code nobody knows is a typo until 'games add' says not */
	if (i < n)
		ret = pd_store_games_put(s, &list[i], diag);
	else
		ret = app_games_unknown(s, code, list, n, diag);
	pd_games_list_free(list, n);
	return ret;
}
