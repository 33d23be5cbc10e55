/* http_int.h -- what the files of the HTTP server share: the cache of
 * rendered views, the builder, the event-stream hub and the handlers. */
#ifndef PODIUM_HTTP_INT_H
#define PODIUM_HTTP_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include <jansson.h>
#include <microhttpd.h>

#include "podium/buf.h"
#include "podium/http.h"
#include "podium/published.h"
#include "podium/standings.h"
#include "podium/store.h"

#define BODY_MAX (64 * 1024)	/* a write's JSON body */
#define LAZY_MAX 256		/* lazily rendered views kept per version */
#define RING_MAX 128		/* stream messages kept per Games */
#define SOURCE_MAX 128

/* One rendered view: the same bytes plain and gzipped, and a 304, as
 * MHD responses made once and queued for every request that wants them
 * (MHD reference-counts a response, so they outlive the cache entry). */
struct view {
	struct MHD_Response *plain, *gz, *nm;
	size_t len, zlen;
	char etag[48];
};

/* One medal as the builder saw it, kept for NPC pages and the chart. */
struct medal {
	long event_id, athlete_id;
	enum pd_medal medal;
	char npc[PD_CODE_MAX];
	char *sport, *event, *gender, *date, *name;
};

/* One table of a Games: [0] ranked from its results, then one per
 * published source; pre-rendered under gold and total in en and zh. */
struct table {
	char *source;			/* "" for the computed table */
	struct pd_tally tally;
	struct pd_published pub;	/* published tables only */
	int have_pub;
	char *error;			/* why it cannot be served, or NULL */
	struct view v[2][2];		/* [scheme gold, total][lang en, zh] */
};

struct lazy_entry {
	char *key;
	struct view v;
};

/* One Games at one version.  Immutable once built, but for the lazy
 * cache, which has its own lock. */
struct gview {
	atomic_int refs;
	struct pd_games info;
	long version;
	char *error;			/* why it cannot be served, or NULL:
					 * then it has one empty table and no
					 * rendered view */
	struct table *tables;
	size_t ntables;
	struct medal *medals;		/* official events, in event order */
	size_t nmedals;
	struct pd_standings gold;	/* the computed table, gold-first */
	pthread_mutex_t lazy_mu;
	struct lazy_entry lazy[LAZY_MAX];
	size_t nlazy;
};

/* Everything the server shows at one moment. */
struct snap {
	atomic_int refs;
	struct gview **g;
	size_t n;
	long stamp;			/* sum of the versions */
	struct view games;		/* GET /api/games */
	char def_games[16];		/* what the page shows */
	char def_source[SOURCE_MAX];
	int def_auto;			/* source follows the data */
};

/* A message on a Games' event stream, shared by every stream that sends
 * it; id is the version it brings the reader to, from the one before. */
struct msg {
	atomic_int refs;
	long id, from;
	size_t len;
	char data[];
};

struct stream;

struct chan {
	char code[16];
	struct msg *ring[RING_MAX];	/* oldest first */
	size_t n;
	struct msg *full;		/* the whole table now */
	struct stream *streams;
};

struct hub {
	pthread_mutex_t mu;
	struct chan *ch;
	size_t n, alloc;
	long beat;			/* bumped for each heartbeat */
	int closing;
	size_t nstreams;
};

struct srv {
	struct pd_http_config cfg;
	char db_path[4096];
	char def_ref[160];		/* --games as given */
	struct MHD_Daemon *d;
	unsigned port;
	pthread_mutex_t snap_mu;	/* held only to swap or take a ref */
	struct snap *snap;
	pthread_t builder;
	int have_builder;
	pthread_mutex_t build_mu;
	pthread_cond_t build_cv;	/* wake the builder */
	pthread_cond_t built_cv;	/* a new snapshot is in */
	int poke, stop;
	struct req *waiters;		/* parked writes, under build_mu */
	struct pd_store *bstore;	/* the builder's connection */
	pthread_mutex_t side_mu;	/* writes, token checks, lazy views */
	struct pd_store *side;
	struct hub hub;
	atomic_int inflight;
	atomic_int closing;
	char def[200];
};

