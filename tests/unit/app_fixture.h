/* app_fixture.h -- the fixture of the application layer's unit tests
 * (test_app.c, test_app_read.c): a SQLite store in a new temporary file,
 * opened with the test's own small registry, removed again afterwards. */
#ifndef PODIUM_TEST_APP_FIXTURE_H
#define PODIUM_TEST_APP_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "podium/app.h"

struct fixture {
	char path[64];
	struct pd_registry reg;
	struct pd_store *s;
	struct pd_diag d;
};

static inline void remove_db(const char *path)
{
	char side[80];

	unlink(path);
	snprintf(side, sizeof(side), "%s-wal", path);
	unlink(side);
	snprintf(side, sizeof(side), "%s-shm", path);
	unlink(side);
}

/* A new store with registry (a data/npcs.tsv text) in *state. */
static inline int fixture_open(void **state, const char *registry)
{
	struct fixture *f = calloc(1, sizeof(*f));
	int fd;

	if (!f)
		return -1;
	strcpy(f->path, "/tmp/podium-test-app-XXXXXX");
	if ((fd = mkstemp(f->path)) < 0) {
		free(f);
		return -1;
	}
	close(fd);
	if (pd_registry_parse(&f->reg, registry, strlen(registry), "reg.tsv",
			      NULL) < 0 ||
	    pd_store_open(&f->s, f->path, &f->reg, &f->d) < 0) {
		remove_db(f->path);
		free(f);
		return -1;
	}
	*state = f;
	return 0;
}

static inline int teardown(void **state)
{
	struct fixture *f = *state;

	pd_store_close(f->s);
	remove_db(f->path);
	pd_registry_release(&f->reg);
	free(f);
	return 0;
}

#endif
