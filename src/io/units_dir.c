/* units_dir.c -- read a Games' folder of units (unitset.h): its schedule,
 * its results by results code, its teams and venues, and the medals that
 * follow from the units. */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "podium/csv.h"
#include "podium/unitset.h"
#include "import.h"
#include "strmap.h"

/* One result row, as much of it as the medals need. */
struct row {
	const char *rsc, *event, *sport, *date, *who, *name, *irm;
	char npc[PD_CODE_MAX];
	long rank, line;
	char wlt;
	int team;
};

struct reader {
	struct pd_unitset *out;
	const char *dir;
	struct pd_strmap event_names;	/* disc US gender US name -> row + 1 */
	struct pd_import im;
	const char *games;
	const struct pd_medal_rules *rules;
	const char *const *walkover;	/* event codes, NULL-ended */
	struct row *rows;
	size_t nrows, arows;
	struct pd_strmap rscs;		/* results code -> unit index + 1 */
	struct pd_strmap disciplines, events;
	struct pd_strmap teams;		/* team code -> index + 1 */
	struct pd_strmap athletes;	/* athlete code -> index + 1 */
	const char **members;		/* per team: its roster, code and
					 * name split by US (0x1f), members
					 * by RS (0x1e): the set folds white
					 * space */
	size_t nteams;
	char path[4096];
};

static int load(struct reader *r, struct pd_csv *c, char **data,
		const char *file, struct pd_diag *d)
{
	size_t len;
	int ret;

	if ((ret = pd_file_read(file, data, &len, d)) < 0)
		return ret;
	if ((ret = pd_utf8_check(*data, len, file, d)) < 0)
		return ret;
	pd_csv_init(c, *data, len, file);
	if ((ret = pd_csv_next(c, d)) < 0)
		return ret;
	if (ret == 0)
		return pd_diag_set(d, PD_EPARSE, file, 1, "no header");
	return pd_csv_set_width(c);
}

static int col(const struct pd_csv *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->nf; i++)
		if (!strcmp(pd_csv_column(c, i), name))
			return (int)i;
	return -1;
}

static const char *f(const struct pd_csv *c, int at)
{
	return at < 0 ? "" : c->f[at];
}

static int need(const struct pd_csv *c, const char *name, int *at,
		struct pd_diag *d)
{
	if ((*at = col(c, name)) < 0)
		return pd_diag_set(d, PD_EPARSE, c->file, 1, "no '%s' column "
				   "in the header", name);
	return 0;
}

static const char *str(struct reader *r, const char *s)
{
	return pd_entries_str(&r->out->entries, s);
}

/* Room for one more of *v (n used, *a allocated), each size bytes. */
static int grow(void *v, size_t n, size_t *a, size_t size)
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

static int count_key(struct pd_strmap *m, const char *key, size_t *n)
{
	size_t *v;
	int ret = pd_strmap_get(m, key, 1, &v);

	if (ret > 0)
		(*n)++;
	return ret < 0 ? ret : 0;
}

/* "['A', \"O'B\"]" -> "A" RS "O'B" */
static int py_list(char *out, size_t size, const char *s)
{
	size_t n = 0;
	char q;

	for (; *s; s++) {
		if (*s != '\'' && *s != '"')
			continue;
		q = *s++;
		if (n && n < size)
			out[n++] = '\x1e';
		for (; *s && *s != q; s++)
			if (n < size)
				out[n++] = *s;
		if (!*s)
			return PD_EPARSE;
	}
	if (n >= size)
		return PD_ETOOBIG;
	out[n] = '\0';
	return 0;
}

/* at: code, athletes_codes, athletes, team, country_code, discipline */
static int keep_team(struct reader *r, const struct pd_csv *c, const int *at,
		     const char *members, struct pd_diag *d)
{
	struct pd_unitset *o = r->out;
	struct pd_unit_team_rec *t;
	const struct pd_npc *p;
	int ret;

	if ((ret = grow(&o->teams, o->nteams, &o->ateams,
			sizeof(*o->teams))) < 0 ||
	    (ret = pd_import_npc(&r->im, f(c, at[4]), c->line, &p, d)) < 0)
		return ret;
	t = &o->teams[o->nteams];
	memset(t, 0, sizeof(*t));
	memcpy(t->npc, p->code, PD_CODE_MAX);
	t->members = members;
	if (!(t->code = str(r, f(c, at[0]))) || !(t->name = str(r, f(c, at[3])))
	    || !(t->discipline = str(r, f(c, at[5]))))
		return PD_ENOMEM;
	o->nteams++;
	return 0;
}

