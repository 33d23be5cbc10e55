/* cmd_serve.c -- 'podium serve': the medal table over HTTP (the JSON API,
 * live event streams, authenticated writes and the web page) until
 * SIGTERM or SIGINT, which stop it gracefully. */
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "podium/http.h"
#include "cli.h"

#define GRACE_MS 10000

/* The origins of --frame-origin, as a CSP source list. */
static char frame_list[2048];

/* Add one --frame-origin: http or https, a host of letters, digits, dots
 * and dashes, an optional port, nothing after. */
static int frame_origin(struct pd_http_config *c, const char *arg)
{
	const char *host = !strncmp(arg, "https://", 8) ? arg + 8 :
			   !strncmp(arg, "http://", 7) ? arg + 7 : NULL;
	size_t n = host ? strspn(host, "abcdefghijklmnopqrstuvwxyz"
				 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") : 0;

	if (host && host[n] == ':')
		n += 1 + strspn(host + n + 1, "0123456789");
	if (!host || !n || host[n] ||
	    strlen(frame_list) + strlen(arg) + 2 > sizeof(frame_list))
		return cli_usage(&cmd_serve, N_("--frame-origin is an origin: "
				 "http(s)://host[:port]"));
	if (*frame_list)
		strcat(frame_list, " ");
	strcat(frame_list, arg);
	c->frame_ancestors = frame_list;
	return 0;
}

static int option(int ch, char *arg, void *ctx)
{
	struct pd_http_config *c = ctx;
	long n;

	switch (ch) {
	case 'b':
		c->bind = arg;
		break;
	case 'p':
		if (!strcmp(arg, "0"))
			n = 0;
		else if ((n = cli_number(arg, 65535)) < 0)
			return cli_usage(&cmd_serve, N_("--port is a "
					 "number from 0 to 65535"));
		c->port = (unsigned)n;
		break;
	case 'g':
		c->games = arg;
		break;
	case 't':
		if ((n = cli_number(arg, 64)) < 0)
			return cli_usage(&cmd_serve, N_("--threads is a "
					 "number from 1 to 64"));
		c->threads = (unsigned)n;
		break;
	case 'l':
		c->log = 1;
		break;
	case 'f':
		return frame_origin(c, arg);
	}
	return 0;
}

static int parse_args(struct pd_http_config *c, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "bind", required_argument, NULL, 'b' },
		{ "port", required_argument, NULL, 'p' },
		{ "games", required_argument, NULL, 'g' },
		{ "threads", required_argument, NULL, 't' },
		{ "log", no_argument, NULL, 'l' },
		{ "frame-origin", required_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 },
	};
	int ret;

	if ((ret = cli_options(&cmd_serve, argc, argv, longopts, option, c)))
		return ret;
	if (optind < argc)
		return cli_usage(&cmd_serve, N_("unexpected argument"));
	return 0;
}

/* --games must name a Games (and a published source) the store holds:
 * otherwise visitors would see another Games, or an error and an empty
 * table.  A usage error naming what there is. */
