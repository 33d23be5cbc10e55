/* error.h -- podium's error codes and the diagnostic a failing call fills.
 *
 * Every function of libpodium that can fail returns 0 on success or one of
 * the negative PD_E* codes below.  The codes and their messages come from
 * one X-macro, so pd_strerror() can never fall out of step with the enum.
 *
 * The core never prints.  Where a caller needs to know *where* input went
 * wrong, a function takes a caller-owned struct pd_diag and fills it with
 * the file, the line and a message; the CLI turns it into "file:line: msg"
 * on stderr, the server into a JSON body.  A NULL diag is always allowed.
 */
#ifndef PODIUM_ERROR_H
#define PODIUM_ERROR_H

#include <stdarg.h>

#include <stddef.h>

#define PD_ERRORS(X)                                  \
	X(NOMEM,    -1, "out of memory")              \
	X(INVAL,    -2, "invalid argument")           \
	X(PARSE,    -3, "malformed input")            \
	X(NOTFOUND, -4, "not found")                  \
	X(RANGE,    -5, "value out of range")         \
	X(UTF8,     -6, "invalid UTF-8")              \
	X(TOOBIG,   -7, "input over the size limit")  \
	X(IO,       -8, "input/output error")         \
	X(STORE,    -9, "storage error")              \
	X(EXISTS,  -10, "already exists")             \
	X(CONSIST, -11, "inconsistent data")          \
	X(STALE,   -12, "the store is no longer at its address")  \
	X(AWAY,    -13, "the database server cannot be reached") \
	X(MOVED,   -14, "the Games has moved on since that version") \
	X(BUSY,    -15, "the database made this write give way: try again")

enum pd_error {
	PD_OK = 0,
#define PD_ERROR_ENUM(name, value, text) PD_E##name = value,
	PD_ERRORS(PD_ERROR_ENUM)
#undef PD_ERROR_ENUM
};

/* The message for an error code; "unknown error" for a code not above. */
const char *pd_strerror(int err);

#define PD_DIAG_FILE 256
#define PD_DIAG_MSG 512

/* Where and why.  line is 0 when the problem has no line (a whole file, an
 * argument); file is "" when it has no file. */
struct pd_diag {
	char file[PD_DIAG_FILE];
	long line;
	char msg[PD_DIAG_MSG];
};

/* Fill diag (if not NULL) and return err, so a caller can write
 * `return pd_diag_set(d, PD_EPARSE, file, line, "...", ...);`.
 * file may be NULL. */
int pd_diag_set(struct pd_diag *diag, int err, const char *file, long line,
		const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* The same with the arguments as a va_list. */
int pd_diag_vset(struct pd_diag *diag, int err, const char *file, long line,
		 const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));

#endif
