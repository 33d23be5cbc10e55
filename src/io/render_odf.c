/* render_odf.c -- the ODF messages podium writes (odf.h), through
 * libxml2's xmlTextWriter: DT_MEDALS, DT_MEDALLISTS and DT_RESULT.
 *
 * The writer escapes every attribute and text itself; what this file
 * decides is the shape, which docs/ODF.md explains and docs/odf.xsd
 * holds.  Every call's result is folded into one error flag (W() below)
 * so that the shape reads top to bottom like the XML it makes. */
#include <stdio.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "podium/odf.h"
#include "render_odf_int.h"

static const char *const medal_code[3] = { "ME_GOLD", "ME_SILVER",
					   "ME_BRONZE" };

static void notes(struct w *w, const struct pd_odf_note *v, size_t n)
{
	size_t i;

	if (!n)
		return;
	ow_start(w, "Notes");
	for (i = 0; i < n; i++) {
		ow_start(w, "Note");
		ow_attr_long(w, "Version", v[i].version);
		ow_attr(w, "Type", "SANCTION");
		ow_attr(w, "Action", v[i].action);
		ow_attr_long(w, "Sanction", v[i].sanction);
		ow_attr(w, "Mode", v[i].mode);
		ow_attr(w, "Organisation", v[i].npc);
		ow_attr(w, "Competitor", v[i].competitor);
		ow_attr(w, "Events", v[i].events);
		ow_text(w, v[i].reason);
		ow_end(w);
	}
	ow_end(w);
}

static void medal_number(struct w *w, const char *type, const long m[3])
{
	ow_start(w, "MedalNumber");
	ow_attr(w, "Type", type);
	ow_attr_long(w, "Gold", m[0]);
	ow_attr_long(w, "Silver", m[1]);
	ow_attr_long(w, "Bronze", m[2]);
	ow_attr_long(w, "Total", m[0] + m[1] + m[2]);
	ow_end(w);
}

/* Does row i share its rank with a neighbour? */
static int rank_equal(const struct pd_standings *st, size_t i)
{
	return (i > 0 && st->rows[i - 1].rank == st->rows[i].rank) ||
	       (i + 1 < st->nall && st->rows[i + 1].rank == st->rows[i].rank);
}

static size_t find_row(const struct pd_standings *st, const char *npc)
{
	size_t i;

	for (i = 0; i < st->nall; i++)
		if (!strcmp(st->rows[i].npc, npc))
			break;
	return i;
}

/* The NPC's splits, which start at *at (they are sorted by NPC, then
 * sport "" first): its genders, then one MedalDiscipline per sport. */
static void splits(struct w *w, const struct pd_odf_medals *m,
		   const char *npc)
{
	const struct pd_odf_split *s;
	size_t i, j;
	int open = 0;

	for (i = 0; i < m->nsplits && strcmp(m->splits[i].npc, npc); i++)
		;
	for (j = i; j < m->nsplits && !strcmp(m->splits[j].npc, npc); j++) {
		s = &m->splits[j];
		if (!*s->sport && *s->gender)
			medal_number(w, s->gender, s->medals);
	}
	for (j = i; j < m->nsplits && !strcmp(m->splits[j].npc, npc); j++) {
		s = &m->splits[j];
		if (!*s->sport)
			continue;
		if (!*s->gender) {
			if (open)
				ow_end(w);
			ow_start(w, "MedalDiscipline");
			ow_attr(w, "Discipline", s->sport);
			open = 1;
			medal_number(w, "TOT", s->medals);
		} else if (open) {
			medal_number(w, s->gender, s->medals);
		}
	}
	if (open)
		ow_end(w);
}

static void medal_line(struct w *w, const struct pd_odf_medals *m, size_t i)
{
	const struct pd_standing *r = &m->gold->rows[i];
	size_t t = find_row(m->total, r->npc);

	ow_start(w, "MedalLine");
	ow_attr_long(w, "Rank", r->rank);
	ow_attr(w, "RankEqual", rank_equal(m->gold, i) ? "Y" : "N");
	if (t < m->total->nall) {
		ow_attr_long(w, "RankTotal", m->total->rows[t].rank);
		ow_attr(w, "RankTotalEqual", rank_equal(m->total, t) ? "Y" : "N");
	}
	ow_attr_long(w, "SortRank", (long)i + 1);
	ow_attr(w, "Organisation", r->npc);
	if (m->lang)
		ow_attr_opt(w, "Name", r->printed);
	medal_number(w, "TOT", r->medals);
	splits(w, m, r->npc);
	ow_end(w);
}

