/* odf.c -- reading back the ODF messages podium writes (odf.h): libxml2
 * parses, this walks the tree docs/ODF.md describes and fills struct
 * pd_odf_msg.  Anything else (another DocumentType, a missing attribute,
 * a count that is not a number, an IRM that is not one) is refused naming
 * the file, the line and the attribute: a feed that is read wrong would be
 * published wrong.
 *
 * Some input is refused at the door, while libxml2 reads, before any of
 * it becomes a tree (gate, below): a DOCTYPE (and with it every entity
 * declaration: libxml2 expands an entity referenced in an attribute again
 * for each reference, so one declaration can cost minutes), and a message
 * over the caps of odf.h, whose tree would take gigabytes. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>

#include "podium/buf.h"
#include "podium/odf.h"
#include "podium/results.h"
#include "import.h"
#include "odf_int.h"


static int medal_number(struct rd *r, xmlNodePtr n, long m[3], long *total)
{
	static const char *const names[3] = { "Gold", "Silver", "Bronze" };
	int i, ret;

	for (i = 0; i < 3; i++)
		if ((ret = or_number(r, n, names[i], &m[i], 1)) < 0)
			return ret;
	if ((ret = or_number(r, n, "Total", total, 1)) < 0)
		return ret;
	if (*total != m[0] + m[1] + m[2])
		return or_bad(r, n, "Total is not Gold + Silver + Bronze:",
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
		if (!or_is(n, "MedalNumber"))
			continue;
		if ((ret = or_need(r, n, "Type", &type)) < 0)
			return ret;
		if (!strcmp(type, "TOT"))
			return medal_number(r, n, m, total);
	}
	return or_bad(r, parent, "no MedalNumber Type=\"TOT\"", NULL);
}

/* A line's place in gold-first order: < 0 when it ranks above the line
 * before (m before u), 0 when they tie. */
static int cmp_medals(const long m[3], const long u[3])
{
	int k;

	for (k = 0; k < 3; k++)
		if (m[k] != u[k])
			return m[k] > u[k] ? -1 : 1;
	return 0;
}

/* The lines come in gold-first order and each Rank is its competition
 * rank (1, 2, 2, 4): the line before's when the medals tie, else the
 * line's place. */
static int rank_check(struct rd *r, xmlNodePtr n, const char *npc,
		      long rank, const long m[3])
{
	const struct pd_published *p = &r->m->pub;
	const struct pd_published_row *up = p->n ? &p->rows[p->n - 1] : NULL;
	long place = (long)p->n + 1, want = place;
	char got[24], why[200];
	int c = up ? cmp_medals(m, up->medals) : 1;

	if (c < 0) {
		snprintf(why, sizeof(why), "its medals (%ld %ld %ld) rank "
			 "above those of the line before (%ld %ld %ld): lines "
			 "come in gold-first order", m[0], m[1], m[2],
			 up->medals[0], up->medals[1], up->medals[2]);
		return or_bad_value(r, n, "Organisation", npc, why);
	}
	if (c == 0)
		want = up->rank;
	if (rank == want)
		return 0;
	snprintf(got, sizeof(got), "%ld", rank);
	snprintf(why, sizeof(why), "the line at place %ld ranks %ld (%s, "
		 "competition ranking)", place, want, c == 0 ? "tied with "
		 "the line before" : "gold first");
	return or_bad_value(r, n, "Rank", got, why);
}

static int medal_line(struct rd *r, xmlNodePtr n, long *prev)
{
	struct pd_published_row *row;
	const char *npc, *name, *eq;
	long rank, m[3], total;
	int ret;

	if ((ret = or_need(r, n, "Organisation", &npc)) < 0 ||
	    (ret = or_opt(r, n, "Name", &name)) < 0 ||
	    (ret = or_opt(r, n, "RankEqual", &eq)) < 0 ||
	    (ret = or_number(r, n, "Rank", &rank, 1)) < 0 ||
	    (ret = tot(r, n, m, &total)) < 0)
		return ret;
	if (!*npc || strlen(npc) >= PD_CODE_MAX)
		return or_bad_value(r, n, "Organisation", npc, "not an NPC code");
	if ((ret = rank_check(r, n, npc, rank, m)) < 0)
		return ret;
	/* a tied line prints no rank, as the published tables do */
	if ((ret = pd_published_add(&r->m->pub, xmlGetLineNo(n),
				    !(!strcmp(eq, "Y") && rank == *prev), rank,
				    *name ? name : npc, m, total, &row)) < 0)
		return ret;
	snprintf(row->npc, sizeof(row->npc), "%s", npc);
	*prev = rank;
	return 0;
}

