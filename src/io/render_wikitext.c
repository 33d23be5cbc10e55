/* render_wikitext.c -- the standings as a {{Medals table}} invocation.
 *
 * English Wikipedia's Module:Medals table sorts, ranks, totals and draws
 * flags itself, so this only hands it the counts: gold_XXX, silver_XXX,
 * bronze_XXX per NPC (one NPC a line, in standings order so that the
 * source reads like the table), host_XXX = yes on the host, and
 * show_limit when the view is cut to the top rows.  Every NPC is listed
 * even then: the module works out the remaining row from the ones past
 * the limit.  Parameters with no value are left out rather than emitted
 * empty; the module treats both the same.
 */
#include <ctype.h>
#include <string.h>

#include "podium/render.h"

/* A '|' would end the parameter; {{!}} is the wiki's escaped pipe. */
static int param_text(struct pd_buf *b, const char *s)
{
	int ret = 0;

	for (; *s && ret == 0; s++)
		ret = *s == '|' ? pd_buf_adds(b, "{{!}}") : pd_buf_addc(b, *s);
	return ret;
}

static int param(struct pd_buf *b, const char *name, const char *value)
{
	int ret;

	if (!value || !*value)
		return 0;
	ret = pd_buf_addf(b, "| %s = ", name);
	if (ret == 0)
		ret = param_text(b, value);
	if (ret == 0)
		ret = pd_buf_addc(b, '\n');
	return ret;
}

/* "PG2004" -> "2004 Summer", "OW2006" -> "2006 Winter": the form the
 * module's event parameter takes.  "" when games has another shape. */
static void event_of(const char *games, char out[16])
{
	int i;

	out[0] = '\0';
	if (!games || strlen(games) != 6 || !strchr("OP", games[0]) ||
	    !strchr("GW", games[1]))
		return;
	for (i = 2; i < 6; i++)
		if (!isdigit((unsigned char)games[i]))
			return;
	memcpy(out, games + 2, 4);
	strcpy(out + 4, games[1] == 'G' ? " Summer" : " Winter");
}

static int head(struct pd_buf *b, const struct pd_view *v)
{
	const char *g = v->games;
	/* Paralympic games (PG, PW) use the NPC flags; the rest the IOC's. */
	int para = g && g[0] == 'P' && (g[1] == 'G' || g[1] == 'W');
	char event[16];
	int ret;

	event_of(v->games, event);
	ret = pd_buf_adds(b, "{{Medals table\n");
	if (ret == 0)
		ret = param(b, "caption", v->caption);
	if (ret == 0)
		ret = param(b, "host", v->host);
	if (ret == 0)
		ret = param(b, "flag_template", para ? "flagPCteam"
						     : "flagIOCteam");
	if (ret == 0)
		ret = param(b, "event", event);
	return ret;
}

static int row(struct pd_buf *b, const struct pd_standing *r)
{
	int ret;

	ret = pd_buf_addf(b, "| gold_%s = %ld | silver_%s = %ld "
			  "| bronze_%s = %ld", r->npc, r->medals[PD_GOLD],
			  r->npc, r->medals[PD_SILVER], r->npc,
			  r->medals[PD_BRONZE]);
	if (ret == 0 && r->host)
		ret = pd_buf_addf(b, " | host_%s = yes", r->npc);
	if (ret == 0)
		ret = pd_buf_addc(b, '\n');
	return ret;
}

int pd_render_wikitext(struct pd_buf *out, const struct pd_view *v)
{
	const struct pd_standings *st = v->st;
	size_t i;
	int ret;

	ret = head(out, v);
	for (i = 0; i < st->nall && ret == 0; i++)
		ret = row(out, &st->rows[i]);
	if (ret == 0 && st->has_remaining)
		ret = pd_buf_addf(out, "| show_limit = %zu\n", st->n);
	if (ret == 0)
		ret = param(out, "source", v->source);
	if (ret == 0)
		ret = pd_buf_adds(out, "}}\n");
	return ret;
}