static int team_row(struct reader *r, const struct pd_csv *c, const int *at,
		    struct pd_diag *d)
{
	static char codes[65536], names[65536], both[131072];
	char *cs, *ns, *cend, *nend;
	size_t *slot, k = 0;
	int ret;

	if (py_list(codes, sizeof(codes), f(c, at[1])) < 0 ||
	    py_list(names, sizeof(names), f(c, at[2])) < 0)
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "team "
				   "'%s': its athletes are not a list", f(c,
				   at[0]));
	both[0] = '\0';
	for (cs = codes, ns = names; *cs; cs = cend, ns = nend) {
		cend = cs + strcspn(cs, "\x1e");
		nend = ns + strcspn(ns, "\x1e");
		k += (size_t)snprintf(both + k, sizeof(both) - k,
				      "%s%.*s\x1f%.*s", k ? "\x1e" : "",
				      (int)(cend - cs), cs, (int)(nend - ns),
				      ns);
		if (k >= sizeof(both))
			return pd_diag_set(d, PD_ETOOBIG, c->file, c->line,
					   "team roster too long");
		cend += *cend == '\x1e';
		nend += *nend == '\x1e';
	}
	if ((ret = pd_strmap_get(&r->teams, str(r, f(c, at[0])), 1, &slot)) < 0)
		return ret;
	if (ret == 0)
		return 0;	/* a team listed again (current=False) */
	if (!(r->members = realloc(r->members, (r->nteams + 1) *
				   sizeof(*r->members))))
		return PD_ENOMEM;
	if (!(r->members[r->nteams] = str(r, both)))
		return PD_ENOMEM;
	*slot = ++r->nteams;
	return keep_team(r, c, at, r->members[r->nteams - 1], d);
}

static int read_teams(struct reader *r, struct pd_diag *d)
{
	static const char *const names[] = { "code", "athletes_codes",
					     "athletes", "team",
					     "country_code", "discipline" };
	struct pd_csv c;
	char *data = NULL;
	int at[6], i, ret;

	snprintf(r->path, sizeof(r->path), "%s/teams.csv", r->dir);
	r->im.file = r->path;
	if ((ret = load(r, &c, &data, r->path, d)) < 0)
		goto cleanup;
	for (i = 0; i < 6; i++)
		if ((ret = need(&c, names[i], &at[i], d)) < 0)
			goto cleanup;
	while ((ret = pd_csv_next(&c, d)) > 0) {
		r->out->counts.teams++;
		if ((ret = team_row(r, &c, at, d)) < 0)
			break;
	}
cleanup:
	pd_csv_release(&c);
	free(data);
	return ret;
}

/* The venues whose own time zone is not the Games': the local day of a
 * unit there is its day.  Paris 2024's surfing at Teahupo'o, Tahiti
 * (UTC-10, no summer time). */
static const struct {
	const char *venue_code;
	int offset;	/* seconds east of UTC */
} venue_zones[] = {
	{ "TAH", -10 * 3600 },
};

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

