/* cmd_help.c -- 'podium help [COMMAND]' and 'podium version'. */
#include <string.h>

#include "cli.h"

static int run_help(struct cli *cli, int argc, char **argv)
{
	const struct cli_command *cmd;
	size_t i;

	if (argc > 1) {
		if (!(cmd = cli_find(cli->commands, argv[1])))
			return not_a_command(cli->commands, argv[1]);
		fputs(cmd->usage, stdout);
		return EXIT_OK;
	}
	fputs(cmd_help.usage, stdout);
	fputs("\ncommands:\n", stdout);
	for (i = 0; cli->commands[i]; i++)
		printf("  %-11s %s\n", cli->commands[i]->name,
		       cli->commands[i]->summary);
	fputs("\n'podium help COMMAND' tells more; 'man podium' tells all.\n",
	      stdout);
	return EXIT_OK;
}

const struct cli_command cmd_help = {
	"help", run_help, "show help for podium or one command",
	"usage: podium [--db PATH] COMMAND [ARGS]\n"
	"       podium help [COMMAND]\n"
	"       podium --version\n"
	"\n"
	"podium keeps a Games' medals and published tables in a SQLite\n"
	"database (--db PATH, else $PODIUM_DB, else ./podium.db) and ranks,\n"
	"checks, compares and prints medal tables.  A command that only\n"
	"reads makes nothing: it wants a podium store there ('podium init'\n"
	"makes one), and reads one on a read-only mount as it is.  '' and\n"
	"':memory:' are refused: SQLite would throw them away at exit.\n"
	"\n"
	"Messages are in Chinese when $PODIUM_LANG, else $LC_ALL,\n"
	"$LC_MESSAGES or $LANG, starts with zh; --lang of a command is the\n"
	"language of its output.\n"
	"\n"
	"exit codes: 0 ok, 1 differences found, 2 bad input (nothing\n"
	"written), 3 storage error, 64 usage.\n",
};

static int run_version(struct cli *cli, int argc, char **argv)
{
	printf("podium %s\n", PODIUM_VERSION);
	return EXIT_OK;
}

const struct cli_command cmd_version = {
	"version", run_version, "print podium's version",
	"usage: podium version\n"
	"       podium --version\n",
};
