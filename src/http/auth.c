/* auth.c -- the one authorisation (auth.h): the bearer token of a
 * request checked on the server's token connection (srv.tokens, under
 * token_mu, so that no check waits out a group's commit on the side
 * connection), answered the same way for a write and for a read. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "podium/token.h"
#include "auth.h"
#include "respond.h"
#include "srv.h"

int auth_check(struct srv *s, struct MHD_Connection *c, struct req *r,
	       int need, int optional)
{
	struct pd_diag d = { "", 0, "" };
	const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						    "Authorization");
	struct pd_token_info t;
	int ret;

	if (!h && optional)
		return 0;
	if (!h || strncasecmp(h, "Bearer ", 7)) {
		send_error(c, r, MHD_HTTP_UNAUTHORIZED, "a token is needed: "
			   "Authorization: Bearer TOKEN", NULL);
		return -1;
	}
	pthread_mutex_lock(&s->token_mu);
	ret = pd_token_check(s->tokens, h + 7 + strspn(h + 7, " "), &t, &d);
	pthread_mutex_unlock(&s->token_mu);
	if (ret == PD_ENOTFOUND) {
		send_error(c, r, MHD_HTTP_UNAUTHORIZED, "the token is not "
			   "valid (revoked, or never made)", NULL);
		return -1;
	}
	if (ret < 0) {	/* the store's trouble, never the client's: 503 */
		send_store_down(c, r, ret, d.msg, r->is_post ? "the token "
				"cannot be checked, and nothing was written" :
				"the token cannot be checked");
		return -1;
	}
	if ((int)t.role < need) {
		send_error(c, r, MHD_HTTP_FORBIDDEN, "this needs an admin "
			   "token: an operator may post results, matches, "
			   "start lists and event status only", NULL);
		return -1;
	}
	r->role = (int)t.role;
	snprintf(r->actor, sizeof(r->actor), "%s", t.name);
	return 1;
}