static int by_npc(const void *a, const void *b)
{
	const struct pd_published_row *x = *(const struct pd_published_row *
					     const *)a;
	const struct pd_published_row *y = *(const struct pd_published_row *
					     const *)b;
	int c = strcmp(x->npc, y->npc);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* One MedalLine per NPC: a second would be added to the first. */
static int one_line_each(struct rd *r)
{
	const struct pd_published *p = &r->m->pub;
	const struct pd_published_row **v;
	size_t i;
	int ret = 0;

	if (p->n < 2)
		return 0;
	if (!(v = malloc(p->n * sizeof(*v))))
		return PD_ENOMEM;
	for (i = 0; i < p->n; i++)
		v[i] = &p->rows[i];
	qsort(v, p->n, sizeof(*v), by_npc);
	for (i = 1; i < p->n && ret == 0; i++)
		if (!strcmp(v[i - 1]->npc, v[i]->npc))
			ret = pd_diag_set(r->d, PD_EPARSE, r->file, v[i]->line,
					  "Organisation=\"%s\" in <MedalLine>: "
					  "%s has a MedalLine already, at line "
					  "%ld: one line per NPC", v[i]->npc,
					  v[i]->npc, v[i - 1]->line);
	free(v);
	return ret;
}

/* MedalsTotal is the sum of the lines (ODF.md): one that says otherwise
 * is a message that disagrees with itself. */
static int totals_agree(struct rd *r, xmlNodePtr mt)
{
	static const char *const names[4] = { "Gold", "Silver", "Bronze",
					      "Total" };
	const struct pd_published *p = &r->m->pub;
	long sum[4] = { 0, 0, 0, 0 };
	char got[24], why[80];
	xmlNodePtr n;
	size_t i;
	int k;

	for (i = 0; i < p->n; i++)
		for (k = 0; k < 3; k++) {
			sum[k] += p->rows[i].medals[k];
			sum[3] += p->rows[i].medals[k];
		}
	for (n = mt->children; n && !or_is(n, "MedalNumber"); n = n->next)
		;
	for (k = 0; k < 4; k++) {
		if (p->totals[k] == sum[k])
			continue;
		snprintf(got, sizeof(got), "%ld", p->totals[k]);
		snprintf(why, sizeof(why), "the MedalLines add up to %ld",
			 sum[k]);
		return or_bad_value(r, n ? n : mt, names[k], got, why);
	}
	return 0;
}

static int medals(struct rd *r, xmlNodePtr comp)
{
	struct pd_published *p = &r->m->pub;
	xmlNodePtr st, n, t, mt = NULL;
	const char *lang, *caption;
	long prev = -1;
	int ret;

	for (st = comp->children; st && !or_is(st, "MedalStandings"); st = st->next)
		;
	if (!st)
		return or_bad(r, comp, "no MedalStandings", NULL);
	if (xmlHasProp(st, BAD_CAST "Discipline"))
		r->m->one_sport = xmlGetLineNo(st);
	for (n = st->children; n; n = n->next) {
		if (or_is(n, "MedalsTable")) {
			if ((ret = or_opt(r, n, "Lang", &lang)) < 0 ||
			    (ret = or_opt(r, n, "Caption", &caption)) < 0)
				return ret;
			if (strlen(lang) >= sizeof(p->lang))
				return or_bad_value(r, n, "Lang", lang,
						 "not a language");
			strcpy(p->lang, lang);
			free(p->caption);
			p->caption = NULL;
			if (*caption && !(p->caption = strdup(caption)))
				return PD_ENOMEM;
			r->m->has_caption = *caption != '\0';
			for (t = n->children; t; t = t->next)
				if (or_is(t, "MedalLine") &&
				    (ret = medal_line(r, t, &prev)) < 0)
					return ret;
		} else if (or_is(n, "MedalsTotal")) {
			if ((ret = tot(r, n, p->totals, &p->totals[3])) < 0)
				return ret;
			p->has_totals = 1;
			p->totals_line = xmlGetLineNo(n);
			mt = n;
		}
	}
	if ((ret = one_line_each(r)) < 0)
		return ret;
	return mt ? totals_agree(r, mt) : 0;
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

/* An event's gender as podium keeps it: ODF's code, or the word an
 * imported file gave for one ("Men's"); "" for none. */
static int gender_ok(const char *g)
{
	return !*g || (strlen(g) == 1 && strchr("MWXO", *g)) ||
	       (!strchr(g, ' ') && *pd_import_name_gender(g));
}

static int event(struct rd *r, xmlNodePtr n, struct pd_odf_event *e)
{
	const char *team, *status;
	int ret;

	memset(e, 0, sizeof(*e));
	e->line = xmlGetLineNo(n);
	if ((ret = or_number(r, n, "Code", &e->id, 1)) < 0 ||
	    (ret = or_need(r, n, "Sport", &e->sport)) < 0 ||
	    (ret = or_need(r, n, "Name", &e->name)) < 0 ||
	    (ret = or_opt(r, n, "Gender", &e->gender)) < 0 ||
	    (ret = or_opt(r, n, "SportClass", &e->sport_class)) < 0 ||
	    (ret = or_opt(r, n, "Date", &e->date)) < 0 ||
	    (ret = or_opt(r, n, "ResultStatus", &status)) < 0 ||
	    (ret = or_opt(r, n, "Team", &team)) < 0)
		return ret;
	e->team = !strcmp(team, "Y");
	if (*status && !(e->status = status_back(status)))
		return or_bad(r, n, "unknown", "ResultStatus");
	if (!e->status)
		e->status = "";
	if (!gender_ok(e->gender))
		return or_bad_value(r, n, "Gender", e->gender, "not a gender: M, "
				 "W, X or O (or Men, Women, Mixed, Open)");
	if (*e->date && !or_date_ok(e->date))
		return or_bad_value(r, n, "Date", e->date, "not a date "
				 "(YYYY-MM-DD)");
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
		for (a = or_is(c, "Composition") ? c->children : NULL; a && !ret;
		     a = a->next) {
			if (!or_is(a, "Athlete"))
				continue;
			if (!(v = xmlGetProp(a, BAD_CAST "Name"))) {
				ret = or_bad(r, a, "missing attribute", "Name");
				break;
			}
			code = xmlGetProp(a, BAD_CAST "Code");
			if (strchr((const char *)v, '\n') ||
			    strchr((const char *)v, '\t') || (code &&
			    (strchr((const char *)code, '\n') ||
			     strchr((const char *)code, '\t'))))
				ret = or_bad(r, a, "a line break or tab in",
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
		if (!or_is(n, "RecordIndicator") ||
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
	for (comp = n->children; comp && !or_is(comp, "Competitor");
	     comp = comp->next)
		;
	if (!comp)
		return or_bad(r, n, "no Competitor", NULL);
	if ((ret = or_number(r, n, "Rank", &c->rank, 0)) < 0 ||
	    (ret = or_opt(r, n, "RankEqual", &eq)) < 0 ||
	    (ret = or_opt(r, n, "Result", &c->mark)) < 0 ||
	    (ret = or_opt(r, n, "IRM", &c->irm)) < 0 ||
	    (ret = or_opt(r, n, "Medal", &medal)) < 0 ||
	    (ret = or_need(r, comp, "Type", &type)) < 0 ||
	    (ret = or_need(r, comp, "Organisation", &npc)) < 0 ||
	    (ret = or_need(r, comp, "Name", &c->name)) < 0 ||
	    (ret = members(r, comp, &c->members)) < 0 ||
	    (ret = records(r, n, &c->records)) < 0)
		return ret;
	c->rank_equal = !strcmp(eq, "Y");
	for (i = 0; i < 3 && *medal; i++)
		if (!strcmp(medal, codes[i]))
			c->medal = i;
	if (*medal && c->medal < 0)
		return or_bad_value(r, n, "Medal", medal, "not ME_GOLD, ME_SILVER "
				 "or ME_BRONZE");
	if (pd_irm_parse(c->irm) < 0)
		return or_bad_value(r, n, "IRM", c->irm, "not an IRM code (DNS, "
				 "DNF, DSQ, DQB, DNQ, NM, RET, WDR, ABS, LAP)");
	if (strcmp(type, "A") && strcmp(type, "T"))
		return or_bad(r, comp, "Type is A or T:", "Type");
	c->team = !strcmp(type, "T");
	if (strlen(npc) >= PD_CODE_MAX)
		return or_bad(r, comp, "not an NPC code:", "Organisation");
	snprintf(c->npc, sizeof(c->npc), "%s", npc);
	return 0;
}

/* The first <Result> under n that is not an Event's own: read as no
 * result at all, it would leave its event with none. */
static xmlNodePtr stray_result(xmlNodePtr n)
{
	xmlNodePtr c, s;

	for (c = n->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (or_is(c, "Result") && !or_is(n, "Event"))
			return c;
		if ((s = stray_result(c)))
			return s;
	}
	return NULL;
}

static int events(struct rd *r, xmlNodePtr comp)
{
	struct pd_odf_msg *m = r->m;
	xmlNodePtr e, n;
	int ret;

	if ((n = stray_result(comp)))
		return pd_diag_set(r->d, PD_EPARSE, r->file, xmlGetLineNo(n),
				   "<Result> in <%s>, not in an <Event>: a "
				   "result belongs to the event it is in",
				   (const char *)n->parent->name);
	for (e = comp->children; e; e = e->next) {
		if (!or_is(e, "Event"))
			continue;
		if ((ret = pd_grow(&m->events, m->nevents, &r->aev,
				   sizeof(*m->events), 64)) < 0 ||
		    (ret = event(r, e, &m->events[m->nevents])) < 0)
			return ret;
		m->nevents++;
		for (n = e->children; n; n = n->next) {
			if (!or_is(n, "Result"))
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

	if (root && root->ns)
		return or_bad_value(r, root, "xmlns", root->ns->href ?
				 (const char *)root->ns->href : "", "a "
				 "namespace: podium's ODF messages use none");
	if (!root || !or_is(root, "OdfBody"))
		return or_bad(r, root, "not an ODF message: no OdfBody", NULL);
	if ((ret = or_need(r, root, "CompetitionCode", &games)) < 0 ||
	    (ret = or_need(r, root, "DocumentType", &type)) < 0 ||
	    (ret = or_need(r, root, "DocumentCode", &code)) < 0 ||
	    (ret = or_opt(r, root, "ResultStatus", &status)) < 0 ||
	    (ret = or_number(r, root, "Version", &m->version, 1)) < 0)
		return ret;
	if (strlen(games) >= sizeof(m->competition) ||
	    strlen(code) >= sizeof(m->document_code) ||
	    strlen(status) >= sizeof(m->status))
		return or_bad(r, root, "too long: an attribute", NULL);
	strcpy(m->competition, games);
	strcpy(m->document_code, code);
	strcpy(m->status, status);
	for (comp = root->children; comp && !or_is(comp, "Competition");
	     comp = comp->next)
		;
	if (!comp)
		return or_bad(r, root, "no Competition", NULL);
	if (!strcmp(type, "DT_MEDALS")) {
		m->type = PD_ODF_MEDALS;
		return medals(r, comp);
	}
	if ((ret = or_units(r, root, comp, type)) != 1)
		return ret;
	if (!*status)
		return or_bad(r, root, "missing attribute", "ResultStatus");
	if (!strcmp(type, "DT_MEDALLISTS") || !strcmp(type, "DT_RESULT")) {
		m->type = type[3] == 'M' ? PD_ODF_MEDALLISTS : PD_ODF_RESULT;
		return events(r, comp);
	}
	return or_bad(r, root, "DocumentType is not DT_MEDALS, DT_MEDALLISTS, "
		      "DT_RESULT, DT_SCHEDULE, DT_PARTIC or DT_PARTIC_TEAMS:",
		      type);
}

/* The door (see the top): libxml2's SAX callbacks that build the tree,
 * each counted first, and a DOCTYPE stopping the parse where it is. */
enum { OPEN, DOCTYPE, RESULTS, NODES };

struct gate {
	startElementNsSAX2Func element;	/* libxml2's own: they build */
	charactersSAXFunc text, cdata;
	size_t nodes, results;
	int why;			/* OPEN, or why the parse stopped */
	long line;
};

static void stop(xmlParserCtxtPtr c, int why)
{
	struct gate *g = c->_private;

	g->why = why;
	g->line = c->input ? c->input->line : 0;
	xmlStopParser(c);
}

static void on_doctype(void *ctx, const xmlChar *name, const xmlChar *ext,
		       const xmlChar *sys)
{
	(void)name;
	(void)ext;
	(void)sys;
	stop(ctx, DOCTYPE);
}

static void on_element(void *ctx, const xmlChar *local,
		       const xmlChar *prefix, const xmlChar *uri, int nns,
		       const xmlChar **ns, int nattrs, int ndefaulted,
		       const xmlChar **attrs)
{
	xmlParserCtxtPtr c = ctx;
	struct gate *g = c->_private;

	g->nodes += 1 + (size_t)(nattrs > 0 ? nattrs : 0);
	if (!uri && !strcmp((const char *)local, "Result") &&
	    ++g->results > PD_ODF_MAX_RESULTS)
		stop(c, RESULTS);
	else if (g->nodes > PD_ODF_MAX_NODES)
		stop(c, NODES);
	else
		g->element(ctx, local, prefix, uri, nns, ns, nattrs,
			   ndefaulted, attrs);
}

static void on_text(void *ctx, const xmlChar *ch, int len)
{
	xmlParserCtxtPtr c = ctx;
	struct gate *g = c->_private;

	if (++g->nodes > PD_ODF_MAX_NODES)
		stop(c, NODES);
	else
		g->text(ctx, ch, len);
}

static void on_cdata(void *ctx, const xmlChar *ch, int len)
{
	xmlParserCtxtPtr c = ctx;
	struct gate *g = c->_private;

	if (++g->nodes > PD_ODF_MAX_NODES)
		stop(c, NODES);
	else
		g->cdata(ctx, ch, len);
}

static int refused(const struct gate *g, const char *file,
		   struct pd_diag *d)
{
	if (g->why == DOCTYPE)
		return pd_diag_set(d, PD_EPARSE, file, g->line, "a DOCTYPE: "
				   "ODF messages have none, and podium reads "
				   "no DTD or entity declaration");
	if (g->why == RESULTS)
		return pd_diag_set(d, PD_ETOOBIG, file, g->line, "over %d "
				   "<Result> elements: a message holds at most "
				   "%d (docs/ODF.md)", PD_ODF_MAX_RESULTS,
				   PD_ODF_MAX_RESULTS);
	return pd_diag_set(d, PD_ETOOBIG, file, g->line, "over %d elements, "
			   "attributes and texts: a message holds at most %d "
			   "(docs/ODF.md)", PD_ODF_MAX_NODES,
			   PD_ODF_MAX_NODES);
}

/* data parsed into *doc through the gate; NULL and a diag if refused
 * or not XML. */
static int parse(xmlDocPtr *doc, const char *data, size_t len,
		 const char *file, struct pd_diag *d)
{
	struct gate g;
	xmlParserCtxtPtr c;
	char msg[200];
	int ret = 0;

	*doc = NULL;
	if (!(c = xmlCreateMemoryParserCtxt(data, (int)len)))
		return PD_ENOMEM;
	xmlCtxtUseOptions(c, XML_PARSE_NONET | XML_PARSE_NOBLANKS |
			  XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	memset(&g, 0, sizeof(g));
	g.element = c->sax->startElementNs;
	g.text = c->sax->characters;
	g.cdata = c->sax->cdataBlock;
	c->sax->startElementNs = on_element;
	c->sax->characters = on_text;
	c->sax->cdataBlock = on_cdata;
	c->sax->internalSubset = on_doctype;
	/* neither is read: they make no node */
	c->sax->comment = NULL;
	c->sax->processingInstruction = NULL;
	c->_private = &g;
	xmlParseDocument(c);
	if (g.why != OPEN) {
		ret = refused(&g, file, d);
	} else if (!c->wellFormed || !c->myDoc) {
		snprintf(msg, sizeof(msg), "%s", c->lastError.message ?
			 c->lastError.message : "unreadable");
		msg[strcspn(msg, "\n")] = '\0';
		ret = pd_diag_set(d, PD_EPARSE, file, c->lastError.line,
				  "not XML: %s", msg);
	}
	if (ret == 0)
		*doc = c->myDoc;
	else if (c->myDoc)
		xmlFreeDoc(c->myDoc);
	c->myDoc = NULL;
	xmlFreeParserCtxt(c);
	return ret;
}

int pd_odf_parse(struct pd_odf_msg *out, const char *data, size_t len,
		 const char *file, struct pd_diag *diag)
{
	struct rd r;
	xmlDocPtr doc;
	int ret;

	memset(out, 0, sizeof(*out));
	pd_published_init(&out->pub);
	pd_strings_init(&out->pool);
	memset(&r, 0, sizeof(r));
	r.m = out;
	r.file = file;
	r.d = diag;
	if (len > PD_ODF_MAX_BYTES)
		return pd_diag_set(diag, PD_ETOOBIG, file, 0, "%zu bytes: a "
				   "message is at most %zu (docs/ODF.md)", len,
				   (size_t)PD_ODF_MAX_BYTES);
	if ((ret = pd_odf_load(diag)) < 0 ||
	    (ret = parse(&doc, data, len, file, diag)) < 0)
		return ret;
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
	free(m->units);
	free(m->lines);
	free(m->uresults);
	free(m->teams);
	free(m->partic);
	memset(m, 0, sizeof(*m));	/* as new: released twice is safe */
}
