/* odf.c -- reading back the ODF messages podium writes (odf.h): libxml2
 * parses, this walks the tree docs/ODF.md describes and fills struct
 * pd_odf_msg.  Anything else (another DocumentType, a missing attribute,
 * a count that is not a number) is refused naming the file and line: a
 * feed that is read wrong would be published wrong. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "podium/buf.h"
#include "podium/odf.h"

struct rd {
	struct pd_odf_msg *m;
	const char *file;
	struct pd_diag *d;
	size_t aev, av;
};

static int bad(struct rd *r, xmlNodePtr n, const char *what,
	       const char *name)
{
	return pd_diag_set(r->d, PD_EPARSE, r->file, n ? xmlGetLineNo(n) : 0,
			   "%s%s%s in <%s>", what, name ? " " : "",
			   name ? name : "", n ? (const char *)n->name : "?");
}

static int is(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	       !strcmp((const char *)n->name, name);
}

/* The attribute's value kept in the message's pool; NULL if absent (or
 * no memory: *err says which). */
static const char *get(struct rd *r, xmlNodePtr n, const char *name,
		       int *err)
{
	xmlChar *v = xmlGetProp(n, BAD_CAST name);
	struct pd_strings *p = &r->m->pool;
	int ret;

	if (!v)
		return NULL;
	ret = pd_strings_add(p, (const char *)v);
	xmlFree(v);
	if (ret < 0) {
		*err = PD_ENOMEM;
		return NULL;
	}
	return p->v[p->n - 1];
}

/* A required attribute. */
static int need(struct rd *r, xmlNodePtr n, const char *name,
		const char **out)
{
	int err = 0;

	if (!(*out = get(r, n, name, &err)))
		return err ? err : bad(r, n, "missing attribute", name);
	return 0;
}

static int opt(struct rd *r, xmlNodePtr n, const char *name,
	       const char **out)
{
	int err = 0;

	if (!(*out = get(r, n, name, &err)))
		*out = "";
	return err;
}

static int number(struct rd *r, xmlNodePtr n, const char *name, long *out,
		  int required)
{
	const char *v;
	char *end;
	int ret;

	*out = 0;
	if ((ret = required ? need(r, n, name, &v) : opt(r, n, name, &v)) < 0)
		return ret;
	if (!*v && !required)
		return 0;
	*out = strtol(v, &end, 10);
	if (!*v || *end || *out < 0 || *out > 1000000000L)
		return bad(r, n, "not a count:", name);
	return 0;
}

static int medal_number(struct rd *r, xmlNodePtr n, long m[3], long *total)
{
	static const char *const names[3] = { "Gold", "Silver", "Bronze" };
	int i, ret;

	for (i = 0; i < 3; i++)
		if ((ret = number(r, n, names[i], &m[i], 1)) < 0)
			return ret;
	if ((ret = number(r, n, "Total", total, 1)) < 0)
		return ret;
	if (*total != m[0] + m[1] + m[2])
		return bad(r, n, "Total is not Gold + Silver + Bronze:",
			   "Total");
	return 0;
}

/* The whole (TOT) MedalNumber of a line or the totals. */
static int tot(struct rd *r, xmlNodePtr parent, long m[3], long *total)
{
	const char *type;
	xmlNodePtr n;
	int ret;

	for (n = parent->children; n; n = n->next) {
		if (!is(n, "MedalNumber"))
			continue;
		if ((ret = need(r, n, "Type", &type)) < 0)
			return ret;
		if (!strcmp(type, "TOT"))
			return medal_number(r, n, m, total);
	}
	return bad(r, parent, "no MedalNumber Type=\"TOT\"", NULL);
}

