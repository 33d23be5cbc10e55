/* cmd_facts.c -- 'podium facts [list]|add|check': the figures a Games'
 * sources state, each with its source, and what contradicts what
 * (facts_ops.h). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/doc.h"
#include "podium/facts_ops.h"
#include "cli.h"

enum { OPT_GAMES = 'g', OPT_FORMAT = 'f', OPT_LANG = 'l', OPT_KEY = 'k',
       OPT_VALUE = 'v', OPT_UNIT = 'u', OPT_QUAL = 'q', OPT_SOURCE = 's',
       OPT_CITE = 'c', OPT_QUOTE = 'Q', OPT_FILE = 'F', OPT_REASON = 'r' };

struct args {
	char games[PD_GAMES_CODE];
	const char *format, *lang;
	const char *key, *value, *unit, *qual, *source, *cite, *quote;
	const char *file, *reason;
	const char *formats;	/* the --format values the command writes */
};

static int option(int c, char *arg, void *ctx)
{
	struct args *a = ctx;

	switch (c) {
	case OPT_GAMES:
		if (pd_games_code(a->games, sizeof(a->games), arg) < 0)
			return cli_usage(&cmd_facts, N_("--games takes a code "
					 "such as PG2004"));
		break;
	case OPT_FORMAT:
		if (!strstr(a->formats, arg) || strchr(arg, ' ') || !*arg)
			return cli_usage(&cmd_facts, N_("--format is not "
					 "one this command writes"));
		a->format = arg;
		break;
	case OPT_LANG:
		if (!(a->lang = cli_lang(arg)))
			return cli_usage(&cmd_facts, N_("--lang is zh, "
						 "en or fr"));
		break;
	case OPT_KEY: a->key = arg; break;
	case OPT_VALUE: a->value = arg; break;
	case OPT_UNIT: a->unit = arg; break;
	case OPT_QUAL: a->qual = arg; break;
	case OPT_SOURCE: a->source = arg; break;
	case OPT_CITE: a->cite = arg; break;
	case OPT_QUOTE: a->quote = arg; break;
	case OPT_FILE: a->file = arg; break;
	case OPT_REASON: a->reason = arg; break;
	}
	return 0;
}

/* Each subcommand takes only its own options: 'facts list --value 3'
 * is refused, not ignored. */
static const struct option list_opts[] = {
	{ "games", required_argument, NULL, OPT_GAMES },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ NULL, 0, NULL, 0 },
};

static const struct option check_opts[] = {
	{ "games", required_argument, NULL, OPT_GAMES },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "lang", required_argument, NULL, OPT_LANG },
	{ NULL, 0, NULL, 0 },
};

static const struct option add_opts[] = {
	{ "games", required_argument, NULL, OPT_GAMES },
	{ "key", required_argument, NULL, OPT_KEY },
	{ "value", required_argument, NULL, OPT_VALUE },
	{ "unit", required_argument, NULL, OPT_UNIT },
	{ "qualifier", required_argument, NULL, OPT_QUAL },
	{ "source", required_argument, NULL, OPT_SOURCE },
	{ "cite", required_argument, NULL, OPT_CITE },
	{ "quote", required_argument, NULL, OPT_QUOTE },
	{ "file", required_argument, NULL, OPT_FILE },
	{ "reason", required_argument, NULL, OPT_REASON },
	{ NULL, 0, NULL, 0 },
};

static int parse(int argc, char **argv, struct args *a,
		 const struct option *longopts, const char *formats)
{
	int ret;

	a->formats = formats;
	if ((ret = cli_options(&cmd_facts, argc, argv, longopts, option, a)))
		return ret;
	if (optind < argc)
		return cli_usage(&cmd_facts, N_("unexpected argument"));
	return 0;
}

