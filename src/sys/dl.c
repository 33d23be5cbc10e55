/* dl.c -- a shared library opened when first needed (podium/dl.h). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "podium/dl.h"

int pd_dl_load(struct pd_dl *l, int code, struct pd_diag *diag)
{
	size_t i = 0;

	pthread_mutex_lock(&l->mu);
	if (!l->tried) {
		l->tried = 1;
		l->handle = dlopen(l->soname, RTLD_NOW | RTLD_LOCAL);
		for (; l->handle && i < l->n; i++)
			if (!(l->fn[i] = dlsym(l->handle, l->names[i])))
				break;
		if (!l->handle || i < l->n)
			snprintf(l->why, sizeof(l->why), "cannot load %s (%s): "
				 "%s", l->soname, l->hint, dlerror());
	}
	pthread_mutex_unlock(&l->mu);
	return l->why[0] ? pd_diag_set(diag, code, NULL, 0, "%s", l->why) : 0;
}

void *pd_dl_fn(struct pd_dl *l, size_t i)
{
	if (pd_dl_load(l, PD_EIO, NULL) < 0) {
		fprintf(stderr, "podium: %s\n", l->why);
		abort();
	}
	return l->fn[i];
}
