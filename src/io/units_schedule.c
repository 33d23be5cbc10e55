/* units_schedule.c -- the schedule of a Games' folder of units
 * (unitset.h): each schedules.csv row, not an exact duplicate, placed on
 * the unit it stands for, with its times in UTC, its local day, status,
 * venue and medal role. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "podium/tz.h"
#include "units_int.h"

enum { S_START, S_END, S_STATUS, S_DISC, S_EVENT, S_MEDAL, S_PHASE, S_GENDER,
       S_VENUE, S_VCODE, S_LOCATION, S_URL, S_DNAME, S_N };

static const char *const s_cols[S_N] = {
	"start_date", "end_date", "status", "discipline_code", "event",
	"event_medal", "phase", "gender", "venue", "venue_code",
	"location_description", "url", "discipline" };

/* A time as UTC text, and its day at offset (seconds east of UTC). */
static void utc_text(long long t, int offset, char *iso, size_t isz,
		     char *day, size_t dsz)
{
	time_t tt = (time_t)t, lt = (time_t)(t + offset);
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(iso, isz, "%Y-%m-%dT%H:%M:%SZ", &tm);
	gmtime_r(&lt, &tm);
	strftime(day, dsz, "%Y-%m-%d", &tm);
}

/* The results code a schedule row's url names (its last part, 12
 * characters, is the code's phase and unit) under event, into code[35];
 * 0 when the url names none. */
static int url_code(const char *event, const char *url, char *code)
{
	const char *tail = strrchr(url, '/');
	size_t i;

	if (!*event || !tail || strlen(tail + 1) != 12)
		return 0;
	snprintf(code, 35, "%-22.22s", event);
	for (i = 0; i < 22; i++)
		if (code[i] == ' ')
			code[i] = '-';
	for (i = 0; i < 12; i++)
		code[22 + i] = (char)toupper((unsigned char)tail[1 + i]);
	code[34] = '\0';
	return 1;
}

/* The unit a schedule row stands for: the one its url names, else the
 * one of its event (and the url's phase) not yet scheduled whose results
 * began nearest its start, from an hour before it to its end and an hour
 * more (a training or a ceremony takes none); -1 if none. */
static long find_unit(struct reader *r, const char *event, const char *url,
		      const char *medal, long long t0, long long t1,
		      const unsigned char *taken)
{
	/* a medal unit named by its phase alone: ODF numbers the gold
	 * match 0001, the bronze 0002 (data/medal_rules.tsv) */
	const char *want = !strcmp(medal, "1") ? "0001" :
			   !strcmp(medal, "3") ? "0002" : "";
	char code[64], phase[5] = "";
	size_t *v = NULL, i;
	long best = -1;
	long long t, gap, best_gap = 0;

	if (!*event)
		return -1;
	if (url_code(event, url, code)) {
		snprintf(phase, sizeof(phase), "%.4s", code + 22);
		pd_strmap_get(&r->rscs, code, 0, &v);
		if (v && !taken[*v - 1])
			return (long)*v - 1;
	}
	if (t1 < t0)
		t1 = t0;
	for (i = 0; i < r->out->nunits; i++) {
		const struct pd_unit_rec *u = &r->out->units[i];

		if (taken[i] || strcmp(u->kind, "unit") ||
		    strcmp(u->event_code, event) ||
		    (*phase && strncmp(u->rsc + 22, phase, 4)) ||
		    pd_unit_time_parse(u->start, &t) < 0 ||
		    t < t0 - 3600 || t > t1 + 3600)
			continue;
		gap = t > t0 ? t - t0 : t0 - t;
		if (*want && strncmp(u->rsc + 26, want, 4))
			gap += 86400;	/* after every unit it names */
		if (best < 0 || gap < best_gap) {
			best = (long)i;
			best_gap = gap;
		}
	}
	return best;
}

/* A unit of its own for a schedule row no result names: the code its
 * url names (a final that has not run yet is still FNL-000100), else one
 * made from the schedule's order (SCHD), for a row whose url names no
 * unit (a training, a ceremony) or one another row has taken. */
