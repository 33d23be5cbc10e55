/* cmd_token.c -- 'podium token add|list|revoke': the bearer tokens that
 * authorise writes over HTTP.  A token is shown once and stored only as a
 * hash (see token.h). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/token.h"
#include "cli.h"

static int run_add(struct cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "role", required_argument, NULL, 'r' },
		{ "name", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 },
	};
	struct pd_diag d = { "", 0, "" };
	char text[PD_TOKEN_TEXT];
	enum pd_role role = PD_ROLE_NONE;
	const char *name = NULL;
	struct pd_store *s;
	int c, ret, code = 0;

	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 'r' && (role = pd_role_parse(optarg)) == PD_ROLE_NONE)
			return cli_usage(&cmd_token, N_("--role is operator or "
					 "admin"));
		else if (c == 'n')
			name = optarg;
		else if (c != 'r')
			return cli_usage(&cmd_token, NULL);
	}
	if (optind < argc || !name || role == PD_ROLE_NONE)
		return cli_usage(&cmd_token, N_("token add needs --role and "
				 "--name"));
	if (!*name || strlen(name) >= PD_TOKEN_NAME)
		return cli_usage(&cmd_token, N_("--name is 1 to 63 bytes"));
	if (!(s = cli_store_write(cli, &code)))
		return code;
	if ((ret = pd_token_issue(s, name, role, text, &d)) < 0)
		return cli_fail(ret, &d);
	printf("%s\n", text);
	fflush(stdout);
	pd_token_forget(text);
	fprintf(stderr, "podium: token '%s' (%s) made; it is shown this once, "
		"keep it: send it as 'Authorization: Bearer TOKEN'\n", cli_text(name),
		pd_role_name(role));
	return EXIT_OK;
}

static int print_token(const struct pd_token_info *t, void *arg)
{
	printf("%s\t%s\t%s%s%s\n", cli_text(t->name), pd_role_name(t->role),
	       cli_text(t->created), t->revoked[0] ? "\trevoked " : "",
	       cli_text(t->revoked));
	return 0;
}

static int run_list(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_store *s;
	int all = 0, ret, code = 0;

	if (argc == 2 && !strcmp(argv[1], "--all"))
		all = 1;
	else if (argc != 1)
		return cli_usage(&cmd_token, "token list [--all]");
	if (!(s = cli_store(cli, &code)))
		return code;
	ret = pd_store_tokens(s, all, print_token, NULL, &d);
	return ret < 0 ? cli_fail(ret, &d) : EXIT_OK;
}

static int run_revoke(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_store *s;
	int ret, code = 0;

	if (argc != 2)
		return cli_usage(&cmd_token, "token revoke NAME");
	if (!(s = cli_store_write(cli, &code)))
		return code;
	if ((ret = pd_token_revoke(s, argv[1], &d)) < 0)
		return cli_fail(ret, &d);
	fprintf(stderr, "podium: token '%s' revoked\n", cli_text(argv[1]));
	return EXIT_OK;
}

static int run(struct cli *cli, int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "add"))
		return run_add(cli, argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "list"))
		return run_list(cli, argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "revoke"))
		return run_revoke(cli, argc - 1, argv + 1);
	return cli_no_subcommand(&cmd_token, argc, argv, (const char *const[]){
				 "add", "list", "revoke", NULL },
				 N_("expected add, list or revoke"));
}

const struct cli_command cmd_token = {
	"token", run, "make, list and revoke tokens for the write API",
	"usage: podium token add --role operator|admin --name NAME\n"
	"       podium token list [--all]\n"
	"       podium token revoke NAME\n"
	"\n"
	"add prints a new token on stdout, once: only a hash of it is kept,\n"
	"so it cannot be shown again.  Clients send it to 'podium serve' as\n"
	"'Authorization: Bearer TOKEN'.  An operator may post results and\n"
	"event status; an admin may also add events and sanctions.  Every\n"
	"write is logged ('podium log') with the token's NAME as who made it.\n"
	"\n"
	"list shows the live tokens (--all: revoked ones too): name, role,\n"
	"when made.  revoke ends a token at once, in a running server too;\n"
	"its name is not used again.\n",
};
