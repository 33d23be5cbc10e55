/* render_csv.c -- the standings as RFC 4180 CSV, one row per NPC.
 *
 * Lines end in "\n", not the CRLF RFC 4180 asks for: every CSV reader
 * accepts it, and it keeps the output diffable and the same on every
 * platform.  Quoting follows the RFC, by pd_csv_quote() beside the reader
 * in csv.c: a field holding a comma, a quote, CR or LF is quoted, with
 * quotes doubled.  There is no totals row -- a spreadsheet sums columns
 * itself, and a sum row would read as an NPC -- except in a table cut by
 * --top: the rows cut are not there to be summed, so the remaining row
 * and the totals row follow, with rank and npc empty so that no reader
 * takes them for an NPC.
 */
#include "podium/csv.h"
#include "podium/render.h"

static int row(struct pd_buf *b, const struct pd_view *v,
	       const struct pd_standing *r)
{
	int ret;

	ret = v->games_column ? pd_buf_addf(b, "%s,", v->games) : 0;
	if (ret == 0)
		ret = pd_buf_addf(b, "%ld,", r->rank);
	if (ret == 0)
		ret = pd_csv_quote(b, r->npc);
	if (ret == 0)
		ret = pd_buf_addc(b, ',');
	if (ret == 0)
		ret = pd_csv_quote(b, pd_view_name(v, r));
	if (ret == 0)
		ret = pd_buf_addf(b, ",%ld,%ld,%ld,%ld", r->medals[PD_GOLD],
				  r->medals[PD_SILVER], r->medals[PD_BRONZE],
				  r->total);
	if (ret == 0 && v->host_column)
		ret = pd_buf_adds(b, r->host ? ",1" : ",0");
	if (ret == 0)
		ret = pd_buf_addc(b, '\n');
	return ret;
}

/* A sum row of a cut table: no rank, no code, its label as the name. */
static int sum_row(struct pd_buf *b, const struct pd_view *v,
		   const char *label, const struct pd_standing *r)
{
	int ret;

	ret = v->games_column ? pd_buf_addf(b, "%s,", v->games) : 0;
	if (ret == 0)
		ret = pd_buf_adds(b, ",,");
	if (ret == 0)
		ret = pd_csv_quote(b, label);
	if (ret == 0)
		ret = pd_buf_addf(b, ",%ld,%ld,%ld,%ld\n", r->medals[PD_GOLD],
				  r->medals[PD_SILVER], r->medals[PD_BRONZE],
				  r->total);
	return ret;
}

int pd_render_csv(struct pd_buf *out, const struct pd_view *v)
{
	const struct pd_labels *L = pd_labels(v->lang);
	size_t i;
	int ret;

	ret = 0;
	/* some spreadsheets read UTF-8 only after a byte order mark */
	if (v->bom && !v->no_header)
		ret = pd_buf_adds(out, "\xEF\xBB\xBF");
	if (!v->no_header && ret == 0)
		ret = pd_buf_adds(out, v->games_column ? "games," : "");
	if (!v->no_header && ret == 0)
		ret = pd_buf_adds(out, "rank,npc,name,gold,silver,bronze,"
				  "total");
	if (!v->no_header && ret == 0)
		ret = pd_buf_adds(out, v->host_column ? ",host\n" : "\n");
	for (i = 0; i < v->st->n && ret == 0; i++)
		ret = row(out, v, &v->st->rows[i]);
	if (ret == 0 && v->st->has_remaining)
		ret = sum_row(out, v, L->remaining, &v->st->remaining);
	if (ret == 0 && v->st->has_remaining)
		ret = sum_row(out, v, L->totals, &v->st->totals);
	return ret;
}