static int medal_line(struct rd *r, xmlNodePtr n, long *prev)
{
	struct pd_published_row *row;
	const char *npc, *name, *eq;
	long rank, m[3], total;
	int ret;

	if ((ret = need(r, n, "Organisation", &npc)) < 0 ||
	    (ret = opt(r, n, "Name", &name)) < 0 ||
	    (ret = opt(r, n, "RankEqual", &eq)) < 0 ||
	    (ret = number(r, n, "Rank", &rank, 1)) < 0 ||
	    (ret = tot(r, n, m, &total)) < 0)
		return ret;
	if (strlen(npc) >= PD_CODE_MAX)
		return bad(r, n, "not an NPC code:", "Organisation");
	/* a tied line prints no rank, as the published tables do */
	if ((ret = pd_published_add(&r->m->pub, xmlGetLineNo(n),
				    !(!strcmp(eq, "Y") && rank == *prev), rank,
				    *name ? name : npc, m, total, &row)) < 0)
		return ret;
	snprintf(row->npc, sizeof(row->npc), "%s", npc);
	*prev = rank;
	return 0;
}

static int medals(struct rd *r, xmlNodePtr comp)
{
	struct pd_published *p = &r->m->pub;
	xmlNodePtr st, n, t;
	const char *lang, *caption;
	long prev = -1;
	int ret;

	for (st = comp->children; st && !is(st, "MedalStandings"); st = st->next)
		;
	if (!st)
		return bad(r, comp, "no MedalStandings", NULL);
	if (xmlHasProp(st, BAD_CAST "Discipline"))
		r->m->one_sport = xmlGetLineNo(st);
	for (n = st->children; n; n = n->next) {
		if (is(n, "MedalsTable")) {
			if ((ret = opt(r, n, "Lang", &lang)) < 0 ||
			    (ret = opt(r, n, "Caption", &caption)) < 0)
				return ret;
			if (strlen(lang) >= sizeof(p->lang))
				return bad(r, n, "not a language:", "Lang");
			strcpy(p->lang, lang);
			if (*caption && !(p->caption = strdup(caption)))
				return PD_ENOMEM;
			r->m->has_caption = *caption != '\0';
			for (t = n->children; t; t = t->next)
				if (is(t, "MedalLine") &&
				    (ret = medal_line(r, t, &prev)) < 0)
					return ret;
		} else if (is(n, "MedalsTotal")) {
			if ((ret = tot(r, n, p->totals, &p->totals[3])) < 0)
				return ret;
			p->has_totals = 1;
			p->totals_line = xmlGetLineNo(n);
		}
	}
	return 0;
}

/* "OFFICIAL" -> "official"; NULL if not one of ours. */
static const char *status_back(const char *odf)
{
	static const char *const st[] = { "scheduled", "live", "unofficial",
					  "official", "protested",
					  "provisional" };
	size_t i;

	for (i = 0; i < sizeof(st) / sizeof(*st); i++)
		if (!strcmp(pd_odf_status(st[i]), odf))
			return st[i];
	return NULL;
}

static int event(struct rd *r, xmlNodePtr n, struct pd_odf_event *e)
{
	const char *team, *status;
	int ret;

	memset(e, 0, sizeof(*e));
	e->line = xmlGetLineNo(n);
	if ((ret = number(r, n, "Code", &e->id, 1)) < 0 ||
	    (ret = need(r, n, "Sport", &e->sport)) < 0 ||
	    (ret = need(r, n, "Name", &e->name)) < 0 ||
	    (ret = opt(r, n, "Gender", &e->gender)) < 0 ||
	    (ret = opt(r, n, "SportClass", &e->sport_class)) < 0 ||
	    (ret = opt(r, n, "Date", &e->date)) < 0 ||
	    (ret = opt(r, n, "ResultStatus", &status)) < 0 ||
	    (ret = opt(r, n, "Team", &team)) < 0)
		return ret;
	e->team = !strcmp(team, "Y");
	if (*status && !(e->status = status_back(status)))
		return bad(r, n, "unknown", "ResultStatus");
	if (!e->status)
		e->status = "";
	return 0;
}

