/* render_text.c -- the standings as an aligned table for a terminal.
 *
 * Widths come from the content, measured in terminal columns rather than
 * bytes, so that Chinese names (two columns a character) line up with
 * Latin ones.  Colour is added only when the view asks for it, and then
 * only around the cell text, never inside the padding, so that the
 * alignment is the same with and without it.
 */
#include <stdio.h>	/* snprintf only: formatting, no I/O */
#include <string.h>

#include "podium/render.h"
#include "podium/words.h"

enum { RANK, CODE, NAME, GOLD, SILVER, BRONZE, TOTAL, POINTS, NCOL };

/* One line of the table as strings; num holds the formatted numbers that
 * cell points into. */
struct line {
	const char *cell[NCOL];
	char num[NCOL][24];
	int host;	/* the name gets a '*' after it */
};

#define SGR_RESET "\033[0m"

/* Gold in yellow, silver in white, bronze in a brown that stays readable
 * on both dark and light backgrounds. */
static const char *const sgr_for[NCOL] = {
	[GOLD] = "\033[33m",
	[SILVER] = "\033[37m",
	[BRONZE] = "\033[38;5;130m",
};

static void fill_counts(struct line *l, const struct pd_standing *r)
{
	long v[] = { r->medals[PD_GOLD], r->medals[PD_SILVER],
		     r->medals[PD_BRONZE], r->total, r->points };
	int c;

	for (c = GOLD; c < NCOL; c++) {
		snprintf(l->num[c], sizeof(l->num[c]), "%ld", v[c - GOLD]);
		l->cell[c] = l->num[c];
	}
}

static void fill_row(struct line *l, const struct pd_view *v,
		     const struct pd_standing *r)
{
	fill_counts(l, r);
	snprintf(l->num[RANK], sizeof(l->num[RANK]), "%ld", r->rank);
	l->cell[RANK] = l->num[RANK];
	l->cell[CODE] = r->npc;
	l->cell[NAME] = pd_view_name(v, r);
	l->host = r->host;
}

/* The totals and remaining rows: a label where the name goes. */
static void fill_sum(struct line *l, const char *label,
		     const struct pd_standing *r)
{
	fill_counts(l, r);
	l->cell[RANK] = l->cell[CODE] = "";
	l->cell[NAME] = label;
	l->host = 0;
}

static void fill_head(struct line *l, const struct pd_view *v)
{
	const struct pd_labels *L = pd_labels(v->lang);
	const char *head[NCOL] = {
		L->rank, "", pd_view_npc_label(v), L->gold, L->silver, L->bronze, L->total,
		/* Only this format shows points, so the label lives here. */
		pd_word(v->lang, N_("Points")),
	};

	memcpy(l->cell, head, sizeof(head));
	l->host = 0;
}

static void measure(int *w, const struct line *l, int ncol)
{
	int c, n;

	for (c = 0; c < ncol; c++) {
		n = pd_buf_columns(l->cell[c]) + (c == NAME && l->host);
		if (n > w[c])
			w[c] = n;
	}
}

static int spaces(struct pd_buf *b, int n)
{
	int ret = 0;

	while (n-- > 0 && ret == 0)
		ret = pd_buf_addc(b, ' ');
	return ret;
}

/* One cell padded to width; sgr (may be NULL) wraps only the text. */
static int cell(struct pd_buf *b, const char *text, int star, int width,
		int right, const char *sgr)
{
	int pad = width - pd_buf_columns(text) - star;
	int ret = right ? spaces(b, pad) : 0;

	if (ret == 0 && sgr)
		ret = pd_buf_adds(b, sgr);
	if (ret == 0)
		ret = pd_buf_adds(b, text);
	if (ret == 0 && star)
		ret = pd_buf_addc(b, '*');
	if (ret == 0 && sgr)
		ret = pd_buf_adds(b, SGR_RESET);
	if (ret == 0 && !right)
		ret = spaces(b, pad);
	return ret;
}

/* color: 0 none, 1 medal colours per cell, 2 the whole line bold. */
static int emit(struct pd_buf *b, const struct line *l, const int *w,
		int ncol, int color)
{
	int c, ret = 0;

	if (color == 2)
		ret = pd_buf_adds(b, "\033[1m");
	for (c = 0; c < ncol && ret == 0; c++) {
		if (c > 0)
			ret = pd_buf_adds(b, "  ");
		if (ret == 0)
			ret = cell(b, l->cell[c], c == NAME && l->host, w[c],
				   c != CODE && c != NAME,
				   color == 1 ? sgr_for[c] : NULL);
	}
	if (ret == 0 && color == 2)
		ret = pd_buf_adds(b, SGR_RESET);
	if (ret == 0)
		ret = pd_buf_addc(b, '\n');
	return ret;
}

static int separator(struct pd_buf *b, const int *w, int ncol)
{
	int c, n = 2 * (ncol - 1), ret;

	for (c = 0; c < ncol; c++)
		n += w[c];
	while (n-- > 0)
		if ((ret = pd_buf_addc(b, '-')) < 0)
			return ret;
	return pd_buf_addc(b, '\n');
}

static void measure_all(int *w, const struct pd_view *v, int ncol)
{
	const struct pd_standings *st = v->st;
	const struct pd_labels *L = pd_labels(v->lang);
	struct line l;
	size_t i;

	fill_head(&l, v);
	measure(w, &l, ncol);
	for (i = 0; i < st->n; i++) {
		fill_row(&l, v, &st->rows[i]);
		measure(w, &l, ncol);
	}
	if (st->has_remaining) {
		fill_sum(&l, L->remaining, &st->remaining);
		measure(w, &l, ncol);
	}
	fill_sum(&l, L->totals, &st->totals);
	measure(w, &l, ncol);
}

/* Caption and header; then one line per row, the remaining row, a rule,
 * the totals, and the host footnote when the host is in the table. */
int pd_render_text(struct pd_buf *out, const struct pd_view *v)
{
	const struct pd_standings *st = v->st;
	const struct pd_labels *L = pd_labels(v->lang);
	int ncol = st->scheme.kind == PD_SCHEME_POINTS ? NCOL : POINTS;
	int w[NCOL] = { 0 }, has_host = 0, ret = 0;
	struct line l;
	size_t i;

	measure_all(w, v, ncol);
	if (v->caption)
		ret = pd_buf_addf(out, "%s\n", v->caption);
	fill_head(&l, v);
	if (ret == 0)
		ret = emit(out, &l, w, ncol, v->color ? 2 : 0);
	for (i = 0; i < st->n && ret == 0; i++) {
		fill_row(&l, v, &st->rows[i]);
		has_host |= l.host;
		ret = emit(out, &l, w, ncol, v->color ? 1 : 0);
	}
	if (ret == 0 && st->has_remaining) {
		fill_sum(&l, L->remaining, &st->remaining);
		ret = emit(out, &l, w, ncol, 0);
	}
	if (ret == 0)
		ret = separator(out, w, ncol);
	fill_sum(&l, L->totals, &st->totals);
	if (ret == 0)
		ret = emit(out, &l, w, ncol, 0);
	if (ret == 0 && has_host)
		ret = pd_buf_addf(out, "* %s\n", L->host);
	return ret;
}
