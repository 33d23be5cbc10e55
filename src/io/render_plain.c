/* render_plain.c -- the published form of a medal table, byte for byte.
 *
 * This is the layout the official results books print and the seed data
 * was typed from: single spaces, no alignment, and a row that ties the one
 * above printed without its rank.  Reproducing it exactly is what lets a
 * computed table be diffed against the published one.
 */
#include "podium/render.h"

static int counts(struct pd_buf *b, const struct pd_standing *r)
{
	return pd_buf_addf(b, " %ld %ld %ld %ld\n", r->medals[PD_GOLD],
			   r->medals[PD_SILVER], r->medals[PD_BRONZE],
			   r->total);
}

static int row(struct pd_buf *b, const struct pd_view *v,
	       const struct pd_standing *r)
{
	int ret = 0;

	if (!r->tied)
		ret = pd_buf_addf(b, "%ld ", r->rank);
	if (ret == 0)
		ret = pd_buf_adds(b, pd_view_name(v, r));
	if (ret == 0)
		ret = counts(b, r);
	return ret;
}

int pd_render_plain(struct pd_buf *out, const struct pd_view *v)
{
	const struct pd_labels *L = pd_labels(v->lang);
	const struct pd_standings *st = v->st;
	size_t i;
	int ret = 0;

	if (v->caption)
		ret = pd_buf_addf(out, "%s\n", v->caption);
	if (ret == 0)
		ret = pd_buf_addf(out, "%s %s %s %s %s %s\n", L->rank, pd_view_npc_label(v),
				  L->gold, L->silver, L->bronze, L->total);
	for (i = 0; i < st->n && ret == 0; i++)
		ret = row(out, v, &st->rows[i]);
	if (ret == 0 && st->has_remaining) {
		ret = pd_buf_adds(out, L->remaining);
		if (ret == 0)
			ret = counts(out, &st->remaining);
	}
	if (ret == 0)
		ret = pd_buf_adds(out, L->totals);
	if (ret == 0)
		ret = counts(out, &st->totals);
	return ret;
}
