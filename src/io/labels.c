/* labels.c -- the words every output format shares (the table of formats
 * is formats.c's), from the catalogue of words (podium/words.h). */
#include <pthread.h>
#include <stddef.h>
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

/* Every field of struct pd_labels, so that a new label is one line in
 * keys and one here. */
#define FIELD(f) offsetof(struct pd_labels, f)
static const size_t fields[] = {
	FIELD(rank), FIELD(npc), FIELD(noc), FIELD(gold), FIELD(silver),
	FIELD(bronze), FIELD(total), FIELD(totals), FIELD(remaining),
	FIELD(medal_table), FIELD(host), FIELD(gold_medal),
	FIELD(bronze_medal),
};
#undef FIELD
_Static_assert(sizeof(fields) / sizeof(*fields) * sizeof(const char *) ==
	       sizeof(struct pd_labels), "a label of pd_labels is not in fields");

static void translate(struct pd_labels *L, const char *lang)
{
	const char *key;
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(*fields); i++) {
		memcpy(&key, (const char *)&keys + fields[i], sizeof(key));
		key = pd_word(lang, key);
		memcpy((char *)L + fields[i], &key, sizeof(key));
	}
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
