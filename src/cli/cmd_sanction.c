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
	const char *who;	/* --athlete as a name, to look up */
	const char *reason;
	enum pd_sanction_mode mode;
	long events[MAX_EVENTS];
	size_t nevents;
	int modes;		/* how many of --reallocate, --vacate */
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
		if ((id = cli_id(tok)) < 0 ||
		    a->nevents == MAX_EVENTS)
			return -1;
		a->events[a->nevents++] = id;
	}
	return 0;
}

static int add_option(int c, char *arg, void *ctx)
{
	struct add_args *a = ctx;

	switch (c) {
	case 'a':
		/* an id, or a name looked up in the events */
		if (*arg >= '0' && *arg <= '9') {
			if ((a->athlete = cli_id(arg)) < 0)
				return cli_usage(&cmd_sanction,
						 N_("--athlete takes an "
						 "id or a name"));
		} else if (!*arg) {
			return cli_usage(&cmd_sanction, N_("--athlete "
					 "takes an id or a name"));
		} else {
			a->who = arg;
			a->athlete = -1;
		}
		break;
	case 'r': a->reason = arg; break;
	case 'e':
		if (add_events(a, arg) < 0)
			return cli_usage(&cmd_sanction, N_("--events "
					 "takes event ids"));
		break;
	case 'R': a->mode = PD_SANCTION_REALLOCATE; a->modes++; break;
	case 'V': a->mode = PD_SANCTION_VACATE; a->modes++; break;
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
	int ret;

	if ((ret = cli_options(&cmd_sanction, argc, argv, longopts, add_option,
			       a)))
		return ret;
	/* ids after --events E1 may follow as plain arguments */
	for (; optind < argc; optind++)
		if (add_events(a, argv[optind]) < 0)
			return cli_usage(&cmd_sanction,
					 N_("unexpected argument"));
	if (!a->athlete || !a->reason || !*a->reason || !a->nevents)
		return cli_usage(&cmd_sanction,
				 N_("sanction add needs --athlete, "
				 "--reason and --events"));
	if (a->modes != 1)
		return cli_usage(&cmd_sanction,
				 N_("give one of --reallocate and "
				 "--vacate"));
	return 0;
}

/* The athletes of the events whose name matches: candidates for
 * --athlete NAME. */
struct lookup {
	char *needle;
	struct pd_strings shown;
	long ids[16];
	size_t n;
};

static int candidate(const struct pd_result_row *r, void *arg)
{
	struct lookup *l = arg;
	char line[300];
	size_t i;

	if (!r->athlete_id || !pd_name_contains(r->name, l->needle))
		return 0;
	for (i = 0; i < l->n; i++)
		if (l->ids[i] == r->athlete_id)
			return 0;
	if (l->n == sizeof(l->ids) / sizeof(*l->ids))
		return 0;
	l->ids[l->n++] = r->athlete_id;
	snprintf(line, sizeof(line), "%ld %s (%s)", r->athlete_id, r->name,
		 r->npc);
	return pd_strings_add(&l->shown, line) < 0 ? PD_ENOMEM : 0;
}

/* --athlete NAME: the one athlete of the events it names, or exit 2
 * listing none or the candidates. */
static int resolve_athlete(struct pd_store *s, struct add_args *a,
			   struct pd_diag *d)
{
	struct lookup l;
	char *names;
	size_t i;
	int ret = 0;

	memset(&l, 0, sizeof(l));
	pd_strings_init(&l.shown);
	if (!(l.needle = pd_name_normalise(a->who))) {
		cli_error(N_("'%s' is not valid UTF-8"), a->who);
		return EXIT_INPUT;
	}
	for (i = 0; i < a->nevents && ret == 0; i++)
		ret = pd_store_event_results(s, a->events[i], 0, candidate, &l,
					     d);
	if (ret < 0) {
		ret = cli_fail(ret, d);
	} else if (l.n == 1) {
		a->athlete = l.ids[0];
	} else if (l.n == 0) {
		cli_error(N_("no athlete called '%s' has a result in the events "
			  "given: see 'podium event show EVENT'"), a->who);
		ret = EXIT_INPUT;
	} else {
		names = pd_strings_join(&l.shown, "; ");
		cli_error(N_("'%s' is %zu athletes of those events: %s; give "
			  "--athlete ID"), a->who, l.n, names ?
			  cli_text(names) : "");
		free(names);
		ret = EXIT_INPUT;
	}
	free(l.needle);
	pd_strings_release(&l.shown);
	return ret;
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
	if (!(s = cli_store_write(cli, &code)))
		return code;
	if (a.who && (ret = resolve_athlete(s, &a, &d)))
		return ret;
	who = cli_who(cli, a.reason);
	pd_op_done_init(&done);
	ret = pd_op_sanction_add(s, a.athlete, a.mode, a.events, a.nevents,
				 who, &id, &done, &d);
	if ((code = cli_done(ret, &done, &d)) == EXIT_OK)
		printf("%ld\n", id);
	return code;
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
		else if (id < 0 && (id = cli_id(argv[i])) > 0)
			continue;
		else
			return cli_usage(&cmd_sanction,
					 N_("unexpected argument"));
	}
	if (id < 0 || !reason || !*reason)
		return cli_usage(&cmd_sanction, "sanction lift ID --reason R");
	if (!(s = cli_store_write(cli, &code)))
		return code;
	who = cli_who(cli, reason);
	pd_op_done_init(&done);
	ret = pd_op_sanction_lift(s, id, who, &done, &d);
	return cli_done(ret, &done, &d);
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
	    pd_games_code(games, sizeof(games), argv[2]))
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
	return cli_no_subcommand(&cmd_sanction, argc, argv,
				 (const char *const[]){ "add", "lift", "list",
							NULL },
				 N_("expected add, lift or list"));
}

const struct cli_command cmd_sanction = {
	"sanction", run, "disqualify an athlete's results, or lift that",
	"usage: podium sanction add --athlete ID|NAME --reason TEXT --events E1[,E2...]\n"
	"                           (--reallocate | --vacate)\n"
	"       podium sanction lift ID --reason TEXT\n"
	"       podium sanction list --games G\n"
	"\n"
	"add turns the athlete's results in those events into DSQ (for a team\n"
	"event, the team's): with --reallocate the others move up and the\n"
	"medals follow; with --vacate the medal is left unawarded and nobody\n"
	"moves.  Prints the sanction's id.  lift ends it: the table is again\n"
	"exactly what it was.  Both are changes in the log with their reason;\n"
	"the table before either stays readable with 'podium table --as-of'.\n"
	"--athlete takes the athlete's id ('podium athlete NAME' and 'podium\n"
	"event show' print it) or a name, looked up among those with a result\n"
	"in the events (either order, any case, no accents needed); a name\n"
	"that fits several is refused, listing them with their ids.\n",
};
