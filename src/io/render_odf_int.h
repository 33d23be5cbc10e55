/* render_odf_int.h -- internal to src/io: the steps of render_odf_w.c
 * that the ODF writers (render_odf.c, render_odf_units.c) share.  Every
 * call's failure is folded into w->err, so a writer calls them in order
 * and looks once, at ow_close_doc(). */
#ifndef PODIUM_RENDER_ODF_INT_H
#define PODIUM_RENDER_ODF_INT_H

#include <libxml/xmlwriter.h>

#include "podium/buf.h"
#include "podium/odf.h"

struct w {
	xmlTextWriterPtr x;
	int err;
};

void ow_start(struct w *w, const char *name);
void ow_end(struct w *w);
/* name="value"; a NULL value is left out */
void ow_attr(struct w *w, const char *name, const char *value);
/* left out when NULL or "" */
void ow_attr_opt(struct w *w, const char *name, const char *value);
void ow_attr_long(struct w *w, const char *name, long v);
void ow_text(struct w *w, const char *s);
/* The attributes of kv: name, value, ... up to a NULL name. */
void ow_attrs(struct w *w, const char *const *kv);
int ow_open_doc(struct w *w, xmlBufferPtr *buf);
/* End the document and hand its bytes to out. */
int ow_close_doc(struct w *w, xmlBufferPtr buf, struct pd_buf *out);
/* <OdfBody ...> opened (a NULL status: no ResultStatus) */
void ow_head(struct w *w, const struct pd_odf_head *h);

#endif