/* The offset a time is written with ("+02:00"), in seconds. */
static int written_offset(const char *t)
{
	int h = 0, m = 0;
	size_t n = strlen(t);

	if (n < 6 || (t[n - 6] != '+' && t[n - 6] != '-') ||
	    sscanf(t + n - 5, "%2d:%2d", &h, &m) != 2)
		return 0;
	return (t[n - 6] == '-' ? -1 : 1) * (h * 3600 + m * 60);
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
	const char *tail = strrchr(url, '/');
	char code[64], phase[5] = "";
	size_t *v = NULL, i;
	long best = -1;
	long long t, gap, best_gap = 0;

	if (!*event)
		return -1;
	if (tail && strlen(tail + 1) == 12) {
		snprintf(code, sizeof(code), "%-22.22s", event);
		for (i = 0; i < 22; i++)
			if (code[i] == ' ')
				code[i] = '-';
		for (i = 0; i < 12; i++)
			code[22 + i] = (char)toupper((unsigned char)tail[1 + i]);
		code[34] = '\0';
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

/* A unit of its own for a schedule row no result names. */
static int own_unit(struct reader *r, const struct pd_csv *c, const int *at,
		    const char *event, size_t seq, long *at_unit)
{
	struct pd_unitset *o = r->out;
	struct pd_unit_rec *u;
	char code[64], gender = *f(c, at[S_GENDER]) ? *f(c, at[S_GENDER]) : 'O';
	size_t i;
	int ret;

	if (*event)
		snprintf(code, sizeof(code), "%-22.22sSCHD%06zu--", event, seq);
	else
		snprintf(code, sizeof(code), "%.3s%c%-18.18sSCHD%06zu--",
			 f(c, at[S_DISC]), gender, "", seq);
	for (i = 0; i < 22; i++)
		if (code[i] == ' ')
			code[i] = '-';
	if ((ret = grow(&o->units, o->nunits, &o->aunits,
			sizeof(*o->units))) < 0)
		return ret;
	u = &o->units[o->nunits];
	memset(u, 0, sizeof(*u));
	u->rsc = str(r, code);
	u->kind = "unit";
	u->rules = "";
	u->discipline = str(r, f(c, at[S_DNAME]));
	u->event = str(r, f(c, at[S_EVENT]));
	snprintf(code, sizeof(code), "%s", *event ? event : "");
	u->event_code = str(r, code);
	u->phase = str(r, f(c, at[S_PHASE]));
	if (!u->rsc || !u->discipline || !u->event || !u->event_code ||
	    !u->phase)
		return PD_ENOMEM;
	*at_unit = (long)o->nunits++;
	return 0;
}

static int zone_of(const char *venue_code, const char *start)
{
	size_t i;

	for (i = 0; i < sizeof(venue_zones) / sizeof(*venue_zones); i++)
		if (!strcmp(venue_zones[i].venue_code, venue_code))
			return venue_zones[i].offset;
	return written_offset(start);
}

static int schedule_unit(struct reader *r, const struct pd_csv *c,
			 const int *at, unsigned char **taken, size_t *ntaken,
			 size_t *seq, struct pd_diag *d)
{
	const char *medal = f(c, at[S_MEDAL]), *start = f(c, at[S_START]);
	char key[1024], iso[32], eiso[32], day[16], st[32];
	long long t0, t1 = 0;
	const char *event = "";
	struct pd_unit_rec *u;
	size_t *v = NULL, i;
	long k;
	int ret;

	if (pd_unit_time_parse(start, &t0) < 0 ||
	    (*f(c, at[S_END]) && pd_unit_time_parse(f(c, at[S_END]), &t1) < 0))
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "start or "
				   "end '%s' is not an ISO 8601 time with its "
				   "offset", start);
	snprintf(key, sizeof(key), "%s\x1f%s\x1f%s", f(c, at[S_DISC]),
		 f(c, at[S_GENDER]), f(c, at[S_EVENT]));
	pd_strmap_get(&r->event_names, key, 0, &v);
	if (v) {
		snprintf(key, sizeof(key), "%.22s", r->rows[*v - 1].rsc);
		for (i = strlen(key); i > 4 && key[i - 1] == '-'; i--)
			key[i - 1] = '\0';
		event = key;
	}
	if (*ntaken < r->out->nunits + 1) {
		unsigned char *nt = realloc(*taken, r->out->nunits + 1024);

		if (!nt)
			return PD_ENOMEM;
		memset(nt + *ntaken, 0, r->out->nunits + 1024 - *ntaken);
		*taken = nt;
		*ntaken = r->out->nunits + 1024;
	}
	if ((k = find_unit(r, event, f(c, at[S_URL]), medal, t0, t1,
			   *taken)) < 0 &&
	    (ret = own_unit(r, c, at, event, ++*seq, &k)) < 0)
		return ret;
	(*taken)[k] = 1;
	u = &r->out->units[k];
	utc_text(t0, zone_of(f(c, at[S_VCODE]), start), iso, sizeof(iso), day,
		 sizeof(day));
	eiso[0] = '\0';
	if (t1)
		utc_text(t1, 0, eiso, sizeof(eiso), st, sizeof(st));
	for (i = 0; f(c, at[S_STATUS])[i] && i + 1 < sizeof(st); i++)
		st[i] = (char)tolower((unsigned char)f(c, at[S_STATUS])[i]);
	st[i] = '\0';
	u->start = str(r, iso);
	u->end = str(r, eiso);
	u->day = str(r, day);
	u->status = str(r, st);
	u->medal = !strcmp(medal, "1") ? "gold" : !strcmp(medal, "3") ?
		   "bronze" : "";
	u->venue = str(r, f(c, at[S_VENUE]));
	u->location = str(r, f(c, at[S_LOCATION]));
	if (!u->start || !u->end || !u->day || !u->status || !u->venue ||
	    !u->location)
		return PD_ENOMEM;
	return 0;
}

/* schedules.csv, after the results: each row not an exact duplicate is
 * a scheduled unit */
static int read_schedule(struct reader *r, struct pd_diag *d)
{
	struct pd_units_counts *n = &r->out->counts;
	struct pd_strmap seen = { 0 };
	unsigned char *taken = NULL;
	size_t ntaken = 0, seq = 0;
	struct pd_csv c;
	char *data = NULL, key[8192];
	int at[S_N], ret, j;
	size_t i, k, *v;

	snprintf(r->path, sizeof(r->path), "%s/schedules.csv", r->dir);
	r->im.file = r->path;
	if ((ret = load(r, &c, &data, r->path, d)) < 0)
		goto cleanup;
	for (j = 0; j < S_N; j++)
		if ((ret = need(&c, s_cols[j], &at[j], d)) < 0)
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
					 d)) < 0)
			break;
		n->schedule++;
		n->gold_units += !strcmp(f(&c, at[S_MEDAL]), "1");
		n->bronze_units += !strcmp(f(&c, at[S_MEDAL]), "3");
	}
