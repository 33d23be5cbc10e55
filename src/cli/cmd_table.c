/* cmd_table.c -- 'podium table': rank a Games' medals (or a published
 * table) and print the standings in one of the publishing formats. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "podium/doc.h"
#include "cli.h"

struct table_args {
	const char *ref, *lang, *format, *from;
	int all_games;
	int host_column, bom;	/* csv */
	struct pd_ref_opts ref_opts;
	struct pd_standings_opts opts;
};

static int option(int c, char *arg, void *ctx)
{
	struct table_args *a = ctx;
	struct pd_diag d = { "", 0, "" };
	const char *names;
	char *end;
	long top;

	switch (c) {
	case 'g':
		a->ref = arg;
		break;
	case 's':
		if (pd_scheme_parse(&a->opts.scheme, arg, &d) < 0)
			return cli_usage(&cmd_table, d.msg);
		break;
	case 'l':
		if (!(a->lang = cli_lang(arg)))
			return cli_usage(&cmd_table, N_("--lang is zh, "
						 "en or fr"));
		break;
	case 'f':
		a->format = arg;
		if (strcmp(arg, "odf") &&
		    !pd_render_lookup(arg, &names)) {
			fprintf(stderr, "podium table: unknown format "
				"'%s': use %s|odf\n", cli_text(arg), names);
			return EXIT_USAGE;
		}
		break;
	case 't':
		top = strtol(arg, &end, 10);
		if (*end || top < 1 || top > 100000)
			return cli_usage(&cmd_table, N_("--top takes a "
					 "number from 1"));
		a->opts.top = (size_t)top;
		break;
	case 'p':
		a->ref_opts.sport = arg;
		break;
	case 'a':
		a->ref_opts.as_of = arg;
		break;
	case 'W':
		a->ref_opts.gender = arg;
		break;
	case 'T':
		a->ref_opts.through = arg;
		break;
	case 'N':
		a->ref_opts.npc = arg;
		break;
	case 'u':
		a->ref_opts.include_unofficial = 1;
		break;
	case 'A':
		a->all_games = 1;
		break;
	case 'F':
		a->from = arg;
		break;
	case 'H':
		a->host_column = 1;
		break;
	case 'B':
		a->bom = 1;
		break;
	}
	return 0;
}

static int parse_args(struct table_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "scheme", required_argument, NULL, 's' },
		{ "lang", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "top", required_argument, NULL, 't' },
		{ "sport", required_argument, NULL, 'p' },
		{ "as-of", required_argument, NULL, 'a' },
		{ "gender", required_argument, NULL, 'W' },
		{ "through", required_argument, NULL, 'T' },
		{ "npc", required_argument, NULL, 'N' },
		{ "include-unofficial", no_argument, NULL, 'u' },
		{ "all-games", no_argument, NULL, 'A' },
		{ "from", required_argument, NULL, 'F' },
		{ "host-column", no_argument, NULL, 'H' },
		{ "bom", no_argument, NULL, 'B' },
		{ NULL, 0, NULL, 0 },
	};
	int ret;

	if ((ret = cli_options(&cmd_table, argc, argv, longopts, option, a)))
		return ret;
	if (optind < argc)
		return cli_usage(&cmd_table, N_("unexpected argument"));
	if (a->all_games && !strcmp(a->format, "html"))
		return cli_usage(&cmd_table,
				 N_("--all-games makes one document "
				 "per Games; html is one page: name a Games"));
	if (a->all_games && a->ref && strchr(a->ref, '@'))
		return cli_usage(&cmd_table,
				 N_("--all-games takes no --games"));
	if ((a->host_column || a->bom) && strcmp(a->format, "csv"))
		return cli_usage(&cmd_table,
				 N_("--host-column and --bom are for "
				 "--format csv"));
	if (!strcmp(a->format, "odf") && (a->all_games || a->from ||
					   a->opts.top))
		return cli_usage(&cmd_table, N_("--format odf is one Games' "
				 "whole table: no --all-games, --from or "
				 "--top"));
	if (a->from && (a->ref_opts.gender || a->ref_opts.through ||
			a->ref_opts.npc))
		return cli_usage(&cmd_table, N_("--from reads a file: "
				 "--gender, --through and --npc need a "
				 "store"));
	if (a->from && (a->ref_opts.as_of || a->ref_opts.include_unofficial ||
			a->ref_opts.sport))
		return cli_usage(&cmd_table, N_("--from reads a file: --as-of, "
				 "--sport and --include-unofficial need a "
				 "store"));
	return 0;
}

