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

static int rule(struct pd_event_rule *r, char **f, int nf, const char *file,
		long line, struct pd_diag *diag)
{
	char *end;
	long size = 0;

	if (nf < 5 || !*f[0] || !*f[1])
		return pd_diag_set(diag, PD_EPARSE, file, line, "expected SPORT "
				   "NAME GENDER KIND SIZE [SOURCE], "
				   "tab-separated");
	if (strcmp(f[2], "-") && strcmp(f[2], "M") && strcmp(f[2], "W") &&
	    strcmp(f[2], "X"))
		return pd_diag_set(diag, PD_EPARSE, file, line, "gender '%s': "
				   "expected M, W, X or -", f[2]);
	if (strcmp(f[3], "team") && strcmp(f[3], "individual"))
		return pd_diag_set(diag, PD_EPARSE, file, line, "kind '%s': "
				   "expected team or individual", f[3]);
	if (strcmp(f[4], "-") &&
	    ((size = strtol(f[4], &end, 10)) < 1 || *end || size > 100))
		return pd_diag_set(diag, PD_EPARSE, file, line, "size '%s': "
				   "expected 1 to 100 or -", f[4]);
	if (!(r->sport = strdup(f[0])) || !(r->phrase = strdup(f[1])))
		return PD_ENOMEM;
	strcpy(r->gender, strcmp(f[2], "-") ? f[2] : "");
	r->team = !strcmp(f[3], "team");
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

const struct pd_event_rule *pd_catalogue_find(const struct pd_catalogue *c,
					      const char *sport,
					      const char *name)
{
	size_t i;

	for (i = 0; c && i < c->n; i++) {
		const struct pd_event_rule *r = &c->v[i];

		if (strcmp(r->sport, "*") &&
		    strcasecmp(unpara(r->sport), unpara(sport)))
			continue;
		if (strcmp(r->phrase, "*") && !has_words(name, r->phrase))
			continue;
		return r;
	}
	return NULL;
}
