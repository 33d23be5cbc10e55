/* games.c -- the Games and the sources of their medals, as an operator
 * manages them (see ops.h): a Games is made on purpose, never by a typo;
 * it is renamed and removed with an audit record; and a Games ranks its
 * own results with at most one imported medal source, the others kept
 * apart as GAMES@SOURCE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/bundled.h"
#include "podium/io.h"
#include "podium/label.h"
#include "podium/published.h"
#include "app_int.h"

static int iso_date(const char *s)
{
	static const char shape[] = "dddd-dd-dd";
	size_t i;

	if (!*s)
		return 1;
	for (i = 0; shape[i]; i++)
		if (shape[i] == 'd' ? !(s[i] >= '0' && s[i] <= '9') :
		    s[i] != '-')
			return 0;
	return s[i] == '\0';
}

/* in's fields, each checked; a field NULL is not given. */
static int check_games(const struct pd_games_input *in, struct pd_diag *d)
{
	int ret;

	if (in->kind && strcmp(in->kind, "olympics") &&
	    strcmp(in->kind, "paralympics"))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "kind '%s': use "
				   "olympics or paralympics", in->kind);
	if (in->season && strcmp(in->season, "summer") &&
	    strcmp(in->season, "winter"))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "season '%s': use "
				   "summer or winter", in->season);
	if ((in->start && !iso_date(in->start)) ||
	    (in->end && !iso_date(in->end)))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "dates are ISO "
				   "(2028-07-14), not '%s'", in->start &&
				   !iso_date(in->start) ? in->start : in->end);
	if (in->start && in->end && *in->start && *in->end &&
	    strcmp(in->start, in->end) > 0)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "the Games end (%s) "
				   "before they start (%s)", in->end,
				   in->start);
	if (in->host && strlen(in->host) >= PD_CODE_MAX)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "host '%s' is not "
				   "an NPC code", in->host);
	if ((ret = pd_name_check("name", in->name_en, PD_NAME_MAX, 1, d)) < 0)
		return ret;
	return pd_name_check("Chinese name", in->name_zh, PD_NAME_MAX, 1, d);
}

/* A change note for each field of g that in sets otherwise. */
static int field(json_t *list, const char *what, const char *name,
		 char **have, const char *want)
{
	char *copy;

	if (!want || !strcmp(*have ? *have : "", want))
		return 0;
	if (json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:s}",
			"what", what, "field", name, "before",
			*have ? *have : "", "after", want)) < 0 ||
	    !(copy = strdup(want)))
		return PD_ENOMEM;
	free(*have);
	*have = copy;
	return 0;
}

static int apply(json_t *list, struct pd_games *g,
		 const struct pd_games_input *in)
{
	char what[40], *host = strdup(g->host);
	int ret;

	snprintf(what, sizeof(what), "Games %s", g->code);
	if (!host)
		return PD_ENOMEM;
	if ((ret = field(list, what, "name_en", &g->name_en, in->name_en)) < 0 ||
	    (ret = field(list, what, "name_zh", &g->name_zh, in->name_zh)) < 0 ||
	    (ret = field(list, what, "kind", &g->kind, in->kind)) < 0 ||
	    (ret = field(list, what, "season", &g->season, in->season)) < 0 ||
	    (ret = field(list, what, "host", &host, in->host)) < 0 ||
	    (ret = field(list, what, "start", &g->start, in->start)) < 0 ||
	    (ret = field(list, what, "end", &g->end, in->end)) < 0)
		goto cleanup;
	snprintf(g->host, sizeof(g->host), "%s", host);
	if (g->start && strlen(g->start) >= 4)
		g->year = atol(g->start);
	else if (!g->year)
		g->year = atol(g->code + strcspn(g->code, "0123456789"));
cleanup:
	free(host);
	return ret;
}

/* Write g as changed by in, in one audited change (a new Games when
 * fresh); unchanged (no version) when in changes nothing. */