static int print_fact(struct pd_buf *b, const struct pd_fact *f)
{
	char value[96];
	struct pd_buf v;
	int ret;

	pd_buf_init(&v, sizeof(value));
	ret = pd_buf_adds(&v, f->qualifier[0] ? f->qualifier : "");
	if (ret == 0 && f->qualifier[0])
		ret = pd_buf_addc(&v, ' ');
	if (ret == 0)
		ret = pd_fact_format(&v, f->value, "en");
	if (ret == 0 && f->unit[0])
		ret = pd_buf_addf(&v, strcmp(f->unit, "%") ? " %s" : "%s",
				  f->unit);
	snprintf(value, sizeof(value), "%s", ret ? "?" : v.data);
	pd_buf_release(&v);
	if ((ret = pd_buf_addpad(b, f->games, 8, 0)) < 0 ||
	    (ret = pd_buf_addpad(b, cli_text(f->key), 40, 0)) < 0 ||
	    (ret = pd_buf_addpad(b, cli_text(value), 22, 0)) < 0)
		return ret;
	ret = pd_buf_addf(b, "%s%s%s\n", cli_text(f->source),
			  f->cite[0] ? " " : "", cli_text(f->cite));
	return ret;
}

static int run_list(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct args a = { .format = "text" };
	struct pd_facts l;
	struct pd_games g;
	struct pd_buf b;
	size_t i;
	int ret, code = 0;

	if ((ret = parse(argc, argv, &a, list_opts, "text tsv json")))
		return ret;
	if (!strcmp(a.format, "json") && !a.games[0])
		return cli_usage(&cmd_facts, N_("--format json needs --games"));
	if (!cli_store(cli, &code))
		return code;
	pd_facts_init(&l);
	pd_buf_init(&b, 0);
	memset(&g, 0, sizeof(g));
	if (a.games[0] &&
	    (ret = pd_store_games_get(cli->store, a.games, &g, &d)) < 0)
		goto cleanup;
	if ((ret = pd_facts_read(cli->store, a.games[0] ? a.games : NULL, &l,
				 &d)) < 0)
		goto cleanup;
	if (!strcmp(a.format, "json"))
		ret = pd_doc_facts(&b, a.games, g.version, &l, PD_DOC_PRETTY);
	else if (!strcmp(a.format, "tsv"))
		ret = pd_facts_tsv_write(&b, &l);
	else
		for (i = 0, ret = 0; i < l.n && ret == 0; i++)
			ret = print_fact(&b, &l.v[i]);
cleanup:
	if (a.games[0])
		pd_games_release(&g);
	ret = cli_output(ret, &b, &d);
	pd_facts_release(&l);
	return ret;
}

static int run_add(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct args a = { .format = NULL };
	struct pd_facts l;
	struct pd_fact f;
	long version = 0;
	size_t n = 1;
	int ret, code = 0;

	if ((ret = parse(argc, argv, &a, add_opts, "")))
		return ret;
	if (a.file && (a.key || a.value || a.games[0] || a.source))
		return cli_usage(&cmd_facts, N_("facts add takes --file or the "
				 "fact's fields, not both"));
	if (!a.file && (!a.games[0] || !a.key || !a.value || !a.source))
		return cli_usage(&cmd_facts,
				 N_("facts add needs --games, --key, "
				 "--value and --source (or --file)"));
	pd_facts_init(&l);
	if (!a.file && (ret = pd_fact_set(&f, a.games, a.key, a.value, a.unit,
					  a.qual, a.source, a.cite, a.quote,
					  &d)) < 0) {
		d.file[0] = '\0';
		return cli_fail(ret == PD_ETOOBIG ? PD_EPARSE : ret, &d);
	}
	if (!cli_store_write(cli, &code))
		return code;
	if (a.file) {
		ret = pd_op_facts_from_file(cli->store, a.file,
					    cli_who(cli, a.reason),
					    &cli_notice, &version, &n, &d);
	} else if ((ret = pd_facts_add(&l, &f)) == 0) {
		ret = pd_op_facts_add(cli->store, &l, cli_who(cli, a.reason),
				      &cli_notice, &version, &d);
	}
	pd_facts_release(&l);
	if (ret < 0)
		return cli_fail(ret, &d);
	fprintf(stderr, "podium: %zu fact%s added (version %ld)\n", n,
		n == 1 ? "" : "s", version);
	return EXIT_OK;
}

