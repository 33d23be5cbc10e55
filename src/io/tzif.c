/* tzif.c -- a zone file of the system's tzdata (tz.h): the Time Zone
 * Information Format of RFC 8536, versions 1 to 4, and the POSIX TZ rule
 * of its footer for the instants after its last transition.
 *
 * Read here rather than through localtime_r(): see tz.h (the C library
 * knows one zone a process, set through the environment, which the
 * server's threads would race on). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/tz.h"

#define TZ_MAX_FILE (1 << 20)	/* zone files are a few KiB */

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static int64_t be64(const unsigned char *p)
{
	return (int64_t)((uint64_t)be32(p) << 32 | be32(p + 4));
}

/* The six counts of a header (RFC 8536 3.1), and the size of the data
 * block that follows it for times of tsize bytes. */
struct head {
	uint32_t isut, isstd, leap, time, type, chars;
};

static int head_read(const unsigned char *b, size_t n, struct head *h)
{
	if (n < 44 || memcmp(b, "TZif", 4) ||
	    (b[4] != 0 && (b[4] < '2' || b[4] > '9')))
		return -1;
	h->isut = be32(b + 20);
	h->isstd = be32(b + 24);
	h->leap = be32(b + 28);
	h->time = be32(b + 32);
	h->type = be32(b + 36);
	h->chars = be32(b + 40);
	/* a file of at most TZ_MAX_FILE bytes: counts past that are wrong */
	if (h->type == 0 || h->type > 256 || h->chars == 0 ||
	    h->time > TZ_MAX_FILE || h->leap > TZ_MAX_FILE ||
	    h->chars > TZ_MAX_FILE || (h->isut && h->isut != h->type) ||
	    (h->isstd && h->isstd != h->type))
		return -1;
	return 0;
}

static size_t block_size(const struct head *h, size_t tsize)
{
	return (size_t)h->time * tsize + h->time + (size_t)h->type * 6 +
	       h->chars + (size_t)h->leap * (tsize + 4) + h->isstd + h->isut;
}

/* -- the footer's POSIX TZ rule (RFC 8536 3.3, POSIX 8.3, with RFC
 * 8536's hours from -167 to 167) */

/* [+-]hh[:mm[:ss]] at *p into *secs: 0, or -1. */
static int hms(const char **p, long *secs, int maxh)
{
	const char *s = *p;
	long v[3] = { 0, 0, 0 };
	int sign = 1, i;

	if (*s == '+' || *s == '-')
		sign = *s++ == '-' ? -1 : 1;
	for (i = 0; i < 3; i++) {
		if (i && *s != ':')
			break;
		if (i)
			s++;
		if (*s < '0' || *s > '9')
			return -1;
		while (*s >= '0' && *s <= '9' && v[i] < 1000)
			v[i] = v[i] * 10 + (*s++ - '0');
	}
	if (v[0] > maxh || v[1] > 59 || v[2] > 59)
		return -1;
	*secs = sign * (v[0] * 3600 + v[1] * 60 + v[2]);
	*p = s;
	return 0;
}

/* A zone's abbreviation: three or more letters, or <...>. */
static int abbr(const char **p)
{
	const char *s = *p;
	size_t n = 0;

	if (*s == '<') {
		while (*++s && *s != '>')
			n++;
		if (*s != '>')
			return -1;
		s++;
	} else {
		while ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')) {
			s++;
			n++;
		}
	}
	if (n < 3)
		return -1;
	*p = s;
	return 0;
}

static long num(const char **p, long max)
{
	long v = 0;

	if (**p < '0' || **p > '9')
		return -1;
	while (**p >= '0' && **p <= '9' && v <= max)
		v = v * 10 + (*(*p)++ - '0');
	return v > max ? -1 : v;
}

/* ",Jn[/time]", ",n[/time]" or ",Mm.w.d[/time]" at *p into *w. */
static int when(const char **p, struct pd_tz_when *w)
{
	const char *s = *p;

	if (*s++ != ',')
		return -1;
	w->m = w->w = 0;
	if (*s == 'M') {
		s++;
		w->kind = 'M';
		if ((w->m = (int)num(&s, 12)) < 1 || *s++ != '.' ||
		    (w->w = (int)num(&s, 5)) < 1 || *s++ != '.' ||
		    (w->d = (int)num(&s, 6)) < 0)
			return -1;
	} else if (*s == 'J') {
		s++;
		w->kind = 'J';
		if ((w->d = (int)num(&s, 365)) < 1)
			return -1;
	} else {
		w->kind = 'D';
		if ((w->d = (int)num(&s, 365)) < 0)
			return -1;
	}
	w->secs = 7200;
	if (*s == '/') {
		s++;
		if (hms(&s, &w->secs, 167) < 0)
			return -1;
	}
	*p = s;
	return 0;
}

