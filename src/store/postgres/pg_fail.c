/* pg_fail.c -- what PostgreSQL said went wrong, as podium's errors: a
 * unique key broken, a write to try again, a server gone away, or the
 * store's error, in one line naming what was being done. */
#include <stdio.h>
#include <string.h>

#include "pg_int.h"

/* Whether res failed because the server went away, whether or not
 * libpq has marked the connection bad yet: class 08 (connection
 * exception), 57P01-57P03 (shut down by the administrator, by a crash,
 * or not yet accepting connections), or no SQLSTATE at all (libpq's own
 * "server closed the connection unexpectedly", seen while a restart
 * was under way and the connection still said CONNECTION_OK). */
int pd_pg_gone(const struct pd_pg *s, const PGresult *res)
{
	const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) :
			    NULL;

	return PQstatus(s->conn) != CONNECTION_OK || !state ||
	       !strncmp(state, "08", 2) || !strcmp(state, "57P01") ||
	       !strcmp(state, "57P02") || !strcmp(state, "57P03");
}

int pd_pg_fail(struct pd_pg *s, const PGresult *res, const char *what,
	       struct pd_diag *diag)
{
	const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) :
			    NULL;
	const char *msg = res ? PQresultErrorField(res,
				PG_DIAG_MESSAGE_PRIMARY) : NULL;
	/* a deadlock (two writes that each hold a Games the other waits
	 * for: a multi-Games write meeting a group of another node), a
	 * serialization failure or a lock_timeout: nothing of the write is
	 * kept, and the same write again goes through */
	int busy = state && (!strcmp(state, "40P01") ||
			     !strcmp(state, "40001") ||
			     !strcmp(state, "55P03"));
	int err = state && !strcmp(state, "23505") ? PD_EEXISTS :
		  busy ? PD_EBUSY : pd_pg_gone(s, res) ? PD_EAWAY : PD_ESTORE;
	const char *detail = res ? PQresultErrorField(res,
				   PG_DIAG_MESSAGE_DETAIL) : NULL;
	size_t n;

	snprintf(s->state, sizeof(s->state), "%s", state ? state : "");
	/* one line: the primary message and its detail, never the
	 * connection's multi-line text as it stands */
	if (!msg || !*msg)
		msg = PQerrorMessage(s->conn);
	n = strcspn(msg, "\n");
	return pd_diag_set(diag, err, s->where, 0,
			   "%s: %.*s%s%.*s%s", what, (int)n, msg,
			   detail ? " (" : "",
			   detail ? (int)strcspn(detail, "\n") : 0,
			   detail ? detail : "", detail ? ")" : "");
}
