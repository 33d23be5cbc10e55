/* dl.c -- a shared library opened when first needed (podium/dl.h).
 *
 * The load takes the mutex once; every call after it reads one atomic
 * with acquire order and takes no lock.  The forwarding functions sit on
 * every call into libpq, libmicrohttpd and libxml2 (each PQgetvalue of a
 * result, each MHD header lookup): a process-wide mutex there made every
 * server thread queue on one cache line for nothing, since after the
 * load the table never changes. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "podium/dl.h"

enum { NOT_TRIED = 0, LOADED = 1, FAILED = -1 };

static void load(struct pd_dl *l)
{
	size_t i = 0;

	l->handle = dlopen(l->soname, RTLD_NOW | RTLD_LOCAL);
	for (; l->handle && i < l->n; i++)
		if (!(l->fn[i] = dlsym(l->handle, l->names[i])))
			break;
	if (!l->handle || i < l->n) {
		snprintf(l->why, sizeof(l->why), "cannot load %s (%s): %s",
			 l->soname, l->hint, dlerror());
		atomic_store_explicit(&l->state, FAILED, memory_order_release);
	} else {
		atomic_store_explicit(&l->state, LOADED, memory_order_release);
	}
}

int pd_dl_load(struct pd_dl *l, int code, struct pd_diag *diag)
{
	int st = atomic_load_explicit(&l->state, memory_order_acquire);

	if (st == NOT_TRIED) {
		pthread_mutex_lock(&l->mu);
		if (atomic_load_explicit(&l->state, memory_order_relaxed) ==
		    NOT_TRIED)
			load(l);
		pthread_mutex_unlock(&l->mu);
		st = atomic_load_explicit(&l->state, memory_order_acquire);
	}
	return st == LOADED ? 0 :
		pd_diag_set(diag, code, NULL, 0, "%s", l->why);
}

void *pd_dl_sym(struct pd_dl *l, const char *name)
{
	if (atomic_load_explicit(&l->state, memory_order_acquire) != LOADED)
		return NULL;
	return dlsym(l->handle, name);
}

void *pd_dl_fn(struct pd_dl *l, size_t i)
{
	if (atomic_load_explicit(&l->state, memory_order_acquire) == LOADED)
		return l->fn[i];
	if (pd_dl_load(l, PD_EIO, NULL) < 0) {
		fprintf(stderr, "podium: %s\n", l->why);
		abort();
	}
	return l->fn[i];
}
