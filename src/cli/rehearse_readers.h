/* rehearse_readers.h -- the readers of 'podium rehearse': R stream
 * clients (GET /api/games/G/stream) in P processes of their own, each
 * process one libcurl multi handle, so that a reader's side is not one
 * thread sharing its core with the writer, and so that 50,000 readers
 * fit in processes of 20,000 descriptors each.  What they saw comes back
 * through a pipe when they stop: the first time each node's stream
 * showed each version, and each reader's last table.
 *
 * The first readers, ten on each node (and ten on the balancer), are the
 * probe: a process of their own, so that the time they stamp on a
 * message is when the node delivered it, not when a client busy with
 * thousands of other streams came to it.  A reader on a phone has a
 * core of its own; a process reading 3,000 streams on a shared core
 * stamped the same message up to 400 ms apart on its first and its last
 * stream. */
#ifndef PODIUM_CLI_REHEARSE_READERS_H
#define PODIUM_CLI_REHEARSE_READERS_H

#include <stddef.h>
#include <sys/types.h>

#include "podium/http_client.h"

#define RH_MAX_NODES 16
#define RH_MAX_PROCS 64

/* a row of a table, as 'table --format csv' has it, less the name */
struct rh_row {
	char npc[8];
	long rank, gold, silver, bronze, total;
};

/* a table some readers ended on */
struct rh_table {
	char *text;		/* rh_rows_text() */
	size_t count;		/* readers that ended on it */
	size_t first;		/* the first of them, and its node */
	size_t node;
};

struct rh_seen {
	double *t;		/* per version - base: first seen (after
				 * rh_readers_stop(): it or a later one), 0
				 * none */
	long n;
};

struct rh_shared;

struct rh_readers {
	/* set before rh_readers_start() */
	const struct pd_curl *c;
	const char *const *urls;
	size_t nurls;
	const char *games;
	size_t n;		/* readers, reader i on node i % nurls */
	size_t direct;		/* or: when urls[nurls - 1] is a balancer,
				 * direct readers on each node, the rest on
				 * the balancer */
	size_t procs;		/* the rest's processes; 0: as they need */
	size_t per;		/* readers a process at most */
	long base;		/* the version before the first write */
	double t0;		/* rh_now() at the start */
	/* the children */
	struct rh_shared *sh;
	size_t nproc;		/* the probe's process, then the rest's */
	size_t lo[RH_MAX_PROCS], hi[RH_MAX_PROCS];
	pid_t pid[RH_MAX_PROCS];
	int fd[RH_MAX_PROCS];
	/* after rh_readers_stop() */
	struct rh_seen seen[RH_MAX_NODES];
	struct rh_table *tables;
	size_t ntables;
	size_t lost;		/* readers whose process gave no answer */
	long messages, bad, reconnects;
};

/* CLOCK_MONOTONIC in seconds: one clock for every process */
double rh_now(void);

/* rows sorted by rank, then NPC, those with no medal left out, as text
 * a line each ("rank,NPC,gold,silver,bronze,total"): malloc'd */
char *rh_rows_text(struct rh_row *v, size_t n);

/* fork the reader processes (before the caller starts any thread) and
 * connect every reader: 0, or -1 with errno */
int rh_readers_start(struct rh_readers *rs);

/* the least stream id every reader has seen */
long rh_readers_least(const struct rh_readers *rs);

/* cut one reader's connection, as a phone leaving the Wi-Fi would */
void rh_readers_drop(struct rh_readers *rs);

/* when node's stream first showed version (or a later one), rh_now()
 * less t0; 0 when never (or version is 0: a write that changed
 * nothing).  After rh_readers_stop(). */
double rh_seen(const struct rh_readers *rs, size_t node, long version);

/* stop every reader and collect what they saw: 0, or -1 when a process
 * gave no answer (its readers counted in ->lost) */
int rh_readers_stop(struct rh_readers *rs);

void rh_readers_release(struct rh_readers *rs);

#endif
