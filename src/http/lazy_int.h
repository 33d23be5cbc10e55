/* lazy_int.h -- what the files of the lazy views share (lazy.h is
 * what the rest of the server calls): a request's view becomes a key
 * (lazy_keys.c: the route's letter, then its parameters, each after
 * KEY_SEP -- a byte refused in parameters), the key is looked up in the
 * gview's cache (lazy_cache.c), and on a miss it is read back into the
 * route and its parameters and rendered (lazy_render.c) by the route's
 * view (lazy_views.c), on a render thread when there are any
 * (lazy_jobs.c).  Both directions use the one table lazy_routes[], so a
 * route cannot be made one way and read another.
 */
#ifndef PODIUM_HTTP_LAZY_INT_H
#define PODIUM_HTTP_LAZY_INT_H

#include <stddef.h>

#include <microhttpd.h>

#include "podium/buf.h"

struct gview;
struct req;
struct srv;
struct view;

#define KEY_SEP '\x1f'
#define KEY_MAX 600

/* The lazy views.  lazy_routes[] gives each its key letter, its
 * parameters and its render. */
enum lazy_route {
	ROUTE_STANDINGS,	/* S source scheme lang sport top gender
				 * through npc */
	ROUTE_EVENT,		/* E id */
	ROUTE_NPC,		/* N code source */
	ROUTE_ATHLETES,		/* A q */
	ROUTE_LOG,		/* L since full */
	ROUTE_EVENTS,		/* V sport gender through npc */
	ROUTE_STATS,		/* T */
	ROUTE_TIMELINE,		/* G npcs */
	ROUTE_ATHLETE,		/* I id */
	/* the site's pages (pages.h), each made from its document */
	ROUTE_PAGE_TABLE,	/* H source scheme lang pinned sport gender */
	ROUTE_PAGE_EVENT,	/* J id lang */
	ROUTE_PAGE_NPC,		/* K code source lang */
	ROUTE_PAGE_ATHLETE,	/* M id lang */
	ROUTE_PAGE_ABOUT,	/* O lang */
	ROUTE_FACTS,		/* F */
	ROUTE_FACTS_CHECK,	/* C */
	ROUTE_MATCHES,		/* X event */
	ROUTE_ENTRIES,		/* Y event (0: every event's) */
	ROUTE_PARTICIPATION,	/* Q */
	ROUTE_ELECTIONS,	/* W */
	ROUTE_DOPING,		/* D */
	ROUTE_UNIT,		/* U rsc */
	ROUTE_SCHEDULE,		/* P date sport venue medal */
	ROUTE_PAGE_SCHEDULE,	/* Z date sport venue medal lang */
	ROUTE_PAGE_UNIT,	/* R rsc lang */
	ROUTE_SCREEN_UNIT,	/* B rsc lang transparent */
	ROUTE_SCREEN_TABLE,	/* b lang transparent embed */
	ROUTE_MEDALLISTS,	/* m sport gender through npc date */
	ROUTE_PAGE_MEDALS,	/* d date lang */
	ROUTE_RECORDS,		/* r */
	ROUTE_PAGE_RECORDS,	/* p lang */
	ROUTE_SPORT,		/* s sport */
	ROUTE_PAGE_SPORT,	/* o sport lang */
	ROUTE_PAGE_EVENTS,	/* e lang */
	/* (not routes: the career of career.c, made by lazy_job_once,
	 * takes q for its document and k for its page) */
	ROUTE_COUNT
};

/* What a view is made from: the gview (its Games, tables and medals, at
 * g->version) and, for the views that read the store, a reader
 * connection inside one read transaction.  version is what the view
 * says it shows: the version that transaction read when st is set (it
 * may be past g->version, when writes landed since the snapshot), else
 * g->version.  Bytes and label come from one read, so one ETag never
 * names two bodies. */
struct pd_store;

struct lz {
	struct srv *s;
	struct gview *g;
	struct pd_store *st;	/* NULL: made from g alone */
	long version;
};

#define PARAMS_MAX 8

struct lazy_route_def {
	char letter;
	size_t nparams;		/* at most PARAMS_MAX */
	/* what each parameter is called in a 400 */
	const char *names[PARAMS_MAX];
	/* reads the store (a table only of a sport or under a filter:
	 * standings() reads it for those alone), or is made from the gview
	 * alone */
	int store;
	int (*render)(struct lz *z, char **f, struct pd_buf *out,
		      int *status);
};

/* Each lazy view: its key letter, its parameters and its render
 * (lazy_views.c). */
extern const struct lazy_route_def lazy_routes[ROUTE_COUNT];

/* Answer other than 200: why goes in out for lazy_get to report. */
static inline int refuse(struct pd_buf *out, int *status, int code,
			 const char *why)
{
	*status = code;
	pd_buf_reset(out);
	return pd_buf_adds(out, why);
}

/* lazy_render.c: is key a page's (HTML) rather than a document's
 * (JSON)?  Render the view key names into out (its status and the
 * version it shows); PD_EINVAL for a key no route reads. */
int lazy_is_page(const char *key);
/* Is key a page other sites may frame (a screen, the embedded table)? */
int lazy_is_framable(const char *key);
int lazy_render(struct srv *s, struct gview *g, const char *key,
		struct pd_buf *out, int *status, long *version);

/* lazy_cache.c: the view for key in g's cache, or NULL; lazy_get()
 * renders it on a miss (its comment says how). */
const struct view *lazy_cache_find(struct gview *g, const char *key);
const struct view *lazy_get(struct srv *s, struct gview *g,
			    const char *key, int *status, struct view *once,
			    struct gview **held, char *why, size_t whysize);

/* lazy_keys.c: the key of a request, or a response sent (400, 404) and
 * key left "" */
enum MHD_Result lazy_key_make(struct MHD_Connection *c, struct req *r,
			      char *key, size_t size, enum lazy_route rt,
			      const char *const *p);
enum MHD_Result lazy_standings_key(struct MHD_Connection *c,
				   struct req *r, struct gview *g,
				   char *key, size_t size);
enum MHD_Result lazy_key(struct srv *s, struct MHD_Connection *c,
			 struct req *r, char *key, size_t size);

/* lazy_jobs.c: render key on a render thread, r's connection suspended
 * meanwhile; what failed said as the request's kind wants it. */
enum MHD_Result lazy_job_queue(struct srv *s, struct MHD_Connection *c,
			       struct req *r, struct gview *g,
			       const char *key);
enum MHD_Result lazy_send_fail(struct MHD_Connection *c, struct req *r,
			       const char *key, int status, const char *why);

#endif
