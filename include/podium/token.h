/* token.h -- the bearer tokens that authorise writes over HTTP.
 *
 * A token is made once (pd_token_new), shown once to whoever asked for it,
 * and never stored: the store keeps only its hash (BLAKE2b-256, libsodium's
 * crypto_generichash), its name and its role.  A request's token is hashed
 * and compared with every live token's hash in constant time
 * (sodium_memcmp), visiting all of them, so neither the comparison nor the
 * lookup tells an attacker how close a guess came.
 *
 * Roles: an operator may post results and event status; an admin may do
 * everything an operator may, and add events and sanctions.
 *
 * The token table is the store's (pd_store_token_*, pd_store_tokens: the
 * interface of store.h, in every backend);
 * making, issuing, hashing, checking and revoking are the application
 * layer's (src/app/tokens.c), which the CLI (issue, revoke) and the server
 * (check) share.
 * A token's name is what the audit log records as the actor of every
 * write made with it.
 */
#ifndef PODIUM_TOKEN_H
#define PODIUM_TOKEN_H

#include <stddef.h>
#include "error.h"
#include "store.h"

#define PD_TOKEN_HASH 32	/* bytes of a token's hash */
#define PD_TOKEN_TEXT 64	/* room for a token's text and its NUL */
#define PD_TOKEN_NAME 64	/* room for a token's name and its NUL */

enum pd_role { PD_ROLE_NONE = 0, PD_ROLE_OPERATOR = 1, PD_ROLE_ADMIN = 2 };

/* "operator" -> PD_ROLE_OPERATOR, "admin" -> PD_ROLE_ADMIN; PD_ROLE_NONE
 * for anything else. */
enum pd_role pd_role_parse(const char *text);
const char *pd_role_name(enum pd_role role);

/* A new token's text ("pdt_" and 32 random bytes in base64url) in out,
 * and its hash.  PD_EIO if libsodium cannot start. */
int pd_token_new(char out[PD_TOKEN_TEXT], unsigned char hash[PD_TOKEN_HASH]);
/* The hash of a token's text. */
int pd_token_hash(const char *text, unsigned char hash[PD_TOKEN_HASH]);

struct pd_token_info {
	char name[PD_TOKEN_NAME];
	enum pd_role role;
	char created[32];
	char revoked[32];	/* "" while the token is live */
	unsigned char hash[PD_TOKEN_HASH];
};

/* Keep a new token's name, role and hash.  PD_EEXISTS if the name is
 * taken (by a live or a revoked token: names stay unique in the log);
 * PD_EINVAL for an empty or over-long name. */
int pd_store_token_add(struct pd_store *s, const char *name,
		       enum pd_role role,
		       const unsigned char hash[PD_TOKEN_HASH],
		       struct pd_diag *diag);
/* Revoke the live token called name; PD_ENOTFOUND if there is none. */
int pd_store_token_revoke(struct pd_store *s, const char *name,
			  struct pd_diag *diag);

typedef int (*pd_token_fn)(const struct pd_token_info *t, void *arg);
/* Call fn for every token (revoked ones too when all is non-zero), by
 * name; a non-zero return from fn stops and is returned. */
int pd_store_tokens(struct pd_store *s, int all, pd_token_fn fn, void *arg,
		    struct pd_diag *diag);

/* The live token whose text is text: its info in *out, or PD_ENOTFOUND.
 * Every live token's hash is compared, each in constant time, all of
 * them whatever matched. */
int pd_token_check(struct pd_store *s, const char *text,
		   struct pd_token_info *out, struct pd_diag *diag);

/* Make a token called name with role and keep its hash in the store: its
 * text is in out, to be shown once and then wiped with pd_token_forget().
 * On failure out is wiped already; pd_store_token_add()'s errors. */
int pd_token_issue(struct pd_store *s, const char *name, enum pd_role role,
		   char out[PD_TOKEN_TEXT], struct pd_diag *diag);
/* Revoke the live token called name ('podium token revoke'): the write
 * is the application layer's, as every write is, so the front ends never
 * call the store's pd_store_token_revoke() themselves.  PD_ENOTFOUND if
 * there is no live token of that name. */
int pd_token_revoke(struct pd_store *s, const char *name,
		    struct pd_diag *diag);
/* Wipe a token's text, in a way the compiler may not leave out. */
void pd_token_forget(char text[PD_TOKEN_TEXT]);

#endif
