/* units_read.c -- what the readers of a Games' folder of units share
 * (units_int.h): a file loaded as CSV, its columns by name, the reader's
 * copies of its texts, arrays that grow, and a rank's and a time's value.  Its own file, so that
 * units_dir.c, units_schedule.c and units_derive.c each use it and none
 * calls back into another. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "podium/csv.h"
#include "podium/unitset.h"
#include "units_int.h"

int pd_ur_load(struct reader *r, struct pd_csv *c, char **data,
		const char *file, struct pd_diag *d)
{
	size_t len;
	int ret;

	/* the caller releases c whatever this returns */
	pd_csv_init(c, "", 0, file);
	if ((ret = pd_file_read(file, data, &len, d)) < 0)
		return ret;
	pd_csv_release(c);
	if ((ret = pd_utf8_check(*data, len, file, d)) < 0)
		return ret;
	pd_csv_init(c, *data, len, file);
	if ((ret = pd_csv_next(c, d)) < 0)
		return ret;
	if (ret == 0)
		return pd_diag_set(d, PD_EPARSE, file, 1, "no header");
	return pd_csv_set_width(c);
}

int pd_ur_col(const struct pd_csv *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->nf; i++)
		if (!strcmp(pd_csv_column(c, i), name))
			return (int)i;
	return -1;
}

const char *pd_ur_f(const struct pd_csv *c, int at)
{
	return at < 0 ? "" : c->f[at];
}

int pd_ur_need(const struct pd_csv *c, const char *name, int *at,
		struct pd_diag *d)
{
	if ((*at = pd_ur_col(c, name)) < 0)
		return pd_diag_set(d, PD_EPARSE, c->file, 1, "no '%s' column "
				   "in the header", name);
	return 0;
}

void pd_ur_start(struct reader *r, struct pd_unitset *out,
		 const char *games, const struct pd_registry *reg,
		 const struct pd_medal_rules *rules, const char *dir,
		 const char *country)
{
	memset(out, 0, sizeof(*out));
	memset(r, 0, sizeof(*r));
	pd_entries_init(&out->entries);
	r->out = out;
	r->games = games;
	r->rules = rules;
	r->dir = dir;
	pd_import_init(&r->im, reg, &out->entries, dir, country);
}

const char *pd_ur_str(struct reader *r, const char *s)
{
	return pd_entries_str(&r->out->entries, s);
}

/* Room for one more of *v (n used, *a allocated), each size bytes. */
int pd_ur_grow(void *v, size_t n, size_t *a, size_t size)
{
	void **p = v, *nv;
	size_t na;

	if (n < *a)
		return 0;
	na = *a ? *a * 2 : 1024;
	if (!(nv = realloc(*p, na * size)))
		return PD_ENOMEM;
	*p = nv;
	*a = na;
	return 0;
}

int pd_unit_rank_parse(const char *text, long *rank)
{
	char *end;
	double v;

	*rank = 0;
	if (!*text)
		return 0;
	v = strtod(text, &end);
	if (*end || end == text || v < 1 || v > 1e6 || v != (long)v)
		return PD_EINVAL;
	*rank = (long)v;
	return 0;
}

static long long days(int y, int m, int dd)
{
	/* days since 1970-01-01 of a proleptic Gregorian date */
	y -= m <= 2;
	long long era = (y >= 0 ? y : y - 399) / 400;
	long long yoe = y - era * 400;
	long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + dd - 1;
	long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

	return era * 146097 + doe - 719468;
}

int pd_unit_time_parse(const char *t, long long *utc)
{
	int y, mo, dd, h, mi, s, oh = 0, om = 0, n = 0;
	char sign = 'Z';

	if (sscanf(t, "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &dd, &h, &mi, &s,
		   &n) != 6 || n != 19)
		return PD_EINVAL;
	if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || h > 23 || mi > 59 ||
	    s > 60)
		return PD_EINVAL;
	t += n;
	if (*t == '+' || *t == '-') {
		sign = *t;
		if (sscanf(t + 1, "%2d:%2d%n", &oh, &om, &n) != 2 || n != 5 ||
		    t[6])
			return PD_EINVAL;
	} else if (strcmp(t, "Z"))
		return PD_EINVAL;
	*utc = days(y, mo, dd) * 86400 + h * 3600 + mi * 60 + s;
	*utc += (sign == '+' ? -1 : 1) * (oh * 3600LL + om * 60);
	return 0;
}

/* (unitset.h) here, beside the reader that fills it, so that no reader
 * calls the folder's (make calls) */
void pd_unitset_release(struct pd_unitset *s)
{
	pd_entries_release(&s->entries);
	free(s->units);
	free(s->results);
	free(s->teams);
	free(s->medals);
	/* as new, room counts too: released twice is safe, and a set read
	 * again grows from nothing */
	memset(s, 0, sizeof(*s));
}

int pd_ur_finish(struct reader *r, int ret)
{
	pd_import_release(&r->im);
	pd_strmap_release(&r->rscs);
	pd_strmap_release(&r->disciplines);
	pd_strmap_release(&r->events);
	pd_strmap_release(&r->teams);
	pd_strmap_release(&r->athletes);
	pd_strmap_release_keys(&r->event_names);
	free(r->members);
	free(r->rows);
	if (ret < 0)
		pd_unitset_release(r->out);
	return ret;
}
