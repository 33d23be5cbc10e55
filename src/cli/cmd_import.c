/* cmd_import.c -- 'podium import FORMAT FILE': load a file into the store
 * in one transaction; a bad row leaves the store as it was. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "podium/ops.h"
#include "podium/units_ops.h"
#include "cli.h"

static int has_map(const struct pd_op_import_args *a)
{
	size_t f;

	for (f = 0; f < PD_F_COUNT; f++)
		if (a->opts.map[f])
			return 1;
	return 0;
}

static int option(int c, char *arg, void *ctx)
{
	struct pd_op_import_args *a = ctx;
	struct pd_diag d = { "", 0, "" };

	switch (c) {
	case 'g':
		if (pd_games_code(a->games, sizeof(a->games), arg))
			return cli_usage(&cmd_import, N_("bad --games"));
		break;
	case 's':
		a->source = arg;
		break;
	case 'R':
	case 'A':
		if (a->mode != PD_SOURCE_ONLY)
			return cli_usage(&cmd_import, N_("give one of "
					 "--replace and --alternative"));
		a->mode = c == 'R' ? PD_SOURCE_REPLACE :
			  PD_SOURCE_ALTERNATIVE;
		break;
	case 'm':
		if (pd_op_import_map(a, arg, &d) < 0)
			return cli_usage(&cmd_import, d.msg);
		break;
	case 'w':
		if (pd_op_import_where(a, arg, &d) < 0)
			return cli_usage(&cmd_import, d.msg);
		break;
	case 'S':
		a->strict = 1;
		break;
	case 'f':
		if (pd_op_import_fix(a, arg, &d) < 0)
			return cli_usage(&cmd_import, d.msg);
		break;
	case 't':
		if (pd_op_import_teams(a, arg, &d) < 0)
			return cli_usage(&cmd_import, d.msg);
		break;
	case 'a':
		if (pd_op_import_same(a, arg, &d) < 0)
			return cli_usage(&cmd_import, d.msg);
		break;
	case 'W':
		if (a->nwalkover == PD_WALKOVER_MAX)
			return cli_usage(&cmd_import, N_("too many --walkover"));
		a->walkover[a->nwalkover++] = arg;
		break;
	}
	return 0;
}

static int parse_args(struct pd_op_import_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "source", required_argument, NULL, 's' },
		{ "map", required_argument, NULL, 'm' },
		{ "where", required_argument, NULL, 'w' },
		{ "strict", no_argument, NULL, 'S' },
		{ "fix", required_argument, NULL, 'f' },
		{ "teams", required_argument, NULL, 't' },
		{ "same", required_argument, NULL, 'a' },
		{ "replace", no_argument, NULL, 'R' },
		{ "alternative", no_argument, NULL, 'A' },
		{ "walkover", required_argument, NULL, 'W' },
		{ NULL, 0, NULL, 0 },
	};
	struct pd_diag d = { "", 0, "" };
	int ret;

	if ((ret = cli_options(&cmd_import, argc, argv, longopts, option, a)))
		return ret;
	if (optind < argc && !strcmp(argv[optind], "odf")) {
		a->format = "odf";
		if (argc - optind < 2)
			return cli_usage(&cmd_import, N_("expected odf and FILE "
					 "or DIR"));
		if (a->opts.nwhere || has_map(a))
			return cli_usage(&cmd_import, N_("--map and --where do "
					 "not apply to format odf"));
		return 0;
	}
	if (optind < argc && !strcmp(argv[optind], "units")) {
		if (argc - optind != 2)
			return cli_usage(&cmd_import, N_("expected units and DIR"));
		if (!a->games[0])
			return cli_usage(&cmd_import, N_("units needs --games"));
		if (a->opts.nwhere || has_map(a))
			return cli_usage(&cmd_import, N_("--map and --where do "
					 "not apply to format units"));
		a->format = "units";
		a->file = argv[optind + 1];
		return 0;
	}
	if (a->nwalkover)
		return cli_usage(&cmd_import, N_("--walkover applies to format "
				 "units"));
	if (argc - optind != 2)
		return cli_usage(&cmd_import, N_("expected FORMAT and FILE"));
	a->format = argv[optind];
	a->file = argv[optind + 1];
	if (pd_op_import_check(a, &d) < 0)
		return cli_usage(&cmd_import, d.msg);
	return 0;
}

/* A published table's inconsistencies, or a medallists file's rows it
 * cannot place: every one when it was refused, else the first three as
 * warnings. */
