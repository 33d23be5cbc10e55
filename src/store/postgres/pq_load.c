/* pq_load.c -- libpq, loaded with dlopen when a PostgreSQL store is first
 * opened, and every libpq function podium calls, forwarded to it.
 *
 * Why: linked as a library, libpq and what it drags in (ssl, crypto,
 * krb5, ldap, sasl ...) are mapped and relocated by every podium process,
 * PostgreSQL or not.  On the machine where podium was measured (a guest
 * where a page fault costs tens of microseconds) an empty program linked
 * with podium's libraries took 21.8 ms to start, 4.8 ms without libpq,
 * libmicrohttpd and libxml2; libpq alone accounted for 11 ms of it, and
 * `podium table` on a SQLite file never calls it.
 *
 * So podium is not linked with -lpq.  Each function below has libpq's own
 * prototype (libpq-fe.h is included: the compiler checks every one) and
 * calls the library's through a pointer that pd_pq_load() looks up, all at
 * once, the first time a store is opened.  The library is never closed:
 * what it allocates stays reachable from its globals.
 *
 * pd_pg_connect() loads first and turns a failure into the store's error;
 * a stub reached without a load (a program that calls libpq itself, such
 * as the store's unit tests) loads then, and ends the process with the
 * same message if it cannot. */
#include <stdio.h>
#include <stdlib.h>

#include <libpq-fe.h>

#include "podium/dl.h"
#include "pg_int.h"

/* The Makefile names the library's soname from pkg-config (objdump -p). */
#ifndef PD_PQ_SONAME
#define PD_PQ_SONAME "libpq.so.5"
#endif
#define HINT "PostgreSQL stores need it: apt-get install libpq5"

/* Every libpq function podium calls: F(returns, name, params, args), V
 * for those that return nothing. */
#define PQ_FUNCS(F, V)                                                     \
	V(PQclear, (PGresult *r), (r))                                     \
	F(int, PQenterPipelineMode, (PGconn *c), (c))                      \
	F(int, PQexitPipelineMode, (PGconn *c), (c))                       \
	F(PGresult *, PQgetResult, (PGconn *c), (c))                       \
	F(int, PQpipelineSync, (PGconn *c), (c))                           \
	F(int, PQsendQueryParams, (PGconn *c, const char *q, int n,       \
	  const Oid *types, const char *const *v, const int *len,          \
	  const int *fmt, int rfmt), (c, q, n, types, v, len, fmt, rfmt))   \
	F(int, PQsendQueryPrepared, (PGconn *c, const char *name, int n,  \
	  const char *const *v, const int *len, const int *fmt, int rfmt), \
	  (c, name, n, v, len, fmt, rfmt))                                 \
	F(char *, PQcmdTuples, (PGresult *r), (r))                         \
	F(PGconn *, PQconnectdb, (const char *info), (info))               \
	F(int, PQconsumeInput, (PGconn *c), (c))                           \
	F(char *, PQerrorMessage, (const PGconn *c), (c))                  \
	F(PGresult *, PQexec, (PGconn *c, const char *q), (c, q))          \
	F(PGresult *, PQexecPrepared, (PGconn *c, const char *name, int n, \
	  const char *const *v, const int *len, const int *fmt, int rfmt), \
	  (c, name, n, v, len, fmt, rfmt))                                 \
	F(PGresult *, PQexecParams, (PGconn *c, const char *q, int n,     \
	  const Oid *types, const char *const *v, const int *len,          \
	  const int *fmt, int rfmt), (c, q, n, types, v, len, fmt, rfmt))   \
	V(PQfinish, (PGconn *c), (c))                                      \
	V(PQfreemem, (void *p), (p))                                       \
	F(int, PQgetisnull, (const PGresult *r, int t, int f), (r, t, f))  \
	F(char *, PQgetvalue, (const PGresult *r, int t, int f), (r, t, f))\
	F(int, PQnfields, (const PGresult *r), (r))                        \
	F(PGnotify *, PQnotifies, (PGconn *c), (c))                        \
	F(int, PQntuples, (const PGresult *r), (r))                        \
	F(PGresult *, PQprepare, (PGconn *c, const char *name,             \
	  const char *q, int n, const Oid *types), (c, name, q, n, types)) \
	V(PQreset, (PGconn *c), (c))                                       \
	F(char *, PQresultErrorField, (const PGresult *r, int code),       \
	  (r, code))                                                       \
	F(ExecStatusType, PQresultStatus, (const PGresult *r), (r))        \
	F(int, PQsetClientEncoding, (PGconn *c, const char *e), (c, e))    \
	F(PQnoticeProcessor, PQsetNoticeProcessor, (PGconn *c,             \
	  PQnoticeProcessor p, void *arg), (c, p, arg))                    \
	F(int, PQsocket, (const PGconn *c), (c))                           \
	F(ConnStatusType, PQstatus, (const PGconn *c), (c))                \
	F(PGTransactionStatusType, PQtransactionStatus, (const PGconn *c), \
	  (c))

#define INDEX_F(ret, name, params, args) I_##name,
#define INDEX_V(name, params, args) I_##name,
enum { PQ_FUNCS(INDEX_F, INDEX_V) NFUNCS };

#define NAME_F(ret, name, params, args) #name,
#define NAME_V(name, params, args) #name,
static const char *const names[NFUNCS] = { PQ_FUNCS(NAME_F, NAME_V) };
static void *fn[NFUNCS];
static struct pd_dl lib = PD_DL_INIT(PD_PQ_SONAME, HINT, names, fn,
				     NFUNCS);

int pd_pq_load(struct pd_diag *diag)
{
	return pd_dl_load(&lib, PD_ESTORE, diag);
}

#define STUB_F(ret, name, params, args) ret name params \
	{ return ((ret (*) params)pd_dl_fn(&lib, I_##name)) args; }
#define STUB_V(name, params, args) void name params \
	{ ((void (*) params)pd_dl_fn(&lib, I_##name)) args; }
PQ_FUNCS(STUB_F, STUB_V)
