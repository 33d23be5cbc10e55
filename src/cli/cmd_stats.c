/* cmd_stats.c -- 'podium stats': a Games' figures (athletes, women, NPCs,
 * events per sport, records, sanctions, medal-winning NPCs) as text or
 * JSON.  A figure the data cannot give is printed as unknown, never 0. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/doc.h"
#include "podium/stats.h"
#include "cli.h"

struct args {
	char games[PD_GAMES_CODE];
	const char *format;
};

static int option(int c, char *arg, void *ctx)
{
	struct args *a = ctx;

	switch (c) {
	case 'g':
		if (pd_games_code(a->games, sizeof(a->games), arg) < 0)
			return cli_usage(&cmd_stats, "--games takes a "
					 "code such as PG2024");
		break;
	case 'f':
		if (strcmp(arg, "text") && strcmp(arg, "json"))
			return cli_usage(&cmd_stats, "--format is text "
					 "or json");
		a->format = arg;
		break;
	}
	return 0;
}

static int parse_args(struct args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "format", required_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 },
	};
	int ret;

	if ((ret = cli_options(&cmd_stats, argc, argv, longopts, option, a)))
		return ret;
	if (optind < argc)
		return cli_usage(&cmd_stats, "unexpected argument");
	if (!a->games[0])
		return cli_usage(&cmd_stats, "--games is required");
	return 0;
}

#define LINE(b, label, ...) \
	(pd_buf_addf(b, "%-19s", label) < 0 || pd_buf_addf(b, __VA_ARGS__) < 0)

/* Athletes with a result are those who took part only when the store
 * holds more than medal placings; else they are the medallists. */
static int text_people(struct pd_buf *b, const struct pd_games_stats *st)
{
	long share = pd_share_tenths(st->women, st->athletes);
	int err = 0;

	if (st->athletes == 0)
		err |= LINE(b, "athletes", "unknown (no athlete data)\n");
	else if (!st->participation_known)
		err |= LINE(b, "athletes", "unknown (only medal placings in "
			    "the store)\n") ||
		       LINE(b, "medallists", "%ld\n", st->athletes);
	else
		err |= LINE(b, "athletes", "%ld\n", st->athletes);
	if (st->athletes)
		err |= LINE(b, "  women", "%ld (%ld.%ld%%)\n", st->women,
			    share / 10, share % 10);
	if (st->athletes && st->gender_unknown)
		err |= LINE(b, "  gender unknown", "%ld\n",
			    st->gender_unknown);
	if (st->participation_known)
		err |= LINE(b, "NPCs taking part", "%ld\n", st->npcs);
	else
		err |= LINE(b, "NPCs taking part", "unknown (%s)\n",
			    st->results ? "only medal placings in the store" :
			    "no results in the store");
	return err;
}

static int text(const struct pd_games *g, const struct pd_games_stats *st,
		const struct pd_registry *reg, struct pd_buf *b)
{
	const struct pd_npc *host = g->host[0] ? pd_registry_code(reg, g->host)
					       : NULL;
	const long *m = st->medals;
	size_t i;
	int err = 0;

	err |= pd_buf_addf(b, "%s  %s\n", g->code, cli_text(g->name_en)) < 0;
	if (*g->start)
		err |= LINE(b, "dates", "%s to %s\n", g->start, g->end);
	if (g->host[0])
		err |= LINE(b, "host", "%s %s\n", g->host,
			    host ? host->en : "");
	err |= text_people(b, st);
	if (st->results == 0) {
		err |= LINE(b, "medals", "unknown (no results in the "
			    "store)\n");
	} else {
		err |= LINE(b, "NPCs with a medal", "%ld\n", st->npcs_medal);
		err |= LINE(b, "NPCs with a gold", "%ld\n", st->npcs_gold);
		err |= LINE(b, "medals", "%ld gold, %ld silver, %ld bronze: "
			    "%ld\n", m[0], m[1], m[2], m[0] + m[1] + m[2]);
	}
	err |= LINE(b, "events", "%ld in %zu sport%s\n", st->events,
		    st->sports.n, st->sports.n == 1 ? "" : "s");
	for (i = 0; i < st->sports.n; i++)
		err |= pd_buf_addf(b, "  %-27s %5ld\n",
				   cli_text(st->sports.rows[i].key),
				   st->sports.rows[i].n[0]) < 0;
	if (st->records == 0)
		err |= LINE(b, "records", "none flagged in the results\n");
	else
		err |= LINE(b, "records", "%ld results\n", st->records);
	for (i = 0; i < st->record_types.n; i++)
		err |= pd_buf_addf(b, "  %-27s %5ld\n",
				   cli_text(st->record_types.rows[i].key),
				   st->record_types.rows[i].n[0]) < 0;
	err |= LINE(b, "sanctions in force", "%ld", st->sanctions);
	if (st->sanctions)
		err |= pd_buf_addf(b, " (%ld reallocate, %ld vacate)",
				   st->sanctions_reallocate,
				   st->sanctions_vacate) < 0;
	err |= pd_buf_addc(b, '\n') < 0;
	return err ? PD_ETOOBIG : 0;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games_stats st;
	struct args a = { "", "text" };
	struct pd_games g;
	struct pd_buf b;
	int ret, code = 0;

	if ((ret = parse_args(&a, argc, argv)))
		return ret;
	if (!cli_store(cli, &code))
		return code;
	if ((ret = pd_store_games_get(cli->store, a.games, &g, &d)) < 0)
		return cli_fail(ret, &d);
	if ((ret = pd_store_games_stats(cli->store, a.games, &st, &d)) < 0) {
		pd_games_release(&g);
		return cli_fail(ret, &d);
	}
	pd_buf_init(&b, 0);
	ret = strcmp(a.format, "json") ? text(&g, &st, cli_registry(cli), &b)
				      : pd_doc_stats(&b, &g, g.version, &st,
						     PD_DOC_PRETTY);
	ret = cli_output(ret, &b, &d);
	pd_games_stats_release(&st);
	pd_games_release(&g);
	return ret;
}

const struct cli_command cmd_stats = {
	"stats", run, "show a Games' figures: athletes, NPCs, events, records",
	"usage: podium stats --games GAMES [--format text|json]\n"
	"\n"
	"Prints what the data says about GAMES: its dates and host; the\n"
	"athletes with a result (alone or in a team), the women among them\n"
	"and their share; the NPCs taking part, those with a medal and those\n"
	"with a gold; the medals; the events of each sport; the results that\n"
	"set a record, by record type (WR, PR ...); the sanctions in force.\n"
	"\n"
	"Medal figures are derived from the results, as in 'podium table'.\n"
	"A figure the data cannot give is 'unknown' in text, never 0:\n"
	"athletes without athlete data; athletes and NPCs taking part when\n"
	"the store holds only medal placings (a medals import lists only the\n"
	"winners) -- then the athletes known are the medallists, counted as\n"
	"such.\n"
	"\n"
	"  --format text|json   text (default) or one JSON object, the same\n"
	"                       document as GET /api/games/GAMES/stats (its\n"
	"                       participation_known false: athletes and npcs\n"
	"                       count medallists only; results 0: no medal\n"
	"                       figures)\n",
};