/* Without --games, the one Games in the store, if there is just one. */
static int only_games(struct cli *cli, char *out, size_t size)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games *v;
	struct pd_store *s;
	size_t n, i;
	int ret, code = 0;

	if (!(s = cli_store(cli, &code)))
		return code;
	if ((ret = pd_store_games_list(s, &v, &n, &d)) < 0)
		return cli_fail(ret, &d);
	if (n == 1)
		snprintf(out, size, "%s", v[0].code);
	else if (n == 0)
		cli_error(N_("no Games in %s: try 'podium init'"),
			  cli->db_path);
	else
		for (i = 0, cli_error(N_("several Games in %s: name one with "
				      "--games CODE[@SOURCE]:"), cli->db_path);
		     i < n; i++)
			fprintf(stderr, "  %s\t%s\n", v[i].code, v[i].name_en);
	pd_games_list_free(v, n);
	return n == 1 ? 0 : EXIT_USAGE;
}

/* Append one table to out; block is its place among several (--all-games):
 * csv prints the header once, json makes an array. */
static int render(struct cli *cli, struct table_args *a,
		  const struct pd_ref *r, struct pd_buf *out, size_t block)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_standings_opts opts = a->opts;
	struct pd_view_note *notes = NULL;
	struct pd_standings st;
	struct pd_strings pool;
	struct pd_view v;
	char caption[512];
	int ret;

	pd_strings_init(&pool);
	if (r->have_info && r->info.host[0])
		opts.host = r->info.host;
	if ((ret = pd_standings_build(&st, &r->tally, &opts, &d)) < 0)
		return cli_fail(ret, &d);
	pd_caption(caption, sizeof(caption), r->have_info ? &r->info : NULL,
		   r->label, r->have_pub ? &r->pub : NULL, a->lang,
		   r->sport[0] ? r->sport : a->ref_opts.sport);
	memset(&v, 0, sizeof(v));
	v.st = &st;
	v.reg = cli_registry(cli);
	v.lang = a->lang;
	v.caption = caption;
	v.games = r->games[0] ? r->games : r->label;
	v.source = r->have_pub ? (r->source[0] ? r->source : r->label) : NULL;
	v.host = opts.host;
	v.sport = r->sport[0] ? r->sport : a->ref_opts.sport;
	v.use_printed = r->have_pub && !strcmp(r->pub.lang, a->lang);
	v.color = !strcmp(a->format, "text") && isatty(1) &&
		  !(getenv("NO_COLOR") && *getenv("NO_COLOR"));
	v.games_column = a->all_games;
	v.no_header = block > 0;
	v.host_column = a->host_column;
	v.bom = a->bom;
	if (r->have_cover) {
		v.events_done = r->cover.done;
		v.events_known = r->cover.known;
	}
	/* a published table is as printed; a computed one notes its
	 * sanctions */
	if (!strcmp(a->format, "wikitext") && !r->have_pub && r->have_info &&
	    cli->store && (ret = pd_doc_table_notes(cli->store, r->games,
						     &notes, &v.nnotes, &pool,
						     &d)) < 0)
		goto cleanup;
	v.notes = notes;
	if (!strcmp(a->format, "odf")) {
		ret = pd_doc_odf_medals(out, cli->store, r, &a->ref_opts, &d);
		goto cleanup;
	}
	if (a->all_games && !strcmp(a->format, "json"))
		ret = pd_buf_adds(out, block ? "," : "[");
	else if (block && strcmp(a->format, "csv"))
		ret = pd_buf_addc(out, '\n');
	if (ret == 0)
		ret = pd_render_lookup(a->format, NULL)(out, &v);
cleanup:
	free(notes);
	pd_strings_release(&pool);
	pd_standings_release(&st);
	return ret < 0 ? cli_fail(ret, &d) : 0;
}

