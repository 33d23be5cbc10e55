/* render_html.c -- the standings as a standalone, accessible HTML page.
 *
 * A real <table>: <caption>, column headers with scope="col", and each
 * NPC's name as the row header (scope="row") so that a screen reader
 * announces "China, Gold, 63" rather than bare numbers.  The host row is
 * marked by more than colour (a "*" and a footnote), and the inline style
 * keeps text contrast above WCAG AA.  All text is escaped.
 */
#include <string.h>

#include "podium/render.h"
#include "podium/words.h"

static const char style[] =
	"<style>\n"
	"body{font-family:system-ui,sans-serif;color:#1a1a1a;"
	"background:#fff;margin:1.5rem}\n"
	"table{border-collapse:collapse}\n"
	"caption{font-weight:bold;font-size:1.2em;padding:.5em 0;"
	"text-align:left}\n"
	"th,td{padding:.3em .7em;border-bottom:1px solid #ccc}\n"
	"thead th{border-bottom:2px solid #333;text-align:right}\n"
	"thead th:nth-child(2),tbody th,tfoot th{text-align:left}\n"
	"td{text-align:right;font-variant-numeric:tabular-nums}\n"
	"tr.host{background:#fff4cc}\n"
	".host-mark{font-weight:bold;color:#8a4b00}\n"
	"tfoot tr{font-weight:bold}\n"
	"</style>\n";

static int esc(struct pd_buf *b, const char *s)
{
	return pd_buf_addhtml(b, s);
}

/* "<tag>escaped text</tag>" with attributes in open. */
static int element(struct pd_buf *b, const char *open, const char *text,
		   const char *close)
{
	int ret = pd_buf_adds(b, open);

	if (ret == 0)
		ret = esc(b, text);
	if (ret == 0)
		ret = pd_buf_adds(b, close);
	return ret;
}

static int counts(struct pd_buf *b, const struct pd_standing *r)
{
	return pd_buf_addf(b, "<td>%ld</td><td>%ld</td><td>%ld</td>"
			   "<td>%ld</td></tr>\n", r->medals[PD_GOLD],
			   r->medals[PD_SILVER], r->medals[PD_BRONZE],
			   r->total);
}

static int row(struct pd_buf *b, const struct pd_view *v,
	       const struct pd_standing *r, const struct pd_labels *L)
{
	int ret;

	ret = pd_buf_addf(b, "<tr%s><td>%ld</td>",
			  r->host ? " class=\"host\"" : "", r->rank);
	if (ret == 0)
		ret = element(b, "<th scope=\"row\">", pd_view_name(v, r), "");
	if (ret == 0 && r->host)
		ret = element(b, " <abbr class=\"host-mark\" title=\"",
			      L->host, "\">*</abbr>");
	if (ret == 0)
		ret = pd_buf_adds(b, "</th>");
	if (ret == 0)
		ret = counts(b, r);
	return ret;
}

/* A row of sums: no rank, its label as the row header. */
static int sum_row(struct pd_buf *b, const char *label,
		   const struct pd_standing *r)
{
	int ret = element(b, "<tr><td></td><th scope=\"row\">", label,
			  "</th>");

	if (ret == 0)
		ret = counts(b, r);
	return ret;
}

static int head(struct pd_buf *b, const struct pd_view *v,
		const struct pd_labels *L, const char *title)
{
	const char *cols[] = { L->rank, pd_view_npc_label(v), L->gold, L->silver,
			       L->bronze, L->total };
	size_t i;
	int ret;

	ret = pd_buf_addf(b, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n"
			  "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
			  "content=\"width=device-width, initial-scale=1\">\n",
			  v->lang && (!strcmp(v->lang, "zh") ||
				      !strcmp(v->lang, "fr")) ? v->lang : "en");
	if (ret == 0)
		ret = element(b, "<title>", title, "</title>\n");
	if (ret == 0)
		ret = pd_buf_adds(b, style);
	if (ret == 0)
		ret = pd_buf_adds(b, "</head>\n<body>\n<table>\n");
	if (ret == 0)
		ret = element(b, "<caption>", title, "</caption>\n");
	if (ret == 0)
		ret = pd_buf_adds(b, "<thead><tr>");
	for (i = 0; i < sizeof(cols) / sizeof(cols[0]) && ret == 0; i++)
		ret = element(b, "<th scope=\"col\">", cols[i], "</th>");
	if (ret == 0)
		ret = pd_buf_adds(b, "</tr></thead>\n<tbody>\n");
	return ret;
}

int pd_render_html(struct pd_buf *out, const struct pd_view *v)
{
	const struct pd_labels *L = pd_labels(v->lang);
	const struct pd_standings *st = v->st;
	const char *title = v->caption ? v->caption : L->medal_table;
	int has_host = 0, ret;
	size_t i;

	ret = head(out, v, L, title);
	for (i = 0; i < st->n && ret == 0; i++) {
		has_host |= st->rows[i].host;
		ret = row(out, v, &st->rows[i], L);
	}
	if (ret == 0)
		ret = pd_buf_adds(out, "</tbody>\n<tfoot>\n");
	if (ret == 0 && st->has_remaining)
		ret = sum_row(out, L->remaining, &st->remaining);
	if (ret == 0)
		ret = sum_row(out, L->totals, &st->totals);
	if (ret == 0)
		ret = pd_buf_adds(out, "</tfoot>\n</table>\n");
	if (ret == 0 && has_host)
		ret = element(out, "<p><span class=\"host-mark\">*</span> ",
			      L->host, "</p>\n");
	if (ret == 0)
		ret = pd_buf_adds(out, "</body>\n</html>\n");
	return ret;
}
