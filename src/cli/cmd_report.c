/* cmd_report.c -- 'podium report': print a Games' report in zh or en,
 * built by pd_report() (report.h) from the data. */
#include <getopt.h>
#include <string.h>

#include "podium/report.h"
#include "podium/stats.h"
#include "cli.h"

static int parse_args(int argc, char **argv, char *games, size_t size,
		      const char **lang)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "lang", required_argument, NULL, 'l' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 'g' && pd_games_code(games, size, optarg) < 0)
			return cli_usage(&cmd_report, "--games takes a code "
					 "such as PG2024");
		else if (c == 'l' && !(*lang = cli_lang(optarg)))
			return cli_usage(&cmd_report, "--lang is zh or en");
		else if (c != 'g' && c != 'l')
			return cli_usage(&cmd_report, NULL);
	}
	if (optind < argc)
		return cli_usage(&cmd_report, "unexpected argument");
	if (!games[0])
		return cli_usage(&cmd_report, "--games is required");
	return 0;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	const char *lang = cli_default_lang();
	struct pd_buf b;
	char games[PD_GAMES_CODE] = "";
	int ret, code = 0;

	if ((ret = parse_args(argc, argv, games, sizeof(games), &lang)))
		return ret;
	if (!cli_store(cli, &code))
		return code;
	pd_buf_init(&b, 0);
	ret = pd_report(&b, cli->store, cli_registry(cli), games, lang, &d);
	ret = ret < 0 ? cli_fail(ret, &d) : cli_write(&b);
	pd_buf_release(&b);
	return ret;
}

const struct cli_command cmd_report = {
	"report", run, "write a short Games report from the data",
	"usage: podium report --games GAMES [--lang zh|en]\n"
	"\n"
	"Writes a few paragraphs about GAMES: its dates and host; the athletes\n"
	"(women and their share) and the NPCs taking part, those that won a\n"
	"medal and a gold; the events and sports; the top of the medal table\n"
	"with the leader's counts; the most decorated athlete; records set\n"
	"and sanctions in force.  Every number is read from the data, as in\n"
	"'podium stats', 'podium table' and 'podium medallists'; a figure the\n"
	"data cannot give is said to be unknown rather than printed as 0.\n"
	"\n"
	"  --lang zh|en   the language (default from $LANG)\n",
};