static int games_write(struct pd_store *s, struct pd_games *g, int fresh,
		       const struct pd_games_input *in,
		       const struct pd_who *who, struct pd_op_done *done,
		       struct pd_diag *d)
{
	json_t *list = json_array();
	char *text = NULL;
	long version = 0;
	int ret;

	if (!list)
		return PD_ENOMEM;
	if (fresh && json_array_append_new(list, json_pack("{s:s, s:s, s:s, "
			"s:s}", "what", "Games", "field", "code", "before", "",
			"after", g->code)) < 0)
		ret = PD_ENOMEM;
	else
		ret = apply(list, g, in);
	if (ret == 0 && json_array_size(list) == 0) {
		pd_store_rollback(s);
		if (done) {
			done->unchanged = 1;
			done->version = g->version;
			ret = pd_strings_add(&done->said, "unchanged") < 0 ?
			      PD_ENOMEM : 0;
		}
		json_decref(list);
		return ret;
	}
	if (ret == 0)
		ret = pd_store_games_put(s, g, d);
	if (ret == 0)
		ret = app_change(s, g->code, 0, who, NULL, &version, d);
	if (ret == 0 && !(text = json_dumps(list, JSON_COMPACT |
					    JSON_PRESERVE_ORDER)))
		ret = PD_ENOMEM;
	if (ret == 0)
		ret = pd_store_change_note(s, g->code, version, text, d);
	ret = app_end(s, ret, d);
	if (ret == 0 && done) {
		struct pd_strings lines;
		size_t i;

		done->version = version;
		pd_strings_init(&lines);
		ret = pd_op_changes_lines(text, &lines);
		for (i = 0; ret == 0 && i < lines.n; i++)
			if (pd_strings_add(&done->said, lines.v[i]) < 0)
				ret = PD_ENOMEM;
		pd_strings_release(&lines);
		if (ret == 0)
			ret = app_done_lists(done, list, NULL);
	}
	free(text);
	json_decref(list);
	return ret;
}

int pd_op_games_add(struct pd_store *s, const struct pd_games_input *in,
		    const struct pd_who *who, struct pd_op_done *done,
		    struct pd_diag *diag)
{
	struct pd_games g, have;
	char code[PD_GAMES_CODE];
	int ret;

	app_done_reset(done);
	if (!in->code || pd_games_code(code, sizeof(code), in->code) < 0 ||
	    pd_ident_check("Games code", code, diag) < 0)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "bad Games code "
				   "'%s': use letters and the year, such as "
				   "PG2028", in->code ? in->code : "");
	if ((ret = check_games(in, diag)) < 0)
		return ret;
	memset(&g, 0, sizeof(g));
	snprintf(g.code, sizeof(g.code), "%s", code);
	if ((ret = app_begin(s, diag)) < 0)
		return ret;
	ret = pd_store_games_get(s, code, &have, diag);
	if (ret == 0) {
		pd_games_release(&have);
		return app_end(s, pd_diag_set(diag, PD_EEXISTS, NULL, 0, "Games "
				  "%s exists: 'podium games rename' changes its "
				  "names", code), diag);
	}
	if (ret != PD_ENOTFOUND)
		return app_end(s, ret, diag);
	if (diag)
		memset(diag, 0, sizeof(*diag));
	ret = games_write(s, &g, 1, in, who, done, diag);
	pd_games_release(&g);
	return ret;
}

int pd_op_games_rename(struct pd_store *s, const struct pd_games_input *in,
		       const struct pd_who *who, struct pd_op_done *done,
		       struct pd_diag *diag)
{
	struct pd_games g;
	char code[PD_GAMES_CODE];
	int ret;

