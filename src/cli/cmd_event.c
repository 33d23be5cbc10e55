/* cmd_event.c -- 'podium event add|status|list|show': the events of a
 * Games, their status and their results with the medals that follow. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/audit.h"
#include "podium/event.h"
#include "podium/filter_ops.h"
#include "podium/ops.h"
#include "podium/store_units.h"
#include "cli.h"

struct add_args {
	char games[PD_GAMES_CODE];
	const char *sport, *name, *gender, *sport_class, *date, *status;
	const char *reason;
	int policy, team;
	const char *order;
};

static int add_option(int c, char *arg, void *ctx)
{
	struct add_args *a = ctx;

	switch (c) {
	case 'g':
		if (pd_games_code(a->games, sizeof(a->games), arg))
			return cli_usage(&cmd_event, N_("bad --games"));
		break;
	case 'o':
		if (strcmp(arg, "asc") && strcmp(arg, "desc"))
			return cli_usage(&cmd_event, N_("--order is asc "
					 "(lower is better) or desc "
					 "(higher is better)"));
		a->order = arg;
		break;
	case 's': a->sport = arg; break;
	case 'n': a->name = arg; break;
	case 'G': a->gender = arg; break;
	case 'c': a->sport_class = arg; break;
	case 'd': a->date = arg; break;
	case 'S': a->status = arg; break;
	case 't': a->team = 1; break;
	case 'r': a->reason = arg; break;
	case 'p':
		if ((a->policy = pd_policy_parse(arg)) < 0)
			return cli_usage(&cmd_event, N_("--policy is "
					 "standard, two-bronzes or "
					 "capped"));
		break;
	}
	return 0;
}

static int parse_add(struct add_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "sport", required_argument, NULL, 's' },
		{ "name", required_argument, NULL, 'n' },
		{ "gender", required_argument, NULL, 'G' },
		{ "class", required_argument, NULL, 'c' },
		{ "date", required_argument, NULL, 'd' },
		{ "status", required_argument, NULL, 'S' },
		{ "policy", required_argument, NULL, 'p' },
		{ "team", no_argument, NULL, 't' },
		{ "reason", required_argument, NULL, 'r' },
		{ "order", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	int ret;

	if ((ret = cli_options(&cmd_event, argc, argv, longopts, add_option,
			       a)))
		return ret;
	if (!a->games[0] || !a->sport || !a->name || optind != argc)
		return cli_usage(&cmd_event,
				 N_("event add needs --games, --sport "
				 "and --name"));
	if (a->gender && strcmp(a->gender, "M") && strcmp(a->gender, "W") &&
	    strcmp(a->gender, "X"))
		return cli_usage(&cmd_event, N_("--gender is M, W or X"));
	if (a->status && !pd_event_status_valid(a->status))
		return cli_usage(&cmd_event, "--status is one of "
				 PD_EVENT_STATUSES);
	return 0;
}

static int run_add(struct cli *cli, int argc, char **argv)
{
	struct add_args a = { "", NULL, NULL, NULL, NULL, NULL, NULL, NULL,
			      -1, 0, NULL };
	struct pd_diag d = { "", 0, "" };
	struct pd_event_input in;
	struct pd_store *s;
	long id = 0;
	int ret, code = 0, same = 0;

	if ((ret = parse_add(&a, argc, argv)))
		return ret;
	if (!(s = cli_store_write(cli, &code)))
		return code;
	memset(&in, 0, sizeof(in));
	in.sport = a.sport;
	in.name = a.name;
	in.gender = a.gender;
	in.sport_class = a.sport_class;
	in.date = a.date;
	in.policy = a.policy < 0 ? NULL : pd_policy_name(a.policy);
	in.status = a.status;
	in.team = a.team;
	in.order = a.order;
	ret = pd_op_event_add(s, a.games, &in, &same, cli_who(cli, a.reason),
			      &cli_notice, &id, NULL, &d);
	if (ret >= 0 && same)
		fprintf(stderr, "podium: event %ld exists as given: nothing "
			"changed\n", id);
	return cli_added(ret, id, &d);
}

static int run_status(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_event_info e;
	const char *reason = NULL;
	struct pd_store *s;
	const struct pd_who *who;
	struct pd_op_done done;
	long id;
	int ret, code = 0, i, k = 0;
	char *pos[2];

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--reason") && i + 1 < argc)
			reason = argv[++i];
		else if (k < 2)
			pos[k++] = argv[i];
		else
			return cli_usage(&cmd_event, N_("unexpected argument"));
	}
	if (k != 2 || (id = cli_id(pos[0])) < 0)
		return cli_usage(&cmd_event, "event status EVENT STATUS");
	if (!pd_event_status_valid(pos[1]))
		return cli_usage(&cmd_event, "STATUS is one of "
				 PD_EVENT_STATUSES);
	if (!(s = cli_store_write(cli, &code)))
		return code;
	if ((ret = pd_store_event_get(s, id, &e, &d)) < 0)
		return cli_fail(ret, &d);
	who = cli_who(cli, reason);
	if (pd_op_status_needs_reason(e.status, pos[1], who)) {
		cli_error(N_("event %ld (%s) is official: moving it to %s "
			     "takes its medals away; say why with --reason"), id,
			  cli_text(e.name), pos[1]);
		pd_event_info_release(&e);
		return EXIT_INPUT;
	}
	pd_op_done_init(&done);
	code = cli_done(pd_op_event_status(s, id, pos[1], who, &done, &d),
			&done, &d);
	pd_event_info_release(&e);
	return code;
}

static int print_event(const struct pd_event_info *e, size_t results,
		       void *arg)
{
	printf("%ld\t%s\t%s\t%s\t%s\t%s\t%s\t%zu results\n", e->id,
	       cli_text(e->sport), cli_text(e->name),
	       *e->gender ? cli_text(e->gender) : "-",
	       *e->sport_class ? cli_text(e->sport_class) : "-",
	       cli_text(e->status), cli_text(e->policy), results);
	return 0;
}

static int run_list(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	const char *sport = NULL;
	char games[PD_GAMES_CODE] = "";
	struct pd_filter f;
	struct pd_store *s;
	int i, ret = 0, code = 0;

	memset(&f, 0, sizeof(f));
	for (i = 1; i < argc && ret == 0; i++) {
		if (!strcmp(argv[i], "--games") && i + 1 < argc) {
			if (pd_games_code(games, sizeof(games), argv[++i]))
				return cli_usage(&cmd_event, N_("bad --games"));
		} else if (!strcmp(argv[i], "--sport") && i + 1 < argc) {
			sport = argv[++i];
		} else if (!strcmp(argv[i], "--gender") && i + 1 < argc) {
			ret = pd_filter_gender(&f, argv[++i], "--gender", &d);
		} else if (!strcmp(argv[i], "--through") && i + 1 < argc) {
			ret = pd_filter_date(f.through, argv[++i], "--through",
					     &d);
		} else if (!strcmp(argv[i], "--npc") && i + 1 < argc) {
			ret = pd_filter_npc(&f, argv[++i], "--npc", &d);
		} else {
			return cli_usage(&cmd_event, "event list --games G "
					 "[--sport S] [--gender G] [--through "
					 "DATE] [--npc NPC]");
		}
	}
	if (ret < 0)
		return cli_fail(ret, &d);
	if (!games[0])
		return cli_usage(&cmd_event, N_("event list needs --games"));
	if ((code = cli_store_games(cli, games)))
		return code;
	s = cli->store;
	ret = pd_filter_events(s, games, sport, &f, print_event, NULL, &d);
	return ret < 0 ? cli_fail(ret, &d) : EXIT_OK;
}

struct medal_map {
	long event;
	long ids[64];		/* result ids with a medal, and which */
	int medal[64];
	size_t n;
	long banned[64];	/* athletes under a sanction in the event */
	size_t nbanned;
};

