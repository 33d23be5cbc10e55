/* cmd_result.c -- 'podium result set': enter or correct one competitor's
 * result, or a whole ranking from a CSV; each is one change. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/event.h"
#include "cli.h"

struct set_args {
	long event, athlete, rank;
	const char *npc, *name, *team, *mark, *value, *irm, *records;
	const char *file, *reason;
};

static int parse_args(struct set_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "npc", required_argument, NULL, 'n' },
		{ "name", required_argument, NULL, 'N' },
		{ "athlete", required_argument, NULL, 'a' },
		{ "team", required_argument, NULL, 't' },
		{ "rank", required_argument, NULL, 'r' },
		{ "mark", required_argument, NULL, 'm' },
		{ "value", required_argument, NULL, 'v' },
		{ "irm", required_argument, NULL, 'i' },
		{ "records", required_argument, NULL, 'R' },
		{ "file", required_argument, NULL, 'f' },
		{ "reason", required_argument, NULL, 'e' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'n': a->npc = optarg; break;
		case 'N': a->name = optarg; break;
		case 't': a->team = optarg; break;
		case 'm': a->mark = optarg; break;
		case 'v': a->value = optarg; break;
		case 'i': a->irm = optarg; break;
		case 'R': a->records = optarg; break;
		case 'f': a->file = optarg; break;
		case 'e': a->reason = optarg; break;
		case 'a':
			if ((a->athlete = cli_number(optarg, 1L << 40)) < 0)
				return cli_usage(&cmd_result, "bad --athlete");
			break;
		case 'r':
			if (!strcmp(optarg, "0") || !strcmp(optarg, "-"))
				a->rank = 0;
			else if ((a->rank = cli_number(optarg, 100000)) < 0)
				return cli_usage(&cmd_result, "--rank is a "
						 "whole number, or - for none");
			break;
		default:
			return cli_usage(&cmd_result, NULL);
		}
	}
	if (argc - optind != 2 || strcmp(argv[optind], "set") ||
	    (a->event = cli_number(argv[optind + 1], 1L << 40)) < 0)
		return cli_usage(&cmd_result, "expected 'set EVENT'");
	if (a->file && (a->npc || a->name || a->athlete || a->team))
		return cli_usage(&cmd_result, "--file replaces the whole "
				 "ranking: give no competitor with it");
	if (!a->file && !a->athlete && !(a->npc && (a->name || a->team)))
		return cli_usage(&cmd_result, "name the competitor: --athlete "
				 "ID, or --npc CODE with --name or --team");
	if (a->irm && pd_irm_parse(a->irm) <= 0)
		return cli_usage(&cmd_result, "--irm is DNS, DNF, DSQ, DQB, "
				 "DNQ, NM, RET, WDR, ABS or LAP");
	return 0;
}

/* Who the result is for: an athlete (by id, or by name and NPC, created
 * if new) or a team of the event. */
static int competitor(struct cli *cli, struct pd_store *s,
		      const struct set_args *a, struct pd_result_rec *r,
		      char **owned, struct pd_diag *d)
{
	const struct pd_npc *npc;
	struct pd_athlete ath;

	int ret;

	if (a->athlete) {
		r->athlete_id = a->athlete;
		ret = pd_store_athlete_get(s, a->athlete, owned, r->npc, d);
		r->name = *owned;
		return ret;
	}
	if (!(npc = pd_registry_find(cli_registry(cli), a->npc)))
		return pd_unknown_npc(cli_registry(cli), a->npc, NULL, 0, d);
	memcpy(r->npc, npc->code, sizeof(r->npc));
	if (a->team) {
		r->name = a->team;
		return pd_store_team_ensure(s, r->event_id, r->npc, a->team,
					    NULL, 0, &r->team_id, d);
	}
	memset(&ath, 0, sizeof(ath));
	ath.name = a->name;
	memcpy(ath.npc, r->npc, sizeof(ath.npc));
	r->name = a->name;
	return pd_store_athlete_ensure(s, &ath, &r->athlete_id, d);
}

static int set_one(struct cli *cli, struct pd_store *s,
		   const struct set_args *a, struct pd_diag *d)
{
	struct pd_result_rec r;
	char *owned = NULL, *end;
	int ret;

	memset(&r, 0, sizeof(r));
	r.event_id = a->event;
	r.rank = a->rank;
	r.mark = a->mark;
	r.irm = a->irm;
	r.records = a->records;
	r.source = "cli";
	if (a->value) {
		r.mark_value = strtod(a->value, &end);
		if (*end || !*a->value)
			return pd_diag_set(d, PD_EINVAL, NULL, 0, "--value '%s' "
					   "is not a number", a->value);
		r.has_value = 1;
	}
	if ((ret = competitor(cli, s, a, &r, &owned, d)) == 0 &&
	    (ret = pd_store_results_close(s, a->event, r.athlete_id,
					  r.team_id, NULL, d)) == 0)
		ret = pd_store_result_add(s, &r, d);
	free(owned);
	return ret;
}