cleanup:
	free(taken);
	pd_strmap_release_keys(&seen);
	pd_csv_release(&c);
	free(data);
	return ret;
}

static int read_venues(struct reader *r, struct pd_diag *d)
{
	struct pd_csv c;
	char *data = NULL;
	int ret;

	snprintf(r->path, sizeof(r->path), "%s/venues.csv", r->dir);
	if ((ret = load(r, &c, &data, r->path, d)) == 0)
		while ((ret = pd_csv_next(&c, d)) > 0)
			r->out->counts.venues++;
	pd_csv_release(&c);
	free(data);
	return ret;
}

enum { R_RSC, R_EVENT, R_SPORT, R_DATE, R_WHO, R_NAME, R_TYPE, R_NPC,
       R_DISC, R_GENDER, R_STAGE, R_VENUE, R_RANK, R_WLT, R_IRM, R_QUAL,
       R_ORDER, R_BIB, R_RESULT, R_RTYPE, R_DIFF, R_N };

/* to R_VENUE every file has them */
static const char *const r_cols[R_N] = {
	"stage_code", "event_name", "discipline_name", "date",
	"participant_code", "participant_name", "participant_type",
	"participant_country_code", "discipline_code", "gender", "stage",
	"venue", "rank", "result_WLT", "result_IRM", "qualification_mark",
	"start_order", "bib", "result", "result_type", "result_diff" };

static int add_row(struct reader *r, struct row *w)
{
	if (r->nrows == r->arows) {
		size_t na = r->arows ? r->arows * 2 : 4096;
		struct row *v = realloc(r->rows, na * sizeof(*v));

		if (!v)
			return PD_ENOMEM;
		r->rows = v;
		r->arows = na;
	}
	r->rows[r->nrows++] = *w;
	return 0;
}

/* YYYY-MM-DD of a local time as written ("2024-08-02T10:50:18+02:00") */
static const char *day_of(struct reader *r, const char *t)
{
	char day[11];

	snprintf(day, sizeof(day), "%.10s", t);
	return str(r, strlen(t) >= 10 ? day : "");
}

/* A time as written, in UTC ("" if it is none) */
static const char *utc_of(struct reader *r, const char *t)
{
	char iso[32] = "";
	long long v;
	time_t tt;
	struct tm tm;

	if (pd_unit_time_parse(t, &v) == 0) {
		tt = (time_t)v;
		gmtime_r(&tt, &tm);
		strftime(iso, sizeof(iso), "%Y-%m-%dT%H:%M:%SZ", &tm);
	}
	return str(r, iso);
}

/* A unit as the store keeps it, from a results code first seen; 1 when
 * new, 0 when known. */
static int unit_of(struct reader *r, const struct pd_rsc *rsc,
		   const struct pd_csv *c, const int *at)
{
	struct pd_unitset *o = r->out;
	struct pd_unit_rec *u;
	size_t *slot;
	int ret;

	if ((ret = pd_strmap_get(&r->rscs, str(r, rsc->code), 1, &slot)) <= 0)
		return ret;
	if ((ret = grow(&o->units, o->nunits, &o->aunits,
			sizeof(*o->units))) < 0)
		return ret;
	u = &o->units[o->nunits];
	memset(u, 0, sizeof(*u));
	u->rsc = str(r, rsc->code);
	u->kind = pd_rsc_kind_name(rsc->kind);
	u->discipline = str(r, f(c, at[R_SPORT]));
	u->event = str(r, f(c, at[R_EVENT]));
	u->event_code = str(r, rsc->event);
	u->phase = str(r, f(c, at[R_STAGE]));
	u->end = u->location = u->status = u->medal = u->rules = str(r, "");
	u->start = utc_of(r, f(c, at[R_DATE]));
	u->day = day_of(r, f(c, at[R_DATE]));
	u->venue = str(r, f(c, at[R_VENUE]));
	if (!u->rsc || !u->discipline || !u->event || !u->event_code ||
	    !u->phase || !u->start || !u->day || !u->venue)
		return PD_ENOMEM;
	*slot = ++o->nunits;
	return 1;
}

