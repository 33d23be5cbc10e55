/* pg_tokens.c -- the write API's bearer tokens in the PostgreSQL store:
 * names, roles and hashes only, never a token's text (see token.h). */
#include <stdio.h>
#include <string.h>

#include "podium/token.h"
#include "pg_int.h"

int pg_token_add(struct pd_store *s, const char *name, enum pd_role role,
		 const unsigned char hash[PD_TOKEN_HASH], struct pd_diag *diag)
{
	static const char sql[] = "INSERT INTO tokens (name, role, hash) "
				  "VALUES ($1, $2, decode($3, 'hex'))";
	char hex[2 * PD_TOKEN_HASH + 1];
	struct pd_pg_params p;
	int ret, i;

	for (i = 0; i < PD_TOKEN_HASH; i++)
		snprintf(hex + 2 * i, 3, "%02x", hash[i]);
	pd_pg_params_init(&p);
	pd_pg_text(&p, name);
	pd_pg_text(&p, pd_role_name(role));
	pd_pg_text(&p, hex);
	ret = pd_pg_query(PG(s), sql, &p, NULL, "add the token", diag);
	if (ret == PD_EEXISTS)
		ret = pd_diag_set(diag, PD_EEXISTS, NULL, 0, "a token called "
				  "'%s' exists (names are never reused, even "
				  "after 'podium token revoke')", name);
	return ret;
}

int pg_token_revoke(struct pd_store *s, const char *name,
		    struct pd_diag *diag)
{
	static const char sql[] =
		"UPDATE tokens SET revoked = to_char(now() AT TIME ZONE 'UTC', "
		"'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') WHERE name = $1 AND "
		"revoked IS NULL";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_text(&p, name);
	if ((ret = pd_pg_query(PG(s), sql, &p, &res, "revoke the token",
			       diag)) < 0)
		return ret;
	if (!strcmp(PQcmdTuples(res), "0"))
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no live token "
				  "called '%s'", name);
	PQclear(res);
	return ret;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' :
	       c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

struct token_walk {
	pd_token_fn fn;
	void *arg;
};

static int token_row(const PGresult *res, int r, void *arg)
{
	struct token_walk *w = arg;
	struct pd_token_info info, *t = &info;
	const char *hex = PQgetvalue(res, r, 4);
	int i;

	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "%s", PQgetvalue(res, r, 0));
	t->role = pd_role_parse(PQgetvalue(res, r, 1));
	snprintf(t->created, sizeof(t->created), "%s", PQgetvalue(res, r, 2));
	snprintf(t->revoked, sizeof(t->revoked), "%s", PQgetvalue(res, r, 3));
	for (i = 0; strlen(hex) == 2 * PD_TOKEN_HASH && i < PD_TOKEN_HASH; i++)
		t->hash[i] = (unsigned char)(hexval(hex[2 * i]) << 4 |
					     hexval(hex[2 * i + 1]));
	return w->fn(t, w->arg);
}

int pg_tokens(struct pd_store *s, int all, pd_token_fn fn, void *arg,
	      struct pd_diag *diag)
{
	static const char sql[] =
		"SELECT name, role, created, revoked, encode(hash, 'hex') "
		"FROM tokens WHERE $1::boolean OR revoked IS NULL ORDER BY "
		"name";
	struct token_walk w = { fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, all ? "true" : "false");
	return pd_pg_each(PG(s), sql, &p, token_row, &w, "list the tokens",
			  diag);
}