static int add_line(struct pd_store *s, long event, int team,
		    const struct pd_result_line *l, struct pd_diag *d)
{
	struct pd_result_rec r;
	struct pd_athlete ath;
	int ret;

	memset(&r, 0, sizeof(r));
	r.event_id = event;
	memcpy(r.npc, l->npc, sizeof(r.npc));
	r.name = l->name;
	r.rank = l->rank;
	r.mark = l->mark;
	r.mark_value = l->value;
	r.has_value = l->has_value;
	r.irm = l->irm;
	r.records = l->records;
	r.source = "cli";
	if (team) {
		ret = pd_store_team_ensure(s, event, r.npc, l->name, NULL, 0,
					   &r.team_id, d);
	} else {
		memset(&ath, 0, sizeof(ath));
		ath.name = l->name;
		memcpy(ath.npc, l->npc, sizeof(ath.npc));
		ret = pd_store_athlete_ensure(s, &ath, &r.athlete_id, d);
	}
	return ret ? ret : pd_store_result_add(s, &r, d);
}

/* Replace the event's whole ranking with the file's. */
static int set_file(struct cli *cli, struct pd_store *s,
		    const struct set_args *a, int team, struct pd_diag *d)
{
	struct pd_result_lines lines;
	char *data;
	size_t len, i;
	int ret;

	if ((ret = pd_file_read(a->file, &data, &len, d)) < 0)
		return ret;
	ret = pd_results_csv_parse(&lines, data, len, a->file,
				   cli_registry(cli), d);
	free(data);
	if (ret < 0)
		return ret;
	ret = pd_store_results_close(s, a->event, 0, 0, NULL, d);
	for (i = 0; i < lines.n && ret == 0; i++)
		if ((ret = add_line(s, a->event, team, &lines.v[i], d)) < 0 &&
		    !d->file[0])
			pd_diag_set(d, ret, a->file, lines.v[i].line, "%s",
				    d->msg);
	if (ret == 0)
		fprintf(stderr, "podium: event %ld: %zu results from %s\n",
			a->event, lines.n, a->file);
	pd_result_lines_release(&lines);
	return ret;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct set_args a;
	struct pd_diag d = { "", 0, "" };
	struct pd_event_info e;
	struct pd_store *s;
	int ret, code = 0;

	memset(&a, 0, sizeof(a));
	if ((ret = parse_args(&a, argc, argv)))
		return ret;
	if (!(s = cli_store(cli, &code)))
		return code;
	if ((ret = pd_store_event_get(s, a.event, &e, &d)) < 0)
		return cli_fail(ret, &d);
	if (!(s = cli_change_begin(cli, e.games, a.reason, &code))) {
		pd_event_info_release(&e);
		return code;
	}
	ret = a.file ? set_file(cli, s, &a, e.team, &d) :
		       set_one(cli, s, &a, &d);
	pd_event_info_release(&e);
	return cli_change_end(cli, ret, &d);
}

const struct cli_command cmd_result = {
	"result", run, "enter or correct results",
	"usage: podium result set EVENT (--athlete ID | --npc CODE --name NAME |\n"
	"                                --npc CODE --team NAME)\n"
	"                         [--rank N|-] [--mark M] [--value V] [--irm IRM]\n"
	"                         [--records WR,PR] [--reason R]\n"
	"       podium result set EVENT --file RANKING.csv [--reason R]\n"
	"\n"
	"The first form sets one competitor's result, replacing any earlier\n"
	"one; a new athlete is added by name and NPC.  The second replaces\n"
	"the event's whole ranking with a CSV whose header names npc and name,\n"
	"and as needed rank, mark, value, irm, records (names in a team event\n"
	"are teams).\n"
	"\n"
	"Ranks are competition ranks: a tie shares the rank.  --mark is the\n"
	"mark as shown (10.62, 2:03:45), --value a number that sorts it; an\n"
	"IRM (DNS, DNF, DSQ ...) keeps a result off the podium.  Medals follow\n"
	"from the ranks under the event's policy ('podium event show EVENT').\n"
	"Each call is one change in the log; earlier results stay readable\n"
	"with --as-of.\n",
};
