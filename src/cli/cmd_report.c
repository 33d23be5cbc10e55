/* cmd_report.c -- 'podium report': print a Games' report in en, zh or fr,
 * built by pd_report() (report.h) from the data. */
#include <getopt.h>
#include <string.h>

#include "podium/store_report.h"
#include "podium/report.h"
#include "podium/stats.h"
#include "cli.h"

struct args {
	char games[PD_GAMES_CODE];
	const char *lang;
	int sources;
};

static int option(int c, char *arg, void *ctx)
{
	struct args *a = ctx;

	if (c == 'g' && pd_games_code(a->games, sizeof(a->games), arg) < 0)
		return cli_usage(&cmd_report, N_("--games takes a code such as "
				 "PG2024"));
	if (c == 'l' && !(a->lang = cli_lang(arg)))
		return cli_usage(&cmd_report, N_("--lang is zh, en or fr"));
	if (c == 's')
		a->sources = 1;
	return 0;
}

static int parse_args(struct args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "lang", required_argument, NULL, 'l' },
		{ "sources", no_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	int ret;

	if ((ret = cli_options(&cmd_report, argc, argv, longopts, option, a)))
		return ret;
	if (optind < argc)
		return cli_usage(&cmd_report, N_("unexpected argument"));
	if (!a->games[0])
		return cli_usage(&cmd_report, N_("--games is required"));
	return 0;
}

static int count_fact(const struct pd_fact *f, void *arg)
{
	(void)f;
	(*(int *)arg)++;
	return 1;	/* one is enough */
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct args a = { "", cli_default_lang(), 0 };
	struct pd_buf b;
	int ret, code = 0, facts = 0;

	if ((ret = parse_args(&a, argc, argv)))
		return ret;
	if (!cli_store(cli, &code))
		return code;
	pd_buf_init(&b, 0);
	/* a Games with stated figures gets its report regenerated from them */
	if ((ret = pd_store_facts(cli->store, a.games, count_fact, &facts,
				  &d)) < 0)
		return cli_fail(ret, &d);
	if (facts || a.sources)
		ret = pd_report_games(&b, cli->store, cli_registry(cli),
				      a.games, a.lang, a.sources, &d);
	else
		ret = pd_report(&b, cli->store, cli_registry(cli), a.games,
				a.lang, &d);
	return cli_output(ret, &b, &d);
}

const struct cli_command cmd_report = {
	"report", run, "write a short Games report from the data",
	"usage: podium report --games GAMES [--lang zh|en|fr] [--sources]\n"
	"\n"
	"Writes a few paragraphs about GAMES: its dates and host; the athletes\n"
	"(women and their share) and the NPCs taking part, those that won a\n"
	"medal and a gold; the events and sports; the top of the medal table\n"
	"with the leader's counts; the most decorated athlete; records set\n"
	"and sanctions in force.  Every number is read from the data, as in\n"
	"'podium stats', 'podium table' and 'podium medallists'; a figure the\n"
	"data cannot give is said to be unknown rather than printed as 0.\n"
	"\n"
	"A Games whose sources' figures the store keeps ('podium facts', as\n"
	"PG2004 after 'podium init') gets its official report regenerated\n"
	"instead: dates and host, participation, the medal table's top,\n"
	"highlights and finals, media, the torch relay, tickets, volunteers,\n"
	"observers, anti-doping and the athletes' election, every number from\n"
	"a fact, the published table, a match, the election or the Games'\n"
	"record, and a closing list of the contradictions 'podium facts\n"
	"check' finds.\n"
	"\n"
	"  --lang zh|en|fr\n"
	"                 the language (default from $LANG)\n"
	"  --sources      mark each figure [n] and list where each came from\n",
};
