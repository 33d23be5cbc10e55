/* buf.c -- growable byte buffer with a hard maximum (see buf.h). */
#include <stdarg.h>
#include <stdio.h>	/* vsnprintf only: formatting, no I/O */
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "podium/buf.h"
#include "podium/error.h"

char pd_buf_empty[1];

void pd_buf_init(struct pd_buf *b, size_t max)
{
	b->data = pd_buf_empty;
	b->len = 0;
	b->alloc = 0;
	b->max = max ? max : PD_BUF_MAX_DEFAULT;
}

void pd_buf_release(struct pd_buf *b)
{
	if (b->alloc)
		free(b->data);
	pd_buf_init(b, b->max);
}

void pd_buf_reset(struct pd_buf *b)
{
	b->len = 0;
	b->data[0] = '\0';
}

static int grow(struct pd_buf *b, size_t extra)
{
	size_t want, alloc;
	char *p;

	if (extra > b->max || b->len > b->max - extra)
		return PD_ETOOBIG;
	want = b->len + extra + 1;
	if (want <= b->alloc)
		return 0;
	alloc = b->alloc ? b->alloc : 256;
	while (alloc < want)
		alloc *= 2;
	p = b->alloc ? realloc(b->data, alloc) : malloc(alloc);
	if (!p)
		return PD_ENOMEM;
	if (!b->alloc)
		p[0] = '\0';
	b->data = p;
	b->alloc = alloc;
	return 0;
}

int pd_buf_add(struct pd_buf *b, const void *data, size_t len)
{
	int ret;

	if ((ret = grow(b, len)) < 0)
		return ret;
	memcpy(b->data + b->len, data, len);
	b->len += len;
	b->data[b->len] = '\0';
	return 0;
}

int pd_buf_adds(struct pd_buf *b, const char *s)
{
	return pd_buf_add(b, s, strlen(s));
}

int pd_buf_addc(struct pd_buf *b, char c)
{
	return pd_buf_add(b, &c, 1);
}

int pd_buf_addhtml(struct pd_buf *b, const char *s)
{
	int ret = 0;

	for (; s && *s && ret == 0; s++)
		switch (*s) {
		case '&': ret = pd_buf_adds(b, "&amp;"); break;
		case '<': ret = pd_buf_adds(b, "&lt;"); break;
		case '>': ret = pd_buf_adds(b, "&gt;"); break;
		case '"': ret = pd_buf_adds(b, "&quot;"); break;
		case '\'': ret = pd_buf_adds(b, "&#39;"); break;
		default: ret = pd_buf_addc(b, *s);
		}
	return ret;
}

int pd_buf_vaddf(struct pd_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n, ret;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return PD_EINVAL;
	if ((ret = grow(b, (size_t)n)) < 0)
		return ret;
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
	return 0;
}

int pd_buf_addf(struct pd_buf *b, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = pd_buf_vaddf(b, fmt, ap);
	va_end(ap);
	return ret;
}

/* Terminal columns of a UTF-8 string: East Asian wide characters count
 * two (utf8proc_charwidth), invalid bytes one each. */
static int columns(const char *s)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t cp;
	utf8proc_ssize_t n;
	int w = 0;

	while (*p) {
		n = utf8proc_iterate(p, -1, &cp);
		if (n <= 0) {
			w++;
			p++;
			continue;
		}
		w += utf8proc_charwidth(cp);
		p += n;
	}
	return w;
}

int pd_buf_addpad(struct pd_buf *b, const char *s, int width, int right)
{
	int pad = width - columns(s);
	int ret = 0;

	if (right)
		while (pad-- > 0 && ret == 0)
			ret = pd_buf_addc(b, ' ');
	if (ret == 0)
		ret = pd_buf_adds(b, s);
	if (!right)
		while (pad-- > 0 && ret == 0)
			ret = pd_buf_addc(b, ' ');
	return ret;
}

char *pd_buf_detach(struct pd_buf *b, size_t *len)
{
	char *p;

	if (!b->alloc) {
		p = malloc(1);
		if (p)
			p[0] = '\0';
	} else {
		p = b->data;
	}
	if (len)
		*len = b->len;
	b->data = pd_buf_empty;
	b->len = b->alloc = 0;
	return p;
}

int pd_strcopy(char *dst, size_t size, const char *src)
{
	size_t n;

	if (!src || (n = strlen(src)) >= size)
		return -1;
	memcpy(dst, src, n + 1);
	return 0;
}

int pd_buf_columns(const char *s)
{
	return columns(s);
}

void pd_strings_init(struct pd_strings *l)
{
	memset(l, 0, sizeof(*l));
}

void pd_strings_release(struct pd_strings *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	pd_strings_init(l);
}

int pd_grow(void *vp, size_t n, size_t *alloc, size_t size, size_t first)
{
	void *v, *nv;
	size_t a;

	if (n < *alloc)
		return 0;
	a = *alloc ? *alloc * 2 : first;
	memcpy(&v, vp, sizeof(v));
	if (!(nv = realloc(v, a * size)))
		return PD_ENOMEM;
	memcpy(vp, &nv, sizeof(nv));
	*alloc = a;
	return 0;
}

void *pd_push(void *vp, size_t *n, size_t *alloc, size_t size,
	      const void *rec)
{
	char *v;

	if (pd_grow(vp, *n, alloc, size, 64) < 0)
		return NULL;
	memcpy(&v, vp, sizeof(v));
	memcpy(v + *n * size, rec, size);
	return v + (*n)++ * size;
}

int pd_strings_add(struct pd_strings *l, const char *s)
{
	char *copy;

	if (pd_grow(&l->v, l->n, &l->alloc, sizeof(*l->v), 8) < 0)
		return PD_ENOMEM;
	if (!(copy = strdup(s)))
		return PD_ENOMEM;
	l->v[l->n++] = copy;
	return 0;
}

char *pd_strings_join(const struct pd_strings *l, const char *sep)
{
	struct pd_buf b;
	size_t i;
	int ret = 0;

	pd_buf_init(&b, 0);
	for (i = 0; i < l->n && ret == 0; i++)
		if ((ret = pd_buf_adds(&b, i ? sep : "")) == 0)
			ret = pd_buf_adds(&b, l->v[i]);
	if (ret < 0) {
		pd_buf_release(&b);
		return NULL;
	}
	return pd_buf_detach(&b, NULL);
}
