/* facts.c -- a Games' stated figures (facts.h): the list, the checks a
 * fact passes before it is kept, the facts file format, and numbers as a
 * reader of each language writes them. */
#include <stdio.h>	/* snprintf only: formatting, no I/O */
#include <stdlib.h>
#include <string.h>

#include "podium/buf.h"
#include "podium/facts.h"
#include "podium/tsv.h"

void pd_facts_init(struct pd_facts *l)
{
	memset(l, 0, sizeof(*l));
}

void pd_facts_release(struct pd_facts *l)
{
	free(l->v);
	pd_facts_init(l);
}

int pd_facts_add(struct pd_facts *l, const struct pd_fact *f)
{
	if (l->n == PD_FACTS_MAX)
		return PD_ETOOBIG;
	if (pd_grow(&l->v, l->n, &l->alloc, sizeof(*l->v), 64) < 0)
		return PD_ENOMEM;
	l->v[l->n++] = *f;
	return 0;
}

/* digits, or digits '.' digits */
static int is_decimal(const char *s)
{
	size_t i = 0, dot = 0;

	if (!s[0] || s[0] == '.')
		return 0;
	for (; s[i]; i++) {
		if (s[i] == '.' && !dot++ && s[i + 1])
			continue;
		if (s[i] < '0' || s[i] > '9')
			return 0;
	}
	return 1;
}

static int is_qualifier(const char *s)
{
	return !*s || !strcmp(s, "about") || !strcmp(s, "nearly") ||
	       !strcmp(s, "over");
}

int pd_fact_check(const struct pd_fact *f, const char *file, long line,
		  struct pd_diag *diag)
{
	int ret;

	if (!f->games[0])
		return pd_diag_set(diag, PD_EPARSE, file, line, "a fact needs "
				   "its Games");
	if ((ret = pd_ident_check("Games code", f->games, diag)) < 0 ||
	    (ret = pd_ident_check("fact key", f->key, diag)) < 0 ||
	    (ret = pd_ident_check("fact source", f->source, diag)) < 0 ||
	    (ret = pd_name_check("fact unit", f->unit, PD_FACT_UNIT - 1, 1,
				 diag)) < 0 ||
	    (ret = pd_name_check("fact cite", f->cite, PD_FACT_CITE - 1, 1,
				 diag)) < 0 ||
	    (ret = pd_name_check("fact quote", f->quote, PD_FACT_QUOTE - 1,
				 1, diag)) < 0)
		goto located;
	if (!is_decimal(f->value))
		return pd_diag_set(diag, PD_EPARSE, file, line, "fact value "
				   "'%s' is not a number such as 3969 or 47.67",
				   f->value);
	if (!is_qualifier(f->qualifier))
		return pd_diag_set(diag, PD_EPARSE, file, line, "fact qualifier "
				   "'%s' is not about, nearly, over or empty",
				   f->qualifier);
	return 0;
located:
	if (diag && file) {
		snprintf(diag->file, sizeof(diag->file), "%s", file);
		diag->line = line;
	}
	return ret;
}

static int put(char *dst, size_t size, const char *src, const char *what,
	       struct pd_diag *diag)
{
	if (pd_strcopy(dst, size, src ? src : "") < 0)
		return pd_diag_set(diag, PD_ETOOBIG, NULL, 0, "fact %s is "
				   "longer than %zu bytes", what, size - 1);
	return 0;
}

int pd_fact_set(struct pd_fact *f, const char *games, const char *key,
		const char *value, const char *unit, const char *qualifier,
		const char *source, const char *cite, const char *quote,
		struct pd_diag *diag)
{
	int ret;

	memset(f, 0, sizeof(*f));
	if ((ret = put(f->games, sizeof(f->games), games, "Games", diag)) < 0 ||
	    (ret = put(f->key, sizeof(f->key), key, "key", diag)) < 0 ||
	    (ret = put(f->value, sizeof(f->value), value, "value", diag)) < 0 ||
	    (ret = put(f->unit, sizeof(f->unit), unit, "unit", diag)) < 0 ||
	    (ret = put(f->qualifier, sizeof(f->qualifier), qualifier,
		       "qualifier", diag)) < 0 ||
	    (ret = put(f->source, sizeof(f->source), source, "source",
		       diag)) < 0 ||
	    (ret = put(f->cite, sizeof(f->cite), cite, "cite", diag)) < 0 ||
	    (ret = put(f->quote, sizeof(f->quote), quote, "quote", diag)) < 0)
		return ret;
	return pd_fact_check(f, NULL, 0, diag);
}

/* -- the file format */

#define FIELDS 8

