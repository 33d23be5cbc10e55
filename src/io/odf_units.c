/* odf_units.c -- reading back the messages of a Games' units (odf.h):
 * DT_SCHEDULE (its units), DT_RESULT of one unit (DocumentCode its
 * results code), DT_PARTIC and DT_PARTIC_TEAMS, into the records the
 * store keeps (store_units.h).  As odf.c does, anything podium did not
 * write the way docs/ODF.md says is refused at its file and line: a
 * results code that is not one, a time without its offset, a unit given
 * twice, a SortOrder out of place, an element the message does not hold. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "podium/unitset.h"
#include "odf_int.h"

/* A string of the reader's making, kept in the message's pool. */
static const char *keep(struct rd *r, const char *s)
{
	struct pd_strings *p = &r->m->pool;

	return pd_strings_add(p, s) < 0 ? NULL : p->v[p->n - 1];
}

/* Only the elements the message holds are read: any other under
 * Competition is refused, not skipped, so nothing is lost unseen. */
static int only(struct rd *r, xmlNodePtr comp, const char *a, const char *b)
{
	xmlNodePtr n;

	for (n = comp->children; n; n = n->next)
		if (n->type == XML_ELEMENT_NODE && !or_is(n, a) &&
		    !(b && or_is(n, b)))
			return pd_diag_set(r->d, PD_EPARSE, r->file,
					   xmlGetLineNo(n), "<%s> in <%s>: "
					   "this message holds <%s> there",
					   (const char *)n->name,
					   (const char *)comp->name, a);
	return 0;
}

static xmlNodePtr child(xmlNodePtr n, const char *name)
{
	for (n = n ? n->children : NULL; n && !or_is(n, name); n = n->next)
		;
	return n;
}

/* A time as ODF writes it, with its offset, kept in UTC ("...Z"), and
 * its local day; "" for "". */
