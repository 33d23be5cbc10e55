/* main.c -- podium's entry point: global options and the command table
 * (which lookup.c looks words up in). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const struct cli_command *const cli_commands[] = {
#define X(name) &cmd_##name,
#include "commands.h"
#undef X
	&cmd_version, NULL,
};

/* Append sep and arg, in single quotes unless every byte is one a shell
 * leaves alone; what snprintf would return. */
static int quote_arg(char *out, size_t size, const char *sep,
		     const char *arg)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-";
	const unsigned char *p;
	size_t n = 0;
	int safe = *arg != '\0';

	for (p = (const unsigned char *)arg; *p && safe; p++)
		safe = *p >= 0x80 || strchr(plain, *p);
	if (safe)
		return snprintf(out, size, "%s%s", sep, arg);
	n = (size_t)snprintf(out, size, "%s'", sep);
	for (p = (const unsigned char *)arg; *p; p++)
		n += (size_t)snprintf(out + (n < size ? n : size),
				      n < size ? size - n : 0, *p == '\'' ?
				      "'\\''" : "%c", *p);
	n += (size_t)snprintf(out + (n < size ? n : size), n < size ?
			      size - n : 0, "'");
	return (int)n;
}

/* argv as it came, for a start again (huge_pages.c): getopt reorders
 * argv, and some options' parsers write into their values */
static char **copy_args(int argc, char **argv)
{
	char **v = calloc((size_t)argc + 1, sizeof(*v));
	int i;

	for (i = 0; v && i < argc; i++)
		if (!(v[i] = strdup(argv[i]))) {
			while (i--)
				free(v[i]);
			free(v);
			return NULL;
		}
	return v;
}

static void cli_release(struct cli *cli)
{
	for (int i = 0; cli->argv && cli->argv[i]; i++)
		free(cli->argv[i]);
	free(cli->argv);
	pd_store_close(cli->store);
	if (cli->have_reg)
		pd_registry_release(&cli->reg);
}

int main(int argc, char **argv)
{
	const struct cli_command *cmd;
	struct cli cli;
	int i = 1, ret;

	memset(&cli, 0, sizeof(cli));
	cli.commands = cli_commands;
	cli.db_path = getenv("PODIUM_DB");
	if (!cli.db_path || !*cli.db_path)
		cli.db_path = "podium.db";
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--db") && i + 1 < argc) {
			cli.db_path = argv[++i];
		} else if (!strncmp(argv[i], "--db=", 5)) {
			cli.db_path = argv[i] + 5;
		} else if (!strcmp(argv[i], "--version")) {
			return cmd_version.run(&cli, 1, argv + i);
		} else if (!strcmp(argv[i], "--help") ||
			   !strcmp(argv[i], "-h")) {
			return cmd_help.run(&cli, 1, argv + i);
		} else {
			cli_error(N_("unknown option '%s'"), cli_text(argv[i]));
			return cli_usage(&cmd_help, NULL);
		}
	}
	/* bare 'podium': what it is and what it does, as 'podium help' */
	if (i == argc) {
		cmd_help.run(&cli, 1, argv);
		return EXIT_USAGE;
	}
	if (!(cmd = cli_find(cli_commands, argv[i])))
		return not_a_command(cli_commands, argv[i]);
	if (cli_wants_help(argc - i, argv + i)) {
		fputs(cmd->usage, stdout);
		return EXIT_OK;
	}
	if ((ret = cli_check_options(cmd, argc - i, argv + i)))
		return ret;
	/* the command line for the audit log, each argument quoted as a
	 * shell would need it: "--name 'Men''s 100m'" reads back as typed */
	for (int k = i, off = 0; k < argc && off < (int)sizeof(cli.command);
	     k++)
		off += quote_arg(cli.command + off, sizeof(cli.command) - off,
				 k == i ? "podium " : " ", argv[k]);
	cli.argv = copy_args(argc, argv);
	ret = cmd->run(&cli, argc - i, argv + i);
	cli_release(&cli);
	return ret;
}
