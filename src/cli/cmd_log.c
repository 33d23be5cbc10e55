/* cmd_log.c -- 'podium log': the audit log, every change with its version. */
#include <stdlib.h>
#include <string.h>

#include "podium/audit.h"
#include "cli.h"

static int print_entry(const struct pd_audit_entry *e, void *arg)
{
	struct pd_strings lines;
	size_t i;

	printf("%s\tv%ld\t%s\t%s\t%s%s%s\n", e->games, e->version,
	       cli_text(e->at), cli_text(e->actor), cli_text(e->command),
	       *e->reason ? "\t# " : "", cli_text(e->reason));
	/* what the change changed, a field a line, indented */
	pd_strings_init(&lines);
	pd_op_changes_lines(e->changes, &lines);
	for (i = 0; i < lines.n; i++)
		printf("\t%s\n", cli_text(lines.v[i]));
	pd_strings_release(&lines);
	return 0;
}

static int print_removed(const struct pd_audit_entry *e, void *arg)
{
	const char *games = arg;

	if (*games && strcmp(games, e->games))
		return 0;
	printf("%s\tremoved at v%ld\t%s\t%s\t%s%s%s\n", e->games, e->version,
	       cli_text(e->at), cli_text(e->actor), cli_text(e->command),
	       *e->reason ? "\t# " : "", cli_text(e->reason));
	return 0;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_store *s;
	char games[PD_GAMES_CODE] = "";
	long since = 0;
	int i, ret, code = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--games") && i + 1 < argc) {
			if (pd_games_code(games, sizeof(games), argv[++i]))
				return cli_usage(&cmd_log, N_("bad --games"));
		} else if (!strcmp(argv[i], "--since") && i + 1 < argc) {
			if (!strcmp(argv[++i], "0"))
				since = 0;
			else if ((since = cli_id(argv[i])) < 0)
				return cli_usage(&cmd_log, N_("--since takes a "
						 "version number"));
		} else {
			return cli_usage(&cmd_log, N_("unexpected argument"));
		}
	}
	if (!(s = cli_store(cli, &code)))
		return code;
	ret = pd_store_log(s, games[0] ? games : NULL, since, print_entry,
			   NULL, &d);
	/* a Games removed took its log with it: its removal is kept */
	if (ret == 0 && since == 0)
		ret = pd_store_games_removed(s, print_removed, games, &d);
	return ret < 0 ? cli_fail(ret, &d) : EXIT_OK;
}

const struct cli_command cmd_log = {
	"log", run, "list the changes made, with versions",
	"usage: podium log [--games G] [--since VERSION]\n"
	"\n"
	"One line per change, oldest first: Games, the version it made, when\n"
	"(UTC), who ($PODIUM_ACTOR, else $USER), the command as typed, and the\n"
	"reason; below it, a line per field the change changed, with its value\n"
	"before and after.  A Games removed ('podium games remove') takes its\n"
	"changes with it; its removal is listed last, 'removed at' the version\n"
	"it had.\n"
	"--since lists only the changes after that version.  Any past table\n"
	"can be printed with 'podium table --as-of VERSION'.\n",
};
