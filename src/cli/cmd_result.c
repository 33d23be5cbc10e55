/* cmd_result.c -- 'podium result set': enter or correct one competitor's
 * result, or a whole ranking from a CSV; 'podium result remove': take one
 * out.  Each is one change. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/event.h"
#include "podium/ops.h"
#include "cli.h"

/* The options; the competitor and its result straight into the input
 * the operation takes. */
struct set_args {
	long event;
	int remove;
	struct pd_result_input in;
	const char *value, *file, *reason;
};

static int option(int c, char *arg, void *ctx)
{
	struct set_args *a = ctx;

	switch (c) {
	case 'n': a->in.npc = arg; break;
	case 'N': a->in.name = arg; break;
	case 't': a->in.team = arg; break;
	case 'm': a->in.mark = arg; break;
	case 'v': a->value = arg; break;
	case 'i': a->in.irm = arg; break;
	case 'R': a->in.records = arg; break;
	case 'f': a->file = arg; break;
	case 'e': a->reason = arg; break;
	case 'a':
		if ((a->in.athlete = cli_id(arg)) < 0)
			return cli_usage(&cmd_result, N_("bad --athlete"));
		break;
	case 'r':
		a->in.has_rank = 1;
		if (!strcmp(arg, "0") || !strcmp(arg, "-"))
			a->in.rank = 0;
		else if ((a->in.rank = cli_number(arg, 100000)) < 0)
			return cli_usage(&cmd_result, N_("--rank is a "
					 "whole number, or - for none"));
		break;
	}
	return 0;
}

static int parse_args(struct set_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "npc", required_argument, NULL, 'n' },
		{ "name", required_argument, NULL, 'N' },
		{ "athlete", required_argument, NULL, 'a' },
		{ "team", required_argument, NULL, 't' },
		{ "rank", required_argument, NULL, 'r' },
		{ "mark", required_argument, NULL, 'm' },
		{ "value", required_argument, NULL, 'v' },
		{ "irm", required_argument, NULL, 'i' },
		{ "records", required_argument, NULL, 'R' },
		{ "file", required_argument, NULL, 'f' },
		{ "reason", required_argument, NULL, 'e' },
		{ NULL, 0, NULL, 0 },
	};
	int ret;

	if ((ret = cli_options(&cmd_result, argc, argv, longopts, option, a)))
		return ret;
	if (argc - optind != 2 || (strcmp(argv[optind], "set") &&
				    strcmp(argv[optind], "remove")) ||
	    (a->event = cli_id(argv[optind + 1])) < 0)
		return cli_usage(&cmd_result, N_("expected 'set EVENT' or "
				 "'remove EVENT'"));
	a->remove = !strcmp(argv[optind], "remove");
	if (a->remove && (a->file || a->in.has_rank || a->in.mark ||
			  a->value || a->in.irm || a->in.records))
		return cli_usage(&cmd_result,
				 N_("remove takes the competitor and "
				 "--reason only"));

	if (a->file && (a->in.npc || a->in.name || a->in.athlete ||
			a->in.team))
		return cli_usage(&cmd_result, N_("--file replaces the whole "
				 "ranking: give no competitor with it"));
	if (!a->file && !a->in.athlete &&
	    !(a->in.npc && (a->in.name || a->in.team)))
		return cli_usage(&cmd_result,
				 N_("name the competitor: --athlete "
				 "ID, or --npc CODE with --name or --team"));
	if (a->in.irm && !strcmp(a->in.irm, "-"))
		a->in.irm = "";		/* none: the IRM is taken off */
	if (a->in.irm && *a->in.irm && pd_irm_parse(a->in.irm) <= 0)
		return cli_usage(&cmd_result, N_("--irm is DNS, DNF, DSQ, DQB, "
				 "DNQ, NM, RET, WDR, ABS or LAP, or - for "
				 "none"));
	return 0;
}

static int set_one(struct cli *cli, struct pd_store *s,
		   const struct set_args *a, const struct pd_who *who,
		   struct pd_op_done *done, struct pd_diag *d)
{
	struct pd_result_input in = a->in;
	char *end;

	if (a->value) {
		in.value = strtod(a->value, &end);
		if (*end || !*a->value)
			return pd_diag_set(d, PD_EINVAL, NULL, 0, "--value '%s' "
					   "is not a number", a->value);
		in.has_value = 1;
	}
	return pd_op_result_set(s, cli_registry(cli), a->event, &in, who,
				done, d);
}