/* The footer's text s (no newlines) into tz's rule: 0, or -1. */
static int rule_parse(const char *s, struct pd_tz *tz)
{
	long off;

	if (!*s)
		return 0;	/* an empty footer: no rule */
	if (abbr(&s) < 0 || hms(&s, &off, 24) < 0)
		return -1;
	tz->std_off = (int)-off;	/* POSIX counts west of UTC */
	tz->dst_off = tz->std_off + 3600;
	tz->dst = 0;
	if (*s) {
		if (abbr(&s) < 0)
			return -1;
		tz->dst = 1;
		if (*s && *s != ',') {
			if (hms(&s, &off, 24) < 0)
				return -1;
			tz->dst_off = (int)-off;
		}
		/* a rule without its dates (POSIX leaves them to the
		 * implementation) is not one RFC 8536 allows */
		if (when(&s, &tz->start) < 0 || when(&s, &tz->end) < 0)
			return -1;
	}
	if (*s)
		return -1;
	tz->rule = 1;
	return 0;
}

/* Days since 1970-01-01 of a date (the proleptic Gregorian calendar). */
static long long days_from(long long y, int m, int d)
{
	long long era, yoe, doy;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

static long long floor_div(long long a, long long b)
{
	return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

static int leap(long long y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* The year of day (days since 1970-01-01). */
static long long year_of(long long day)
{
	long long y = 1970 + floor_div(day * 400, 146097);

	while (days_from(y + 1, 1, 1) <= day)
		y++;
	while (days_from(y, 1, 1) > day)
		y--;
	return y;
}

/* The local instant (seconds since 1970-01-01 local) w happens at in
 * year y. */
static long long when_local(const struct pd_tz_when *w, long long y)
{
	static const int mdays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30,
				     31, 30, 31 };
	long long day;

	if (w->kind == 'J')	/* 1..365, February 29 never counted */
		day = days_from(y, 1, 1) + w->d - 1 +
		      (leap(y) && w->d >= 60);
	else if (w->kind == 'D')	/* 0..365 */
		day = days_from(y, 1, 1) + w->d;
	else {
		long long first = days_from(y, w->m, 1);
		int len = mdays[w->m - 1] + (w->m == 2 && leap(y));
		/* 1970-01-01 was a Thursday (4) */
		int wd = (int)(((first + 4) % 7 + 7) % 7);
		int dom = 1 + (w->d - wd + 7) % 7 + 7 * (w->w - 1);

		while (dom > len)
			dom -= 7;
		day = first + dom - 1;
	}
	return day * 86400 + w->secs;
}

static int rule_offset(const struct pd_tz *tz, long long t, int *isdst)
{
	long long y, start, end;
	int in;

	if (!tz->dst) {
		*isdst = 0;
		return tz->std_off;
	}
	y = year_of(floor_div(t + tz->std_off, 86400));
	/* summer time starts at its local standard time and ends at its
	 * local summer time */
	start = when_local(&tz->start, y) - tz->std_off;
	end = when_local(&tz->end, y) - tz->dst_off;
	in = start <= end ? t >= start && t < end :	/* the north */
	     !(t >= end && t < start);			/* the south */
	*isdst = in;
	return in ? tz->dst_off : tz->std_off;
}

int pd_tz_offset(const struct pd_tz *tz, long long t, int *isdst)
{
	size_t lo = 0, hi = tz->n;
	int dummy, type;

	if (!isdst)
		isdst = &dummy;
	if (tz->n && t >= tz->at[tz->n - 1] && tz->rule)
		return rule_offset(tz, t, isdst);
	if (!tz->n || t < tz->at[0]) {
		if (!tz->n && tz->rule)
			return rule_offset(tz, t, isdst);
		type = 0;	/* before the first: type 0 (RFC 8536 3.2) */
	} else {
		while (hi - lo > 1) {	/* the last transition at or before t */
			size_t mid = lo + (hi - lo) / 2;

			if (tz->at[mid] <= t)
				lo = mid;
			else
				hi = mid;
		}
		type = tz->type[lo];
	}
	*isdst = tz->isdst[type];
	return tz->utoff[type];
}

void pd_tz_release(struct pd_tz *tz)
{
	free(tz->at);
	free(tz->type);
	free(tz->utoff);
	free(tz->isdst);
	memset(tz, 0, sizeof(*tz));
}

int pd_tz_parse(const unsigned char *b, size_t n, const char *name,
		struct pd_tz *tz, struct pd_diag *d)
{
	struct head h;
	size_t tsize = 4, i, size;
	const unsigned char *p, *end = b + n;
	char footer[256];

	memset(tz, 0, sizeof(*tz));
	if (head_read(b, n, &h) < 0)
		return pd_diag_set(d, PD_EPARSE, name, 0, "not a TZif file "
				   "(RFC 8536): bad header");
	size = block_size(&h, 4);
	if (b[4] != 0) {	/* version 2 and later: skip the 32-bit block */
		if (44 + size > n || head_read(b + 44 + size, n - 44 - size,
					       &h) < 0)
			return pd_diag_set(d, PD_EPARSE, name, 0, "TZif: "
					   "truncated, or bad second header");
		b += 44 + size;
		n -= 44 + size;
		tsize = 8;
		size = block_size(&h, 8);
	}
	if (44 + size > n)
		return pd_diag_set(d, PD_EPARSE, name, 0, "TZif: truncated "
				   "data block");
	p = b + 44;
	tz->n = h.time;
	tz->ntypes = h.type;
	if ((h.time && (!(tz->at = malloc(h.time * sizeof(*tz->at))) ||
			!(tz->type = malloc(h.time)))) ||
	    !(tz->utoff = malloc(h.type * sizeof(*tz->utoff))) ||
	    !(tz->isdst = malloc(h.type))) {
		pd_tz_release(tz);
		return PD_ENOMEM;
	}
	for (i = 0; i < h.time; i++, p += tsize) {
		tz->at[i] = tsize == 8 ? be64(p) : (int32_t)be32(p);
		if (i && tz->at[i] <= tz->at[i - 1])
			goto bad;	/* RFC 8536: in ascending order */
	}
	for (i = 0; i < h.time; i++)
		if ((tz->type[i] = *p++) >= h.type)
			goto bad;
	for (i = 0; i < h.type; i++, p += 6) {
		int32_t off = (int32_t)be32(p);

		/* RFC 8536: never -2**31, and within a day of UTC and more */
		if (off < -89999 || off > 93599 || p[4] > 1 ||
		    p[5] >= h.chars)
			goto bad;
		tz->utoff[i] = off;
		tz->isdst[i] = p[4];
	}
	p += h.chars + (size_t)h.leap * (tsize + 4) + h.isstd + h.isut;
	if (tsize == 8) {	/* the footer: "\n" TZ-string "\n" */
		const unsigned char *nl;
		size_t len;

		if (p >= end || *p != '\n' ||
		    !(nl = memchr(p + 1, '\n', (size_t)(end - p - 1))) ||
		    (len = (size_t)(nl - p - 1)) >= sizeof(footer))
			goto bad_footer;
		memcpy(footer, p + 1, len);
		footer[len] = '\0';
		if (strlen(footer) != len || rule_parse(footer, tz) < 0)
			goto bad_footer;
	}
	return 0;
bad:
	pd_tz_release(tz);
	return pd_diag_set(d, PD_EPARSE, name, 0, "TZif: a transition out "
			   "of order, or a local time type out of range");
bad_footer:
	pd_tz_release(tz);
	return pd_diag_set(d, PD_EPARSE, name, 0, "TZif: its footer is no "
			   "POSIX TZ rule");
}

/* A zone's name: parts of letters, digits, '_', '-', '+', parted by
 * '/', none "." or "..". */
static int name_ok(const char *name)
{
	const char *s = name;
	size_t part = 0;

	if (!*name || strlen(name) > 200)
		return 0;
	for (; ; s++) {
		if (!*s || *s == '/') {
			if (!part || (part <= 2 && s[-1] == '.' &&
				      (part == 1 || s[-2] == '.')))
				return 0;
			if (!*s)
				return 1;
			part = 0;
			continue;
		}
		if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') ||
		      (*s >= '0' && *s <= '9') || strchr("_-+.", *s)))
			return 0;
		part++;
	}
}