static int parse_line(struct pd_fact *f, char *line, const char *file,
		      long lineno, struct pd_diag *diag)
{
	char *col[FIELDS], *p = line;
	int n = 0, ret;

	while (n < FIELDS) {
		col[n++] = p;
		if (!(p = strchr(p, '\t')))
			break;
		*p++ = '\0';
	}
	if (n < FIELDS - 1 || p)
		return pd_diag_set(diag, PD_EPARSE, file, lineno, "expected %d "
				   "tab-separated fields (GAMES KEY VALUE UNIT "
				   "QUALIFIER SOURCE CITE QUOTE), found %s",
				   FIELDS, p ? "more" : "fewer");
	if (n == FIELDS - 1)
		col[FIELDS - 1] = NULL;
	ret = pd_fact_set(f, col[0], col[1], col[2], col[3], col[4], col[5],
			  col[6], col[7], diag);
	if (ret < 0 && diag) {
		snprintf(diag->file, sizeof(diag->file), "%s", file);
		diag->line = lineno;
		if (ret == PD_ETOOBIG)
			ret = PD_EPARSE;
	}
	return ret;
}

int pd_facts_tsv_parse(struct pd_facts *out, const char *data, size_t len,
		       const char *file, struct pd_diag *diag)
{
	const char *p = data, *end = data + len, *s;
	size_t start = out->n, n;
	char line[4096];
	struct pd_fact f;
	long lineno = 0;
	int ret = 0;

	if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3))
		p += 3;
	while (ret == 0 && pd_tsv_next(&p, end, &lineno, &s, &n)) {
		if (n >= sizeof(line)) {
			ret = pd_diag_set(diag, PD_EPARSE, file, lineno, "line "
					  "longer than %zu bytes",
					  sizeof(line) - 1);
			break;
		}
		if (memchr(s, '\0', n)) {
			ret = pd_diag_set(diag, PD_EPARSE, file, lineno, "a NUL "
					  "byte in the line");
			break;
		}
		memcpy(line, s, n);
		line[n] = '\0';
		if ((ret = parse_line(&f, line, file, lineno, diag)) == 0 &&
		    (ret = pd_facts_add(out, &f)) < 0)
			pd_diag_set(diag, ret, file, lineno, "%s",
				    pd_strerror(ret));
	}
	if (ret < 0)
		out->n = start;
	return ret;
}

int pd_facts_tsv_write(struct pd_buf *b, const struct pd_facts *l)
{
	const struct pd_fact *f;
	int ret;
	size_t i;

	if ((ret = pd_buf_adds(b, "# GAMES\tKEY\tVALUE\tUNIT\tQUALIFIER\t"
			       "SOURCE\tCITE\tQUOTE\n")) < 0)
		return ret;
	for (i = 0; i < l->n && ret == 0; i++) {
		f = &l->v[i];
		ret = pd_buf_addf(b, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
				  f->games, f->key, f->value, f->unit,
				  f->qualifier, f->source, f->cite, f->quote);
	}
	return ret;
}

/* -- numbers */

double pd_fact_number(const char *value)
{
	return strtod(value, NULL);
}

/* 3969 -> 3,969 (en) or 3 969 (fr, a narrow no-break space), and the
 * decimal point as the language writes it */
static int format_grouped(struct pd_buf *b, const char *value,
			  const char *thousands, const char *point)
{
	size_t digits = strcspn(value, "."), i;
	int ret = 0;

	for (i = 0; i < digits && ret == 0; i++) {
		if (i && (digits - i) % 3 == 0)
			ret = pd_buf_adds(b, thousands);
		if (ret == 0)
			ret = pd_buf_addc(b, value[i]);
	}
	if (ret == 0 && value[digits] == '.')
		ret = pd_buf_adds(b, point);
	return ret ? ret : pd_buf_adds(b, value + digits + (value[digits] ==
					'.'));
}

/* 10000000 -> 1000万, 634000 -> 63.4万: whole numbers of at least
 * 100,000 with at most one decimal in ten thousands */
static int format_zh(struct pd_buf *b, const char *value)
{
	long v;
	char *end;

	if (strchr(value, '.') || strlen(value) < 6 || strlen(value) > 15)
		return pd_buf_adds(b, value);
	v = strtol(value, &end, 10);
	if (v % 1000)
		return pd_buf_adds(b, value);
	if (v % 10000)
		return pd_buf_addf(b, "%ld.%ld万", v / 10000, v % 10000 / 1000);
	return pd_buf_addf(b, "%ld万", v / 10000);
}

int pd_fact_format(struct pd_buf *b, const char *value, const char *lang)
{
	if (lang && !strcmp(lang, "zh"))
		return format_zh(b, value);
	if (lang && !strcmp(lang, "fr"))
		return format_grouped(b, value, "\u202f", ",");
	return format_grouped(b, value, ",", ".");
}
