/* render_odf_units.c -- the ODF messages of a Games' units (odf.h):
 * DT_SCHEDULE, DT_RESULT of one unit, DT_PARTIC and DT_PARTIC_TEAMS,
 * with ODF's element and attribute names where ODF has one (docs/ODF.md
 * says which are podium's own, and why), through the steps of
 * render_odf_w.c. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "podium/odf.h"
#include "render_odf_int.h"

void pd_odf_schedule_status(const char *status, char *out, size_t size)
{
	size_t i;

	if (!*status)
		status = "UNSCHEDULED";
	for (i = 0; status[i] && i + 1 < size; i++)
		out[i] = (char)toupper((unsigned char)status[i]);
	out[i] = '\0';
}

/* ODF's PhaseType: 1 an event's standing, 2 a phase's, 3 a unit */
static const char *phase_type(const char *rsc)
{
	if (!strcmp(rsc + 22, "------------"))
		return "1";
	return !strcmp(rsc + 26, "--------") ? "2" : "3";
}

static void info_said(struct w *w, const char *code, const char *value)
{
	ow_start(w, "ExtendedInfo");
	ow_attrs(w, (const char *const[]){ "Type", "UI", "Code", code,
					   "Value", value, NULL });
	ow_end(w);
}

static void info(struct w *w, const char *code, const char *value)
{
	if (value && *value)
		info_said(w, code, value);
}

/* The event's code is the results code's, but for a unit of the
 * schedule alone the data gave none (a ceremony, a qualification
 * session): it is said then, even empty. */
static int code_said(const struct pd_unit_rec *u)
{
	struct pd_rsc rsc;

	return pd_rsc_parse(u->rsc, &rsc, NULL, 0, NULL) < 0 ||
	       strcmp(rsc.event, u->event_code);
}

/* The day is said only where the start does not say it: a unit without
 * a start, or one whose day the data gave at another offset. */
static int day_said(const struct pd_unit_rec *u)
{
	return *u->day && strncmp(u->start, u->day, 10);
}

static void unit(struct w *w, const struct pd_unit_rec *u)
{
	char status[32];

	pd_odf_schedule_status(u->status, status, sizeof(status));
	ow_start(w, "Unit");
	ow_attr(w, "Code", u->rsc);
	ow_attr(w, "PhaseType", phase_type(u->rsc));
	ow_attr(w, "ScheduleStatus", status);
	ow_attr_opt(w, "StartDate", u->start);
	ow_attr_opt(w, "EndDate", u->end);
	ow_attr_opt(w, "Medal", !strcmp(u->medal, "gold") ? "ME_GOLD" :
		    !strcmp(u->medal, "bronze") ? "ME_BRONZE" : "");
	ow_start(w, "ItemName");
	ow_attrs(w, (const char *const[]){ "Language", "ENG", "Value",
					   u->phase, NULL });
	ow_end(w);
	if (*u->venue || *u->location) {
		ow_start(w, "VenueDescription");
		ow_attr(w, "VenueName", u->venue);
		ow_attr_opt(w, "LocationName", u->location);
		ow_end(w);
	}
	ow_start(w, "ExtendedInfos");
	info(w, "DISCIPLINE", u->discipline);
	info(w, "EVENT", u->event);
	if (code_said(u))
		info_said(w, "EVENT_CODE", u->event_code);
	if (day_said(u))
		info(w, "DAY", u->day);
	info(w, "RULES", u->rules);
	ow_end(w);
	ow_end(w);
}

/* A message: the envelope, and in its Competition what body writes. */
static int message(struct pd_buf *out, const struct pd_odf_units *u,
		   void (*body)(struct w *w, const struct pd_odf_units *u))
{
	xmlBufferPtr buf;
	struct w w;
	int ret;

	if ((ret = ow_open_doc(&w, &buf)) < 0)
		return ret;
	ow_head(&w, &u->head);
	ow_start(&w, "Competition");
	body(&w, u);
	ow_end(&w);
	ow_end(&w);
	return ow_close_doc(&w, buf, out);
}

static void schedule(struct w *w, const struct pd_odf_units *u)
{
	size_t i;

	for (i = 0; i < u->nunits; i++)
		unit(w, &u->units[i]);
}

int pd_odf_write_schedule(struct pd_buf *out, const struct pd_odf_units *u)
{
	return message(out, u, schedule);
}

/* Does row i share its rank with another row of the unit? */
static int tied(const struct pd_odf_units *u, size_t i)
{
	size_t j;

	for (j = 0; u->results[i].rank && j < u->nresults; j++)
		if (j != i && u->results[j].rank == u->results[i].rank)
			return 1;
	return 0;
}

