/* cmd_stats.c -- 'podium stats': a Games' figures (athletes, women, NPCs,
 * events per sport, records, sanctions, medal-winning NPCs) as text or
 * JSON.  A figure the data cannot give is printed as unknown, never 0. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/doc.h"
#include "podium/entry_ops.h"
#include "podium/facts_ops.h"
#include "podium/stats.h"
#include "cli.h"

struct args {
	char games[PD_GAMES_CODE];
	const char *format;
	const char *by;
};

static int option(int c, char *arg, void *ctx)
{
	struct args *a = ctx;

	switch (c) {
	case 'g':
		if (pd_games_code(a->games, sizeof(a->games), arg) < 0)
			return cli_usage(&cmd_stats, N_("--games takes a "
					 "code such as PG2024"));
		break;
	case 'f':
		if (strcmp(arg, "text") && strcmp(arg, "json"))
			return cli_usage(&cmd_stats, N_("--format is text "
					 "or json"));
		a->format = arg;
		break;
	case 'b':
		if (strcmp(arg, "npc") && strcmp(arg, "sport"))
			return cli_usage(&cmd_stats,
					 N_("--by is npc or sport"));
		a->by = arg;
		break;
	}
	return 0;
}

static int parse_args(struct args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "format", required_argument, NULL, 'f' },
		{ "by", required_argument, NULL, 'b' },
		{ NULL, 0, NULL, 0 },
	};
	int ret;

	if ((ret = cli_options(&cmd_stats, argc, argv, longopts, option, a)))
		return ret;
	if (optind < argc)
		return cli_usage(&cmd_stats, N_("unexpected argument"));
	if (!a->games[0])
		return cli_usage(&cmd_stats, N_("--games is required"));
	return 0;
}

#define LINE(b, label, ...) \
	(pd_buf_addf(b, "%-19s", label) < 0 || pd_buf_addf(b, __VA_ARGS__) < 0)

/* Athletes with a result are those who took part only when the store
 * holds more than medal placings; else they are the medallists. */
static int text_people(struct pd_buf *b, const struct pd_games_stats *st,
		       const struct pd_cover *c)
{
	long share = pd_share_tenths(st->women, st->athletes);
	char cover[160];
	int err = 0;

	/* a published table stands: a few results say who won those few */
	if (c->source[0]) {
		pd_cover_text(cover, sizeof(cover), c, "en");
		err |= LINE(b, "athletes", "unknown (%s)\n", cover);
		err |= LINE(b, "NPCs taking part", "unknown (%s)\n", cover);
		return err;
	}
	if (!st->participation_known && st->units_held)
		err |= LINE(b, "athletes", "%ld (the units' start lists)\n",
			    st->units_athletes) ||
		       LINE(b, "medallists", "%ld\n", st->athletes);
	else if (st->athletes == 0)
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
	else if (st->units_held)
		err |= LINE(b, "NPCs taking part", "%ld (the units' start "
			    "lists)\n", st->units_npcs);
	else
		err |= LINE(b, "NPCs taking part", "unknown (%s)\n",
			    st->results ? "only medal placings in the store" :
			    "no results in the store");
	if (st->entries)
		err |= LINE(b, "start lists", "%ld athletes, %ld of %ld "
			    "events\n", st->entries, st->events_entered,
			    st->events);
	if (st->units_held)
		err |= LINE(b, "units' start lists", "%ld athletes, %ld teams, "
			    "%ld NPCs\n", st->units_athletes, st->units_teams,
			    st->units_npcs);
	return err;
}

