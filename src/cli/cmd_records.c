/* cmd_records.c -- 'podium records': the records in force of every event
 * and sport class, each with the records it replaced. */
#include <stdlib.h>
#include <string.h>

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

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	const char *sport = NULL;
	struct pd_store *s;
	struct walk w;
	int ret, code = 0;

	if (argc == 3 && !strcmp(argv[1], "--sport"))
		sport = argv[2];
	else if (argc != 1)
		return cli_usage(&cmd_records, "expected [--sport SPORT]");
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
	"\n"
	"For every event and sport class (sport, event, gender, class), each\n"
	"kind of record in force (WR, PR, OR ...): mark, holder (NPC), date\n"
	"and the Games it was set at, then the records it replaced, newest\n"
	"first ('was ...').  Records come from 'podium import records' and\n"
	"from results: a result whose mark beats the record in force of its\n"
	"event's sport class is flagged with its kind (=WR when it equals\n"
	"it) and becomes the record, whatever flags were typed.\n",
};
