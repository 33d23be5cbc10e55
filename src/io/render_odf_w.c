/* render_odf_w.c -- the writing steps every ODF message of podium shares
 * (render_odf_int.h): libxml2's xmlTextWriter with one error flag, so
 * that a message's shape reads top to bottom like the XML it makes. */
#include <stdio.h>
#include <string.h>

#include "podium/odf.h"
#include "render_odf_int.h"

void ow_start(struct w *w, const char *name)
{
	if (!w->err && xmlTextWriterStartElement(w->x, BAD_CAST name) < 0)
		w->err = 1;
}

void ow_end(struct w *w)
{
	if (!w->err && xmlTextWriterEndElement(w->x) < 0)
		w->err = 1;
}

void ow_attr(struct w *w, const char *name, const char *value)
{
	if (!w->err && value &&
	    xmlTextWriterWriteAttribute(w->x, BAD_CAST name,
					BAD_CAST value) < 0)
		w->err = 1;
}

/* An attribute left out when it has nothing to say. */
void ow_attr_opt(struct w *w, const char *name, const char *value)
{
	if (value && *value)
		ow_attr(w, name, value);
}

void ow_attr_long(struct w *w, const char *name, long v)
{
	char num[24];

	snprintf(num, sizeof(num), "%ld", v);
	ow_attr(w, name, num);
}

void ow_text(struct w *w, const char *s)
{
	if (!w->err && s && *s && xmlTextWriterWriteString(w->x,
							   BAD_CAST s) < 0)
		w->err = 1;
}

int ow_open_doc(struct w *w, xmlBufferPtr *buf)
{
	int ret;

	memset(w, 0, sizeof(*w));
	if ((ret = pd_odf_load(NULL)) < 0)
		return ret;
	if (!(*buf = xmlBufferCreate()))
		return PD_ENOMEM;
	if (!(w->x = xmlNewTextWriterMemory(*buf, 0))) {
		xmlBufferFree(*buf);
		return PD_ENOMEM;
	}
	if (xmlTextWriterSetIndent(w->x, 1) < 0 ||
	    xmlTextWriterSetIndentString(w->x, BAD_CAST "  ") < 0 ||
	    xmlTextWriterStartDocument(w->x, "1.0", "UTF-8", NULL) < 0)
		w->err = 1;
	return 0;
}

/* End the document and hand its bytes to out. */
int ow_close_doc(struct w *w, xmlBufferPtr buf, struct pd_buf *out)
{
	int ret;

	if (!w->err && xmlTextWriterEndDocument(w->x) < 0)
		w->err = 1;
	xmlFreeTextWriter(w->x);
	ret = w->err ? PD_EINVAL :
	      pd_buf_add(out, xmlBufferContent(buf),
			 (size_t)xmlBufferLength(buf));
	xmlBufferFree(buf);
	return ret;
}

/* The attributes of kv: name, value, name, value, ... up to a NULL name
 * (a NULL value is left out, as ow_attr() does). */
void ow_attrs(struct w *w, const char *const *kv)
{
	for (; kv[0]; kv += 2)
		ow_attr(w, kv[0], kv[1]);
}

void ow_head(struct w *w, const struct pd_odf_head *h)
{
	char version[24];

	snprintf(version, sizeof(version), "%ld", h->version);
	ow_start(w, "OdfBody");
	ow_attrs(w, (const char *const[]){
		"CompetitionCode", h->competition,
		"DocumentCode", h->document_code,
		"DocumentType", h->document_type,
		"Version", version,
		"ResultStatus", h->status,
		"FeedFlag", "P",
		"Date", h->date,
		"Time", h->time,
		"LogicalDate", h->date,
		"Source", "PODIUM",
		NULL });
}

