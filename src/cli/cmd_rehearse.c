/* cmd_rehearse.c -- 'podium rehearse': a Games' folder of units replayed
 * against a running deployment over its HTTP API, as the venues would
 * send it (one operator token a venue, each write with If-Match, retried
 * on 503 and 412), while R readers follow the stream on the nodes given
 * and faults are injected at named times; then the verdict: every
 * acknowledged result write in the audit log exactly once, and the final
 * table the same on every node, in every reader's last table and from a
 * direct import of the folder.
 *
 * 'podium rehearse prepare' writes the deployment's starting point to the
 * local database (the API has no write that makes units): the schedule,
 * what was decided before --from, and one operator token a venue.
 *
 * Threads: the writer (this one), the readers (one thread, every stream
 * on one libcurl multi handle), and one a fault while its hook runs. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "podium/http_client.h"
#include "podium/rehearse.h"
#include "podium/token.h"
#include "podium/units_ops.h"
#include "cli.h"
#include "rehearse_readers.h"

#define MAX_URLS RH_MAX_NODES
#define MAX_FAULTS 32

static double now_s(void)
{
	return rh_now();
}

static void sleep_s(double s)
{
	struct timespec ts;

	if (s <= 0)
		return;
	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* -- options */

struct fault {
	char kind[24];		/* pg-restart, kill-node, drop-reader */
	long long at;		/* UTC Games time (rel 0) */
	double after;		/* seconds from the start (rel 1) */
	int rel;
	double real;		/* when it ran (seconds from start), or -1 */
	double end;		/* when its hook ended */
	int done;
};

struct opts {
	const char *dir, *games, *tokens, *report, *hook, *trace;
	const char *urls[MAX_URLS];
	size_t nurls;		/* the nodes, then the balancer if any */
	int balancer;		/* urls[nurls - 1] is a balancer */
	double speed;		/* 0: max */
	long long from, to;	/* UTC; LLONG_MIN / LLONG_MAX: none */
	long readers;
	size_t procs;		/* the readers' processes; 0: as needed */
	struct fault faults[MAX_FAULTS];
	size_t nfaults;
	double settle;		/* seconds to wait for the readers */
};

/* -- HTTP, for the writer */

struct body {
	char *p;
	size_t n;
};

static size_t take_body(char *p, size_t size, size_t n, void *arg)
{
	struct body *b = arg;
	char *q = realloc(b->p, b->n + size * n + 1);

	if (!q)
		return 0;
	memcpy(q + b->n, p, size * n);
	b->n += size * n;
	q[b->n] = '\0';
	b->p = q;
	return size * n;
}

struct retry_after {
	long seconds;
};

static size_t take_header(char *p, size_t size, size_t n, void *arg)
{
	struct retry_after *ra = arg;

	if (size * n > 12 && !strncasecmp(p, "Retry-After:", 12))
		ra->seconds = strtol(p + 12, NULL, 10);
	return size * n;
}

/* one request on h: the status into *status (0 when it could not be
 * sent), the body into *b */
static long http(const struct pd_curl *c, CURL *h, const char *method,
		 const char *url, const char *token, long if_match,
		 const char *data, struct body *b, long *retry_after)
{
	struct curl_slist *hd = NULL;
	struct retry_after ra = { 0 };
	char line[160];
	long status = 0;

	free(b->p);
	b->p = NULL;
	b->n = 0;
	c->easy_setopt(h, CURLOPT_URL, url);
	c->easy_setopt(h, CURLOPT_WRITEFUNCTION, take_body);
	c->easy_setopt(h, CURLOPT_WRITEDATA, b);
	c->easy_setopt(h, CURLOPT_HEADERFUNCTION, take_header);
	c->easy_setopt(h, CURLOPT_HEADERDATA, &ra);
	c->easy_setopt(h, CURLOPT_TIMEOUT_MS, 10000L);
	c->easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, 2000L);
	c->easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	if (token) {
		snprintf(line, sizeof(line), "Authorization: Bearer %s", token);
		hd = c->slist_append(hd, line);
	}
	if (if_match > 0) {
		snprintf(line, sizeof(line), "If-Match: \"%ld\"", if_match);
		hd = c->slist_append(hd, line);
	}
	hd = c->slist_append(hd, "Content-Type: application/json");
	c->easy_setopt(h, CURLOPT_HTTPHEADER, hd);
	if (!strcmp(method, "POST")) {
		c->easy_setopt(h, CURLOPT_POSTFIELDS, data);
	} else {
		c->easy_setopt(h, CURLOPT_HTTPGET, 1L);
	}
	if (c->easy_perform(h) == CURLE_OK)
		c->easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
	c->easy_setopt(h, CURLOPT_HTTPHEADER, NULL);
	c->slist_free_all(hd);
	*retry_after = ra.seconds;
	return status;
}

/* a GET, again while the node answers 503 or cannot be reached (a
 * restart), for up to 30 s: its status */
static long get(const struct pd_curl *c, CURL *h, const char *url,
		struct body *b)
{
	double start = now_s();
	long st, ra;

	while ((st = http(c, h, "GET", url, NULL, 0, NULL, b, &ra)) != 200 &&
	       (st == 0 || st >= 500) && now_s() - start < 30)
		sleep_s(0.2);
	return st;
}

/* -- the readers: SSE on one multi handle */

static long jl(json_t *o, const char *k)
{
	return (long)json_integer_value(json_object_get(o, k));
}

/* -- the plan: every write in schedule order */

enum { A_START, A_RUNNING, A_RESULT, A_END, A_MEDALS };

struct action {
	long long at;		/* UTC */
	int kind;
	size_t unit;		/* into set->units */
	size_t row;		/* A_RESULT: into set->results */
	size_t event;		/* A_MEDALS: into set->entries.events */
	size_t seq;
};

