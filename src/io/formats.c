/* formats.c -- the table of output formats: a format's name to its
 * renderer (render.h).  Apart from the words they share (labels.c), so
 * that a renderer using those words is not used by them in turn. */
#include <string.h>

#include "podium/render.h"

static const struct {
	const char *name;
	pd_render_fn fn;
} formats[] = {
	{ "text", pd_render_text },
	{ "plain", pd_render_plain },
	{ "csv", pd_render_csv },
	{ "json", pd_render_json },
	{ "markdown", pd_render_markdown },
	{ "wikitext", pd_render_wikitext },
	{ "html", pd_render_html },
};

pd_render_fn pd_render_lookup(const char *format, const char **names)
{
	size_t i;

	if (names)
		*names = "text|plain|csv|json|markdown|wikitext|html";
	if (!format)
		return NULL;
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (!strcmp(formats[i].name, format))
			return formats[i].fn;
	return NULL;
}
