/* standings_csv.c -- import a CSV with one row per NPC and its medal counts,
 * kept as a published table (e.g. the IPC overall tables, picked out of a
 * multi-Games file with --where Year=2004). */
#include <stdlib.h>
#include <string.h>

#include "podium/io.h"
#include "columns.h"
#include "import.h"

static const char *const g_npc[] = { "npc", "noc", "country_code", "npc_code",
				     "noc_code", "nation_code", "ioc", "code",
				     "country", "country_name", "nation",
				     "team", "country_long", NULL };
static const char *const g_gold[] = { "gold", "gold medal", "gold_medal",
				      "golds", "g", "金牌", NULL };
static const char *const g_silver[] = { "silver", "silver medal",
					"silver_medal", "silvers", "s",
					"银牌", NULL };
static const char *const g_bronze[] = { "bronze", "bronze medal",
					"bronze_medal", "bronzes", "b",
					"铜牌", NULL };
static const char *const g_total[] = { "total", "total medals", "totals",
				       "总数", NULL };
static const char *const g_rank[] = { "rank", "pos", "排名", NULL };

static const char *const *const guesses[PD_F_COUNT] = {
	[PD_F_NPC] = g_npc, [PD_F_GOLD] = g_gold, [PD_F_SILVER] = g_silver,
	[PD_F_BRONZE] = g_bronze, [PD_F_TOTAL] = g_total,
	[PD_F_RANK] = g_rank,
};

/* A non-negative whole number (surrounding spaces allowed); -1 if not. */
static long count_of(const char *s)
{
	char *end;
	long v;

	while (*s == ' ')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	while (*end == ' ')
		end++;
	if (*end == '.' && end[1] == '0')	/* "3.0" from a spreadsheet */
		for (end++; *end == '0'; end++)
			;
	return *end || v > 100000000 ? -1 : v;
}

static int take_row(struct pd_published *p, const struct pd_columns *cols,
		    const struct pd_csv *c, struct pd_import *im,
		    const struct pd_csv_opts *opts, struct pd_diag *diag)
{
	static const enum pd_field colour[3] = { PD_F_GOLD, PD_F_SILVER,
						 PD_F_BRONZE };
	const char *name = pd_columns_get(cols, c, PD_F_NPC);
	const char *rank = pd_columns_get(cols, c, PD_F_RANK);
	const char *total = pd_columns_get(cols, c, PD_F_TOTAL);
	struct pd_published_row *row;
	const struct pd_npc *npc;
	long m[3], r = count_of(rank), t = -1;
	size_t i;
	int k, ret;

	for (k = 0; k < 3; k++) {
		const char *v = pd_columns_get(cols, c, colour[k]);

		if ((m[k] = count_of(v)) < 0)
			return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
					   "%s count '%s' is not a whole "
					   "number of 0 or more",
					   pd_field_name(colour[k]), v);
	}
	if (*total && (t = count_of(total)) < 0)
		return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
				   "total '%s' is not a whole number", total);
	if ((ret = pd_import_npc_value(im, opts, c->line, name, &name,
				       diag)) < 0)
		return ret;
	if (!name)
		return 0;	/* --fix LINE=- */
	if ((ret = pd_import_npc(im, name, c->line, &npc, diag)) < 0)
		return ret;
	for (i = 0; i < p->n; i++)
		if (!strcmp(p->rows[i].npc, npc->code))
			return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
					   "%s (%s) already has a row at line "
					   "%ld; pick one Games with --where",
					   name, npc->code, p->rows[i].line);
	if ((ret = pd_published_add(p, c->line, r >= 0, r < 0 ? 0 : r, name,
				    m, t, &row)) < 0)
		return ret;
	memcpy(row->npc, npc->code, sizeof(row->npc));
	return 0;
}

int pd_standings_csv_parse(struct pd_published *out, const char *data,
			   size_t len, const char *file,
			   const struct pd_registry *reg,
			   const struct pd_csv_opts *opts,
			   struct pd_diag *diag)
{
	struct pd_columns cols;
	struct pd_import im;
	struct pd_csv c;
	int ret, f;

	pd_published_init(out);
	strcpy(out->lang, "en");
	pd_import_init(&im, reg, NULL, file, NULL);
	pd_import_same(&im, opts);
	pd_csv_init(&c, data, len, file);
	if ((ret = pd_utf8_check(data, len, file, diag)) < 0 ||
	    (ret = pd_columns_header(&c, diag)) < 0 ||
	    (ret = pd_columns_find(&cols, &c, opts, guesses, diag)) < 0)
		goto cleanup;
	for (f = PD_F_NPC; f <= PD_F_BRONZE; f++) {
		if (f != PD_F_NPC && f < PD_F_GOLD)
			continue;
		if (cols.at[f] < 0) {
			ret = pd_diag_set(diag, PD_EPARSE, file, c.line,
					  "no %s column in the header: name "
					  "it with --map %s=COLUMN",
					  pd_field_name(f), pd_field_name(f));
			goto cleanup;
		}
	}
	/* ranks are optional: a file without them is not wrong about them */
	out->no_ranks = cols.at[PD_F_RANK] < 0;
	while ((ret = pd_csv_next(&c, diag)) > 0)
		if (pd_columns_keep(&cols, &c) &&
		    (ret = take_row(out, &cols, &c, &im, opts, diag)) < 0)
			goto cleanup;
	if (ret == 0)
		ret = pd_import_fixes_check(&im, opts, diag);
	if (ret == 0 && out->n == 0)
		ret = pd_diag_set(diag, PD_EPARSE, file, c.next_line,
				  "no rows%s", opts->nwhere ?
				  " match --where" : "");
cleanup:
	pd_csv_release(&c);
	pd_import_release(&im);
	if (ret < 0)
		pd_published_release(out);
	return ret;
}
