/* cmd_match.c -- 'podium match set|list|table|record|rank': the matches
 * of a head-to-head event, its pools, a side's record, and the ranking
 * the bracket gives (match_ops.h). */
#include <stdlib.h>
#include <string.h>

#include "podium/match_ops.h"
#include "cli.h"

static int run_set(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct cli_event_file ef;
	size_t n = 0;
	int ret;

	if ((ret = cli_event_file_write(cli, &cmd_match, "match set EVENT "
					"--file FILE [--source S]", argc,
					argv, &ef)))
		return ret;
	if ((ret = pd_op_matches_from_file(cli->store, ef.event, ef.source,
					   ef.file, cli_who(cli, NULL), &n,
					   &d)) < 0)
		return cli_fail(ret, &d);
	fprintf(stderr, "podium: event %ld: %zu match%s\n", ef.event, n,
		n == 1 ? "" : "es");
	return EXIT_OK;
}

/* EVENT [NPC] [--lang L] */
static int read_args(int argc, char **argv, int want_npc, long *event,
		     const char **npc, const char **lang)
{
	int i = 2;

	*lang = "en";
	if (argc < 2 || (*event = cli_id(argv[1])) < 0)
		return -1;
	if (want_npc) {
		if (argc < 3)
			return -1;
		*npc = argv[i++];
	}
	if (i + 1 < argc && !strcmp(argv[i], "--lang")) {
		if (!(*lang = cli_lang(argv[i + 1])))
			return -1;
		i += 2;
	}
	return i == argc ? 0 : -1;
}

static int show(struct cli *cli, long event, const char *npc,
		const char *lang)
{
	struct pd_diag d = { "", 0, "" };
	const struct pd_npc *p;
	struct pd_matches l;
	struct pd_buf b;
	int ret, code = 0;

	if (!cli_store(cli, &code))
		return code;
	pd_matches_init(&l);
	pd_buf_init(&b, 0);
	if ((ret = pd_store_begin_read(cli->store, &d)) == 0) {
		ret = pd_matches_read(cli->store, event, &l, &d);
		if (ret == 0 && !l.n)
			ret = pd_diag_set(&d, PD_ENOTFOUND, NULL, 0, "event "
					  "%ld has no matches", event);
		if (ret == 0 && npc) {
			p = pd_registry_find(cli_registry(cli), npc);
			ret = pd_record_text(&b, cli->store, event, &l,
					     p ? p->code : npc, lang, &d);
		} else if (ret == 0) {
			ret = pd_matches_text(&b, &l, lang);
		}
		pd_store_rollback(cli->store);
	}
	ret = cli_output(ret, &b, &d);
	pd_matches_release(&l);
	return ret;
}

static int run_list(struct cli *cli, int argc, char **argv)
{
	const char *lang, *npc = NULL;
	long event;

	if (read_args(argc, argv, 0, &event, &npc, &lang) < 0)
		return cli_usage(&cmd_match, "match list EVENT [--lang zh|en|fr]");
	return show(cli, event, NULL, lang);
}

static int run_record(struct cli *cli, int argc, char **argv)
{
	const char *lang, *npc = NULL;
	long event;

	if (read_args(argc, argv, 1, &event, &npc, &lang) < 0)
		return cli_usage(&cmd_match, "match record EVENT NPC "
				 "[--lang zh|en|fr]");
	return show(cli, event, npc, lang);
}

static int run_rank(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	long event;
	size_t n = 0;
	int ret, code = 0;

	if (argc != 2 || (event = cli_id(argv[1])) < 0)
		return cli_usage(&cmd_match, "match rank EVENT");
	if (!cli_store_write(cli, &code))
		return code;
	if ((ret = pd_op_matches_rank(cli->store, cli_registry(cli), event,
				      cli_who(cli, NULL), &n, &d)) < 0)
		return cli_fail(ret, &d);
	fprintf(stderr, "podium: event %ld: %zu sides ranked from the "
		"bracket\n", event, n);
	return EXIT_OK;
}

static int run(struct cli *cli, int argc, char **argv)
{
	static const struct cli_sub subs[] = {
		{ "set", run_set }, { "list", run_list },
		{ "record", run_record }, { "rank", run_rank },
	};

	return cli_subcommand(cli, argc, argv, subs, 4, &cmd_match,
			      "expected set, list, record or rank");
}

const struct cli_command cmd_match = {
	"match", run, "the matches of a head-to-head event, its pools, records",
	"usage: podium match set EVENT --file FILE [--source S]\n"
	"       podium match list EVENT [--lang zh|en|fr]\n"
	"       podium match record EVENT NPC [--lang zh|en|fr]\n"
	"       podium match rank EVENT\n"
	"\n"
	"set replaces the event's matches from source S (default matches)\n"
	"with FILE's, one a line, tab-separated: PHASE POOL HOME AWAY SCORE\n"
	"PENALTIES WALKOVER OUTCOME [SOURCE CITE] -- SCORE 2:1, '2:1 aet'\n"
	"after extra time, or empty when not known; PENALTIES 3:2 for a\n"
	"shoot-out; WALKOVER home or away (the side that did not play);\n"
	"OUTCOME, for a score not known: home, away, draw or home-unbeaten.\n"
	"list shows the matches and each pool's table (3 points a win, 1 a\n"
	"draw; then goal difference, goals, the matches among the sides still\n"
	"level).  record shows an NPC's matches, won, drawn (a shoot-out is a\n"
	"draw in the record), lost, goals and whether it is unbeaten; where the\n"
	"scores are not known, the goals a fact states (team.NPC.SLUG.goals).\n"
	"rank writes the ranking the bracket gives as the event's results\n"
	"(final, bronze match or both losing semi-finalists third, then the\n"
	"pool records), from which the medals follow.\n"
	"'podium init --examples' loads the Athens 2004 report's 5-a-side\n"
	"football tournament as far as the report tells it.\n",
};
