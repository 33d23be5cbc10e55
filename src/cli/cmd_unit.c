/* cmd_unit.c -- 'podium unit show RSC --games G': one unit, its start
 * list and results with their qualification marks, as text or as the
 * unit document (units_ops.h). */
#include <string.h>

#include "podium/units_ops.h"
#include "cli.h"

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	char games[PD_GAMES_CODE] = "";
	const char *rsc = NULL, *lang = "en", *format = "text";
	struct pd_store *s;
	struct pd_buf out;
	int i, code;

	if (argc >= 2 && (!strcmp(argv[1], "start-list") ||
			  !strcmp(argv[1], "result") ||
			  !strcmp(argv[1], "status") ||
			  !strcmp(argv[1], "qualify")))
		return cli_unit_write(cli, &cmd_unit, argc, argv);
	if (argc < 2 || strcmp(argv[1], "show"))
		return cli_usage(&cmd_unit, N_("expected show, start-list, "
				 "result, status or qualify"));
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--games") && i + 1 < argc) {
			if (pd_games_code(games, sizeof(games), argv[++i]))
				return cli_usage(&cmd_unit, N_("bad --games"));
		} else if (!strcmp(argv[i], "--lang") && i + 1 < argc) {
			if (!(lang = cli_lang(argv[++i])))
				return cli_usage(&cmd_unit, N_("--lang is zh, en or fr"));
		} else if (!strcmp(argv[i], "--format") && i + 1 < argc) {
			format = argv[++i];
			if (strcmp(format, "text") && strcmp(format, "odf") &&
			    strcmp(format, "json") && strcmp(format, "csv") &&
			    strcmp(format, "html"))
				return cli_usage(&cmd_unit, N_("--format is "
						 "text, json, csv, html or "
						 "odf"));
		} else if (!rsc && argv[i][0] != '-') {
			rsc = argv[i];
		} else {
			return cli_usage(&cmd_unit, N_("unexpected argument"));
		}
	}
	if (!rsc || strlen(rsc) != 34)
		return cli_usage(&cmd_unit, N_("expected a results code of 34 "
				 "characters"));
	if (!games[0])
		return cli_usage(&cmd_unit, N_("--games is required"));
	if ((code = cli_store_games(cli, games)) != 0)
		return code;
	if (!(s = cli_store(cli, &code)))
		return code;
	pd_buf_init(&out, 0);
	return cli_output(!strcmp(format, "odf") ?
			  pd_doc_odf_unit(&out, s, games, rsc, &d) :
			  strcmp(format, "text") ?
			  pd_op_unit_doc(s, games, rsc, format, lang, &out,
					 &d) :
			  pd_op_unit_show(s, games, rsc, lang, &out, &d),
			  &out, &d);
}

const struct cli_command cmd_unit = {
	"unit", run, "show a unit, or write its start list, results and status",
	"usage: podium unit show RSC --games G [--lang zh|en|fr]\n"
	"                        [--format text|json|csv|html|odf]\n"
	"       podium unit start-list RSC --games G (--file LIST.csv | --from PHASE)\n"
	"                [--reason R]\n"
	"       podium unit result RSC --games G --participant CODE [--rank N|-]\n"
	"                [--mark M] [--type T] [--irm IRM] [--diff D] [--wlt W|L|T]\n"
	"                [--qualification Q] [--reason R]\n"
	"       podium unit status RSC --games G --to STATUS [--reason R]\n"
	"       podium unit qualify PHASE --games G [--reason R]\n"
	"\n"
	"RSC is the unit's ODF results code, 34 characters, as 'podium\n"
	"schedule' and 'podium medals' print it.  Shows its kind (unit,\n"
	"sub-unit, phase or event standing), discipline, event and name, its\n"
	"local day and start, venue, status and medal role, then a line per\n"
	"participant: rank, start order, bib, name, NPC, result and its type,\n"
	"IRM, difference, W/L/T and qualification mark (Q, q ...).  A code\n"
	"the Games has no unit of is an error (exit 2).\n"
	"\n"
	"--format json prints the unit document, the same bytes as GET\n"
	"/api/games/G/units/RSC at the same version (docs/API.md): names,\n"
	"start and end in UTC and at the unit's zone, venue, status, medal\n"
	"role, start list, results (ties marked) and the medals the unit\n"
	"decides, provisional until it is official.  csv is a line a\n"
	"participant of the start list with its result and medal; html a\n"
	"standalone page in --lang's words.  odf writes the unit's ODF\n"
	"DT_RESULT (docs/ODF.md): its DocumentCode the results code, a Result\n"
	"per participant in the order kept, with Rank, Result and ResultType,\n"
	"IRM, Diff, QualificationMark, WLT, StartOrder and Bib.\n"
	"\n"
	"start-list makes LIST.csv the unit's start list: a header naming\n"
	"participant, name and npc, and as needed order (or lane) and bib; a\n"
	"participant listed already keeps their result, one left out is taken\n"
	"off.  result sets one participant's result field by field (what is\n"
	"not given is kept; - takes a field off): rank, mark and its type\n"
	"(TIME, DISTANCE, POINTS, SCORE, SETS, WEIGHT, PERCENT, STROKES, RANK,\n"
	"IRM, IRM_POINTS, IRM_TIME, IRM_RANK, RM, FAULT, NO_SCORE: ODF's), IRM,\n"
	"difference, W/L/T and qualification mark (Q, q, Q1/8, SA/B ...).\n"
	"status moves the unit: scheduled, delayed, running, interrupted,\n"
	"unofficial, official, cancelled, postponed, rescheduled; a move the\n"
	"unit cannot make (an official unit back to running) is refused with\n"
	"the moves it can, and an official unit moved back needs --reason.\n"
	"Each write is one change: the Games' version goes up and 'podium log'\n"
	"keeps every field changed.\n"
	"An official unit takes no results or start list until it is moved\n"
	"back to unofficial.\n"
	"\n"
	"qualify proposes the qualifiers of a phase of heats that ran (PHASE is\n"
	"its units' first 26 characters: event and phase, as\n"
	"ATHM100M--------------RND1) by the rule for its event, phase and\n"
	"number of heats in data/qualification_rules.tsv: Q to the first of each\n"
	"heat by place, q to the next fastest; the operator may change any mark\n"
	"(unit result --qualification) before making the heats official.\n"
	"start-list --from PHASE then makes the unit's start list from that\n"
	"phase's qualifiers once every heat is official: Q by place then time,\n"
	"then q by time, lanes drawn by lot in the rule's groups (World\n"
	"Athletics: the four best ranked in lanes 3 to 6, the next two in 2 and\n"
	"7, the last two in 1 and 8), the lot seeded by the unit's code.\n",
};
