/* cmd_games.c -- 'podium games [add|rename|remove]': the Games in the
 * store, and making, renaming and removing one on purpose. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* add and rename: CODE and the fields given. */
struct fields {
	struct pd_games_input *in;
	int *force;		/* NULL: --force is not for this one */
	const char **reason;
};

static int option(int c, char *arg, void *ctx)
{
	struct fields *f = ctx;

	switch (c) {
	case 'e': f->in->name_en = arg; break;
	case 'z': f->in->name_zh = arg; break;
	case 'k': f->in->kind = arg; break;
	case 's': f->in->season = arg; break;
	case 'h': f->in->host = arg; break;
	case 'S': f->in->start = arg; break;
	case 'E': f->in->end = arg; break;
	case 'r': *f->reason = arg; break;
	case 'f':
		if (!f->force)
			return cli_usage(&cmd_games, N_("--force is for "
					 "games remove"));
		*f->force = 1;
		break;
	}
	return 0;
}

static int parse_fields(struct pd_games_input *in, int *force,
			const char **reason, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "name-en", required_argument, NULL, 'e' },
		{ "name-zh", required_argument, NULL, 'z' },
		{ "kind", required_argument, NULL, 'k' },
		{ "season", required_argument, NULL, 's' },
		{ "host", required_argument, NULL, 'h' },
		{ "start", required_argument, NULL, 'S' },
		{ "end", required_argument, NULL, 'E' },
		{ "force", no_argument, NULL, 'f' },
		{ "reason", required_argument, NULL, 'r' },
		{ NULL, 0, NULL, 0 },
	};
	struct fields f = { in, force, reason };
	int ret;

	if ((ret = cli_options(&cmd_games, argc, argv, longopts, option, &f)))
		return ret;
	if (argc - optind != 2)
		return cli_usage(&cmd_games, N_("expected the Games' CODE"));
	in->code = argv[optind + 1];
	return 0;
}

static int run_write(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games_input in;
	struct pd_op_done done;
	const char *reason = NULL, *what = argv[1];
	struct pd_store *s;
	char code[PD_GAMES_CODE];
	int ret, force = 0;

	memset(&in, 0, sizeof(in));
	if ((ret = parse_fields(&in, strcmp(what, "remove") ? NULL : &force,
				&reason, argc, argv)))
		return ret;
	if (!strcmp(what, "remove") &&
	    (in.name_en || in.name_zh || in.kind || in.season || in.host ||
	     in.start || in.end))
		return cli_usage(&cmd_games,
				 N_("games remove takes CODE, --force "
				 "and --reason"));
	if (pd_games_code(code, sizeof(code), in.code))
		return cli_usage(&cmd_games, N_("bad Games code"));
	if (in.host && !pd_registry_find(cli_registry(cli), in.host))
		return cli_usage(&cmd_games,
				 N_("--host is an NPC code ('podium "
				 "resolve')"));
	if (!(s = cli_store_write(cli, &ret)))
		return ret;
	pd_op_done_init(&done);
	if (!strcmp(what, "add"))
		ret = pd_op_games_add(s, &in, cli_who(cli, reason), &done, &d);
	else if (!strcmp(what, "rename"))
		ret = pd_op_games_rename(s, &in, cli_who(cli, reason), &done,
					 &d);
	else
		ret = pd_op_games_remove(s, code, force, cli_who(cli, reason),
					 &done, &d);
	return cli_done(ret, &done, &d);
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games *v = NULL;
	struct pd_store *s;
	struct pd_tally t;
	size_t n = 0, i, medals;
	struct pd_strings sources;
	int ret, code = 0;

	if (argc > 1 && (!strcmp(argv[1], "add") || !strcmp(argv[1], "rename") ||
			 !strcmp(argv[1], "remove")))
		return run_write(cli, argc, argv);
	if (argc > 1)
		return cli_usage(&cmd_games,
				 N_("expected add, rename or remove"));
	if (!(s = cli_store(cli, &code)))
		return code;
	if ((ret = pd_store_games_list(s, &v, &n, &d)) < 0)
		return cli_fail(ret, &d);
	if (n == 0)
		fprintf(stderr, "podium: no Games in %s yet: try 'podium init' "
			"or 'podium import'\n", cli_text(cli->db_path));
	for (i = 0; i < n && ret == 0; i++) {
		pd_tally_init(&t);
		ret = pd_store_tally(s, v[i].code, NULL, &t, &medals, &d);
		pd_tally_release(&t);
		if (ret == 0 &&
		    (ret = pd_store_published_sources(s, v[i].code, &sources,
						      &d)) == 0) {
			char *shown = pd_strings_join(&sources, ",");

			printf("%s\t%s\tversion %ld\t%zu medals\tpublished: "
			       "%s\n", v[i].code, cli_text(v[i].name_en),
			       v[i].version, medals, shown && *shown ?
			       cli_text(shown) : "-");
			free(shown);
			pd_strings_release(&sources);
		}
	}
	pd_games_list_free(v, n);
	return ret < 0 ? cli_fail(ret, &d) : EXIT_OK;
}

const struct cli_command cmd_games = {
	"games", run, "list, add, rename or remove the Games in the store",
	"usage: podium games\n"
	"       podium games add CODE [--name-en N] [--name-zh N] [--kind K]\n"
	"                        [--season S] [--host NPC] [--start DATE]\n"
	"                        [--end DATE] [--reason R]\n"
	"       podium games rename CODE [the same fields] [--reason R]\n"
	"       podium games remove CODE [--force] [--reason R]\n"
	"\n"
	"One line per Games: code, name, version (bumped by every change),\n"
	"the number of medals, and the sources of its published tables.\n"
	"\n"
	"A Games is made when first written to only if the bundled list\n"
	"(data/games.tsv) knows it; any other code is refused with the closest\n"
	"ones, so a typo never makes one.  add makes a new Games (LA 2028,\n"
	"Milano Cortina 2026) with its names, kind (olympics, paralympics),\n"
	"season (summer, winter), host NPC and ISO dates; rename changes the\n"
	"fields it is given.  remove is refused while the Games holds events\n"
	"or published tables unless --force; a removal is recorded in the\n"
	"store, since the Games' own log goes with it.\n",
};