int pd_odf_write_medals(struct pd_buf *out, const struct pd_odf_medals *m)
{
	xmlBufferPtr buf;
	struct w w;
	size_t i;
	int ret;

	if ((ret = ow_open_doc(&w, &buf)) < 0)
		return ret;
	ow_head(&w, &m->head);
	ow_start(&w, "Competition");
	ow_start(&w, "MedalStandings");
	ow_attr_opt(&w, "Discipline", m->sport);
	ow_start(&w, "MedalsTable");
	if (m->lang) {
		ow_attr(&w, "Lang", m->lang);
		ow_attr_opt(&w, "Caption", m->caption);
	}
	for (i = 0; i < m->gold->nall; i++)
		medal_line(&w, m, i);
	ow_end(&w);
	ow_start(&w, "MedalsTotal");
	medal_number(&w, "TOT", m->gold->totals.medals);
	ow_end(&w);
	ow_end(&w);
	notes(&w, m->notes, m->nnotes);
	ow_end(&w);
	ow_end(&w);
	return ow_close_doc(&w, buf, out);
}

static void competitor(struct w *w, const struct pd_odf_competitor *c,
		       long sort)
{
	const char *p, *nl;
	char name[512], *tab;

	ow_start(w, "Result");
	if (c->rank) {
		ow_attr_long(w, "Rank", c->rank);
		ow_attr(w, "RankEqual", c->rank_equal ? "Y" : "N");
	}
	ow_attr_opt(w, "Result", c->mark);
	ow_attr_opt(w, "IRM", c->irm);
	ow_attr_long(w, "SortOrder", sort);
	if (c->medal >= 0 && c->medal < 3)
		ow_attr(w, "Medal", medal_code[c->medal]);
	ow_attr_opt(w, "Unit", c->unit);
	ow_start(w, "Competitor");
	ow_attr(w, "Type", c->team ? "T" : "A");
	ow_attr(w, "Organisation", c->npc);
	ow_attr(w, "Name", c->name);
	if (c->members && *c->members) {
		ow_start(w, "Composition");
		for (p = c->members; *p; p = *nl ? nl + 1 : nl) {
			if (!(nl = strchr(p, '\n')))
				nl = p + strlen(p);
			snprintf(name, sizeof(name), "%.*s", (int)(nl - p), p);
			ow_start(w, "Athlete");
			if ((tab = strchr(name, '\t'))) {
				*tab = '\0';
				ow_attr(w, "Code", name);
			}
			ow_attr(w, "Name", tab ? tab + 1 : name);
			ow_end(w);
		}
		ow_end(w);
	}
	ow_end(w);
	for (p = c->records; p && *p; p = *nl ? nl + 1 : nl) {
		if (!(nl = strchr(p, ',')))
			nl = p + strlen(p);
		snprintf(name, sizeof(name), "%.*s", (int)(nl - p), p);
		ow_start(w, "RecordIndicator");
		ow_attr(w, "Code", name);
		ow_end(w);
	}
	ow_end(w);
}

static void event_start(struct w *w, const struct pd_odf_event *e)
{
	ow_start(w, "Event");
	ow_attr_long(w, "Code", e->id);
	ow_attr(w, "Sport", e->sport);
	ow_attr(w, "Name", e->name);
	ow_attr_opt(w, "Gender", e->gender);
	ow_attr_opt(w, "SportClass", e->sport_class);
	ow_attr_opt(w, "Date", e->date);
	if (e->status)
		ow_attr_opt(w, "ResultStatus", pd_odf_status(e->status));
	ow_attr(w, "Team", e->team ? "Y" : "N");
	ow_attr_opt(w, "RSC", e->rsc);
}

int pd_odf_write_results(struct pd_buf *out, const struct pd_odf_results *r)
{
	xmlBufferPtr buf;
	size_t e, i = 0;
	long sort;
	struct w w;
	int ret;

	if ((ret = ow_open_doc(&w, &buf)) < 0)
		return ret;
	ow_head(&w, &r->head);
	ow_start(&w, "Competition");
	for (e = 0; e < r->nevents; e++) {
		event_start(&w, &r->events[e]);
		for (sort = 1; i < r->n && r->v[i].event == (long)e; i++)
			competitor(&w, &r->v[i], sort++);
		ow_end(&w);
	}
	notes(&w, r->notes, r->nnotes);
	ow_end(&w);
	ow_end(&w);
	return ow_close_doc(&w, buf, out);
}

const char *pd_odf_status(const char *s)
{
	static const char *const map[][2] = {
		{ "scheduled", "START_LIST" }, { "live", "LIVE" },
		{ "unofficial", "UNOFFICIAL" }, { "official", "OFFICIAL" },
		{ "protested", "PROTESTED" }, { "provisional", "PROVISIONAL" },
	};
	size_t i;

	for (i = 0; s && i < sizeof(map) / sizeof(*map); i++)
		if (!strcmp(map[i][0], s))
			return map[i][1];
	return "";
}
