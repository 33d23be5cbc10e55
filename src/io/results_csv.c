/* results_csv.c -- read a ranking as CSV for 'podium result set --file':
 * rank, npc, name, and optionally mark, value, irm, records, gender; and
 * an event's start list ('podium entry set --file'), the same without
 * ranks. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "podium/io.h"
#include "podium/results.h"
#include "columns.h"
#include "import.h"

static const char *const g_rank[] = { "rank", "pos", "place", NULL };
static const char *const g_npc[] = { "npc", "noc", "country_code", "country",
				     "nation", NULL };
static const char *const g_name[] = { "name", "athlete", "team",
				      "competitor", NULL };
static const char *const g_mark[] = { "mark", "result", "time", "score",
				      NULL };
static const char *const g_value[] = { "value", "mark_value", NULL };
static const char *const g_irm[] = { "irm", NULL };
static const char *const g_records[] = { "records", "record", NULL };
static const char *const g_gender[] = { "gender", "sex", NULL };

static const char *const *const guesses[PD_F_COUNT] = {
	[PD_F_RANK] = g_rank, [PD_F_NPC] = g_npc, [PD_F_NAME] = g_name,
	[PD_F_EVENT] = g_mark, [PD_F_TOTAL] = g_value,
	[PD_F_MEDAL] = g_irm, [PD_F_TEAM] = g_records,
	[PD_F_GENDER] = g_gender,
};

/* The fields above borrow enum slots whose names do not fit; say which. */
#define F_MARK PD_F_EVENT
#define F_VALUE PD_F_TOTAL
#define F_IRM PD_F_MEDAL
#define F_RECORDS PD_F_TEAM

static const struct pd_columns_label labels[] = {
	{ PD_F_NAME, "name", NULL }, { F_MARK, "mark", NULL },
	{ F_RECORDS, "records", NULL },
};

void pd_result_lines_release(struct pd_result_lines *r)
{
	free(r->v);
	free(r->pool);
	memset(r, 0, sizeof(*r));
}

struct offs {
	size_t name, mark, irm, records;
};

static int keep(struct pd_buf *pool, const char *s, size_t *off)
{
	*off = pool->len;
	return pd_buf_add(pool, s, strlen(s) + 1);
}

static int take_row(struct pd_result_line *l, struct offs *o,
		    struct pd_buf *pool, const struct pd_columns *cols,
		    const struct pd_csv *c, struct pd_import *im,
		    struct pd_diag *diag)
{
	const char *rank = pd_columns_get(cols, c, PD_F_RANK);
	const char *npc = pd_columns_get(cols, c, PD_F_NPC);
	const char *value = pd_columns_get(cols, c, F_VALUE);
	const char *irm = pd_columns_get(cols, c, F_IRM);
	const char *gender = pd_columns_get(cols, c, PD_F_GENDER);
	const struct pd_npc *n;
	char *end;
	int ret;

	if ((ret = pd_csv_labels_check(c, diag)) < 0)
		return ret;
	memset(l, 0, sizeof(*l));
	l->line = c->line;
	if (*rank) {
		l->rank = strtol(rank, &end, 10);
		if (*end || l->rank < 1 || l->rank > 100000)
			return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
					   "rank '%s' is not a whole number "
					   "from 1 (leave it empty for none)",
					   rank);
	}
	if (!strcmp(gender, "M") || !strcmp(gender, "W") || !*gender)
		strcpy(l->gender, gender);
	else if (!strcmp(gender, "F"))
		strcpy(l->gender, "W");
	else
		return pd_diag_set(diag, PD_EPARSE, c->file, c->line, "gender "
				   "'%s' is not M, W (or F) or empty", gender);
	if (*irm && pd_irm_parse(irm) <= 0)
		return pd_diag_set(diag, PD_EPARSE, c->file, c->line, "'%s' is "
				   "not an IRM code (DNS, DNF, DSQ, DQB, DNQ, "
				   "NM, RET, WDR, ABS, LAP)", irm);
	if (*value) {
		errno = 0;
		l->value = strtod(value, &end);
		if (*end || errno)
			return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
					   "value '%s' is not a number",
					   value);
		l->has_value = 1;
	}
	if ((ret = pd_import_npc(im, npc, c->line, &n, diag)) < 0)
		return ret;
	memcpy(l->npc, n->code, sizeof(l->npc));
	if (!*pd_columns_get(cols, c, PD_F_NAME))
		return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
				   "no name in this row: name the athlete or "
				   "team");
	if (keep(pool, pd_columns_get(cols, c, PD_F_NAME), &o->name) ||
	    keep(pool, pd_columns_get(cols, c, F_MARK), &o->mark) ||
	    keep(pool, irm, &o->irm) ||
	    keep(pool, pd_columns_get(cols, c, F_RECORDS), &o->records))
		return pd_diag_set(diag, PD_ETOOBIG, c->file, c->line,
				   "file too large");
	return 0;
}

