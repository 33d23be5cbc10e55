/* ref.c -- load a standings reference for table and diff: src/app reads
 * it (app.h); this opens the store when one is named and says what went
 * wrong. */
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
