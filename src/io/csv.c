/* csv.c -- RFC 4180 reader and field quoting (see csv.h), and the checks
 * of every importer's rows: their width, and the names they keep. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/csv.h"
#include "podium/label.h"

int pd_csv_init(struct pd_csv *c, const char *data, size_t len,
		const char *file)
{
	memset(c, 0, sizeof(*c));
	c->p = data;
	c->end = data + len;
	c->file = file;
	c->next_line = 1;
	if (len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3))
		c->p += 3;
	pd_buf_init(&c->store, PD_CSV_MAX_RECORD);
	return 0;
}

void pd_csv_release(struct pd_csv *c)
{
	pd_buf_release(&c->store);
	free(c->off);
	free(c->f);
	free(c->head);
	c->f = NULL;
	c->off = NULL;
	c->aoff = 0;
	c->head = NULL;
	c->nhead = 0;
}

static int too_big(struct pd_csv *c, struct pd_diag *diag)
{
	return pd_diag_set(diag, PD_ETOOBIG, c->file, c->line,
			   "record over %zu bytes", PD_CSV_MAX_RECORD);
}

/* Note where field number nf starts in the store. */
static int start_field(struct pd_csv *c, struct pd_diag *diag)
{
	size_t *o;

	if (c->nf == PD_CSV_MAX_FIELDS)
		return pd_diag_set(diag, PD_ETOOBIG, c->file, c->line,
				   "more than %d fields in a record",
				   PD_CSV_MAX_FIELDS);
	if (c->nf == c->aoff) {
		size_t na = c->aoff ? c->aoff * 2 : 32;
		char **f;

		/* f grows with off (one more, for its NULL), not with every
		 * record */
		if (!(o = realloc(c->off, na * sizeof(*o))))
			return PD_ENOMEM;
		c->off = o;
		if (!(f = realloc(c->f, (na + 1) * sizeof(*f))))
			return PD_ENOMEM;
		c->f = f;
		c->aoff = na;
	}
	c->off[c->nf] = c->store.len;
	return 0;
}

static int end_field(struct pd_csv *c, struct pd_diag *diag)
{
	if (pd_buf_addc(&c->store, '\0') < 0)
		return too_big(c, diag);
	c->nf++;
	return 0;
}

/* A quoted field, from after its opening quote to after its closing one;
 * "" inside stands for one quote. */
static int quoted(struct pd_csv *c, struct pd_diag *diag)
{
	const char *q, *s;

	for (;;) {
		q = memchr(c->p, '"', (size_t)(c->end - c->p));
		if (!q)
			return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
					   "quoted field never closed: the "
					   "file may be truncated");
		/* memchr, not a byte loop: most fields hold no line break */
		for (s = c->p; (s = memchr(s, '\n', (size_t)(q - s))); s++)
			c->next_line++;
		if (pd_buf_add(&c->store, c->p, (size_t)(q - c->p)) < 0)
			return too_big(c, diag);
		c->p = q + 1;
		if (c->p < c->end && *c->p == '"') {
			if (pd_buf_addc(&c->store, '"') < 0)
				return too_big(c, diag);
			c->p++;
			continue;
		}
		if (c->p < c->end && *c->p != ',' && *c->p != '\n' &&
		    *c->p != '\r')
			return pd_diag_set(diag, PD_EPARSE, c->file,
					   c->next_line, "unexpected '%c' after "
					   "a closing quote", *c->p);
		return 0;
	}
}

static int unquoted(struct pd_csv *c, struct pd_diag *diag)
{
	const char *s = c->p;

	while (s < c->end && *s != ',' && *s != '\n' && *s != '\r')
		s++;
	if (pd_buf_add(&c->store, c->p, (size_t)(s - c->p)) < 0)
		return too_big(c, diag);
	c->p = s;
	return 0;
}

/* Does the record after the current one end at the last column (1), or
 * with an empty field after it (0)?  0 too when there is none, or it has
 * another width, or cannot be read (its own turn will say why). */
static int next_ends_at_last(const struct pd_csv *c)
{
	struct pd_csv q;
	int ret;

	pd_csv_init(&q, c->p, (size_t)(c->end - c->p), c->file);
	ret = pd_csv_next(&q, NULL) == 1 && q.nf == c->width;
	pd_csv_release(&q);
	return ret;
}

/* An empty field after the last column ("a,b,c," under a header of
 * three) is dropped, in a file that writes one after every row: its
 * header says so, or its first rows do.  In a file whose rows end at the
 * last column, a row with an empty field more is a comma too many like
 * any other (an unquoted "Men's, Individual" in a row whose last column
 * is empty, as an individual medallist's team code is), and is refused. */
static int check_width(struct pd_csv *c, struct pd_diag *diag)
{
	int extra = c->nf == c->width + 1 && !c->f[c->width][0];

	if (!c->width)
		return 0;
	/* the first row decides, unless the next one gives it away */
	if (!c->trailing)
		c->trailing = extra && !next_ends_at_last(c) ? 1 : -1;
	if (c->nf == c->width || (extra && c->trailing > 0)) {
		if (extra)
			c->f[--c->nf] = NULL;
		return 0;
	}
	if (c->nf < c->width)
		return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
				   "row has %zu fields, the header %zu: "
				   "restore the fields the row lost", c->nf,
				   c->width);
	return pd_diag_set(diag, PD_EPARSE, c->file, c->line, "row has %zu "
			   "fields, the header %zu: quote a field that holds "
			   "a comma, or remove the extra fields%s", c->nf,
			   c->width, extra ? " (the last one is empty, where "
			   "the other rows end at the last column)" : "");
}

/* v, a label's value that is not a clean name as it stands: 0 if it is
 * one once folded (a line break in a quoted name is a space to every
 * importer), else PD_EPARSE saying why and what to do. */
