/* labels.c -- the words every output format shares (the table of formats
 * is formats.c's), from the catalogue of words (podium/words.h). */
#include <pthread.h>
#include <string.h>

#include "podium/render.h"
#include "podium/words.h"

static const struct pd_labels keys = {
	.rank = N_("Rank"),
	.npc = N_("NPC"),
	.noc = N_("NOC"),
	.gold = N_("Gold"),
	.silver = N_("Silver"),
	.bronze = N_("Bronze"),
	.total = C_("column", "Total"),
	/* English tables label the sum row "Total" too: its place in the
	 * table, not its word, tells it from the column (zh: 总计). */
	.totals = C_("sum row", "Total"),
	.remaining = N_("Remaining"),
	.medal_table = N_("medal table"),
	.host = N_("host"),
	.gold_medal = N_("gold medal"),
	.bronze_medal = N_("bronze medal"),
};

/* Each language's labels, looked up once (a C_() key is no label even
 * in English). */
static struct pd_labels en, zh, fr;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void translate(struct pd_labels *L, const char *lang)
{
	L->rank = pd_word(lang, keys.rank);
	L->npc = pd_word(lang, keys.npc);
	L->noc = pd_word(lang, keys.noc);
	L->gold = pd_word(lang, keys.gold);
	L->silver = pd_word(lang, keys.silver);
	L->bronze = pd_word(lang, keys.bronze);
	L->total = pd_word(lang, keys.total);
	L->totals = pd_word(lang, keys.totals);
	L->remaining = pd_word(lang, keys.remaining);
	L->medal_table = pd_word(lang, keys.medal_table);
	L->host = pd_word(lang, keys.host);
	L->gold_medal = pd_word(lang, keys.gold_medal);
	L->bronze_medal = pd_word(lang, keys.bronze_medal);
}

static void translate_all(void)
{
	translate(&en, "en");
	translate(&zh, "zh");
	translate(&fr, "fr");
}

/* Anything but zh and fr is English: it is the language every name has. */
const struct pd_labels *pd_labels(const char *lang)
{
	pthread_once(&once, translate_all);
	if (lang && !strcmp(lang, "zh"))
		return &zh;
	return lang && !strcmp(lang, "fr") ? &fr : &en;
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
