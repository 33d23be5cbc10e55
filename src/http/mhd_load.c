/* mhd_load.c -- libmicrohttpd, loaded with dlopen when `podium serve`
 * starts, and every MHD function the server calls, forwarded to it.
 *
 * Why: linked as a library, libmicrohttpd and what it drags in (gnutls,
 * nettle, gmp, p11-kit ...) are mapped and relocated by every podium
 * process, serving or not.  On the machine where podium was measured (a
 * guest where a page fault costs tens of microseconds) an empty program
 * linked with the base libraries started in 4.8 ms, 9.4 ms with
 * libmicrohttpd too; podium's every other command never calls it.
 *
 * So podium is not linked with -lmicrohttpd.  Each function below has
 * MHD's own prototype (microhttpd.h is included: the compiler checks every
 * one) and calls the library's through a pointer that pd_mhd_load() looks
 * up, all at once; pd_http_start() calls it first.  The library is never
 * closed.  A stub reached without a load ends the process with the
 * message (none is: see mhd_load.h).
 *
 * Three of MHD's functions take variable arguments, which cannot be
 * passed on as they came: MHD_start_daemon goes to MHD_start_daemon_va;
 * MHD_get_connection_info and MHD_get_daemon_info are passed their two
 * fixed arguments alone (podium's calls pass no more, and MHD 0.9.75
 * reads none for any info type); MHD_set_connection_option's one option,
 * MHD_CONNECTION_OPTION_TIMEOUT, takes one unsigned int, which is passed
 * on, and any other option is refused (MHD_NO). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

#include <microhttpd.h>

#include "podium/dl.h"
#include "mhd_load.h"

/* The Makefile names the library's soname from pkg-config (objdump -p). */
#ifndef PD_MHD_SONAME
#define PD_MHD_SONAME "libmicrohttpd.so.12"
#endif
#define HINT "podium serve needs it: apt-get install libmicrohttpd12"

/* Every MHD function the server calls: F(returns, name, params, args), V
 * for those that return nothing, H for those written out below. */
#define MHD_FUNCS(F, V, H)                                                 \
	F(enum MHD_Result, MHD_add_response_header, (struct MHD_Response *r,\
	  const char *h, const char *v), (r, h, v))                        \
	F(struct MHD_Response *, MHD_create_response_from_buffer,          \
	  (size_t n, void *b, enum MHD_ResponseMemoryMode m), (n, b, m))   \
	F(struct MHD_Response *, MHD_create_response_from_callback,        \
	  (uint64_t n, size_t block, MHD_ContentReaderCallback cb,         \
	   void *cls, MHD_ContentReaderFreeCallback fcb),                  \
	  (n, block, cb, cls, fcb))                                        \
	V(MHD_destroy_response, (struct MHD_Response *r), (r))             \
	H(MHD_get_connection_info)                                         \
	F(int, MHD_get_connection_values, (struct MHD_Connection *c,       \
	  enum MHD_ValueKind k, MHD_KeyValueIterator it, void *cls),       \
	  (c, k, it, cls))                                                 \
	H(MHD_get_daemon_info)                                             \
	F(size_t, MHD_http_unescape, (char *v), (v))                       \
	F(const char *, MHD_lookup_connection_value,                       \
	  (struct MHD_Connection *c, enum MHD_ValueKind k, const char *key),\
	  (c, k, key))                                                     \
	F(enum MHD_Result, MHD_queue_response, (struct MHD_Connection *c,  \
	  unsigned int status, struct MHD_Response *r), (c, status, r))    \
	F(MHD_socket, MHD_quiesce_daemon, (struct MHD_Daemon *d), (d))     \
	V(MHD_resume_connection, (struct MHD_Connection *c), (c))          \
	H(MHD_set_connection_option)                                       \
	F(struct MHD_Daemon *, MHD_start_daemon_va, (unsigned int flags,   \
	  uint16_t port, MHD_AcceptPolicyCallback apc, void *apc_cls,      \
	  MHD_AccessHandlerCallback dh, void *dh_cls, va_list ap),         \
	  (flags, port, apc, apc_cls, dh, dh_cls, ap))                     \
	V(MHD_stop_daemon, (struct MHD_Daemon *d), (d))                    \
	V(MHD_suspend_connection, (struct MHD_Connection *c), (c))

#define INDEX_F(ret, name, params, args) I_##name,
#define INDEX_V(name, params, args) I_##name,
#define INDEX_H(name) I_##name,
enum { MHD_FUNCS(INDEX_F, INDEX_V, INDEX_H) NFUNCS };

