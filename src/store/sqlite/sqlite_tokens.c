/* sqlite_tokens.c -- the write API's bearer tokens in the SQLite store:
 * names, roles and hashes only, never a token's text (see token.h). */
#include <string.h>

#include "podium/token.h"
#include "sqlite_int.h"

int pd_sqlite_token_add(struct pd_store *store, const char *name,
			enum pd_role role,
			const unsigned char hash[PD_TOKEN_HASH],
			struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "INSERT INTO tokens (name, role, "
			"hash) VALUES (?1, ?2, ?3)", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, pd_role_name(role), -1, SQLITE_STATIC);
	sqlite3_bind_blob(st, 3, hash, PD_TOKEN_HASH, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_CONSTRAINT)
		ret = pd_diag_set(diag, PD_EEXISTS, NULL, 0, "a token called "
				  "'%s' exists (names are never reused, even "
				  "after 'podium token revoke')", name);
	else if (rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "add the token");
	sqlite3_finalize(st);
	return ret;
}

int pd_sqlite_token_revoke(struct pd_store *store, const char *name,
			   struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "UPDATE tokens SET revoked = "
			"strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE name = ?1 "
			"AND revoked IS NULL", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	if ((ret = pd_sqlite_write_end(s, st, "revoke the token", diag)) == 0 &&
	    sqlite3_changes(s->db) == 0)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no live token "
				  "called '%s'", name);
	return ret;
}

static void read_token(sqlite3_stmt *st, struct pd_token_info *t)
{
	const void *hash;

	memset(t, 0, sizeof(*t));
	pd_sqlite_copy(t->name, sizeof(t->name), st, 0);
	t->role = pd_role_parse((const char *)sqlite3_column_text(st, 1));
	pd_sqlite_copy(t->created, sizeof(t->created), st, 2);
	pd_sqlite_copy(t->revoked, sizeof(t->revoked), st, 3);
	hash = sqlite3_column_blob(st, 4);
	if (hash && sqlite3_column_bytes(st, 4) == PD_TOKEN_HASH)
		memcpy(t->hash, hash, PD_TOKEN_HASH);
}

static const char tokens_sql[] =
	"SELECT name, role, created, "
	"revoked, hash FROM tokens WHERE ?1 OR revoked IS NULL "
	"ORDER BY name";

int pd_sqlite_tokens(struct pd_store *store, int all, pd_token_fn fn,
		     void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_token_info t;
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_cached(s, &st, tokens_sql, diag)) < 0)
		return ret;
	sqlite3_bind_int(st, 1, all != 0);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		read_token(st, &t);
		ret = fn(&t, arg);
	}
	return pd_sqlite_cached_end(s, st, ret, rc, "list the tokens", diag);
}
