/* schedule.c -- a Games' schedule (units_ops.h): its units by start time,
 * each at its local time, with status and medal role in words. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "podium/render.h"
#include "podium/store_units.h"
#include "podium/tz.h"
#include "podium/units_ops.h"
#include "podium/unitset.h"
#include "podium/words.h"
#include "app_int.h"

/* (app_int.h) the zone a unit of games at venue keeps at time t: the
 * one function every view asks (tz.h), data/zones.tsv's zone at the
 * system's offset */
const char *app_unit_zone(const char *games, const char *venue, long long t,
			  int *offset)
{
	return pd_unit_zone(games, venue, t, offset);
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

/* "UTC+2", "UTC-10", "UTC+5:30", "UTC" of an offset */
static void offset_text(int off, char *out, size_t size)
{
	int a = off < 0 ? -off : off;

	if (!off)
		snprintf(out, size, "UTC");
	else if (a % 3600)
		snprintf(out, size, "UTC%c%d:%02d", off < 0 ? '-' : '+',
			 a / 3600, a % 3600 / 60);
	else
		snprintf(out, size, "UTC%c%d", off < 0 ? '-' : '+', a / 3600);
}

/* The schedule's times as its footer says them: the Games' zone and each
 * venue's own at its offset at the first unit listed (its name when none
 * is: "Europe/Paris (Tahiti: UTC-10)"), or UTC saying no zone is known. */
static void zones_text(const char *games, long long first, const char *lang,
		       char *out, size_t size)
{
	const char *zone = pd_games_zone(games), *vn, *vz;
	size_t i, len;
	char off[32];
	int o;

	if (!zone || strcmp(pd_unit_zone(games, NULL, first < 0 ? 0 : first,
					 &o), zone)) {
		snprintf(out, size, pd_word(lang, N_("UTC (no time zone known "
						     "for %s)")), games);
		return;
	}
	snprintf(out, size, "%s", zone);
	for (i = 0; pd_venue_zone(games, i, &vn, &vz); i++) {
		if (first >= 0 && !strcmp(pd_unit_zone(games, vn, first, &o),
					  vz))
			offset_text(o, off, sizeof(off));
		else
			snprintf(off, sizeof(off), "%s", vz);
		len = strlen(out);
		snprintf(out + len, size - len, "%s%s: %s", i ? ", " : " (",
			 vn, off);
	}
	if (i && (len = strlen(out)) < size)
		snprintf(out + len, size - len, ")");
}

struct sched {
	const char *games;
	const struct pd_labels *l;
	struct pd_buf *out;
	size_t n, gold, bronze;
	long long first;	/* the first unit's start, or -1 */
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
	if (c->first < 0 && pd_unit_time_parse(u->start, &c->first) < 0)
		c->first = -1;
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
	struct sched c = { q->games, pd_labels(lang), out, 0, 0, 0, -1 };
	char times[256];
	int ret;

	if ((ret = pd_store_begin_read(s, diag)) < 0)
		return ret;
	ret = pd_store_units(s, q, line, &c, diag);
	pd_store_rollback(s);
	if (ret < 0)
		return ret;
	zones_text(q->games, c.first, lang, times, sizeof(times));
	return pd_buf_addf(out, strcmp(lang, "zh") ?
			   "%zu units (%s: %zu, %s: %zu), times %s\n" :
			   "共 %zu 个单元（%s：%zu，%s：%zu），时间：%s\n",
			   c.n, c.l->gold_medal, c.gold, c.l->bronze_medal,
			   c.bronze, times);
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
	struct shown w = { { games, pd_labels(lang), out, 0, 0, 0, -1 }, 0 };
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
