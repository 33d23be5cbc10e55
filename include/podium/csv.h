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
 * comma too many in a row whose last column is empty looks just like it.  A field or record over the limits below is
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
 * fields less a trailing empty one, which is dropped from it too). */
void pd_csv_set_width(struct pd_csv *c);
/* Step over blank lines, as pd_csv_next() does first: c->p is then where
 * the next record starts (or the end). */
void pd_csv_skip_blank(struct pd_csv *c);

/* Append s to out as one CSV field, quoted only when it must be. */
int pd_csv_quote(struct pd_buf *out, const char *s);

#endif