static int text(const struct pd_games *g, const struct pd_games_stats *st,
		const struct pd_cover *c, const struct pd_registry *reg,
		struct pd_buf *b)
{
	char cover[160];
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
	err |= text_people(b, st, c);
	pd_cover_text(cover, sizeof(cover), c, "en");
	if (c->source[0]) {
		err |= LINE(b, "medal table", "%s@%s as published (%s)\n",
			    g->code, c->source, cover);
		err |= LINE(b, "NPCs with a medal", "%ld\n", st->npcs_medal);
		err |= LINE(b, "NPCs with a gold", "%ld\n", st->npcs_gold);
		err |= LINE(b, "medals", "%ld gold, %ld silver, %ld bronze: "
			    "%ld\n", m[0], m[1], m[2], m[0] + m[1] + m[2]);
		err |= LINE(b, "events", "%ld on the table, %ld with results "
			    "in %zu sport%s\n", c->known, c->done,
			    st->sports.n, st->sports.n == 1 ? "" : "s");
	} else if (st->results == 0) {
		err |= LINE(b, "medals", "unknown (no results in the "
			    "store)\n");
	} else {
		err |= LINE(b, "NPCs with a medal", "%ld\n", st->npcs_medal);
		err |= LINE(b, "NPCs with a gold", "%ld\n", st->npcs_gold);
		err |= LINE(b, "medals", "%ld gold, %ld silver, %ld bronze: "
			    "%ld\n", m[0], m[1], m[2], m[0] + m[1] + m[2]);
	}
	if (c->published[0] && !c->source[0])
		err |= LINE(b, "medal table", "ranked from the results (%s)\n",
			    cover);
	if (!c->source[0])
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

/* --by: who took part, one row an NPC or a sport */
static int text_by(struct pd_buf *b, const struct pd_participation *p,
		   const char *by)
{
	const struct pd_counts *c = strcmp(by, "npc") ? &p->by_sport :
						       &p->by_npc;
	size_t i;
	int err = 0;

	if (!p->known)
		err |= pd_buf_adds(b, "(who took part is not known: the store "
				   "holds only medal placings, and not every "
				   "event has a start list; the rows count "
				   "the athletes it does hold)\n") < 0;
	err |= pd_buf_addf(b, "%-28s %8s %8s %8s\n", by, "athletes", "women",
			   "men") < 0;
	for (i = 0; i < c->n; i++)
		err |= pd_buf_addf(b, "%-28s %8ld %8ld %8ld\n",
				   cli_text(c->rows[i].key), c->rows[i].n[0],
				   c->rows[i].n[1], c->rows[i].n[2]) < 0;
	err |= pd_buf_addf(b, "%-28s %8ld %8ld %8ld\n", "all", p->athletes,
			   p->women, p->men) < 0;
	if (!p->prior)
		err |= pd_buf_adds(b, "first-time NPCs: unknown (no earlier "
				   "Games of its kind in the store)\n") < 0;
	else
		err |= pd_buf_addf(b, "first-time NPCs: %ld%s", p->first_time,
				   p->first_npcs.n ? " (" : "\n") < 0;
	for (i = 0; p->prior && i < p->first_npcs.n; i++)
		err |= pd_buf_addf(b, "%s%s", p->first_npcs.v[i],
				   i + 1 < p->first_npcs.n ? ", " : ")\n") < 0;
	return err ? PD_ETOOBIG : 0;
}

/* The officials: only counts are known, as facts (officials.*). */
static int text_officials(struct pd_buf *b, struct pd_store *s,
			  const char *games, struct pd_diag *d)
{
	struct pd_facts l;
	size_t i;
	int ret, err = 0;

	pd_facts_init(&l);
	if ((ret = pd_facts_read(s, games, &l, d)) < 0)
		return ret;
	for (i = 0; i < l.n; i++) {
		const struct pd_fact *f = &l.v[i];

		if (strncmp(f->key, "officials.", 10))
			continue;
		err |= pd_buf_addf(b, "%s: %s%s", f->key, f->qualifier,
				   *f->qualifier ? " " : "") < 0;
		err |= pd_fact_format(b, f->value, "en") < 0;
		err |= pd_buf_addf(b, " %s (stated: %s %s)\n", f->unit,
				   f->source, f->cite) < 0;
	}
	pd_facts_release(&l);
	return err ? PD_ETOOBIG : 0;
}

static int run_by(struct cli *cli, const struct pd_games *g, const char *by,
		  const char *format)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_participation p;
	struct pd_buf b;
	int ret;

	memset(&p, 0, sizeof(p));
	pd_buf_init(&b, 0);
	if (!strcmp(format, "json"))
		ret = pd_doc_participation(&b, cli->store, g->code, g->version,
					   PD_DOC_PRETTY, &d);
	else if ((ret = pd_store_participation(cli->store, g->code, &p,
					       &d)) == 0 &&
		 (ret = text_by(&b, &p, by)) == 0)
		ret = text_officials(&b, cli->store, g->code, &d);
	ret = ret < 0 ? cli_fail(ret, &d) : cli_write(&b);
	pd_buf_release(&b);
	pd_participation_release(&p);
	return ret;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games_stats st;
	struct pd_cover cover;
	struct args a = { "", "text", NULL };
	struct pd_games g;
	struct pd_buf b;
	int ret, code = 0;

	if ((ret = parse_args(&a, argc, argv)))
		return ret;
	if (!cli_store(cli, &code))
		return code;
	if ((ret = pd_store_games_get(cli->store, a.games, &g, &d)) < 0)
		return cli_fail(ret, &d);
	if (a.by) {
		ret = run_by(cli, &g, a.by, a.format);
		pd_games_release(&g);
		return ret;
	}
	if ((ret = pd_games_stats_read(cli->store, a.games, &st, &cover,
				       &d)) < 0) {
		pd_games_stats_release(&st);
		pd_games_release(&g);
		return cli_fail(ret, &d);
	}
	pd_buf_init(&b, 0);
	ret = strcmp(a.format, "json") ? text(&g, &st, &cover,
					      cli_registry(cli), &b)
				      : pd_doc_stats(&b, &g, g.version, &st,
						     &cover, PD_DOC_PRETTY);
	ret = cli_output(ret, &b, &d);
	pd_games_stats_release(&st);
	pd_games_release(&g);
	return ret;
}

const struct cli_command cmd_stats = {
	"stats", run, "show a Games' figures: athletes, NPCs, events, records",
	"usage: podium stats --games GAMES [--format text|json]\n"
	"       podium stats --games GAMES --by npc|sport [--format text|json]\n"
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
	"such.  Who took part counts the start lists too ('podium entry'):\n"
	"with one for every event, the athletes and NPCs are known.  A Games\n"
	"of 'podium import units' holds its units' start lists: their\n"
	"athletes, teams and NPCs are said as such ('units' start lists'),\n"
	"beside the medallists (JSON: start_lists, null without units).\n"
	"\n"
	"--by npc or --by sport breaks who took part down: the athletes,\n"
	"women and men of each NPC or sport (an athlete of two sports is in\n"
	"both rows, and once in all), and the NPCs at their first Games: those\n"
	"with no result in an earlier Games of the kind and season the store\n"
	"holds (unknown when it holds none); the officials, of whom only\n"
	"counts are known, as facts (officials.*).  With --format json it is the\n"
	"document of GET /api/games/GAMES/participation.\n"
	"\n"
	"  --format text|json   text (default) or one JSON object, the same\n"
	"                       document as GET /api/games/GAMES/stats (its\n"
	"                       participation_known false: athletes and npcs\n"
	"                       count medallists only; results 0: no medal\n"
	"                       figures)\n",
};