static int utc(struct rd *r, xmlNodePtr n, const char *name,
	       const char **out, char day[11])
{
	const char *v;
	char iso[32];
	long long t;
	time_t tt;
	struct tm tm;
	int ret;

	if ((ret = or_opt(r, n, name, &v)) < 0)
		return ret;
	*out = "";
	if (!*v)
		return 0;
	if (pd_unit_time_parse(v, &t) < 0)
		return or_bad_value(r, n, name, v, "not a time with its offset "
				    "(2024-08-01T10:00:00+02:00)");
	if (day)
		snprintf(day, 11, "%.10s", v);
	tt = (time_t)t;
	gmtime_r(&tt, &tm);
	strftime(iso, sizeof(iso), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return (*out = keep(r, iso)) ? 0 : PD_ENOMEM;
}

/* ExtendedInfo Code="...": its Value (1), or "" (0) */
static int extended(struct rd *r, xmlNodePtr unit, const char *code,
		    const char **out)
{
	xmlNodePtr n;
	const char *c;
	int ret;

	*out = "";
	for (n = child(child(unit, "ExtendedInfos"), "ExtendedInfo"); n;
	     n = n->next) {
		if (!or_is(n, "ExtendedInfo"))
			continue;
		if ((ret = or_need(r, n, "Code", &c)) < 0)
			return ret;
		if (!strcmp(c, code))
			return (ret = or_need(r, n, "Value", out)) < 0 ? ret : 1;
	}
	return 0;
}

static int status_back(struct rd *r, xmlNodePtr n, const char **out)
{
	const char *v;
	char low[32];
	size_t i;
	int ret;

	if ((ret = or_need(r, n, "ScheduleStatus", &v)) < 0)
		return ret;
	if (!strcmp(v, "UNSCHEDULED")) {
		*out = "";
		return 0;
	}
	for (i = 0; v[i] && i + 1 < sizeof(low); i++) {
		if (!isupper((unsigned char)v[i]) && v[i] != '_')
			return or_bad_value(r, n, "ScheduleStatus", v, "not a "
					    "status (FINISHED, SCHEDULED ...)");
		low[i] = (char)tolower((unsigned char)v[i]);
	}
	low[i] = '\0';
	return (*out = keep(r, low)) ? 0 : PD_ENOMEM;
}

static int rsc_of(struct rd *r, xmlNodePtr n, const char *name,
		  const char *v, struct pd_rsc *rsc)
{
	struct pd_diag scratch = { "", 0, "" };

	if (pd_rsc_parse(v, rsc, r->file, xmlGetLineNo(n), &scratch) < 0)
		return or_bad_value(r, n, name, v, "not a results code (34 "
				    "characters: discipline, gender, event, "
				    "phase, unit)");
	return 0;
}

static int names(struct rd *r, xmlNodePtr n, struct pd_unit_rec *u)
{
	xmlNodePtr v;
	int ret;

	u->phase = u->venue = u->location = "";
	if ((v = child(n, "ItemName")) &&
	    (ret = or_need(r, v, "Value", &u->phase)) < 0)
		return ret;
	if ((v = child(n, "VenueDescription")) &&
	    ((ret = or_opt(r, v, "VenueName", &u->venue)) < 0 ||
	     (ret = or_opt(r, v, "LocationName", &u->location)) < 0))
		return ret;
	if ((ret = extended(r, n, "DISCIPLINE", &u->discipline)) < 0 ||
	    (ret = extended(r, n, "EVENT", &u->event)) < 0 ||
	    (ret = extended(r, n, "RULES", &u->rules)) < 0)
		return ret;
	return 0;
}

static int unit(struct rd *r, xmlNodePtr n, struct pd_unit_rec *u)
{
	const char *code, *medal, *day, *event_code;
	char start_day[11] = "";
	struct pd_rsc rsc;
	int ret, said;

	memset(u, 0, sizeof(*u));
	if ((ret = or_need(r, n, "Code", &code)) < 0 ||
	    (ret = rsc_of(r, n, "Code", code, &rsc)) < 0 ||
	    (ret = status_back(r, n, &u->status)) < 0 ||
	    (ret = utc(r, n, "StartDate", &u->start, start_day)) < 0 ||
	    (ret = utc(r, n, "EndDate", &u->end, NULL)) < 0 ||
	    (ret = or_opt(r, n, "Medal", &medal)) < 0 ||
	    (ret = names(r, n, u)) < 0 ||
	    (ret = extended(r, n, "DAY", &day)) < 0 ||
	    (ret = extended(r, n, "EVENT_CODE", &event_code)) < 0)
		return ret;
	said = ret;	/* 1: the event's code is said */
	if (*day && !or_date_ok(day))
		return or_bad_value(r, n, "DAY", day, "not a date (YYYY-MM-DD)");
	u->medal = !strcmp(medal, "ME_GOLD") ? "gold" :
		   !strcmp(medal, "ME_BRONZE") ? "bronze" : "";
	if (*medal && !*u->medal)
		return or_bad_value(r, n, "Medal", medal, "not ME_GOLD or "
				    "ME_BRONZE");
	u->rsc = code;
	u->kind = pd_rsc_kind_name(rsc.kind);
	u->day = *day ? day : keep(r, start_day);
	u->event_code = said ? event_code : keep(r, rsc.event);
	return u->day && u->event_code ? 0 : PD_ENOMEM;
}

static int by_code(const void *a, const void *b)
{
	const struct pd_unit_rec *const *x = a, *const *y = b;

	return strcmp((*x)->rsc, (*y)->rsc);
}

/* A unit given twice is refused at the second. */
static int once(struct rd *r)
{
	struct pd_odf_msg *m = r->m;
	const struct pd_unit_rec **v;
	size_t i, second;

	if (m->nunits < 2)
		return 0;
	if (!(v = malloc(m->nunits * sizeof(*v))))
		return PD_ENOMEM;
	for (i = 0; i < m->nunits; i++)
		v[i] = &m->units[i];
	qsort(v, m->nunits, sizeof(*v), by_code);
	for (i = 1; i < m->nunits && strcmp(v[i - 1]->rsc, v[i]->rsc); i++)
		;
	second = 0;
	if (i < m->nunits)
		second = (size_t)((v[i] > v[i - 1] ? v[i] : v[i - 1]) -
				  m->units);
	free(v);
	if (i == m->nunits)
		return 0;
	return pd_diag_set(r->d, PD_EPARSE, r->file, m->lines[second],
			   "unit %s given twice", m->units[second].rsc);
}

static int schedule(struct rd *r, xmlNodePtr comp)
{
	struct pd_odf_msg *m = r->m;
	size_t alloc = 0, lalloc = 0;
	xmlNodePtr n;
	int ret;

	if ((ret = only(r, comp, "Unit", NULL)) < 0)
		return ret;
	for (n = comp->children; n; n = n->next) {
		if (!or_is(n, "Unit"))
			continue;
		if ((ret = pd_grow(&m->units, m->nunits, &alloc,
				   sizeof(*m->units), 256)) < 0 ||
		    (ret = pd_grow(&m->lines, m->nunits, &lalloc,
				   sizeof(*m->lines), 256)) < 0 ||
		    (ret = unit(r, n, &m->units[m->nunits])) < 0)
			return ret;
		m->lines[m->nunits++] = xmlGetLineNo(n);
	}
	return once(r);
}

/* The competitor's name: a team's TeamName, an athlete's PrintName. */
static int competitor(struct rd *r, xmlNodePtr res,
		      struct pd_unit_result_rec *x)
{
	xmlNodePtr c = child(res, "Competitor"), d;
	const char *type, *npc;
	int ret;

	if (!c)
		return or_bad(r, res, "no Competitor", NULL);
	if ((ret = or_need(r, c, "Code", &x->participant)) < 0 ||
	    (ret = or_need(r, c, "Type", &type)) < 0 ||
	    (ret = or_need(r, c, "Organisation", &npc)) < 0)
		return ret;
	if (strcmp(type, "A") && strcmp(type, "T"))
		return or_bad_value(r, c, "Type", type, "A or T");
	if (strlen(npc) >= PD_CODE_MAX)
		return or_bad_value(r, c, "Organisation", npc, "not an NPC code");
	snprintf(x->npc, sizeof(x->npc), "%s", npc);
	x->team = *type == 'T';
	d = x->team ? child(c, "Description") :
	    child(child(child(c, "Composition"), "Athlete"), "Description");
	if (!d)
		return or_bad(r, c, x->team ? "no Description (TeamName)" :
			      "no Composition/Athlete/Description (PrintName)",
			      NULL);
	return or_need(r, d, x->team ? "TeamName" : "PrintName", &x->name);
}

static int unit_result(struct rd *r, xmlNodePtr n, const char *rsc,
		       struct pd_unit_result_rec *x, long place)
{
	long sort;
	int ret;

	memset(x, 0, sizeof(*x));
	x->rsc = rsc;
	if ((ret = or_number(r, n, "Rank", &x->rank, 0)) < 0 ||
	    (ret = or_opt(r, n, "Result", &x->result)) < 0 ||
	    (ret = or_opt(r, n, "ResultType", &x->result_type)) < 0 ||
	    (ret = or_opt(r, n, "IRM", &x->irm)) < 0 ||
	    (ret = or_opt(r, n, "Diff", &x->diff)) < 0 ||
	    (ret = or_opt(r, n, "QualificationMark", &x->qualification)) < 0 ||
	    (ret = or_opt(r, n, "WLT", &x->wlt)) < 0 ||
	    (ret = or_number(r, n, "SortOrder", &sort, 1)) < 0 ||
	    (ret = or_number(r, n, "StartOrder", &x->start_order, 0)) < 0 ||
	    (ret = or_opt(r, n, "Bib", &x->bib)) < 0 ||
	    (ret = competitor(r, n, x)) < 0)
		return ret;
	if (*x->wlt && (x->wlt[1] || !strchr("WLT", *x->wlt)))
		return or_bad_value(r, n, "WLT", x->wlt, "not W, L or T");
	if (sort != place) {
		char v[24];

		snprintf(v, sizeof(v), "%ld", sort);
		return or_bad_value(r, n, "SortOrder", v, "not the Result's "
				    "place (they run 1, 2, 3 ...)");
	}
	return 0;
}

static int unit_results(struct rd *r, xmlNodePtr comp)
{
	struct pd_odf_msg *m = r->m;
	size_t alloc = 0, lalloc = 0;
	/* the pool's: the message itself moves (a feed sorts its messages) */
	const char *rsc = keep(r, m->document_code);
	xmlNodePtr n;
	int ret;

	if (!rsc)
		return PD_ENOMEM;
	if ((ret = only(r, comp, "Result", "ExtendedInfos")) < 0)
		return ret;
	for (n = comp->children; n; n = n->next) {
		if (!or_is(n, "Result"))
			continue;
		if ((ret = pd_grow(&m->uresults, m->nuresults, &alloc,
				   sizeof(*m->uresults), 16)) < 0 ||
		    (ret = pd_grow(&m->lines, m->nuresults, &lalloc,
				   sizeof(*m->lines), 16)) < 0 ||
		    (ret = unit_result(r, n, rsc, &m->uresults[m->nuresults],
				       (long)m->nuresults + 1)) < 0)
			return ret;
		m->lines[m->nuresults++] = xmlGetLineNo(n);
	}
	return 0;
}

static int npc_of(struct rd *r, xmlNodePtr n, char out[PD_CODE_MAX])
{
	const char *npc;
	int ret;

	if ((ret = or_need(r, n, "Organisation", &npc)) < 0)
		return ret;
	if (strlen(npc) >= PD_CODE_MAX)
		return or_bad_value(r, n, "Organisation", npc, "not an NPC code");
	snprintf(out, PD_CODE_MAX, "%s", npc);
	return 0;
}

static int participant(struct rd *r, xmlNodePtr n, struct pd_odf_partic *p)
{
	xmlNodePtr d = child(n, "Discipline");
	int ret;

	memset(p, 0, sizeof(*p));
	p->line = xmlGetLineNo(n);
	p->discipline = p->events = "";
	if ((ret = or_need(r, n, "Code", &p->code)) < 0 ||
	    (ret = or_need(r, n, "PrintName", &p->name)) < 0 ||
	    (ret = npc_of(r, n, p->npc)) < 0)
		return ret;
	return d ? or_need(r, d, "Code", &p->discipline) : 0;
}

static int partic(struct rd *r, xmlNodePtr comp)
{
	struct pd_odf_msg *m = r->m;
	size_t alloc = 0;
	xmlNodePtr n;
	int ret;

	if ((ret = only(r, comp, "Participant", NULL)) < 0)
		return ret;
	for (n = comp->children; n; n = n->next) {
		if (!or_is(n, "Participant"))
			continue;
		if ((ret = pd_grow(&m->partic, m->npartic, &alloc,
				   sizeof(*m->partic), 256)) < 0 ||
		    (ret = participant(r, n, &m->partic[m->npartic])) < 0)
			return ret;
		m->npartic++;
	}
	return 0;
}

/* The roster joined as store_units.h keeps it: code US name, RS. */
static int roster(struct rd *r, xmlNodePtr team, const char **out)
{
	const char *code, *name;
	struct pd_buf b;
	xmlNodePtr a;
	int ret = 0;

	pd_buf_init(&b, 0);
	for (a = child(child(team, "Composition"), "Athlete"); a && ret == 0;
	     a = a->next) {
		if (!or_is(a, "Athlete"))
			continue;
		if ((ret = or_need(r, a, "Code", &code)) < 0 ||
		    (ret = or_need(r, a, "Name", &name)) < 0)
			break;
		ret = pd_buf_addf(&b, "%s%s\x1f%s", b.len ? "\x1e" : "", code,
				  name);
	}
	if (ret == 0 && !(*out = keep(r, b.len ? b.data : "")))
		ret = PD_ENOMEM;
	pd_buf_release(&b);
	return ret;
}

static int team(struct rd *r, xmlNodePtr n, struct pd_unit_team_rec *t)
{
	xmlNodePtr d = child(n, "Discipline");
	int ret;

	memset(t, 0, sizeof(*t));
	t->discipline = "";
	if ((ret = or_need(r, n, "Code", &t->code)) < 0 ||
	    (ret = or_need(r, n, "Name", &t->name)) < 0 ||
	    (ret = npc_of(r, n, t->npc)) < 0 ||
	    (ret = roster(r, n, &t->members)) < 0)
		return ret;
	return d ? or_opt(r, d, "Name", &t->discipline) : 0;
}

static int teams(struct rd *r, xmlNodePtr comp)
{
	struct pd_odf_msg *m = r->m;
	size_t alloc = 0, lalloc = 0;
	xmlNodePtr n;
	int ret;

	if ((ret = only(r, comp, "Team", NULL)) < 0)
		return ret;
	for (n = comp->children; n; n = n->next) {
		if (!or_is(n, "Team"))
			continue;
		if ((ret = pd_grow(&m->teams, m->nteams, &alloc,
				   sizeof(*m->teams), 64)) < 0 ||
		    (ret = pd_grow(&m->lines, m->nteams, &lalloc,
				   sizeof(*m->lines), 64)) < 0 ||
		    (ret = team(r, n, &m->teams[m->nteams])) < 0)
			return ret;
		m->lines[m->nteams++] = xmlGetLineNo(n);
	}
	return 0;
}

int or_units(struct rd *r, xmlNodePtr root, xmlNodePtr comp,
	     const char *type)
{
	struct pd_odf_msg *m = r->m;
	struct pd_rsc rsc;

	if (!strcmp(type, "DT_SCHEDULE")) {
		m->type = PD_ODF_SCHEDULE;
		return schedule(r, comp);
	}
	if (!strcmp(type, "DT_PARTIC")) {
		m->type = PD_ODF_PARTIC;
		return partic(r, comp);
	}
	if (!strcmp(type, "DT_PARTIC_TEAMS")) {
		m->type = PD_ODF_PARTIC_TEAMS;
		return teams(r, comp);
	}
	if (strcmp(type, "DT_RESULT") || strlen(m->document_code) != 34)
		return 1;
	if (rsc_of(r, root, "DocumentCode", m->document_code, &rsc) < 0)
		return PD_EPARSE;
	m->type = PD_ODF_UNIT_RESULT;
	return unit_results(r, comp);
}