static void problems(const struct pd_op_import *im)
{
	const struct pd_problems *p = &im->problems;
	size_t i;

	for (i = 0; i < p->n && (im->refused || i < 3); i++)
		fprintf(stderr, "%s:%ld: %s%s\n", cli_text(im->file),
			p->v[i].line, im->refused ? "" : "warning: ",
			cli_text(p->v[i].msg));
	if (im->refused && p->n && im->kind == PD_OP_IMPORT_ENTRIES)
		fprintf(stderr, "podium: %zu row%s of %s cannot be placed; "
			"nothing imported\n", p->n, p->n == 1 ? "" : "s",
			cli_text(im->file));
	else if (im->refused && p->n)
		fprintf(stderr, "podium: %s is inconsistent (%zu problem%s); "
			"nothing imported\n", cli_text(im->file), p->n,
			p->n == 1 ? "" : "s");
	else if (p->n)
		fprintf(stderr, "podium: kept as published, with %zu "
			"inconsistenc%s%s\n", p->n, p->n == 1 ? "y" : "ies",
			p->n > 3 ? " (the first 3 shown)" : "");
}

/* The medals the rules drop or change, each on its own line: errors
 * under --strict (nothing imported), else warnings. */
static void notes(const struct pd_op_import *im, int strict)
{
	const struct pd_problems *p = &im->notes;
	size_t i;

	for (i = 0; i < p->n; i++)
		fprintf(stderr, "%s:%ld: %s%s\n", cli_text(im->file),
			p->v[i].line, strict ? "" : "warning: ",
			cli_text(p->v[i].msg));
	if (p->n && strict)
		fprintf(stderr, "podium: the rules drop or change %zu medal%s "
			"of %s (--strict); nothing imported\n", p->n,
			p->n == 1 ? "" : "s", cli_text(im->file));
	else if (p->n)
		fprintf(stderr, "podium: the rules drop or change %zu medal%s "
			"as recorded (--strict refuses)\n", p->n,
			p->n == 1 ? "" : "s");
}

/* Each --fix, as applied (pd_op_import_read() refuses one that named no
 * row). */
static void fixes(const struct pd_op_import_args *a)
{
	size_t i;

	for (i = 0; i < a->opts.nfix; i++)
		if (!strcmp(a->opts.fix[i].npc, "-"))
			fprintf(stderr, "%s:%ld: row left out (--fix)\n",
				cli_text(a->file), a->opts.fix[i].line);
		else
			fprintf(stderr, "%s:%ld: NPC taken as '%s' (--fix)\n",
				cli_text(a->file), a->opts.fix[i].line,
				cli_text(a->opts.fix[i].npc));
}

/* Under --teams infer, what it took each event for: team or individual,
 * and of those, mixed (X) or open (O). */
static void teams_taken(const struct pd_op_import *im)
{
	const struct pd_entry_set *e = &im->entries;
	size_t i, team = 0, ind, mixed = 0, open = 0;

	if (im->kind == PD_OP_IMPORT_MEDALS) {
		team = im->medals.team_events;
		ind = im->medals.individual_events;
		mixed = im->medals.mixed_events;
		open = im->medals.open_events;
	} else {
		for (i = 0; i < e->nevents; i++) {
			team += e->events[i].team != 0;
			mixed += !strcmp(e->events[i].gender, "X");
			open += !strcmp(e->events[i].gender, "O");
		}
		ind = e->nevents - team;
	}
	fprintf(stderr, "podium: --teams infer: %zu team events, %zu "
		"individual; %zu mixed, %zu open\n", team, ind, mixed, open);
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
	else if (im->kind == PD_OP_IMPORT_RECORDS)
		fprintf(stderr, "podium: imported %zu records (for %s)\n",
			im->n, im->games);
	else if (im->kind == PD_OP_IMPORT_PUBLISHED)
		fprintf(stderr, "podium: imported %zu rows into %s@%s\n",
			im->n, im->games, im->source);
	else
		fprintf(stderr, "podium: imported %zu rows: %zu Games, %zu "
			"athletes, %zu events, %zu medals (source '%s')\n",
			im->rows, n->games, n->athletes, n->events, n->medals,
			im->source);
}

