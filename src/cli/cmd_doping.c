/* cmd_doping.c -- 'podium doping add|list': anti-doping cases, each with
 * its athlete, what became of them and the sanction it led to
 * (doping_ops.h). */
#include <getopt.h>
#include <string.h>

#include "podium/doping_ops.h"
#include "cli.h"

struct add_args {
	struct pd_doping_case k;
	const char *reason;
	int bad;		/* a value did not fit or was no id */
};

static int add_option(int c, char *arg, void *ctx)
{
	struct add_args *a = ctx;
	struct pd_doping_case *k = &a->k;

	switch (c) {
	case 'g': a->bad |= pd_games_code(k->games, sizeof(k->games), arg);
		  break;
	case 'a': a->bad |= (k->athlete = cli_id(arg)) < 0;
		  break;
	case 'f': a->bad |= pd_strcopy(k->finding, sizeof(k->finding), arg);
		  break;
	case 'd': a->bad |= pd_strcopy(k->date, sizeof(k->date), arg);
		  break;
	case 'o': a->bad |= pd_strcopy(k->outcome, sizeof(k->outcome), arg);
		  break;
	case 'S': a->bad |= (k->sanction = cli_id(arg)) < 0;
		  break;
	case 's': a->bad |= pd_strcopy(k->source, sizeof(k->source), arg);
		  break;
	case 'c': a->bad |= pd_strcopy(k->cite, sizeof(k->cite), arg);
		  break;
	case 'r': a->reason = arg; break;
	}
	return 0;
}

static int run_add(struct cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "athlete", required_argument, NULL, 'a' },
		{ "finding", required_argument, NULL, 'f' },
		{ "date", required_argument, NULL, 'd' },
		{ "outcome", required_argument, NULL, 'o' },
		{ "sanction", required_argument, NULL, 'S' },
		{ "source", required_argument, NULL, 's' },
		{ "cite", required_argument, NULL, 'c' },
		{ "reason", required_argument, NULL, 'r' },
		{ NULL, 0, NULL, 0 },
	};
	struct pd_diag d = { "", 0, "" };
	struct add_args a;
	long id = 0;
	int ret, code = 0;

	memset(&a, 0, sizeof(a));
	if ((ret = cli_options(&cmd_doping, argc, argv, longopts, add_option,
			       &a)))
		return ret;
	if (a.bad || optind < argc || !a.k.games[0] || !a.k.athlete ||
	    !a.k.finding[0])
		return cli_usage(&cmd_doping, N_("doping add needs --games, "
				 "--athlete ID and --finding"));
	if (!cli_store_write(cli, &code))
		return code;
	ret = pd_op_doping_add(cli->store, &a.k, cli_who(cli, a.reason), &id,
			       &d);
	return cli_added(ret, id, &d);
}

static int run_list(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	char games[PD_GAMES_CODE] = "";
	const char *lang = "en";
	struct pd_buf b;
	int i, ret, code = 0;

	for (i = 1; i + 1 < argc; i += 2)
		if (!strcmp(argv[i], "--games")) {
			if (pd_games_code(games, sizeof(games),
					  argv[i + 1]) < 0)
				break;
		} else if (!strcmp(argv[i], "--lang")) {
			if (!(lang = cli_lang(argv[i + 1])))
				break;
		} else {
			break;
		}
	if (i != argc || !games[0])
		return cli_usage(&cmd_doping, "doping list --games GAMES "
				 "[--lang zh|en|fr]");
	if (!cli_store(cli, &code))
		return code;
	pd_buf_init(&b, 0);
	ret = pd_doping_text(&b, cli->store, games, lang, &d);
	return cli_output(ret, &b, &d);
}

static int run(struct cli *cli, int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "add"))
		return run_add(cli, argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "list"))
		return run_list(cli, argc - 1, argv + 1);
	return cli_usage(&cmd_doping, N_("expected add or list"));
}

const struct cli_command cmd_doping = {
	"doping", run, "anti-doping cases, their athletes and sanctions",
	"usage: podium doping add --games GAMES --athlete ID --finding WHAT\n"
	"                         [--date YYYY-MM-DD]\n"
	"                         [--outcome disqualified|continued]\n"
	"                         [--sanction ID] [--source S --cite WHERE]\n"
	"                         [--reason R]\n"
	"       podium doping list --games GAMES [--lang zh|en|fr]\n"
	"\n"
	"add keeps an adverse finding against an athlete of the store: what\n"
	"became of them, and the sanction it led to ('podium sanction add',\n"
	"which reallocates or vacates the athlete's medals); it prints the\n"
	"case's id.  list shows each case with its athlete, outcome and what\n"
	"the sanction did to the results.  Where only counts are known they\n"
	"are facts (doping.tests, doping.violations, doping.disqualified,\n"
	"doping.continued); where cases are kept, 'podium facts check'\n"
	"compares those counts with them.\n",
};
