/* cmd_records.c -- 'podium records': the records in force of every event
 * and sport class, each with the records it replaced; with --games, a
 * Games' records (doc.h: pd_doc_records()), as text or JSON. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "podium/doc.h"
#include "podium/record.h"
#include "cli.h"

struct walk {
	char key[600], kind[32];	/* the group being read */
	struct pd_strings lines;	/* its records, oldest first */
};

static void flush(struct walk *w)
{
	size_t i;

	if (!w->lines.n)
		return;
	printf("  %-4s %s\n", w->kind, w->lines.v[w->lines.n - 1]);
	for (i = w->lines.n - 1; i-- > 0;)
		printf("       was %s\n", w->lines.v[i]);
	pd_strings_release(&w->lines);
	pd_strings_init(&w->lines);
}

static int record(const struct pd_record *r, void *arg)
{
	struct walk *w = arg;
	char key[600], line[600];

	snprintf(key, sizeof(key), "%s\t%s%s%s%s%s", cli_text(r->sport),
		 cli_text(r->event), *r->gender ? "\t" : "",
		 cli_text(r->gender), *r->sport_class ? "\t" : "",
		 cli_text(r->sport_class));
	if (strcmp(key, w->key) || strcmp(r->kind, w->kind)) {
		flush(w);
		if (strcmp(key, w->key))
			printf("%s\n", key);
		snprintf(w->key, sizeof(w->key), "%s", key);
		snprintf(w->kind, sizeof(w->kind), "%s", cli_text(r->kind));
	}
	snprintf(line, sizeof(line), "%s  %s (%s)%s%s%s%s", cli_text(r->mark),
		 cli_text(r->holder), cli_text(r->npc), *r->date ? "  " : "",
		 cli_text(r->date), *r->games ? "  " : "", cli_text(r->games));
	return pd_strings_add(&w->lines, line);
}

/* One record of a Games' document as a line. */
static void games_line(const char *lead, json_t *r)
{
	const char *date = json_string_value(json_object_get(r, "date"));
	const char *games = json_string_value(json_object_get(r, "games"));

	printf("%s%s  %s (%s)%s%s%s%s\n", lead,
	       cli_text(json_string_value(json_object_get(r, "mark"))),
	       cli_text(json_string_value(json_object_get(r, "holder"))),
	       cli_text(json_string_value(json_object_get(r, "npc"))),
	       *date ? "  " : "", cli_text(date), *games ? "  " : "",
	       cli_text(games));
}

/* The Games' document as text: each key and kind, the record in force,
 * then the history newest first, then how many fell at these Games. */
static void games_text(json_t *doc)
{
	json_t *g, *h;
	size_t i, j;

	json_array_foreach(json_object_get(doc, "records"), i, g) {
		h = json_object_get(g, "history");
		printf("%s\t%s\t%s\t%s\t%s\n",
		       cli_text(json_string_value(json_object_get(g, "sport"))),
		       cli_text(json_string_value(json_object_get(g, "event"))),
		       cli_text(json_string_value(json_object_get(g, "gender"))),
		       cli_text(json_string_value(json_object_get(g, "class"))),
		       cli_text(json_string_value(json_object_get(g, "kind"))));
		for (j = json_array_size(h); j-- > 0;)
			games_line(j + 1 == json_array_size(h) ? "  " :
				   "  was ", json_array_get(h, j));
	}
	printf("%lld set at %s\n",
	       (long long)json_integer_value(json_object_get(doc, "broken")),
	       json_string_value(json_object_get(doc, "games")));
}

static int records_doc(struct pd_buf *b, struct pd_store *s,
		       const struct pd_games *g, const void *arg,
		       struct pd_diag *d)
{
	return pd_doc_records(b, s, g->code, g->version, PD_DOC_PRETTY, d);
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	char games[PD_GAMES_CODE] = "";
	const char *sport = NULL, *format = "text";
	struct pd_store *s;
	struct walk w;
	int ret, code = 0, i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--sport") && i + 1 < argc)
			sport = argv[++i];
		else if (!strcmp(argv[i], "--games") && i + 1 < argc) {
			if (pd_games_code(games, sizeof(games), argv[++i]))
				return cli_usage(&cmd_records,
						 N_("bad --games"));
		} else if (!strcmp(argv[i], "--format") && i + 1 < argc &&
			   (!strcmp(argv[i + 1], "text") ||
			    !strcmp(argv[i + 1], "json")))
			format = argv[++i];
		else
			return cli_usage(&cmd_records, "expected [--sport "
					 "SPORT] | --games G [--format "
					 "text|json]");
	if (games[0] && sport)
		return cli_usage(&cmd_records, "expected [--sport "
				 "SPORT] | --games G [--format text|json]");
	if (games[0])
		return cli_games_doc(cli, games, records_doc, NULL,
				     !strcmp(format, "json"), games_text);
	if (!(s = cli_store(cli, &code)))
		return code;
	memset(&w, 0, sizeof(w));
	pd_strings_init(&w.lines);
	ret = pd_store_records(s, sport, record, &w, &d);
	if (ret == 0)
		flush(&w);
	pd_strings_release(&w.lines);
	if (ret == 0 && !w.key[0])
		fprintf(stderr, "podium: no records%s%s: 'podium import records "
			"FILE --games G' brings them in\n", sport ? " in " : "",
			sport ? cli_text(sport) : "");
	return ret < 0 ? cli_fail(ret, &d) : EXIT_OK;
}

const struct cli_command cmd_records = {
	"records", run, "list the records in force and their history",
	"usage: podium records [--sport SPORT]\n"
	"       podium records --games G [--format text|json]\n"
	"\n"
	"For every event and sport class (sport, event, gender, class), each\n"
	"kind of record in force (WR, PR, OR ...): mark, holder (NPC), date\n"
	"and the Games it was set at, then the records it replaced, newest\n"
	"first ('was ...').  Records come from 'podium import records' and\n"
	"from results: a result whose mark beats the record in force of its\n"
	"event's sport class is flagged with its kind (=WR when it equals\n"
	"it) and becomes the record, whatever flags were typed.\n"
	"\n"
	"With --games, the records of G's events (and those set at G): for\n"
	"each event and kind, the record in force and the ones it replaced\n"
	"('was ...'), then how many were set at G; --format json is the\n"
	"document of GET /api/games/G/records ({games, version, broken,\n"
	"records: [{sport, event, gender, class, kind, event_id, in_force,\n"
	"broken_here, history}]}).  A Games without records lists none.\n",
};