static int own_unit(struct reader *r, const struct pd_csv *c, const int *at,
		    const char *event, size_t seq, long *at_unit)
{
	struct pd_unitset *o = r->out;
	struct pd_unit_rec *u;
	char code[64], gender = *pd_ur_f(c, at[S_GENDER]) ? *pd_ur_f(c, at[S_GENDER]) : 'O';
	size_t i, *slot;
	int ret;

	if (url_code(event, pd_ur_f(c, at[S_URL]), code) &&
	    (ret = pd_strmap_get(&r->rscs, pd_ur_str(r, code), 1, &slot)) != 0) {
		if (ret < 0)
			return ret;
		*slot = o->nunits + 1;
	} else if (*event)
		snprintf(code, sizeof(code), "%-22.22sSCHD%06zu--", event, seq);
	else
		snprintf(code, sizeof(code), "%.3s%c%-18.18sSCHD%06zu--",
			 pd_ur_f(c, at[S_DISC]), gender, "", seq);
	for (i = 0; i < 22; i++)
		if (code[i] == ' ')
			code[i] = '-';
	if ((ret = pd_ur_grow(&o->units, o->nunits, &o->aunits,
			sizeof(*o->units))) < 0)
		return ret;
	u = &o->units[o->nunits];
	memset(u, 0, sizeof(*u));
	u->rsc = pd_ur_str(r, code);
	u->kind = "unit";
	u->rules = "";
	u->discipline = pd_ur_str(r, pd_ur_f(c, at[S_DNAME]));
	u->event = pd_ur_str(r, pd_ur_f(c, at[S_EVENT]));
	/* an event code is 18 characters: the precision only tells the
	 * compiler so */
	snprintf(code, sizeof(code), "%.*s", (int)sizeof(code) - 1, event);
	u->event_code = pd_ur_str(r, code);
	u->phase = pd_ur_str(r, pd_ur_f(c, at[S_PHASE]));
	if (!u->rsc || !u->discipline || !u->event || !u->event_code ||
	    !u->phase)
		return PD_ENOMEM;
	*at_unit = (long)o->nunits++;
	return 0;
}

/* The offset of a unit's local day: its zone's (tz.h: the venue's own,
 * Teahupo'o's Pacific/Tahiti, else the Games'), at the system's offset
 * for its start.  A Games of no known zone is shown in UTC, and so its
 * day is UTC's: the offset a row's time is written with is not taken,
 * or a unit's day and the time shown on its line would disagree. */
static int zone_of(const struct reader *r, const char *venue, long long t)
{
	int off;

	pd_unit_zone(r->games, venue, t, &off);
	return off;
}

/* The event code a schedule row's discipline, gender and event name
 * are the results' of ("SRFMSHORTBRD"), in key; "" if none. */
static const char *row_event(struct reader *r, const struct pd_csv *c,
			     const int *at, char *key, size_t size)
{
	size_t *v = NULL, i;

	snprintf(key, size, "%s\x1f%s\x1f%s", pd_ur_f(c, at[S_DISC]),
		 pd_ur_f(c, at[S_GENDER]), pd_ur_f(c, at[S_EVENT]));
	pd_strmap_get(&r->event_names, key, 0, &v);
	if (!v)
		return "";
	snprintf(key, size, "%.22s", r->rows[*v - 1].rsc);
	for (i = strlen(key); i > 4 && key[i - 1] == '-'; i--)
		key[i - 1] = '\0';
	return key;
}

/* -- the rows whose url names only a phase, paired with the phase's
 * units in start-time order.
 *
 * A schedule row whose url names its phase but not its unit stands
 * either for one unit of that phase (a surfing heat) or for a session
 * of several (the swimming heats of an event: one row, eight units).
 * find_unit() takes the unit whose results' time is nearest the row's,
 * within the hour: sound where the results' times are the schedule's
 * clock (they are often when the phase's results were published, the
 * same for all its units, so the hour's window matters).  But
 * Teahupo'o's results are dated in Tahiti's local time written as
 * Paris's (+02:00), ten to twelve hours from the schedule: none is
 * within the hour, and its 64 rows were left without their units.  So
 * where an event's phase has as many such rows as units no other row
 * names, and no row has a unit of it within the hour, row and unit are
 * one to one by order: the k-th row by start time is the k-th unit by
 * its results' time (a medal row first takes the unit ODF numbers for
 * its medal, as find_unit() prefers). */

