/* records_csv.c -- records as CSV for 'podium import records' (io.h):
 * one row a record, its columns found by their header. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/results.h"
#include "podium/csv.h"
#include "podium/io.h"
#include "podium/label.h"

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

/* A real day as YYYY-MM-DD ("2004-13-99" is none). */
static int real_date(const char *d)
{
	static const int days[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31,
				      30, 31 };
	int y, m, k;

	for (k = 0; k < 10; k++)
		if (k == 4 || k == 7 ? d[k] != '-' : d[k] < '0' || d[k] > '9')
			return 0;
	if (d[10])
		return 0;
	y = atoi(d);
	m = atoi(d + 5);
	k = atoi(d + 8);
	if (y < 1800 || m < 1 || m > 12 || k < 1 || k > days[m - 1])
		return 0;
	return m != 2 || k < 29 || (y % 4 == 0 && (y % 100 || y % 400 == 0));
}

/* The fields a record's key and mark are made of, each checked. */
static int check_fields(const struct pd_csv *c, const int col[C_COUNT],
			struct pd_diag *d)
{
	const char *kind = field(c, col, C_KIND), *g = field(c, col, C_GENDER);
	const char *date = field(c, col, C_DATE);
	size_t n = strspn(kind, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
	char shown[64];

	if (kind[n] || n > 8) {
		pd_text_escape(shown, sizeof(shown), kind);
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "kind '%s' "
				   "is no record kind: 1 to 8 capital letters "
				   "(WR, PR, OR ...)", shown);
	}
	if (*g && strcmp(g, "M") && strcmp(g, "W") && strcmp(g, "X")) {
		pd_text_escape(shown, sizeof(shown), g);
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "gender "
				   "'%s': M, W, X or empty", shown);
	}
	if (*date && !real_date(date)) {
		pd_text_escape(shown, sizeof(shown), date);
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "date '%s' "
				   "is no day: YYYY-MM-DD", shown);
	}
	return 0;
}

/* r's value: the value column, else the mark's; a mark shaped as a time
 * must be one either way. */
static int value_of(struct pd_record *r, const struct pd_csv *c,
		    const int col[C_COUNT], struct pd_diag *d)
{
	const char *v = field(c, col, C_VALUE), *mark = field(c, col, C_MARK);
	double from_mark;
	char shown[64], *end;
	int ret = pd_mark_value(mark, &from_mark);

	pd_text_escape(shown, sizeof(shown), *v && ret != PD_ERANGE ? v : mark);
	if (ret == PD_ERANGE)
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "mark '%s' "
				   "is no time: minutes and seconds after a "
				   "colon are under 60", shown);
	if (!*v && ret < 0)
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "mark '%s' "
				   "is not a time or a distance: give a value "
				   "column", shown);
	if (!*v) {
		r->value = from_mark;
		return 0;
	}
	r->value = strtod(v, &end);
	if (*end || end == v || !isfinite(r->value) || r->value < 0)
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "value '%s' "
				   "is not a number from 0", shown);
	return 0;
}

static int row(struct pd_record_set *s, const struct pd_csv *c,
	       const int col[C_COUNT], const struct pd_registry *reg,
	       struct pd_diag *d)
{
	const char *better = field(c, col, C_BETTER);
	const struct pd_npc *npc;
	struct pd_record *r;
	int k, ret;

	for (k = 0; k < REQUIRED; k++)
		if (!*field(c, col, k))
			return pd_diag_set(d, PD_EPARSE, c->file, c->line,
					   "%s is empty", names[k]);
	if ((ret = check_fields(c, col, d)) < 0)
		return ret;
	if (s->n == s->alloc) {
		size_t a = s->alloc ? s->alloc * 2 : 64;

		if (!(r = realloc(s->v, a * sizeof(*r))))
			return PD_ENOMEM;
		s->v = r;
		s->alloc = a;
	}
	r = &s->v[s->n];
	memset(r, 0, sizeof(*r));
	r->line = c->line;
	if (!(npc = reg ? pd_registry_find(reg, field(c, col, C_NPC)) : NULL))
		return pd_unknown_npc(reg, field(c, col, C_NPC), c->file,
				      c->line, d);
	snprintf(r->npc, sizeof(r->npc), "%s", npc->code);
	if (*better && strcmp(better, "lower") && strcmp(better, "higher"))
		return pd_diag_set(d, PD_EPARSE, c->file, c->line, "better is "
				   "lower (a time) or higher (a distance), "
				   "not '%s'", better);
	r->lower_better = strcmp(better, "higher") != 0;
	if ((ret = value_of(r, c, col, d)) < 0)
		return ret;
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

static int same_key(const struct pd_record *a, const struct pd_record *b)
{
	return !strcmp(a->sport, b->sport) && !strcmp(a->event, b->event) &&
	       !strcmp(a->gender, b->gender) &&
	       !strcmp(a->sport_class, b->sport_class) &&
	       !strcmp(a->kind, b->kind);
}

/* By key and kind; within one, the worse mark first (by the way the
 * record's marks go), then the older, then by line. */
static int by_standing(const void *pa, const void *pb)
{
	const struct pd_record *a = pa, *b = pb;
	int c;

	if ((c = strcmp(a->sport, b->sport)) || (c = strcmp(a->event,
	    b->event)) || (c = strcmp(a->gender, b->gender)) ||
	    (c = strcmp(a->sport_class, b->sport_class)) ||
	    (c = strcmp(a->kind, b->kind)))
		return c;
	if (a->value != b->value)
		return (a->value < b->value) == (a->lower_better != 0) ? 1 : -1;
	if (*a->date && *b->date && (c = strcmp(a->date, b->date)))
		return c;
	return (a->line > b->line) - (a->line < b->line);
}

/* Sort s as it is to be written (io.h), and refuse a history that cannot
 * have happened: one record, two ways of being better, or a better mark
 * dated before a worse one. */
static int order(struct pd_record_set *s, const char *file,
		 struct pd_diag *d)
{
	const struct pd_record *a, *b;
	size_t i;

	if (s->n > 1)
		qsort(s->v, s->n, sizeof(*s->v), by_standing);
	for (i = 1; i < s->n; i++) {
		a = &s->v[i - 1];
		b = &s->v[i];
		if (!same_key(a, b))
			continue;
		if (a->lower_better != b->lower_better)
			return pd_diag_set(d, PD_EPARSE, file, b->line, "better "
					   "differs from line %ld's, the same "
					   "record's", a->line);
		if (*a->date && *b->date && strcmp(a->date, b->date) > 0)
			return pd_diag_set(d, PD_EPARSE, file, a->line, "%s %s "
					   "of %s is worse than %s of %s (line "
					   "%ld), set before it: a record "
					   "stands until it is beaten", a->kind,
					   a->mark, a->date, b->mark, b->date,
					   b->line);
	}
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
	if (ret == 0)
		ret = order(out, file, diag);
	pd_csv_release(&c);
	if (ret < 0)
		pd_record_set_release(out);
	return ret;
}
