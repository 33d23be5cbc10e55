/* table_text.c -- read a medal table in its published text form.
 *
 *	2004年雅典残奥会奖牌榜              optional caption
 *	排名 国家／地区 金牌 银牌 铜牌 总数   header
 *	1 中国 63 46 32 141                 [rank] name gold silver bronze total
 *	牙买加 1 0 1 2                      no rank: ties the row above
 *	                                    (or a shared rank "=3", "3=")
 *	总计 519 518 533 1570               totals row (总计, 合计, Total; a
 *	                                    note in brackets may follow)
 *
 * Fields are split on tabs when a line has any (names may then hold
 * spaces), else on runs of spaces; a name of several words is joined back
 * with single spaces.  Lines starting with '#' are comments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/io.h"
#include "podium/label.h"

#define MAX_TOKENS 64
#define LINE_MAX_BYTES 4096

struct line {
	char text[LINE_MAX_BYTES];
	char *tok[MAX_TOKENS];
	int n;
};

static int is_space_at(const char *s, size_t *skip)
{
	if (*s == ' ' || *s == '\t') {
		*skip = 1;
		return 1;
	}
	if (!memcmp(s, "\xE3\x80\x80", 3)) {	/* ideographic space */
		*skip = 3;
		return 1;
	}
	return 0;
}

/* Split into tokens: on tabs if there are any, else on runs of spaces. */
static void tokenise(struct line *l)
{
	char *s = l->text, *e, *t;
	size_t skip;
	int tabs = strchr(s, '\t') != NULL;

	l->n = 0;
	while (*s && l->n < MAX_TOKENS) {
		while (*s && (tabs ? (*s == '\t' || *s == ' ') :
			      is_space_at(s, &skip)))
			s += tabs ? 1 : skip;
		if (!*s)
			break;
		l->tok[l->n++] = s;
		if (tabs) {
			e = strchr(s, '\t');
			if (!e)
				e = s + strlen(s);
			/* trim trailing spaces of a tab field */
			t = e;
			while (t > s && t[-1] == ' ')
				t--;
			s = *e ? e + 1 : e;
			*t = '\0';
			continue;
		}
		while (*s && !is_space_at(s, &skip))
			s++;
		if (*s) {
			*s = '\0';
			s += skip;
		}
	}
}

/* A whole number, or a negative one (reported as such); -2 otherwise. */
static int number(const char *s, long *out)
{
	const char *p = s + (*s == '-');
	long v = 0;

	if (!*p)
		return -2;
	for (; *p; p++) {
		if (*p < '0' || *p > '9' || v > 100000000)
			return -2;
		v = v * 10 + (*p - '0');
	}
	*out = *s == '-' ? -v : v;
	return *s == '-' ? -1 : 0;
}

/* "Total", "总计" ..., alone or followed by a note in brackets: "Totals
 * (2 NOCs)", "总计（83个）". */
static int is_totals(const char *name)
{
	static const char *const words[] = { "总计", "合计", "總計", "total",
					     "totals", NULL };
	char *key = pd_name_normalise(name), *open;
	size_t n;
	int i, hit = 0;

	if (key && (open = strstr(key, "(")) != NULL && open > key &&
	    (n = strlen(key)) && key[n - 1] == ')') {
		while (open > key && open[-1] == ' ')
			open--;
		*open = '\0';
	} else if (key && (open = strstr(key, "ï¼")) != NULL &&
		   open > key && (n = strlen(key)) >= 3 &&
		   !strcmp(key + n - 3, "ï¼")) {
		*open = '\0';	/* full-width brackets */
	}
	for (i = 0; key && words[i] && !hit; i++)
		hit = !strcmp(key, words[i]);
	free(key);
	return hit;
}

static int has_cjk(const char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s >= 0xE4 && (unsigned char)*s <= 0xE9)
			return 1;
	return 0;
}

struct state {
	struct pd_published *p;
	const char *file;
	const struct pd_registry *reg;
	struct pd_diag *diag;
	int pre;		/* lines seen before the first row */
	char *pre_line[2];
};

