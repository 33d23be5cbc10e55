/* resolve.c -- the "unknown NPC, did you mean" message every importer uses. */
#include <stdio.h>
#include <string.h>

#include "podium/io.h"

int pd_unknown_npc(const struct pd_registry *reg, const char *name,
		   const char *file, long line, struct pd_diag *diag)
{
	const struct pd_npc *near[3];
	char hint[300] = "";
	size_t n, i, off = 0;

	n = pd_registry_suggest(reg, name, near, 3);
	for (i = 0; i < n && off < sizeof(hint); i++)
		off += (size_t)snprintf(hint + off, sizeof(hint) - off,
					"%s'%s' (%s)", i == 0 ? "; did you mean " :
					i + 1 == n ? " or " : ", ", near[i]->en,
					near[i]->code);
	if (n && off < sizeof(hint))
		snprintf(hint + off, sizeof(hint) - off, "?");
	else if (!n)
		snprintf(hint, sizeof(hint), "; use its IOC/IPC code, or see "
			 "'podium resolve'");
	return pd_diag_set(diag, PD_ENOTFOUND, file, line,
			   "unknown NPC '%s'%s", name, hint);
}
