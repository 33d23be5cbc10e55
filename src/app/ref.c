/* ref.c -- what the front ends read a table from: the bundled registry,
 * a standings reference (GAMES, GAMES@SOURCE or a table file), the
 * tables of an athlete_events.csv without the store, and a published
 * table to check (see app.h).  Reads only: nothing here writes. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "podium/app.h"
#include "podium/audit.h"
#include "podium/bundled.h"
#include "podium/filter_ops.h"
#include "podium/io.h"

int pd_registry_bundled(struct pd_registry *r, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_registry_parse(r, (const char *)pd_embed_npcs,
				     pd_embed_npcs_len, "data/npcs.tsv",
				     diag)) < 0)
		return ret;
	if ((ret = pd_registry_history_parse(r,
					     (const char *)pd_embed_history,
					     pd_embed_history_len,
					     "data/npc_history.tsv",
					     diag)) < 0)
		pd_registry_release(r);
	return ret;
}

void pd_ref_release(struct pd_ref *r)
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

static int load_file(struct pd_ref *r, const struct pd_registry *reg,
		     struct pd_diag *d)
{
	const char *path = r->path;
	struct pd_csv_opts opts;
	char *data;
	size_t len;
	int ret;

	memset(&opts, 0, sizeof(opts));
	if ((ret = pd_file_read(path, &data, &len, d)) < 0)
		return ret;
	if (ends_with(path, ".csv") || ends_with(path, ".csv.gz"))
		ret = pd_standings_csv_parse(&r->pub, data, len, path, reg,
					     &opts, d);
	else
		ret = pd_table_text_parse(&r->pub, data, len, path, reg, d);
	free(data);
	if (ret < 0)
		return ret;
	r->have_pub = 1;
	snprintf(r->label, sizeof(r->label), "%s", path);
	if (pd_published_tally(&r->pub, &r->tally) < 0)
		return PD_ENOMEM;
	return 0;
}

/* Split "GAMES@SOURCE"; the Games code is upper-cased. */
static int split_ref(const char *ref, struct pd_ref *r)
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
	/* the table ranked from results, by the name the pages use */
	if (at && !strcmp(r->source, "results")) {
		r->results_named = 1;
		r->source[0] = '\0';
	}
	return 0;
}

/* --as-of: a version number, or a date or date-time (UTC, ISO 8601). */
static int as_of_version(struct pd_store *s, const struct pd_ref *r,
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

int pd_ref_init(struct pd_ref *r, const char *text, struct pd_diag *diag)
{
	struct stat st;

	memset(r, 0, sizeof(*r));
	if (stat(text, &st) == 0 && S_ISREG(st.st_mode)) {
		r->path = text;
		return 0;
	}
	if (split_ref(text, r) < 0) {
		memset(r, 0, sizeof(*r));
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "'%s' is neither "
				   "a file nor GAMES[@SOURCE]", text);
	}
	return 0;
}

/* Sports by their Chinese names, for --sport 游泳: the Olympic and
 * Paralympic sports under their English names without "Para ". */
static const char *const sport_zh[][2] = {
	{ "田径", "Athletics" }, { "游泳", "Swimming" }, { "柔道", "Judo" },
	{ "硬地滚球", "Boccia" }, { "自行车", "Cycling" },
	{ "射箭", "Archery" }, { "射击", "Shooting" },
	{ "乒乓球", "Table Tennis" }, { "轮椅网球", "Wheelchair Tennis" },
	{ "轮椅篮球", "Wheelchair Basketball" },
	{ "轮椅击剑", "Wheelchair Fencing" },
	{ "轮椅橄榄球", "Wheelchair Rugby" }, { "力量举", "Powerlifting" },
	{ "盲人门球", "Goalball" }, { "坐式排球", "Sitting Volleyball" },
	{ "五人制足球", "Football 5-a-side" },
	{ "七人制足球", "Football 7-a-side" }, { "马术", "Equestrian" },
	{ "赛艇", "Rowing" }, { "帆船", "Sailing" },
	{ "铁人三项", "Triathlon" }, { "皮划艇", "Canoe" },
	{ "跆拳道", "Taekwondo" }, { "羽毛球", "Badminton" },
	{ "摔跤", "Wrestling" }, { "拳击", "Boxing" },
	{ "体操", "Gymnastics" }, { "击剑", "Fencing" },
	{ "举重", "Weightlifting" }, { "篮球", "Basketball" },
	{ "排球", "Volleyball" }, { "手球", "Handball" },
	{ "曲棍球", "Hockey" }, { "网球", "Tennis" }, { "跳水", "Diving" },
	{ "水球", "Water Polo" }, { "现代五项", "Modern Pentathlon" },
	{ "高尔夫", "Golf" }, { "橄榄球", "Rugby" }, { "足球", "Football" },
	{ "棒球", "Baseball" }, { "垒球", "Softball" },
	{ "冰球", "Ice Hockey" }, { "冰壶", "Curling" },
	{ "花样滑冰", "Figure Skating" }, { "速度滑冰", "Speed Skating" },
	{ "短道速滑", "Short Track Speed Skating" },
	{ "高山滑雪", "Alpine Skiing" }, { "越野滑雪", "Cross Country Skiing" },
	{ "冬季两项", "Biathlon" }, { "单板滑雪", "Snowboard" },
	{ "残奥冰球", "Para Ice Hockey" }, { "轮椅冰壶", "Wheelchair Curling" },
};