/* Note the athletes whose sanction in force covers the event. */
static int collect_sanction(const struct pd_sanction_info *si, void *arg)
{
	struct medal_map *mm = arg;
	char key[32];
	size_t n = strlen(si->events);
	const char *p;

	snprintf(key, sizeof(key), "%ld", mm->event);
	if (si->until || mm->nbanned == 64)
		return 0;
	for (p = si->events; (p = strstr(p, key)); p++)
		if ((p == si->events || p[-1] == ',') &&
		    (p[strlen(key)] == ',' || p + strlen(key) ==
		     si->events + n)) {
			mm->banned[mm->nbanned++] = si->athlete;
			break;
		}
	return 0;
}

static int collect_medal(const struct pd_medal_out *m, void *arg)
{
	struct medal_map *mm = arg;

	if (m->event_id != mm->event || mm->n == 64)
		return 0;
	mm->ids[mm->n] = m->result_id;
	mm->medal[mm->n++] = (int)m->medal;
	return 0;
}

static int print_result(const struct pd_result_row *r, void *arg)
{
	static const char *const names[] = { "gold", "silver", "bronze" };
	const struct medal_map *mm = arg;
	const char *medal = "";

	const char *irm = *r->irm ? r->irm : "-";
	size_t i;

	for (i = 0; i < mm->n; i++)
		if (mm->ids[i] == r->id)
			medal = names[mm->medal[i]];
	for (i = 0; i < mm->nbanned; i++)
		if (r->athlete_id && mm->banned[i] == r->athlete_id)
			irm = "DSQ (sanction)";
	printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r->rank ? "" : "-",
	       cli_text(r->npc), cli_text(r->name),
	       *r->mark ? cli_text(r->mark) : "-", cli_text(irm),
	       *r->records ? cli_text(r->records) : "-", *medal ? medal : "-");
	return 0;
}

