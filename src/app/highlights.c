/* highlights.c -- a Games' highlights computed from its results
 * (pd_highlights(), report.h): the multi-medallists, each sport's leading
 * NPC (the report's "Sweden first on the shooting table"), and the
 * records the results flag; in zh or en. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/app.h"
#include "podium/report.h"
#include "podium/stats.h"
#include "app_int.h"

#define TOP 10

static const char *npc_name(const struct pd_registry *reg, const char *code,
			    int zh)
{
	const struct pd_npc *n = pd_registry_code(reg, code);

	return !n ? code : zh && *n->zh ? n->zh : n->en;
}

static int medal_counts(struct pd_buf *b, const long *m, int zh)
{
	static const char *const en[] = { "gold", "silver", "bronze" };
	static const char *const cn[] = { "金牌", "银牌", "铜牌" };
	int ret = 0, k, n = 0;

	for (k = 0; k < 3 && ret == 0; k++) {
		if (!m[k])
			continue;
		if (zh)
			ret = pd_buf_addf(b, "%s%s%ld枚", n++ ? "、" : "", cn[k],
					  m[k]);
		else
			ret = pd_buf_addf(b, "%s%ld %s", n++ ? ", " : "", m[k],
					  en[k]);
	}
	return ret;
}

static int medallists(struct pd_buf *b, struct pd_store *s,
		      const struct pd_registry *reg, const char *games,
		      int zh, struct pd_diag *diag)
{
	struct pd_query q = { games, NULL, 0, 0 };
	struct pd_medallists m;
	size_t i, n, shown = 0;
	int ret;

	if ((ret = pd_store_medallists(s, &q, reg, &m, diag)) < 0)
		return ret;
	n = pd_medallists_top(&m, TOP);
	ret = pd_buf_adds(b, zh ? "获得奖牌最多的运动员（至少三枚）：\n" :
			  "The most decorated (three medals or more):\n");
	for (i = 0; i < n && ret == 0; i++) {
		const struct pd_medallist *a = &m.v[i];

		if (a->total < 3)
			continue;
		shown++;
		ret = pd_buf_addf(b, zh ? "  %ld. %s（%s）：" :
				  "  %ld. %s (%s): ", a->rank, a->name,
				  npc_name(reg, a->npc, zh));
		if (ret == 0)
			ret = medal_counts(b, a->medals, zh);
		if (ret == 0)
			ret = pd_buf_addc(b, '\n');
	}
	if (ret == 0 && !shown)
		ret = pd_buf_adds(b, zh ? "  无\n" : "  none\n");
	pd_medallists_release(&m);
	return ret;
}

/* gold first: a before b */
static int ahead(const long *a, const long *b)
{
	int k;

	for (k = 0; k < 3; k++)
		if (a[k] != b[k])
			return a[k] > b[k];
	return 0;
}

/* the NPCs first on sport's table: the most golds, then silvers, then
 * bronzes; several when they are level */
static int sport_leaders(struct pd_buf *b, struct pd_store *s,
			 const struct pd_registry *reg, const char *games,
			 const char *sport, int zh, struct pd_diag *diag)
{
	struct pd_tally t;
	long best[3] = { -1, -1, -1 };
	size_t i, k = 0;
	int ret;

	pd_tally_init(&t);
	if ((ret = pd_store_tally(s, games, sport, &t, NULL, diag)) < 0)
		goto cleanup;
	for (i = 0; i < t.n; i++)
		if (ahead(t.rows[i].medals, best))
			memcpy(best, t.rows[i].medals, sizeof(best));
	if (best[0] < 0)
		goto cleanup;
	ret = pd_buf_addf(b, "  %s%s", sport, zh ? "：" : ": ");
	for (i = 0; i < t.n && ret == 0; i++) {
		if (memcmp(t.rows[i].medals, best, sizeof(best)))
			continue;
		ret = pd_buf_addf(b, "%s%s", k++ ? (zh ? "、" : ", ") : "",
				  npc_name(reg, t.rows[i].npc, zh));
	}
	if (ret == 0)
		ret = pd_buf_adds(b, zh ? "，" : ", ");
	if (ret == 0)
		ret = medal_counts(b, best, zh);
	if (ret == 0)
		ret = pd_buf_addc(b, '\n');
cleanup:
	pd_tally_release(&t);
	return ret;
}

static int records(struct pd_buf *b, struct pd_store *s, const char *games,
		   int zh, struct pd_diag *diag)
{
	struct pd_games_stats st;
	size_t i;
	int ret;

	memset(&st, 0, sizeof(st));
	if ((ret = pd_store_games_stats(s, games, &st, diag)) < 0)
		goto cleanup;
	if (!st.records) {
		ret = pd_buf_adds(b, zh ? "成绩中没有纪录标记。\n" :
				  "No result in the store flags a record.\n");
		goto cleanup;
	}
	ret = pd_buf_addf(b, zh ? "创造纪录的成绩%ld项：" :
			  "Results that set a record: %ld (", st.records);
	for (i = 0; i < st.record_types.n && ret == 0; i++)
		ret = pd_buf_addf(b, zh ? "%s%s %ld项" : "%s%s %ld", i ?
				  (zh ? "、" : ", ") : "",
				  st.record_types.rows[i].key,
				  st.record_types.rows[i].n[0]);
	if (ret == 0)
		ret = pd_buf_adds(b, zh ? "。\n" : ").\n");
cleanup:
	pd_games_stats_release(&st);
	return ret;
}

int pd_highlights(struct pd_buf *out, struct pd_store *s,
		  const struct pd_registry *reg, const char *games,
		  const char *lang, struct pd_diag *diag)
{
	int zh = lang && !strcmp(lang, "zh"), ret;
	struct pd_strings sports;
	struct pd_cover cover;
	struct pd_games g;
	char far[160];
	size_t i;

	pd_strings_init(&sports);
	memset(&g, 0, sizeof(g));
	if ((ret = pd_store_begin_read(s, diag)) < 0)
		return ret;
	if ((ret = pd_store_games_get(s, games, &g, diag)) < 0 ||
	    (ret = pd_store_sports(s, games, &sports, diag)) < 0 ||
	    (ret = pd_games_cover(s, games, &cover, diag)) < 0)
		goto cleanup;
	/* while a published table stands for the Games, the results are
	 * not all of it: say how far they go */
	pd_cover_text(far, sizeof(far), &cover, lang);
	ret = pd_buf_addf(out, zh ? "%s：比赛成绩中的亮点%s%s%s\n\n" :
			  "%s: highlights from the results%s%s%s\n\n",
			  zh && g.name_zh && *g.name_zh ? g.name_zh :
			  g.name_en, *far ? (zh ? "（" : " (") : "", far,
			  *far ? (zh ? "）" : ")") : "");
	if (ret == 0)
		ret = medallists(out, s, reg, games, zh, diag);
	if (ret == 0)
		ret = pd_buf_adds(out, zh ? "\n各大项奖牌榜第一：\n" :
				  "\nFirst on each sport's table:\n");
	for (i = 0; i < sports.n && ret == 0; i++)
		ret = sport_leaders(out, s, reg, games, sports.v[i], zh, diag);
	if (ret == 0 && !sports.n)
		ret = pd_buf_adds(out, zh ? "  无\n" : "  none\n");
	if (ret == 0)
		ret = pd_buf_addc(out, '\n');
	if (ret == 0)
		ret = records(out, s, games, zh, diag);
cleanup:
	pd_store_rollback(s);
	pd_strings_release(&sports);
	pd_games_release(&g);
	return ret;
}
