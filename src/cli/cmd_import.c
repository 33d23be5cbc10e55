/* cmd_import.c -- 'podium import FORMAT FILE': load a file into the store
 * in one transaction; a bad row leaves the store as it was. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/ops.h"
#include "cli.h"

static int parse_args(struct pd_op_import_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "source", required_argument, NULL, 's' },
		{ "map", required_argument, NULL, 'm' },
		{ "where", required_argument, NULL, 'w' },
		{ "replace", no_argument, NULL, 'R' },
		{ "alternative", no_argument, NULL, 'A' },
		{ NULL, 0, NULL, 0 },
	};
	struct pd_diag d = { "", 0, "" };
	int c;

	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'g':
			if (cli_games_code(optarg, a->games, sizeof(a->games)))
				return cli_usage(&cmd_import, "bad --games");
			break;
		case 's':
			a->source = optarg;
			break;
		case 'R':
		case 'A':
			if (a->mode != PD_SOURCE_ONLY)
				return cli_usage(&cmd_import, "give one of "
						 "--replace and --alternative");
			a->mode = c == 'R' ? PD_SOURCE_REPLACE :
				  PD_SOURCE_ALTERNATIVE;
			break;
		case 'm':
			if (pd_op_import_map(a, optarg, &d) < 0)
				return cli_usage(&cmd_import, d.msg);
			break;
		case 'w':
			if (pd_op_import_where(a, optarg, &d) < 0)
				return cli_usage(&cmd_import, d.msg);
			break;
		default:
			return cli_usage(&cmd_import, NULL);
		}
	}
	if (argc - optind != 2)
		return cli_usage(&cmd_import, "expected FORMAT and FILE");
	a->format = argv[optind];
	a->file = argv[optind + 1];
	if (pd_op_import_check(a, &d) < 0)
		return cli_usage(&cmd_import, d.msg);
	return 0;
}

/* A published table's inconsistencies: every one when it was refused,
 * else the first three as warnings. */
static void problems(const struct pd_op_import *im)
{
	const struct pd_problems *p = &im->problems;
	size_t i;

	for (i = 0; i < p->n && (im->refused || i < 3); i++)
		fprintf(stderr, "%s:%ld: %s%s\n", im->file, p->v[i].line,
			im->refused ? "" : "warning: ", p->v[i].msg);
	if (im->refused)
		fprintf(stderr, "podium: %s is inconsistent (%zu problem%s); "
			"nothing imported\n", im->file, p->n,
			p->n == 1 ? "" : "s");
	else if (p->n)
		fprintf(stderr, "podium: kept as published, with %zu "
			"inconsistenc%s%s\n", p->n, p->n == 1 ? "y" : "ies",
			p->n > 3 ? " (the first 3 shown)" : "");
}

static void summary(const struct pd_op_import *im)
{
	const struct pd_op_import_counts *n = &im->counts;

	if (im->kind == PD_OP_IMPORT_MEDALS && im->mode == PD_SOURCE_ALTERNATIVE)
		fprintf(stderr, "podium: imported %zu medals as %s@%s, apart "
			"from %s's own (%zu rows, %zu team-member rows "
			"merged)\n", im->n, im->games, im->source, im->games,
			im->rows, im->merged);
	else if (im->kind == PD_OP_IMPORT_MEDALS)
		fprintf(stderr, "podium: imported %zu medals into %s (source "
			"'%s'; %zu rows, %zu team-member rows merged)\n",
			im->n, im->games, im->source, im->rows, im->merged);
	else if (im->kind == PD_OP_IMPORT_PUBLISHED)
		fprintf(stderr, "podium: imported %zu rows into %s@%s\n",
			im->n, im->games, im->source);
	else
		fprintf(stderr, "podium: imported %zu rows: %zu Games, %zu "
			"athletes, %zu events, %zu medals (source '%s')\n",
			im->rows, n->games, n->athletes, n->events, n->medals,
			im->source);
}

/* Read the whole file first (src/app parses and validates it), then open
 * the store and write it: a bad file touches no store at all. */
static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_op_import_args a;
	struct pd_op_import im;
	struct cli_progress p;
	struct pd_op_notify nt;
	struct pd_store *s;
	int ret, code = 0;

	memset(&a, 0, sizeof(a));
	memset(&im, 0, sizeof(im));
	if ((ret = parse_args(&a, argc, argv)))
		return ret;
	ret = pd_op_import_read(&im, &a, cli_registry(cli), &d);
	problems(&im);
	if (ret < 0) {
		ret = im.refused ? EXIT_INPUT : cli_fail(ret, &d);
		goto cleanup;
	}
	if (!(s = cli_store(cli, &code))) {
		ret = code;
		goto cleanup;
	}
	cli_progress_init(&p, a.file);
	cli_progress_notify(&nt, &p);
	ret = pd_op_import_write(s, &im, cli_who(cli, NULL), &nt, &d);
	cli_progress_clear(&p);
	if (ret < 0) {
		ret = cli_fail(ret, &d);
		goto cleanup;
	}
	summary(&im);
	ret = EXIT_OK;
