/* catalogue.c -- the events catalogue (catalogue.h): parse its rules and
 * find the one for an event.  Pure: no I/O. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/tsv.h"
#include "podium/catalogue.h"

void pd_catalogue_release(struct pd_catalogue *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		free(c->v[i].sport);
		free(c->v[i].phrase);
	}
	free(c->v);
	memset(c, 0, sizeof(*c));
}

/* YEARS: "-" (every year), "1952" (that one), "1952-", "-1984" or
 * "1988-2000"; 0 if it reads so. */
static int years(struct pd_event_rule *r, const char *f)
{
	const char *dash = strchr(f, '-');
	char *end;

	r->from = r->to = 0;
	if (!strcmp(f, "-"))
		return 0;
	if (dash != f) {
		r->from = (int)strtol(f, &end, 10);
		if (end != (dash ? dash : f + strlen(f)) || r->from < 1800 ||
		    r->from > 9999)
			return -1;
	}
	if (!dash) {
		r->to = r->from;
		return 0;
	}
	if (dash[1]) {
		r->to = (int)strtol(dash + 1, &end, 10);
		if (*end || r->to < 1800 || r->to > 9999 ||
		    (r->from && r->to < r->from))
			return -1;
	}
	return 0;
}

static int rule(struct pd_event_rule *r, char **f, int nf, const char *file,
		long line, struct pd_diag *diag)
{
	char *end;
	long size = 0;

	if (nf < 5 || !*f[0] || !*f[1])
		return pd_diag_set(diag, PD_EPARSE, file, line, "expected SPORT "
				   "NAME GENDER KIND SIZE [YEARS [SOURCE]], "
				   "tab-separated");
	if (strcmp(f[2], "-") && strcmp(f[2], "M") && strcmp(f[2], "W") &&
	    strcmp(f[2], "X") && strcmp(f[2], "O"))
		return pd_diag_set(diag, PD_EPARSE, file, line, "gender '%s': "
				   "expected M, W, X, O or -", f[2]);
	if (strcmp(f[3], "team") && strcmp(f[3], "individual") &&
	    strcmp(f[3], "-"))
		return pd_diag_set(diag, PD_EPARSE, file, line, "kind '%s': "
				   "expected team, individual or -", f[3]);
	if (strcmp(f[4], "-") &&
	    ((size = strtol(f[4], &end, 10)) < 1 || *end || size > 100))
		return pd_diag_set(diag, PD_EPARSE, file, line, "size '%s': "
				   "expected 1 to 100 or -", f[4]);
	if (nf > 5 && years(r, f[5]) < 0)
		return pd_diag_set(diag, PD_EPARSE, file, line, "years '%s': "
				   "expected YYYY, YYYY-, -YYYY, YYYY-YYYY or -",
				   f[5]);
	if (!(r->sport = strdup(f[0])) || !(r->phrase = strdup(f[1]))) {
		free(r->sport);
		return PD_ENOMEM;
	}
	strcpy(r->gender, strcmp(f[2], "-") ? f[2] : "");
	r->team = !strcmp(f[3], "-") ? -1 : !strcmp(f[3], "team");
	r->size = (int)size;
	return 0;
}

int pd_catalogue_parse(struct pd_catalogue *c, const char *text, size_t len,
		       const char *file, struct pd_diag *diag)
{
	const char *p = text, *end = text + len, *s;
	char *copy = NULL, *f[8];
	size_t n;
	long line = 0;
	int nf, ret = 0;

	memset(c, 0, sizeof(*c));
	if (!(c->v = calloc(PD_CATALOGUE_MAX, sizeof(*c->v))))
		return PD_ENOMEM;
	while (ret == 0 && pd_tsv_next(&p, end, &line, &s, &n)) {
		if (c->n == PD_CATALOGUE_MAX) {
			ret = pd_diag_set(diag, PD_ETOOBIG, file, line,
					  "more than %d rules",
					  PD_CATALOGUE_MAX);
			break;
		}
		if ((nf = pd_tsv_split(s, n, &copy, f, 8)) < 0) {
			ret = PD_ENOMEM;
			break;
		}
		if (nf > 8)	/* a field past the eighth is a comment */
			nf = 8;
		if ((ret = rule(&c->v[c->n], f, nf, file, line, diag)) == 0)
			c->n++;
		free(copy);
		copy = NULL;
	}
	if (ret)
		pd_catalogue_release(c);
	return ret;
}

static const char *unpara(const char *s)
{
	return strncasecmp(s, "para ", 5) ? s : s + 5;
}

/* Whether phrase occurs in name as whole words, any case. */
static int has_words(const char *name, const char *phrase)
{
	size_t n = strlen(phrase);
	const char *p;

	for (p = name; *p; p++) {
		if (strncasecmp(p, phrase, n))
			continue;
		if ((p == name || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[n]))
			return 1;
	}
	return 0;
}

static int matches(const struct pd_event_rule *r, const char *sport,
		   const char *name)
{
	if (strcmp(r->sport, "*") &&
	    strcasecmp(unpara(r->sport), unpara(sport)))
		return 0;
	return !strcmp(r->phrase, "*") || has_words(name, r->phrase);
}

const struct pd_event_rule *pd_catalogue_find(const struct pd_catalogue *c,
					      const char *sport,
					      const char *name)
{
	size_t i;

	for (i = 0; c && i < c->n; i++)
		if (c->v[i].team >= 0 && matches(&c->v[i], sport, name))
			return &c->v[i];
	return NULL;
}

static int in_years(const struct pd_event_rule *r, int year)
{
	if (!year)
		return !r->from && !r->to;
	return (!r->from || year >= r->from) && (!r->to || year <= r->to);
}

const struct pd_event_rule *pd_catalogue_gender(const struct pd_catalogue *c,
						const char *sport,
						const char *name, int year)
{
	size_t i;

	for (i = 0; c && i < c->n; i++) {
		const struct pd_event_rule *r = &c->v[i];

		if ((r->gender[0] || r->team < 0) && in_years(r, year) &&
		    matches(r, sport, name))
			return r;
	}
	return NULL;
}
