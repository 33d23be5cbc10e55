/* start_list_csv.c -- read an event's start list as CSV for 'podium entry
 * set --file': npc, name, and optionally gender (M, W; F for W). */
#include <stdlib.h>
#include <string.h>

#include "podium/io.h"
#include "columns.h"
#include "import.h"

static const char *const g_npc[] = { "npc", "noc", "country_code", "country",
				     "nation", NULL };
static const char *const g_name[] = { "name", "athlete", "competitor",
				      NULL };
static const char *const g_gender[] = { "gender", "sex", NULL };

static const char *const *const guesses[PD_F_COUNT] = {
	[PD_F_NPC] = g_npc, [PD_F_NAME] = g_name, [PD_F_GENDER] = g_gender,
};

void pd_start_lines_release(struct pd_start_lines *l)
{
	free(l->v);
	free(l->pool);
	memset(l, 0, sizeof(*l));
}

static int take_row(struct pd_start_line *l, size_t *name,
		    struct pd_buf *pool, const struct pd_columns *cols,
		    const struct pd_csv *c, struct pd_import *im,
		    struct pd_diag *diag)
{
	const char *npc = pd_columns_get(cols, c, PD_F_NPC);
	const char *nm = pd_columns_get(cols, c, PD_F_NAME);
	const char *g = pd_columns_get(cols, c, PD_F_GENDER);
	const struct pd_npc *n;
	int ret;

	memset(l, 0, sizeof(*l));
	l->line = c->line;
	if (!strcmp(g, "M") || !strcmp(g, "W") || !*g)
		strcpy(l->gender, g);
	else if (!strcmp(g, "F"))
		strcpy(l->gender, "W");
	else
		return pd_diag_set(diag, PD_EPARSE, c->file, c->line, "gender "
				   "'%s' is not M, W (or F) or empty", g);
	if ((ret = pd_import_npc(im, npc, c->line, &n, diag)) < 0)
		return ret;
	memcpy(l->npc, n->code, sizeof(l->npc));
	if (!*nm)
		return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
				   "no name in this row");
	*name = pool->len;
	if (pd_buf_add(pool, nm, strlen(nm) + 1) < 0)
		return pd_diag_set(diag, PD_ETOOBIG, c->file, c->line,
				   "file too large");
	return 0;
}

static int read_rows(struct pd_start_lines *out, size_t **names,
		     struct pd_buf *pool, struct pd_csv *c,
		     const struct pd_columns *cols, struct pd_import *im,
		     struct pd_diag *diag)
{
	size_t alloc = 0;
	void *p;
	int ret;

	while ((ret = pd_csv_next(c, diag)) > 0) {
		if (out->n == alloc) {
			alloc = alloc ? alloc * 2 : 64;
			if (alloc > PD_START_LIST_MAX)
				return pd_diag_set(diag, PD_ETOOBIG, c->file,
						   c->line, "over %d athletes "
						   "in one start list",
						   PD_START_LIST_MAX);
			if (!(p = realloc(out->v, alloc * sizeof(*out->v))))
				return PD_ENOMEM;
			out->v = p;
			if (!(p = realloc(*names, alloc * sizeof(**names))))
				return PD_ENOMEM;
			*names = p;
		}
		if ((ret = take_row(&out->v[out->n], &(*names)[out->n], pool,
				    cols, c, im, diag)) < 0)
			return ret;
		out->n++;
	}
	return ret;
}

int pd_start_list_csv_parse(struct pd_start_lines *out, const char *data,
			    size_t len, const char *file,
			    const struct pd_registry *reg,
			    struct pd_diag *diag)
{
	struct pd_csv_opts opts;
	struct pd_columns cols;
	struct pd_import im;
	struct pd_buf pool;
	struct pd_csv c;
	size_t *names = NULL, i;
	int ret;

	memset(out, 0, sizeof(*out));
	memset(&opts, 0, sizeof(opts));
	pd_buf_init(&pool, 0);
	pd_import_init(&im, reg, NULL, file, NULL);
	pd_csv_init(&c, data, len, file);
	if ((ret = pd_utf8_check(data, len, file, diag)) < 0 ||
	    (ret = pd_columns_header(&c, diag)) < 0 ||
	    (ret = pd_columns_find(&cols, &c, &opts, guesses, diag)) < 0)
		goto cleanup;
	if (cols.at[PD_F_NPC] < 0 || cols.at[PD_F_NAME] < 0) {
		ret = pd_diag_set(diag, PD_EPARSE, file, c.line, "the header "
				  "needs npc and name columns (and gender as "
				  "known)");
		goto cleanup;
	}
	if ((ret = read_rows(out, &names, &pool, &c, &cols, &im, diag)) < 0)
		goto cleanup;
	out->pool = pd_buf_detach(&pool, NULL);
	for (i = 0; i < out->n; i++)
		out->v[i].name = out->pool + names[i];
cleanup:
	free(names);
	pd_import_release(&im);
	pd_csv_release(&c);
	pd_buf_release(&pool);
	if (ret < 0)
		pd_start_lines_release(out);
	return ret;
}
