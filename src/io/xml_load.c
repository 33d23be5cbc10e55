/* xml_load.c -- libxml2, loaded with dlopen when an ODF message is first
 * read or written, and every libxml2 function podium calls, forwarded to
 * it.
 *
 * Why: linked as a library, libxml2 and what it drags in (ICU's data and
 * code among it) are mapped and relocated by every podium process, ODF or
 * not.  On the machine where podium was measured (a guest where a page
 * fault costs tens of microseconds) an empty program linked with the base
 * libraries started in 4.8 ms, 8.4 ms with libxml2 too; only the ODF
 * messages (odf.c, render_odf.c) use it.
 *
 * So podium is not linked with -lxml2.  Each function below has libxml2's
 * own prototype (its headers are included: the compiler checks every one)
 * and calls the library's through a pointer that pd_odf_load() looks up,
 * all at once (podium/dl.h); the reader and the writers load first
 * (odf.h).
 *
 * xmlFree is not a function but a variable of libxml2's (globals.h: the
 * free() it was set up with), which odf.c calls through; it is defined
 * here with the header's type, as a function that calls through the
 * library's variable. */
#include <stdio.h>
#include <stdlib.h>

#include <libxml/globals.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlwriter.h>

#include "podium/dl.h"
#include "podium/odf.h"

/* The Makefile names the library's soname from pkg-config (objdump -p). */
#ifndef PD_XML_SONAME
#define PD_XML_SONAME "libxml2.so.2"
#endif
#define HINT "the ODF messages need it: apt-get install libxml2"

typedef xmlTextWriterPtr W;	/* to keep the list's lines short */

/* Every libxml2 function podium calls: F(returns, name, params, args), V
 * for those that return nothing. */
#define XML_FUNCS(F, V)                                                    \
	F(const xmlChar *, xmlBufferContent, (const xmlBuffer *b), (b))    \
	F(xmlBufferPtr, xmlBufferCreate, (void), ())                       \
	V(xmlBufferFree, (xmlBufferPtr b), (b))                            \
	F(int, xmlBufferLength, (const xmlBuffer *b), (b))                 \
	F(xmlNodePtr, xmlDocGetRootElement, (const xmlDoc *d), (d))        \
	V(xmlFreeDoc, (xmlDocPtr d), (d))                                  \
	V(xmlFreeTextWriter, (W w), (w))                                   \
	F(xmlParserCtxtPtr, xmlCreateMemoryParserCtxt, (const char *b,     \
	  int n), (b, n))                                                  \
	F(int, xmlCtxtUseOptions, (xmlParserCtxtPtr c, int opts), (c, opts))\
	V(xmlFreeParserCtxt, (xmlParserCtxtPtr c), (c))                    \
	F(long, xmlGetLineNo, (const xmlNode *n), (n))                     \
	F(xmlChar *, xmlGetProp, (const xmlNode *n, const xmlChar *name),  \
	  (n, name))                                                       \
	F(xmlAttrPtr, xmlHasProp, (const xmlNode *n, const xmlChar *name), \
	  (n, name))                                                       \
	F(W, xmlNewTextWriterMemory, (xmlBufferPtr b, int z), (b, z))      \
	F(int, xmlParseDocument, (xmlParserCtxtPtr c), (c))                \
	V(xmlStopParser, (xmlParserCtxtPtr c), (c))                        \
	F(int, xmlTextWriterEndDocument, (W w), (w))                       \
	F(int, xmlTextWriterEndElement, (W w), (w))                        \
	F(int, xmlTextWriterSetIndent, (W w, int on), (w, on))             \
	F(int, xmlTextWriterSetIndentString, (W w, const xmlChar *s),      \
	  (w, s))                                                          \
	F(int, xmlTextWriterStartDocument, (W w, const char *v,            \
	  const char *enc, const char *alone), (w, v, enc, alone))         \
	F(int, xmlTextWriterStartElement, (W w, const xmlChar *name),      \
	  (w, name))                                                       \
	F(int, xmlTextWriterWriteAttribute, (W w, const xmlChar *name,     \
	  const xmlChar *v), (w, name, v))                                 \
	F(int, xmlTextWriterWriteString, (W w, const xmlChar *s), (w, s))

#define INDEX_F(ret, name, params, args) I_##name,
#define INDEX_V(name, params, args) I_##name,
/* and xmlFree, a variable (below) */
enum { XML_FUNCS(INDEX_F, INDEX_V) I_xmlFree, NFUNCS };

#define NAME_F(ret, name, params, args) #name,
#define NAME_V(name, params, args) #name,
static const char *const names[NFUNCS] = {
	XML_FUNCS(NAME_F, NAME_V) "xmlFree"
};
static void *fn[NFUNCS];
static struct pd_dl lib = PD_DL_INIT(PD_XML_SONAME, HINT, names, fn,
				     NFUNCS);

int pd_odf_load(struct pd_diag *diag)
{
	return pd_dl_load(&lib, PD_EIO, diag);
}

static void free_through(void *p)
{
	(*(xmlFreeFunc *)pd_dl_fn(&lib, I_xmlFree))(p);
}

xmlFreeFunc xmlFree = free_through;

#define STUB_F(ret, name, params, args) ret name params \
	{ return ((ret (*) params)pd_dl_fn(&lib, I_##name)) args; }
#define STUB_V(name, params, args) void name params \
	{ ((void (*) params)pd_dl_fn(&lib, I_##name)) args; }
XML_FUNCS(STUB_F, STUB_V)