static int print_result_ranked(const struct pd_result_row *r, void *arg)
{
	if (r->rank)
		printf("%ld", r->rank);
	return print_result(r, arg);
}

/* The event's phases and units (store_units.h), after its results: the
 * units of its discipline named as it is, of its gender. */
struct unit_list {
	const struct pd_event_info *e;
	size_t n;
};

static int print_unit(const struct pd_unit_rec *u, void *arg)
{
	struct unit_list *l = arg;

	if (strcmp(u->event, l->e->name) ||
	    (*l->e->gender && u->rsc[3] != l->e->gender[0]))
		return 0;
	if (!l->n++)
		printf("phase\tunit\tcode\tday\tstatus\tmedal\n");
	printf("%.4s\t%s\t%s\t%s\t%s\t%s\n", u->rsc + 22, cli_text(u->phase),
	       cli_text(u->rsc), *u->day ? cli_text(u->day) : "-",
	       *u->status ? cli_text(u->status) : "-",
	       *u->medal ? cli_text(u->medal) : "-");
	return 0;
}

static int print_units(struct pd_store *s, const struct pd_event_info *e,
		       struct pd_diag *d)
{
	struct pd_unit_query q = { .games = e->games,
				   .discipline = e->sport };
	struct unit_list l = { e, 0 };

	return pd_store_units(s, &q, print_unit, &l, d);
}

/* The event's results as an ODF DT_RESULT message. */
static int show_odf(struct pd_store *s, long id, long as_of)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_buf b;
	int ret;

	pd_buf_init(&b, 0);
	ret = pd_doc_odf_result(&b, s, id, as_of, &d);
	return cli_output(ret, &b, &d);
}

static int show_format(const char *f)
{
	static const char *const known[] = { "text", "odf", "csv", "json",
					     "html" };
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(*known); i++)
		if (!strcmp(f, known[i]))
			return 1;
	return 0;
}

/* The event's results as csv, json or html (doc.h). */
static int show_doc(struct pd_store *s, long id, long as_of,
		    const char *format)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_buf b;

	pd_buf_init(&b, 0);
	return cli_output(pd_doc_event_results(&b, s, id, as_of, format, &d),
			  &b, &d);
}

static int run_show(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_event_info e;
	struct pd_query q;
	struct medal_map mm;
	struct pd_store *s;
	long id, as_of = 0;
	const char *format = "text";
	int ret, code = 0, i, bad = argc < 2;

	for (i = 2; i + 1 < argc && !bad; i += 2)
		if (!strcmp(argv[i], "--as-of"))
			bad = (as_of = cli_id(argv[i + 1])) < 0;
		else if (!strcmp(argv[i], "--format"))
			bad = !show_format(format = argv[i + 1]);
		else
			bad = 1;
	if (bad || argc % 2 || (id = cli_id(argv[1])) < 0)
		return cli_usage(&cmd_event, "event show EVENT [--as-of "
				 "VERSION] [--format text|odf|csv|json|html]");
	if (!(s = cli_store(cli, &code)))
		return code;
	if (!strcmp(format, "odf"))
		return show_odf(s, id, as_of);
	if (strcmp(format, "text"))
		return show_doc(s, id, as_of, format);
	if ((ret = pd_store_event_get(s, id, &e, &d)) < 0)
		return cli_fail(ret, &d);
	printf("event %ld: %s, %s%s%s%s%s (%s)\n", e.id, cli_text(e.sport),
	       cli_text(e.name), *e.gender ? ", " : "", cli_text(e.gender),
	       *e.sport_class ? ", " : "", cli_text(e.sport_class), e.games);
	printf("status %s; policy %s%s%s%s\n", cli_text(e.status),
	       cli_text(e.policy), e.team ? "; team event" : "",
	       !*e.order ? "" : !strcmp(e.order, "asc") ?
	       "; ranked from marks, lower is better" :
	       "; ranked from marks, higher is better",
	       as_of ? "; as of version" : "");
	memset(&mm, 0, sizeof(mm));
	mm.event = id;
	memset(&q, 0, sizeof(q));
	q.games = e.games;
	q.include_unofficial = 1;
	q.as_of = as_of;
	printf("rank\tnpc\tname\tmark\tirm\trecords\tmedal\n");
	if ((ret = pd_store_medals(s, &q, collect_medal, &mm, &d)) == 0 &&
	    !as_of)
		ret = pd_store_sanctions(s, e.games, collect_sanction, &mm, &d);
	if (ret == 0)
		ret = pd_store_event_results(s, id, as_of, print_result_ranked,
					     &mm, &d);
	if (ret == 0 && !as_of)
		ret = print_units(s, &e, &d);
	pd_event_info_release(&e);
	return ret < 0 ? cli_fail(ret, &d) : EXIT_OK;
}