/* Per request. */
struct req {
	double start;
	int status;
	size_t bytes;
	int is_post, is_stream, answered, too_big;
	size_t dropped;			/* body bytes after a refusal */
	int role;			/* enum pd_role of the token */
	char actor[64];
	char line[300];			/* method and URL, for the log */
	const char *allow;		/* the Allow header of a 405 */
	struct pd_buf body;
	/* a write waiting, suspended, for the views to show it */
	int waiting;
	char wgames[16];
	long wversion;
	double wuntil;			/* give up waiting then (ms) */
	int whttp;
	char *wreply;			/* the JSON to send once resumed */
	struct MHD_Connection *wconn;
	struct req *wnext;
};

/* Append doc (consumed) to out as compact JSON (views.c); PD_ENOMEM if
 * doc is NULL or cannot be dumped. */
int json_dump_to(struct pd_buf *out, json_t *doc);

/* Milliseconds on the monotonic clock (server.c). */
double now_ms(void);

/* cache.c */
void view_release(struct view *v);
/* Make a view of data[0..len) (takes ownership of data). */
int view_make(struct view *v, char *data, size_t len, const char *etag,
	      const char *type, int cors);
struct snap *snap_get(struct srv *s);
void snap_put(struct snap *sn);
void gview_put(struct gview *g);
struct gview *snap_find(struct snap *sn, const char *code);
int builder_start(struct srv *s, struct pd_diag *d);
void builder_stop(struct srv *s);
/* Park a write's answer until the views show games at version (or ms
 * pass): the connection is suspended, not a thread blocked, so writes
 * from many clients wait on one rebuild together.  The builder resumes
 * it; handle() then sends r->wreply. */
void builder_park(struct srv *s, struct MHD_Connection *c, struct req *r,
		  const char *games, long version, int ms);
/* The view for key, rendered on its first request at this version and
 * kept with it.  When the cache is full the view is made in *once, for
 * the caller to release after queueing it.  NULL with *status set and the
 * reason in why when render fails or answers other than 200. */
const struct view *lazy_get(struct srv *s, struct gview *g, const char *key,
			    int (*render)(struct srv *, struct gview *,
					  const char *, struct pd_buf *,
					  int *),
			    int *status, struct view *once, char *why,
			    size_t whysize);

/* views.c: JSON documents */
int render_standings(struct pd_buf *out, const struct gview *g,
		     const struct table *t, const struct pd_tally *tally,
		     const struct pd_standings_opts *o, const char *lang,
		     const char *sport, const struct pd_registry *reg);
int render_games(struct pd_buf *out, const struct snap *sn,
		 const struct pd_registry *reg);
int render_events(struct pd_buf *out, struct pd_store *st,
		  const struct gview *g, struct pd_diag *d);
int render_stats(struct pd_buf *out, struct pd_store *st,
		 const struct gview *g, struct pd_diag *d);
int render_timeline(struct pd_buf *out, const struct gview *g,
		    const struct pd_registry *reg);
/* Lazy renders: key is the request's path and query, normalised. */
int render_lazy(struct srv *s, struct gview *g, const char *key,
		struct pd_buf *out, int *status);
/* A stream message: rows of now that differ from was (NULL: all). */
struct msg *msg_standings(const struct gview *now, const struct gview *was,
			  const struct pd_registry *reg);
void msg_put(struct msg *m);
/* {"error": msg, "field": field} */
char *json_error(const char *msg, const char *field, size_t *len);

/* stream.c */
void hub_init(struct hub *h);
void hub_release(struct hub *h);
/* The builder publishes: full is the whole table, diff the change (NULL
 * if none); both references are taken. */
void hub_publish(struct srv *s, const char *code, struct msg *full,
		 struct msg *diff);
void hub_beat(struct srv *s);
void hub_close(struct srv *s);
enum MHD_Result stream_open(struct srv *s, struct MHD_Connection *c,
			    struct req *r, const char *code);

/* server.c */
enum MHD_Result send_view(struct MHD_Connection *c, struct req *r,
			  const struct view *v);
enum MHD_Result send_json(struct MHD_Connection *c, struct req *r,
			  int status, char *body, size_t len);
enum MHD_Result send_error(struct MHD_Connection *c, struct req *r,
			   int status, const char *msg, const char *field);
void add_common_headers(struct MHD_Response *resp, int cors);

/* write.c */
enum MHD_Result write_begin(struct srv *s, struct MHD_Connection *c,
			    struct req *r, const char *url);
enum MHD_Result write_finish(struct srv *s, struct MHD_Connection *c,
			     struct req *r, const char *url);
int write_route(const char *url, char *games, size_t size, long *event,
		int *kind);

/* assets.c */
const struct view *asset_find(const char *path);
int assets_init(void);
void assets_release(void);

#endif
