/* units.c -- ODF results codes (RSC) and the medal rules read from data
 * (units.h).  Pure: no I/O. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/tsv.h"
#include "podium/units.h"

static int rsc_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

static int all_dashes(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != '-')
			return 0;
	return 1;
}

static enum pd_rsc_kind kind_of(const char *code)
{
	if (all_dashes(code + 22, 4))
		return PD_RSC_EVENT;
	if (all_dashes(code + 26, 8))
		return PD_RSC_PHASE;
	if (code[32] == '-' && code[33] == '-')
		return PD_RSC_UNIT;
	return PD_RSC_SUBUNIT;
}

int pd_rsc_parse(const char *text, struct pd_rsc *out, const char *file,
		 long line, struct pd_diag *diag)
{
	size_t i, n = text ? strlen(text) : 0;

	if (n != PD_RSC_LEN)
		return pd_diag_set(diag, PD_EINVAL, file, line, "results code "
				   "'%s' has %zu characters, not 34", text ? text
				   : "", n);
	for (i = 0; i < n; i++)
		if (!rsc_char(text[i]))
			return pd_diag_set(diag, PD_EINVAL, file, line,
					   "results code '%s': character %zu "
					   "is not A-Z, 0-9 or '-'", text,
					   i + 1);
	for (i = 0; i < 3; i++)
		if (text[i] == '-')
			return pd_diag_set(diag, PD_EINVAL, file, line,
					   "results code '%s': its discipline "
					   "is not three letters or digits",
					   text);
	if (!strchr("MWXO", text[3]))
		return pd_diag_set(diag, PD_EINVAL, file, line, "results code "
				   "'%s': gender '%c' is not M, W, X or O",
				   text, text[3]);
	memcpy(out->code, text, PD_RSC_LEN + 1);
	memcpy(out->discipline, text, 3);
	out->discipline[3] = '\0';
	out->gender = text[3];
	memcpy(out->event, text, 22);
	for (i = 22; i > 4 && text[i - 1] == '-'; i--)
		;
	out->event[i] = '\0';
	memcpy(out->phase, text + 22, 4);
	out->phase[4] = '\0';
	memcpy(out->unit, text + 26, 8);
	out->unit[8] = '\0';
	out->kind = kind_of(text);
	return 0;
}

const char *pd_rsc_kind_name(enum pd_rsc_kind k)
{
	static const char *const name[] = { "unit", "sub-unit",
					    "phase standing",
					    "event standing" };

	return name[k];
}

static const char *const rule_names[] = { "standing", "final-ranks",
					  "gold-match", "bronze-match",
					  "semi-losers", "walkover" };

const char *pd_unit_rule_name(enum pd_unit_rule_kind k)
{
	return rule_names[k];
}

void pd_medal_rules_release(struct pd_medal_rules *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		free(r->v[i].source);
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

/* "FNL-0001,FNL-0002" into u->units; each 1 to 12 characters of an RSC */
static int parse_units(struct pd_unit_rule *u, char *text)
{
	char *tok, *save = NULL;

	u->nunits = 0;
	for (tok = strtok_r(text, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		size_t i, n = strlen(tok);

		if (!n || n > 12 || u->nunits == PD_RULE_UNITS)
			return -1;
		for (i = 0; i < n; i++)
			if (!rsc_char(tok[i]))
				return -1;
		memcpy(u->units[u->nunits++], tok, n + 1);
	}
	return u->nunits ? 0 : -1;
}

static int parse_medals(struct pd_unit_rule *u, const char *text)
{
	u->medals = 0;
	for (; *text; text++)
		switch (*text) {
		case 'g': u->medals |= 1u << PD_GOLD; break;
		case 's': u->medals |= 1u << PD_SILVER; break;
		case 'b': u->medals |= 1u << PD_BRONZE; break;
		default: return -1;
		}
	return u->medals ? 0 : -1;
}

static int parse_kind(const char *text)
{
	size_t k;

	for (k = 0; k < sizeof(rule_names) / sizeof(*rule_names); k++)
		if (!strcmp(text, rule_names[k]))
			return (int)k;
	return -1;
}

/* f[0..6): discipline, kind, units, medals, jump-off, source */
static int parse_rule(struct pd_unit_rule *u, char **f, const char *file,
		      long line, struct pd_diag *d)
{
	int k;

	memset(u, 0, sizeof(*u));
	u->line = line;
	if (strcmp(f[0], "*") && (strlen(f[0]) != 3 ||
				  strspn(f[0], "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
					 "0123456789") != 3))
		return pd_diag_set(d, PD_EPARSE, file, line, "discipline "
				   "'%s' is not three capitals or digits, or "
				   "'*'", f[0]);
	strcpy(u->discipline, f[0]);
	if ((k = parse_kind(f[1])) < 0)
		return pd_diag_set(d, PD_EPARSE, file, line, "unknown rule "
				   "'%s'", f[1]);
	u->kind = (enum pd_unit_rule_kind)k;
	if (parse_units(u, f[2]) < 0)
		return pd_diag_set(d, PD_EPARSE, file, line, "units '%s' are "
				   "not 1 to %d prefixes of a results code",
				   f[2], PD_RULE_UNITS);
	if (parse_medals(u, f[3]) < 0)
		return pd_diag_set(d, PD_EPARSE, file, line, "medals '%s' are "
				   "not letters g, s, b", f[3]);
	if (strcmp(f[4], "-")) {
		if (strlen(f[4]) > 12)
			return pd_diag_set(d, PD_EPARSE, file, line,
					   "jump-off '%s' is too long", f[4]);
		strcpy(u->jumpoff, f[4]);
	}
	if (!*f[5])
		return pd_diag_set(d, PD_EPARSE, file, line, "a rule names "
				   "where it is written");
	if (!(u->source = strdup(f[5])))
		return PD_ENOMEM;
	return 0;
}

static int add_rule(struct pd_medal_rules *out, char **f, const char *file,
		    long line, struct pd_diag *d)
{
	struct pd_unit_rule *v;
	int ret;

	if (out->n == PD_UNIT_RULES_MAX)
		return pd_diag_set(d, PD_ETOOBIG, file, line, "more than %d "
				   "rules", PD_UNIT_RULES_MAX);
	if (!(v = realloc(out->v, (out->n + 1) * sizeof(*v))))
		return PD_ENOMEM;
	out->v = v;
	if ((ret = parse_rule(&v[out->n], f, file, line, d)) < 0)
		return ret;
	out->n++;
	return 0;
}

int pd_medal_rules_parse(struct pd_medal_rules *out, const char *text,
			 size_t len, const char *file, struct pd_diag *diag)
{
	const char *p = text, *end = text + len, *s;
	char *copy = NULL, *f[7];
	size_t n;
	long line = 0;
	int nf, ret = 0;

	out->v = NULL;
	out->n = 0;
	while (ret == 0 && pd_tsv_next(&p, end, &line, &s, &n)) {
		if ((nf = pd_tsv_split(s, n, &copy, f, 6)) < 0)
			ret = PD_ENOMEM;
		else if (nf != 6)
			ret = pd_diag_set(diag, PD_EPARSE, file, line, "%d "
					  "fields, not 6", nf);
		else
			ret = add_rule(out, f, file, line, diag);
		free(copy);
		copy = NULL;
	}
	if (ret < 0)
		pd_medal_rules_release(out);
	return ret;
}

int pd_irm_disqualifies(const char *irm)
{
	return irm && (!strcasecmp(irm, "DSQ") || !strcasecmp(irm, "DQ") ||
		       !strcasecmp(irm, "DQB"));
}

#define U(f) offsetof(struct pd_unit_rec, f)
static const size_t unit_off[] = {
	U(rsc), U(kind), U(discipline), U(event), U(event_code), U(phase),
	U(start), U(end), U(day), U(venue), U(location), U(status), U(medal),
	U(rules),
};
#define R(f) offsetof(struct pd_unit_result_rec, f)
static const size_t result_off[] = {
	R(rsc), R(participant), R(name), R(result), R(result_type), R(irm),
	R(diff), R(wlt), R(qualification), R(bib),
};
#define T(f) offsetof(struct pd_unit_team_rec, f)
static const size_t team_off[] = { T(code), T(name), T(discipline),
				   T(members) };
#define STRINGS(a) { a, sizeof(a) / sizeof((a)[0]) }
const struct pd_unit_strings pd_unit_rec_strings = STRINGS(unit_off);
const struct pd_unit_strings pd_unit_result_rec_strings = STRINGS(result_off);
const struct pd_unit_strings pd_unit_team_rec_strings = STRINGS(team_off);

int pd_unit_keep(void *rec, const struct pd_unit_strings *f,
		 pd_unit_keep_fn *keep, void *ctx)
{
	const char **s;
	size_t i;

	for (i = 0; i < f->n; i++) {
		s = (const char **)(void *)((char *)rec + f->off[i]);
		if (!(*s = keep(ctx, *s)))
			return PD_ENOMEM;
	}
	return 0;
}

#define TEXT(name, f) { name, offsetof(struct pd_unit_result_rec, f) }
const struct pd_unit_text pd_unit_result_texts[PD_UNIT_RESULT_TEXTS] = {
	TEXT("result", result), TEXT("type", result_type), TEXT("irm", irm),
	TEXT("diff", diff), TEXT("wlt", wlt),
	TEXT("qualification", qualification),
};

const char *pd_unit_result_text(const struct pd_unit_result_rec *r,
				const struct pd_unit_text *t)
{
	return *(const char *const *)(const void *)((const char *)r + t->off);
}

const char *pd_unit_member_next(const char *p, char *code, size_t csize,
				char *name, size_t nsize)
{
	const char *rs = p + strcspn(p, "\x1e"), *us = p + strcspn(p, "\x1f");

	if (us > rs)
		us = rs;
	snprintf(code, csize, "%.*s", (int)(us - p), p);
	snprintf(name, nsize, "%.*s", us < rs ? (int)(rs - us - 1) : 0,
		 us + 1);
	return *rs ? rs + 1 : rs;
}
