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

static const char *const medal_code[3] = { "ME_GOLD", "ME_SILVER",
					   "ME_BRONZE" };

struct w {
	xmlTextWriterPtr x;
	int err;
};

static void start(struct w *w, const char *name)
{
	if (!w->err && xmlTextWriterStartElement(w->x, BAD_CAST name) < 0)
		w->err = 1;
}

static void end(struct w *w)
{
	if (!w->err && xmlTextWriterEndElement(w->x) < 0)
		w->err = 1;
}

static void attr(struct w *w, const char *name, const char *value)
{
	if (!w->err && value &&
	    xmlTextWriterWriteAttribute(w->x, BAD_CAST name,
					BAD_CAST value) < 0)
		w->err = 1;
}

/* An attribute left out when it has nothing to say. */
static void attr_opt(struct w *w, const char *name, const char *value)
{
	if (value && *value)
		attr(w, name, value);
}

static void attr_long(struct w *w, const char *name, long v)
{
	char num[24];

	snprintf(num, sizeof(num), "%ld", v);
	attr(w, name, num);
}

static void text(struct w *w, const char *s)
{
	if (!w->err && s && *s && xmlTextWriterWriteString(w->x,
							   BAD_CAST s) < 0)
		w->err = 1;
}

static int open_doc(struct w *w, xmlBufferPtr *buf)
{
	int ret;

	memset(w, 0, sizeof(*w));
	if ((ret = pd_odf_load(NULL)) < 0)
		return ret;
	if (!(*buf = xmlBufferCreate()))
		return PD_ENOMEM;
	if (!(w->x = xmlNewTextWriterMemory(*buf, 0))) {
		xmlBufferFree(*buf);
		return PD_ENOMEM;
	}
	if (xmlTextWriterSetIndent(w->x, 1) < 0 ||
	    xmlTextWriterSetIndentString(w->x, BAD_CAST "  ") < 0 ||
	    xmlTextWriterStartDocument(w->x, "1.0", "UTF-8", NULL) < 0)
		w->err = 1;
	return 0;
}

/* End the document and hand its bytes to out. */
static int close_doc(struct w *w, xmlBufferPtr buf, struct pd_buf *out)
{
	int ret;

	if (!w->err && xmlTextWriterEndDocument(w->x) < 0)
		w->err = 1;
	xmlFreeTextWriter(w->x);
	ret = w->err ? PD_EINVAL :
	      pd_buf_add(out, xmlBufferContent(buf),
			 (size_t)xmlBufferLength(buf));
	xmlBufferFree(buf);
	return ret;
}

/* The attributes of kv: name, value, name, value, ... up to a NULL name
 * (a NULL value is left out, as attr() does). */
static void attrs(struct w *w, const char *const *kv)
{
	for (; kv[0]; kv += 2)
		attr(w, kv[0], kv[1]);
}

static void head(struct w *w, const struct pd_odf_head *h)
{
	char version[24];

	snprintf(version, sizeof(version), "%ld", h->version);
	start(w, "OdfBody");
	attrs(w, (const char *const[]){
		"CompetitionCode", h->competition,
		"DocumentCode", h->document_code,
		"DocumentType", h->document_type,
		"Version", version,
		"ResultStatus", h->status,
		"FeedFlag", "P",
		"Date", h->date,
		"Time", h->time,
		"LogicalDate", h->date,
		"Source", "PODIUM",
		NULL });
}

static void notes(struct w *w, const struct pd_odf_note *v, size_t n)
{
	size_t i;

	if (!n)
		return;
	start(w, "Notes");
	for (i = 0; i < n; i++) {
		start(w, "Note");
		attr_long(w, "Version", v[i].version);
		attr(w, "Type", "SANCTION");
		attr(w, "Action", v[i].action);
		attr_long(w, "Sanction", v[i].sanction);
		attr(w, "Mode", v[i].mode);
		attr(w, "Organisation", v[i].npc);
		attr(w, "Competitor", v[i].competitor);
		attr(w, "Events", v[i].events);
		text(w, v[i].reason);
		end(w);
	}
	end(w);
}

static void medal_number(struct w *w, const char *type, const long m[3])
{
	start(w, "MedalNumber");
	attr(w, "Type", type);
	attr_long(w, "Gold", m[0]);
	attr_long(w, "Silver", m[1]);
	attr_long(w, "Bronze", m[2]);
	attr_long(w, "Total", m[0] + m[1] + m[2]);
	end(w);
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
				end(w);
			start(w, "MedalDiscipline");
			attr(w, "Discipline", s->sport);
			open = 1;
			medal_number(w, "TOT", s->medals);
		} else if (open) {
			medal_number(w, s->gender, s->medals);
		}
	}
	if (open)
		end(w);
}

