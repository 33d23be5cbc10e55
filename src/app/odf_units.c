/* odf_units.c -- the ODF messages of a Games' units (units_ops.h): what
 * the store keeps of its units, results and teams (store_units.h)
 * gathered into odf.h's struct pd_odf_units for src/io/render_odf_units.c
 * to write: DT_SCHEDULE, DT_RESULT of one unit, DT_PARTIC and
 * DT_PARTIC_TEAMS.  Times go out at the unit's local offset, as ODF
 * writes them; the envelope is the Games' version, as every message's
 * (odf_int.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "podium/odf.h"
#include "podium/store_units.h"
#include "podium/units_ops.h"
#include "podium/unitset.h"
#include "app_int.h"
#include "odf_int.h"

struct uw {
	struct common c;
	const char *games;
	struct pd_unit_rec *u;
	size_t nu, au;
	struct pd_unit_result_rec *r;
	size_t nr, ar;
	struct pd_unit_team_rec *t;
	size_t nt, at;
	struct pd_odf_partic *p;
	size_t np, ap;
};

static void uw_release(struct uw *w)
{
	odf_common_release(&w->c);
	free(w->u);
	free(w->r);
	free(w->t);
	free(w->p);
}

static const char *keep(void *c, const char *s)
{
	return odf_keep(c, s);
}

/* rec pushed onto a list of w's (as pd_push()) with its strings (f)
 * made w's: the store's are its own only until the callback returns.
 * The new element, or NULL on no memory. */
static void *kept(struct uw *w, void *list, size_t *n, size_t *alloc,
		  size_t size, const void *rec, const struct pd_unit_strings *f)
{
	void *v = pd_push(list, n, alloc, size, rec);

	return v && pd_unit_keep(v, f, keep, &w->c) == 0 ? v : NULL;
}

/* A UTC time at the unit's offset, as ODF writes it
 * ("2024-08-01T10:00:00+02:00"); "" stays "". */
