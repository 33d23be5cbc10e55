/* cmd_medallists.c -- 'podium medallists': a Games' most decorated
 * competitors, ranked from the derived medals. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/doc.h"
#include "podium/filter_ops.h"
#include "podium/stats.h"
#include "cli.h"

struct args {
	char games[PD_GAMES_CODE];
	const char *lang;
	size_t top;
	int odf;	/* --format odf: a DT_MEDALLISTS message */
	int json;	/* --format json: GET .../medallists' document */
	const char *sport, *gender, *through, *npc, *date;
};

static int option(int c, char *arg, void *ctx)
{
	struct args *a = ctx;
	char *end;
	long top;

	switch (c) {
	case 'g':
		if (pd_games_code(a->games, sizeof(a->games),
				  arg) < 0)
			return cli_usage(&cmd_medallists, N_("--games "
					 "takes a code such as PG2024"));
		break;
	case 't':
		top = strtol(arg, &end, 10);
		if (!*arg || *end || top < 1 || top > 100000)
			return cli_usage(&cmd_medallists, N_("--top takes "
					 "a number from 1"));
		a->top = (size_t)top;
		break;
	case 'l':
		if (!(a->lang = cli_lang(arg)))
			return cli_usage(&cmd_medallists, N_("--lang is zh, "
						 "en or fr"));
		break;
	case 'f':
		if (strcmp(arg, "text") && strcmp(arg, "odf") &&
		    strcmp(arg, "json"))
			return cli_usage(&cmd_medallists, N_("--format "
					 "is text, json or odf"));
		a->odf = !strcmp(arg, "odf");
		a->json = !strcmp(arg, "json");
		break;
	case 'p': a->sport = arg; break;
	case 'W': a->gender = arg; break;
	case 'T': a->through = arg; break;
	case 'N': a->npc = arg; break;
	case 'D': a->date = arg; break;
	}
	return 0;
}

static int parse_args(struct args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "top", required_argument, NULL, 't' },
		{ "lang", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "sport", required_argument, NULL, 'p' },
		{ "gender", required_argument, NULL, 'W' },
		{ "through", required_argument, NULL, 'T' },
		{ "npc", required_argument, NULL, 'N' },
		{ "date", required_argument, NULL, 'D' },
		{ NULL, 0, NULL, 0 },
	};
	int ret;

	if ((ret = cli_options(&cmd_medallists, argc, argv, longopts, option,
			       a)))
		return ret;
	if (optind < argc)
		return cli_usage(&cmd_medallists, N_("unexpected argument"));
	if (!a->games[0])
		return cli_usage(&cmd_medallists, N_("--games is required"));
	if (!a->json && (a->sport || a->gender || a->through || a->npc ||
			 a->date))
		return cli_usage(&cmd_medallists, N_("--sport, --gender, "
				 "--through, --npc and --date are for "
				 "--format json"));
	return 0;
}

/* Each column is padded by terminal columns, so that zh headings line up
 * with the numbers under them. */
static int add_row(struct pd_buf *b, const char *const cells[7],
		   const int width[7])
{
	int i, err = 0;

	for (i = 0; i < 7; i++) {
		err |= pd_buf_adds(b, i == 0 ? "" : i < 4 ? "  " : " ") < 0;
		err |= pd_buf_addpad(b, cells[i], width[i],
				     i == 0 || i > 2) < 0;
	}
	err |= pd_buf_addc(b, '\n') < 0;
	return err ? PD_ETOOBIG : 0;
}

/* A team is one event's: its name alone would list "China" once per
 * relay, so the event goes with it. */
static const char *shown(const struct pd_medallist *r, char *buf, size_t size)
{
	if (!r->event)
		return cli_text(r->name);
	snprintf(buf, size, "%s (%s)", cli_text(r->name), cli_text(r->event));
	return buf;
}

static int print_rows(const struct pd_medallists *m, size_t n,
		      const char *lang, const char *caption)
{
	const struct pd_labels *L = pd_labels(lang);
	const char *head[7] = { L->rank, pd_word(lang, N_("Name")),
				L->npc, L->gold, L->silver, L->bronze,
				L->total };
	char num[5][24], name[256];
	const char *cells[7] = { num[0], NULL, NULL, num[1], num[2], num[3],
				 num[4] };
	int width[7], ret = 0, i;
	struct pd_diag d = { "", 0, "" };
	struct pd_buf b;
	size_t k;

	for (i = 0; i < 7; i++)
		width[i] = pd_buf_columns(head[i]) > 4 || i < 3 ?
			   pd_buf_columns(head[i]) : 4;
	for (k = 0; k < n; k++)
		if ((i = pd_buf_columns(shown(&m->v[k], name,
					      sizeof(name)))) > width[1])
			width[1] = i;
	pd_buf_init(&b, 0);
	if (pd_buf_addf(&b, "%s\n", cli_text(caption)) < 0 ||
	    add_row(&b, head, width) < 0)
		ret = PD_ETOOBIG;
	for (k = 0; k < n && ret == 0; k++) {
		const struct pd_medallist *r = &m->v[k];

		snprintf(num[0], sizeof(num[0]), "%ld", r->rank);
		for (i = 0; i < 3; i++)
			snprintf(num[i + 1], sizeof(num[i + 1]), "%ld",
				 r->medals[i]);
		snprintf(num[4], sizeof(num[4]), "%ld", r->total);
		cells[1] = shown(r, name, sizeof(name));
		cells[2] = cli_text(r->npc);
		ret = add_row(&b, cells, width);
	}
	return cli_output(ret, &b, &d);
}

