/* unit_write.c -- 'podium unit start-list|result|status': an
 * operator's writes to a unit as it runs (unit_ops.h), each one change;
 * 'podium unit' (cmd_unit.c) hands them here. */
#include <stdlib.h>
#include <string.h>

#include "podium/unit_ops.h"
#include "cli.h"

struct unit_args {
	char games[PD_GAMES_CODE];
	const char *rsc, *file, *status, *reason, *from;
	struct pd_unit_result_input in;
};

static const char *none(const char *v)
{
	return !strcmp(v, "-") ? "" : v;
}

/* --NAME VALUE of the result form into a->in; 1 when not one of them */
static int result_option(const struct cli_command *cmd,
			 struct unit_args *a, const char *opt, const char *v)
{
	struct pd_unit_result_input *in = &a->in;

	if (!strcmp(opt, "--participant"))
		in->participant = v;
	else if (!strcmp(opt, "--mark"))
		in->result = none(v);
	else if (!strcmp(opt, "--type"))
		in->result_type = none(v);
	else if (!strcmp(opt, "--irm"))
		in->irm = none(v);
	else if (!strcmp(opt, "--diff"))
		in->diff = none(v);
	else if (!strcmp(opt, "--wlt"))
		in->wlt = none(v);
	else if (!strcmp(opt, "--qualification"))
		in->qualification = none(v);
	else if (!strcmp(opt, "--rank")) {
		in->has_rank = 1;
		if (strcmp(v, "-") && (in->rank = cli_number(v, 100000)) < 0)
			return cli_usage(cmd, N_("--rank is a whole "
					 "number, or - for none"));
		if (!strcmp(v, "-"))
			in->rank = 0;
	} else
		return 1;
	return 0;
}

static int parse(const struct cli_command *cmd, struct unit_args *a,
		 int argc, char **argv)
{
	int i, ret;

	for (i = 2; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (argv[i][0] != '-' && !a->rsc) {
			a->rsc = argv[i];
			continue;
		}
		if (!v)
			return cli_usage(cmd, N_("unexpected argument"));
		i++;
		if (!strcmp(argv[i - 1], "--games")) {
			if (pd_games_code(a->games, sizeof(a->games), v))
				return cli_usage(cmd, N_("bad --games"));
		} else if (!strcmp(argv[i - 1], "--file"))
			a->file = v;
		else if (!strcmp(argv[i - 1], "--reason"))
			a->reason = v;
		else if (!strcmp(argv[1], "start-list") &&
			 !strcmp(argv[i - 1], "--from"))
			a->from = v;
		else if (!strcmp(argv[1], "status") && !a->status &&
			 !strcmp(argv[i - 1], "--to"))
			a->status = v;
		else if (!strcmp(argv[1], "result") &&
			 (ret = result_option(cmd, a, argv[i - 1], v)) <= 0) {
			if (ret < 0)
				return ret;
		} else
			return cli_usage(cmd, N_("unexpected argument"));
	}
	if (!strcmp(argv[1], "qualify") ? !a->rsc || strlen(a->rsc) != 26 :
	    !a->rsc || strlen(a->rsc) != 34)
		return cli_usage(cmd, !strcmp(argv[1], "qualify") ?
				 N_("expected a phase: the first 26 characters "
				    "of its units' results codes") :
				 N_("expected a results code of 34 "
				    "characters"));
	if (!a->games[0])
		return cli_usage(cmd, N_("--games is required"));
	return 0;
}

static int check(const struct cli_command *cmd, const char *what,
		 const struct unit_args *a)
{
	if (!strcmp(what, "start-list") && !a->file == !a->from)
		return cli_usage(cmd, N_("start-list takes --file LIST.csv "
				 "or --from PHASE"));
	if (!strcmp(what, "result") && !a->in.participant)
		return cli_usage(cmd, N_("result takes --participant "
				 "CODE"));
	if (!strcmp(what, "status") && !a->status)
		return cli_usage(cmd, N_("status takes --to STATUS"));
	return 0;
}

int cli_unit_write(struct cli *cli, const struct cli_command *cmd,
		   int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct unit_args a;
	struct pd_op_done done;
	struct pd_store *s;
	const struct pd_who *who;
	int ret, code = 0;

	memset(&a, 0, sizeof(a));
	if ((ret = parse(cmd, &a, argc, argv)) ||
	    (ret = check(cmd, argv[1], &a)))
		return ret;
	if (!(s = cli_store_write(cli, &code)))
		return code;
	who = cli_who(cli, a.reason);
	pd_op_done_init(&done);
	if (!strcmp(argv[1], "start-list") && a.from)
		ret = pd_op_unit_start_from(s, cli_registry(cli), a.games,
					    a.rsc, a.from, who, &done, &d);
	else if (!strcmp(argv[1], "qualify"))
		ret = pd_op_unit_qualify(s, a.games, a.rsc, who, &done, &d);
	else if (!strcmp(argv[1], "start-list"))
		ret = pd_op_unit_start_csv(s, cli_registry(cli), a.games, a.rsc,
					   a.file, NULL, 0, who, &done, NULL,
					   &d);
	else if (!strcmp(argv[1], "result"))
		ret = pd_op_unit_result(s, a.games, a.rsc, &a.in, who, &done,
					&d);
	else
		ret = pd_op_unit_status(s, cli_registry(cli), a.games, a.rsc,
					a.status, who, &done, &d);
	return cli_done(ret, &done, &d);
}