static const char *local(struct uw *w, const char *venue, const char *utc)
{
	char iso[40];
	long long t;
	time_t lt;
	struct tm tm;
	int off;

	if (!*utc || pd_unit_time_parse(utc, &t) < 0)
		return odf_keep(&w->c, utc);
	off = app_unit_offset(w->games, venue, t);
	lt = (time_t)(t + off);
	gmtime_r(&lt, &tm);
	strftime(iso, 20, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(iso + 19, sizeof(iso) - 19, "%c%02d:%02d", off < 0 ? '-' : '+',
		 abs(off) / 3600, abs(off) % 3600 / 60);
	return odf_keep(&w->c, iso);
}

static int got_unit(const struct pd_unit_rec *u, void *arg)
{
	struct uw *w = arg;
	struct pd_unit_rec *v = kept(w, &w->u, &w->nu, &w->au, sizeof(*u), u,
				     &pd_unit_rec_strings);

	if (!v || !(v->start = local(w, u->venue, u->start)) ||
	    !(v->end = local(w, u->venue, u->end)))
		return PD_ENOMEM;
	return 0;
}

static int got_result(const struct pd_unit_result_rec *r, void *arg)
{
	struct uw *w = arg;

	return kept(w, &w->r, &w->nr, &w->ar, sizeof(*r), r,
		    &pd_unit_result_rec_strings) ? 0 : PD_ENOMEM;
}

static int got_team(const struct pd_unit_team_rec *t, void *arg)
{
	struct uw *w = arg;

	return kept(w, &w->t, &w->nt, &w->at, sizeof(*t), t,
		    &pd_unit_team_rec_strings) ? 0 : PD_ENOMEM;
}

/* The envelope: the Games' version and the change that made it. */
static int envelope(struct uw *w, struct pd_store *s, const char *games,
		    struct pd_diag *d)
{
	struct pd_games g;
	int ret;

	w->games = games;
	if ((ret = pd_store_games_get(s, games, &g, d)) < 0)
		return ret;
	ret = odf_common_load(&w->c, s, games, g.version, 0, d);
	pd_games_release(&g);
	return ret;
}

/* w (cleared) filled in one read of the store: the envelope, q's units,
 * the Games' rosters when teams, and the results of unit rsc ("" every
 * unit's) unless rsc is NULL.  w is to be released whatever comes. */
static int load(struct uw *w, struct pd_store *s,
		const struct pd_unit_query *q, int teams, const char *rsc,
		struct pd_diag *d)
{
	int ret;

	memset(w, 0, sizeof(*w));
	if ((ret = pd_odf_load(d)) < 0 ||
	    (ret = pd_store_begin_read(s, d)) < 0)
		return ret;
	if ((ret = envelope(w, s, q->games, d)) == 0)
		ret = pd_store_units(s, q, got_unit, w, d);
	if (ret == 0 && teams)
		ret = pd_store_unit_teams(s, q->games, got_team, w, d);
	if (ret == 0 && rsc)
		ret = pd_store_unit_results(s, q->games, rsc, got_result, w,
					    d);
	pd_store_rollback(s);
	return ret;
}

static struct pd_odf_units units_message(struct uw *w, const char *code,
				   const char *type, const char *status)
{
	struct pd_odf_units m;

	memset(&m, 0, sizeof(m));
	m.head = (struct pd_odf_head){ w->games, code, type, w->c.version,
				       status, w->c.date, w->c.time };
	m.units = w->u;
	m.nunits = w->nu;
	m.results = w->r;
	m.nresults = w->nr;
	m.teams = w->t;
	m.nteams = w->nt;
	m.partic = w->p;
	m.npartic = w->np;
	return m;
}

/* -- DT_PARTIC: every athlete of the results and the rosters, once, by
 * code, with the events (34-character codes) it is in */

static int add_partic(struct uw *w, const char *code, const char *name,
		      const char *npc, const char *rsc)
{
	struct pd_odf_partic *p;
	char disc[4], event[PD_RSC_LEN + 1];
	int ret;

	if ((ret = pd_grow(&w->p, w->np, &w->ap, sizeof(*w->p), 256)) < 0)
		return ret;
	p = &w->p[w->np];
	memset(p, 0, sizeof(*p));
	snprintf(disc, sizeof(disc), "%.3s", rsc);
	snprintf(event, sizeof(event), "%.22s------------", rsc);
	snprintf(p->npc, sizeof(p->npc), "%s", npc);
	if (!(p->code = odf_keep(&w->c, code)) ||
	    !(p->name = odf_keep(&w->c, name)) ||
	    !(p->discipline = odf_keep(&w->c, disc)) ||
	    !(p->events = odf_keep(&w->c, strlen(rsc) >= 22 ? event : "")))
		return PD_ENOMEM;
	w->np++;
	return 0;
}

static int by_code_event(const void *a, const void *b)
{
	const struct pd_odf_partic *x = a, *y = b;
	int c = strcmp(x->code, y->code);

	return c ? c : strcmp(x->events, y->events);
}

/* One Participant per code: its first name and NPC, its events. */
static int merge_partic(struct uw *w)
{
	struct pd_buf ev;
	size_t i, j, n = 0;
	int ret = 0;

	if (w->np > 1)	/* qsort takes no NULL */
		qsort(w->p, w->np, sizeof(*w->p), by_code_event);
	pd_buf_init(&ev, 0);
	for (i = 0; i < w->np && ret == 0; i = j) {
		ev.len = 0;
		for (j = i; j < w->np && !strcmp(w->p[j].code, w->p[i].code);
		     j++)
			if (*w->p[j].events && (j == i || strcmp(w->p[j].events,
						   w->p[j - 1].events)))
				ret = pd_buf_addf(&ev, "%s%s", ev.len ? "\n" : "",
						  w->p[j].events);
		w->p[n] = w->p[i];
		if (ret == 0 && !(w->p[n].events = odf_keep(&w->c, ev.len ?
							    ev.data : "")))
			ret = PD_ENOMEM;
		n++;
	}
	pd_buf_release(&ev);
	w->np = n;
	return ret;
}

static int gather_partic(struct uw *w)
{
	const char *p;
	char code[128], name[512];
	size_t i;
	int ret = 0;

	for (i = 0; i < w->nr && ret == 0; i++)
		if (!w->r[i].team)
			ret = add_partic(w, w->r[i].participant, w->r[i].name,
					 w->r[i].npc, w->r[i].rsc);
	for (i = 0; i < w->nt && ret == 0; i++)
		for (p = w->t[i].members; *p && ret == 0;) {
			p = pd_unit_member_next(p, code, sizeof(code), name,
						sizeof(name));
			ret = add_partic(w, code, name, w->t[i].npc,
					 w->t[i].code);
		}
	return ret < 0 ? ret : merge_partic(w);
}

int pd_doc_odf_schedule(struct pd_buf *out, struct pd_store *s,
			const struct pd_unit_query *q, const char *message,
			struct pd_diag *diag)
{
	char code[PD_RSC_LEN + 1] = "GLO";
	struct pd_odf_units m;
	struct uw w;
	int ret;

	ret = load(&w, s, q, strcmp(message, "schedule") != 0,
		   strcmp(message, "partic") ? NULL : "", diag);
	if (ret == 0 && !strcmp(message, "partic"))
		ret = gather_partic(&w);
	/* a discipline's schedule is its own message, as ODF sends them */
	if (ret == 0 && q->discipline && *q->discipline && w.nu)
		snprintf(code, sizeof(code), "%.3s-------------------------------",
			 w.u[0].rsc);
	m = units_message(&w, code, !strcmp(message, "partic") ? "DT_PARTIC" :
		    !strcmp(message, "teams") ? "DT_PARTIC_TEAMS" :
		    "DT_SCHEDULE", NULL);
	if (ret == 0)
		ret = !strcmp(message, "partic") ? pd_odf_write_partic(out, &m) :
		      !strcmp(message, "teams") ? pd_odf_write_teams(out, &m) :
		      pd_odf_write_schedule(out, &m);
	uw_release(&w);
	return ret;
}

/* A unit's ResultStatus: OFFICIAL once it finished (or has ranks),
 * LIVE while it runs, else START_LIST. */
static const char *unit_status(const struct uw *w)
{
	const char *st = w->u[0].status;
	size_t i;

	if (!strcmp(st, "running") || !strcmp(st, "interrupted"))
		return "LIVE";
	if (!strcmp(st, "unofficial"))
		return "UNOFFICIAL";
	if (!strcmp(st, "finished") || !strcmp(st, "official"))
		return "OFFICIAL";
	for (i = 0; i < w->nr; i++)
		if (w->r[i].rank || *w->r[i].irm || *w->r[i].wlt)
			return "OFFICIAL";
	return "START_LIST";
}

int pd_doc_odf_unit(struct pd_buf *out, struct pd_store *s,
		    const char *games, const char *rsc, struct pd_diag *diag)
{
	struct pd_unit_query q = { .games = games, .rsc = rsc };
	struct pd_odf_units m;
	struct uw w;
	int ret;

	ret = load(&w, s, &q, 0, rsc, diag);
	if (ret == 0 && !w.nu)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no unit '%s' "
				  "in %s: see 'podium schedule'", rsc, games);
	if (ret == 0) {
		m = units_message(&w, w.u[0].rsc, "DT_RESULT", unit_status(&w));
		ret = pd_odf_write_unit_result(out, &m);
	}
	uw_release(&w);
	return ret;
}