int pd_tz_load(const char *name, struct pd_tz *tz, struct pd_diag *d)
{
	const char *dir = getenv("TZDIR");
	char path[4096];
	unsigned char *b;
	size_t n;
	FILE *f;
	int ret;

	memset(tz, 0, sizeof(*tz));
	if (!name_ok(name))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "'%s' is no time "
				   "zone's name", name);
	if (!dir || !*dir)
		dir = "/usr/share/zoneinfo";
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (!(f = fopen(path, "rb")))
		return pd_diag_set(d, errno == ENOENT ? PD_ENOTFOUND : PD_EIO,
				   path, 0, "%s (the time zone data, Debian's "
				   "package tzdata)", strerror(errno));
	if (!(b = malloc(TZ_MAX_FILE))) {
		fclose(f);
		return PD_ENOMEM;
	}
	n = fread(b, 1, TZ_MAX_FILE, f);
	ret = ferror(f) ? pd_diag_set(d, PD_EIO, path, 0, "cannot read it") :
	      n == TZ_MAX_FILE ? pd_diag_set(d, PD_ETOOBIG, path, 0, "over "
					     "%d bytes", TZ_MAX_FILE) :
	      pd_tz_parse(b, n, path, tz, d);
	fclose(f);
	free(b);
	return ret;
}