/* The Composition's athletes joined by '\n', into the pool. */
static int members(struct rd *r, xmlNodePtr comp, const char **out)
{
	struct pd_buf b;
	xmlNodePtr c, a;
	xmlChar *v, *code;
	int ret = 0;

	*out = "";
	pd_buf_init(&b, 0);
	for (c = comp->children; c; c = c->next)
		for (a = is(c, "Composition") ? c->children : NULL; a && !ret;
		     a = a->next) {
			if (!is(a, "Athlete"))
				continue;
			if (!(v = xmlGetProp(a, BAD_CAST "Name"))) {
				ret = bad(r, a, "missing attribute", "Name");
				break;
			}
			code = xmlGetProp(a, BAD_CAST "Code");
			if (strchr((const char *)v, '\n') ||
			    strchr((const char *)v, '\t') || (code &&
			    (strchr((const char *)code, '\n') ||
			     strchr((const char *)code, '\t'))))
				ret = bad(r, a, "a line break or tab in",
					  "Name or Code");
			if (ret == 0 && b.len)
				ret = pd_buf_addc(&b, '\n');
			if (ret == 0)
				ret = pd_buf_addf(&b, "%s\t%s", code ?
						  (const char *)code : "",
						  (const char *)v);
			xmlFree(v);
			xmlFree(code);
		}
	if (ret == 0 && b.len) {
		ret = pd_strings_add(&r->m->pool, b.data);
		*out = ret < 0 ? "" : r->m->pool.v[r->m->pool.n - 1];
	}
	pd_buf_release(&b);
	return ret;
}

static int records(struct rd *r, xmlNodePtr res, const char **out)
{
	struct pd_buf b;
	xmlNodePtr n;
	xmlChar *v;
	int ret = 0;

	*out = "";
	pd_buf_init(&b, 0);
	for (n = res->children; n && !ret; n = n->next) {
		if (!is(n, "RecordIndicator") ||
		    !(v = xmlGetProp(n, BAD_CAST "Code")))
			continue;
		if (b.len)
			ret = pd_buf_addc(&b, ',');
		if (ret == 0)
			ret = pd_buf_adds(&b, (const char *)v);
		xmlFree(v);
	}
	if (ret == 0 && b.len) {
		ret = pd_strings_add(&r->m->pool, b.data);
		*out = ret < 0 ? "" : r->m->pool.v[r->m->pool.n - 1];
	}
	pd_buf_release(&b);
	return ret;
}

static int result(struct rd *r, xmlNodePtr n, long ev,
		  struct pd_odf_competitor *c)
{
	static const char *const codes[3] = { "ME_GOLD", "ME_SILVER",
					      "ME_BRONZE" };
	const char *medal, *type, *npc, *eq;
	xmlNodePtr comp;
	int ret, i;

	memset(c, 0, sizeof(*c));
	c->event = ev;
	c->medal = -1;
	c->line = xmlGetLineNo(n);
	for (comp = n->children; comp && !is(comp, "Competitor");
	     comp = comp->next)
		;
	if (!comp)
		return bad(r, n, "no Competitor", NULL);
	if ((ret = number(r, n, "Rank", &c->rank, 0)) < 0 ||
	    (ret = opt(r, n, "RankEqual", &eq)) < 0 ||
	    (ret = opt(r, n, "Result", &c->mark)) < 0 ||
	    (ret = opt(r, n, "IRM", &c->irm)) < 0 ||
	    (ret = opt(r, n, "Medal", &medal)) < 0 ||
	    (ret = need(r, comp, "Type", &type)) < 0 ||
	    (ret = need(r, comp, "Organisation", &npc)) < 0 ||
	    (ret = need(r, comp, "Name", &c->name)) < 0 ||
	    (ret = members(r, comp, &c->members)) < 0 ||
	    (ret = records(r, n, &c->records)) < 0)
		return ret;
	c->rank_equal = !strcmp(eq, "Y");
	for (i = 0; i < 3 && *medal; i++)
		if (!strcmp(medal, codes[i]))
			c->medal = i;
	if (*medal && c->medal < 0)
		return bad(r, n, "unknown", "Medal");
	if (strcmp(type, "A") && strcmp(type, "T"))
		return bad(r, comp, "Type is A or T:", "Type");
	c->team = !strcmp(type, "T");
	if (strlen(npc) >= PD_CODE_MAX)
		return bad(r, comp, "not an NPC code:", "Organisation");
	snprintf(c->npc, sizeof(c->npc), "%s", npc);
	return 0;
}