	app_done_reset(done);
	if (!in->code || pd_games_code(code, sizeof(code), in->code) < 0)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "bad Games code");
	if ((ret = check_games(in, diag)) < 0)
		return ret;
	if ((ret = app_begin(s, diag)) < 0)
		return ret;
	if ((ret = pd_store_games_get(s, code, &g, diag)) < 0)
		return app_end(s, ret, diag);
	ret = games_write(s, &g, 0, in, who, done, diag);
	pd_games_release(&g);
	return ret;
}

static int count_event(const struct pd_event_info *e, size_t results,
		       void *arg)
{
	(*(size_t *)arg)++;
	return 0;
}

int pd_op_games_remove(struct pd_store *s, const char *games, int force,
		       const struct pd_who *who, struct pd_op_done *done,
		       struct pd_diag *diag)
{
	struct pd_strings pub;
	struct pd_games g;
	size_t events = 0;
	int ret;

	app_done_reset(done);
	pd_strings_init(&pub);
	if ((ret = app_begin(s, diag)) < 0)
		return ret;
	if ((ret = pd_store_games_get(s, games, &g, diag)) < 0)
		return app_end(s, ret, diag);
	if ((ret = pd_store_events(s, games, NULL, count_event, &events,
				   diag)) == 0 &&
	    (ret = pd_store_published_sources(s, games, &pub, diag)) == 0 &&
	    (events || pub.n) && !force)
		ret = pd_diag_set(diag, PD_EEXISTS, NULL, 0, "%s holds %zu "
				  "event%s and %zu published table%s: give "
				  "--force to remove it with them", games,
				  events, events == 1 ? "" : "s", pub.n,
				  pub.n == 1 ? "" : "s");
	if (ret == 0)
		ret = pd_store_games_remove(s, games, who->actor, who->command,
					    who->reason, diag);
	ret = app_end(s, ret, diag);
	if (ret == 0 && done) {
		char line[200];

		snprintf(line, sizeof(line), "removed %s (%s) at version %ld, "
			 "with %zu event%s and %zu published table%s", games,
			 g.name_en ? g.name_en : games, g.version, events,
			 events == 1 ? "" : "s", pub.n, pub.n == 1 ? "" : "s");
		done->version = g.version;
		if (pd_strings_add(&done->said, line) < 0)
			ret = PD_ENOMEM;
	}
	pd_strings_release(&pub);
	pd_games_release(&g);
	return ret;
}

/* The sources of games' results other than the operators' and keep. */
struct others {
	const char *keep;
	struct pd_strings v;
	size_t results;
};

static int other_source(const char *source, size_t results, void *arg)
{
	struct others *o = arg;

	if (!strcmp(source, "operator") || !strcmp(source, o->keep))
		return 0;
	o->results += results;
	return pd_strings_add(&o->v, source) < 0 ? PD_ENOMEM : 0;
}

int app_source_rule(struct pd_store *s, const char *games, const char *source,
		    enum pd_source_mode mode, struct pd_diag *d)
{
	struct others o;
	char *names = NULL;
	size_t i;
	int ret;

	o.keep = source;
	o.results = 0;
	pd_strings_init(&o.v);
	if ((ret = pd_store_result_sources(s, games, other_source, &o, d)) < 0)
		goto cleanup;
	if (o.v.n && mode == PD_SOURCE_ONLY) {
		names = pd_strings_join(&o.v, "', '");
		ret = pd_diag_set(d, PD_EEXISTS, NULL, 0, "%s already holds "
				  "medals from source '%s' (%zu results): a "
				  "Games ranks one medal source; give "
				  "--replace to replace them with '%s', or "
				  "--alternative to keep '%s' apart as %s@%s",
				  games, names ? names : "", o.results,
				  source, source, games, source);
		goto cleanup;
	}
	for (i = 0; i < o.v.n && mode == PD_SOURCE_REPLACE && ret == 0; i++)
		ret = pd_store_medals_replace(s, games, o.v.v[i], NULL, 0, d);
cleanup:
	free(names);
	pd_strings_release(&o.v);
	return ret;
}

