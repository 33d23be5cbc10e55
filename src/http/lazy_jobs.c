/* lazy_jobs.c -- the render jobs: a view not in the cache is made on a
 * render thread (render.h), never on an MHD thread, its request
 * suspended meanwhile (struct req.lazy) and answered when resumed.
 */
#include <stdlib.h>
#include <string.h>

#include "lazy.h"
#include "lazy_int.h"
#include "pages.h"
#include "render.h"
#include "respond.h"
#include "snapshot.h"
#include "srv.h"
#include "view.h"

/* A view to render, its request suspended meanwhile (struct req.lazy):
 * a task for the render threads (render.h), which never run on an MHD
 * thread. */
struct job {
	struct task t;			/* first: a task is a job */
	struct srv *s;
	struct gview *g;		/* a reference held, or NULL: */
	lazy_make_fn make;		/* a view of no one Games */
	struct gview *held;		/* the last snapshot's, v from it */
	char *key;
	const struct view *v;		/* the answer, or NULL: status, why */
	struct view once;
	int status;
	char why[256];
};

/* On a render thread: make the view (lazy_get keeps it in the cache). */
static void job_run(struct task *t)
{
	struct job *j = (struct job *)t;

	if (j->make)
		j->v = j->make(j->s, j->key, &j->status, &j->once, j->why,
			       sizeof(j->why));
	else
		j->v = lazy_get(j->s, j->g, j->key, &j->status, &j->once,
				&j->held, j->why, sizeof(j->why));
}

/* Queue key's job: of g's cache (a reference taken), or made by make. */
static enum MHD_Result queue(struct srv *s, struct MHD_Connection *c,
			     struct req *r, struct gview *g, const char *key,
			     lazy_make_fn make)
{
	struct job *j = calloc(1, sizeof(*j));

	if (!j || !(j->key = strdup(key))) {
		free(j);
		return send_error(c, r, MHD_HTTP_INTERNAL_SERVER_ERROR,
				  "out of memory", NULL);
	}
	j->t.run = job_run;
	j->t.c = c;
	j->s = s;
	j->g = g;
	j->make = make;
	if (g)
		atomic_fetch_add(&g->refs, 1);
	r->lazy = j;
	render_queue(s, &j->t);
	return MHD_YES;
}

enum MHD_Result lazy_job_queue(struct srv *s, struct MHD_Connection *c,
			       struct req *r, struct gview *g,
			       const char *key)
{
	return queue(s, c, r, g, key, NULL);
}

enum MHD_Result lazy_job_once(struct srv *s, struct MHD_Connection *c,
			      struct req *r, const char *key,
			      lazy_make_fn make)
{
	const struct view *v;
	enum MHD_Result ok;
	struct view once;
	char why[256];
	int status;

	if (render_threads(s))
		return queue(s, c, r, NULL, key, make);
	memset(&once, 0, sizeof(once));	/* no threads: here */
	if (!(v = make(s, key, &status, &once, why, sizeof(why))))
		return lazy_send_fail(c, r, key, status, why);
	ok = send_view(c, r, v);
	view_release(&once);
	return ok;
}

static void job_free(struct job *j)
{
	view_release(&j->once);
	gview_put(j->held);
	gview_put(j->g);
	free(j->key);
	free(j);
}

/* What failed, said as the request's kind wants it: a page for a page
 * (in its language, the key's last field), else the JSON error. */
enum MHD_Result lazy_send_fail(struct MHD_Connection *c, struct req *r,
			       const char *key, int status, const char *why)
{
	struct pd_buf b;
	size_t len;
	char *body;

	if (!lazy_is_page(key))
		return send_error(c, r, status, why, NULL);
	pd_buf_init(&b, 0);
	if (page_error(&b, page_lang(strrchr(key, KEY_SEP) + 1), status,
		       why) < 0 || !(body = pd_buf_detach(&b, &len))) {
		pd_buf_release(&b);
		return send_error(c, r, status, why, NULL);
	}
	return send_html(c, r, status, body, len);
}

enum MHD_Result lazy_resume(struct MHD_Connection *c, struct req *r)
{
	struct job *j = r->lazy;
	enum MHD_Result ok;

	r->lazy = NULL;
	ok = j->v ? send_view(c, r, j->v) :
	     lazy_send_fail(c, r, j->key, j->status, j->why);
	job_free(j);
	return ok;
}

void lazy_drop(struct req *r)
{
	if (r->lazy)
		job_free(r->lazy);
	r->lazy = NULL;
}

