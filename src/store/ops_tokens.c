/* ops_tokens.c -- the write API's bearer tokens in the store: names,
 * roles and hashes only, never a token's text (see token.h). */
#include <string.h>

#include "ops.h"
#include "query.h"

/* token roles: their names in the store and on the command line */

enum pd_role pd_role_parse(const char *text)
{
	if (text && !strcmp(text, "operator"))
		return PD_ROLE_OPERATOR;
	if (text && !strcmp(text, "admin"))
		return PD_ROLE_ADMIN;
	return PD_ROLE_NONE;
}

const char *pd_role_name(enum pd_role role)
{
	return role == PD_ROLE_ADMIN ? "admin" :
	       role == PD_ROLE_OPERATOR ? "operator" : "none";
}

int pd_db_token_add(struct pd_store *s, const char *name, enum pd_role role,
		    const unsigned char hash[PD_TOKEN_HASH],
		    struct pd_diag *diag)
{
	static const char sql[] = "INSERT INTO tokens (name, role, hash) "
				  "VALUES ($1, $2, $3)";
	struct pd_q q;
	int ret;

	pd_q_start(&q, s, sql, "add the token");
	pd_q_text(&q, name);
	pd_q_text(&q, pd_role_name(role));
	pd_q_blob(&q, hash, PD_TOKEN_HASH);
	if ((ret = pd_q_run(&q, NULL, diag)) == PD_EEXISTS)
		ret = pd_diag_set(diag, PD_EEXISTS, NULL, 0, "a token called "
				  "'%s' exists (names are never reused, even "
				  "after 'podium token revoke')", name);
	return ret;
}

int pd_db_token_revoke(struct pd_store *s, const char *name,
		       struct pd_diag *diag)
{
	static const struct pd_sql sql = {
		"UPDATE tokens SET revoked = strftime('%Y-%m-%dT%H:%M:%SZ', "
		"'now') WHERE name = $1 AND revoked IS NULL",
		"UPDATE tokens SET revoked = to_char(now() AT TIME ZONE 'UTC', "
		"'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') WHERE name = $1 AND "
		"revoked IS NULL",
	};
	struct pd_q q;

	pd_q_start_sql(&q, s, &sql, "revoke the token");
	pd_q_text(&q, name);
	return pd_q_change(&q, diag, "no live token called '%s'", name);
}

struct walk {
	pd_token_fn fn;
	void *arg;
};

static int token_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_token_info t;
	unsigned char hash[PD_TOKEN_HASH];

	memset(&t, 0, sizeof(t));
	pd_q_copy(t.name, sizeof(t.name), q, 0);
	t.role = pd_role_parse(pd_q_str(q, 1));
	pd_q_copy(t.created, sizeof(t.created), q, 2);
	pd_q_copy(t.revoked, sizeof(t.revoked), q, 3);
	if (pd_q_bytes(q, 4, hash, sizeof(hash)) == PD_TOKEN_HASH)
		memcpy(t.hash, hash, PD_TOKEN_HASH);
	return w->fn(&t, w->arg);
}

int pd_db_tokens(struct pd_store *s, int all, pd_token_fn fn, void *arg,
		 struct pd_diag *diag)
{
	static const char sql[] =
		"SELECT name, role, created, revoked, hash FROM tokens WHERE "
		"$1 OR revoked IS NULL ORDER BY name";
	struct walk w = { fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "list the tokens");
	pd_q_int(&q, all != 0);
	return pd_q_each(&q, token_row, &w, diag);
}
