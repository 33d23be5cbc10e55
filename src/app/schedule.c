/* schedule.c -- a Games' schedule (units_ops.h): its units by start time,
 * each at its local time, with status and medal role in words. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "podium/render.h"
#include "podium/store_units.h"
#include "podium/units_ops.h"
#include "podium/unitset.h"
#include "app_int.h"

/* The Games whose time zone is known, and how it keeps time: the
 * European Union's rule (Central European Time, UTC+1, and summer time,
 * UTC+2, from 01:00 UTC on the last Sunday of March to 01:00 UTC on the
 * last Sunday of October).  Any other Games is shown in UTC. */
static const char *const eu_central[] = { "OG2024", "PG2024", NULL };

/* Venues with their own fixed zone: Teahupo'o, Tahiti (UTC-10). */
static const struct {
	const char *in_venue;
	int offset;
	const char *name;
} venue_zones[] = {
	{ "Tahiti", -10 * 3600, "Pacific/Tahiti" },
};
/* Days since 1970-01-01 of a date (the proleptic Gregorian calendar). */
static long long days_from(int y, int m, int d)
{
	long long era, yoe, doy;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/* 00:00 UTC of the last Sunday of a month with 31 days (March, October) */
static long long last_sunday(int year, int month)
{
	long long d = days_from(year, month, 31);

	return (d - (d + 4) % 7) * 86400;	/* 1970-01-01 was a Thursday */
}

static int eu_offset(long long t)
{
	struct tm tm;
	time_t tt = (time_t)t;
	long long from, to;

	gmtime_r(&tt, &tm);
	from = last_sunday(tm.tm_year + 1900, 3) + 3600;
	to = last_sunday(tm.tm_year + 1900, 10) + 3600;
	return t >= from && t < to ? 7200 : 3600;
}

static int games_eu(const char *games)
{
	size_t i;

	for (i = 0; eu_central[i]; i++)
		if (!strcmp(eu_central[i], games))
			return 1;
	return 0;
}

/* (app_int.h) the zone a unit of games at venue keeps at time t */
const char *app_unit_zone(const char *games, const char *venue, long long t,
			  int *offset)
{
	const char *zone = "UTC";
	size_t i;

	*offset = 0;
	if (games_eu(games)) {
		*offset = eu_offset(t);
		zone = "Europe/Paris";
	}
	for (i = 0; i < sizeof(venue_zones) / sizeof(*venue_zones); i++)
		if (venue && strstr(venue, venue_zones[i].in_venue)) {
			*offset = venue_zones[i].offset;
			zone = venue_zones[i].name;
		}
	return zone;
}

/* (app_int.h) the offset from UTC a unit of games at venue keeps at utc */
int app_unit_offset(const char *games, const char *venue, long long utc)
{
	int off;

	app_unit_zone(games, venue, utc, &off);
	return off;
}

/* (units_ops.h) */
void pd_unit_today(const char *games, long long now, char *out)
{
	struct tm tm;
	time_t lt;
	int off;

	app_unit_zone(games, NULL, now, &off);
	lt = (time_t)(now + off);
	gmtime_r(&lt, &tm);
	strftime(out, 11, "%Y-%m-%d", &tm);
}

/* "HH:MM" of a UTC time at the unit's zone; "" when there is none. */
static void local_hm(const char *games, const char *venue, const char *utc,
		     char *out, size_t size)
{
	app_local_time(games, venue, utc, "%H:%M", out, size);
}

/* (app_int.h) a UTC time at the unit's zone, as fmt says */
void app_local_time(const char *games, const char *venue, const char *utc,
		    const char *fmt, char *out, size_t size)
{
	long long t;
	time_t lt;
	struct tm tm;
	int off;

	out[0] = '\0';
	if (!*utc || pd_unit_time_parse(utc, &t) < 0)
		return;
	app_unit_zone(games, venue, t, &off);
	lt = (time_t)(t + off);
	gmtime_r(&lt, &tm);
	strftime(out, size, fmt, &tm);
}

struct sched {
	const char *games;
	const struct pd_labels *l;
	struct pd_buf *out;
	size_t n, gold, bronze;
};

static int line(const struct pd_unit_rec *u, void *arg)
{
	struct sched *c = arg;
	char from[8], to[8];
	const char *medal = !strcmp(u->medal, "gold") ? c->l->gold_medal :
			    !strcmp(u->medal, "bronze") ? c->l->bronze_medal :
			    "";

	if (!*u->status)
		return 0;	/* a unit of the results no schedule row has */
	local_hm(c->games, u->venue, u->start, from, sizeof(from));
	local_hm(c->games, u->venue, u->end, to, sizeof(to));
	c->n++;
	c->gold += !strcmp(u->medal, "gold");
	c->bronze += !strcmp(u->medal, "bronze");
	return pd_buf_addf(c->out, "%s %-5s %5s  %-9s  %s  %s%s%s  %s  %s%s%s\n",
			   u->day, from, *to ? to : "", u->status,
			   u->discipline, u->event, *u->event ? " - " : "",
			   u->phase, u->venue, u->rsc, *medal ? "  " : "",
			   medal);
}

int pd_op_schedule(struct pd_store *s, const struct pd_unit_query *q,
		   const char *lang, struct pd_buf *out, struct pd_diag *diag)
{
	struct sched c = { q->games, pd_labels(lang), out, 0, 0, 0 };
	int ret;

	if ((ret = pd_store_begin_read(s, diag)) < 0)
		return ret;
	ret = pd_store_units(s, q, line, &c, diag);
	pd_store_rollback(s);
	if (ret < 0)
		return ret;
	return pd_buf_addf(out, strcmp(lang, "zh") ?
			   "%zu units (%s: %zu, %s: %zu), times %s\n" :
			   "共 %zu 个单元（%s：%zu，%s：%zu），时间：%s\n",
			   c.n, c.l->gold_medal, c.gold, c.l->bronze_medal,
			   c.bronze, games_eu(q->games) ?
			   "Europe/Paris (Tahiti: UTC-10)" : "UTC");
}

/* -- one unit: its line of the schedule, then its start list and
 * results */

struct shown {
	struct sched c;
	int found;
};

static int show_unit(const struct pd_unit_rec *u, void *arg)
{
	struct shown *w = arg;
	char from[8];

	w->found = 1;
	local_hm(w->c.games, u->venue, u->start, from, sizeof(from));
	return pd_buf_addf(w->c.out, "%s  %s\n%s - %s - %s\n%s %s  %s  %s%s%s"
			   "\n\n", u->rsc, u->kind, u->discipline, u->event,
			   u->phase, u->day, from, u->venue,
			   *u->status ? u->status : "-",
			   *u->medal ? "  " : "",
			   !strcmp(u->medal, "gold") ? w->c.l->gold_medal :
			   !strcmp(u->medal, "bronze") ?
			   w->c.l->bronze_medal : "");
}

/* A participant's line, in columns, without the blanks at its end. */
static int row(struct pd_buf *out, const char *rank, const char *order,
	       const char *bib, const char *name, const char *npc,
	       const char *result, const char *type, const char *irm,
	       const char *diff, const char *wlt, const char *q)
{
	int ret = pd_buf_addf(out, "%4s  %3s %-5s %-32s %-4s %-12s %-8s %-4s "
			      "%-8s %-2s %s", rank, order, bib, name, npc,
			      result, type, irm, diff, wlt, q);

	while (ret == 0 && out->len && out->data[out->len - 1] == ' ')
		out->data[--out->len] = '\0';
	return ret < 0 ? ret : pd_buf_addc(out, '\n');
}

static int show_result(const struct pd_unit_result_rec *r, void *arg)
{
	struct shown *w = arg;
	char rank[16] = "", order[16] = "";

	if (r->rank)
		snprintf(rank, sizeof(rank), "%ld", r->rank);
	if (r->start_order)
		snprintf(order, sizeof(order), "%ld", r->start_order);
	return row(w->c.out, rank, order, r->bib, r->name, r->npc, r->result,
		   r->result_type, r->irm, r->diff, r->wlt, r->qualification);
}

int pd_op_unit_show(struct pd_store *s, const char *games, const char *rsc,
		    const char *lang, struct pd_buf *out,
		    struct pd_diag *diag)
{
	struct shown w = { { games, pd_labels(lang), out, 0, 0, 0 }, 0 };
	struct pd_unit_query q = { .games = games, .rsc = rsc };
	int ret;

	if ((ret = pd_store_begin_read(s, diag)) < 0)
		return ret;
	if ((ret = pd_store_units(s, &q, show_unit, &w, diag)) == 0 &&
	    w.found &&
	    (ret = row(out, "rank", "ord", "bib", "participant", "npc",
			"result", "type", "irm", "diff", "wl", "q")) == 0)
		ret = pd_store_unit_results(s, games, rsc, show_result, &w,
					    diag);
	pd_store_rollback(s);
	if (ret == 0 && !w.found)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no unit '%s' "
				  "in %s: see 'podium schedule'", rsc, games);
	return ret;
}