/* Join tokens [from, to) with single spaces into out. */
static void join(const struct line *l, int from, int to, char *out,
		 size_t size)
{
	size_t off = 0;
	int i;

	out[0] = '\0';
	for (i = from; i < to && off < size; i++)
		off += (size_t)snprintf(out + off, size - off, "%s%s",
					i > from ? " " : "", l->tok[i]);
}

static int parse_counts(struct state *st, const struct line *l, long lineno,
			long v[4])
{
	int i, r;

	if (l->n < 5)
		return pd_diag_set(st->diag, PD_EPARSE, st->file, lineno,
				   "expected '[rank] name gold silver bronze "
				   "total', found %d fields", l->n);
	for (i = 0; i < 4; i++) {
		const char *t = l->tok[l->n - 4 + i];

		r = number(t, &v[i]);
		if (r == -1)
			return pd_diag_set(st->diag, PD_ERANGE, st->file,
					   lineno, "negative count '%s'", t);
		if (r < 0)
			return pd_diag_set(st->diag, PD_EPARSE, st->file,
					   lineno, "'%s' is not a whole number: "
					   "expected gold silver bronze total "
					   "at the end of the row", t);
	}
	return 0;
}

/* A printed rank: "3", or a shared one written "=3" or "3=". */
static int rank_of(const char *tok, long *rank)
{
	char buf[32];
	size_t n = strlen(tok);

	if (tok[0] == '=')
		return number(tok + 1, rank);
	if (n > 1 && n < sizeof(buf) && tok[n - 1] == '=') {
		memcpy(buf, tok, n - 1);
		buf[n - 1] = '\0';
		return number(buf, rank);
	}
	return number(tok, rank);
}

static int add_row(struct state *st, struct line *l, long lineno)
{
	struct pd_published_row *row;
	char name[LINE_MAX_BYTES];
	const struct pd_npc *npc;
	long v[4], rank = 0;
	int first = 0, ret, r;
	size_t i;

	if ((ret = parse_counts(st, l, lineno, v)) < 0)
		return ret;
	if (st->p->has_totals)
		return pd_diag_set(st->diag, PD_EPARSE, st->file, lineno,
				   "row after the totals row (line %ld)",
				   st->p->totals_line);
	r = rank_of(l->tok[0], &rank);
	if (r == 0 && l->n >= 6)
		first = 1;
	join(l, first, l->n - 4, name, sizeof(name));
	if (!first && is_totals(name)) {
		st->p->has_totals = 1;
		st->p->totals_line = lineno;
		memcpy(st->p->totals, v, sizeof(st->p->totals));
		return 0;
	}
	if ((ret = pd_published_add(st->p, lineno, first, rank, name, v, v[3],
				    &row)) < 0)
		return pd_diag_set(st->diag, ret, st->file, lineno, "%s",
				   pd_strerror(ret));
	if (!st->reg)
		return 0;
	if (!(npc = pd_registry_find(st->reg, name)))
		return pd_unknown_npc(st->reg, name, st->file, lineno,
				      st->diag);
	for (i = 0; i + 1 < st->p->n; i++)
		if (!strcmp(st->p->rows[i].npc, npc->code))
			return pd_diag_set(st->diag, PD_EPARSE, st->file,
					   lineno, "%s (%s) already has a row "
					   "at line %ld", name, npc->code,
					   st->p->rows[i].line);
	memcpy(row->npc, npc->code, sizeof(row->npc));
	return 0;
}

/* A row ends in numbers; a caption may end in one (a year: "Athens
 * Paralympics 2004"), a row in at least two. */
static int looks_like_row(const struct line *l)
{
	long v;

	return l->n >= 3 && number(l->tok[l->n - 1], &v) != -2 &&
	       number(l->tok[l->n - 2], &v) != -2;
}

/* A caption or header line as the store will keep it (its tabs apart
 * columns): a name of at most PD_TEXT_MAX bytes, checked here where its
 * line is known. */
