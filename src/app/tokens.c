/* tokens.c -- make, hash, issue, check and revoke the write API's bearer tokens
 * with libsodium (see token.h): random bytes, BLAKE2b, constant-time
 * compare.  The CLI issues and revokes them and the server checks them;
 * both through here, and only the token table itself is the store's. */
#include <string.h>

#include <sodium.h>

#include "podium/token.h"

#define TOKEN_BYTES 32
#define TOKEN_PREFIX "pdt_"

int pd_token_hash(const char *text, unsigned char hash[PD_TOKEN_HASH])
{
	if (sodium_init() < 0)
		return PD_EIO;
	return crypto_generichash(hash, PD_TOKEN_HASH,
				  (const unsigned char *)text, strlen(text),
				  NULL, 0) == 0 ? 0 : PD_EIO;
}

int pd_token_new(char out[PD_TOKEN_TEXT], unsigned char hash[PD_TOKEN_HASH])
{
	unsigned char raw[TOKEN_BYTES];
	size_t n = strlen(TOKEN_PREFIX);

	if (sodium_init() < 0)
		return PD_EIO;
	randombytes_buf(raw, sizeof(raw));
	memcpy(out, TOKEN_PREFIX, n);
	sodium_bin2base64(out + n, PD_TOKEN_TEXT - n, raw, sizeof(raw),
			  sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	sodium_memzero(raw, sizeof(raw));
	return pd_token_hash(out, hash);
}

struct check {
	unsigned char hash[PD_TOKEN_HASH];
	struct pd_token_info *out;
	int found;
};

/* Every live token is compared, and the loop never stops early: the time
 * a check takes says nothing about which token came close. */
static int compare(const struct pd_token_info *t, void *arg)
{
	struct check *c = arg;
	int same = sodium_memcmp(t->hash, c->hash, PD_TOKEN_HASH) == 0;

	if (same && !c->found) {
		*c->out = *t;
		c->found = 1;
	}
	return 0;
}

int pd_token_check(struct pd_store *s, const char *text,
		   struct pd_token_info *out, struct pd_diag *diag)
{
	struct check c;
	int ret;

	memset(&c, 0, sizeof(c));
	c.out = out;
	if (strlen(text) >= PD_TOKEN_TEXT)
		return PD_ENOTFOUND;
	if ((ret = pd_token_hash(text, c.hash)) < 0 ||
	    (ret = pd_store_tokens(s, 0, compare, &c, diag)) < 0)
		return ret;
	return c.found ? 0 : PD_ENOTFOUND;
}

int pd_token_issue(struct pd_store *s, const char *name, enum pd_role role,
		   char out[PD_TOKEN_TEXT], struct pd_diag *diag)
{
	unsigned char hash[PD_TOKEN_HASH];
	int ret;

	if ((ret = pd_token_new(out, hash)) < 0 ||
	    (ret = pd_store_token_add(s, name, role, hash, diag)) < 0)
		pd_token_forget(out);
	return ret;
}

int pd_token_revoke(struct pd_store *s, const char *name,
		    struct pd_diag *diag)
{
	return pd_store_token_revoke(s, name, diag);
}

void pd_token_forget(char text[PD_TOKEN_TEXT])
{
	sodium_memzero(text, PD_TOKEN_TEXT);
}