/* Every medal, event by event, as ODF: --top ranks people, which a
 * medallists message does not. */
static int run_odf(struct pd_store *s, struct cli *cli, const char *games)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_buf b;
	int ret;

	pd_buf_init(&b, 0);
	ret = pd_doc_odf_medallists(&b, s, games, cli_registry(cli), &d);
	return cli_output(ret, &b, &d);
}

/* The medals under the filters, in the order they were decided, unit by
 * unit (and with --date the table at the end of that day): GET
 * /api/games/{code}/medallists' document. */
static int run_json(struct pd_store *s, const struct args *a)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_filter f;
	struct pd_games g;
	struct pd_buf b;
	int ret = 0;

	memset(&f, 0, sizeof(f));
	if (a->gender)
		ret = pd_filter_gender(&f, a->gender, "--gender", &d);
	if (ret == 0 && a->through)
		ret = pd_filter_date(f.through, a->through, "--through", &d);
	if (ret == 0 && a->npc)
		ret = pd_filter_npc(&f, a->npc, "--npc", &d);
	if (ret == 0 && a->date)
		ret = pd_filter_date(f.day, a->date, "--date", &d);
	if (ret == 0 && (ret = pd_store_games_get(s, a->games, &g, &d)) == 0) {
		pd_buf_init(&b, 0);
		ret = pd_doc_medallists(&b, s, a->games, g.version, a->sport,
					&f, PD_DOC_PRETTY, &d);
		pd_games_release(&g);
		return cli_output(ret, &b, &d);
	}
	return cli_fail(ret, &d);
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_medallists m;
	struct pd_query q;
	struct pd_games g;
	struct pd_store *s;
	struct args a;
	char caption[256];
	int ret, code = 0;

	memset(&a, 0, sizeof(a));
	a.lang = cli_default_lang();
	a.top = 10;
	if ((ret = parse_args(&a, argc, argv)))
		return ret;
	if (!(s = cli_store(cli, &code)))
		return code;
	if (a.odf)
		return run_odf(s, cli, a.games);
	if (a.json)
		return run_json(s, &a);
	if ((ret = pd_store_games_get(s, a.games, &g, &d)) < 0)
		return cli_fail(ret, &d);
	memset(&q, 0, sizeof(q));
	q.games = a.games;
	if ((ret = pd_store_medallists(s, &q, cli_registry(cli), &m,
				       &d)) < 0) {
		pd_games_release(&g);
		return cli_fail(ret, &d);
	}
	snprintf(caption, sizeof(caption),
		 pd_word(a.lang, N_("%s: most decorated")),
		 !strcmp(a.lang, "zh") ? (*g.name_zh ? g.name_zh : g.code) :
		 *g.name_en ? g.name_en : g.code);
	if (m.n == 0) {
		if (!cli_why_no_results(cli, a.games, N_("medallists")))
			cli_error(N_("%s has no medals yet"), a.games);
		ret = EXIT_OK;
	} else {
		ret = print_rows(&m, pd_medallists_top(&m, a.top), a.lang,
				 caption);
	}
	pd_medallists_release(&m);
	pd_games_release(&g);
	return ret;
}

const struct cli_command cmd_medallists = {
	"medallists", run, "list a Games' most decorated competitors",
	"usage: podium medallists --games GAMES [--top N] [--lang zh|en|fr]\n"
	"       podium medallists --games GAMES --format odf\n"
	"       podium medallists --games GAMES --format json [--sport S]\n"
	"                         [--gender M|W|X|O] [--through DATE]\n"
	"                         [--npc NPC] [--date DATE]\n"
	"\n"
	"Ranks everyone who won a medal at GAMES by gold, then silver, then\n"
	"bronze; competitors equal in all three share the rank and are listed\n"
	"by name.  A team medal counts for each member when the team's\n"
	"members are known, and for the team otherwise (a team listed under\n"
	"its country's name is that event's team).  Medals are derived from\n"
	"the results, as in 'podium table'.\n"
	"\n"
	"  --top N        the first N ranks, all rows tied at rank N included\n"
	"                 (default 10)\n"
	"  --lang zh|en|fr\n"
	"                 headings (default from $LANG)\n"
	"  --format odf   every medal, event by event, as an ODF\n"
	"                 DT_MEDALLISTS message (docs/ODF.md)\n"
	"  --format json  every medal in the order it was decided, unit by\n"
	"                 unit, as GET /api/games/GAMES/medallists sends it\n"
	"                 (docs/API.md), under the filters of 'podium table'\n"
	"                 (--sport, --gender, --through, --npc); --date DATE\n"
	"                 the medals decided that day, and the table as it\n"
	"                 stood at its end\n",
};
