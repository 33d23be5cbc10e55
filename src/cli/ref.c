/* ref.c -- load a standings reference: GAMES (its medals), GAMES@SOURCE (a
 * published table) or a file (a published table, text or CSV). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "podium/audit.h"
#include "cli.h"

void cli_ref_release(struct cli_ref *r)
{
	pd_tally_release(&r->tally);
	if (r->have_info)
		pd_games_release(&r->info);
	if (r->have_pub)
		pd_published_release(&r->pub);
	memset(r, 0, sizeof(*r));
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);

	return n >= m && !strcasecmp(s + n - m, tail);
}

static int load_file(struct cli *cli, const char *path, struct cli_ref *r)
{
	struct pd_csv_opts opts;
	struct pd_diag d = { "", 0, "" };
	char *data;
	size_t len;
	int ret;

	memset(&opts, 0, sizeof(opts));
	if ((ret = pd_file_read(path, &data, &len, &d)) < 0)
		return cli_fail(ret, &d);
	if (ends_with(path, ".csv") || ends_with(path, ".csv.gz"))
		ret = pd_standings_csv_parse(&r->pub, data, len, path,
					     cli_registry(cli), &opts, &d);
	else
		ret = pd_table_text_parse(&r->pub, data, len, path,
					  cli_registry(cli), &d);
	free(data);
	if (ret < 0)
		return cli_fail(ret, &d);
	r->have_pub = 1;
	snprintf(r->label, sizeof(r->label), "%s", path);
	if (pd_published_tally(&r->pub, &r->tally) < 0)
		return cli_fail(PD_ENOMEM, &d);
	return 0;
}

/* Split "GAMES@SOURCE"; the Games code is upper-cased. */
static int split_ref(const char *ref, struct cli_ref *r)
{
	const char *at = strchr(ref, '@');
	size_t n = at ? (size_t)(at - ref) : strlen(ref), i;

	if (n == 0 || n >= sizeof(r->games) || (at && !at[1]) ||
	    (at && strlen(at + 1) >= sizeof(r->source)))
		return -1;
	for (i = 0; i < n; i++)
		r->games[i] = (char)toupper((unsigned char)ref[i]);
	r->games[n] = '\0';
	snprintf(r->source, sizeof(r->source), "%s", at ? at + 1 : "");
	snprintf(r->label, sizeof(r->label), "%s%s%s", r->games,
		 at ? "@" : "", r->source);
	return 0;
}

/* --as-of: a version number, or a date or date-time (UTC, ISO 8601). */
static int as_of_version(struct pd_store *s, const struct cli_ref *r,
			 const char *as_of, long *version,
			 struct pd_diag *d)
{
	size_t i;

	for (i = 0; as_of[i] >= '0' && as_of[i] <= '9'; i++)
		;
	if (!as_of[i] && i > 0 && i < 10) {
		*version = atol(as_of);
		if (*version <= r->info.version)
			return 0;
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "%s is at version "
				   "%ld; --as-of %s is in the future",
				   r->games, r->info.version, as_of);
	}
	if (strlen(as_of) < 10 || as_of[4] != '-' || as_of[7] != '-')
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "--as-of '%s': give "
				   "a version number or a date such as "
				   "2004-09-20", as_of);
	if (pd_store_version_at(s, r->games, as_of, version, d) < 0)
		return PD_ESTORE;
	if (*version == 0)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "%s had no changes "
				   "by %s", r->games, as_of);
	return 0;
}

int cli_ref_load(struct cli *cli, const char *ref,
		 const struct cli_ref_opts *o, struct cli_ref *r)
{
	static const struct cli_ref_opts none = { NULL, 0, NULL };
	struct pd_diag d = { "", 0, "" };
	struct pd_query q;
	const char *sport;
	struct pd_store *s;
	struct stat st;
	int ret, code = 0;

	memset(r, 0, sizeof(*r));
	o = o ? o : &none;
	sport = o->sport;
	if (stat(ref, &st) == 0 && S_ISREG(st.st_mode))
		return load_file(cli, ref, r);
	if (split_ref(ref, r) < 0) {
		cli_error("'%s' is neither a file nor GAMES[@SOURCE]", ref);
		return EXIT_USAGE;
	}
	if (!(s = cli_store(cli, &code)))
		return code;
	if ((ret = pd_store_games_get(s, r->games, &r->info, &d)) < 0)
		return cli_fail(ret, &d);
	r->have_info = 1;
	if (r->source[0]) {
		if (sport || o->as_of || o->include_unofficial) {
			cli_error("--sport, --as-of and --include-unofficial "
				  "need results, and %s is a published table",
				  r->label);
			return EXIT_USAGE;
		}
		if ((ret = pd_store_published_get(s, r->games, r->source,
						  &r->pub, &d)) < 0)
			return cli_fail(ret, &d);
		r->have_pub = 1;
		ret = pd_published_tally(&r->pub, &r->tally);
	} else {
		if (o->as_of && (ret = as_of_version(s, r, o->as_of,
						     &r->as_of, &d)) < 0)
			return cli_fail(ret, &d);
		q.games = r->games;
		q.sport = sport;
		q.include_unofficial = o->include_unofficial;
		q.as_of = r->as_of;
		ret = pd_store_tally_q(s, &q, &r->tally, NULL, &d);
	}
	return ret < 0 ? cli_fail(ret, &d) : 0;
}
