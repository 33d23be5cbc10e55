/* dl.h -- a shared library opened when first needed (src/sys/dl.c).
 *
 * libpq, libmicrohttpd and libxml2 are not linked into podium: each
 * loader (pq_load.c, mhd_load.c, xml_load.c) says why, and defines the
 * library's functions podium calls, each forwarding to the library's
 * through pd_dl_fn().  What they share is here: open the library once
 * per process, look up every name, and keep the one message that says
 * why it could not be done. */
#ifndef PODIUM_DL_H
#define PODIUM_DL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include "podium/error.h"

struct pd_dl {
	const char *soname;		/* "libpq.so.5" */
	const char *hint;		/* what needs it, what to install */
	const char *const *names;	/* the functions, n of them */
	size_t n;
	void **fn;			/* n: filled by the load */
	void *handle;			/* the library, never closed */
	pthread_mutex_t mu;		/* held only while loading */
	atomic_int state;		/* 0 not tried, 1 loaded, -1 failed */
	char why[512];			/* "" once loaded */
};

#define PD_DL_INIT(soname, hint, names, fn, n) \
	{ (soname), (hint), (names), (n), (fn), NULL, \
	  PTHREAD_MUTEX_INITIALIZER, 0, "" }

/* Open the library and look up every name, once per process (later calls
 * say the first's result).  code with diag naming the library and the
 * hint when it cannot be done. */
int pd_dl_load(struct pd_dl *l, int code, struct pd_diag *diag);

/* The address of NAME in a loaded library (one not in its names: a
 * version query made once), or NULL. */
void *pd_dl_sym(struct pd_dl *l, const char *name);

/* Function i, for a forwarding function: loads first; a library that
 * cannot be loaded ends the process with its message (the loaders' own
 * entry points load first, with a diag, so that podium never gets here
 * without it). */
void *pd_dl_fn(struct pd_dl *l, size_t i);

#endif