static int bad_label(const struct pd_csv *c, const struct pd_csv_label *l,
		     const char *v, struct pd_diag *diag)
{
	char shown[48], *copy = NULL;
	const char *col = pd_csv_column(c, l->at);
	size_t n;
	int ret = 0;

	if (pd_name_folds(v) && (copy = strdup(v)))
		v = pd_name_fold(copy);
	n = strlen(v);
	pd_text_escape(shown, sizeof(shown), v);
	if (n > PD_NAME_MAX)
		ret = pd_diag_set(diag, PD_EPARSE, c->file, c->line, "%s '%s' "
				  "in column '%s' is %zu bytes, at most %d: %s",
				  l->what, shown, col, n, PD_NAME_MAX,
				  l->hint ? l->hint : "shorten it in the file");
	else if (!pd_text_is_clean(v, n))
		ret = pd_diag_set(diag, PD_EPARSE, c->file, c->line, "%s '%s' "
				  "in column '%s' holds a control character "
				  "or invalid UTF-8 (shown as \\xHH): remove "
				  "it from the file", l->what, shown, col);
	free(copy);
	return ret;
}

int pd_csv_labels_check(const struct pd_csv *c, struct pd_diag *diag)
{
	const struct pd_csv_label *l;
	const char *v;
	size_t i, n;
	int ret;

	for (i = 0; i < c->nlabels; i++) {
		l = &c->labels[i];
		if (l->at >= c->nf)
			continue;
		v = c->f[l->at];
		n = strlen(v);
		if (n <= PD_NAME_MAX && pd_text_is_clean(v, n))
			continue;
		if ((ret = bad_label(c, l, v, diag)) < 0)
			return ret;
	}
	return 0;
}

static int finish_record(struct pd_csv *c, struct pd_diag *diag)
{
	char **f = c->f;
	size_t i;
	int ret;

	for (i = 0; i < c->nf; i++)
		f[i] = c->store.data + c->off[i];
	f[c->nf] = NULL;
	if ((ret = check_width(c, diag)) < 0)
		return ret;
	return 1;
}

int pd_csv_set_width(struct pd_csv *c)
{
	size_t n;

	c->trailing = 0;
	if (c->nf > 1 && !c->f[c->nf - 1][0]) {
		c->f[--c->nf] = NULL;
		c->trailing = 1;
	}
	c->width = c->nf;
	/* the fields lie one after the other in the store */
	n = c->nf ? (size_t)(c->f[c->nf - 1] - c->store.data) +
		    strlen(c->f[c->nf - 1]) + 1 : 0;
	free(c->head);
	c->nhead = 0;
	if (!(c->head = malloc(n ? n : 1)))
		return PD_ENOMEM;
	memcpy(c->head, c->store.data, n);
	c->nhead = n;
	return 0;
}

const char *pd_csv_column(const struct pd_csv *c, size_t at)
{
	size_t off = 0;

	for (; off < c->nhead && at > 0; at--)
		off += strlen(c->head + off) + 1;
	return off < c->nhead ? c->head + off : "";
}

int pd_csv_label(struct pd_csv *c, size_t at, const char *what,
		 const char *hint)
{
	struct pd_csv_label *l;

	if (c->nlabels == PD_CSV_LABELS)
		return PD_EINVAL;
	l = &c->labels[c->nlabels++];
	l->at = at;
	l->what = what;
	l->hint = hint;
	return 0;
}

int pd_csv_copy_checks(struct pd_csv *to, const struct pd_csv *from)
{
	to->width = from->width;
	to->trailing = from->trailing;
	memcpy(to->labels, from->labels, sizeof(to->labels));
	to->nlabels = from->nlabels;
	free(to->head);
	to->nhead = 0;
	if (!(to->head = malloc(from->nhead ? from->nhead : 1)))
		return PD_ENOMEM;
	memcpy(to->head, from->head, from->nhead);
	to->nhead = from->nhead;
	return 0;
}

void pd_csv_skip_blank(struct pd_csv *c)
{
	while (c->p < c->end && (*c->p == '\n' || *c->p == '\r')) {
		if (*c->p == '\n')
			c->next_line++;
		c->p++;
	}
}

int pd_csv_next(struct pd_csv *c, struct pd_diag *diag)
{
	int ret;

	pd_csv_skip_blank(c);
	if (c->p >= c->end)
		return 0;
	c->line = c->next_line;
	c->nf = 0;
	pd_buf_reset(&c->store);
	for (;;) {
		if ((ret = start_field(c, diag)) < 0)
			return ret;
		if (c->p < c->end && *c->p == '"') {
			c->p++;
			ret = quoted(c, diag);
		} else {
			ret = unquoted(c, diag);
		}
		if (ret < 0 || (ret = end_field(c, diag)) < 0)
			return ret;
		if (c->p >= c->end)
			break;
		if (*c->p == ',') {
			c->p++;
			continue;
		}
		if (*c->p == '\r')
			c->p++;
		if (c->p < c->end && *c->p == '\n') {
			c->p++;
			c->next_line++;
		}
		break;
	}
	return finish_record(c, diag);
}

int pd_csv_quote(struct pd_buf *out, const char *s)
{
	int ret;

	if (!strpbrk(s, ",\"\r\n"))
		return pd_buf_adds(out, s);
	if ((ret = pd_buf_addc(out, '"')) < 0)
		return ret;
	for (; *s; s++) {
		if (*s == '"' && (ret = pd_buf_addc(out, '"')) < 0)
			return ret;
		if ((ret = pd_buf_addc(out, *s)) < 0)
			return ret;
	}
	return pd_buf_addc(out, '"');
}