static int check_pre(struct state *st, const char *s, size_t n, long lineno)
{
	char copy[LINE_MAX_BYTES], *t;
	struct pd_diag d;
	int ret;

	memcpy(copy, s, n);
	copy[n] = '\0';
	for (t = copy; (t = strchr(t, '\t')); )
		*t = ' ';
	if ((ret = pd_name_check("caption or header", copy, PD_TEXT_MAX, 1,
				 &d)) < 0)
		return pd_diag_set(st->diag, ret, st->file, lineno, "%s: a "
				   "caption and a header line come before the "
				   "rows; mend or remove the line", d.msg);
	return 0;
}

static int take_line(struct state *st, const char *s, size_t n, long lineno)
{
	struct line l;
	int ret;

	if (n >= LINE_MAX_BYTES)
		return pd_diag_set(st->diag, PD_ETOOBIG, st->file, lineno,
				   "line longer than %d bytes", LINE_MAX_BYTES);
	memcpy(l.text, s, n);
	l.text[n] = '\0';
	tokenise(&l);
	if (l.n == 0 || l.tok[0][0] == '#')
		return 0;
	if (st->p->n == 0 && !st->p->has_totals && !looks_like_row(&l)) {
		if (st->pre == 2)
			return pd_diag_set(st->diag, PD_EPARSE, st->file,
					   lineno, "expected a row '[rank] name "
					   "gold silver bronze total' after "
					   "the caption and header");
		if ((ret = check_pre(st, s, n, lineno)) < 0)
			return ret;
		if (!(st->pre_line[st->pre++] = strndup(s, n)))
			return PD_ENOMEM;
		return 0;
	}
	return add_row(st, &l, lineno);
}

static int finish(struct state *st, long lastline)
{
	struct pd_published *p = st->p;
	size_t i;

	if (p->n == 0)
		return pd_diag_set(st->diag, PD_EPARSE, st->file, lastline,
				   "no rows: expected '[rank] name gold "
				   "silver bronze total' lines");
	if (!p->has_totals)
		return pd_diag_set(st->diag, PD_EPARSE, st->file, lastline,
				   "no totals row ('总计' or 'Total') at the "
				   "end: is the file truncated?");
	/* one line before the rows is the header; two are caption, header */
	if (st->pre == 2) {
		p->caption = st->pre_line[0];
		p->header = st->pre_line[1];
	} else if (st->pre == 1) {
		p->header = st->pre_line[0];
	}
	st->pre = 0;
	strcpy(p->lang, "en");
	if (has_cjk(p->caption) || has_cjk(p->header))
		strcpy(p->lang, "zh");
	for (i = 0; i < p->n && !strcmp(p->lang, "en"); i++)
		if (has_cjk(p->rows[i].name))
			strcpy(p->lang, "zh");
	return 0;
}

int pd_table_text_parse(struct pd_published *out, const char *data,
			size_t len, const char *file,
			const struct pd_registry *reg, struct pd_diag *diag)
{
	struct state st = { out, file, reg, diag, 0, { NULL, NULL } };
	const char *s = data, *end = data + len, *eol;
	long lineno = 0;
	int ret;

	pd_published_init(out);
	if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
		s += 3;
	if ((ret = pd_utf8_check(s, (size_t)(end - s), file, diag)) < 0)
		goto cleanup;
	for (; s < end; s = eol + 1) {
		size_t n;

		lineno++;
		if (!(eol = memchr(s, '\n', (size_t)(end - s))))
			eol = end;
		n = (size_t)(eol - s);
		if (n && s[n - 1] == '\r')
			n--;
		if ((ret = take_line(&st, s, n, lineno)) < 0)
			goto cleanup;
	}
	ret = finish(&st, lineno);
cleanup:
	while (st.pre > 0)
		free(st.pre_line[--st.pre]);
	if (ret < 0)
		pd_published_release(out);
	return ret;
}
