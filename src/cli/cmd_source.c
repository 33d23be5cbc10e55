/* cmd_source.c -- 'podium source list|remove': where a Games' medals and
 * tables come from, and ending one of them. */
#include <stdlib.h>
#include <string.h>

#include "podium/ops.h"
#include "cli.h"

struct listing {
	const char *games;
};

static int print_source(const char *source, size_t results, void *arg)
{
	const struct listing *l = arg;

	printf("%s\t%s\t%s\t%zu results\n", l->games, cli_text(source),
	       !strcmp(source, "operator") ? "entered" : "ranked", results);
	return 0;
}

static int list_one(struct pd_store *s, const char *games, struct pd_diag *d)
{
	struct listing l = { games };
	struct pd_strings pub;
	size_t i;
	int ret;

	if ((ret = pd_store_result_sources(s, games, print_source, &l, d)) < 0)
		return ret;
	pd_strings_init(&pub);
	if ((ret = pd_store_published_sources(s, games, &pub, d)) == 0)
		for (i = 0; i < pub.n; i++)
			printf("%s\t%s\tpublished\t%s@%s\n", games,
			       cli_text(pub.v[i]), games, cli_text(pub.v[i]));
	pd_strings_release(&pub);
	return ret;
}

static int run_list(struct cli *cli, struct pd_store *s, const char *games,
		    struct pd_diag *d)
{
	struct pd_games *v = NULL;
	size_t n = 0, i;
	int ret;

	if (games)
		return list_one(s, games, d);
	if ((ret = pd_store_games_list(s, &v, &n, d)) < 0)
		return ret;
	for (i = 0; i < n && ret == 0; i++)
		ret = list_one(s, v[i].code, d);
	pd_games_list_free(v, n);
	return ret;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	char games[PD_GAMES_CODE] = "", *at;
	const char *reason = NULL, *ref = NULL;
	struct pd_op_done done;
	struct pd_store *s;
	int i, ret, code = 0, list;

	if (argc < 2 || (strcmp(argv[1], "list") && strcmp(argv[1], "remove")))
		return cli_usage(&cmd_source, N_("expected list or remove"));
	list = !strcmp(argv[1], "list");
	for (i = 2; i < argc; i++) {
		if (list && !strcmp(argv[i], "--games") && i + 1 < argc) {
			if (pd_games_code(games, sizeof(games), argv[++i]))
				return cli_usage(&cmd_source,
						 N_("bad --games"));
		} else if (!list && !strcmp(argv[i], "--reason") &&
			   i + 1 < argc) {
			reason = argv[++i];
		} else if (!list && !ref) {
			ref = argv[i];
		} else {
			return cli_usage(&cmd_source,
					 N_("unexpected argument"));
		}
	}
	if (!list && (!ref || !(at = strchr(ref, '@')) || at == ref ||
		      !at[1] || (size_t)(at - ref) >= sizeof(games)))
		return cli_usage(&cmd_source, "source remove GAMES@SOURCE");
	if (!list) {
		snprintf(games, sizeof(games), "%.*s", (int)(at - ref), ref);
		if (pd_games_code(games, sizeof(games), games))
			return cli_usage(&cmd_source, N_("bad Games code"));
	}
	if (!(s = cli_store(cli, &code)))
		return code;
	if (list) {
		ret = run_list(cli, s, games[0] ? games : NULL, &d);
		return ret < 0 ? cli_fail(ret, &d) : EXIT_OK;
	}
	pd_op_done_init(&done);
	ret = pd_op_source_remove(s, games, at + 1, cli_who(cli, reason),
				  &done, &d);
	return cli_done(ret, &done, &d);
}

const struct cli_command cmd_source = {
	"source", run, "list or remove the sources of a Games' medals",
	"usage: podium source list [--games G]\n"
	"       podium source remove GAMES@SOURCE [--reason R]\n"
	"\n"
	"list prints one line per source: the Games, the label, and what it\n"
	"is: 'entered' (results operators enter), 'ranked' (an imported medal\n"
	"source, ranked with them as GAMES; at most one), or 'published' (a\n"
	"table kept apart as GAMES@SOURCE, also what 'podium import\n"
	"--alternative' keeps).  remove ends an imported source's results (and\n"
	"so its medals) or deletes a published table, in one change.\n",
};
