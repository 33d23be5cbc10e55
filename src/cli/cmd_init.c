/* cmd_init.c -- 'podium init': create the store and load the bundled data. */
#include <string.h>

#include "podium/match_ops.h"
#include "podium/ops.h"
#include "cli.h"

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_store *s;
	struct pd_who who = { NULL, NULL, NULL, 0, NULL };
	size_t rows = 0;
	long event = 0;
	int ret, code = 0, examples = argc == 2 && !strcmp(argv[1],
							    "--examples");

	if (argc > 1 && !examples)
		return cli_usage(&cmd_init, N_("no arguments expected but "
				 "--examples"));
	if (!(s = cli_store_write(cli, &code)))
		return code;
	who.actor = cli_actor();
	who.command = "podium init";
	who.reason = "bundled data";
	if ((ret = pd_op_init(s, cli_registry(cli), &who, &cli_notice, &rows,
			      &d)) < 0)
		return cli_fail(ret, &d);
	who.reason = "the report's examples";
	if (examples && (ret = pd_op_init_examples(s, &who, &event, &d)) < 0)
		return cli_fail(ret, &d);
	cli_error(N_("%s ready: Athens 2004 Paralympics as PG2004@seed (%zu "
		  "NPCs)"), cli->db_path, rows);
	if (examples)
		cli_error(N_("example from the report: the 5-a-side football "
			  "tournament as event %ld"), event);
	return EXIT_OK;
}

const struct cli_command cmd_init = {
	"init", run, "create the database and load the bundled data",
	"usage: podium init [--examples]\n"
	"\n"
	"Creates the database if it is absent (--db, $PODIUM_DB, ./podium.db),\n"
	"brings its schema up to date, fills the NPC registry, and loads the\n"
	"bundled Athens 2004 Summer Paralympics medal table as PG2004@seed,\n"
	"with the figures the Games report states as PG2004's facts from seed\n"
	"('podium facts') and its athletes' council election as a published\n"
	"result ('podium election').  Running it again replaces PG2004@seed\n"
	"and the seed facts, and nothing else.\n"
	"\n"
	"  --examples   also load the report's 5-a-side football tournament as\n"
	"               far as the report tells it ('podium match'), as an\n"
	"               event with matches and no results: the computed table\n"
	"               stays as it is.\n",
};