const char *app_sport_zh(const char *sport)
{
	const char *en = strncasecmp(sport, "para ", 5) ? sport : sport + 5;
	size_t k;

	for (k = 0; k < sizeof(sport_zh) / sizeof(*sport_zh); k++)
		if (!strcasecmp(en, sport_zh[k][1]) ||
		    !strcasecmp(sport, sport_zh[k][1]))
			return sport_zh[k][0];
	return sport;
}

const char *pd_sport_name(const char *sport, const char *lang)
{
	return lang && !strcmp(lang, "zh") ? app_sport_zh(sport) : sport;
}

/* name without a leading "Para " (any case). */
static const char *unpara(const char *name)
{
	return strncasecmp(name, "para ", 5) ? name : name + 5;
}

/* The sport of r->games that want names: itself, in any case, with or
 * without "Para ", or by its Chinese name.  "" when none does. */
static int sport_named(struct pd_ref *r, struct pd_store *s,
		       const char *want, struct pd_diag *d)
{
	struct pd_strings l;
	size_t i, k;
	int ret;

	r->sport[0] = '\0';
	for (k = 0; k < sizeof(sport_zh) / sizeof(*sport_zh); k++)
		if (!strcmp(want, sport_zh[k][0])) {
			want = sport_zh[k][1];
			break;
		}
	if ((ret = pd_store_sports(s, r->games, &l, d)) < 0)
		return ret;
	for (i = 0; i < l.n && !r->sport[0]; i++)
		if (!strcmp(l.v[i], want))
			snprintf(r->sport, sizeof(r->sport), "%s", l.v[i]);
	for (i = 0; i < l.n && !r->sport[0]; i++)
		if (!strcasecmp(unpara(l.v[i]), unpara(want)))
			snprintf(r->sport, sizeof(r->sport), "%s", l.v[i]);
	pd_strings_release(&l);
	return 0;
}

/* With opts.default_table: how far the results go, and GAMES alone is
 * the table that stands for it (pd_cover), named as GAMES@SOURCE when it
 * is the published one. */
static int by_default(struct pd_ref *r, struct pd_store *s,
		      struct pd_diag *d)
{
	int ret;

	if ((ret = pd_games_cover(s, r->games, &r->cover, d)) < 0)
		return ret;
	r->have_cover = 1;
	if (r->source[0] || r->results_named || !r->cover.source[0])
		return 0;
	r->by_default = 1;
	snprintf(r->source, sizeof(r->source), "%s", r->cover.source);
	snprintf(r->label, sizeof(r->label), "%s@%s", r->games, r->source);
	return 0;
}

/* The filter --gender, --through and --npc ask for into f; the name of
 * the first given in *named (NULL: none). */
static int filter_of(const struct pd_ref_opts *o, struct pd_filter *f,
		     const char **named, struct pd_diag *d)
{
	int ret = 0;

	memset(f, 0, sizeof(*f));
	*named = o->npc ? "--npc" : o->through ? "--through" :
		 o->gender ? "--gender" : NULL;
	if (o->gender)
		ret = pd_filter_gender(f, o->gender, "--gender", d);
	if (ret == 0 && o->through)
		ret = pd_filter_date(f->through, o->through, "--through", d);
	if (ret == 0 && o->npc)
		ret = pd_filter_npc(f, o->npc, "--npc", d);
	return ret;
}

int pd_ref_load(struct pd_ref *r, struct pd_store *s,
		const struct pd_registry *reg, const struct pd_ref_opts *o,
		struct pd_diag *d)
{
	static const struct pd_ref_opts none = { 0 };
	struct pd_filter f;
	struct pd_query q;
	const char *named;
	int ret;