/* 'podium import odf FILE|DIR...': every message, the latest of each
 * kept (src/app), one transaction. */
static int run_odf(struct cli *cli, const struct pd_op_import_args *a,
		   int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_op_odf_counts n;
	struct pd_store *s;
	int ret, code = 0;

	if (!(s = cli_store_write(cli, &code)))
		return code;
	ret = pd_op_odf_import(s, cli_registry(cli),
			       (const char *const *)argv, (size_t)argc,
			       a->games[0] ? a->games : NULL, a->source,
			       a->mode, cli_who(cli, NULL), &cli_notice, &n,
			       &d);
	if (ret < 0)
		return cli_fail(ret, &d);
	fprintf(stderr, "podium: imported %zu of %zu ODF messages (the latest "
		"of each): %zu Games, %zu tables, %zu events, %zu results, "
		"%zu medals (source '%s')\n", n.used, n.messages, n.games,
		n.tables, n.events, n.results, n.medals,
		a->source ? a->source : "odf");
	if (n.units)
		fprintf(stderr, "podium: from the units: %zu units, %zu result "
			"rows, %zu teams\n", n.units, n.unit_results, n.teams);
	return EXIT_OK;
}

/* 'podium import units DIR': the folder read and checked whole, its
 * medals derived, then written in one transaction (src/app/units.c). */
static int run_units(struct cli *cli, const struct pd_op_import_args *a)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_op_import_counts w;
	const struct pd_units_counts *n;
	struct pd_unitset set;
	struct cli_progress p;
	struct pd_op_notify nt;
	struct pd_store *s;
	int ret, code = 0;

	if ((ret = pd_op_units_read(&set, a->file, a->games,
				    cli_registry(cli), a->walkover, &d)) < 0)
		return cli_fail(ret, &d);
	if (!(s = cli_store_write(cli, &code))) {
		ret = code;
		goto cleanup;
	}
	cli_progress_init(&p, a->file);
	cli_progress_notify(&nt, &p);
	ret = pd_op_units_write(s, &set, a->source, a->mode,
				cli_who(cli, NULL), &nt, &w, &d);
	cli_progress_clear(&p);
	if (ret < 0) {
		ret = cli_fail(ret, &d);
		goto cleanup;
	}
	n = &set.counts;
	fprintf(stderr, "podium: imported %s into %s: %zu disciplines, %zu "
		"events, %zu units, %zu sub-units, %zu standings; %zu result "
		"rows, %zu start-list rows, %zu IRMs, %zu qualification "
		"marks; %zu schedule rows (%zu duplicates dropped; %zu gold- "
		"and %zu bronze-medal units); %zu teams, %zu venues; %zu "
		"medal events, %zu medals (source '%s')\n", cli_text(a->file),
		a->games, n->disciplines, n->events, n->units, n->subunits,
		n->standings, n->results, n->start_list, n->irms,
		n->qualification, n->schedule, n->duplicates, n->gold_units,
		n->bronze_units, n->teams, n->venues, n->medal_events,
		n->medals, a->source ? a->source : "units");
	ret = EXIT_OK;
cleanup:
	pd_unitset_release(&set);
	return ret;
}

/* A file this large or larger is read with malloc on huge pages: 1 MiB,
 * gzipped or not, from which the parse takes two threads too */
