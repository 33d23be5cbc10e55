/* cmd_schedule.c -- 'podium schedule': a Games' units by start time, at
 * their local times, with status and medal role (units_ops.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "podium/units_ops.h"
#include "cli.h"

struct args {
	char games[PD_GAMES_CODE];
	struct pd_unit_query q;
	const char *lang;
	const char *format;	/* "text" or "odf" */
	const char *message;	/* odf: "schedule", "partic", "teams" */
	const char *feed;	/* odf: the folder for the whole feed */
};

static int parse(struct args *a, int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *o = argv[i];

		if (i + 1 >= argc)
			return cli_usage(&cmd_schedule, N_("unexpected argument"));
		if (!strcmp(o, "--games")) {
			if (pd_games_code(a->games, sizeof(a->games),
					  argv[++i]))
				return cli_usage(&cmd_schedule, N_("bad --games"));
		} else if (!strcmp(o, "--date")) {
			a->q.day = argv[++i];
			if (strlen(a->q.day) != 10 || a->q.day[4] != '-' ||
			    a->q.day[7] != '-')
				return cli_usage(&cmd_schedule, N_("--date takes "
						 "YYYY-MM-DD"));
		} else if (!strcmp(o, "--venue")) {
			a->q.venue = argv[++i];
		} else if (!strcmp(o, "--sport")) {
			a->q.discipline = argv[++i];
		} else if (!strcmp(o, "--format")) {
			a->format = argv[++i];
			if (strcmp(a->format, "text") && strcmp(a->format, "odf"))
				return cli_usage(&cmd_schedule, N_("--format is "
						 "text or odf"));
		} else if (!strcmp(o, "--feed")) {
			a->feed = argv[++i];
		} else if (!strcmp(o, "--message")) {
			a->message = argv[++i];
			if (strcmp(a->message, "schedule") &&
			    strcmp(a->message, "partic") &&
			    strcmp(a->message, "teams"))
				return cli_usage(&cmd_schedule, N_("--message is "
						 "schedule, partic or teams"));
		} else if (!strcmp(o, "--lang")) {
			if (!(a->lang = cli_lang(argv[++i])))
				return cli_usage(&cmd_schedule, N_("--lang is zh, en or fr"));
		} else {
			return cli_usage(&cmd_schedule, N_("unexpected argument"));
		}
	}
	if (!a->games[0])
		return cli_usage(&cmd_schedule, N_("--games is required"));
	if (strcmp(a->format, "odf") &&
	    (strcmp(a->message, "schedule") || a->feed))
		return cli_usage(&cmd_schedule, N_("--message and --feed go "
				 "with --format odf"));
	if (a->feed && (strcmp(a->message, "schedule") || a->q.discipline))
		return cli_usage(&cmd_schedule, N_("--feed writes every "
				 "message of the Games: --message and --sport "
				 "do not apply"));
	if (!strcmp(a->format, "odf") && (a->q.day || a->q.venue))
		return cli_usage(&cmd_schedule, N_("--format odf sends the "
				 "Games' or a discipline's whole schedule: "
				 "--date and --venue do not apply"));
	a->q.games = a->games;
	return 0;
}

/* -- --feed DIR: every message of the Games' units, a file each */

struct feed {
	const char *dir;
	size_t files, bytes;
	struct pd_diag *d;
};

static int put(struct feed *f, const char *name, const struct pd_buf *b)
{
	char path[4096];
	FILE *fp;
	int bad;

	snprintf(path, sizeof(path), "%s/%s", f->dir, name);
	if (!(fp = fopen(path, "wb")))
		return pd_diag_set(f->d, PD_EIO, path, 0, "cannot write: %s",
				   strerror(errno));
	bad = fwrite(b->data, 1, b->len, fp) != b->len;
	bad |= fclose(fp) != 0;
	if (bad)
		return pd_diag_set(f->d, PD_EIO, path, 0, "cannot write");
	f->files++;
	f->bytes += b->len;
	return 0;
}

static int put_unit(const char *rsc, const struct pd_buf *msg, void *arg)
{
	char name[64];

	snprintf(name, sizeof(name), "result-%s.xml", rsc);
	return put(arg, name, msg);
}

