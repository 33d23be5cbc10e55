/* cmd_highlights.c -- 'podium highlights': a Games' highlights computed
 * from its results (pd_highlights(), report.h). */
#include <string.h>

#include "podium/report.h"
#include "cli.h"

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	const char *lang = cli_default_lang();
	char games[PD_GAMES_CODE] = "";
	struct pd_buf b;
	int i, ret, code = 0;

	for (i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--games")) {
			if (pd_games_code(games, sizeof(games),
					  argv[i + 1]) < 0)
				return cli_usage(&cmd_highlights,
						 N_("--games takes a code "
						    "such as PG2004"));
		} else if (!strcmp(argv[i], "--lang")) {
			if (!(lang = cli_lang(argv[i + 1])))
				return cli_usage(&cmd_highlights,
						 N_("--lang is zh, "
							 "en or fr"));
		} else {
			break;
		}
	}
	if (i != argc || !games[0])
		return cli_usage(&cmd_highlights, N_("--games is required"));
	if (!cli_store(cli, &code))
		return code;
	pd_buf_init(&b, 0);
	ret = pd_highlights(&b, cli->store, cli_registry(cli), games, lang,
			    &d);
	return cli_output(ret, &b, &d);
}

const struct cli_command cmd_highlights = {
	"highlights", run, "a Games' highlights, computed from its results",
	"usage: podium highlights --games GAMES [--lang zh|en|fr]\n"
	"\n"
	"The most decorated athletes (three medals or more, the first ten\n"
	"ranks), the NPC first on each sport's table with its medals, and the\n"
	"results that set a record, by type: computed from the results in the\n"
	"store, as the report's highlights are stated in 'podium facts'.\n",
};
