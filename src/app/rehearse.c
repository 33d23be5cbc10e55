/* rehearse.c -- the deployment's starting point for 'podium rehearse'
 * (rehearse.h): the Games' folder cut at a time and written as 'import
 * units' writes it. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/rehearse.h"
#include "podium/units_ops.h"
#include "app_int.h"

static long long days_from_civil(long y, unsigned m, unsigned d)
{
	long era;
	unsigned yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned)(y - era * 400);
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return (long long)era * 146097 + (long long)doe - 719468;
}

int pd_rh_local_time(const char *games, const char *text, long long *utc)
{
	int y, mo, d, h, mi, s = 0, n = 0, off;
	long long local;

	if (sscanf(text, "%4d-%2d-%2dT%2d:%2d%n", &y, &mo, &d, &h, &mi,
		   &n) != 5)
		return PD_EINVAL;
	if (text[n] == ':') {
		int m = 0;

		if (sscanf(text + n, ":%2d%n", &s, &m) != 1)
			return PD_EINVAL;
		n += m;
	}
	if (text[n])
		return PD_EINVAL;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 ||
	    s > 59 || h < 0 || mi < 0 || s < 0)
		return PD_EINVAL;
	local = days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 +
		h * 3600 + mi * 60 + s;
	/* the zone's offset at about that time, then at the time it gives */
	app_unit_zone(games, NULL, local, &off);
	app_unit_zone(games, NULL, local - off, &off);
	*utc = local - off;
	return 0;
}

static long long when(const char *iso)
{
	long long t;

	return iso && *iso && pd_unit_time_parse(iso, &t) == 0 ? t : 0;
}

long long pd_rh_unit_start(const struct pd_unitset *set, size_t i)
{
	long long t = when(set->units[i].start);

	return t ? t : when(set->units[i].end);
}

long long pd_rh_unit_end(const struct pd_unitset *set, size_t i)
{
	long long t = when(set->units[i].end);

	return t ? t : when(set->units[i].start);
}

static int by_rsc(const void *a, const void *b)
{
	const struct pd_unit_rec *x = *(const struct pd_unit_rec *const *)a;
	const struct pd_unit_rec *y = *(const struct pd_unit_rec *const *)b;

	return strcmp(x->rsc, y->rsc);
}

int pd_rh_decided(const struct pd_unitset *set, long long *decided)
{
	const struct pd_unit_rec **v, *kp, **hit;
	struct pd_unit_rec key;
	size_t i, j;

	memset(decided, 0, set->entries.nevents * sizeof(*decided));
	if (!set->nunits)
		return 0;
	if (!(v = malloc(set->nunits * sizeof(*v))))
		return PD_ENOMEM;
	for (i = 0; i < set->nunits; i++)
		v[i] = &set->units[i];
	if (set->nunits > 1)	/* qsort takes no NULL */
		qsort(v, set->nunits, sizeof(*v), by_rsc);
	for (i = 0; i < set->nmedals; i++) {
		const struct pd_unitset_medal *m = &set->medals[i];
		long long end;

		key.rsc = m->unit;
		kp = &key;
		if (!m->unit || !(hit = bsearch(&kp, v, set->nunits,
						sizeof(*v), by_rsc)))
			continue;
		end = pd_rh_unit_end(set, (size_t)(*hit - set->units));
		for (j = 0; j < set->entries.nevents; j++) {
			const struct pd_entry_event *e = &set->entries.events[j];

			if (!strcmp(e->sport, m->discipline) &&
			    !strcmp(e->name, m->event) &&
			    (!m->event_code || strlen(m->event_code) < 4 ||
			     !e->gender[0] ||
			     e->gender[0] == m->event_code[3]) &&
			    end > decided[j])
				decided[j] = end;
		}
	}
	free(v);
	return 0;
}

int pd_rh_prepare(struct pd_store *s, const struct pd_unitset *set,
		  long long before, const struct pd_who *who,
		  struct pd_diag *diag)
{
	struct pd_unitset cut = *set;
	struct pd_unit_rec *units = NULL;
	struct pd_unit_result_rec *results = NULL;
	struct pd_entry_result *er = NULL;
	const struct pd_unit_rec **v = NULL, *kp, **hit;
	struct pd_unit_rec key;
	long long *decided = NULL;
	struct pd_op_import_counts counts;
	size_t i, n;
	int ret = PD_ENOMEM;

	if (!(units = malloc((set->nunits + 1) * sizeof(*units))) ||
	    !(results = malloc((set->nresults + 1) * sizeof(*results))) ||
	    !(er = malloc((set->entries.nresults + 1) * sizeof(*er))) ||
	    !(v = malloc((set->nunits + 1) * sizeof(*v))) ||
	    !(decided = malloc((set->entries.nevents + 1) *
			       sizeof(*decided))))
		goto cleanup;
	for (i = 0; i < set->nunits; i++) {
		units[i] = set->units[i];
		if (before != LLONG_MAX && pd_rh_unit_end(set, i) >= before)
			units[i].status = "";
		v[i] = &units[i];
	}
	if (set->nunits > 1)	/* qsort takes no NULL */
		qsort(v, set->nunits, sizeof(*v), by_rsc);
	for (i = n = 0; i < set->nresults; i++) {
		key.rsc = set->results[i].rsc;
		kp = &key;
		hit = set->nunits ? bsearch(&kp, v, set->nunits, sizeof(*v),
					    by_rsc) : NULL;
		if (before == LLONG_MAX ||
		    (hit && pd_rh_unit_end(set, (size_t)(*hit - units)) <
		     before))
			results[n++] = set->results[i];
	}
	cut.units = units;
	cut.results = results;
	cut.nresults = n;
	if ((ret = pd_rh_decided(set, decided)) < 0)
		goto cleanup;
	for (i = n = 0; i < set->entries.nresults; i++)
		if (before == LLONG_MAX ||
		    decided[set->entries.results[i].event] < before)
			er[n++] = set->entries.results[i];
	cut.entries.results = er;
	cut.entries.nresults = n;
	ret = pd_op_units_write(s, &cut, NULL, PD_SOURCE_ONLY, who, NULL,
				&counts, diag);
cleanup:
	free(units);
	free(results);
	free(er);
	free(v);
	free(decided);
	return ret;
}
