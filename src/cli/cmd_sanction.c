/* cmd_sanction.c -- 'podium sanction add|lift|list': decisions that void
 * an athlete's results; the medals are derived again. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/audit.h"
#include "podium/event.h"
#include "podium/ops.h"
#include "cli.h"

#define MAX_EVENTS 256

struct add_args {
	long athlete;
	const char *reason;
	enum pd_sanction_mode mode;
	long events[MAX_EVENTS];
	size_t nevents;
};

/* --events takes ids separated by commas, or several arguments. */
static int add_events(struct add_args *a, const char *list)
{
	char buf[4096], *tok, *save = NULL;
	long id;

	if (strlen(list) >= sizeof(buf))
		return -1;
	strcpy(buf, list);
	for (tok = strtok_r(buf, ", ", &save); tok;
	     tok = strtok_r(NULL, ", ", &save)) {
		if ((id = cli_number(tok, 1L << 40)) < 0 ||
		    a->nevents == MAX_EVENTS)
			return -1;
		a->events[a->nevents++] = id;
	}
	return 0;
}

static int parse_add(struct add_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "athlete", required_argument, NULL, 'a' },
		{ "reason", required_argument, NULL, 'r' },
		{ "events", required_argument, NULL, 'e' },
		{ "reallocate", no_argument, NULL, 'R' },
		{ "vacate", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c, modes = 0;

	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			if ((a->athlete = cli_number(optarg, 1L << 40)) < 0)
				return cli_usage(&cmd_sanction, "--athlete "
						 "takes an athlete id");
			break;
		case 'r': a->reason = optarg; break;
		case 'e':
			if (add_events(a, optarg) < 0)
				return cli_usage(&cmd_sanction, "--events "
						 "takes event ids");
			break;
		case 'R': a->mode = PD_SANCTION_REALLOCATE; modes++; break;
		case 'V': a->mode = PD_SANCTION_VACATE; modes++; break;
		default:
			return cli_usage(&cmd_sanction, NULL);
		}
	}
	/* ids after --events E1 may follow as plain arguments */
	for (; optind < argc; optind++)
		if (add_events(a, argv[optind]) < 0)
			return cli_usage(&cmd_sanction, "unexpected argument");
	if (!a->athlete || !a->reason || !*a->reason || !a->nevents)
		return cli_usage(&cmd_sanction, "sanction add needs --athlete, "
				 "--reason and --events");
	if (modes != 1)
		return cli_usage(&cmd_sanction, "give one of --reallocate and "
				 "--vacate");
	return 0;
}

static int run_add(struct cli *cli, int argc, char **argv)
{
	struct add_args a;
	struct pd_diag d = { "", 0, "" };
	struct pd_store *s;
	const struct pd_who *who;
	struct pd_op_done done;
	long id = 0;
	int ret, code = 0;

	memset(&a, 0, sizeof(a));
	if ((ret = parse_add(&a, argc, argv)))
		return ret;
	if (!(s = cli_store(cli, &code)))
		return code;
	who = cli_who(cli, a.reason);
	pd_op_done_init(&done);
	if ((ret = pd_op_sanction_add(s, a.athlete, a.mode, a.events,
				      a.nevents, who, &id, &done, &d)) < 0) {
		pd_op_done_release(&done);
		return cli_fail(ret, &d);
	}
	cli_said(&done);
	pd_op_done_release(&done);
	printf("%ld\n", id);
	return EXIT_OK;
}

static int run_lift(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	const char *reason = NULL;
	struct pd_store *s;
	const struct pd_who *who;
	struct pd_op_done done;
	long id = -1;
	int i, ret, code = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--reason") && i + 1 < argc)
			reason = argv[++i];
		else if (id < 0 && (id = cli_number(argv[i], 1L << 40)) > 0)
			continue;
		else
			return cli_usage(&cmd_sanction, "unexpected argument");
	}
	if (id < 0 || !reason || !*reason)
		return cli_usage(&cmd_sanction, "sanction lift ID --reason R");
	if (!(s = cli_store(cli, &code)))
		return code;
	who = cli_who(cli, reason);
	pd_op_done_init(&done);
	if ((ret = pd_op_sanction_lift(s, id, who, &done, &d)) == 0)
		cli_said(&done);
	pd_op_done_release(&done);
	return ret < 0 ? cli_fail(ret, &d) : EXIT_OK;
}

static int print_sanction(const struct pd_sanction_info *si, void *arg)
{
	printf("%ld\t%ld\t%s\t%s\t%s\tevents %s\t%s\tversion %ld", si->id,
	       si->athlete, cli_text(si->athlete_name), cli_text(si->npc),
	       cli_text(si->mode), cli_text(si->events), cli_text(si->reason),
	       si->since);
	if (si->until)
		printf("\tlifted at version %ld", si->until);
	putchar('\n');
	return 0;
}

static int run_list(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_store *s;
	char games[PD_GAMES_CODE];
	int ret, code = 0;

	if (argc != 3 || strcmp(argv[1], "--games") ||
	    cli_games_code(argv[2], games, sizeof(games)))
		return cli_usage(&cmd_sanction, "sanction list --games G");
	if (!(s = cli_store(cli, &code)))
		return code;
	ret = pd_store_sanctions(s, games, print_sanction, NULL, &d);
	return ret < 0 ? cli_fail(ret, &d) : EXIT_OK;
}

static int run(struct cli *cli, int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "add"))
		return run_add(cli, argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "lift"))
		return run_lift(cli, argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "list"))
		return run_list(cli, argc - 1, argv + 1);
	return cli_usage(&cmd_sanction, "expected add, lift or list");
}

const struct cli_command cmd_sanction = {
	"sanction", run, "disqualify an athlete's results, or lift that",
	"usage: podium sanction add --athlete ID --reason TEXT --events E1[,E2...]\n"
	"                           (--reallocate | --vacate)\n"
	"       podium sanction lift ID --reason TEXT\n"
	"       podium sanction list --games G\n"
	"\n"
	"add turns the athlete's results in those events into DSQ (for a team\n"
	"event, the team's): with --reallocate the others move up and the\n"
	"medals follow; with --vacate the medal is left unawarded and nobody\n"
	"moves.  Prints the sanction's id.  lift ends it: the table is again\n"
	"exactly what it was.  Both are changes in the log with their reason;\n"
	"the table before either stays readable with 'podium table --as-of'.\n",
};
