/* ops.h -- the store's operations written once, above the drivers
 * (driver.h), one file a concern (ops_*.c); store.c checks what each is
 * asked to write and calls it.  Each has the signature and contract of
 * the public pd_store_* function of the same name, and runs on any
 * backend through its driver. */
#ifndef PODIUM_STORE_OPS_H
#define PODIUM_STORE_OPS_H

#include "podium/record.h"
#include "podium/token.h"
#include "backend.h"

/* tokens (token.h): ops_tokens.c */
int pd_op_token_add(struct pd_store *s, const char *name, enum pd_role role,
		    const unsigned char hash[PD_TOKEN_HASH],
		    struct pd_diag *diag);
int pd_op_token_revoke(struct pd_store *s, const char *name,
		       struct pd_diag *diag);
int pd_op_tokens(struct pd_store *s, int all, pd_token_fn fn, void *arg,
		 struct pd_diag *diag);

/* records (record.h): ops_records.c */
int pd_op_record_add(struct pd_store *s, const struct pd_record *r,
		     long *id, struct pd_diag *diag);
int pd_op_records(struct pd_store *s, const char *sport, pd_record_fn fn,
		  void *arg, struct pd_diag *diag);

#endif
