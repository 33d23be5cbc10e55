/* lazy_render.c -- a lazy view's key read back into its route and
 * parameters (lazy_routes[]) and rendered: from the gview alone, or on
 * a reader connection (srv.readers, never the writes' side connection:
 * a flood of uncached reads held up every write when they shared it)
 * inside one read transaction, labelled with the version that
 * transaction reads.
 */
#include <stdlib.h>
#include <string.h>

#include "podium/store.h"
#include "lazy_int.h"
#include "render.h"
#include "respond.h"
#include "snapshot.h"
#include "srv.h"

/* Split key into at most n fields, in place. */
static size_t fields(char *key, char **f, size_t n)
{
	size_t k = 0;
	char *p = key;

	while (k < n) {
		f[k++] = p;
		if (!(p = strchr(p, KEY_SEP)))
			break;
		*p++ = '\0';
	}
	return k;
}

/* Is key a page's (HTML) rather than a document's (JSON)? */
int lazy_is_page(const char *key)
{
	return key[0] && strchr("HJKMOZRBbdpoek", key[0]);
}

int lazy_is_framable(const char *key)
{
	return key[0] && strchr("Bb", key[0]);
}

/* Run route rt's render on a reader inside one read transaction, the
 * view labelled with the version that transaction reads. */
static int render_read(struct lz *z, size_t rt, char **f, struct pd_buf *out,
		       int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct reader *rd = reader_take(z->s);
	struct pd_games gi;
	int ret;

	memset(&gi, 0, sizeof(gi));
	z->st = rd->st;
	if ((ret = pd_store_begin_read(z->st, &d)) == 0) {
		if ((ret = pd_store_games_get(z->st, z->g->info.code, &gi,
					      &d)) == 0) {
			z->version = gi.version;
			pd_games_release(&gi);
			ret = lazy_routes[rt].render(z, f, out, status);
		} else if (ret == PD_ENOTFOUND) {
			ret = refuse(out, status, MHD_HTTP_NOT_FOUND, "no such "
				     "Games");
		}
		pd_store_rollback(z->st);	/* ends the read */
	}
	if (ret == PD_EAWAY)
		log_away(d.msg);
	reader_give(rd);
	z->st = NULL;
	return ret;
}

/* A table reads the store only for a sport's or under a filter: the
 * whole table is the gview's. */
static int reads_store(size_t route, char **f)
{
	if (route == ROUTE_STANDINGS)
		return *f[4] || *f[6] || *f[7] || *f[8];
	if (route == ROUTE_PAGE_TABLE)
		return *f[5] || *f[6];
	return 1;
}

/* Render the view key names (f[0] its letter, f[1..] its parameters).
 * A key no route reads is PD_EINVAL: a parameter held KEY_SEP after all. */
int lazy_render(struct srv *s, struct gview *g, const char *key,
		struct pd_buf *out, int *status, long *version)
{
	struct lz z = { s, g, NULL, g->version };
	char *copy = strdup(key), *f[PARAMS_MAX + 1];
	size_t n, i;
	int ret = PD_EINVAL;

	if (!copy)
		return PD_ENOMEM;
	n = fields(copy, f, PARAMS_MAX + 1);
	for (i = 0; i < ROUTE_COUNT; i++)
		if (f[0][0] == lazy_routes[i].letter && !f[0][1] &&
		    n == lazy_routes[i].nparams + 1) {
			if (lazy_routes[i].store && reads_store(i, f))
				ret = render_read(&z, i, f, out, status);
			else
				ret = lazy_routes[i].render(&z, f, out, status);
			break;
		}
	*version = z.version;
	free(copy);
	return ret;
}

