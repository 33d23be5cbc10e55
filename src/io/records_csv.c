/* records_csv.c -- records as CSV for 'podium import records' (io.h):
 * one row a record, its columns found by their header. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/results.h"
#include "podium/csv.h"
#include "podium/io.h"

enum { C_KIND, C_SPORT, C_EVENT, C_MARK, C_HOLDER, C_NPC, C_GENDER, C_CLASS,
       C_VALUE, C_BETTER, C_DATE, C_GAMES, C_COUNT };

static const char *const names[C_COUNT] = {
	"kind", "sport", "event", "mark", "holder", "npc", "gender", "class",
	"value", "better", "date", "games",
};

#define REQUIRED 6	/* kind .. npc */

void pd_record_set_release(struct pd_record_set *s)
{
	free(s->v);
	pd_strings_release(&s->pool);
	memset(s, 0, sizeof(*s));
}

static int header(const struct pd_csv *c, int col[C_COUNT],
		  struct pd_diag *d)
{
	size_t i;
	int k;

	for (k = 0; k < C_COUNT; k++)
		col[k] = -1;
	for (i = 0; i < c->nf; i++)
		for (k = 0; k < C_COUNT; k++)
			if (!strcasecmp(c->f[i], names[k]) && col[k] < 0)
				col[k] = (int)i;
	for (k = 0; k < REQUIRED; k++)
		if (col[k] < 0)
			return pd_diag_set(d, PD_EPARSE, c->file, c->line,
					   "no '%s' column (a records file "
					   "has kind, sport, event, mark, "
					   "holder, npc)", names[k]);
	return 0;
}

static const char *field(const struct pd_csv *c, const int col[C_COUNT],
			 int k)
{
	return col[k] >= 0 && (size_t)col[k] < c->nf ? c->f[col[k]] : "";
}

static const char *keep(struct pd_record_set *s, const char *v)
{
	if (pd_strings_add(&s->pool, v) < 0)
		return NULL;
	return s->pool.v[s->pool.n - 1];
}

static int row(struct pd_record_set *s, const struct pd_csv *c,
	       const int col[C_COUNT], const struct pd_registry *reg,
	       struct pd_diag *d)
{
	const char *v, *better = field(c, col, C_BETTER);
	const struct pd_npc *npc;
	struct pd_record *r;
	char *end;
	int k;

	for (k = 0; k < REQUIRED; k++)
		if (!*field(c, col, k))
			return pd_diag_set(d, PD_EPARSE, c->file, c->line,
					   "%s is empty", names[k]);
	if (s->n == s->alloc) {
		size_t a = s->alloc ? s->alloc * 2 : 64;

		if (!(r = realloc(s->v, a * sizeof(*r))))
			return PD_ENOMEM;
		s->v = r;
		s->alloc = a;
	}
	r = &s->v[s->n];
	memset(r, 0, sizeof(*r));
	if (!(npc = reg ? pd_registry_find(reg, field(c, col, C_NPC)) : NULL))
		return pd_unknown_npc(reg, field(c, col, C_NPC), c->file,
				      c->line, d);
	snprintf(r->npc, sizeof(r->npc), "%s", npc->code);
	if (*better && strcmp(better, "lower") && strcmp(better, "higher"))
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "better is "
				   "lower (a time) or higher (a distance), "
				   "not '%s'", better);
	r->lower_better = strcmp(better, "higher") != 0;
	v = field(c, col, C_VALUE);
	if (*v) {
		r->value = strtod(v, &end);
		if (*end)
			return pd_diag_set(d, PD_EPARSE, c->file, c->line,
					   "value '%s' is not a number", v);
	} else if (pd_mark_value(field(c, col, C_MARK), &r->value) < 0) {
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "mark '%s' "
				   "is not a time or a distance: give a value "
				   "column", field(c, col, C_MARK));
	}
	if (!(r->kind = keep(s, field(c, col, C_KIND))) ||
	    !(r->sport = keep(s, field(c, col, C_SPORT))) ||
	    !(r->event = keep(s, field(c, col, C_EVENT))) ||
	    !(r->mark = keep(s, field(c, col, C_MARK))) ||
	    !(r->holder = keep(s, field(c, col, C_HOLDER))) ||
	    !(r->gender = keep(s, field(c, col, C_GENDER))) ||
	    !(r->sport_class = keep(s, field(c, col, C_CLASS))) ||
	    !(r->date = keep(s, field(c, col, C_DATE))) ||
	    !(r->games = keep(s, field(c, col, C_GAMES))))
		return PD_ENOMEM;
	s->n++;
	return 0;
}

int pd_records_csv_parse(struct pd_record_set *out, const char *data,
			 size_t len, const char *file,
			 const struct pd_registry *reg, struct pd_diag *diag)
{
	int col[C_COUNT], ret, first = 1;
	struct pd_csv c;

	memset(out, 0, sizeof(*out));
	pd_strings_init(&out->pool);
	if ((ret = pd_utf8_check(data, len, file, diag)) < 0 ||
	    (ret = pd_csv_init(&c, data, len, file)) < 0)
		return ret;
	while ((ret = pd_csv_next(&c, diag)) == 1) {
		if (first && (ret = pd_csv_set_width(&c)) < 0)
			break;
		ret = first ? header(&c, col, diag) : row(out, &c, col, reg,
							  diag);
		first = 0;
		if (ret < 0)
			break;
	}
	if (ret == 0 && first)
		ret = pd_diag_set(diag, PD_EPARSE, file, 0, "empty: no header");
	pd_csv_release(&c);
	if (ret < 0)
		pd_record_set_release(out);
	return ret;
}
