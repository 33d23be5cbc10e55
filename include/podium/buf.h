/* buf.h -- a growable byte buffer with a hard maximum.
 *
 * Renderers write into a struct pd_buf so that the same bytes can go to
 * stdout, to a file, or into the server's cache.  Invariants: after
 * pd_buf_init() data is never NULL and always NUL-terminated at len (it
 * points at a static "" until the first write); len <= max.  A write that
 * would pass max fails with PD_ETOOBIG and leaves the buffer as it was.
 */
#ifndef PODIUM_BUF_H
#define PODIUM_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct pd_buf {
	char *data;
	size_t len;
	size_t alloc;
	size_t max;
};

#define PD_BUF_MAX_DEFAULT ((size_t)256 << 20)

/* An empty buffer with the default maximum, as an initializer (git's
 * STRBUF_INIT): struct pd_buf b = PD_BUF_INIT is pd_buf_init(&b, 0). */
extern char pd_buf_empty[1];
#define PD_BUF_INIT { pd_buf_empty, 0, 0, PD_BUF_MAX_DEFAULT }

void pd_buf_init(struct pd_buf *b, size_t max);
void pd_buf_release(struct pd_buf *b);
/* Forget the contents, keep the memory. */
void pd_buf_reset(struct pd_buf *b);
int pd_buf_add(struct pd_buf *b, const void *data, size_t len);
int pd_buf_adds(struct pd_buf *b, const char *s);
int pd_buf_addc(struct pd_buf *b, char c);
int pd_buf_addf(struct pd_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int pd_buf_vaddf(struct pd_buf *b, const char *fmt, va_list ap);
/* Append s (NULL: nothing) escaped as HTML text and attribute values
 * (& < > " ' as entities). */
int pd_buf_addhtml(struct pd_buf *b, const char *s);
/* Append s padded with spaces to `width` terminal columns (CJK counts two);
 * right-aligned when right is non-zero. */
int pd_buf_addpad(struct pd_buf *b, const char *s, int width, int right);
/* Terminal columns of s (CJK counts two). */
int pd_buf_columns(const char *s);
/* Hand the bytes to the caller (who frees them) and re-init the buffer. */
char *pd_buf_detach(struct pd_buf *b, size_t *len);

/* Copy the string src into dst, a field of size bytes: 0, or -1 with dst
 * untouched when src is NULL or does not fit with its NUL (a value cut to
 * fit would be another value). */
int pd_strcopy(char *dst, size_t size, const char *src);

/* A list of strings, each its own allocation: for labels and names read
 * back from the store, which are never joined with a separator a label
 * could hold. */
struct pd_strings {
	char **v;
	size_t n, alloc;
};

void pd_strings_init(struct pd_strings *l);
void pd_strings_release(struct pd_strings *l);
/* Append a copy of s. */
int pd_strings_add(struct pd_strings *l, const char *s);

/* Room for one more element (of size bytes) in the array *vp, n in use
 * of *alloc: the array doubled, from first, when full.  vp is the
 * address of the array's pointer (&l->v).  0, or PD_ENOMEM with the
 * array as it was. */
int pd_grow(void *vp, size_t n, size_t *alloc, size_t size, size_t first);
/* A copy of the size bytes at rec added at the end of the array *vp of
 * *n elements (grown by pd_grow(), from 64), *n counting it: the new
 * element, or NULL when memory runs out (the array as it was). */
void *pd_push(void *vp, size_t *n, size_t *alloc, size_t size,
	      const void *rec);
/* v joined with sep into a malloc'd string, for showing ("" if empty). */
char *pd_strings_join(const struct pd_strings *l, const char *sep);

#endif
