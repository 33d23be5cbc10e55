/* ref.c -- load a standings reference for table and diff: src/app reads
 * it (app.h); this opens the store when one is named and says what went
 * wrong.  And why a read of results found nothing in a Games that holds
 * only its published table. */
#include "cli.h"

int cli_ref_load(struct cli *cli, const char *ref,
		 const struct pd_ref_opts *o, struct pd_ref *r)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_store *s = NULL;
	int ret, code = 0;

	if ((ret = pd_ref_init(r, ref, &d)) < 0)
		return cli_fail(ret, &d);
	/* a file needs no store, and must not make one */
	if (!r->path && !(s = cli_store(cli, &code)))
		return code;
	ret = pd_ref_load(r, s, cli_registry(cli), o, &d);
	return ret < 0 ? cli_fail(ret, &d) : 0;
}

/* One Games: its published table and no official result to read. */
static size_t why_one(struct cli *cli, const char *games, const char *what)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_cover c;

	if (pd_games_cover(cli->store, games, &c, &d) < 0 ||
	    !c.published[0] || c.done > 0)
		return 0;
	cli_error(N_("%s has its published table (%s@%s) but no official "
		  "results, and %s come from results: 'podium table --games "
		  "%s' shows the table; 'podium import medals FILE --games %s' "
		  "or 'podium result set' adds results"), games, games,
		  c.published, cli_msg(what), games, games);
	return 1;
}

size_t cli_why_no_results(struct cli *cli, const char *games,
			  const char *what)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games *v = NULL;
	size_t n = 0, i, said = 0;

	if (!cli->store)
		return 0;
	if (games)
		return why_one(cli, games, what);
	if (pd_store_games_list(cli->store, &v, &n, &d) < 0)
		return 0;
	for (i = 0; i < n; i++)
		said += why_one(cli, v[i].code, what);
	pd_games_list_free(v, n);
	return said;
}