static void competitor(struct w *w, const struct pd_unit_result_rec *r)
{
	ow_start(w, "Competitor");
	ow_attrs(w, (const char *const[]){ "Code", r->participant, "Type",
					   r->team ? "T" : "A", "Organisation",
					   r->npc, NULL });
	if (r->team) {
		ow_start(w, "Description");
		ow_attr(w, "TeamName", r->name);
		ow_end(w);
	} else {
		ow_start(w, "Composition");
		ow_start(w, "Athlete");
		ow_attrs(w, (const char *const[]){ "Code", r->participant,
						   "Order", "1", NULL });
		ow_start(w, "Description");
		ow_attr(w, "PrintName", r->name);
		ow_end(w);
		ow_end(w);
		ow_end(w);
	}
	ow_end(w);
}

static void result(struct w *w, const struct pd_odf_units *u, size_t i)
{
	const struct pd_unit_result_rec *r = &u->results[i];

	ow_start(w, "Result");
	if (r->rank) {
		ow_attr_long(w, "Rank", r->rank);
		ow_attr(w, "RankEqual", tied(u, i) ? "Y" : "N");
	}
	ow_attr_opt(w, "Result", r->result);
	ow_attr_opt(w, "ResultType", r->result_type);
	ow_attr_opt(w, "IRM", r->irm);
	ow_attr_opt(w, "Diff", r->diff);
	ow_attr_opt(w, "QualificationMark", r->qualification);
	ow_attr_opt(w, "WLT", r->wlt);
	ow_attr_long(w, "SortOrder", (long)i + 1);
	if (r->start_order)
		ow_attr_long(w, "StartOrder", r->start_order);
	ow_attr_opt(w, "Bib", r->bib);
	competitor(w, r);
	ow_end(w);
}

static void results(struct w *w, const struct pd_odf_units *u)
{
	const struct pd_unit_rec *un = u->units;
	size_t i;

	if (*un->start || *un->end) {
		ow_start(w, "ExtendedInfos");
		ow_start(w, "UnitDateTime");
		ow_attr_opt(w, "StartDate", un->start);
		ow_attr_opt(w, "EndDate", un->end);
		ow_end(w);
		ow_end(w);
	}
	for (i = 0; i < u->nresults; i++)
		result(w, u, i);
}

int pd_odf_write_unit_result(struct pd_buf *out,
			     const struct pd_odf_units *u)
{
	return message(out, u, results);
}

static void registered(struct w *w, const char *events)
{
	const char *p, *nl;
	char code[64];

	for (p = events; p && *p; p = *nl ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		snprintf(code, sizeof(code), "%.*s", (int)(nl - p), p);
		ow_start(w, "RegisteredEvent");
		ow_attr(w, "Event", code);
		ow_end(w);
	}
}

static void participants(struct w *w, const struct pd_odf_units *u)
{
	const struct pd_odf_partic *p;
	size_t i;

	for (i = 0; i < u->npartic; i++) {
		p = &u->partic[i];
		ow_start(w, "Participant");
		ow_attrs(w, (const char *const[]){ "Code", p->code,
						   "Organisation", p->npc,
						   "PrintName", p->name,
						   "Current", "true", NULL });
		ow_start(w, "Discipline");
		ow_attr(w, "Code", p->discipline);
		registered(w, p->events);
		ow_end(w);
		ow_end(w);
	}
}

int pd_odf_write_partic(struct pd_buf *out, const struct pd_odf_units *u)
{
	return message(out, u, participants);
}

/* A roster as store_units.h keeps it: code US name, joined by RS. */
static void roster(struct w *w, const char *members)
{
	const char *p;
	char code[128], name[512];
	long order = 1;

	if (!members || !*members)
		return;		/* a team whose roster the data lacks */
	ow_start(w, "Composition");
	for (p = members; *p;) {
		p = pd_unit_member_next(p, code, sizeof(code), name,
					sizeof(name));
		ow_start(w, "Athlete");
		ow_attr(w, "Code", code);
		ow_attr_long(w, "Order", order++);
		ow_attr(w, "Name", name);
		ow_end(w);
	}
	ow_end(w);
}

static void teams(struct w *w, const struct pd_odf_units *u)
{
	const struct pd_unit_team_rec *t;
	char disc[4];
	size_t i;

	for (i = 0; i < u->nteams; i++) {
		t = &u->teams[i];
		snprintf(disc, sizeof(disc), "%.3s", t->code);
		ow_start(w, "Team");
		ow_attrs(w, (const char *const[]){ "Code", t->code,
						   "Organisation", t->npc,
						   "Name", t->name,
						   "Current", "true", NULL });
		roster(w, t->members);
		ow_start(w, "Discipline");
		ow_attr(w, "Code", disc);
		ow_attr(w, "Name", t->discipline);
		ow_end(w);
		ow_end(w);
	}
}

int pd_odf_write_teams(struct pd_buf *out, const struct pd_odf_units *u)
{
	return message(out, u, teams);
}