#define NAME_F(ret, name, params, args) #name,
#define NAME_V(name, params, args) #name,
#define NAME_H(name) #name,
static const char *const names[NFUNCS] = {
	MHD_FUNCS(NAME_F, NAME_V, NAME_H)
};
static void *fn[NFUNCS];
static struct pd_dl lib = PD_DL_INIT(PD_MHD_SONAME, HINT, names, fn,
				     NFUNCS);

/* The library loaded must be the release podium was built against, or a
 * later patch of it: sender.c and stream.c rely on how 0.9.75 suspends,
 * resumes and times out connections, which a minor release may change
 * (0.9.x -> 1.0 did, and MHD_VERSION says which the headers were). */
static int check_version(struct pd_diag *diag)
{
	const char *(*version)(void) =
		(const char *(*)(void))pd_dl_sym(&lib, "MHD_get_version");
	unsigned int a = 0, b = 0, c = 0;
	unsigned int ba = (MHD_VERSION >> 24) & 0xff,
		     bb = (MHD_VERSION >> 16) & 0xff,
		     bc = (MHD_VERSION >> 8) & 0xff;
	const char *v = version ? version() : NULL;

	if (!v || sscanf(v, "%x.%x.%x", &a, &b, &c) != 3)
		return pd_diag_set(diag, PD_EIO, NULL, 0, "%s does not say "
				   "its version: podium serve was built for "
				   "libmicrohttpd %x.%x.%x", PD_MHD_SONAME,
				   ba, bb, bc);
	if (a != ba || b != bb || c < bc)
		return pd_diag_set(diag, PD_EIO, NULL, 0, "%s is "
				   "libmicrohttpd %s; podium serve was built "
				   "for %x.%x.%x (a later %x.%x patch will do):"
				   " rebuild podium against it, or install "
				   "the one it was built for", PD_MHD_SONAME,
				   v, ba, bb, bc, ba, bb);
	return 0;
}

int pd_mhd_load(struct pd_diag *diag)
{
	int ret = pd_dl_load(&lib, PD_EIO, diag);

	return ret < 0 ? ret : check_version(diag);
}

#define STUB_F(ret, name, params, args) ret name params \
	{ return ((ret (*) params)pd_dl_fn(&lib, I_##name)) args; }
#define STUB_V(name, params, args) void name params \
	{ ((void (*) params)pd_dl_fn(&lib, I_##name)) args; }
#define STUB_H(name)
MHD_FUNCS(STUB_F, STUB_V, STUB_H)

struct MHD_Daemon *MHD_start_daemon(unsigned int flags, uint16_t port,
				    MHD_AcceptPolicyCallback apc,
				    void *apc_cls,
				    MHD_AccessHandlerCallback dh,
				    void *dh_cls, ...)
{
	struct MHD_Daemon *d;
	va_list ap;

	va_start(ap, dh_cls);
	d = MHD_start_daemon_va(flags, port, apc, apc_cls, dh, dh_cls, ap);
	va_end(ap);
	return d;
}

const union MHD_ConnectionInfo *
MHD_get_connection_info(struct MHD_Connection *c,
			enum MHD_ConnectionInfoType type, ...)
{
	typedef const union MHD_ConnectionInfo *(*fn_t)(
		struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);

	return ((fn_t)pd_dl_fn(&lib, I_MHD_get_connection_info))(c, type);
}

const union MHD_DaemonInfo *
MHD_get_daemon_info(struct MHD_Daemon *d, enum MHD_DaemonInfoType type, ...)
{
	typedef const union MHD_DaemonInfo *(*fn_t)(struct MHD_Daemon *,
		enum MHD_DaemonInfoType, ...);

	return ((fn_t)pd_dl_fn(&lib, I_MHD_get_daemon_info))(d, type);
}

enum MHD_Result MHD_set_connection_option(struct MHD_Connection *c,
					  enum MHD_CONNECTION_OPTION option,
					  ...)
{
	typedef enum MHD_Result (*fn_t)(struct MHD_Connection *,
					enum MHD_CONNECTION_OPTION, ...);
	unsigned int seconds;
	va_list ap;

	if (option != MHD_CONNECTION_OPTION_TIMEOUT)
		return MHD_NO;
	va_start(ap, option);
	seconds = va_arg(ap, unsigned int);
	va_end(ap);
	return ((fn_t)pd_dl_fn(&lib, I_MHD_set_connection_option))(c, option, seconds);
}
