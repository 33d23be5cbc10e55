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
#include "units_int.h"

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

	if ((ret = pd_ur_grow(&o->teams, o->nteams, &o->ateams,
			sizeof(*o->teams))) < 0 ||
	    (ret = pd_import_npc(&r->im, pd_ur_f(c, at[4]), c->line, &p, d)) < 0)
		return ret;
	t = &o->teams[o->nteams];
	memset(t, 0, sizeof(*t));
	memcpy(t->npc, p->code, PD_CODE_MAX);
	t->members = members;
	if (!(t->code = pd_ur_str(r, pd_ur_f(c, at[0]))) || !(t->name = pd_ur_str(r, pd_ur_f(c, at[3])))
	    || !(t->discipline = pd_ur_str(r, pd_ur_f(c, at[5]))))
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

	if (py_list(codes, sizeof(codes), pd_ur_f(c, at[1])) < 0 ||
	    py_list(names, sizeof(names), pd_ur_f(c, at[2])) < 0)
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "team "
				   "'%s': its athletes are not a list", pd_ur_f(c,
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
	if ((ret = pd_strmap_get(&r->teams, pd_ur_str(r, pd_ur_f(c, at[0])), 1, &slot)) < 0)
		return ret;
	if (ret == 0)
		return 0;	/* a team listed again (current=False) */
	if (!(r->members = realloc(r->members, (r->nteams + 1) *
				   sizeof(*r->members))))
		return PD_ENOMEM;
	if (!(r->members[r->nteams] = pd_ur_str(r, both)))
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
	if ((ret = pd_ur_load(r, &c, &data, r->path, d)) < 0)
		goto cleanup;
	for (i = 0; i < 6; i++)
		if ((ret = pd_ur_need(&c, names[i], &at[i], d)) < 0)
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

static int read_venues(struct reader *r, struct pd_diag *d)
{
	struct pd_csv c;
	char *data = NULL;
	int ret;

	snprintf(r->path, sizeof(r->path), "%s/venues.csv", r->dir);
	if ((ret = pd_ur_load(r, &c, &data, r->path, d)) == 0)
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
	return pd_push(&r->rows, &r->nrows, &r->arows, sizeof(*w), w) ?
	       0 : PD_ENOMEM;
}

/* YYYY-MM-DD of a local time as written ("2024-08-02T10:50:18+02:00") */
static const char *day_of(struct reader *r, const char *t)
{
	char day[11];

	snprintf(day, sizeof(day), "%.10s", t);
	return pd_ur_str(r, strlen(t) >= 10 ? day : "");
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
	return pd_ur_str(r, iso);
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

	if ((ret = pd_strmap_get(&r->rscs, pd_ur_str(r, rsc->code), 1, &slot)) <= 0)
		return ret;
	if ((ret = pd_ur_grow(&o->units, o->nunits, &o->aunits,
			sizeof(*o->units))) < 0)
		return ret;
	u = &o->units[o->nunits];
	memset(u, 0, sizeof(*u));
	u->rsc = pd_ur_str(r, rsc->code);
	u->kind = pd_rsc_kind_name(rsc->kind);
	u->discipline = pd_ur_str(r, pd_ur_f(c, at[R_SPORT]));
	u->event = pd_ur_str(r, pd_ur_f(c, at[R_EVENT]));
	u->event_code = pd_ur_str(r, rsc->event);
	u->phase = pd_ur_str(r, pd_ur_f(c, at[R_STAGE]));
	u->end = u->location = u->status = u->medal = u->rules = pd_ur_str(r, "");
	u->start = utc_of(r, pd_ur_f(c, at[R_DATE]));
	u->day = day_of(r, pd_ur_f(c, at[R_DATE]));
	u->venue = pd_ur_str(r, pd_ur_f(c, at[R_VENUE]));
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
	n->start_list += *pd_ur_f(c, at[R_ORDER]) || *pd_ur_f(c, at[R_BIB]);
	n->irms += *pd_ur_f(c, at[R_IRM]) != '\0';
	n->qualification += *pd_ur_f(c, at[R_QUAL]) != '\0';
	if ((ret = unit_of(r, rsc, c, at)) < 0)
		return ret;
	if (ret > 0)
		(*units[rsc->kind])++;
	if ((ret = count_key(&r->disciplines, pd_ur_str(r, rsc->discipline),
			     &n->disciplines)) < 0)
		return ret;
	return count_key(&r->events, pd_ur_str(r, rsc->event), &n->events);
}

static int keep_result(struct reader *r, const struct pd_csv *c,
		       const int *at, const char *npc, long rank)
{
	struct pd_unitset *o = r->out;
	struct pd_unit_result_rec *x;
	int ret;

	if ((ret = pd_ur_grow(&o->results, o->nresults, &o->aresults,
			sizeof(*o->results))) < 0)
		return ret;
	x = &o->results[o->nresults];
	memset(x, 0, sizeof(*x));
	memcpy(x->npc, npc, PD_CODE_MAX);
	x->rank = rank;
	x->team = !strcmp(pd_ur_f(c, at[R_TYPE]), "Team");
	x->start_order = strtol(pd_ur_f(c, at[R_ORDER]), NULL, 10);
	if (!(x->rsc = pd_ur_str(r, pd_ur_f(c, at[R_RSC]))) ||
	    !(x->participant = pd_ur_str(r, pd_ur_f(c, at[R_WHO]))) ||
	    !(x->name = pd_ur_str(r, pd_ur_f(c, at[R_NAME]))) ||
	    !(x->result = pd_ur_str(r, pd_ur_f(c, at[R_RESULT]))) ||
	    !(x->result_type = pd_ur_str(r, pd_ur_f(c, at[R_RTYPE]))) ||
	    !(x->irm = pd_ur_str(r, pd_ur_f(c, at[R_IRM]))) ||
	    !(x->diff = pd_ur_str(r, pd_ur_f(c, at[R_DIFF]))) ||
	    !(x->wlt = pd_ur_str(r, pd_ur_f(c, at[R_WLT]))) ||
	    !(x->qualification = pd_ur_str(r, pd_ur_f(c, at[R_QUAL]))) ||
	    !(x->bib = pd_ur_str(r, pd_ur_f(c, at[R_BIB]))))
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

	snprintf(key, sizeof(key), "%s\x1f%s\x1f%s", pd_ur_f(c, at[R_DISC]),
		 pd_ur_f(c, at[R_GENDER]), pd_ur_f(c, at[R_EVENT]));
	if ((ret = pd_strmap_add_copy(&r->event_names, key, &v)) < 0)
		return ret;
	if (ret > 0)
		*v = r->nrows + 1;
	return 0;
}

static int result_row(struct reader *r, const struct pd_csv *c, const int *at,
		      struct pd_diag *d)
{
	const char *wlt = pd_ur_f(c, at[R_WLT]), *npc = pd_ur_f(c, at[R_NPC]);
	const struct pd_npc *p;
	struct pd_rsc rsc;
	struct row w;
	int ret;

	memset(&w, 0, sizeof(w));
	if ((ret = pd_rsc_parse(pd_ur_f(c, at[R_RSC]), &rsc, c->file, c->line,
				d)) < 0)
		return ret;
	if (pd_unit_rank_parse(pd_ur_f(c, at[R_RANK]), &w.rank) < 0)
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "rank '%s' "
				   "is not a whole number from 1",
				   pd_ur_f(c, at[R_RANK]));
	if (*wlt && (wlt[1] || !strchr("WLT", *wlt)))
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "result_WLT "
				   "'%s' is not W, L or T", wlt);
	if ((ret = count_row(r, &rsc, c, at)) < 0)
		return ret;
	if (!*npc)
		npc = pd_ur_f(c, at[R_NAME]);
	if ((ret = pd_import_npc(&r->im, npc, c->line, &p, d)) < 0)
		return ret;
	memcpy(w.npc, p->code, PD_CODE_MAX);
	if ((ret = keep_result(r, c, at, p->code, w.rank)) < 0 ||
	    (ret = name_event(r, c, at)) < 0)
		return ret;
	w.wlt = *wlt;
	w.line = c->line;
	w.team = !strcmp(pd_ur_f(c, at[R_TYPE]), "Team");
	if (!(w.rsc = pd_ur_str(r, rsc.code)) || !(w.event = pd_ur_str(r, pd_ur_f(c, at[R_EVENT])))
	    || !(w.sport = pd_ur_str(r, pd_ur_f(c, at[R_SPORT]))) ||
	    !(w.date = pd_ur_str(r, pd_ur_f(c, at[R_DATE]))) ||
	    !(w.who = pd_ur_str(r, pd_ur_f(c, at[R_WHO]))) ||
	    !(w.name = pd_ur_str(r, pd_ur_f(c, at[R_NAME]))) ||
	    !(w.irm = pd_ur_str(r, pd_ur_f(c, at[R_IRM]))))
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
	ret = pd_ur_load(r, &c, &data, r->path, d);
	for (i = 0; ret == 0 && i < R_N; i++)
		if ((at[i] = pd_ur_col(&c, r_cols[i])) < 0 && i <= R_VENUE)
			ret = pd_ur_need(&c, r_cols[i], &at[i], d);
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

int pd_unitset_read(struct pd_unitset *out, const char *dir,
		    const char *games, const struct pd_registry *reg,
		    const struct pd_medal_rules *rules,
		    const char *const *walkover, struct pd_diag *diag)
{
	struct reader r;
	size_t g;
	int ret;

	pd_ur_start(&r, out, games, reg, rules, dir,
		    "participant_country_code");
	r.walkover = walkover;
	r.im.file = dir;
	if ((ret = pd_entries_games(&out->entries, games, &g)) < 0 ||
	    (ret = read_teams(&r, diag)) < 0 ||
	    (ret = read_venues(&r, diag)) < 0 ||
	    (ret = read_results(&r, dir, diag)) < 0 ||
	    (ret = pd_ur_read_schedule(&r, diag)) < 0 ||
	    (ret = pd_ur_mark_walkovers(&r, diag)) < 0 ||
	    (ret = pd_ur_derive_all(&r, diag)) < 0)
		goto cleanup;
	out->entries.rows = r.nrows;
	ret = pd_entries_finish(&out->entries);
cleanup:
	return pd_ur_finish(&r, ret);
}
