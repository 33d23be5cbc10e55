/* cmd_migrate.c -- 'podium migrate --from A --to B': copy a whole store
 * to an empty one, SQLite to PostgreSQL or back (pd_op_migrate). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static void told(void *arg, const char *table, size_t rows)
{
	(void)arg;
	fprintf(stderr, "podium: %-16s %zu rows\n", table, rows);
}

static int run(struct cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "to", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	const struct pd_op_notify notify = { .table = told };
	struct pd_diag d = { "", 0, "" };
	const char *from = NULL, *to = NULL;
	size_t rows;
	int c, ret;

	(void)cli;
	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 'f')
			from = optarg;
		else if (c == 't')
			to = optarg;
		else
			return cli_usage(&cmd_migrate, NULL);
	}
	if (optind < argc || !from || !to)
		return cli_usage(&cmd_migrate,
				 N_("migrate needs --from and --to"));
	if ((ret = pd_op_migrate(from, to, &notify, &rows, &d)) < 0)
		return cli_fail(ret, &d);
	fprintf(stderr, "podium: copied %zu rows from %s to %s\n", rows,
		cli_text(from), cli_text(to));
	return EXIT_OK;
}

const struct cli_command cmd_migrate = {
	"migrate", run, "copy a whole store to the other backend",
	"usage: podium migrate --from STORE --to STORE\n"
	"\n"
	"Copies every table of one store into an empty one: a SQLite file\n"
	"(a path) or a PostgreSQL database (postgresql://... or\n"
	"postgres://...), either way.  Games, NPCs, events, athletes,\n"
	"results with their history, published tables, sanctions, tokens and\n"
	"the audit log keep their ids, versions and dates, so the copy's\n"
	"tables, log and --as-of tables are the source's.\n"
	"\n"
	"The source is read at one version, whatever is written meanwhile;\n"
	"the target is written in one transaction and must hold nothing (a\n"
	"new file, or a database with no podium schema yet: migrate makes\n"
	"it).  To move a running Games, stop its writers first, migrate,\n"
	"then start the servers on the new store.\n"
	"\n"
	"  --from STORE   the store to copy (it must exist)\n"
	"  --to STORE     the empty store to fill\n"
	"\n"
	"Exit 0 copied; 2 the target holds data or the source is not there\n"
	"(nothing written); 3 a storage error.\n",
};
