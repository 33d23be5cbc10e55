/* caption.c -- the title of a standings table, for every format of the
 * CLI's 'podium table' and for the API's standings (see doc.h). */
#include <stdio.h>
#include <string.h>

#include "podium/render.h"
#include "app_int.h"

void pd_caption(char *out, size_t size, const struct pd_games *g,
		const char *label, const struct pd_published *pub,
		const char *lang, const char *sport)
{
	const struct pd_labels *L = pd_labels(lang);
	int zh = !strcmp(lang, "zh");
	const char *name;

	if (pub && pub->caption && !strcmp(pub->lang, lang) && !sport) {
		snprintf(out, size, "%s", pub->caption);
		return;
	}
	name = !g ? label : zh && g->name_zh && *g->name_zh ? g->name_zh :
	       g->name_en;
	if (sport && zh)
		sport = app_sport_zh(sport);
	snprintf(out, size, "%s%s%s%s%s", name ? name : "", zh ? "" : " ",
		 L->medal_table, sport ? " — " : "", sport ? sport : "");
}
