/* columns.c -- what the CSV importers share: --map field names, header
 * guessing, --where row filters and the fields checked as names. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "columns.h"
#include "podium/io.h"

static const char *const field_names[PD_F_COUNT] = {
	[PD_F_MEDAL] = "medal", [PD_F_NPC] = "npc", [PD_F_EVENT] = "event",
	[PD_F_SPORT] = "sport", [PD_F_DATE] = "date",
	[PD_F_ATHLETE] = "athlete", [PD_F_GENDER] = "gender",
	[PD_F_TEAM] = "team", [PD_F_GOLD] = "gold", [PD_F_SILVER] = "silver",
	[PD_F_BRONZE] = "bronze", [PD_F_TOTAL] = "total",
	[PD_F_RANK] = "rank", [PD_F_NAME] = "name",
};

int pd_field_lookup(const char *name)
{
	int f;

	for (f = 0; f < PD_F_COUNT; f++)
		if (!strcasecmp(name, field_names[f]))
			return f;
	return -1;
}

const char *pd_field_name(enum pd_field f)
{
	return field_names[f];
}

int pd_where_parse(struct pd_where *w, char *text, struct pd_diag *diag)
{
	char *eq = strchr(text, '=');

	if (!eq || eq == text || (eq == text + 1 && text[0] == '!'))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--where '%s': "
				   "expected COLUMN=VALUE or COLUMN!=VALUE",
				   text);
	w->negate = eq[-1] == '!';
	w->value = eq + 1;
	*(w->negate ? eq - 1 : eq) = '\0';
	w->column = text;
	return 0;
}

int pd_fix_parse(struct pd_fix *f, char *text, struct pd_diag *diag)
{
	char *eq = strchr(text, '='), *end;
	long line;

	if (!eq || !eq[1])
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--fix '%s': "
				   "expected LINE=CODE or LINE=-", text);
	line = strtol(text, &end, 10);
	if (end != eq || line < 2)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--fix '%s': "
				   "LINE is the file line of a row, 2 or more",
				   text);
	f->line = line;
	f->npc = eq + 1;
	return 0;
}

static int find_header(const struct pd_csv *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->nf; i++)
		if (!strcasecmp(c->f[i], name))
			return (int)i;
	return -1;
}

int pd_columns_find(struct pd_columns *cols, const struct pd_csv *c,
		    const struct pd_csv_opts *opts,
		    const char *const *const guesses[PD_F_COUNT],
		    struct pd_diag *diag)
{
	const char *const *g;
	size_t i;
	int f;

	for (f = 0; f < PD_F_COUNT; f++) {
		cols->at[f] = -1;
		if (opts->map[f]) {
			cols->at[f] = find_header(c, opts->map[f]);
			if (cols->at[f] < 0)
				return pd_diag_set(diag, PD_EPARSE, c->file,
						   c->line, "--map %s=%s: no "
						   "column '%s' in the header",
						   field_names[f], opts->map[f],
						   opts->map[f]);
			continue;
		}
		for (g = guesses[f]; g && *g && cols->at[f] < 0; g++)
			cols->at[f] = find_header(c, *g);
	}
	cols->nwhere = opts->nwhere;
	cols->where = opts->where;
	for (i = 0; i < opts->nwhere; i++) {
		cols->where_at[i] = find_header(c, opts->where[i].column);
		if (cols->where_at[i] < 0)
			return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
					   "--where: no column '%s' in the "
					   "header", opts->where[i].column);
	}
	return 0;
}

int pd_columns_header(struct pd_csv *c, struct pd_diag *diag)
{
	int ret = pd_csv_next(c, diag);

	if (ret == 0)
		return pd_diag_set(diag, PD_EPARSE, c->file, 1, "empty file: "
				   "expected a header row");
	if (ret > 0)
		ret = pd_csv_set_width(c);
	return ret < 0 ? ret : 0;
}

int pd_columns_require(int *at, const struct pd_csv *c,
		       const char *const *names, size_t n,
		       const char *missing, struct pd_diag *diag)
{
	size_t k;

	for (k = 0; k < n; k++)
		if ((at[k] = find_header(c, names[k])) < 0)
			return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
					   missing, names[k]);
	return 0;
}

const char pd_columns_members_hint[] =
	"a team's members belong in one row each; or, for a column that "
	"lists a team's members, map it as the team: --map team=COLUMN";

int pd_columns_labels(const struct pd_columns *cols, struct pd_csv *c,
		      const struct pd_columns_label *l, size_t n)
{
	size_t i;
	int ret;

	for (i = 0; i < n; i++)
		if (cols->at[l[i].f] >= 0 &&
		    (ret = pd_csv_label(c, (size_t)cols->at[l[i].f], l[i].what,
					l[i].hint)) < 0)
			return ret;
	return 0;
}

/* Whether v is value or, value being "A|B|...", one of those. */
static int one_of(const char *v, const char *value)
{
	size_t n = strlen(v);
	const char *bar;

	for (;; value = bar + 1) {
		bar = strchr(value, '|');
		if (!bar)
			return !strcmp(v, value);
		if ((size_t)(bar - value) == n && !strncmp(v, value, n))
			return 1;
	}
}

int pd_columns_keep(const struct pd_columns *cols, const struct pd_csv *c)
{
	size_t i;

	for (i = 0; i < cols->nwhere; i++) {
		int at = cols->where_at[i];
		const char *v = (size_t)at < c->nf ? c->f[at] : "";
		int eq = one_of(v, cols->where[i].value);

		if (eq == cols->where[i].negate)
			return 0;
	}
	return 1;
}

const char *pd_columns_get(const struct pd_columns *cols,
			   const struct pd_csv *c, enum pd_field f)
{
	int at = cols->at[f];
	const char *v;

	if (at < 0 || (size_t)at >= c->nf)
		return "";
	v = c->f[at];
	if (!strcmp(v, "NA") || !strcmp(v, "N/A"))
		return "";
	return v;
}