static int read_rows(struct pd_result_lines *out, struct offs **offs,
		     struct pd_buf *pool, struct pd_csv *c,
		     const struct pd_columns *cols, struct pd_import *im,
		     struct pd_diag *diag)
{
	size_t alloc = 0;
	int ret;

	while ((ret = pd_csv_next(c, diag)) > 0) {
		if (out->n == alloc) {
			alloc = alloc ? alloc * 2 : 64;
			if (alloc > 1000000)
				return pd_diag_set(diag, PD_ETOOBIG, c->file,
						   c->line, "over a million "
						   "results in one event");
			if (!(out->v = realloc(out->v, alloc *
					       sizeof(*out->v))) ||
			    !(*offs = realloc(*offs, alloc * sizeof(**offs))))
				return PD_ENOMEM;
		}
		if ((ret = take_row(&out->v[out->n], &(*offs)[out->n], pool,
				    cols, c, im, diag)) < 0)
			return ret;
		out->n++;
	}
	return ret;
}

int pd_results_csv_parse(struct pd_result_lines *out, const char *data,
			 size_t len, const char *file,
			 const struct pd_registry *reg, struct pd_diag *diag)
{
	struct pd_csv_opts opts;
	struct pd_columns cols;
	struct offs *offs = NULL;
	struct pd_import im;
	struct pd_buf pool;
	struct pd_csv c;
	size_t i;
	int ret;

	memset(out, 0, sizeof(*out));
	memset(&opts, 0, sizeof(opts));
	pd_buf_init(&pool, 0);
	pd_import_init(&im, reg, NULL, file, NULL);
	pd_csv_init(&c, data, len, file);
	if ((ret = pd_utf8_check(data, len, file, diag)) < 0 ||
	    (ret = pd_columns_header(&c, diag)) < 0 ||
	    (ret = pd_columns_find(&cols, &c, &opts, guesses, diag)) < 0 ||
	    (ret = pd_columns_labels(&cols, &c, labels,
				     sizeof(labels) / sizeof(*labels))) < 0)
		goto cleanup;
	if (cols.at[PD_F_NPC] < 0 || cols.at[PD_F_NAME] < 0) {
		ret = pd_diag_set(diag, PD_EPARSE, file, c.line, "the header "
				  "needs npc and name columns (and rank, "
				  "mark, value, irm, records, gender as "
				  "needed)");
		goto cleanup;
	}
	if ((ret = read_rows(out, &offs, &pool, &c, &cols, &im, diag)) < 0)
		goto cleanup;
	out->pool = pd_buf_detach(&pool, NULL);
	for (i = 0; i < out->n; i++) {
		out->v[i].name = out->pool + offs[i].name;
		out->v[i].mark = out->pool + offs[i].mark;
		out->v[i].irm = out->pool + offs[i].irm;
		out->v[i].records = out->pool + offs[i].records;
	}
cleanup:
	free(offs);
	pd_import_release(&im);
	pd_csv_release(&c);
	pd_buf_release(&pool);
	if (ret < 0)
		pd_result_lines_release(out);
	return ret;
}
