/* csv.h -- an RFC 4180 reader over a buffer in memory.
 *
 * Reads records one at a time: quoted fields with embedded commas, quotes
 * ("" for ") and line breaks; CRLF or LF line ends; a UTF-8 byte order mark
 * at the start is skipped.  Every record knows the line it started on, so
 * an importer can say "file:line: ..." about any row.
 *
 * Fields are NUL-terminated copies owned by the reader and valid until the
 * next pd_csv_next() call.
 *
 * Once pd_csv_set_width() has fixed the width (an importer does it on its
 * header), every record must have it: a record with fewer or more fields
 * is PD_EPARSE at its line ("row has 5 fields, the header 13"), so that a
 * row cut short or with one comma too many is refused, not read into the
 * wrong columns.  An empty field after the last column (a trailing comma,
 * as some writers end every line) is not a field, in a file that writes
 * one: in its header, or in its first two rows.  In a file whose rows end
 * at the last column, a row with an empty field more is refused: one
 * comma too many in a row whose last column is empty looks just like it.
 *
 * An importer also names the columns it keeps as names (pd_csv_label()),
 * and checks each row it takes (pd_csv_labels_check(): a row that --where
 * leaves out is not its business): the value there must be a name as
 * label.h has it, at most PD_NAME_MAX bytes of printable UTF-8 (white
 * space holding a line break counts as one space, as the importers fold
 * it), or the row is PD_EPARSE at its line, naming the field, the column
 * and what to do.  The store would refuse the same value later, but could
 * not say which line of which file held it.  A field or record over the limits below is
 * PD_ETOOBIG; an unterminated quote (a truncated file) is PD_EPARSE.
 *
 * Written here rather than taken from libcsv: libcsv reports neither the
 * line of a record nor where a quote went unterminated, and both are what
 * an importer's error messages are made of.
 */
#ifndef PODIUM_CSV_H
#define PODIUM_CSV_H

#include <stddef.h>
#include "buf.h"
#include "error.h"

#define PD_CSV_MAX_FIELDS 1024
#define PD_CSV_MAX_RECORD ((size_t)16 << 20)
#define PD_CSV_LABELS 16

/* A column whose values an importer keeps as names. */
struct pd_csv_label {
	size_t at;		/* the column */
	const char *what;	/* the field, for messages: "athlete" */
	const char *hint;	/* what to do with a value too long, or NULL:
				 * "shorten it in the file" */
};

struct pd_csv {
	const char *p, *end;
	const char *file;
	long line;		/* the line the current record starts on */
	long next_line;
	char **f;		/* the current record's fields */
	size_t nf;
	size_t width;		/* every record's, or 0: any (set_width) */
	int trailing;		/* the rows end with an empty field after
				 * the last column: 1 yes, -1 no, 0 unknown */
	struct pd_csv_label labels[PD_CSV_LABELS];
	size_t nlabels;
	char *head;		/* the header's names, each NUL-ended */
	size_t nhead;		/* bytes of head */
	size_t *off;		/* field offsets into store */
	size_t aoff;
	struct pd_buf store;
};

/* Start reading data[0..len); file names it in diagnostics. */
int pd_csv_init(struct pd_csv *c, const char *data, size_t len,
		const char *file);
void pd_csv_release(struct pd_csv *c);
/* Read the next record: 1 when one was read, 0 at the end, or a negative
 * PD_E* code with diag filled.  Blank lines are skipped. */
int pd_csv_next(struct pd_csv *c, struct pd_diag *diag);
/* From now on every record must have the current record's width (its
 * fields less a trailing empty one, which is dropped from it too), and
 * the current record is the header that pd_csv_column() names.
 * PD_ENOMEM. */
int pd_csv_set_width(struct pd_csv *c);
/* Column at of every record taken must hold a name (see above);
 * what and hint (borrowed, static) as struct pd_csv_label has them.
 * PD_EINVAL past PD_CSV_LABELS columns. */
int pd_csv_label(struct pd_csv *c, size_t at, const char *what,
		 const char *hint);
/* 0 if the current record holds a name in every column given to
 * pd_csv_label(), else PD_EPARSE at its line (see above). */
int pd_csv_labels_check(const struct pd_csv *c, struct pd_diag *diag);
/* The header's name of column at, "" if none. */
const char *pd_csv_column(const struct pd_csv *c, size_t at);
/* Give to (a reader of another part of the same file) from's checks:
 * its width and header, its labels.  PD_ENOMEM. */
int pd_csv_copy_checks(struct pd_csv *to, const struct pd_csv *from);
/* Step over blank lines, as pd_csv_next() does first: c->p is then where
 * the next record starts (or the end). */
void pd_csv_skip_blank(struct pd_csv *c);

/* Append s to out as one CSV field, quoted only when it must be. */
int pd_csv_quote(struct pd_buf *out, const char *s);

#endif