static int count_row(struct reader *r, const struct pd_rsc *rsc,
		     const struct pd_csv *c, const int *at)
{
	struct pd_units_counts *n = &r->out->counts;
	size_t *units[] = { &n->units, &n->subunits, &n->standings,
			    &n->standings };
	int ret;

	n->results++;
	n->start_list += *f(c, at[R_ORDER]) || *f(c, at[R_BIB]);
	n->irms += *f(c, at[R_IRM]) != '\0';
	n->qualification += *f(c, at[R_QUAL]) != '\0';
	if ((ret = unit_of(r, rsc, c, at)) < 0)
		return ret;
	if (ret > 0)
		(*units[rsc->kind])++;
	if ((ret = count_key(&r->disciplines, str(r, rsc->discipline),
			     &n->disciplines)) < 0)
		return ret;
	return count_key(&r->events, str(r, rsc->event), &n->events);
}

static int keep_result(struct reader *r, const struct pd_csv *c,
		       const int *at, const char *npc, long rank)
{
	struct pd_unitset *o = r->out;
	struct pd_unit_result_rec *x;
	int ret;

	if ((ret = grow(&o->results, o->nresults, &o->aresults,
			sizeof(*o->results))) < 0)
		return ret;
	x = &o->results[o->nresults];
	memset(x, 0, sizeof(*x));
	memcpy(x->npc, npc, PD_CODE_MAX);
	x->rank = rank;
	x->team = !strcmp(f(c, at[R_TYPE]), "Team");
	x->start_order = strtol(f(c, at[R_ORDER]), NULL, 10);
	if (!(x->rsc = str(r, f(c, at[R_RSC]))) ||
	    !(x->participant = str(r, f(c, at[R_WHO]))) ||
	    !(x->name = str(r, f(c, at[R_NAME]))) ||
	    !(x->result = str(r, f(c, at[R_RESULT]))) ||
	    !(x->result_type = str(r, f(c, at[R_RTYPE]))) ||
	    !(x->irm = str(r, f(c, at[R_IRM]))) ||
	    !(x->diff = str(r, f(c, at[R_DIFF]))) ||
	    !(x->wlt = str(r, f(c, at[R_WLT]))) ||
	    !(x->qualification = str(r, f(c, at[R_QUAL]))) ||
	    !(x->bib = str(r, f(c, at[R_BIB]))))
		return PD_ENOMEM;
	o->nresults++;
	return 0;
}

/* The event code of a discipline, gender and event name, for the
 * schedule's rows, which name their event but give no code. */
static int name_event(struct reader *r, const struct pd_csv *c, const int *at)
{
	char key[1024];
	size_t *v;
	int ret;

	snprintf(key, sizeof(key), "%s\x1f%s\x1f%s", f(c, at[R_DISC]),
		 f(c, at[R_GENDER]), f(c, at[R_EVENT]));
	if ((ret = pd_strmap_add_copy(&r->event_names, key, &v)) < 0)
		return ret;
	if (ret > 0)
		*v = r->nrows + 1;
	return 0;
}

static int result_row(struct reader *r, const struct pd_csv *c, const int *at,
		      struct pd_diag *d)
{
	const char *wlt = f(c, at[R_WLT]), *npc = f(c, at[R_NPC]);
	const struct pd_npc *p;
	struct pd_rsc rsc;
	struct row w;
	int ret;

	memset(&w, 0, sizeof(w));
	if ((ret = pd_rsc_parse(f(c, at[R_RSC]), &rsc, c->file, c->line,
				d)) < 0)
		return ret;
	if (pd_unit_rank_parse(f(c, at[R_RANK]), &w.rank) < 0)
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "rank '%s' "
				   "is not a whole number from 1",
				   f(c, at[R_RANK]));
	if (*wlt && (wlt[1] || !strchr("WLT", *wlt)))
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "result_WLT "
				   "'%s' is not W, L or T", wlt);
	if ((ret = count_row(r, &rsc, c, at)) < 0)
		return ret;
	if (!*npc)
		npc = f(c, at[R_NAME]);
	if ((ret = pd_import_npc(&r->im, npc, c->line, &p, d)) < 0)
		return ret;
	memcpy(w.npc, p->code, PD_CODE_MAX);
	if ((ret = keep_result(r, c, at, p->code, w.rank)) < 0 ||
	    (ret = name_event(r, c, at)) < 0)
		return ret;
	w.wlt = *wlt;
	w.line = c->line;
	w.team = !strcmp(f(c, at[R_TYPE]), "Team");
	if (!(w.rsc = str(r, rsc.code)) || !(w.event = str(r, f(c, at[R_EVENT])))
	    || !(w.sport = str(r, f(c, at[R_SPORT]))) ||
	    !(w.date = str(r, f(c, at[R_DATE]))) ||
	    !(w.who = str(r, f(c, at[R_WHO]))) ||
	    !(w.name = str(r, f(c, at[R_NAME]))) ||
	    !(w.irm = str(r, f(c, at[R_IRM]))))
		return PD_ENOMEM;
	return add_row(r, &w);
}

