/* ops_npcs.c -- the NPC table follows the registry: rewritten when the
 * registry's fingerprint (pd_registry_fingerprint) is not the one kept in
 * meta, as a store is opened for writing. */
#include <stdio.h>
#include <string.h>

#include "podium/npc.h"
#include "ops.h"
#include "query.h"

/* Whether meta holds want as the registry's fingerprint. */
static int same(struct pd_store *s, const char *want, struct pd_diag *diag)
{
	static const char sql[] = "SELECT value FROM meta WHERE key = "
				  "'registry'";
	struct pd_q q;
	int ret;

	pd_q_start(&q, s, sql, "read the NPC table");
	if ((ret = pd_q_step(&q, diag)) == 1)
		ret = !strcmp(pd_q_str(&q, 0), want);
	pd_q_end(&q);
	return ret;
}

static int write_npcs(struct pd_store *s, const struct pd_registry *reg,
		      const char *want, struct pd_diag *diag)
{
	static const char npc_sql[] = "INSERT INTO npcs (code, status, "
		"name_en, name_zh) VALUES ($1, $2, $3, $4) ON CONFLICT (code) "
		"DO UPDATE SET status = $2, name_en = $3, name_zh = $4";
	static const char put_sql[] = "INSERT INTO meta (key, value) VALUES "
		"('registry', $1) ON CONFLICT (key) DO UPDATE SET value = $1";
	struct pd_q q;
	size_t i;
	int ret = 0;

	for (i = 0; i < reg->n && ret == 0; i++) {
		pd_q_start(&q, s, npc_sql, "write the NPC table");
		pd_q_text(&q, reg->npcs[i].code);
		pd_q_text(&q, reg->npcs[i].status);
		pd_q_text(&q, reg->npcs[i].en);
		pd_q_text(&q, reg->npcs[i].zh);
		ret = pd_q_run(&q, NULL, diag);
	}
	if (ret < 0)
		return ret;
	pd_q_start(&q, s, put_sql, "write the NPC table");
	pd_q_text(&q, want);
	return pd_q_run(&q, NULL, diag);
}

int pd_db_npcs_sync(struct pd_store *s, const struct pd_registry *reg,
		    struct pd_diag *diag)
{
	char want[32];
	int ret;

	snprintf(want, sizeof(want), "%016llx", pd_registry_fingerprint(reg));
	if ((ret = same(s, want, diag)) != 0)
		return ret < 0 ? ret : 0;
	if ((ret = s->ops->begin(s, diag)) < 0)
		return ret;
	if ((ret = write_npcs(s, reg, want, diag)) < 0) {
		s->ops->rollback(s);
		return ret;
	}
	return s->ops->commit(s, diag);
}
