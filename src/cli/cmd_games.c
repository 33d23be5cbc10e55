/* cmd_games.c -- 'podium games': the Games in the store. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games *v = NULL;
	struct pd_store *s;
	struct pd_tally t;
	size_t n = 0, i, medals;
	struct pd_strings sources;
	int ret, code = 0;

	if (argc > 1)
		return cli_usage(&cmd_games, "no arguments expected");
	if (!(s = cli_store(cli, &code)))
		return code;
	if ((ret = pd_store_games_list(s, &v, &n, &d)) < 0)
		return cli_fail(ret, &d);
	if (n == 0)
		fprintf(stderr, "podium: no Games in %s yet: try 'podium init' "
			"or 'podium import'\n", cli->db_path);
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
	"games", run, "list the Games in the store",
	"usage: podium games\n"
	"\n"
	"One line per Games: code, name, version (bumped by every change),\n"
	"the number of medals, and the sources of its published tables.\n",
};