#define BIG_FILE (1L << 20)

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
	struct stat st;
	int ret, code = 0;

	memset(&a, 0, sizeof(a));
	memset(&im, 0, sizeof(im));
	if ((ret = parse_args(&a, argc, argv)))
		return ret;
	if (!strcmp(a.format, "odf"))
		return run_odf(cli, &a, argc - optind - 1, argv + optind + 1);
	if (!strcmp(a.format, "units"))
		return run_units(cli, &a);
	/* a file whose rows take tens of MB: on huge pages (the start
	 * again costs a few ms, a small file's whole import) */
	if (stat(a.file, &st) == 0 && st.st_size >= BIG_FILE)
		cli_huge_pages(cli->argv);
	ret = pd_op_import_read(&im, &a, cli_registry(cli), &d);
	problems(&im);
	notes(&im, a.strict);
	if (ret < 0) {
		ret = im.refused ? EXIT_INPUT : cli_fail(ret, &d);
		goto cleanup;
	}
	if (!(s = cli_store_write(cli, &code))) {
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
	fixes(&a);
	if (a.opts.teams == PD_TEAMS_INFER &&
	    (im.kind == PD_OP_IMPORT_ENTRIES || im.kind == PD_OP_IMPORT_MEDALS))
		teams_taken(&im);
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
	"       podium import odf FILE|DIR... [--games CODE] [--source LABEL]\n"
	"       podium import units DIR --games CODE [--source LABEL]\n"
	"                     [--walkover EVENT]...\n"
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
	"  medallists\n"
	"             CSV, one row per medallist (tidytuesday's\n"
	"             medals_clean.csv): athlete, country_code, type/sport,\n"
	"             event, gender, medal, grp_id, guide; rows with a team\n"
	"             value (or athlete TEAM) sharing sport, event, gender, medal\n"
	"             and NPC are one team with those members (a code_team or\n"
	"             team_id also tells two teams apart).  A gender of Men,\n"
	"             Women, Mixed or Open is the event's; an athlete's (Male,\n"
	"             Female, as Paris 2024's medallists.csv) splits no event:\n"
	"             its gender is its name's (Men's, Women's, Mixed), else\n"
	"             that of its medallists.  A column 'team' names a team\n"
	"             (else its NPC does).  A team's row without an NPC takes\n"
	"             the one its team-mates' rows give (same team value,\n"
	"             event, medal); every row that cannot be placed so, or\n"
	"             by --fix, is reported at its line.\n"
	"\n"
	"  records    CSV, one row per record: kind (WR, PR, OR ...), sport,\n"
	"             event, mark, holder, npc, and optionally gender, class,\n"
	"             value (else read from the mark), better (lower: a time,\n"
	"             the default; higher), date (YYYY-MM-DD).  In any order:\n"
	"             a record stands until beaten, so the best mark of an\n"
	"             event, class and kind is in force (of equal ones, the\n"
	"             latest), the others its history ('podium records'); a\n"
	"             better mark dated before a worse one is refused.  kind\n"
	"             is capital letters, gender M, W or X, a time's minutes\n"
	"             and seconds under 60.  --games names the Games whose\n"
	"             log records the import.\n"
	"  odf        ODF messages as podium writes them (docs/ODF.md), files\n"
	"             or folders of *.xml, read in Version order: the latest\n"
	"             of each (Games, DocumentType, DocumentCode) counts.  A\n"
	"             DT_MEDALS is kept as GAMES@SOURCE (default 'odf'); a\n"
	"             DT_MEDALLISTS gives its events their medallists as\n"
	"             results, a DT_RESULT its event all its results.  The\n"
	"             Games is each message's CompetitionCode (--games to\n"
	"             override).  A feed of units (DT_SCHEDULE, each unit's\n"
	"             DT_RESULT, DT_PARTIC_TEAMS; one Games) gives the Games\n"
	"             its units, results and teams, and the medals they award\n"
	"             as 'import units' does.  A competitor named twice in an\n"
	"             event, a\n"
	"             DOCTYPE, a message over 32 MiB, 1,000,000 nodes or\n"
	"             100,000 results is refused.  Results replace another\n"
	"             source's (an operator's too) only under --replace.\n"
	"  units      DIR is a Games as it ran, unit by unit (the shape of\n"
	"             the Paris 2024 units set): schedules.csv (one row a\n"
	"             scheduled unit), results/*.csv (one row a participant in\n"
	"             a unit, keyed by its 34-character ODF results code),\n"
	"             teams.csv (rosters) and venues.csv.  Every row is\n"
	"             checked (code, rank '3' or '3.0', W/L/T, start time with\n"
	"             its offset); exact duplicate schedule rows count once.\n"
	"             Each event's medals follow from its units by the rules\n"
	"             of data/medal_rules.tsv: its standing (final results),\n"
	"             else its final's ranks (a jump-off ordering a tie), or\n"
	"             the gold-medal match (winner gold, loser silver, a\n"
	"             withdrawal too) and the bronze-medal matches or the\n"
	"             semi-final losers (boxing); disqualified (DSQ, DQ, DQB)\n"
	"             never medal.  The medallists are written as the Games'\n"
	"             results (source 'units'), a team's with its roster, and\n"
	"             it says how many units, sub-units, standings, results,\n"
	"             start-list rows, IRMs, marks, teams and medal events.\n"
	"             --walkover EVENT (an ODF event code, BDMWSINGLES) applies\n"
	"             the walkover rule to that event: a bronze-medal match\n"
	"             never played gives its bronze to the semi-final loser\n"
	"             who finished; 'podium medals' then names rule walkover.\n"
	"\n"
	"FILE may be gzip-compressed, or - for standard input.  Names of NPCs\n"
	"may be codes or names in English or Chinese ('podium resolve').  A\n"
	"CSV row with fewer or more fields than its header is refused at its\n"
	"line (a comma after the last column is no field in a file that ends\n"
	"its header or its rows so), as is a name of over 200 bytes or with a\n"
	"control character.\n"
	"\n"
	"  --games CODE          the Games, e.g. PG2004 (required but for\n"
	"                        athlete-events)\n"
	"  --source LABEL        the source label, e.g. seed, ipc\n"
	"  --map FIELD=COLUMN    take FIELD (medal, npc, event, sport, date,\n"
	"                        athlete, gender, team, gold, silver, bronze,\n"
	"                        total, rank) from COLUMN (medals, standings,\n"
	"                        medallists); event_gender=COLUMN: the gender\n"
	"                        column, the event's whatever it holds\n"
	"  --where COLUMN=VALUE  only rows where COLUMN is VALUE (!= for not);\n"
	"                        repeatable, all must hold (not for table,\n"
	"                        paris2024); VALUE A|B means A or B\n"
	"  --fix LINE=CODE       the NPC of the row at LINE of the file, for\n"
	"                        a row whose source lost it (LINE=- leaves\n"
	"                        the row out); repeatable (medals, standings,\n"
	"                        medallists)\n"
	"  --teams infer         medals, medallists, athlete-events: decide each\n"
	"                        event by the catalogue (data/events.tsv), else\n"
	"                        from its rows (team only when every medal\n"
	"                        names several athletes of its NPC; else a\n"
	"                        tie of two of one NPC is two medals), and\n"
	"                        say how many it took as team, individual,\n"
	"                        mixed and open; --teams file (the default)\n"
	"                        is each format's own rule.  See below for\n"
	"                        mixed and open events\n"
	"  --same A=B            take B as A: one team two ways (codes or\n"
	"                        names; ZZX=MIX ...); repeatable\n"
	"  --strict              refuse (exit 2) a medals or results file\n"
	"                        whose medals the rules change: see below\n"
	"  --replace             end the medals the Games holds from another\n"
	"                        source, and rank this one instead\n"
	"  --alternative         keep these medals apart, as the table\n"
	"                        GAMES@SOURCE, never added to GAMES (medals)\n"
	"\n"
	"A gender column is the event's when it is named so (event_gender,\n"
	"team_gender, --map event_gender=COLUMN) or holds X, O, Mixed or Open;\n"
	"an athlete's (Male, Female) splits no event.  A column of Men and\n"
	"Women alone may be the athletes' (one row per medallist): with --teams\n"
	"infer (medals, medallists), an event the catalogue knows to be mixed\n"
	"or open at that Games (by --games' year) is then one event, its men\n"
	"and women one team or one podium: names with Mixed (Mixed Doubles,\n"
	"Mixed Relay, Mixed Team) or Open (not judo's open category), figure\n"
	"skating's pairs, ice dance and team event, luge's team relay,\n"
	"equestrian since 1952, sailing's open classes (all to 1984, then the\n"
	"IOC's open ones to 2008), shooting 1968-1980 (skeet and trap to 1992).\n"
	"Its limits: an event the catalogue does not know keeps the file's\n"
	"genders, and so does an event whose men's rows and women's rows are\n"
	"each a whole podium and differ (a men's and a women's event of one\n"
	"name); a name the file gives without its gender word (tennis\n"
	"'Doubles') is the men's and the women's event, never the mixed one;\n"
	"figure skating's sport must be its discipline (--map sport=Discipline:\n"
	"'Figure skating', not 'Skating').\n"
	"\n"
	"The medals a medals or results file records go through each event's\n"
	"rule (two bronzes for judo, boxing, wrestling, taekwondo; the\n"
	"standard otherwise), as the table will count them; every recorded\n"
	"medal the rule drops or changes (four bronzes in one event, when two\n"
	"events share a name) is a warning naming its line, an error with\n"
	"--strict.\n"
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
