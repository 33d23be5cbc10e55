/* cmd_resolve.c -- 'podium resolve NAME...': which NPC a name stands for. */
#include "cli.h"

static int run(struct cli *cli, int argc, char **argv)
{
	const struct pd_registry *reg = cli_registry(cli);
	const struct pd_npc *npc;
	struct pd_diag d = { "", 0, "" };
	int i, ret = EXIT_OK;

	if (argc < 2)
		return cli_usage(&cmd_resolve, N_("no name given"));
	for (i = 1; i < argc; i++) {
		if ((npc = pd_registry_find(reg, argv[i]))) {
			printf("%s\t%s\t%s\t%s\n", npc->code, npc->en,
			       npc->zh, npc->status);
			continue;
		}
		pd_unknown_npc(reg, argv[i], NULL, 0, &d);
		cli_report(&d);
		ret = EXIT_INPUT;
	}
	return ret;
}

const struct cli_command cmd_resolve = {
	"resolve", run, "show which NPC a name or code stands for",
	"usage: podium resolve NAME...\n"
	"\n"
	"Looks each NAME up in the NPC registry the importers use: codes,\n"
	"English and Chinese names and aliases, matched exactly but for case,\n"
	"full-width forms and spacing.  Prints CODE, English name, Chinese\n"
	"name and status, tab-separated; an unknown name gets suggestions\n"
	"and exit code 2.\n",
};