static int write_feed(struct pd_store *s, const struct args *a,
		      struct pd_diag *d)
{
	static const char *const msgs[] = { "schedule", "partic", "teams" };
	struct feed f = { a->feed, 0, 0, d };
	struct pd_buf b;
	char name[32];
	size_t i;
	int ret = 0;

	pd_buf_init(&b, 0);
	for (i = 0; i < 3 && ret == 0; i++) {
		b.len = 0;
		snprintf(name, sizeof(name), "%s.xml", msgs[i]);
		ret = pd_doc_odf_schedule(&b, s, &a->q, msgs[i], d);
		/* the folder once the first message is made: none is left
		 * behind when the Games or libxml2 is missing */
		if (ret == 0 && i == 0 && mkdir(a->feed, 0777) < 0 &&
		    errno != EEXIST)
			ret = pd_diag_set(d, PD_EIO, a->feed, 0, "cannot make "
					  "the folder: %s", strerror(errno));
		if (ret == 0)
			ret = put(&f, name, &b);
	}
	pd_buf_release(&b);
	if (ret == 0)
		ret = pd_doc_odf_units_each(s, a->games, put_unit, &f, d);
	if (ret == 0)
		fprintf(stderr, "podium: wrote %zu ODF messages (%zu bytes) "
			"to %s\n", f.files, f.bytes, a->feed);
	return ret;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_store *s;
	struct pd_buf out;
	struct args a;
	int code;

	memset(&a, 0, sizeof(a));
	a.lang = "en";
	a.format = "text";
	a.message = "schedule";
	if ((code = parse(&a, argc, argv)) != 0)
		return code;
	if ((code = cli_store_games(cli, a.games)) != 0)
		return code;
	if (!(s = cli_store(cli, &code)))
		return code;
	pd_buf_init(&out, 0);
	if (a.feed)
		return cli_output(write_feed(s, &a, &d), &out, &d);
	return cli_output(!strcmp(a.format, "odf") ?
			  pd_doc_odf_schedule(&out, s, &a.q, a.message, &d) :
			  pd_op_schedule(s, &a.q, a.lang, &out, &d), &out, &d);
}

const struct cli_command cmd_schedule = {
	"schedule", run, "list a Games' units by start time",
	"usage: podium schedule --games G [--date YYYY-MM-DD] [--venue V]\n"
	"                       [--sport S] [--lang zh|en|fr]\n"
	"       podium schedule --games G --format odf [--sport S]\n"
	"                       [--message schedule|partic|teams]\n"
	"       podium schedule --games G --format odf --feed DIR\n"
	"\n"
	"The units 'podium import units' keeps from the Games' schedule, by\n"
	"start time, a line each: the local day, start and end at the unit's\n"
	"time zone (a venue's own where the data names one, Teahupo'o's\n"
	"Pacific/Tahiti; else the Games', Europe/Paris for OG2024; else UTC,\n"
	"said so), at the offset of the system's tzdata, status\n"
	"(finished, cancelled, scheduled ...), discipline, event and unit,\n"
	"venue, the unit's ODF results code, and its medal role: 'gold medal'\n"
	"for the unit that decides gold, 'bronze medal' for a bronze one\n"
	"(--lang zh: 金牌, 铜牌).  Then how many units, of which gold and\n"
	"bronze.  --date is the local day; --venue and --sport (the\n"
	"discipline as the data names it: 'Cycling Road') take exact names.\n"
	"\n"
	"--format odf writes the ODF message instead (docs/ODF.md): the\n"
	"DT_SCHEDULE of every unit, sub-unit and standing of the Games (or of\n"
	"the discipline --sport names), with its results code, start and end\n"
	"at the unit's local offset, status, venue and medal flag.  The\n"
	"participants are those of the schedule's units, so their messages\n"
	"come from here too: --message partic writes DT_PARTIC (every athlete\n"
	"of the units' results and the teams' rosters, with the events each\n"
	"is in), --message teams DT_PARTIC_TEAMS (each team and its roster).\n"
	"'podium import odf' reads them back with each unit's DT_RESULT\n"
	"('podium unit show RSC --format odf').  --feed DIR writes the whole\n"
	"feed into the folder DIR (made if absent), a file a message:\n"
	"schedule.xml, partic.xml, teams.xml and result-RSC.xml for every\n"
	"unit with results, ready for 'podium import odf DIR'.\n",
};