static int finish(struct table_args *a, struct pd_buf *out, size_t blocks)
{
	int ret = 0;

	if (a->all_games && !strcmp(a->format, "json"))
		ret = pd_buf_adds(out, blocks ? "]\n" : "[]\n");
	if (ret == 0)
		ret = cli_write(out);
	pd_buf_release(out);
	return ret;
}

/* The sports a Games has, on one line, for a --sport that matched none
 * (in any case, with or without "Para ", nor by its Chinese name). */
static void list_sports(struct cli *cli, const char *games)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_strings l;
	char *v;

	if (!cli->store || pd_store_sports(cli->store, games, &l, &d) < 0)
		return;
	if ((v = pd_strings_join(&l, ",")) && *v)
		fprintf(stderr, "podium: its sports: %s\n", v);
	free(v);
	pd_strings_release(&l);
}

static void notes(struct cli *cli, const struct table_args *a,
		  const struct pd_ref *r)
{
	const char *sport = a->ref_opts.sport;
	char cover[160];

	if (r->as_of)
		fprintf(stderr, "podium: %s as of version %ld\n",
			cli_text(r->games), r->as_of);
	if (r->by_default) {
		pd_cover_text(cover, sizeof(cover), &r->cover,
			      cli_msg_lang());
		cli_error(N_("%s is shown as published (%s) until its results "
			  "are complete: %s; %s@results ranks them"), r->games,
			  r->label, cover, r->games);
	}
	if (!r->have_pub && r->tally.n == 0 && !a->all_games)
		fprintf(stderr, "podium: %s has no medals%s%s%s\n",
			cli_text(r->label), sport ? " in " : "",
			sport ? cli_text(sport) : "", sport ? "" :
			" yet (a published table is GAMES@SOURCE; see "
			"'podium games')");
	if (!r->have_pub && r->tally.n == 0 && sport)
		list_sports(cli, r->games);
}

/* --all-games on the store: every Games, computed from its results. */
static int run_all(struct cli *cli, struct table_args *a)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games *v = NULL;
	struct pd_store *s;
	struct pd_buf out;
	struct pd_ref r;
	size_t n = 0, i;
	int ret = 0, code = 0;

	if (!(s = cli_store(cli, &code)))
		return code;
	if ((ret = pd_store_games_list(s, &v, &n, &d)) < 0)
		return cli_fail(ret, &d);
	pd_buf_init(&out, 0);
	for (i = 0; i < n && ret == 0; i++) {
		if ((ret = cli_ref_load(cli, v[i].code, &a->ref_opts, &r)) == 0)
			ret = render(cli, a, &r, &out, i);
		pd_ref_release(&r);
	}
	pd_games_list_free(v, n);
	if (ret) {
		pd_buf_release(&out);
		return ret;
	}
	return finish(a, &out, n);
}

/* --from FILE: the tables an athlete_events.csv gives, without a store. */
static int run_from(struct cli *cli, struct table_args *a)
{
	struct pd_diag d = { "", 0, "" };
	char only[PD_GAMES_CODE] = "";
	struct pd_ref *v = NULL;
	struct pd_buf out;
	size_t n = 0, i;
	int ret;

	if (a->ref && pd_games_code(only, sizeof(only), a->ref))
		return cli_usage(&cmd_table, N_("bad --games"));
	if (!a->ref && !a->all_games)
		return cli_usage(&cmd_table, N_("--from needs --games CODE or "
				 "--all-games"));
	if ((ret = pd_refs_athlete_events(a->from, cli_registry(cli),
					  only[0] ? only : NULL, &v, &n,
					  &d)) < 0)
		return cli_fail(ret, &d);
	pd_buf_init(&out, 0);
	for (i = 0; i < n && ret == 0; i++)
		ret = render(cli, a, &v[i], &out, i);
	pd_refs_free(v, n);
	if (ret) {
		pd_buf_release(&out);
		return ret;
	}
	return finish(a, &out, n);
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct table_args a;
	struct pd_buf out;
	struct pd_ref r;
	char games[PD_GAMES_CODE];
	int ret;

	memset(&a, 0, sizeof(a));
	a.ref_opts.default_table = 1;
	a.format = "text";
	a.lang = cli_default_lang();
	if ((ret = parse_args(&a, argc, argv)))
		return ret;
	if (a.from)
		return run_from(cli, &a);
	if (a.all_games)
		return run_all(cli, &a);
	if (!a.ref) {
		if ((ret = only_games(cli, games, sizeof(games))))
			return ret;
		a.ref = games;
	}
	if ((ret = cli_ref_load(cli, a.ref, &a.ref_opts, &r)) == 0) {
		notes(cli, &a, &r);
		pd_buf_init(&out, 0);
		if ((ret = render(cli, &a, &r, &out, 0)) == 0)
			ret = finish(&a, &out, 1);
		else
			pd_buf_release(&out);
	}
	pd_ref_release(&r);
	return ret;
}