static int run(struct cli *cli, int argc, char **argv)
{
	if (argc < 2)
		return cli_usage(&cmd_event, N_("expected add, status, list or "
				 "show"));
	if (!strcmp(argv[1], "add"))
		return run_add(cli, argc - 1, argv + 1);
	if (!strcmp(argv[1], "status"))
		return run_status(cli, argc - 1, argv + 1);
	if (!strcmp(argv[1], "list"))
		return run_list(cli, argc - 1, argv + 1);
	if (!strcmp(argv[1], "show"))
		return run_show(cli, argc - 1, argv + 1);
	return cli_no_subcommand(&cmd_event, argc, argv, (const char *const[]){
				 "add", "status", "list", "show", NULL },
				 N_("expected add, status, list or show"));
}

const struct cli_command cmd_event = {
	"event", run, "add events, set their status, list and show them",
	"usage: podium event add --games G --sport S --name N [--gender M|W|X]\n"
	"                        [--class C] [--team] [--date D]\n"
	"                        [--policy P] [--status S] [--order asc|desc]\n"
	"                        [--reason R]\n"
	"       podium event status EVENT STATUS [--reason R]\n"
	"       podium event list --games G [--sport S] [--gender M|W|X|O]\n"
	"                         [--through DATE] [--npc NPC]\n"
	"       podium event show EVENT [--as-of VERSION]\n"
	"                         [--format text|odf|csv|json|html]\n"
	"\n"
	"add prints the new event's id (or the existing one's: an event is\n"
	"its Games, sport, name and gender; adding it again changes nothing,\n"
	"and an option that differs from the stored event is refused).  --class is the Paralympic sport\n"
	"class (T54, S9, B1 ...); --team marks a team event; --policy is\n"
	"standard (1, 2, 3 -> gold, silver, bronze; ties share), two-bronzes\n"
	"(judo, boxing, wrestling, taekwondo: the default for those sports) or\n"
	"capped (the IPC minus-one rule: with S starters at most S - 1\n"
	"medals).  A new event is scheduled unless --status says otherwise.\n"
	"--order ranks the event from its marks: asc where lower is better\n"
	"(times), desc where higher is (distances, points); without it ranks\n"
	"are entered by hand.\n"
	"\n"
	"list filters as 'podium table' does: --gender the events of a\n"
	"gender, --through and --npc those with an official medal decided\n"
	"by that day, or won by that NPC.\n"
	"\n"
	"STATUS is one of scheduled, live, unofficial, official, protested,\n"
	"provisional.  Only official events count in 'podium table' unless it\n"
	"is given --include-unofficial.  Moving an official event to any\n"
	"other status takes its medals off the table: it needs --reason\n"
	"(refused with exit 2 without one), which 'podium log' keeps.\n"
	"\n"
	"show lists the results with the medals that follow from them under\n"
	"the policy, the IRMs and any sanctions (--format odf: an ODF\n"
	"DT_RESULT message, docs/ODF.md; csv, json or html: the results to\n"
	"take away, the same bytes for the same version, html a page whole in\n"
	"itself with every text escaped), then, for an event of 'podium\n"
	"import units', its phases and units by start time: phase code, unit,\n"
	"results code, day, status and medal role.  Every change is logged\n"
	"('podium log') with --reason.\n",
};