struct npc_medals {
	char npc[PD_CODE_MAX];
	long m[3];
};

static int cmp_medals(const void *a, const void *b)
{
	const struct npc_medals *x = a, *y = b;
	int k;

	for (k = 0; k < 3; k++)
		if (x->m[k] != y->m[k])
			return x->m[k] < y->m[k] ? 1 : -1;
	return strcmp(x->npc, y->npc);
}

int app_medals_table(const struct pd_medal_rec *v, size_t n,
		     const struct pd_registry *reg, struct pd_published *out)
{
	const struct pd_npc *npc;
	struct npc_medals *t;
	struct pd_published_row *row;
	size_t i, k, nt = 0;
	long rank = 0;
	int ret = 0;

	pd_published_init(out);
	snprintf(out->lang, sizeof(out->lang), "en");
	if (!(t = calloc(n ? n : 1, sizeof(*t))))
		return PD_ENOMEM;
	for (i = 0; i < n; i++) {
		for (k = 0; k < nt && strcmp(t[k].npc, v[i].npc); k++)
			;
		if (k == nt)
			snprintf(t[nt++].npc, PD_CODE_MAX, "%s", v[i].npc);
		t[k].m[v[i].medal]++;
	}
	qsort(t, nt, sizeof(*t), cmp_medals);
	for (i = 0; i < nt && ret == 0; i++) {
		/* competition ranks, gold first: a tie shares the rank */
		if (!i || memcmp(t[i - 1].m, t[i].m, sizeof(t[i].m)))
			rank = (long)i + 1;
		npc = reg ? pd_registry_find(reg, t[i].npc) : NULL;
		if ((ret = pd_published_add(out, (long)i + 1, 1, rank,
					    npc && npc->en ? npc->en : t[i].npc,
					    t[i].m, t[i].m[0] + t[i].m[1] +
					    t[i].m[2], &row)) == 0)
			snprintf(row->npc, sizeof(row->npc), "%s", t[i].npc);
	}
	free(t);
	return ret;
}

int pd_op_source_remove(struct pd_store *s, const char *games,
			const char *source, const struct pd_who *who,
			struct pd_op_done *done, struct pd_diag *diag)
{
	struct others o;
	long version = 0;
	int ret, found = 0;
	char line[160];

	app_done_reset(done);
	o.keep = "";
	o.results = 0;
	pd_strings_init(&o.v);
	if ((ret = app_open(s, games, 0, who, NULL, &version, diag)) < 0)
		return ret;
	ret = pd_store_published_remove(s, games, source, diag);
	if (ret == 0)
		found = 1;
	else if (ret == PD_ENOTFOUND) {
		if (diag)
			memset(diag, 0, sizeof(*diag));
		ret = pd_store_result_sources(s, games, other_source, &o, diag);
	}
	if (ret == 0 && !found) {
		size_t i;

		for (i = 0; i < o.v.n && strcmp(o.v.v[i], source); i++)
			;
		if (i == o.v.n || !strcmp(source, "operator"))
			ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "%s has "
					  "no source '%s': see 'podium source "
					  "list'", games, source);
		else
			ret = pd_store_medals_replace(s, games, source, NULL, 0,
						      diag);
	}
	if (ret == 0) {
		snprintf(line, sizeof(line), "[{\"what\":\"source %s\","
			 "\"field\":\"source\",\"before\":\"%s\","
			 "\"after\":\"\"}]", source, found ? "published" :
			 "medals");
		ret = pd_store_change_note(s, games, version, line, diag);
	}
	ret = app_end(s, ret, diag);
	if (ret == 0 && done) {
		done->version = version;
		snprintf(line, sizeof(line), "removed %s@%s (%s)", games,
			 source, found ? "a published table" :
			 "its medals and results");
		if (pd_strings_add(&done->said, line) < 0)
			ret = PD_ENOMEM;
	}
	pd_strings_release(&o.v);
	return ret;
}
