/* labels.c -- the words every output format shares (the table of formats
 * is formats.c's). */
#include <string.h>

#include "podium/render.h"

static const struct pd_labels zh = {
	.rank = "排名",
	/* U+FF0F, the full-width slash the published tables use. */
	.npc = "国家／地区",
	.noc = "国家／地区",
	.gold = "金牌",
	.silver = "银牌",
	.bronze = "铜牌",
	.total = "总数",
	.totals = "总计",
	.remaining = "其余",
	.medal_table = "奖牌榜",
	.host = "东道主",
	.gold_medal = "金牌",
	.bronze_medal = "铜牌",
};

static const struct pd_labels en = {
	.rank = "Rank",
	.npc = "NPC",
	.noc = "NOC",
	.gold = "Gold",
	.silver = "Silver",
	.bronze = "Bronze",
	.total = "Total",
	/* English tables label the sum row "Total" too: its place in the
	 * table, not its word, tells it from the column. */
	.totals = "Total",
	.remaining = "Remaining",
	.medal_table = "medal table",
	.host = "host",
	.gold_medal = "gold medal",
	.bronze_medal = "bronze medal",
};

/* Anything but "zh" is English: it is the language every name has. */
const struct pd_labels *pd_labels(const char *lang)
{
	return lang && !strcmp(lang, "zh") ? &zh : &en;
}

const char *pd_view_name(const struct pd_view *v, const struct pd_standing *row)
{
	const struct pd_npc *npc;

	/* a source that printed only codes printed no name: "USA USA"
	 * helps no reader */
	if (v->use_printed && row->printed && *row->printed &&
	    strcmp(row->printed, row->npc) &&
	    !(v->reg && pd_registry_code(v->reg, row->printed)))
		return row->printed;
	npc = v->reg ? pd_registry_code(v->reg, row->npc) : NULL;
	if (npc)
		return pd_npc_name_at(v->reg, npc, v->lang,
				      pd_games_year(v->games));
	return row->npc;
}

const char *pd_view_npc_label(const struct pd_view *v)
{
	const struct pd_labels *L = pd_labels(v->lang);
	const char *g = v->games;

	return g && g[0] == 'O' && (g[1] == 'G' || g[1] == 'W') &&
	       pd_games_year(g) ? L->noc : L->npc;
}