static int by_when(const void *a, const void *b)
{
	const struct action *x = a, *y = b;

	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind - y->kind;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

struct plan {
	struct action *v;
	size_t n, a;
	size_t *rows;		/* result rows by unit: index */
	size_t *first, *count;	/* per unit: into rows[] */
};

static int add(struct plan *p, struct action a)
{
	if (p->n == p->a) {
		size_t n = p->a ? p->a * 2 : 1024;
		struct action *v = realloc(p->v, n * sizeof(*v));

		if (!v)
			return -1;
		p->v = v;
		p->a = n;
	}
	a.seq = p->n;
	p->v[p->n++] = a;
	return 0;
}

static const struct pd_unitset *sort_set;
static int row_by_unit(const void *a, const void *b)
{
	const struct pd_unit_result_rec *x = &sort_set->results[*(const size_t
								  *)a];
	const struct pd_unit_result_rec *y = &sort_set->results[*(const size_t
								  *)b];
	int c = strcmp(x->rsc, y->rsc);

	if (c)
		return c;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static int unit_by_rsc(const void *a, const void *b)
{
	return strcmp(sort_set->units[*(const size_t *)a].rsc,
		      sort_set->units[*(const size_t *)b].rsc);
}

static int plan_make(const struct pd_unitset *set, const struct opts *o,
		     struct plan *p)
{
	size_t i, j, k, *ux;
	long long *decided;

	memset(p, 0, sizeof(*p));
	if (!(p->rows = malloc((set->nresults + 1) * sizeof(size_t))) ||
	    !(p->first = calloc(set->nunits + 1, sizeof(size_t))) ||
	    !(p->count = calloc(set->nunits + 1, sizeof(size_t))) ||
	    !(ux = malloc((set->nunits + 1) * sizeof(size_t))) ||
	    !(decided = calloc(set->entries.nevents + 1, sizeof(long long))))
		return -1;
	sort_set = set;
	for (i = 0; i < set->nresults; i++)
		p->rows[i] = i;
	if (set->nresults > 1)	/* qsort takes no NULL */
		qsort(p->rows, set->nresults, sizeof(size_t), row_by_unit);
	for (i = 0; i < set->nunits; i++)
		ux[i] = i;
	if (set->nunits > 1)	/* qsort takes no NULL */
		qsort(ux, set->nunits, sizeof(size_t), unit_by_rsc);
	/* walk units and rows, both by code */
	for (i = j = 0; i < set->nunits; i++) {
		const char *rsc = set->units[ux[i]].rsc;

		while (j < set->nresults &&
		       strcmp(set->results[p->rows[j]].rsc, rsc) < 0)
			j++;
		p->first[ux[i]] = j;
		for (k = j; k < set->nresults &&
		     !strcmp(set->results[p->rows[k]].rsc, rsc); k++)
			;
		p->count[ux[i]] = k - j;
	}
	for (i = 0; i < set->nunits; i++) {
		long long s = pd_rh_unit_start(set, i), e =
			pd_rh_unit_end(set, i);
		struct action a = { 0 };

		if (!p->count[i] || !s || e < o->from || e >= o->to)
			continue;
		if (s < o->from)
			s = o->from;
		if (e < s)
			e = s;
		a.unit = i;
		a.at = s;
		a.kind = A_START;
		if (add(p, a) < 0)
			return -1;
		a.kind = A_RUNNING;
		if (add(p, a) < 0)
			return -1;
		for (k = 0; k < p->count[i]; k++) {
			a.kind = A_RESULT;
			a.row = p->rows[p->first[i] + k];
			a.at = s + (e - s) * (long long)(k + 1) /
				   (long long)(p->count[i] + 1);
			if (add(p, a) < 0)
				return -1;
		}
		a.kind = A_END;
		a.at = e;
		if (add(p, a) < 0)
			return -1;
	}
	if (pd_rh_decided(set, decided) < 0)
		return -1;
	for (i = 0; i < set->entries.nevents; i++) {
		struct action a = { 0 };

		if (!decided[i] || decided[i] < o->from || decided[i] >= o->to)
			continue;
		a.kind = A_MEDALS;
		a.event = i;
		a.at = decided[i];
		if (add(p, a) < 0)
			return -1;
	}
	if (p->n > 1)	/* qsort takes no NULL */
		qsort(p->v, p->n, sizeof(*p->v), by_when);
	free(ux);
	free(decided);
	return 0;
}

/* -- the writer */

struct token {
	char *venue, *text;
};

struct ack {
	char key[340];		/* "unit RSC: NAME (NPC)" for a result */
	long version;		/* 0: unchanged */
	double at, ms;		/* acknowledged (from start), latency */
};

struct run {
	const struct pd_curl *c;
	const struct opts *o;
	const struct pd_unitset *set;
	CURL *h;
	struct body b;
	struct token *tokens;
	size_t ntokens;
	long known;		/* the Games' version we last saw */
	long *event_ids;	/* per entry event: the deployment's id */
	struct ack *acks;
	size_t nacks, aacks;
	size_t writes, refused, failed, retries, status412, status503;
	double t0;
	int shown;
};

static const char *token_for(const struct run *r, const char *venue,
			     size_t *at)
{
	size_t i;

	for (i = 0; i < r->ntokens; i++)
		if (!strcmp(r->tokens[i].venue, venue ? venue : "")) {
			*at = i;
			return r->tokens[i].text;
		}
	*at = 0;
	return r->ntokens ? r->tokens[0].text : NULL;
}

static long body_version(const struct body *b, int *unchanged)
{
	json_t *j = b->p ? json_loads(b->p, 0, NULL) : NULL;
	long v = j ? jl(j, "version") : 0;

	if (unchanged)
		*unchanged = j && json_is_true(json_object_get(j, "unchanged"));
	json_decref(j);
	return v;
}

/* learn the Games' version (after a 412) from the log's head */
static void learn_version(struct run *r, size_t node)
{
	char url[1024];

	snprintf(url, sizeof(url), "%s/api/games/%s/log?since=%ld",
		 r->o->urls[node], r->o->games, LONG_MAX / 2);
	if (get(r->c, r->h, url, &r->b) == 200)
		r->known = body_version(&r->b, NULL);
}

/* POST data to path as a venue: on the venue's node, the next one when
 * that cannot be reached; with If-Match; again on 503 (after its
 * Retry-After) and 412 (after reading the version), for up to a minute.
 * The acknowledgement is noted under key when key is not NULL. */
static int post(struct run *r, const char *venue, const char *path,
		const char *data, const char *key)
{
	size_t node, tries = 0;
	const char *token = token_for(r, venue, &node);
	double start = now_s();
	char url[1200];

	/* venues spread over the nodes, or all through the balancer */
	node = r->o->balancer ? r->o->nurls - 1 : node % r->o->nurls;
	r->writes++;
	for (;;) {
		long ra = 0, st;

		snprintf(url, sizeof(url), "%s%s", r->o->urls[node], path);
		st = http(r->c, r->h, "POST", url, token, r->known, data,
			  &r->b, &ra);
		if (st == 200 || st == 201) {
			int unchanged = 0;
			long v = body_version(&r->b, &unchanged);
			double t = now_s();

			if (v > r->known)
				r->known = v;
			if (r->nacks == r->aacks) {
				size_t a = r->aacks ? r->aacks * 2 : 4096;
				struct ack *p = realloc(r->acks,
							a * sizeof(*p));

				if (!p)
					return -1;
				r->acks = p;
				r->aacks = a;
			}
			snprintf(r->acks[r->nacks].key,
				 sizeof(r->acks->key), "%s", key ? key : "");
			r->acks[r->nacks].version = unchanged ? 0 : v;
			r->acks[r->nacks].at = t - r->t0;
			r->acks[r->nacks].ms = (t - start) * 1000;
			r->nacks++;
			return 0;
		}
		if (now_s() - start > 60) {
			r->failed++;
			cli_error("%s: no answer that took it in a minute "
				  "(last %ld)", path, st);
			return 1;
		}
		r->retries++;
		tries++;
		if (st == 412) {
			r->status412++;
			learn_version(r, node);
		} else if (st == 503) {
			r->status503++;
			sleep_s(ra > 0 && ra < 2 ? (double)ra : 0.5);
		} else if (st == 0 || st >= 500) {
			if (!r->o->balancer)	/* else it chooses */
				node = (node + 1) % r->o->nurls;
			sleep_s(0.1);
		} else {
			r->refused++;
			if (r->shown++ < 10)
				cli_error("%s refused (%ld): %s", path, st,
					  r->b.p ? r->b.p : "");
			return 1;
		}
	}
}

static json_t *str_or_null(const char *s)
{
	return s && *s ? json_string(s) : NULL;
}

static void set_if(json_t *o, const char *k, const char *v)
{
	if (v && *v)
		json_object_set_new(o, k, json_string(v));
}

static int act(struct run *r, const struct plan *p, const struct action *a)
{
	const struct pd_unitset *set = r->set;
	const struct pd_unit_rec *u = &set->units[a->unit];
	char path[512], key[340];
	json_t *j = json_object(), *rows;
	char *text;
	size_t k;
	int ret = 0;

	if (!j)
		return -1;
	switch (a->kind) {
	case A_START:
		snprintf(path, sizeof(path), "/api/games/%s/units/%s/start-list",
			 r->o->games, u->rsc);
		rows = json_array();
		for (k = 0; k < p->count[a->unit]; k++) {
			const struct pd_unit_result_rec *w =
				&set->results[p->rows[p->first[a->unit] + k]];
			json_t *x = json_object();

			json_object_set_new(x, "participant",
					    json_string(w->participant));
			json_object_set_new(x, "name", json_string(w->name));
			json_object_set_new(x, "npc", json_string(w->npc));
			if (w->start_order > 0)
				json_object_set_new(x, "order",
						    json_integer(w->start_order));
			set_if(x, "bib", w->bib);
			if (w->team)
				json_object_set_new(x, "team", json_true());
			json_array_append_new(rows, x);
		}
		json_object_set_new(j, "rows", rows);
		break;
	case A_RUNNING:
	case A_END:
		snprintf(path, sizeof(path), "/api/games/%s/units/%s/status",
			 r->o->games, u->rsc);
		if (a->kind == A_RUNNING)
			json_object_set_new(j, "status", json_string("running"));
		else if (!strcmp(u->status, "cancelled"))
			json_object_set_new(j, "status",
					    json_string("cancelled"));
		else {
			json_object_set_new(j, "status",
					    json_string("unofficial"));
			text = json_dumps(j, JSON_COMPACT);
			ret = text ? post(r, u->venue, path, text, NULL) : -1;
			free(text);
			json_object_set_new(j, "status", json_string("official"));
		}
		break;
	case A_RESULT: {
		const struct pd_unit_result_rec *w = &set->results[a->row];

		snprintf(path, sizeof(path), "/api/games/%s/units/%s/results",
			 r->o->games, u->rsc);
		json_object_set_new(j, "participant",
				    json_string(w->participant));
		if (w->rank > 0)
			json_object_set_new(j, "rank", json_integer(w->rank));
		for (k = 0; k < PD_UNIT_RESULT_TEXTS; k++) {
			const struct pd_unit_text *t = &pd_unit_result_texts[k];

			set_if(j, t->name, pd_unit_result_text(w, t));
		}
		snprintf(key, sizeof(key), "unit %s: %s (%s)", u->rsc,
			 w->name, w->npc);
		text = json_dumps(j, JSON_COMPACT);
		ret = text ? post(r, u->venue, path, text, key) : -1;
		free(text);
		json_decref(j);
		return ret;
	}
	case A_MEDALS: {
		const struct pd_entry_set *e = &set->entries;

		if (!r->event_ids[a->event]) {
			r->refused++;
			cli_error("event %s, %s: not in the deployment's "
				  "events", e->events[a->event].sport,
				  e->events[a->event].name);
			json_decref(j);
			return 1;
		}
		snprintf(path, sizeof(path), "/api/games/%s/events/%ld/results",
			 r->o->games, r->event_ids[a->event]);
		rows = json_array();
		for (k = 0; k < e->nresults; k++) {
			const struct pd_entry_result *w = &e->results[k];
			json_t *x;

			if (w->event != a->event)
				continue;
			x = json_object();
			json_object_set_new(x, "npc", json_string(w->npc));
			json_object_set_new(x, w->team ? "team" : "name",
					    json_string(w->name));
			json_object_set_new(x, "rank", json_integer(w->rank));
			json_array_append_new(rows, x);
		}
		json_object_set_new(j, "results", rows);
		json_object_set_new(j, "reason", json_string("official "
							     "results"));
		break;
	}
	}
	text = json_dumps(j, JSON_COMPACT);
	ret = text ? post(r, a->kind == A_MEDALS ? NULL : u->venue, path,
			  text, NULL) : -1;
	free(text);
	json_decref(j);
	(void)str_or_null;
	return ret;
}

/* the deployment's events, by sport, name and gender */
static int events_map(struct run *r)
{
	const struct pd_entry_set *e = &r->set->entries;
	char url[1024];
	json_t *j, *x;
	size_t i, k;

	if (!(r->event_ids = calloc(e->nevents + 1, sizeof(long))))
		return -1;
	snprintf(url, sizeof(url), "%s/api/games/%s/events", r->o->urls[0],
		 r->o->games);
	if (get(r->c, r->h, url, &r->b) != 200 ||
	    !(j = json_loads(r->b.p, 0, NULL))) {
		cli_error("%s: the Games' events cannot be read (is the "
			  "deployment up, and prepared with 'podium rehearse "
			  "prepare'?)", url);
		return 1;
	}
	r->known = jl(j, "version");
	json_array_foreach(json_object_get(j, "events"), k, x) {
		const char *sport = json_string_value(json_object_get(x,
								      "sport"));
		const char *name = json_string_value(json_object_get(x,
								     "name"));
		const char *g = json_string_value(json_object_get(x,
								  "gender"));

		for (i = 0; sport && name && i < e->nevents; i++)
			if (!strcmp(e->events[i].sport, sport) &&
			    !strcmp(e->events[i].name, name) &&
			    !strcmp(e->events[i].gender, g ? g : ""))
				r->event_ids[i] = jl(x, "id");
	}
	json_decref(j);
	return 0;
}

/* -- the tokens file: VENUE TAB TOKEN a line */

static int tokens_read(struct run *r, const char *file)
{
	FILE *f = fopen(file, "r");
	char line[1024];
	long n = 0;

	if (!f) {
		cli_error("%s: %s", file, strerror(errno));
		return 1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *tab = strchr(line, '\t'), *nl;
		struct token *v;

		n++;
		if ((nl = strchr(line, '\n')))
			*nl = '\0';
		if (!tab || !tab[1]) {
			cli_error("%s:%ld: expected VENUE, a tab, TOKEN", file,
				  n);
			fclose(f);
			return 1;
		}
		*tab = '\0';
		if (!(v = realloc(r->tokens, (r->ntokens + 1) * sizeof(*v))))
			break;
		r->tokens = v;
		v[r->ntokens].venue = strdup(line);
		v[r->ntokens].text = strdup(tab + 1);
		r->ntokens++;
	}
	fclose(f);
	if (!r->ntokens) {
		cli_error("%s: no tokens", file);
		return 1;
	}
	return 0;
}

/* -- faults */

struct fault_run {
	struct rh_readers *rs;
	const struct opts *o;
	struct fault *f;
	double t0;
};

/* sh -c cmd with none of this process's descriptors but 0, 1 and 2: a
 * node the hook starts again must not hold the readers' sockets (nor
 * PAM, in runuser, choke on thousands of them) */
static int run_hook(const char *cmd)
{
	pid_t pid = fork();
	int st;
	long fd, max;

	if (pid < 0)
		return -1;
	if (pid == 0) {
		max = sysconf(_SC_OPEN_MAX);
		for (fd = 3; fd < max; fd++)
			close((int)fd);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void *fault_run(void *arg)
{
	struct fault_run *fr = arg;
	char cmd[4200];

	fr->f->real = now_s() - fr->t0;
	fprintf(stderr, "podium: fault %s at %.1f s\n", fr->f->kind,
		fr->f->real);
	if (!strcmp(fr->f->kind, "drop-reader")) {
		rh_readers_drop(fr->rs);
	} else if (fr->o->hook) {
		snprintf(cmd, sizeof(cmd), "%s %s", fr->o->hook, fr->f->kind);
		if (run_hook(cmd) != 0)
			cli_error("fault %s: '%s' failed", fr->f->kind, cmd);
	}
	fr->f->end = now_s() - fr->t0;
	fr->f->done = 1;
	return NULL;
}

static void fault_start(struct fault_run *fr, pthread_t *th,
			struct rh_readers *rs, const struct opts *o,
			struct fault *f, double t0)
{
	f->real = 0;
	fr->rs = rs;
	fr->o = o;
	fr->f = f;
	fr->t0 = t0;
	pthread_create(th, NULL, fault_run, fr);
}

/* -- the checks */

static int cmp_double(const void *a, const void *b);
static double pct(double *v, size_t n, double p);

#define FAULT_AFTER_S 5	/* a fault's window: it, and 5 s after */

/* whether a write acknowledged at t (seconds from the start) fell in a
 * fault's window: from its start to FAULT_AFTER_S after its hook ended
 * (the writes it held back, answered together, and the nodes catching
 * up with them) */
static int in_fault(const struct opts *o, double t)
{
	size_t k;

	for (k = 0; k < o->nfaults; k++)
		if (o->faults[k].real >= 0 && t >= o->faults[k].real &&
		    t <= (o->faults[k].end > o->faults[k].real ?
			  o->faults[k].end : o->faults[k].real) +
			 FAULT_AFTER_S)
			return 1;
	return 0;
}

/* each node's own p99 from acknowledgement to its stream, "A 41.2, B
 * 38.0, balancer 44.1 ms" into out; outside: of the writes outside the
 * faults' windows alone */
static void node_p99(const struct run *r, const struct opts *o,
		     const struct rh_readers *rs, int outside, char *out,
		     size_t size)
{
	double *v = malloc((r->nacks + 1) * sizeof(*v));
	size_t i, k, n, at = 0;

	for (k = 0; v && k < o->nurls && k < rs->n; k++) {
		for (i = n = 0; i < r->nacks; i++) {
			double t = rh_seen(rs, k, r->acks[i].version);

			if (t && !(outside && in_fault(o, r->acks[i].at)))
				v[n++] = (t - r->acks[i].at) * 1000;
		}
		if (n > 1)	/* qsort takes no NULL */
			qsort(v, n, sizeof(*v), cmp_double);
		if (at < size)
			at += (size_t)snprintf(out + at, size - at, "%s%s %.1f",
					       k ? ", " : "",
					       o->balancer && k + 1 ==
					       o->nurls ? "balancer" :
					       o->urls[k], pct(v, n, 0.99));
	}
	if (at < size)
		snprintf(out + at, size - at, " ms");
	free(v);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double pct(double *v, size_t n, double p)
{
	size_t i;

	if (!n)
		return 0;
	i = (size_t)ceil(p * (double)n) - 1;
	return v[i < n ? i : n - 1];
}

struct logent {
	long version;
	char *key;
};

/* count, per acknowledged key, the log's changes after base */
static int log_check(struct run *r, long base, size_t *lost, size_t *doubled)
{
	char url[1024];
	long since = base;
	size_t i, k, nlog = 0, alog = 0;
	struct logent *log = NULL;
	int more = 1;

	*lost = *doubled = 0;
	while (more) {
		json_t *j, *e, *ch;

		snprintf(url, sizeof(url), "%s/api/games/%s/log?since=%ld",
			 r->o->urls[0], r->o->games, since);
		if (get(r->c, r->h, url, &r->b) !=
		    200 || !(j = json_loads(r->b.p, 0, NULL))) {
			cli_error("%s: the log cannot be read", url);
			return 1;
		}
		more = json_is_true(json_object_get(j, "more"));
		json_array_foreach(json_object_get(j, "changes"), i, e) {
			json_t *c1;
			size_t m;

			const char *cmd = json_string_value(
				json_object_get(e, "command"));
			size_t cl = cmd ? strlen(cmd) : 0;

			since = jl(e, "version");
			/* the unit result writes alone (a start list names
			 * its participants the same way) */
			if (cl < 8 || strcmp(cmd + cl - 8, "/results") ||
			    !strstr(cmd, "/units/"))
				continue;
			ch = json_object_get(e, "changes");
			/* one entry per what it names (a result's fields
			 * each name it) */
			json_array_foreach(ch, m, c1) {
				const char *w = json_string_value(
					json_object_get(c1, "what"));

				if (!w || strncmp(w, "unit ", 5))
					continue;
				if (m && nlog && log[nlog - 1].version ==
				    since && !strcmp(log[nlog - 1].key, w))
					continue;
				if (nlog == alog) {
					alog = alog ? alog * 2 : 4096;
					log = realloc(log, alog * sizeof(*log));
					if (!log)
						return -1;
				}
				log[nlog].version = since;
				log[nlog].key = strdup(w);
				nlog++;
			}
		}
		json_decref(j);
	}
	/* each acknowledged result write that changed something has its
	 * version's entry naming it; no key has more entries than its
	 * acknowledgements */
	for (i = 0; i < r->nacks; i++) {
		const struct ack *a = &r->acks[i];
		size_t found = 0, acked = 0, changed = 0;

		if (!a->key[0])
			continue;
		for (k = 0; k < nlog; k++)
			if (!strcmp(log[k].key, a->key)) {
				found++;
				if (log[k].version == a->version)
					changed = 1;
			}
		for (k = 0; k < r->nacks; k++)
			if (!strcmp(r->acks[k].key, a->key))
				acked++;
		if (a->version && !changed)
			++*lost;
		if (found > acked)
			++*doubled;
	}
	for (k = 0; k < nlog; k++)
		free(log[k].key);
	free(log);
	return 0;
}

static char *json_rows(json_t *j)
{
	struct rh_row *v;
	json_t *x;
	size_t i, n = json_array_size(json_object_get(j, "rows"));
	char *t;

	if (!(v = calloc(n + 1, sizeof(*v))))
		return NULL;
	json_array_foreach(json_object_get(j, "rows"), i, x) {
		snprintf(v[i].npc, sizeof(v->npc), "%s",
			 json_string_value(json_object_get(x, "npc")) ?
			 json_string_value(json_object_get(x, "npc")) : "");
		v[i].rank = jl(x, "rank");
		v[i].gold = jl(x, "gold");
		v[i].silver = jl(x, "silver");
		v[i].bronze = jl(x, "bronze");
		v[i].total = jl(x, "total");
	}
	t = rh_rows_text(v, n);
	free(v);
	return t;
}

/* --trace FILE: a line a write, as CSV: seconds from the start, path,
 * version (0: unchanged), ms to its acknowledgement, then ms to each
 * node's stream (empty: never seen) */
static void trace_write(const struct run *r, const struct opts *o,
			const struct rh_readers *rs)
{
	FILE *f = fopen(o->trace, "w");
	size_t i, k;

	if (!f) {
		cli_error("%s: %s", o->trace, strerror(errno));
		return;
	}
	fprintf(f, "at_s,write,version,ack_ms");
	for (k = 0; k < o->nurls; k++)
		fprintf(f, ",%s_ms", o->balancer && k + 1 == o->nurls ?
			"balancer" : o->urls[k]);
	fputc('\n', f);
	for (i = 0; i < r->nacks; i++) {
		const char *c;
		double t;

		fprintf(f, "%.3f,\"", r->acks[i].at);
		for (c = r->acks[i].key; *c; c++)	/* CSV: "" for " */
			fputs(*c == '"' ? "\"\"" : (char[2]){ *c, 0 }, f);
		fprintf(f, "\",%ld,%.1f", r->acks[i].version, r->acks[i].ms);
		for (k = 0; k < o->nurls; k++)
			if ((t = rh_seen(rs, k, r->acks[i].version)))
				fprintf(f, ",%.1f", (t - r->acks[i].at) * 1000);
			else
				fputc(',', f);
		fputc('\n', f);
	}
	if (fclose(f))
		cli_error("%s: %s", o->trace, strerror(errno));
}

/* the table of a direct import of the folder (cut at --to for a window),
 * by this podium on a throwaway database */
static char *direct_table(const struct opts *o, char *self)
{
	char dir[] = "/tmp/podium-rehearse-XXXXXX", cmd[8192], to[40];
	char *t = NULL;
	struct pd_buf b = PD_BUF_INIT;
	FILE *f;
	json_t *j;
	int rc;

	if (!mkdtemp(dir))
		return NULL;
	if (o->to == LLONG_MAX)
		snprintf(cmd, sizeof(cmd), "'%s' --db '%s/d.db' import units "
			 "'%s' --games '%s' 2>/dev/null", self, dir, o->dir,
			 o->games);
	else {
		snprintf(to, sizeof(to), "@%lld", o->to);
		snprintf(cmd, sizeof(cmd), "'%s' --db '%s/d.db' rehearse "
			 "prepare '%s' --games '%s' --from '%s' "
			 "2>/dev/null", self, dir, o->dir, o->games, to);
	}
	if ((rc = system(cmd)) != 0)
		cli_error("the direct import of %s, to compare with, failed "
			  "(status %d): %s", o->dir, rc, cmd);
	snprintf(cmd, sizeof(cmd), "'%s' --db '%s/d.db' table --games '%s' "
		 "--format json 2>/dev/null", self, dir, o->games);
	if (rc == 0 && (f = popen(cmd, "r"))) {
		char chunk[4096];
		size_t n;

		while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
			pd_buf_add(&b, chunk, n);
		pclose(f);
		if ((j = json_loadb(b.data, b.len, 0, NULL))) {
			t = json_rows(j);
			json_decref(j);
		}
	}
	pd_buf_release(&b);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		cli_error("%s: not removed", dir);
	return t;
}

/* -- the report */

/* the medals the rehearsal awarded, by the day (at the Games' zone)
 * their events were decided: a table */
static void report_days(FILE *f, const struct run *r, const struct opts *o)
{
	const struct pd_entry_set *e = &r->set->entries;
	long long *decided = calloc(e->nevents + 1, sizeof(*decided));
	char (*day)[11] = calloc(e->nevents + 1, sizeof(*day));
	long (*n)[3] = calloc(e->nevents + 1, sizeof(*n));
	size_t i, k, nd = 0;

	if (!decided || !day || !n || pd_rh_decided(r->set, decided) < 0)
		goto done;
	for (i = 0; i < e->nresults; i++) {
		const struct pd_entry_result *w = &e->results[i];
		long long t = decided[w->event];
		char d[11];

		if (!t || t < o->from || t >= o->to || w->rank < 1 ||
		    w->rank > 3)
			continue;
		pd_unit_today(o->games, t, d);
		for (k = 0; k < nd && strcmp(day[k], d); k++)
			;
		if (k == nd)
			memcpy(day[nd++], d, sizeof(d));
		n[k][w->rank - 1]++;
	}
	fprintf(f, "<h2>Medals by day</h2>\n<table><tr><th>day</th><th>gold"
		"</th><th>silver</th><th>bronze</th></tr>\n");
	for (i = 0; i < nd; i++)
		fprintf(f, "<tr><td>%s</td><td>%ld</td><td>%ld</td><td>%ld"
			"</td></tr>\n", day[i], n[i][0], n[i][1], n[i][2]);
	fprintf(f, "</table>\n<p>Rows of medallists as the folder gives "
		"them (a team's members each).</p>\n");
done:
	free(decided);
	free(day);
	free(n);
}


static void report_write(const struct run *r, const struct opts *o,
			 const struct rh_readers *rs, const double *vis,
			 const double *vis_at, size_t nvis, const char *verdict,
			 const char *per_node, const char *calm)
{
	FILE *f = fopen(o->report, "w");
	double end = 1, x;
	size_t i, nb, *wps;
	double *lat;
	const double W = 900, H = 200;

	if (!f) {
		cli_error("%s: %s", o->report, strerror(errno));
		return;
	}
	for (i = 0; i < r->nacks; i++)
		if (r->acks[i].at > end)
			end = r->acks[i].at;
	nb = (size_t)end + 1;
	wps = calloc(nb + 1, sizeof(*wps));
	lat = calloc(nb + 1, sizeof(*lat));
	for (i = 0; wps && i < r->nacks; i++)
		wps[(size_t)r->acks[i].at]++;
	for (i = 0; lat && i < nvis; i++)
		if ((size_t)vis_at[i] <= nb && vis[i] > lat[(size_t)vis_at[i]])
			lat[(size_t)vis_at[i]] = vis[i];
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta "
		"charset=\"utf-8\"><title>podium rehearse: %s</title>"
		"<style>body{font:14px sans-serif;margin:2em}svg{border:1px "
		"solid #ccc}</style></head><body>\n<h1>Rehearsal of %s</h1>\n"
		"<p>%s</p>\n<p>Each node's own p99, acknowledgement to its "
		"stream: %s; outside the faults' windows (a fault's start to "
		"5 s after its end): %s.</p>\n", o->games, o->games, verdict,
		per_node, o->nfaults ? calm : per_node);
	for (int chart = 0; chart < 2 && wps && lat; chart++) {
		double top = 1;

		for (i = 0; i < nb; i++) {
			double v = chart ? lat[i] : (double)wps[i];

			if (v > top)
				top = v;
		}
		fprintf(f, "<h2>%s</h2>\n<svg role=\"img\" aria-label=\"%s\" "
			"width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f "
			"%.0f\">\n<polyline fill=\"none\" stroke=\"#06c\" "
			"points=\"", chart ? "Acknowledgement to every node's "
			"stream, worst each second (ms)" : "Writes "
			"acknowledged per second", chart ? "latency" :
			"writes per second", W, H + 20, W, H + 20);
		for (i = 0; i < nb; i++) {
			double v = chart ? lat[i] : (double)wps[i];

			fprintf(f, "%.1f,%.1f ", (double)i / (double)nb * W,
				H - v / top * H);
		}
		fprintf(f, "\"/>\n");
		for (i = 0; i < o->nfaults; i++) {
			if (o->faults[i].real < 0)
				continue;
			x = o->faults[i].real / (double)nb * W;
			fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"0\" "
				"y2=\"%.0f\" stroke=\"#c00\"/><text x=\"%.1f\" "
				"y=\"%.0f\" font-size=\"11\" fill=\"#c00\">%s"
				"</text>\n", x, x, H, x + 2, H + 14,
				o->faults[i].kind);
		}
		fprintf(f, "<text x=\"2\" y=\"12\" font-size=\"11\">max "
			"%.0f</text></svg>\n", top);
	}
	report_days(f, r, o);
	fprintf(f, "<p>%zu writes, %zu retries (%zu on 412, %zu on 503), "
		"%zu refused, %zu never taken; %zu readers, %ld messages, %ld "
		"reconnects.</p>\n</body></html>\n", r->writes, r->retries,
		r->status412, r->status503, r->refused, r->failed, rs->n,
		rs->messages, rs->reconnects);
	free(wps);
	free(lat);
	fclose(f);
}

static void plan_release(struct plan *p)
{
	free(p->v);
	free(p->rows);
	free(p->first);
	free(p->count);
}

static void run_release(struct run *r)
{
	size_t i;

	for (i = 0; i < r->ntokens; i++) {
		free(r->tokens[i].venue);
		free(r->tokens[i].text);
	}
	free(r->tokens);
	free(r->event_ids);
	free(r->acks);
	free(r->b.p);
	if (r->h)
		r->c->easy_cleanup(r->h);
}

/* -- the run */

static int parse_time(const char *games, const char *arg, long long *t)
{
	if (arg[0] == '@') {	/* UTC seconds, as direct_table passes */
		char *end;

		*t = strtoll(arg + 1, &end, 10);
		return *end ? -1 : 0;
	}
	return pd_rh_local_time(games, arg, t) < 0 ? -1 : 0;
}

static int run_replay(struct cli *cli, struct opts *o)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_unitset set;
	struct plan p;
	struct run r;
	struct rh_readers rs;
	pthread_t ft[MAX_FAULTS];
	struct fault_run fr[MAX_FAULTS];
	int nft = 0, ret, rc = EXIT_OK;
	size_t i, k, lost = 0, doubled = 0, nvis = 0;
	double *ack = NULL, *vis = NULL, *vis_at = NULL, t, first_at;
	long long games0 = 0;
	char *want = NULL, self[4096], speed[32];
	ssize_t sl;
	struct rlimit rl;
	size_t identical = 0, nodes_same = 0, per;
	char verdict[512], per_node[512] = "", calm[512] = "";

	memset(&r, 0, sizeof(r));
	memset(&rs, 0, sizeof(rs));
	if ((ret = pd_curl_load(&r.c, &d)) < 0)
		return cli_fail(ret, &d);
	getrlimit(RLIMIT_NOFILE, &rl);
	if (rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	/* a process's readers: 10,000 at most, each a descriptor */
	per = rl.rlim_cur > 10064 ? 10000 :
	      rl.rlim_cur > 128 ? (size_t)rl.rlim_cur - 64 : 64;
	if (o->procs && ((size_t)o->readers + o->procs - 1) / o->procs > per) {
		cli_error("--readers %ld in --reader-procs %zu: a process may "
			  "open %llu descriptors, so %zu readers at most; "
			  "give more processes", o->readers, o->procs,
			  (unsigned long long)rl.rlim_cur, per);
		return EXIT_USAGE;
	}
	if (((size_t)o->readers + per - 1) / per + 1 > RH_MAX_PROCS) {
		cli_error("--readers %ld: %d processes of %zu at most",
			  o->readers, RH_MAX_PROCS, per);
		return EXIT_USAGE;
	}
	r.o = o;
	if (tokens_read(&r, o->tokens)) {
		run_release(&r);
		return EXIT_INPUT;
	}
	if ((ret = pd_op_units_read(&set, o->dir, o->games,
				    cli_registry(cli), NULL, &d)) < 0)
		return cli_fail(ret, &d);
	r.set = &set;
	if (plan_make(&set, o, &p) < 0) {
		plan_release(&p);
		run_release(&r);
		pd_unitset_release(&set);
		return cli_fail(PD_ENOMEM, &d);
	}
	if (!(r.h = r.c->easy_init()) || events_map(&r)) {
		plan_release(&p);
		run_release(&r);
		pd_unitset_release(&set);
		return EXIT_STORE;
	}
	if (o->speed)
		snprintf(speed, sizeof(speed), "x%g", o->speed);
	fprintf(stderr, "podium: rehearsing %s: %zu writes planned from "
		"version %ld, %ld readers on %zu nodes, speed %s\n", o->games,
		p.n, r.known, o->readers, o->nurls, o->speed ? speed : "max");
	/* the readers, connected before the first write */
	rs.c = r.c;
	rs.urls = o->urls;
	rs.nurls = o->nurls;
	/* with a balancer: ten readers on each node, fewer when there
	 * are few, so that the balancer has its share */
	rs.direct = !o->balancer ? 0 : rs.n / o->nurls < 10 ?
		    rs.n / o->nurls : 10;
	rs.games = o->games;
	rs.n = (size_t)o->readers;
	rs.procs = o->procs;
	rs.per = per;
	rs.base = r.known;
	rs.t0 = r.t0 = now_s();
	if (rs.n && rh_readers_start(&rs) < 0) {
		cli_error("the readers' processes: %s", strerror(errno));
		rc = EXIT_STORE;
		goto done;
	}
	/* every reader connected first: 10 s, or a second a thousand */
	for (t = now_s(); now_s() - t < (rs.n > 10000 ? rs.n / 1000 : 10) &&
	     rs.n && rh_readers_least(&rs) < r.known;)
		sleep_s(0.05);
	r.t0 = rs.t0;
	first_at = p.n ? (double)p.v[0].at : 0;
	if (p.n)
		games0 = p.v[0].at;
	t = now_s();
	for (i = 0; i < p.n; i++) {
		double due = o->speed ? ((double)p.v[i].at - first_at) /
					o->speed : 0;

		for (k = 0; k < o->nfaults; k++) {
			struct fault *f = &o->faults[k];
			double fdue = f->rel ? f->after : o->speed ?
				      ((double)f->at - first_at) / o->speed :
				      0;

			if (f->real >= 0 ||
			    (!f->rel && !o->speed && p.v[i].at < f->at) ||
			    now_s() - t < fdue)
				continue;
			fault_start(&fr[nft], &ft[nft], &rs, o, f, r.t0);
			nft++;
		}
		sleep_s(due - (now_s() - t));
		if (act(&r, &p, &p.v[i]) < 0)
			break;
	}
	(void)games0;
	/* a fault due after the last write comes at the end */
	for (k = 0; k < o->nfaults; k++)
		if (o->faults[k].real < 0) {
			fault_start(&fr[nft], &ft[nft], &rs, o, &o->faults[k],
				    r.t0);
			nft++;
		}
	for (k = 0; k < (size_t)nft; k++)
		pthread_join(ft[k], NULL);
	/* every reader brought to the last version, or the settle time */
	learn_version(&r, 0);
	for (t = now_s(); now_s() - t < o->settle && rs.n &&
	     rh_readers_least(&rs) < r.known;)
		sleep_s(0.05);
	if (rs.n && rh_readers_stop(&rs) < 0)
		cli_error("%zu readers' process gave no answer: counted as "
			  "not identical", rs.lost);
	/* the checks */
	if (log_check(&r, rs.base, &lost, &doubled)) {
		rc = EXIT_STORE;
		goto done;
	}
	ack = malloc((r.nacks + 1) * sizeof(*ack));
	vis = malloc((r.nacks + 1) * sizeof(*vis));
	vis_at = malloc((r.nacks + 1) * sizeof(*vis_at));
	for (i = 0; ack && vis && vis_at && i < r.nacks; i++) {
		long v = r.acks[i].version;
		double worst = 0;
		int all = rs.n > 0;

		ack[i] = r.acks[i].ms;
		if (!v || !rs.n)
			continue;
		for (k = 0; k < o->nurls && k < rs.n; k++) {
			double s = rh_seen(&rs, k, v);

			if (!s) {
				all = 0;
				break;
			}
			if ((s - r.acks[i].at) * 1000 > worst)
				worst = (s - r.acks[i].at) * 1000;
		}
		if (all) {
			vis_at[nvis] = r.acks[i].at;
			vis[nvis++] = worst < 0 ? 0 : worst;
		}
	}
	if (ack)
		if (r.nacks > 1)	/* qsort takes no NULL */
			qsort(ack, r.nacks, sizeof(*ack), cmp_double);
	node_p99(&r, o, &rs, 0, per_node, sizeof(per_node));
	node_p99(&r, o, &rs, 1, calm, sizeof(calm));
	/* the tables: each node's, each reader's, the direct import's */
	sl = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[sl > 0 ? sl : 0] = '\0';
	want = direct_table(o, sl > 0 ? self : cli->argv[0]);
	for (k = 0; k < o->nurls; k++) {
		char url[1024];
		json_t *j;
		char *got = NULL;

		snprintf(url, sizeof(url), "%s/api/games/%s/standings",
			 o->urls[k], o->games);
		if (get(r.c, r.h, url, &r.b) ==
		    200 && (j = json_loads(r.b.p, 0, NULL))) {
			got = json_rows(j);
			json_decref(j);
		}
		if (got && want && !strcmp(got, want))
			nodes_same++;
		else
			cli_error("%s: the table differs from the direct "
				  "import's", url);
		free(got);
	}
	for (i = 0; i < rs.ntables; i++)
		if (want && !strcmp(rs.tables[i].text, want))
			identical += rs.tables[i].count;
		else
			cli_error("%zu readers, reader %zu (node %zu) the "
				  "first: their last table differs from the "
				  "direct import's", rs.tables[i].count,
				  rs.tables[i].first, rs.tables[i].node);
	if (vis)
		if (nvis > 1)	/* qsort takes no NULL */
			qsort(vis, nvis, sizeof(*vis), cmp_double);
	snprintf(verdict, sizeof(verdict), "rehearse summary: %zu writes, "
		 "%zu lost, %zu doubled, ack p50/p99 %.1f/%.1f ms, visible on "
		 "every node p99 %.1f ms, %zu readers final identical: %s",
		 r.writes, lost, doubled, pct(ack, r.nacks, 0.5),
		 pct(ack, r.nacks, 0.99), pct(vis, nvis, 0.99), rs.n,
		 want && identical == rs.n && nodes_same == o->nurls ? "yes" :
								      "no");
	printf("%s\n", verdict);
	printf("rehearse detail: %zu refused, %zu never taken, %zu retries "
	       "(%zu on 412, %zu on 503); %zu of %zu nodes' tables as the "
	       "direct import's; %ld stream messages read, %ld unreadable; "
	       "%.1f s\nrehearse by node: visible p99 %s\n"
	       "rehearse outside the faults: visible p99 %s%s\n", r.refused, r.failed, r.retries, r.status412,
	       r.status503, nodes_same, o->nurls, rs.messages, rs.bad,
	       now_s() - r.t0, per_node, o->nfaults ? calm : "(no fault)",
	       o->nfaults ? "; a fault's window: its start to 5 s after "
	       "its end" : "");
	if (o->report)
		report_write(&r, o, &rs, vis, vis_at, nvis, verdict,
			     per_node, calm);
	if (o->trace)
		trace_write(&r, o, &rs);
	if (r.refused)
		fprintf(stderr, "podium: %zu writes refused by the deployment: "
			"what the folder holds that its API does not take "
			"(above); they are not acknowledged, so not counted "
			"as lost\n", r.refused);
	if (lost || doubled || !want || identical != rs.n ||
	    nodes_same != o->nurls || r.failed)
		rc = EXIT_DIFFER;
done:
	free(ack);
	free(vis);
	free(vis_at);
	free(want);
	rh_readers_release(&rs);
	plan_release(&p);
	run_release(&r);
	pd_unitset_release(&set);
	return rc;
}

/* 'podium rehearse prepare DIR --games G [--from T] --tokens FILE' */
static int run_prepare(struct cli *cli, struct opts *o)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_unitset set;
	struct pd_store *s;
	FILE *f;
	size_t i, k;
	int ret, code = 0;

	if ((ret = pd_op_units_read(&set, o->dir, o->games,
				    cli_registry(cli), NULL, &d)) < 0)
		return cli_fail(ret, &d);
	if (!(s = cli_store_write(cli, &code))) {
		pd_unitset_release(&set);
		return code;
	}
	if ((ret = pd_rh_prepare(s, &set, o->from == LLONG_MIN ? 0 : o->from,
				 cli_who(cli, NULL), &d)) < 0) {
		pd_unitset_release(&set);
		return cli_fail(ret, &d);
	}
	if (o->tokens) {
		if (!(f = fopen(o->tokens, "w"))) {
			cli_error("%s: %s", o->tokens, strerror(errno));
			pd_unitset_release(&set);
			return EXIT_INPUT;
		}
		for (i = 0; i < set.nunits; i++) {
			const char *v = set.units[i].venue;
			char name[PD_TOKEN_NAME], text[PD_TOKEN_TEXT];

			for (k = 0; k < i; k++)
				if (!strcmp(set.units[k].venue, v))
					break;
			if (k < i || !*v)
				continue;
			snprintf(name, sizeof(name), "%s-venue-%.40s",
				 o->games, v);
			for (char *q = name; *q; q++)
				if (!(*q >= 'a' && *q <= 'z') &&
				    !(*q >= 'A' && *q <= 'Z') &&
				    !(*q >= '0' && *q <= '9') && *q != '-' &&
				    *q != '.')
					*q = '_';
			if ((ret = pd_token_issue(s, name, PD_ROLE_OPERATOR,
						  text, &d)) < 0) {
				fclose(f);
				pd_unitset_release(&set);
				return cli_fail(ret, &d);
			}
			fprintf(f, "%s\t%s\n", v, text);
			pd_token_forget(text);
		}
		fclose(f);
	}
	fprintf(stderr, "podium: %s prepared for a rehearsal from %s%s%s\n",
		o->games, o->from == LLONG_MIN ? "its start" : "--from",
		o->tokens ? "; operator tokens in " : "",
		o->tokens ? o->tokens : "");
	pd_unitset_release(&set);
	return EXIT_OK;
}

static int run(struct cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "url", required_argument, NULL, 'u' },
		{ "tokens", required_argument, NULL, 't' },
		{ "speed", required_argument, NULL, 's' },
		{ "from", required_argument, NULL, 'f' },
		{ "to", required_argument, NULL, 'T' },
		{ "readers", required_argument, NULL, 'r' },
		{ "fault", required_argument, NULL, 'F' },
		{ "hook", required_argument, NULL, 'H' },
		{ "report", required_argument, NULL, 'R' },
		{ "settle", required_argument, NULL, 'S' },
		{ "reader-procs", required_argument, NULL, 'P' },
		{ "balancer", required_argument, NULL, 'B' },
		{ "trace", required_argument, NULL, 'X' },
		{ NULL, 0, NULL, 0 },
	};
	struct opts o;
	const char *from = NULL, *to = NULL, *balancer = NULL;
	int c, prepare = 0;
	char *end;

	if (cli_wants_help(argc, argv)) {
		fputs(cmd_rehearse.usage, stdout);
		return EXIT_OK;
	}
	if (cli_check_options(&cmd_rehearse, argc, argv))
		return EXIT_USAGE;
	memset(&o, 0, sizeof(o));
	o.speed = 60;
	o.from = LLONG_MIN;
	o.to = LLONG_MAX;
	o.settle = 30;
	if (argc >= 2 && !strcmp(argv[1], "prepare")) {
		prepare = 1;
		argc--;
		argv++;
	}
	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'g':
			o.games = optarg;
			break;
		case 'u':
			if (o.nurls == MAX_URLS)
				return cli_usage(&cmd_rehearse, N_("at most 16 "
						 "--url"));
			while (*optarg && optarg[strlen(optarg) - 1] == '/')
				optarg[strlen(optarg) - 1] = '\0';
			o.urls[o.nurls++] = optarg;
			break;
		case 't':
			o.tokens = optarg;
			break;
		case 's':
			if (!strcmp(optarg, "max"))
				o.speed = 0;
			else if ((o.speed = strtod(optarg, &end)) <= 0 ||
				 *end || o.speed > 1e6)
				return cli_usage(&cmd_rehearse, N_("--speed is "
						 "a factor above 0 (60: an "
						 "hour a minute) or max"));
			break;
		case 'f':
			from = optarg;
			break;
		case 'T':
			to = optarg;
			break;
		case 'r':
			o.readers = strtol(optarg, &end, 10);
			if (*end || o.readers < 0 || o.readers > 1000000)
				return cli_usage(&cmd_rehearse, N_("--readers "
						 "is a number from 0"));
			break;
		case 'X':
			o.trace = optarg;
			break;
		case 'B':
			while (*optarg && optarg[strlen(optarg) - 1] == '/')
				optarg[strlen(optarg) - 1] = '\0';
			balancer = optarg;
			break;
		case 'P':
			o.procs = (size_t)strtoul(optarg, &end, 10);
			if (*end || !o.procs || o.procs >= RH_MAX_PROCS)
				return cli_usage(&cmd_rehearse, N_("--reader-"
						 "procs is a number from 1 to "
						 "63"));
			break;
		case 'S':
			o.settle = strtod(optarg, &end);
			if (*end || o.settle < 0)
				return cli_usage(&cmd_rehearse, N_("--settle "
						 "is seconds from 0"));
			break;
		case 'F': {
			struct fault *f = &o.faults[o.nfaults];
			const char *at = strchr(optarg, '@');

			if (o.nfaults == MAX_FAULTS || !at ||
			    (size_t)(at - optarg) >= sizeof(f->kind))
				return cli_usage(&cmd_rehearse, N_("--fault is "
						 "KIND@TIME"));
			snprintf(f->kind, sizeof(f->kind), "%.*s",
				 (int)(at - optarg), optarg);
			if (strcmp(f->kind, "pg-restart") &&
			    strcmp(f->kind, "kill-node") &&
			    strcmp(f->kind, "drop-reader"))
				return cli_usage(&cmd_rehearse, N_("--fault's "
						 "kind is pg-restart, "
						 "kill-node or drop-reader"));
			f->real = -1;
			if (at[1] == '+') {
				double sec = strtod(at + 2, &end);

				if (*end || sec < 0)
					return cli_usage(&cmd_rehearse,
							 N_("--fault's time is "
							    "+SECONDS or a "
							    "local time"));
				f->after = sec;
				f->rel = 1;
			} else if (o.games && parse_time(o.games, at + 1,
							 &f->at) == 0) {
				;
			} else {
				return cli_usage(&cmd_rehearse, N_("--fault's "
						 "time is +SECONDS or a local "
						 "time (give --games first)"));
			}
			o.nfaults++;
			break;
		}
		case 'H':
			o.hook = optarg;
			break;
		case 'R':
			o.report = optarg;
			break;
		default:
			return cli_usage(&cmd_rehearse, NULL);
		}
	}
	if (optind + 1 != argc)
		return cli_usage(&cmd_rehearse, N_("expected one DIR, the "
				 "Games' folder of units"));
	o.dir = argv[optind];
	if (!o.games)
		return cli_usage(&cmd_rehearse, N_("--games is needed"));
	if ((from && parse_time(o.games, from, &o.from) < 0) ||
	    (to && parse_time(o.games, to, &o.to) < 0))
		return cli_usage(&cmd_rehearse, N_("--from and --to are local "
				 "times: 2024-08-09T20:00"));
	if (o.from != LLONG_MIN && o.to != LLONG_MAX && o.from >= o.to)
		return cli_usage(&cmd_rehearse, N_("--from must come before --to"));
	if (prepare)
		return run_prepare(cli, &o);
	if (!o.nurls)
		return cli_usage(&cmd_rehearse, N_("--url is needed (one a "
				 "node)"));
	if (balancer) {
		if (o.nurls == MAX_URLS)
			return cli_usage(&cmd_rehearse, N_("at most 15 --url "
					 "with --balancer"));
		o.urls[o.nurls++] = balancer;
		o.balancer = 1;
	}
	if (!o.tokens)
		return cli_usage(&cmd_rehearse, N_("--tokens is needed (what "
				 "'podium rehearse prepare' wrote)"));
	for (size_t i = 0; i < o.nfaults; i++)
		if (strcmp(o.faults[i].kind, "drop-reader") && !o.hook)
			return cli_usage(&cmd_rehearse, N_("--fault pg-restart "
					 "and kill-node need --hook SCRIPT"));
	return run_replay(cli, &o);
}

