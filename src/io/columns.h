/* columns.h -- internal to src/io: find a CSV importer's columns by header
 * name and apply --where filters.  Not installed with include/podium: no
 * caller outside the importers needs it. */
#ifndef PODIUM_COLUMNS_H
#define PODIUM_COLUMNS_H

#include "podium/csv.h"
#include "podium/io.h"

struct pd_columns {
	int at[PD_F_COUNT];		/* column index, or -1 */
	int where_at[PD_WHERE_MAX];
	size_t nwhere;
	const struct pd_where *where;
};

/* Match the header record: for each field, the --map name if given (an
 * absent column is then an error), else the first of guesses[field] found
 * (case-insensitive).  guesses[f] is a NULL-terminated list or NULL. */
int pd_columns_find(struct pd_columns *cols, const struct pd_csv *c,
		    const struct pd_csv_opts *opts,
		    const char *const *const guesses[PD_F_COUNT],
		    struct pd_diag *diag);
/* Read the header record: 0, or PD_EPARSE "empty file" when there is
 * none, or the reader's error.  Every row after it must then have its
 * width (pd_csv_set_width()): the one check of every importer's rows. */
int pd_columns_header(struct pd_csv *c, struct pd_diag *diag);
/* A format with a fixed header: at[k] is the column of names[k] for each
 * of the n names, found as pd_columns_find() finds a column (the first
 * header cell equal to it, case-insensitive).  A name the header lacks is
 * PD_EPARSE at the header's file and line, the message made from missing,
 * a printf format with one %s for the name. */
int pd_columns_require(int *at, const struct pd_csv *c,
		       const char *const *names, size_t n,
		       const char *missing, struct pd_diag *diag);
/* A field an importer keeps as a name: what the messages call it, and
 * what to do with a value too long (NULL: shorten it). */
struct pd_columns_label {
	enum pd_field f;
	const char *what, *hint;
};
/* What to do with an athlete name too long: most often a column that
 * lists a whole team. */
extern const char pd_columns_members_hint[];
/* Have c check, in every row from now on, that the column of each of
 * the n fields l[] the header has holds a name (pd_csv_label()), so that
 * a bad one is refused at its line.  PD_EINVAL past PD_CSV_LABELS. */
int pd_columns_labels(const struct pd_columns *cols, struct pd_csv *c,
		      const struct pd_columns_label *l, size_t n);
/* The row passes every --where filter. */
int pd_columns_keep(const struct pd_columns *cols, const struct pd_csv *c);
/* The value of field f in the current row, "" when absent or NA. */
const char *pd_columns_get(const struct pd_columns *cols,
			   const struct pd_csv *c, enum pd_field f);

#endif