/* Take one competitor's result out (parse_args() let no more than the
 * competitor through). */
static int remove_one(struct cli *cli, struct pd_store *s,
		      const struct set_args *a, const struct pd_who *who,
		      struct pd_op_done *done, struct pd_diag *d)
{
	return pd_op_result_remove(s, cli_registry(cli), a->event, &a->in, who,
				   done, d);
}

/* Replace the event's whole ranking with the file's. */
static int set_file(struct cli *cli, struct pd_store *s,
		    const struct set_args *a, const struct pd_who *who,
		    struct pd_op_done *done, struct pd_diag *d)
{
	size_t n = 0;
	int ret;

	ret = pd_op_results_from_csv(s, cli_registry(cli), a->event, a->file,
				     NULL, 0, who, done, &n, d);
	if (ret == 0)
		fprintf(stderr, "podium: event %ld: %zu results from %s\n",
			a->event, n, cli_text(a->file));
	return ret;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct set_args a;
	struct pd_diag d = { "", 0, "" };
	struct pd_store *s;
	const struct pd_who *who;
	struct pd_op_done done;
	int ret, code = 0;

	memset(&a, 0, sizeof(a));
	if ((ret = parse_args(&a, argc, argv)))
		return ret;
	if (a.remove && (!a.reason || !*a.reason)) {
		cli_error(N_("taking a result out of event %ld is a "
			     "correction: say why with --reason"), a.event);
		return EXIT_INPUT;
	}
	if (!(s = cli_store_write(cli, &code)))
		return code;
	who = cli_who(cli, a.reason);
	pd_op_done_init(&done);
	ret = a.remove ? remove_one(cli, s, &a, who, &done, &d) :
	      a.file ? set_file(cli, s, &a, who, &done, &d) :
		       set_one(cli, s, &a, who, &done, &d);
	return cli_done(ret, &done, &d);
}

const struct cli_command cmd_result = {
	"result", run, "enter, correct or remove results",
	"usage: podium result set EVENT (--athlete ID | --npc CODE --name NAME |\n"
	"                                --npc CODE --team NAME)\n"
	"                         [--rank N|-] [--mark M] [--value V] [--irm IRM]\n"
	"                         [--records WR,PR] [--reason R]\n"
	"       podium result set EVENT --file RANKING.csv [--reason R]\n"
	"       podium result remove EVENT (--athlete ID | --npc CODE --name NAME |\n"
	"                                   --npc CODE --team NAME) --reason R\n"
	"\n"
	"The first form sets one competitor's result field by field: what is\n"
	"not given is kept from their earlier result (--rank -, --irm - and\n"
	"--mark '' take a field off); a new athlete is added by name and NPC.\n"
	"The second replaces the event's whole ranking, in one change, with a\n"
	"CSV whose header names npc and name, and as needed rank, mark, value,\n"
	"irm, records (names in a team event are teams).\n"
	"\n"
	"In an event added with --order asc|desc the ranks follow from the\n"
	"marks (lower or higher is better; equal marks share a rank; IRMs are\n"
	"unranked): give --mark, not --rank.  An IRM result never medals and\n"
	"the medals go to the next by rank, whether it kept its rank or not.\n"
	"What the write did (the fields changed, the medals now awarded and\n"
	"the rule that decided) is said on stderr; a write that changes\n"
	"nothing is 'unchanged' and makes no version.\n"
	"\n"
	"Ranks are competition ranks: a tie shares the rank.  --mark is the\n"
	"mark as shown (10.62, 2:03:45), --value a number that sorts it; an\n"
	"IRM (DNS, DNF, DSQ ...) keeps a result off the podium.  Medals follow\n"
	"from the ranks under the event's policy ('podium event show EVENT').\n"
	"Each call is one change in the log; earlier results stay readable\n"
	"with --as-of.\n"
	"\n"
	"remove takes one competitor's result out of the event (a result\n"
	"entered in the wrong event, a competitor who never started): one\n"
	"change, which needs --reason and which 'podium log' keeps with the\n"
	"result as it was; an event ranked from its marks is ranked again.\n"
	"Exit code 2, nothing written, when the event has no such result.\n",
};
