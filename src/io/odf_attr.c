/* odf_attr.c -- the checks of the ODF reader that both its files use
 * (odf_int.h): an element of ours, an attribute required or optional,
 * a count, a date, and the message naming file, line and attribute when
 * one is not what docs/ODF.md allows. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "podium/buf.h"
#include "odf_int.h"

int or_bad(struct rd *r, xmlNodePtr n, const char *what,
	       const char *name)
{
	return pd_diag_set(r->d, PD_EPARSE, r->file, n ? xmlGetLineNo(n) : 0,
			   "%s%s%s in <%s>", what, name ? " " : "",
			   name ? name : "", n ? (const char *)n->name : "?");
}

/* v as a message may show it: at most 40 bytes, cut at a character,
 * control characters as '?', so that a hostile value cannot write to the
 * terminal it is shown on. */
static void shown(char out[48], const char *v)
{
	size_t i = 0, end = 0;

	for (; v[i] && i < 40; i++) {
		out[i] = (unsigned char)v[i] < 0x20 || v[i] == 0x7f ? '?' :
			 v[i];
		if (((unsigned char)v[i + 1] & 0xc0) != 0x80)
			end = i + 1;
	}
	strcpy(out + end, v[i] ? "..." : "");
}

/* name="v" of n is not what ODF.md allows: why says what is. */
int or_bad_value(struct rd *r, xmlNodePtr n, const char *name,
		     const char *v, const char *why)
{
	char s[48];

	shown(s, v);
	return pd_diag_set(r->d, PD_EPARSE, r->file, xmlGetLineNo(n),
			   "%s=\"%s\" in <%s>: %s", name, s,
			   (const char *)n->name, why);
}

/* An element of ODF's: podium's messages use no namespace, so an
 * element in one is another vocabulary's, never read as ours. */
int or_is(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && !n->ns &&
	       !strcmp((const char *)n->name, name);
}

/* The attribute's value kept in the message's pool; NULL if absent (or
 * no memory: *err says which). */
const char *or_get(struct rd *r, xmlNodePtr n, const char *name,
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
int or_need(struct rd *r, xmlNodePtr n, const char *name,
		const char **out)
{
	int err = 0;

	if (!(*out = or_get(r, n, name, &err)))
		return err ? err : or_bad(r, n, "missing attribute", name);
	return 0;
}

int or_opt(struct rd *r, xmlNodePtr n, const char *name,
	       const char **out)
{
	int err = 0;

	if (!(*out = or_get(r, n, name, &err)))
		*out = "";
	return err;
}

int or_number(struct rd *r, xmlNodePtr n, const char *name, long *out,
		  int required)
{
	const char *v;
	char *end;
	int ret;

	*out = 0;
	if ((ret = required ? or_need(r, n, name, &v) : or_opt(r, n, name, &v)) < 0)
		return ret;
	if (!*v && !required)
		return 0;
	/* digits only: strtol would take " 1", "+1" and "-0" */
	if (!isdigit((unsigned char)*v) || strlen(v) > 10)
		return or_bad_value(r, n, name, v, "not a count (digits, at "
				 "most 1000000000)");
	*out = strtol(v, &end, 10);
	if (*end || *out > 1000000000L)
		return or_bad_value(r, n, name, v, "not a count (digits, at "
				 "most 1000000000)");
	return 0;
}

/* YYYY-MM-DD, a day that exists. */
int or_date_ok(const char *s)
{
	static const char shape[] = "dddd-dd-dd";
	static const int days[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31,
				      30, 31 };
	int y, m, d;
	size_t i;

	if (strlen(s) != sizeof(shape) - 1)
		return 0;
	for (i = 0; shape[i]; i++)
		if (shape[i] == 'd' ? !isdigit((unsigned char)s[i]) :
		    s[i] != '-')
			return 0;
	y = atoi(s);
	m = atoi(s + 5);
	d = atoi(s + 8);
	if (m < 1 || m > 12 || d < 1 || d > days[m - 1])
		return 0;
	return m != 2 || d < 29 || (y % 4 == 0 && (y % 100 || y % 400 == 0));
}

