/* cmd_sport.c -- 'podium sport': one sport of a Games, its medal table
 * and its events by phase (doc.h: pd_doc_sport()), as text or JSON. */
#include <string.h>

#include <jansson.h>

#include "podium/doc.h"
#include "cli.h"

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

static long long num(json_t *o, const char *key)
{
	return (long long)json_integer_value(json_object_get(o, key));
}

/* The document as text: the table, then each event with its phases
 * (code and how many units). */
static void text(json_t *doc)
{
	json_t *r, *e, *p;
	size_t i, j;

	printf("%s (%s)\nrank\tnpc\tgold\tsilver\tbronze\ttotal\n",
	       cli_text(str(doc, "sport")), str(doc, "slug"));
	json_array_foreach(json_object_get(doc, "table"), i, r)
		printf("%lld\t%s\t%lld\t%lld\t%lld\t%lld\n", num(r, "rank"),
		       cli_text(str(r, "npc")), num(r, "gold"),
		       num(r, "silver"), num(r, "bronze"), num(r, "total"));
	printf("%zu events\n", json_array_size(json_object_get(doc,
								 "events")));
	json_array_foreach(json_object_get(doc, "events"), i, e) {
		printf("%lld\t%s\t%s\t%s", num(e, "id"), cli_text(str(e, "name")),
		       *str(e, "gender") ? cli_text(str(e, "gender")) : "-",
		       *str(e, "status") ? cli_text(str(e, "status")) : "-");
		json_array_foreach(json_object_get(e, "phases"), j, p)
			printf("%s%s(%zu)", j ? " " : "\t",
			       cli_text(str(p, "code")),
			       json_array_size(json_object_get(p, "units")));
		printf("\n");
	}
}

static int sport_doc(struct pd_buf *b, struct pd_store *s,
		     const struct pd_games *g, const void *arg,
		     struct pd_diag *d)
{
	return pd_doc_sport(b, s, g, arg, g->version, PD_DOC_PRETTY, d);
}

static int run(struct cli *cli, int argc, char **argv)
{
	char games[PD_GAMES_CODE] = "";
	const char *sport = NULL, *format = "text";
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--games") && i + 1 < argc) {
			if (pd_games_code(games, sizeof(games), argv[++i]))
				return cli_usage(&cmd_sport, N_("bad --games"));
		} else if (!strcmp(argv[i], "--format") && i + 1 < argc &&
			   (!strcmp(argv[i + 1], "text") ||
			    !strcmp(argv[i + 1], "json"))) {
			format = argv[++i];
		} else if (!sport && argv[i][0] != '-') {
			sport = argv[i];
		} else {
			return cli_usage(&cmd_sport, N_("unexpected argument"));
		}
	if (!games[0] || !sport)
		return cli_usage(&cmd_sport, "expected --games G SPORT");
	return cli_games_doc(cli, games, sport_doc, sport,
			     !strcmp(format, "json"), text);
}

const struct cli_command cmd_sport = {
	"sport", run, "a sport of a Games: its medal table and events",
	"usage: podium sport --games G SPORT [--format text|json]\n"
	"\n"
	"SPORT is the sport's name (\"Athletics\") or its slug (\"athletics\",\n"
	"\"wheelchair-basketball\": its letters and digits in lower case, '-'\n"
	"between words), as the site's /games/G/sports/SLUG names it.  Prints\n"
	"the sport's medal table, ranked from its official results, then its\n"
	"events (id, name, gender, status) with, for a Games of 'podium import\n"
	"units', each event's phases by their results-code part and how many\n"
	"units each has (HEAT(6) SFNL(3) FNL-(1)).  --format json is the\n"
	"document of GET /api/games/G/sports/SLUG.  A sport the Games has no\n"
	"event of is exit 2.\n",
};