struct pairs {
	long *unit;	/* by the row's line: unit index + 1, or 0 */
	size_t n;
};

struct prow {
	char group[27];	/* event (22) and phase (4) of the results code */
	long long t, t1;	/* start, end (or start) */
	long line;
	char medal;	/* '1' gold, '3' bronze, else 0 */
};

struct punit {
	long long t;
	const char *rsc;
	size_t i;
};

static int prow_cmp(const void *a, const void *b)
{
	const struct prow *x = a, *y = b;
	int c = strcmp(x->group, y->group);

	if (c)
		return c;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

static int punit_cmp(const void *a, const void *b)
{
	const struct punit *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return strcmp(x->rsc, y->rsc);
}

static long paired(const struct pairs *p, long line)
{
	return line >= 0 && (size_t)line < p->n && p->unit[line] ?
	       p->unit[line] - 1 : -1;
}

/* Pair the rows v[0..n) of one group with its units not in named[]. */
static int pair_group(struct reader *r, const struct prow *v, size_t n,
		      const unsigned char *named, struct pairs *out)
{
	struct pd_unitset *o = r->out;
	struct punit *u = NULL;
	unsigned char *used = NULL;
	size_t nu = 0, i, j;
	int ret = 0;

	for (i = 0; i < o->nunits; i++)
		if (!named[i] && !strcmp(o->units[i].kind, "unit") &&
		    !strncmp(o->units[i].rsc, v[0].group, 26))
			nu++;
	if (nu != n)
		return 0;	/* sessions, or rows with no results */
	for (i = 0; i < o->nunits; i++) {
		long long t;

		if (named[i] || strcmp(o->units[i].kind, "unit") ||
		    strncmp(o->units[i].rsc, v[0].group, 26) ||
		    pd_unit_time_parse(o->units[i].start, &t) < 0)
			continue;
		for (j = 0; j < n; j++)
			if (t >= v[j].t - 3600 && t <= v[j].t1 + 3600)
				return 0;	/* the clocks agree */
	}
	if (!(u = malloc(n * sizeof(*u))) || !(used = calloc(n, 1))) {
		ret = PD_ENOMEM;
		goto out;
	}
	for (i = j = 0; i < o->nunits; i++)
		if (!named[i] && !strcmp(o->units[i].kind, "unit") &&
		    !strncmp(o->units[i].rsc, v[0].group, 26)) {
			u[j].rsc = o->units[i].rsc;
			u[j].i = i;
			if (pd_unit_time_parse(o->units[i].start, &u[j].t) < 0)
				u[j].t = (long long)1 << 62;
			j++;
		}
	qsort(u, n, sizeof(*u), punit_cmp);
	/* a gold row takes unit 0001, a bronze 0002 (medal_rules.tsv) */
	for (i = 0; i < n; i++)
		for (j = 0; v[i].medal && j < n; j++)
			if (!used[j] && !strncmp(u[j].rsc + 26, v[i].medal ==
						 '1' ? "0001" : "0002", 4)) {
				used[j] = 1;
				out->unit[v[i].line] = (long)u[j].i + 1;
				break;
			}
	for (i = j = 0; i < n; i++) {
		if (out->unit[v[i].line])
			continue;
		while (used[j])
			j++;
		used[j] = 1;
		out->unit[v[i].line] = (long)u[j].i + 1;
	}
out:
	free(u);
	free(used);
	return ret;
}

static int pair_rows(struct reader *r, struct pairs *out,
		     struct pd_diag *d)
{
	struct pd_strmap seen = { 0 };
	struct prow *v = NULL;
	unsigned char *named = NULL;
	size_t nv = 0, av = 0, i, k, a, *slot;
	char *data = NULL, key[8192], code[64];
	const char *event;
	struct pd_csv c;
	int at[S_N], ret, j;

	out->unit = NULL;
	out->n = 0;
	if (!(named = calloc(r->out->nunits + 1, 1)))
		return PD_ENOMEM;
	if ((ret = pd_ur_load(r, &c, &data, r->path, d)) < 0)
		goto cleanup;
	for (j = 0; j < S_N; j++)
		if ((ret = pd_ur_need(&c, s_cols[j], &at[j], d)) < 0)
			goto cleanup;
	while ((ret = pd_csv_next(&c, d)) > 0) {
		long long t, v1;

		for (i = k = 0; i < c.nf && k < sizeof(key); i++)
			k += (size_t)snprintf(key + k, sizeof(key) - k,
					      "%s\x1f", c.f[i]);
		if ((ret = pd_strmap_add_copy(&seen, key, &slot)) < 0)
			break;
		if (ret == 0)
			continue;	/* an exact duplicate */
		event = row_event(r, &c, at, key, sizeof(key));
		if (!url_code(event, pd_ur_f(&c, at[S_URL]), code))
			continue;
		if (strcmp(code + 26, "--------")) {	/* names its unit */
			slot = NULL;
			pd_strmap_get(&r->rscs, code, 0, &slot);
			if (slot)
				named[*slot - 1] = 1;
			continue;
		}
		if (pd_unit_time_parse(pd_ur_f(&c, at[S_START]), &t) < 0)
			continue;	/* schedule_unit() says so */
		if (!*pd_ur_f(&c, at[S_END]) ||
		    pd_unit_time_parse(pd_ur_f(&c, at[S_END]), &v1) < 0 ||
		    v1 < t)
			v1 = t;
		if ((ret = pd_ur_grow(&v, nv, &av, sizeof(*v))) < 0)
			break;
		snprintf(v[nv].group, sizeof(v[nv].group), "%.26s", code);
		v[nv].t = t;
		v[nv].t1 = v1;
		v[nv].line = c.line;
		v[nv].medal = !strcmp(pd_ur_f(&c, at[S_MEDAL]), "1") ? '1' :
			      !strcmp(pd_ur_f(&c, at[S_MEDAL]), "3") ? '3' : 0;
		nv++;
	}
	if (ret < 0)
		goto cleanup;
	out->n = (size_t)c.line + 1;
	if (!(out->unit = calloc(out->n, sizeof(*out->unit)))) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	if (nv)
		qsort(v, nv, sizeof(*v), prow_cmp);
	for (a = 0; a < nv && ret == 0; a = i) {
		for (i = a + 1; i < nv && !strcmp(v[i].group, v[a].group); i++)
			;
		ret = pair_group(r, v + a, i - a, named, out);
	}
cleanup:
	free(v);
	free(named);
	pd_strmap_release_keys(&seen);
	pd_csv_release(&c);
	free(data);
	return ret;
}

static int schedule_unit(struct reader *r, const struct pd_csv *c,
			 const int *at, unsigned char **taken, size_t *ntaken,
			 size_t *seq, const struct pairs *pairs,
			 struct pd_diag *d)
{
	const char *medal = pd_ur_f(c, at[S_MEDAL]), *start = pd_ur_f(c, at[S_START]);
	char key[1024], iso[32], eiso[32], day[16], st[32];
	long long t0, t1 = 0;
	const char *event;
	struct pd_unit_rec *u;
	size_t i;
	long k;
	int ret;

	if (pd_unit_time_parse(start, &t0) < 0 ||
	    (*pd_ur_f(c, at[S_END]) && pd_unit_time_parse(pd_ur_f(c, at[S_END]), &t1) < 0))
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "start or "
				   "end '%s' is not an ISO 8601 time with its "
				   "offset", start);
	event = row_event(r, c, at, key, sizeof(key));
	if (*ntaken < r->out->nunits + 1) {
		unsigned char *nt = realloc(*taken, r->out->nunits + 1024);

		if (!nt)
			return PD_ENOMEM;
		memset(nt + *ntaken, 0, r->out->nunits + 1024 - *ntaken);
		*taken = nt;
		*ntaken = r->out->nunits + 1024;
	}
	k = paired(pairs, c->line);
	if (k >= 0 && (*taken)[k])
		k = -1;
	if (k < 0 &&
	    (k = find_unit(r, event, pd_ur_f(c, at[S_URL]), medal, t0, t1,
			   *taken)) < 0 &&
	    (ret = own_unit(r, c, at, event, ++*seq, &k)) < 0)
		return ret;
	(*taken)[k] = 1;
	u = &r->out->units[k];
	utc_text(t0, zone_of(r, pd_ur_f(c, at[S_VENUE]), t0), iso,
		 sizeof(iso), day, sizeof(day));
	eiso[0] = '\0';
	if (t1)
		utc_text(t1, 0, eiso, sizeof(eiso), st, sizeof(st));
	for (i = 0; pd_ur_f(c, at[S_STATUS])[i] && i + 1 < sizeof(st); i++)
		st[i] = (char)tolower((unsigned char)pd_ur_f(c, at[S_STATUS])[i]);
	st[i] = '\0';
	u->start = pd_ur_str(r, iso);
	u->end = pd_ur_str(r, eiso);
	u->day = pd_ur_str(r, day);
	u->status = pd_ur_str(r, st);
	u->medal = !strcmp(medal, "1") ? "gold" : !strcmp(medal, "3") ?
		   "bronze" : "";
	u->venue = pd_ur_str(r, pd_ur_f(c, at[S_VENUE]));
	u->location = pd_ur_str(r, pd_ur_f(c, at[S_LOCATION]));
	if (!u->start || !u->end || !u->day || !u->status || !u->venue ||
	    !u->location)
		return PD_ENOMEM;
	return 0;
}