/* The contradictions found, as JSON or as a sentence each. */
static int check_write(struct pd_buf *b, const struct pd_facts_audit *au,
		       const struct args *a)
{
	size_t i;
	int ret = 0;

	if (!strcmp(a->format, "json"))
		return pd_doc_facts_check(b, au, PD_DOC_PRETTY);
	for (i = 0; i < au->found.n && ret == 0; i++)
		ret = pd_contradiction_text(b, &au->found.v[i], a->lang);
	return ret;
}

static int run_check(struct cli *cli, int argc, char **argv)
{
	struct args a = { .format = "text", .lang = "en" };
	struct pd_diag d = { "", 0, "" };
	struct pd_buf b = PD_BUF_INIT;
	struct pd_facts_audit au;
	int ret, code = 0;

	if ((ret = parse(argc, argv, &a, check_opts, "text json")))
		return ret;
	if (!a.games[0])
		return cli_usage(&cmd_facts, N_("facts check needs --games"));
	if (!cli_store(cli, &code))
		return code;
	if ((ret = pd_store_begin_read(cli->store, &d)) == 0) {
		ret = pd_facts_audit(&au, cli->store, a.games, &d);
		pd_store_rollback(cli->store);
	} else {
		memset(&au, 0, sizeof(au));
	}
	if (ret == 0)
		ret = check_write(&b, &au, &a);
	if (ret < 0) {
		ret = cli_fail(ret, &d);
	} else if ((ret = cli_write(&b)) == EXIT_OK) {
		fprintf(stderr, "podium: %s: %zu contradiction%s among %zu "
			"facts (%zu figure%s compared)\n", au.games,
			au.found.n, au.found.n == 1 ? "" : "s", au.facts.n,
			au.found.checked, au.found.checked == 1 ? "" : "s");
		ret = au.found.n ? EXIT_DIFFER : EXIT_OK;
	}
	pd_facts_audit_release(&au);
	pd_buf_release(&b);
	return ret;
}

static int run(struct cli *cli, int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "add"))
		return run_add(cli, argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "check"))
		return run_check(cli, argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "list"))
		return run_list(cli, argc - 1, argv + 1);
	return run_list(cli, argc, argv);
}

const struct cli_command cmd_facts = {
	"facts", run, "the figures a Games' sources state, and contradictions",
	"usage: podium facts [list] [--games GAMES] [--format text|tsv|json]\n"
	"       podium facts add --games GAMES --key KEY --value N --source S\n"
	"                        [--unit U] [--qualifier about|nearly|over]\n"
	"                        [--cite WHERE] [--quote WORDS] [--reason R]\n"
	"       podium facts add --file FILE [--reason R]\n"
	"       podium facts check --games GAMES [--lang zh|en|fr]\n"
	"                          [--format text|json]\n"
	"\n"
	"A fact is one figure as one source states it: the Games, a key\n"
	"(athletes, nations, events, election.turnout, medals.CHN.gold ...),\n"
	"the value, its unit, whether it is exact or about, nearly or over the\n"
	"value, the source, where in it, and its words.  'podium init' keeps\n"
	"the Athens 2004 report's figures (data/PG2004.facts.tsv) as PG2004's\n"
	"facts from source seed, each citing its paragraph.\n"
	"\n"
	"facts lists the facts in force (--format tsv: the file format that\n"
	"facts add --file reads: GAMES KEY VALUE UNIT QUALIFIER SOURCE CITE\n"
	"QUOTE, tab-separated).  add keeps one fact, or a file's, in one\n"
	"change.  check prints one line per contradiction, each value with\n"
	"its source: two facts of one key that cannot both hold; a fact\n"
	"against the figure the store computes (from the results, else from\n"
	"the published table); a share against the counts it is a share of\n"
	"(election.turnout of election.votes and athletes, athletes.women_share);\n"
	"a total against its parts.  It exits 1 when there is one, 0 when\n"
	"there is none.\n",
};