static void medal_line(struct w *w, const struct pd_odf_medals *m, size_t i)
{
	const struct pd_standing *r = &m->gold->rows[i];
	size_t t = find_row(m->total, r->npc);

	start(w, "MedalLine");
	attr_long(w, "Rank", r->rank);
	attr(w, "RankEqual", rank_equal(m->gold, i) ? "Y" : "N");
	if (t < m->total->nall) {
		attr_long(w, "RankTotal", m->total->rows[t].rank);
		attr(w, "RankTotalEqual", rank_equal(m->total, t) ? "Y" : "N");
	}
	attr_long(w, "SortRank", (long)i + 1);
	attr(w, "Organisation", r->npc);
	if (m->lang)
		attr_opt(w, "Name", r->printed);
	medal_number(w, "TOT", r->medals);
	splits(w, m, r->npc);
	end(w);
}

int pd_odf_write_medals(struct pd_buf *out, const struct pd_odf_medals *m)
{
	xmlBufferPtr buf;
	struct w w;
	size_t i;
	int ret;

	if ((ret = open_doc(&w, &buf)) < 0)
		return ret;
	head(&w, &m->head);
	start(&w, "Competition");
	start(&w, "MedalStandings");
	attr_opt(&w, "Discipline", m->sport);
	start(&w, "MedalsTable");
	if (m->lang) {
		attr(&w, "Lang", m->lang);
		attr_opt(&w, "Caption", m->caption);
	}
	for (i = 0; i < m->gold->nall; i++)
		medal_line(&w, m, i);
	end(&w);
	start(&w, "MedalsTotal");
	medal_number(&w, "TOT", m->gold->totals.medals);
	end(&w);
	end(&w);
	notes(&w, m->notes, m->nnotes);
	end(&w);
	end(&w);
	return close_doc(&w, buf, out);
}

static void competitor(struct w *w, const struct pd_odf_competitor *c,
		       long sort)
{
	const char *p, *nl;
	char name[512], *tab;

	start(w, "Result");
	if (c->rank) {
		attr_long(w, "Rank", c->rank);
		attr(w, "RankEqual", c->rank_equal ? "Y" : "N");
	}
	attr_opt(w, "Result", c->mark);
	attr_opt(w, "IRM", c->irm);
	attr_long(w, "SortOrder", sort);
	if (c->medal >= 0 && c->medal < 3)
		attr(w, "Medal", medal_code[c->medal]);
	start(w, "Competitor");
	attr(w, "Type", c->team ? "T" : "A");
	attr(w, "Organisation", c->npc);
	attr(w, "Name", c->name);
	if (c->members && *c->members) {
		start(w, "Composition");
		for (p = c->members; *p; p = *nl ? nl + 1 : nl) {
			if (!(nl = strchr(p, '\n')))
				nl = p + strlen(p);
			snprintf(name, sizeof(name), "%.*s", (int)(nl - p), p);
			start(w, "Athlete");
			if ((tab = strchr(name, '\t'))) {
				*tab = '\0';
				attr(w, "Code", name);
			}
			attr(w, "Name", tab ? tab + 1 : name);
			end(w);
		}
		end(w);
	}
	end(w);
	for (p = c->records; p && *p; p = *nl ? nl + 1 : nl) {
		if (!(nl = strchr(p, ',')))
			nl = p + strlen(p);
		snprintf(name, sizeof(name), "%.*s", (int)(nl - p), p);
		start(w, "RecordIndicator");
		attr(w, "Code", name);
		end(w);
	}
	end(w);
}

static void event_start(struct w *w, const struct pd_odf_event *e)
{
	start(w, "Event");
	attr_long(w, "Code", e->id);
	attr(w, "Sport", e->sport);
	attr(w, "Name", e->name);
	attr_opt(w, "Gender", e->gender);
	attr_opt(w, "SportClass", e->sport_class);
	attr_opt(w, "Date", e->date);
	if (e->status)
		attr_opt(w, "ResultStatus", pd_odf_status(e->status));
	attr(w, "Team", e->team ? "Y" : "N");
}

int pd_odf_write_results(struct pd_buf *out, const struct pd_odf_results *r)
{
	xmlBufferPtr buf;
	size_t e, i = 0;
	long sort;
	struct w w;
	int ret;

	if ((ret = open_doc(&w, &buf)) < 0)
		return ret;
	head(&w, &r->head);
	start(&w, "Competition");
	for (e = 0; e < r->nevents; e++) {
		event_start(&w, &r->events[e]);
		for (sort = 1; i < r->n && r->v[i].event == (long)e; i++)
			competitor(&w, &r->v[i], sort++);
		end(&w);
	}
	notes(&w, r->notes, r->nnotes);
	end(&w);
	end(&w);
	return close_doc(&w, buf, out);
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