	o = o ? o : &none;
	if (r->path)
		return load_file(r, reg, d);
	if ((ret = filter_of(o, &f, &named, d)) < 0)
		return ret;
	if ((ret = pd_store_games_get(s, r->games, &r->info, d)) < 0)
		return ret;
	r->have_info = 1;
	if (o->default_table && !o->sport && !o->as_of &&
	    !o->include_unofficial && !named &&
	    (ret = by_default(r, s, d)) < 0)
		return ret;
	if (r->source[0] && named)
		return pd_diag_set(d, PD_ERANGE, NULL, 0, "%s needs results, "
				   "and %s is a published table", named,
				   r->label);
	if (r->source[0]) {
		if (o->sport || o->as_of || o->include_unofficial)
			return pd_diag_set(d, PD_EINVAL, NULL, 0, "--sport, "
					   "--as-of and --include-unofficial "
					   "need results, and %s is a "
					   "published table", r->label);
		if ((ret = pd_store_published_get(s, r->games, r->source,
						  &r->pub, d)) < 0)
			return ret;
		r->have_pub = 1;
		return pd_published_tally(&r->pub, &r->tally);
	}
	if (o->as_of && (ret = as_of_version(s, r, o->as_of, &r->as_of,
					     d)) < 0)
		return ret;
	if (o->sport && (ret = sport_named(r, s, o->sport, d)) < 0)
		return ret;
	q.games = r->games;
	q.sport = r->sport[0] ? r->sport : o->sport;
	q.include_unofficial = o->include_unofficial;
	q.as_of = r->as_of;
	if (named)
		return pd_filter_tally(s, &q, &f, &r->tally, NULL, d);
	return pd_store_tally_q(s, &q, &r->tally, NULL, d);
}

/* The bundled Games named code, if any: names and host for captions. */
static struct pd_games *bundled(struct pd_games *list, size_t n,
				const char *code)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i].code, code))
			return &list[i];
	return NULL;
}

void pd_refs_free(struct pd_ref *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		pd_ref_release(&v[i]);
	free(v);
}

int pd_refs_athlete_events(const char *path, const struct pd_registry *reg,
			   const char *only, struct pd_ref **out, size_t *n,
			   struct pd_diag *d)
{
	struct pd_games_tally *t = NULL;
	struct pd_games *list = NULL, *info;
	struct pd_ref *v = NULL;
	struct pd_diag ignored;
	struct pd_file file;
	size_t nt = 0, nlist = 0, i;
	int ret;

	*out = NULL;
	*n = 0;
	if ((ret = pd_file_map(&file, path, d)) < 0)
		return ret;
	ret = pd_athlete_events_tally(file.data, file.len, path, reg, only,
				      &t, &nt, d);
	pd_file_unmap(&file);
	if (ret < 0)
		return ret;
	/* without the list a caption is the bare code: not worth failing */
	if (pd_games_tsv_parse(&list, &nlist, (const char *)pd_embed_games,
			       pd_embed_games_len, "data/games.tsv",
			       &ignored) < 0)
		nlist = 0;
	if (!(v = calloc(nt ? nt : 1, sizeof(*v))))
		ret = PD_ENOMEM;
	for (i = 0; i < nt && v; i++) {
		snprintf(v[i].games, sizeof(v[i].games), "%s", t[i].games);
		snprintf(v[i].label, sizeof(v[i].label), "%s", t[i].games);
		/* each Games is in t once, so each entry moves at most once */
		if ((info = bundled(list, nlist, v[i].games))) {
			v[i].info = *info;
			v[i].have_info = 1;
			memset(info, 0, sizeof(*info));
		}
		v[i].tally = t[i].tally;
		pd_tally_init(&t[i].tally);
	}
	pd_games_tallies_free(t, nt);
	pd_games_list_free(list, nlist);
	if (ret == 0) {
		*out = v;
		*n = nt;
	}
	return ret;
}

int pd_check_file(const char *file, const struct pd_scheme *scheme,
		  struct pd_published *pub, struct pd_problems *probs,
		  struct pd_diag *diag)
{
	char *data;
	size_t len;
	int ret;

	pd_published_init(pub);
	pd_problems_init(probs);
	if ((ret = pd_file_read(file, &data, &len, diag)) < 0)
		return ret;
	ret = pd_table_text_parse(pub, data, len, file, NULL, diag);
	free(data);
	if (ret < 0)
		return ret;
	return pd_published_check(pub, scheme, probs);
}