/* schedules.csv, after the results: each row not an exact duplicate is
 * a scheduled unit */
int pd_ur_read_schedule(struct reader *r, struct pd_diag *d)
{
	struct pd_units_counts *n = &r->out->counts;
	struct pd_strmap seen = { 0 };
	unsigned char *taken = NULL;
	size_t ntaken = 0, seq = 0;
	struct pairs pairs = { NULL, 0 };
	struct pd_csv c;
	char *data = NULL, key[8192];
	int at[S_N], ret, j;
	size_t i, k, *v;

	snprintf(r->path, sizeof(r->path), "%s/schedules.csv", r->dir);
	r->im.file = r->path;
	pd_csv_init(&c, "", 0, r->path);
	if ((ret = pair_rows(r, &pairs, d)) < 0 ||
	    (ret = pd_ur_load(r, &c, &data, r->path, d)) < 0)
		goto cleanup;
	for (j = 0; j < S_N; j++)
		if ((ret = pd_ur_need(&c, s_cols[j], &at[j], d)) < 0)
			goto cleanup;
	while ((ret = pd_csv_next(&c, d)) > 0) {
		for (i = k = 0; i < c.nf && k < sizeof(key); i++)
			k += (size_t)snprintf(key + k, sizeof(key) - k,
					      "%s\x1f", c.f[i]);
		if ((ret = pd_strmap_add_copy(&seen, key, &v)) < 0)
			break;
		if (ret == 0) {
			n->duplicates++;
			continue;
		}
		if ((ret = schedule_unit(r, &c, at, &taken, &ntaken, &seq,
					 &pairs, d)) < 0)
			break;
		n->schedule++;
		n->gold_units += !strcmp(pd_ur_f(&c, at[S_MEDAL]), "1");
		n->bronze_units += !strcmp(pd_ur_f(&c, at[S_MEDAL]), "3");
	}
cleanup:
	free(taken);
	free(pairs.unit);
	pd_strmap_release_keys(&seen);
	pd_csv_release(&c);
	free(data);
	return ret;
}

