/* cmd_entry.c -- 'podium entry set|add|list': an event's start list, the
 * athletes entered with or before a result (entry_ops.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/doc.h"
#include "podium/entry_ops.h"
#include "cli.h"

#define SET_USAGE "entry set EVENT --file FILE [--source S]"
#define ADD_USAGE "entry add EVENT (--athlete ID | --npc NPC --name NAME " \
	"[--gender M|W]) [--source S]"
#define LIST_USAGE "entry list --games G [--event EVENT] [--format " \
	"text|json]"

static int run_set(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct cli_event_file ef;
	size_t n = 0;
	int ret;

	if ((ret = cli_event_file_write(cli, &cmd_entry, NULL, argc, argv,
					&ef)))
		return ret;
	if ((ret = pd_op_entries_from_csv(cli->store, cli_registry(cli),
					  ef.event, ef.source, ef.file,
					  cli_who(cli, NULL), &n, &d)) < 0)
		return cli_fail(ret, &d);
	fprintf(stderr, "podium: event %ld: %zu athlete%s entered\n",
		ef.event, n, n == 1 ? "" : "s");
	return EXIT_OK;
}

static int run_add(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_entry_input in;
	const char *source = NULL;
	long event;
	int i, ret, code = 0;

	memset(&in, 0, sizeof(in));
	if (argc < 2 || (event = cli_id(argv[1])) < 0)
		return cli_usage(&cmd_entry, NULL);
	for (i = 2; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--athlete")) {
			if ((in.athlete = cli_id(argv[i + 1])) < 0)
				return cli_usage(&cmd_entry,
						 N_("--athlete takes "
						 "an athlete's id"));
		} else if (!strcmp(argv[i], "--npc")) {
			in.npc = argv[i + 1];
		} else if (!strcmp(argv[i], "--name")) {
			in.name = argv[i + 1];
		} else if (!strcmp(argv[i], "--gender")) {
			in.gender = argv[i + 1];
		} else if (!strcmp(argv[i], "--source")) {
			source = argv[i + 1];
		} else {
			break;
		}
	}
	if (i != argc || (!in.athlete && (!in.npc || !in.name)))
		return cli_usage(&cmd_entry, NULL);
	if (!cli_store_write(cli, &code))
		return code;
	if ((ret = pd_op_entry_add(cli->store, cli_registry(cli), event,
				   source, &in, cli_who(cli, NULL), NULL,
				   &d)) < 0)
		return cli_fail(ret, &d);
	fprintf(stderr, "podium: event %ld: entered\n", event);
	return EXIT_OK;
}

struct text_walk {
	struct pd_buf *b;
	long event;
	size_t n, events;
	int err;
};

static int entry_line(const struct pd_entry *e, void *arg)
{
	struct text_walk *w = arg;

	if (e->event != w->event) {
		w->err |= pd_buf_addf(w->b, "%sevent %ld  %s  %s%s%s%s\n",
				      w->events ? "\n" : "", e->event,
				      cli_text(e->sport),
				      cli_text(e->event_name),
				      *e->event_gender ? " (" : "",
				      cli_text(e->event_gender),
				      *e->event_gender ? ")" : "") < 0;
		w->event = e->event;
		w->events++;
	}
	w->err |= pd_buf_addf(w->b, "  %-8ld %-4s %-32s %-2s %s\n", e->athlete,
			      e->npc, cli_text(e->name), e->gender,
			      e->has_result ? "result" : "") < 0;
	w->n++;
	return w->err ? PD_ETOOBIG : 0;
}

static int list_text(struct cli *cli, const char *games, long event,
		     struct pd_buf *b, struct pd_diag *d)
{
	struct text_walk w = { b, 0, 0, 0, 0 };
	int ret;

	if ((ret = pd_store_entries(cli->store, games, event, entry_line, &w,
				    d)) < 0)
		return ret;
	if (pd_buf_addf(b, "%s%zu athlete%s entered in %zu event%s\n",
			w.n ? "\n" : "", w.n, w.n == 1 ? "" : "s", w.events,
			w.events == 1 ? "" : "s") < 0)
		return PD_ENOMEM;
	return 0;
}

static int run_list(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	const char *format = "text";
	char games[PD_GAMES_CODE] = "";
	struct pd_games g;
	struct pd_buf b;
	long event = 0;
	int i, ret, code = 0;

	for (i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--games")) {
			if (pd_games_code(games, sizeof(games), argv[i + 1]) < 0)
				return cli_usage(&cmd_entry,
						 N_("--games takes a "
						 "code such as PG2004"));
		} else if (!strcmp(argv[i], "--event")) {
			if ((event = cli_id(argv[i + 1])) < 0)
				return cli_usage(&cmd_entry, NULL);
		} else if (!strcmp(argv[i], "--format") &&
			   (!strcmp(argv[i + 1], "text") ||
			    !strcmp(argv[i + 1], "json"))) {
			format = argv[i + 1];
		} else {
			break;
		}
	}
	if (i != argc || !games[0])
		return cli_usage(&cmd_entry, NULL);
	if (!cli_store(cli, &code))
		return code;
	pd_buf_init(&b, 0);
	if ((ret = pd_store_begin_read(cli->store, &d)) == 0) {
		if ((ret = pd_store_games_get(cli->store, games, &g, &d)) == 0) {
			ret = strcmp(format, "json") ?
			      list_text(cli, games, event, &b, &d) :
			      pd_doc_entries(&b, cli->store, games, g.version,
					     event, PD_DOC_PRETTY, &d);
			pd_games_release(&g);
		}
		pd_store_rollback(cli->store);
	}
	ret = ret < 0 ? cli_fail(ret, &d) : cli_write(&b);
	pd_buf_release(&b);
	return ret;
}

static int run(struct cli *cli, int argc, char **argv)
{
	static const struct cli_sub subs[] = {
		{ "set", run_set }, { "add", run_add }, { "list", run_list },
	};

	return cli_subcommand(cli, argc, argv, subs, 3, &cmd_entry,
			      "expected set, add or list");
}

const struct cli_command cmd_entry = {
	"entry", run, "an event's start list: the athletes entered",
	"usage: podium " SET_USAGE "\n"
	"       podium " ADD_USAGE "\n"
	"       podium " LIST_USAGE "\n"
	"\n"
	"An entry is an athlete entered in an event, before or beside a\n"
	"result: who took part counts the entries with the results ('podium\n"
	"stats'), so the athletes, women and NPCs of a Games are known once\n"
	"every event has a start list, or once the results go past the medal\n"
	"places (an imported roster such as athlete_events.csv).\n"
	"set replaces the event's start list with FILE's, a CSV with a header\n"
	"naming npc and name columns, and gender (M, W; F for W) as known; an\n"
	"athlete the store lacks is added, and one it holds without a gender\n"
	"takes the start list's.  add enters one more athlete, by id or by\n"
	"NPC and name; one already entered is refused (exit 2).  list\n"
	"shows a Games' start lists, event by event, each athlete's id, NPC,\n"
	"name, gender and whether a result of theirs is in.\n",
};