static int events(struct rd *r, xmlNodePtr comp)
{
	struct pd_odf_msg *m = r->m;
	xmlNodePtr e, n;
	int ret;

	for (e = comp->children; e; e = e->next) {
		if (!is(e, "Event"))
			continue;
		if ((ret = pd_grow(&m->events, m->nevents, &r->aev,
				   sizeof(*m->events), 64)) < 0 ||
		    (ret = event(r, e, &m->events[m->nevents])) < 0)
			return ret;
		m->nevents++;
		for (n = e->children; n; n = n->next) {
			if (!is(n, "Result"))
				continue;
			if ((ret = pd_grow(&m->v, m->n, &r->av,
					   sizeof(*m->v), 64)) < 0 ||
			    (ret = result(r, n, (long)m->nevents - 1,
					  &m->v[m->n])) < 0)
				return ret;
			m->n++;
		}
	}
	return 0;
}

static int body(struct rd *r, xmlNodePtr root)
{
	struct pd_odf_msg *m = r->m;
	const char *games, *type, *code, *status;
	xmlNodePtr comp;
	int ret;

	if (!root || !is(root, "OdfBody"))
		return bad(r, root, "not an ODF message: no OdfBody", NULL);
	if ((ret = need(r, root, "CompetitionCode", &games)) < 0 ||
	    (ret = need(r, root, "DocumentType", &type)) < 0 ||
	    (ret = need(r, root, "DocumentCode", &code)) < 0 ||
	    (ret = need(r, root, "ResultStatus", &status)) < 0 ||
	    (ret = number(r, root, "Version", &m->version, 1)) < 0)
		return ret;
	if (strlen(games) >= sizeof(m->competition) ||
	    strlen(code) >= sizeof(m->document_code) ||
	    strlen(status) >= sizeof(m->status))
		return bad(r, root, "too long: an attribute", NULL);
	strcpy(m->competition, games);
	strcpy(m->document_code, code);
	strcpy(m->status, status);
	for (comp = root->children; comp && !is(comp, "Competition");
	     comp = comp->next)
		;
	if (!comp)
		return bad(r, root, "no Competition", NULL);
	if (!strcmp(type, "DT_MEDALS")) {
		m->type = PD_ODF_MEDALS;
		return medals(r, comp);
	}
	if (!strcmp(type, "DT_MEDALLISTS") || !strcmp(type, "DT_RESULT")) {
		m->type = type[3] == 'M' ? PD_ODF_MEDALLISTS : PD_ODF_RESULT;
		return events(r, comp);
	}
	return bad(r, root, "DocumentType is not DT_MEDALS, DT_MEDALLISTS or "
		   "DT_RESULT:", type);
}

int pd_odf_parse(struct pd_odf_msg *out, const char *data, size_t len,
		 const char *file, struct pd_diag *diag)
{
	struct rd r;
	xmlDocPtr doc;
	const xmlError *e;
	char msg[200];
	int ret;

	memset(out, 0, sizeof(*out));
	pd_published_init(&out->pub);
	pd_strings_init(&out->pool);
	memset(&r, 0, sizeof(r));
	r.m = out;
	r.file = file;
	r.d = diag;
	if (len > (size_t)1 << 30)
		return pd_diag_set(diag, PD_ETOOBIG, file, 0, "over 1 GiB");
	if ((ret = pd_odf_load(diag)) < 0)
		return ret;
	xmlResetLastError();
	doc = xmlReadMemory(data, (int)len, file, NULL,
			    XML_PARSE_NONET | XML_PARSE_NOBLANKS |
			    XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (!doc) {
		e = xmlGetLastError();
		snprintf(msg, sizeof(msg), "%s", e && e->message ? e->message :
			 "unreadable");
		msg[strcspn(msg, "\n")] = '\0';
		return pd_diag_set(diag, PD_EPARSE, file, e ? e->line : 0,
				   "not XML: %s", msg);
	}
	ret = body(&r, xmlDocGetRootElement(doc));
	xmlFreeDoc(doc);
	if (ret < 0)
		pd_odf_msg_release(out);
	return ret;
}

void pd_odf_msg_release(struct pd_odf_msg *m)
{
	pd_published_release(&m->pub);
	pd_strings_release(&m->pool);
	free(m->events);
	free(m->v);
	m->events = NULL;
	m->v = NULL;
	m->n = m->nevents = 0;
}
