/* render_markdown.c -- the standings as a GitHub-flavoured pipe table.
 *
 * Numbers are right-aligned (`---:`) so that columns of counts line up
 * when rendered; the source itself is not padded, since Markdown readers
 * ignore the padding and it would only make diffs noisier.
 */
#include "podium/render.h"

/* A '|' inside a cell would end it; GFM lets it be escaped. */
static int cell_text(struct pd_buf *b, const char *s)
{
	int ret = 0;

	for (; *s && ret == 0; s++)
		ret = *s == '|' ? pd_buf_adds(b, "\\|") : pd_buf_addc(b, *s);
	return ret;
}

/* The four counts; bold (the totals row) wraps each in "**". */
static int counts(struct pd_buf *b, const struct pd_standing *r, int bold)
{
	const char *m = bold ? "**" : "";

	return pd_buf_addf(b, " %s%ld%s | %s%ld%s | %s%ld%s | %s%ld%s |\n",
			   m, r->medals[PD_GOLD], m, m, r->medals[PD_SILVER], m,
			   m, r->medals[PD_BRONZE], m, m, r->total, m);
}

static int row(struct pd_buf *b, const struct pd_view *v,
	       const struct pd_standing *r)
{
	int ret;

	ret = pd_buf_addf(b, "| %ld | ", r->rank);
	if (ret == 0)
		ret = cell_text(b, pd_view_name(v, r));
	/* the host's mark, explained below the table */
	if (ret == 0 && r->host)
		ret = pd_buf_adds(b, " \\*");
	if (ret == 0)
		ret = pd_buf_adds(b, " |");
	if (ret == 0)
		ret = counts(b, r, 0);
	return ret;
}

static int header(struct pd_buf *b, const struct pd_view *v)
{
	const struct pd_labels *L = pd_labels(v->lang);
	int ret = 0;

	if (v->caption) {
		ret = pd_buf_adds(b, "**");
		if (ret == 0)
			ret = cell_text(b, v->caption);
		if (ret == 0)
			ret = pd_buf_adds(b, "**\n\n");
	}
	if (ret == 0)
		ret = pd_buf_addf(b, "| %s | %s | %s | %s | %s | %s |\n",
				  L->rank, pd_view_npc_label(v), L->gold, L->silver,
				  L->bronze, L->total);
	if (ret == 0)
		ret = pd_buf_adds(b, "| ---: | --- | ---: | ---: | ---: | ---: |\n");
	return ret;
}

int pd_render_markdown(struct pd_buf *out, const struct pd_view *v)
{
	const struct pd_labels *L = pd_labels(v->lang);
	const struct pd_standings *st = v->st;
	size_t i;
	int ret;

	ret = header(out, v);
	for (i = 0; i < st->n && ret == 0; i++)
		ret = row(out, v, &st->rows[i]);
	if (ret == 0 && st->has_remaining) {
		ret = pd_buf_addf(out, "| | %s |", L->remaining);
		if (ret == 0)
			ret = counts(out, &st->remaining, 0);
	}
	if (ret == 0)
		ret = pd_buf_addf(out, "| | **%s** |", L->totals);
	if (ret == 0)
		ret = counts(out, &st->totals, 1);
	for (i = 0; i < st->n && ret == 0; i++)
		if (st->rows[i].host)
			ret = pd_buf_addf(out, "\n\\* %s\n", L->host);
	return ret;
}
