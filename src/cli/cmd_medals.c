/* cmd_medals.c -- 'podium medals': a Games' medals one row a medal, as
 * its units decide them, with the unit and rule of each (units_ops.h). */
#include <string.h>

#include "podium/units_ops.h"
#include "cli.h"

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	char games[PD_GAMES_CODE] = "";
	const char *format = "csv";
	struct pd_store *s;
	struct pd_buf out;
	int i, code;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--games") && i + 1 < argc) {
			if (pd_games_code(games, sizeof(games), argv[++i]))
				return cli_usage(&cmd_medals, N_("bad --games"));
		} else if (!strcmp(argv[i], "--format") && i + 1 < argc) {
			format = argv[++i];
			if (strcmp(format, "csv") && strcmp(format, "json") &&
			    strcmp(format, "html"))
				return cli_usage(&cmd_medals, N_("--format is "
						 "csv, json or html"));
		} else {
			return cli_usage(&cmd_medals, N_("unexpected argument"));
		}
	}
	if (!games[0])
		return cli_usage(&cmd_medals, N_("--games is required"));
	if ((code = cli_store_games(cli, games)) != 0)
		return code;
	if (!(s = cli_store(cli, &code)))
		return code;
	pd_buf_init(&out, 0);
	return cli_output(pd_op_units_medals(s, games, format, &out, &d), &out,
			  &d);
}

const struct cli_command cmd_medals = {
	"medals", run, "list a Games' medals as its units decide them",
	"usage: podium medals --games G [--format csv|json|html]\n"
	"\n"
	"One row a medal, derived from the units 'podium import units' keeps:\n"
	"discipline and event as the data names them, event_code (ODF's),\n"
	"medal (gold, silver, bronze), npc, participant_code, participant,\n"
	"unit (the results code of the unit or standing that decided it) and\n"
	"rule (standing, final-ranks, gold-match, bronze-match, semi-losers:\n"
	"data/medal_rules.tsv, each line naming the rule book it follows).\n"
	"A tie gives each its medal.  By event code, then medal.  CSV (the\n"
	"default) has a header; JSON is {\"games\", \"medals\": [...]}; HTML\n"
	"is the same rows as a page whole in itself, every text escaped.  The\n"
	"same units give the same bytes.\n"
	"A Games without units lists none.  Sanctions ('podium sanction')\n"
	"change the table and the medallists, not this list of what the units\n"
	"decided.\n",
};
