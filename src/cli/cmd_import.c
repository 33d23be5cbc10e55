/* cmd_import.c -- 'podium import FORMAT FILE': load a file into the store
 * in one transaction; a bad row leaves the store as it was. */
#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/ops.h"
#include "cli.h"

/* What each FORMAT takes: the results formats (athletes, events and
 * results, see podium/entries.h) are written by pd_op_entries_import(). */
enum { F_MAP = 1, F_WHERE = 2, F_GAMES_OPTIONAL = 4, F_ENTRIES = 8 };

static const struct format {
	const char *name, *source;
	int flags;
} formats[] = {
	{ "table", "published", 0 },
	{ "medals", "medals", F_MAP | F_WHERE },
	{ "standings", "published", F_MAP | F_WHERE },
	{ "athlete-events", "athlete-events",
	  F_WHERE | F_GAMES_OPTIONAL | F_ENTRIES },
	{ "paris2024", "paris2024", F_ENTRIES },
	{ "medallists", "medallists", F_MAP | F_WHERE | F_ENTRIES },
	{ NULL, NULL, 0 },
};

struct import {
	const char *format, *file, *source;
	const struct format *fmt;
	char games[16];
	struct pd_csv_opts opts;
	struct pd_published pub;
	struct pd_medal_set medals;
	struct pd_entry_set entries;
	int is_medals;
};

static int check_args(const struct import *im)
{
	static char why[128];
	size_t f;

	if (!im->games[0] && !(im->fmt->flags & F_GAMES_OPTIONAL))
		return cli_usage(&cmd_import, "--games CODE is required");
	for (f = 0; f < PD_F_COUNT && !(im->fmt->flags & F_MAP); f++)
		if (im->opts.map[f]) {
			snprintf(why, sizeof(why), "--map does not apply to "
				 "format %s", im->format);
			return cli_usage(&cmd_import, why);
		}
	if (im->opts.nwhere && !(im->fmt->flags & F_WHERE)) {
		snprintf(why, sizeof(why), "--where does not apply to format "
			 "%s", im->format);
		return cli_usage(&cmd_import, why);
	}
	return 0;
}

static int parse_args(struct import *im, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "source", required_argument, NULL, 's' },
		{ "map", required_argument, NULL, 'm' },
		{ "where", required_argument, NULL, 'w' },
		{ NULL, 0, NULL, 0 },
	};
	struct pd_diag d = { "", 0, "" };
	char *eq;
	size_t i;
	int c, f;

	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'g':
			if (!*optarg || strlen(optarg) >= sizeof(im->games))
				return cli_usage(&cmd_import, "bad --games");
			for (i = 0; optarg[i]; i++)
				im->games[i] = (char)toupper(
					(unsigned char)optarg[i]);
			im->games[i] = '\0';
			break;
		case 's':
			im->source = optarg;
			break;
		case 'm':
			if (!(eq = strchr(optarg, '=')) || !eq[1])
				return cli_usage(&cmd_import,
						 "--map takes FIELD=COLUMN");
			*eq = '\0';
			if ((f = pd_field_lookup(optarg)) < 0) {
				fprintf(stderr, "podium import: unknown field "
					"'%s' in --map\n", optarg);
				return cli_usage(&cmd_import, NULL);
			}
			im->opts.map[f] = eq + 1;
			break;
		case 'w':
			if (im->opts.nwhere == PD_WHERE_MAX)
				return cli_usage(&cmd_import, "too many "
						 "--where");
			if (pd_where_parse(&im->opts.where[im->opts.nwhere++],
					   optarg, &d) < 0)
				return cli_usage(&cmd_import, d.msg);
			break;
		default:
			return cli_usage(&cmd_import, NULL);
		}
	}
	if (argc - optind != 2)
		return cli_usage(&cmd_import, "expected FORMAT and FILE");
	im->format = argv[optind];
	im->file = argv[optind + 1];
	for (im->fmt = formats; im->fmt->name; im->fmt++)
		if (!strcmp(im->fmt->name, im->format))
			break;
	if (!im->fmt->name)
		return cli_usage(&cmd_import, "FORMAT is table, medals, "
				 "standings, athlete-events, paris2024 or "
				 "medallists");
	return check_args(im);
}

/* Parse the file into im; an inconsistent published table is refused
 * with every problem listed, since a table that disagrees with itself
 * cannot be the record of anything. */
static int parse_file(struct cli *cli, struct import *im, const char *data,
		      size_t len)
{
	const struct pd_registry *reg = cli_registry(cli);
	struct pd_diag d = { "", 0, "" };
	struct pd_problems probs;
	size_t i;
	int ret;

	if (!strcmp(im->format, "medals")) {
		im->is_medals = 1;
		ret = pd_medals_csv_parse(&im->medals, data, len, im->file,
					  reg, &im->opts, &d);
		return ret < 0 ? cli_fail(ret, &d) : 0;
	}
	if (!strcmp(im->format, "standings"))
		ret = pd_standings_csv_parse(&im->pub, data, len, im->file,
					     reg, &im->opts, &d);
	else
		ret = pd_table_text_parse(&im->pub, data, len, im->file, reg,
					  &d);
	if (ret < 0)
		return cli_fail(ret, &d);
	pd_problems_init(&probs);
	if (pd_published_check(&im->pub, NULL, &probs) < 0)
		return cli_fail(PD_ENOMEM, &d);
	/* A standings CSV is a source's data, often ranked its own way (the
	 * IPC files use dense ranks): keep it as published and say so. */
	ret = probs.n && strcmp(im->format, "standings") ? EXIT_INPUT : 0;
	for (i = 0; i < probs.n && (ret || i < 3); i++)
		fprintf(stderr, "%s:%ld: %s%s\n", im->file, probs.v[i].line,
			ret ? "" : "warning: ", probs.v[i].msg);
	if (ret)
		fprintf(stderr, "podium: %s is inconsistent (%zu problem%s); "
			"nothing imported\n", im->file, probs.n,
			probs.n == 1 ? "" : "s");
	else if (probs.n)
		fprintf(stderr, "podium: kept as published, with %zu "
			"inconsistenc%s%s\n", probs.n,
			probs.n == 1 ? "y" : "ies",
			probs.n > 3 ? " (the first 3 shown)" : "");
	pd_problems_release(&probs);
	return ret;
}

