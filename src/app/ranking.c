/* ranking.c -- an event's whole ranking from a CSV file ('podium result
 * set EVENT --file'): read and parsed here, written by
 * pd_op_results_replace() (see ops.h). */
#include <stdlib.h>
#include <string.h>

#include "podium/io.h"
#include "app_int.h"

int pd_op_results_from_csv(struct pd_store *s, const struct pd_registry *reg,
			   long event, const char *file, const char *data,
			   size_t len, const struct pd_who *who,
			   struct pd_op_done *done, size_t *n,
			   struct pd_diag *d)
{
	struct pd_result_input *in = NULL;
	struct pd_result_lines lines;
	char *heap = NULL;
	size_t i;
	int ret;

	if (!data) {
		if ((ret = pd_file_read(file, &heap, &len, d)) < 0)
			return ret;
		data = heap;
	}
	ret = pd_results_csv_parse(&lines, data, len, file, reg, d);
	free(heap);
	if (ret < 0)
		return ret;
	if (!(in = calloc(lines.n ? lines.n : 1, sizeof(*in)))) {
		pd_result_lines_release(&lines);
		return PD_ENOMEM;
	}
	for (i = 0; i < lines.n; i++) {
		in[i].npc = lines.v[i].npc;
		in[i].name = lines.v[i].name;
		in[i].rank = lines.v[i].rank;
		in[i].mark = lines.v[i].mark;
		in[i].irm = lines.v[i].irm;
		in[i].records = lines.v[i].records;
		in[i].value = lines.v[i].value;
		in[i].has_value = lines.v[i].has_value;
		in[i].file = file;
		in[i].line = lines.v[i].line;
	}
	ret = pd_op_results_replace(s, reg, event, in, lines.n, who, done, d);
	if (ret == 0 && n)
		*n = lines.n;
	free(in);
	pd_result_lines_release(&lines);
	return ret;
}