static int check_games(struct cli *cli, const char *ref)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games *v = NULL;
	struct pd_strings src;
	struct pd_store *s;
	struct pd_buf have;
	char code[PD_GAMES_CODE];
	const char *at = strchr(ref, '@');
	size_t n = 0, i, k;
	int ret, code_rc = 0, found = 0, known = !at;

	snprintf(code, sizeof(code), "%.*s", (int)(at ? (size_t)(at - ref) :
						    strlen(ref)), ref);
	if (!(s = cli_store(cli, &code_rc)))
		return code_rc;
	if ((ret = pd_store_games_list(s, &v, &n, &d)) < 0)
		return cli_fail(ret, &d);
	pd_buf_init(&have, 1 << 16);
	for (i = 0; i < n && ret == 0; i++) {
		pd_strings_init(&src);
		ret = pd_store_published_sources(s, v[i].code, &src, &d);
		pd_buf_addf(&have, "%s%s", i ? ", " : "", v[i].code);
		for (k = 0; k < src.n; k++) {
			pd_buf_addf(&have, ", %s@%s", v[i].code, src.v[k]);
			if (at && !strcmp(v[i].code, code) &&
			    !strcmp(src.v[k], at + 1))
				known = 1;
		}
		found |= !strcmp(v[i].code, code);
		pd_strings_release(&src);
	}
	pd_games_list_free(v, n);
	if (ret < 0) {
		pd_buf_release(&have);
		return cli_fail(ret, &d);
	}
	if (!found || !known) {
		cli_error(N_("serve: --games %s: the store holds no %s; it "
			     "holds %s"), ref,
			  cli_msg(found ? N_("such published table") :
				  N_("such Games")),
			  have.len ? cli_text(have.data) :
			  cli_msg(N_("no Games yet")));
		ret = EXIT_USAGE;
	}
	pd_buf_release(&have);
	return ret;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_http_config c;
	struct pd_http *h;
	char games[200] = "";
	sigset_t set;
	int sig = 0, ret;

	memset(&c, 0, sizeof(c));
	c.bind = "127.0.0.1";
	c.port = 8080;
	if ((ret = parse_args(&c, argc, argv)))
		return ret;
	if ((ret = pd_store_address_check(cli->db_path, &d)) < 0)
		return cli_fail(ret, &d);
	if (!cli_store_exists(cli))
		return EXIT_STORE;
	if (c.games) {
		const char *at = strchr(c.games, '@');

		if (pd_games_code(games, sizeof(games), c.games))
			return cli_usage(&cmd_serve, N_("bad --games"));
		if (at)	/* the source keeps its case */
			strcpy(games + (at - c.games), at);
		c.games = games;
	}
	c.db_path = cli->db_path;
	c.reg = cli_registry(cli);
	if (c.games && (ret = check_games(cli, c.games)))
		return ret;
	/* the signals are taken by this thread alone, with sigwait: every
	 * thread the server starts inherits the mask */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	if ((ret = pd_http_start(&h, &c, &d)) < 0)
		return cli_fail(ret, &d);
	pd_http_log("serving %s at http://%s%s%s:%u/ (%s stops)",
		*pd_http_default(h) ? pd_http_default(h) : "no Games yet",
		strchr(c.bind, ':') ? "[" : "", c.bind,
		strchr(c.bind, ':') ? "]" : "", pd_http_port(h),
		"Ctrl-C or SIGTERM");
	sigwait(&set, &sig);
	pd_http_log("%s: finishing requests in flight",
		    sig == SIGINT ? "interrupted" : "terminated");
	pd_http_stop(h, GRACE_MS);
	pd_http_log("stopped");
	return EXIT_OK;
}

const struct cli_command cmd_serve = {
	"serve", run, "serve the medal table: JSON API, live stream, web page",
	"usage: podium serve [--bind ADDR] [--port N] [--games CODE[@SOURCE]]\n"
	"                    [--log] [--threads N] [--frame-origin ORIGIN]...\n"
	"\n"
	"Serves the store over HTTP until SIGTERM or SIGINT: the site (/,\n"
	"/games, and each Games' table, overview, events, NPCs and athletes\n"
	"as whole pages that need no script), the JSON API under /api/\n"
	"(docs/API.md), a live event stream per Games, and writes authorised\n"
	"by tokens ('podium token').  Changes made meanwhile by other\n"
	"commands on the same database reach the pages and the streams\n"
	"within a fraction of a second.\n"
	"\n"
	"  --bind ADDR    the address to listen on (default 127.0.0.1)\n"
	"  --port N       the port (default 8080; 0 picks a free one)\n"
	"  --games REF    what the page shows (one the store holds, or the\n"
	"                 server does not start): CODE (ranked from results) or\n"
	"                 CODE@SOURCE (a published table).  Default: PG2004\n"
	"                 from its results once it has medals, else its\n"
	"                 published table\n"
	"  --log          one line per request on stderr, with its time\n"
	"  --threads N    request threads (default: one per CPU, up to 4)\n"
	"  --frame-origin ORIGIN\n"
	"                 an origin (https://tv.example, scheme, host and\n"
	"                 port) that may frame the screens (/screens/G/table,\n"
	"                 /screens/G/units/RSC) and the embedded table\n"
	"                 (/embed/games/G); repeatable.  No other page, and\n"
	"                 never the desk, may be framed\n"
	"\n"
	"On SIGTERM or SIGINT it stops accepting, ends the event streams, lets\n"
	"requests in flight finish (up to 10 s) and exits 0.\n",
};
