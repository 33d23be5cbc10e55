/* unit_start_csv.c -- a unit's start list read from a CSV (unit_ops.h):
 * a header naming participant, name, npc and, as needed, order (or lane)
 * and bib; each row checked at its FILE:LINE, then one write. */
#include <stdlib.h>
#include <string.h>

#include "podium/csv.h"
#include "podium/io.h"
#include "podium/unit_ops.h"
#include "app_int.h"

enum { C_WHO, C_NAME, C_NPC, C_ORDER, C_BIB, C_TEAM, C_N };

static const char *const columns[C_N][2] = {
	{ "participant", NULL }, { "name", NULL }, { "npc", NULL },
	{ "order", "lane" }, { "bib", NULL }, { "team", NULL },
};

static int header(const struct pd_csv *c, long *at, struct pd_diag *d)
{
	size_t i;
	int k;

	for (k = 0; k < C_N; k++)
		at[k] = -1;
	for (i = 0; i < c->nf; i++)
		for (k = 0; k < C_N; k++)
			if (!strcmp(c->f[i], columns[k][0]) ||
			    (columns[k][1] && !strcmp(c->f[i], columns[k][1])))
				at[k] = (long)i;
	for (k = 0; k < 3; k++)
		if (at[k] < 0)
			return pd_diag_set(d, PD_EPARSE, c->file, c->line,
					   "the header names no %s column (it "
					   "needs participant, name and npc)",
					   columns[k][0]);
	return 0;
}

static const char *field(const struct pd_csv *c, long at)
{
	return at >= 0 && (size_t)at < c->nf ? c->f[at] : "";
}

/* The rows' strings, kept past the reader's next record. */
static int keep_row(const struct pd_csv *c, const long *at,
		    struct pd_unit_start_input *in, struct pd_strings *keep,
		    struct pd_diag *d)
{
	const char *order = field(c, at[C_ORDER]);
	char *end;
	size_t base = keep->n;
	int k, ret;

	for (k = 0; k < 3; k++)
		if ((ret = pd_strings_add(keep, field(c, at[k]))) < 0)
			return ret;
	if ((ret = pd_strings_add(keep, field(c, at[C_BIB]))) < 0)
		return ret;
	memset(in, 0, sizeof(*in));
	/* the pointers are taken once every row is read: keep grows */
	in->participant = (const char *)(size_t)base;
	in->file = c->file;
	in->line = c->line;
	in->team = !strcmp(field(c, at[C_TEAM]), "1");
	in->order = *order ? strtol(order, &end, 10) : 0;
	if (*order && (*end || in->order < 0))
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "order '%s' "
				   "is not a whole number", order);
	return 0;
}

int pd_op_unit_start_csv(struct pd_store *s, const struct pd_registry *reg,
			 const char *games, const char *rsc, const char *file,
			 const char *data, size_t len,
			 const struct pd_who *who, struct pd_op_done *done,
			 size_t *n, struct pd_diag *diag)
{
	struct pd_unit_start_input *v = NULL;
	struct pd_strings keep;
	struct pd_csv c;
	char *owned = NULL;
	size_t nv = 0, i, base;
	long at[C_N];
	int ret;

	pd_strings_init(&keep);
	if (!data && (ret = pd_file_read(file, &owned, &len, diag)) < 0)
		return ret;
	if ((ret = pd_csv_init(&c, data ? data : owned, len, file)) < 0)
		goto cleanup;
	if ((ret = pd_csv_next(&c, diag)) <= 0) {
		ret = ret < 0 ? ret : pd_diag_set(diag, PD_EPARSE, file, 1,
						  "no header");
		goto done_csv;
	}
	if ((ret = header(&c, at, diag)) < 0)
		goto done_csv;
	while ((ret = pd_csv_next(&c, diag)) == 1) {
		void *nvv = realloc(v, (nv + 1) * sizeof(*v));

		if (!nvv) {
			ret = PD_ENOMEM;
			break;
		}
		v = nvv;
		if ((ret = keep_row(&c, at, &v[nv++], &keep, diag)) < 0)
			break;
	}
	for (i = 0; ret == 0 && i < nv; i++) {
		base = (size_t)v[i].participant;
		v[i].participant = keep.v[base];
		v[i].name = keep.v[base + 1];
		v[i].npc = keep.v[base + 2];
		v[i].bib = keep.v[base + 3];
	}
	if (ret == 0)
		ret = pd_op_unit_start_list(s, reg, games, rsc, v, nv, who,
					    done, diag);
	if (ret == 0 && n)
		*n = nv;
done_csv:
	pd_csv_release(&c);
cleanup:
	free(v);
	free(owned);
	pd_strings_release(&keep);
	return ret;
}