static int by_rsc(const void *a, const void *b)
{
	return strcmp(((const struct pd_unit_rec *)a)->rsc,
		      ((const struct pd_unit_rec *)b)->rsc);
}

/* Each unit's DT_RESULT from w's units and results (by code). */
static int each_unit(struct uw *w, pd_odf_unit_fn fn, void *arg)
{
	struct pd_unit_rec key, *u;
	struct pd_odf_units m;
	struct pd_buf b;
	struct uw one;
	size_t i, j;
	int ret = 0;

	if (w->nu > 1)	/* qsort takes no NULL */
		qsort(w->u, w->nu, sizeof(*w->u), by_rsc);
	pd_buf_init(&b, 0);
	for (i = 0; i < w->nr && ret == 0; i = j) {
		for (j = i + 1; j < w->nr && !strcmp(w->r[j].rsc, w->r[i].rsc);
		     j++)
			;
		key.rsc = w->r[i].rsc;
		if (!(u = bsearch(&key, w->u, w->nu, sizeof(*w->u), by_rsc)))
			continue;	/* the store keeps none such */
		one = *w;
		one.u = u;
		one.nu = 1;
		one.r = w->r + i;
		one.nr = j - i;
		m = units_message(&one, u->rsc, "DT_RESULT", unit_status(&one));
		b.len = 0;
		if ((ret = pd_odf_write_unit_result(&b, &m)) == 0)
			ret = fn(u->rsc, &b, arg);
	}
	pd_buf_release(&b);
	return ret;
}

int pd_doc_odf_units_each(struct pd_store *s, const char *games,
			  pd_odf_unit_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_unit_query q = { .games = games };
	struct uw w;
	int ret;

	if ((ret = load(&w, s, &q, 0, "", diag)) == 0)
		ret = each_unit(&w, fn, arg);
	uw_release(&w);
	return ret;
}