const struct cli_command cmd_rehearse = {
	"rehearse", run, "replay a Games against a running deployment and "
	"check nothing was lost",
	"usage: podium rehearse prepare DIR --games CODE [--from TIME]\n"
	"                       [--tokens FILE]\n"
	"       podium rehearse DIR --games CODE --url URL [--url URL ...]\n"
	"                       --tokens FILE [--speed N|max] [--from TIME]\n"
	"                       [--to TIME] [--readers R] [--fault KIND@WHEN]\n"
	"                       [--hook SCRIPT] [--report FILE] [--settle S]\n"
	"                       [--reader-procs P] [--balancer URL]\n"
	"                       [--trace FILE]\n"
	"\n"
	"A technical rehearsal: DIR, a Games as it ran unit by unit (the\n"
	"folder 'podium import units' reads), replayed against a running\n"
	"deployment over its HTTP API alone, as the venues would send it.\n"
	"\n"
	"prepare writes the deployment's starting point to --db (the API\n"
	"makes no units): every unit of the schedule, scheduled and empty,\n"
	"and every event; with --from, what had ended before then as it\n"
	"ran.  --tokens FILE: one operator token a venue, 'VENUE<tab>TOKEN'\n"
	"a line.\n"
	"\n"
	"Then, in schedule order, each unit's start list, its move to\n"
	"running, each participant's result (marks, W/L, IRMs and Q/q\n"
	"marks as they ran), its moves to unofficial and official, and each\n"
	"event's medallists once its medal units are done, each write with\n"
	"its venue's token and If-Match, sent again on 503 (after\n"
	"Retry-After) and 412 (after reading the version), and to the next\n"
	"--url when its node cannot be reached.\n"
	"\n"
	"  --speed N      N times as fast as the Games ran (default 60: an\n"
	"                 hour a minute); max: as fast as the deployment\n"
	"                 takes it\n"
	"  --from, --to   the window, local times at the Games' zone\n"
	"                 (2024-08-09T20:00); prepare with the same --from\n"
	"  --readers R    R streams (GET .../stream) spread over the --url\n"
	"                 nodes, in processes of their own: 10,000 a\n"
	"                 process, or the descriptor limit less 64\n"
	"                 (ulimit -n) where that is lower\n"
	"  --reader-procs P  the readers in P processes (default: as many\n"
	"                 as they need) besides the probe's: ten readers a\n"
	"                 node in a process of their own, whose times the\n"
	"                 latency is read from first\n"
	"  --balancer URL a load balancer in front of the --url nodes: the\n"
	"                 writes go through it, and the readers too but ten\n"
	"                 on each node, whose latency is each node's own\n"
	"  --fault KIND@WHEN  pg-restart, kill-node or drop-reader, at a\n"
	"                 local time or +SECONDS from the start; the first\n"
	"                 two run '--hook SCRIPT KIND', which restarts\n"
	"                 PostgreSQL or kills a node and starts it again\n"
	"  --report FILE  a self-contained HTML report: writes per second\n"
	"                 and latency, the faults marked\n"
	"  --trace FILE   each write as a CSV line: when, what, its version,\n"
	"                 ms to its acknowledgement and to each node's stream\n"
	"  --settle S     seconds to wait for every reader at the end (30)\n"
	"\n"
	"It prints 'rehearse summary: W writes, L lost, D doubled, ack\n"
	"p50/p99 X/Y ms, visible on every node p99 Z ms, R readers final\n"
	"identical: yes' from these checks: every acknowledged result write\n"
	"is in the audit log (GET .../log) exactly once; the table's rows\n"
	"(rank, NPC, gold, silver, bronze, total, as 'podium table --format\n"
	"csv' prints them) are the same on every node, in every reader's\n"
	"last table and from a direct 'import units' of DIR (cut at --to).\n"
	"Latency is from a write's acknowledgement to its version on the\n"
	"last node's stream.  Exit 1 when anything is lost, doubled,\n"
	"refused or differs.\n",
};
