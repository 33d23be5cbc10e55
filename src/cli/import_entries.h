/* import_entries.h -- write a set of athletes, events and results (see
 * podium/entries.h) to the store in one transaction, for 'podium import'.
 */
#ifndef PODIUM_CLI_IMPORT_ENTRIES_H
#define PODIUM_CLI_IMPORT_ENTRIES_H

#include "podium/entries.h"
#include "cli.h"

struct cli_import_counts {
	size_t games, athletes, events, results, medals;
};

/* Write set: one BEGIN ... COMMIT holding one pd_store_change() per Games
 * (its version bump and audit entry), each replacing the Games' results
 * from source.  label names the input in the progress line, which is drawn
 * on stderr only when stderr is a terminal.  Returns an exit code, the
 * message printed; on failure the store is as it was. */
int cli_entries_store(struct cli *cli, const struct pd_entry_set *set,
		      const char *source, const char *label,
		      struct cli_import_counts *counts);

#endif
