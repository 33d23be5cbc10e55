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

	if (argc < 2 || strcmp(argv[1], "show"))
		return cli_usage(&cmd_unit, N_("expected show"));
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--games") && i + 1 < argc) {
			if (pd_games_code(games, sizeof(games), argv[++i]))
				return cli_usage(&cmd_unit, N_("bad --games"));
		} else if (!strcmp(argv[i], "--lang") && i + 1 < argc) {
			if (!(lang = cli_lang(argv[++i])))
				return cli_usage(&cmd_unit, N_("--lang is zh, en or fr"));
		} else if (!strcmp(argv[i], "--format") && i + 1 < argc) {
			format = argv[++i];
			if (strcmp(format, "text") && strcmp(format, "json") &&
			    strcmp(format, "csv") && strcmp(format, "html"))
				return cli_usage(&cmd_unit, N_("--format is "
						 "text, json, csv or html"));
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
	return cli_output(strcmp(format, "text") ?
			  pd_op_unit_doc(s, games, rsc, format, lang, &out,
					 &d) :
			  pd_op_unit_show(s, games, rsc, lang, &out, &d),
			  &out, &d);
}

const struct cli_command cmd_unit = {
	"unit", run, "show one unit: its start list and results",
	"usage: podium unit show RSC --games G [--lang zh|en|fr]\n"
	"                        [--format text|json|csv|html]\n"
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
	"standalone page in --lang's words.\n",
};