cleanup:
	pd_op_import_release(&im);
	return ret;
}

const struct cli_command cmd_import = {
	"import", run, "load a medal table or medals from a file",
	"usage: podium import FORMAT FILE --games CODE [--source LABEL]\n"
	"                     [--map FIELD=COLUMN]... [--where COLUMN=VALUE]...\n"
	"                     [--replace | --alternative]\n"
	"\n"
	"FORMAT is one of:\n"
	"  table      a published table as text: an optional caption line, a\n"
	"             header line, rows '[rank] name gold silver bronze total'\n"
	"             (a row without a rank ties the row above), and a totals\n"
	"             row (总计 or Total); whitespace- or tab-separated.\n"
	"             Kept as GAMES@SOURCE (--source, default 'published').\n"
	"             An inconsistent table is refused: see 'podium check'.\n"
	"  medals     CSV, one row per medal.  Columns are found by header\n"
	"             (medal, npc/country_code/country, event, sport/discipline,\n"
	"             date, athlete/name, gender, team/grp_id); rows of team\n"
	"             members (a team value) count once per event and NPC.\n"
	"             Replaces the Games' medals from the same --source\n"
	"             (default 'medals').\n"
	"  standings  CSV, one row per NPC with gold, silver, bronze (rank,\n"
	"             total optional), kept as a published table.\n"
	"\n"
	"The results formats load athletes, events and results (rank 1, 2, 3\n"
	"for medallists, 0 for the rest; the medals follow from them), and\n"
	"replace the Games' results from the same --source (default: the\n"
	"format's name):\n"
	"  athlete-events  Kaggle's athlete_events.csv[.gz] (120 years of\n"
	"             Olympic history).  Every Games in it is imported, each\n"
	"             its own change (\"1992 Summer\" is OG1992, \"1994 Winter\"\n"
	"             OW1994); --games CODE imports just that one.  Within a\n"
	"             Games and event, rows sharing NOC and medal that name\n"
	"             several athletes are one team medal; that makes it a team\n"
	"             event, whose rows without a medal are one team per NOC\n"
	"             and Team.  Like the SQL dedupe by (Games, Event, NOC,\n"
	"             Medal), two individual bronzes of one NOC in one event\n"
	"             count once.  Shows progress when stderr is a terminal.\n"
	"  paris2024  FILE is a folder with the Paris 2024 set's athletes.csv\n"
	"             (function Athlete), medals.csv (one row per medal) and\n"
	"             medallists.csv (team members by code_team).\n"
	"  medallists CSV, one row per medallist (tidytuesday's\n"
	"             medals_clean.csv): athlete, country_code, type/sport,\n"
	"             event, gender, medal, grp_id, guide; rows with a team\n"
	"             value (or athlete TEAM) sharing sport, event, gender, medal\n"
	"             and NPC are one team with those members.\n"
	"\n"
	"FILE may be gzip-compressed, or - for standard input.  Names of NPCs\n"
	"may be codes or names in English or Chinese ('podium resolve').\n"
	"\n"
	"  --games CODE          the Games, e.g. PG2004 (required but for\n"
	"                        athlete-events)\n"
	"  --source LABEL        the source label, e.g. seed, ipc\n"
	"  --map FIELD=COLUMN    take FIELD (medal, npc, event, sport, date,\n"
	"                        athlete, gender, team, gold, silver, bronze,\n"
	"                        total, rank) from COLUMN (medals, standings,\n"
	"                        medallists)\n"
	"  --where COLUMN=VALUE  only rows where COLUMN is VALUE (!= for not);\n"
	"                        repeatable, all must hold (not for table,\n"
	"                        paris2024)\n"
	"  --replace             end the medals the Games holds from another\n"
	"                        source, and rank this one instead\n"
	"  --alternative         keep these medals apart, as the table\n"
	"                        GAMES@SOURCE, never added to GAMES (medals)\n"
	"\n"
	"A Games ranks its own results (entered by operators) and one imported\n"
	"medal source: importing medals or results of a second source into a\n"
	"Games that holds another's is refused unless --replace or\n"
	"--alternative says which; importing the same source again replaces\n"
	"it.  'podium source list' shows them, 'podium source remove' ends one.\n"
	"The Games must be one the store or the bundled list knows\n"
	"(data/games.tsv); 'podium games add' makes a new one.\n"
	"\n"
	"Nothing is written unless the whole file is good (exit 2 otherwise).\n",
};
