/* render_wikitext.c -- the standings as a {{Medals table}} invocation an
 * editor can paste.
 *
 * English Wikipedia's Module:Medals table sorts, ranks, totals and draws
 * flags itself, so this hands it what its documentation lists and no
 * more: caption, host (the host's code), flag_template (flagPCteam for a
 * Paralympics, whose teams are NPCs, else flagIOCteam), event ("2004
 * Summer"), team (the column's heading: NPC or NOC), gold_XXX,
 * silver_XXX, bronze_XXX per NPC (one NPC a line, in standings order so
 * that the source reads like the table), host_XXX = yes on the host,
 * note_XXX on an NPC whose medals a sanction reallocated or vacated (an
 * {{efn}} footnote, listed by the {{notelist}} after the table), and
 * show_limit with remaining_link (the Games' own medal table article)
 * when the view is cut to the top rows.  Every NPC is listed even then:
 * the module works out the remaining row from the ones past the limit.
 * podium's own labels (the source a table was imported under) are not
 * the reader's business and stay out.  Parameters with no value are left
 * out rather than emitted empty; the module treats both the same.
 */
#include <ctype.h>
#include <stdio.h>
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

static int listed(const struct pd_standings *st, const char *npc)
{
	size_t i;

	for (i = 0; i < st->nall; i++)
		if (!strcmp(st->rows[i].npc, npc))
			return 1;
	return 0;
}

/* Some note is on an NPC that is not in the table. */
static int unplaced(const struct pd_view *v)
{
	size_t i;

	for (i = 0; i < v->nnotes; i++)
		if (!listed(v->st, v->notes[i].npc))
			return 1;
	return 0;
}

static int head(struct pd_buf *b, const struct pd_view *v)
{
	const char *g = v->games;
	/* Paralympic games (PG, PW) use the NPC flags; the rest the IOC's. */
	int para = g && g[0] == 'P' && (g[1] == 'G' || g[1] == 'W');
	char event[16];
	size_t i;
	int ret;

	event_of(v->games, event);
	ret = pd_buf_adds(b, "{{Medals table\n");
	/* a note on an NPC the table no longer lists (its one medal was
	 * vacated) goes with the caption, so that the notelist has it */
	if (ret == 0 && ((v->caption && *v->caption) || unplaced(v))) {
		ret = pd_buf_adds(b, "| caption = ");
		if (ret == 0 && v->caption)
			ret = param_text(b, v->caption);
		for (i = 0; i < v->nnotes && ret == 0; i++)
			if (!listed(v->st, v->notes[i].npc)) {
				ret = pd_buf_adds(b, "{{efn|");
				if (ret == 0)
					ret = param_text(b, v->notes[i].text);
				if (ret == 0)
					ret = pd_buf_adds(b, "}}");
			}
		if (ret == 0)
			ret = pd_buf_addc(b, '\n');
	}
	if (ret == 0)
		ret = param(b, "host", v->host);
	if (ret == 0)
		ret = param(b, "flag_template", para ? "flagPCteam"
						     : "flagIOCteam");
	if (ret == 0)
		ret = param(b, "event", event);
	if (ret == 0)
		ret = param(b, "team", para ? "NPC" : "NOC");
	return ret;
}

static int has_note(const struct pd_view *v, const char *npc)
{
	size_t i;

	for (i = 0; i < v->nnotes; i++)
		if (!strcmp(v->notes[i].npc, npc))
			return 1;
	return 0;
}

/* The notes on r's NPC, as one {{efn}} each. */
static int notes(struct pd_buf *b, const struct pd_view *v,
		 const struct pd_standing *r)
{
	size_t i;
	int ret = 0, first = 1;

	for (i = 0; i < v->nnotes && ret == 0; i++) {
		if (strcmp(v->notes[i].npc, r->npc))
			continue;
		if (first)
			ret = pd_buf_addf(b, " | note_%s = ", r->npc);
		first = 0;
		if (ret == 0)
			ret = pd_buf_adds(b, "{{efn|");
		if (ret == 0)
			ret = param_text(b, v->notes[i].text);
		if (ret == 0)
			ret = pd_buf_adds(b, "}}");
	}
	return ret;
}

static int row(struct pd_buf *b, const struct pd_view *v,
	       const struct pd_standing *r)
{
	int ret;

	ret = pd_buf_addf(b, "| gold_%s = %ld | silver_%s = %ld "
			  "| bronze_%s = %ld", r->npc, r->medals[PD_GOLD],
			  r->npc, r->medals[PD_SILVER], r->npc,
			  r->medals[PD_BRONZE]);
	if (ret == 0 && r->host)
		ret = pd_buf_addf(b, " | host_%s = yes", r->npc);
	if (ret == 0)
		ret = notes(b, v, r);
	if (ret == 0)
		ret = pd_buf_addc(b, '\n');
	return ret;
}

int pd_render_wikitext(struct pd_buf *out, const struct pd_view *v)
{
	const struct pd_standings *st = v->st;
	char link[64], event[16];
	size_t i;
	int ret, noted = 0;

	ret = head(out, v);
	for (i = 0; i < st->nall && ret == 0; i++) {
		ret = row(out, v, &st->rows[i]);
		noted |= has_note(v, st->rows[i].npc);
	}
	if (ret == 0 && st->has_remaining)
		ret = pd_buf_addf(out, "| show_limit = %zu\n", st->n);
	event_of(v->games, event);
	if (ret == 0 && st->has_remaining && *event) {
		snprintf(link, sizeof(link), "%s %s medal table", event,
			 v->games[0] == 'P' ? "Paralympics" : "Olympics");
		ret = param(out, "remaining_link", link);
	}
	if (ret == 0)
		ret = pd_buf_adds(out, "}}\n");
	if (ret == 0 && (noted || unplaced(v)))
		ret = pd_buf_adds(out, "{{notelist}}\n");
	return ret;
}
