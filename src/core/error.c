/* error.c -- pd_strerror() and pd_diag_set(), from the one X-macro. */
#include <stdarg.h>
#include <stdio.h>	/* vsnprintf only: formatting, no I/O */
#include <string.h>

#include "podium/error.h"

const char *pd_strerror(int err)
{
	switch (err) {
	case PD_OK:
		return "success";
#define PD_ERROR_CASE(name, value, text) case value: return text;
	PD_ERRORS(PD_ERROR_CASE)
#undef PD_ERROR_CASE
	}
	return "unknown error";
}

int pd_diag_vset(struct pd_diag *diag, int err, const char *file, long line,
		 const char *fmt, va_list ap)
{
	if (!diag)
		return err;
	snprintf(diag->file, sizeof(diag->file), "%s", file ? file : "");
	diag->line = line;
	vsnprintf(diag->msg, sizeof(diag->msg), fmt, ap);
	return err;
}

int pd_diag_set(struct pd_diag *diag, int err, const char *file, long line,
		const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	err = pd_diag_vset(diag, err, file, line, fmt, ap);
	va_end(ap);
	return err;
}