static int store_it(struct cli *cli, struct import *im)
{
	struct pd_diag d = { "", 0, "" };
	const struct pd_who *who = cli_who(cli, NULL);
	struct pd_store *s;
	int ret, code = 0;

	if (!(s = cli_store(cli, &code)))
		return code;
	if (im->is_medals)
		ret = pd_op_medals_import(s, im->games, im->source,
					  im->medals.v, im->medals.n, who,
					  &cli_notice, &d);
	else
		ret = pd_op_published_import(s, im->games, im->source,
					     &im->pub, im->file, who,
					     &cli_notice, &d);
	if (ret < 0)
		return cli_fail(ret, &d);
	if (im->is_medals)
		fprintf(stderr, "podium: imported %zu medals into %s (source "
			"'%s'; %zu rows, %zu team-member rows merged)\n",
			im->medals.n, im->games, im->source, im->medals.rows,
			im->medals.merged);
	else
		fprintf(stderr, "podium: imported %zu rows into %s@%s\n",
			im->pub.n, im->games, im->source);
	return EXIT_OK;
}

/* The Paris 2024 set is a folder holding three of its CSV files. */
static int parse_paris(struct cli *cli, struct import *im, struct pd_diag *d)
{
	static const char *const names[3] = { "athletes.csv", "medals.csv",
					       "medallists.csv" };
	char *paths[3] = { NULL, NULL, NULL }, *texts[3] = { NULL, NULL, NULL };
	const char *cpaths[3], *ctexts[3];
	size_t lens[3], i, n;
	int ret = 0;

	for (i = 0; i < 3 && ret == 0; i++) {
		n = strlen(im->file) + strlen(names[i]) + 2;
		if (!(paths[i] = malloc(n))) {
			ret = PD_ENOMEM;
			break;
		}
		snprintf(paths[i], n, "%s/%s", im->file, names[i]);
		ret = pd_file_read(paths[i], &texts[i], &lens[i], d);
		cpaths[i] = paths[i];
		ctexts[i] = texts[i];
	}
	if (ret == 0)
		ret = pd_paris2024_parse(&im->entries, ctexts, lens, cpaths,
					 im->games, cli_registry(cli), d);
	for (i = 0; i < 3; i++) {
		free(paths[i]);
		free(texts[i]);
	}
	return ret;
}

/* The results formats: athletes, events and results, one change per
 * Games, then one summary line. */
static int run_entries(struct cli *cli, struct import *im)
{
	const struct pd_registry *reg = cli_registry(cli);
	struct pd_diag d = { "", 0, "" };
	struct pd_op_import_counts n;
	struct cli_progress p;
	struct pd_op_notify nt;
	struct pd_store *s;
	char *data = NULL;
	size_t len;
	int ret, code = 0;

	if (!strcmp(im->format, "paris2024")) {
		ret = parse_paris(cli, im, &d);
	} else if ((ret = pd_file_read(im->file, &data, &len, &d)) == 0) {
		if (!strcmp(im->format, "athlete-events"))
			ret = pd_athlete_events_parse(&im->entries, data, len,
						      im->file, reg,
						      im->games[0] ? im->games :
						      NULL, &im->opts, &d);
		else
			ret = pd_medallists_csv_parse(&im->entries, data, len,
						      im->file, im->games, reg,
						      &im->opts, &d);
	}
	free(data);
	if (ret < 0)
		return cli_fail(ret, &d);
	if (!(s = cli_store(cli, &code)))
		return code;
	cli_progress_init(&p, im->file);
	cli_progress_notify(&nt, &p);
	ret = pd_op_entries_import(s, &im->entries, im->source,
				   cli_who(cli, NULL), &nt, &n, &d);
	cli_progress_clear(&p);
	if (ret < 0)
		return cli_fail(ret, &d);
	fprintf(stderr, "podium: imported %zu rows: %zu Games, %zu athletes, "
		"%zu events, %zu medals (source '%s')\n", im->entries.rows,
		n.games, n.athletes, n.events, n.medals, im->source);
	return EXIT_OK;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct import im;
	char *data = NULL;
	size_t len;
	int ret;

	memset(&im, 0, sizeof(im));
	if ((ret = parse_args(&im, argc, argv)))
		return ret;
	if (!im.source)
		im.source = im.fmt->source;
	if (im.fmt->flags & F_ENTRIES) {
		ret = run_entries(cli, &im);
		pd_entries_release(&im.entries);
		return ret;
	}
	if ((ret = pd_file_read(im.file, &data, &len, &d)) < 0)
		return cli_fail(ret, &d);
	if ((ret = parse_file(cli, &im, data, len)) == 0)
		ret = store_it(cli, &im);
	free(data);
	pd_published_release(&im.pub);
	pd_medal_set_release(&im.medals);
	return ret;
}

const struct cli_command cmd_import = {
	"import", run, "load a medal table or medals from a file",
	"usage: podium import FORMAT FILE --games CODE [--source LABEL]\n"
	"                     [--map FIELD=COLUMN]... [--where COLUMN=VALUE]...\n"
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
	"\n"
	"Nothing is written unless the whole file is good (exit 2 otherwise).\n",
};