static int read_results_file(struct reader *r, const char *name,
			     struct pd_diag *d)
{
	struct pd_csv c;
	char *data = NULL;
	int at[R_N], i, ret;

	snprintf(r->path, sizeof(r->path), "%s/results/%s", r->dir, name);
	r->im.file = r->path;
	ret = load(r, &c, &data, r->path, d);
	for (i = 0; ret == 0 && i < R_N; i++)
		if ((at[i] = col(&c, r_cols[i])) < 0 && i <= R_VENUE)
			ret = need(&c, r_cols[i], &at[i], d);
	while (ret == 0 && (ret = pd_csv_next(&c, d)) > 0)
		ret = result_row(r, &c, at, d);
	pd_csv_release(&c);
	free(data);
	return ret;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int read_results(struct reader *r, const char *dir, struct pd_diag *d)
{
	char **names = NULL, **v;
	size_t n = 0, i;
	struct dirent *e;
	DIR *dp;
	int ret = 0;

	snprintf(r->path, sizeof(r->path), "%s/results", dir);
	if (!(dp = opendir(r->path)))
		return pd_diag_set(d, PD_EIO, r->path, 0, "cannot read the "
				   "folder of results");
	while ((e = readdir(dp))) {
		size_t len = strlen(e->d_name);

		if (len < 5 || strcmp(e->d_name + len - 4, ".csv"))
			continue;
		if (!(v = realloc(names, (n + 1) * sizeof(*v))) ||
		    !(v[n] = strdup(e->d_name))) {
			names = v ? v : names;
			ret = PD_ENOMEM;
			break;
		}
		names = v;
		n++;
	}
	closedir(dp);
	if (ret == 0)
		qsort(names, n, sizeof(*names), by_name);
	for (i = 0; ret == 0 && i < n; i++)
		ret = read_results_file(r, names[i], d);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

static const struct row *sort_rows;

static int by_event(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strncmp(sort_rows[i].rsc, sort_rows[j].rsc, 22);

	return c ? c : (i > j) - (i < j);
}

/* The athlete of code, added once (gender the event's when M or W). */
static int athlete(struct reader *r, const char *code, const char *name,
		   const char *npc, char gender, size_t *at)
{
	struct pd_entry_athlete a;
	char ext[256];
	size_t *slot;
	int ret;

	snprintf(ext, sizeof(ext), "odf:%s", code);
	if ((ret = pd_strmap_get(&r->athletes, str(r, ext), 1, &slot)) < 0)
		return ret;
	if (ret == 0) {
		*at = *slot - 1;
		return 0;
	}
	memset(&a, 0, sizeof(a));
	if (!(a.ext = str(r, ext)) || !(a.name = str(r, name)) ||
	    !(a.guide = str(r, "")))
		return PD_ENOMEM;
	a.gender[0] = gender == 'M' || gender == 'W' ? gender : '\0';
	memcpy(a.npc, npc, PD_CODE_MAX);
	if ((ret = pd_entries_athlete(&r->out->entries, &a, at)) < 0)
		return ret;
	*slot = *at + 1;
	return 0;
}

/* A team's members from its roster in teams.csv. */
static int roster(struct reader *r, const struct row *w, size_t *n)
{
	const char *p, *tab, *nl;
	char code[128], name[512];
	size_t *slot = NULL, at;
	int ret;

	*n = 0;
	pd_strmap_get(&r->teams, w->who, 0, &slot);
	if (!slot)
		return 0;
	for (p = r->members[*slot - 1]; *p; p = *nl ? nl + 1 : nl) {
		nl = p + strcspn(p, "\x1e");
		tab = p + strcspn(p, "\x1f");
		snprintf(code, sizeof(code), "%.*s", (int)(tab - p), p);
		snprintf(name, sizeof(name), "%.*s", (int)(nl - tab - 1),
			 tab + 1);
		if ((ret = athlete(r, code, name, w->npc, w->rsc[3], &at)) < 0 ||
		    (ret = pd_entries_member(&r->out->entries, at)) < 0)
			return ret;
		(*n)++;
	}
	return 0;
}

static int keep_medal(struct reader *r, const struct row *w,
		      const struct row *unit, size_t rule,
		      enum pd_medal medal)
{
	struct pd_unitset *o = r->out;
	struct pd_unitset_medal *m;
	char code[23];
	size_t i;

	if (o->nmedals == o->amedals) {
		size_t na = o->amedals ? o->amedals * 2 : 1024;

		if (!(m = realloc(o->medals, na * sizeof(*m))))
			return PD_ENOMEM;
		o->medals = m;
		o->amedals = na;
	}
	memcpy(code, w->rsc, 22);
	for (i = 22; i > 4 && code[i - 1] == '-'; i--)
		;
	code[i] = '\0';
	m = &o->medals[o->nmedals++];
	m->discipline = w->sport;
	m->event = w->event;
	m->unit = unit->rsc;
	m->rule = pd_unit_rule_name(r->rules->v[rule].kind);
	m->npc = str(r, w->npc);
	m->who = w->who;
	m->name = w->name;
	m->medal = medal;
	if (!(m->event_code = str(r, code)) || !m->npc)
		return PD_ENOMEM;
	return 0;
}

/* A result of the event: a medallist (rank 1, 2, 3) or, where the
 * medals come from ranks, one ranked below them. */
static int medallist(struct reader *r, size_t ev, const struct row *w,
		     long rank)
{
	struct pd_entry_result res;
	int ret;

	memset(&res, 0, sizeof(res));
	res.event = ev;
	memcpy(res.npc, w->npc, PD_CODE_MAX);
	res.name = w->name;
	res.rank = (int)rank;
	res.date = str(r, "");
	res.line = w->line;
	res.rows = 1;
	if (w->team) {
		res.team = 1;
		res.member = r->out->entries.nmembers;
		if ((ret = roster(r, w, &res.nmembers)) < 0)
			return ret;
	} else if ((ret = athlete(r, w->who, w->name, w->npc, w->rsc[3],
				  &res.athlete)) < 0)
		return ret;
	else
		res.athlete++;
	return pd_entries_result(&r->out->entries, &res);
}

/* Where ranks decided the medals (a standing, a final), those ranked
 * below the podium are results too, with their ranks: a medal withdrawn
 * later (a sanction that reallocates) then moves them up. */
static int below_podium(struct reader *r, const size_t *idx, size_t n,
			size_t ev, const struct pd_unit_rule *rule)
{
	const struct row *w;
	size_t i;
	int ret;

	if (rule->kind != PD_UR_STANDING && rule->kind != PD_UR_FINAL_RANKS)
		return 0;
	for (i = 0; i < n; i++) {
		w = &r->rows[idx[i]];
		if (w->rank <= 3 || !pd_unit_rule_matches(rule, w->rsc) ||
		    pd_irm_disqualifies(w->irm))
			continue;
		if ((ret = medallist(r, ev, w, w->rank)) < 0)
			return ret;
	}
	return 0;
}

/* Whether the operator applies the walkover to the event of rsc. */
static int walkover(const struct reader *r, const char *rsc)
{
	const char *const *w;
	size_t n;

	for (w = r->walkover; w && *w; w++) {
		n = strlen(*w);
		if (n <= 22 && !strncmp(rsc, *w, n) &&
		    (n == 22 || rsc[n] == '-'))
			return 1;
	}
	return 0;
}

/* The units of the events the operator applies the walkover to say so;
 * an event it names that the results do not have is refused. */
static int mark_walkovers(struct reader *r, struct pd_diag *d)
{
	const char *const *w;
	size_t i, found;

	for (w = r->walkover; w && *w; w++) {
		for (i = found = 0; i < r->out->nunits; i++)
			if (!strcmp(r->out->units[i].event_code, *w)) {
				r->out->units[i].rules = "walkover";
				found++;
			}
		if (!found)
			return pd_diag_set(d, PD_ENOTFOUND, NULL, 0, "--walkover"
					   " %s: no event of that code in the "
					   "results", *w);
	}
	return 0;
}

/* One event: rows idx[0..n) of it; its medals into the set. */
static int derive(struct reader *r, const size_t *idx, size_t n,
		  struct pd_unit_row *in, struct pd_unit_medal *out,
		  struct pd_diag *d)
{
	const struct row *first = &r->rows[idx[0]], *w;
	struct pd_entry_event ev;
	char disc[4], day[11], gender[2] = { first->rsc[3], '\0' };
	size_t i, got, at;
	int ret, gold = 0;

	for (i = 0; i < n; i++) {
		w = &r->rows[idx[i]];
		in[i].rsc = w->rsc;
		in[i].who = w->who;
		in[i].rank = w->rank;
		in[i].wlt = w->wlt;
		in[i].irm = w->irm;
	}
	snprintf(disc, sizeof(disc), "%.3s", first->rsc);
	if ((ret = pd_units_medals(r->rules, disc, in, n,
				   walkover(r, first->rsc) ? PD_UNITS_WALKOVER
							   : 0,
				   out, &got)) < 0)
		return ret;
	if (!got)
		return 0;
	memset(&ev, 0, sizeof(ev));
	ev.sport = first->sport;
	ev.name = first->event;
	strcpy(ev.gender, gender);
	w = &r->rows[idx[out[0].row]];
	snprintf(day, sizeof(day), "%.10s", w->date);	/* local: its day */
	ev.date = str(r, day);
	ev.team = w->team;
	if (!ev.date || (ret = pd_import_event(&r->im, &ev, w->line, &at,
					       d)) < 0)
		return ret ? ret : PD_ENOMEM;
	for (i = 0; i < got; i++) {
		w = &r->rows[idx[out[i].row]];
		gold |= out[i].medal == PD_GOLD;
		if ((ret = keep_medal(r, w, w, out[i].rule,
				      out[i].medal)) < 0 ||
		    (ret = medallist(r, at, w, (long)out[i].medal + 1)) < 0)
			return ret;
	}
	if ((ret = below_podium(r, idx, n, at, &r->rules->v[out[0].rule])) < 0)
		return ret;
	r->out->counts.medals += got;
	r->out->counts.medal_events += gold;
	return 0;
}

static int derive_all(struct reader *r, struct pd_diag *d)
{
	struct pd_unit_medal *out = NULL;
	struct pd_unit_row *in = NULL;
	size_t *idx, i, j;
	int ret = 0;

	if (!r->nrows)
		return 0;
	if (!(idx = malloc(r->nrows * sizeof(*idx))) ||
	    !(in = malloc(r->nrows * sizeof(*in))) ||
	    !(out = malloc(r->nrows * sizeof(*out)))) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = 0; i < r->nrows; i++)
		idx[i] = i;
	sort_rows = r->rows;
	qsort(idx, r->nrows, sizeof(*idx), by_event);
	for (i = 0; ret == 0 && i < r->nrows; i = j) {
		for (j = i + 1; j < r->nrows &&
		     !strncmp(r->rows[idx[i]].rsc, r->rows[idx[j]].rsc, 22);
		     j++)
			;
		ret = derive(r, idx + i, j - i, in, out, d);
	}
cleanup:
	free(idx);
	free(in);
	free(out);
	return ret;
}

int pd_unitset_read(struct pd_unitset *out, const char *dir,
		    const char *games, const struct pd_registry *reg,
		    const struct pd_medal_rules *rules,
		    const char *const *walkover, struct pd_diag *diag)
{
	struct reader r;
	size_t g;
	int ret;

	memset(out, 0, sizeof(*out));
	memset(&r, 0, sizeof(r));
	pd_entries_init(&out->entries);
	r.out = out;
	r.games = games;
	r.rules = rules;
	r.walkover = walkover;
	r.dir = dir;
	pd_import_init(&r.im, reg, &out->entries, dir, "participant_country_code");
	r.im.file = dir;
	if ((ret = pd_entries_games(&out->entries, games, &g)) < 0 ||
	    (ret = read_teams(&r, diag)) < 0 ||
	    (ret = read_venues(&r, diag)) < 0 ||
	    (ret = read_results(&r, dir, diag)) < 0 ||
	    (ret = read_schedule(&r, diag)) < 0 ||
	    (ret = mark_walkovers(&r, diag)) < 0 ||
	    (ret = derive_all(&r, diag)) < 0)
		goto cleanup;
	out->entries.rows = r.nrows;
	ret = pd_entries_finish(&out->entries);
cleanup:
	pd_import_release(&r.im);
	pd_strmap_release(&r.rscs);
	pd_strmap_release(&r.disciplines);
	pd_strmap_release(&r.events);
	pd_strmap_release(&r.teams);
	pd_strmap_release(&r.athletes);
	pd_strmap_release_keys(&r.event_names);
	free(r.members);
	free(r.rows);
	if (ret < 0)
		pd_unitset_release(out);
	return ret;
}

void pd_unitset_release(struct pd_unitset *s)
{
	pd_entries_release(&s->entries);
	free(s->units);
	free(s->results);
	free(s->teams);
	s->units = NULL;
	s->results = NULL;
	s->teams = NULL;
	s->nunits = s->nresults = s->nteams = 0;
	free(s->medals);
	s->medals = NULL;
	s->nmedals = s->amedals = 0;
}