const struct cli_command cmd_table = {
	"table", run, "print a medal table",
	"usage: podium table [--games REF] [--scheme SCHEME] [--lang zh|en|fr]\n"
	"                    [--format FORMAT] [--top N] [--sport SPORT]\n"
	"                    [--as-of VERSION|DATE] [--include-unofficial]\n"
	"                    [--gender M|W|X|O] [--through DATE] [--npc NPC]\n"
	"       podium table --all-games [--format FORMAT] ...\n"
	"       podium table --from ATHLETE_EVENTS.csv (--games CODE | --all-games)\n"
	"\n"
	"REF is GAMES, GAMES@SOURCE (a published table as imported),\n"
	"GAMES@results (ranked from its results) or a table file.  GAMES is\n"
	"its table from results, unless it has a published table and its\n"
	"results do not yet cover the events that table awards (one gold an\n"
	"event): then the published one, with a note on stderr such as\n"
	"'results for 1 of 519 events'.  --sport, --as-of,\n"
	"--include-unofficial, --gender, --through and --npc always rank the\n"
	"results (on GAMES@SOURCE they are refused, exit 2).  Without\n"
	"--games, the one Games in the store.\n"
	"\n"
	"  --scheme gold         gold, then silver, then bronze (default); rows\n"
	"                        equal in all three share the rank\n"
	"  --scheme total        total, then gold, silver, bronze\n"
	"  --scheme points=3,2,1\n"
	"                        weighted points (any weights)\n"
	"  --lang zh|en|fr       names and headings (default from $LANG)\n"
	"  --host-column, --bom  csv: a last column host (1 on the host's row);\n"
	"                        a UTF-8 byte order mark first, for the\n"
	"                        spreadsheets that need one\n"
	"  --format FORMAT       text (default), plain, csv, json, markdown,\n"
	"                        wikitext, html, odf (an ODF DT_MEDALS\n"
	"                        message: docs/ODF.md)\n"
	"  --top N               the first N ranks, a 'remaining' row and the\n"
	"                        totals (csv: those two with rank and npc\n"
	"                        empty)\n"
	"  --sport SPORT         only the medals of one sport (any case, with\n"
	"                        or without Para, or its Chinese name: 游泳)\n"
	"  --as-of VERSION|DATE  the table as it stood at a version ('podium\n"
	"                        log') or at the end of a date (UTC)\n"
	"  --gender M|W|X|O      only the medals of men's, women's, mixed or\n"
	"                        open events: the four add up to the whole\n"
	"  --through DATE        the table through a day (2024-08-04), by when\n"
	"                        each medal was decided: the end of the unit\n"
	"                        that awarded it in the Games' time zone where\n"
	"                        the Games has units, else its event's date\n"
	"  --npc NPC             only the medals of one NPC\n"
	"  --include-unofficial  count every event with results, not only the\n"
	"                        official ones: the live picture\n"
	"  --all-games           every Games in the store, one after another\n"
	"                        (csv: one header, a leading games column)\n"
	"  --from FILE           read a Kaggle athlete_events.csv (or .gz)\n"
	"                        directly, without the store: the same tables\n"
	"                        'podium import athlete-events' would give\n"
	"\n"
	"Ranks are competition ranks (1, 2, 2, 4).  Colour only on a terminal\n"
	"and never when NO_COLOR is set.\n",
};
