/* rehearse_readers.c -- the readers of 'podium rehearse', in processes of
 * their own (rehearse_readers.h).
 *
 * Processes, not threads: one thread reading 3,000 streams beside the
 * writer, three nodes and PostgreSQL on two cores read 2,058,284 messages
 * in 178 s and put its own backlog into the latency it measured (2.27 s
 * p99); and a process may open 20,000 descriptors here, so 50,000
 * readers need three processes at least.  The children are forked before
 * the writer starts any thread, share a page of flags and counters with
 * it (stop, drop, the least id each has seen), die with it
 * (PR_SET_PDEATHSIG), and write what they saw to a pipe when told to
 * stop. */
#define _DEFAULT_SOURCE	/* MAP_ANONYMOUS */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "podium/buf.h"
#include "rehearse_readers.h"

struct rh_shared {
	atomic_int stop, drop;
	atomic_long least[RH_MAX_PROCS];
};

double rh_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int by_rank(const void *a, const void *b)
{
	const struct rh_row *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return strcmp(x->npc, y->npc);
}

char *rh_rows_text(struct rh_row *v, size_t n)
{
	struct pd_buf b = PD_BUF_INIT;
	size_t i;

	if (n > 1)	/* qsort takes no NULL */
		qsort(v, n, sizeof(*v), by_rank);
	for (i = 0; i < n; i++) {
		char line[96];

		if (!v[i].total)
			continue;
		snprintf(line, sizeof(line), "%ld,%s,%ld,%ld,%ld,%ld\n",
			 v[i].rank, v[i].npc, v[i].gold, v[i].silver,
			 v[i].bronze, v[i].total);
		pd_buf_adds(&b, line);
	}
	return pd_buf_detach(&b, NULL);
}

/* -- one child: its readers on one multi handle */

struct reader {
	CURL *h;
	size_t index, node;
	char *line;		/* the line being read */
	size_t nline, aline;
	char event[32];
	char *data;		/* a standings message's data */
	size_t ndata, adata;
	long id;		/* this message's id */
	long last;		/* the last id seen */
	struct rh_row *rows;
	size_t nrows, arows;
	int active;
	double again;		/* when to connect again */
	long reconnects;
	struct curl_slist *hd;
	struct child *ch;
};

struct child {
	const struct rh_readers *rs;
	struct reader *v;
	size_t n;
	struct rh_seen seen[RH_MAX_NODES];
	long messages, bad;
	/* the last table message parsed, its bytes and its JSON: every
	 * reader of a node gets the same bytes for a version, so 3,000
	 * readers parse it once, not 3,000 times */
	long cid;
	char *cdata;
	size_t cn, ca;
	json_t *cj;
	int ep;			/* epoll, for libcurl's sockets */
	double due;		/* libcurl's timer, rh_now(); -1 none */
};

static void seen_mark(struct child *ch, size_t node, long v, double t)
{
	struct rh_seen *s = &ch->seen[node];
	long i = v - ch->rs->base;

	if (i < 0)
		return;
	if (i >= s->n) {
		long n = s->n ? s->n : 1024;
		double *p;

		while (n <= i)
			n *= 2;
		if (!(p = realloc(s->t, (size_t)n * sizeof(*p))))
			return;
		memset(p + s->n, 0, (size_t)(n - s->n) * sizeof(*p));
		s->t = p;
		s->n = n;
	}
	if (!s->t[i] || t < s->t[i])
		s->t[i] = t;
}

static struct rh_row *row_of(struct reader *r, const char *npc)
{
	size_t i;

	for (i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].npc, npc))
			return &r->rows[i];
	if (pd_grow(&r->rows, r->nrows, &r->arows, sizeof(*r->rows), 64) < 0)
		return NULL;
	memset(&r->rows[r->nrows], 0, sizeof(*r->rows));
	snprintf(r->rows[r->nrows].npc, sizeof(r->rows->npc), "%s", npc);
	return &r->rows[r->nrows++];
}

static long jl(json_t *o, const char *k)
{
	return (long)json_integer_value(json_object_get(o, k));
}

/* a standings message: the whole table, or its changed and removed rows */
static int grow(char **p, size_t *a, size_t need);

static void standings(struct child *ch, struct reader *r)
{
	json_t *j, *x;
	size_t i, k;

	if (ch->cj && ch->cid == r->id && ch->cn == r->ndata &&
	    !memcmp(ch->cdata, r->data, r->ndata)) {
		j = json_incref(ch->cj);
	} else if (!(j = json_loadb(r->data, r->ndata, 0, NULL))) {
		ch->bad++;
		return;
	} else if (grow(&ch->cdata, &ch->ca, r->ndata + 1) == 0) {
		json_decref(ch->cj);
		ch->cj = json_incref(j);
		ch->cid = r->id;
		ch->cn = r->ndata;
		memcpy(ch->cdata, r->data, r->ndata);
	}
	if (json_is_true(json_object_get(j, "full")))
		r->nrows = 0;
	json_array_foreach(json_object_get(j, "changed"), i, x) {
		const char *npc = json_string_value(json_object_get(x, "npc"));
		struct rh_row *w;

		if (!npc || !(w = row_of(r, npc)))
			continue;
		w->rank = jl(x, "rank");
		w->gold = jl(x, "gold");
		w->silver = jl(x, "silver");
		w->bronze = jl(x, "bronze");
		w->total = jl(x, "total");
	}
	json_array_foreach(json_object_get(j, "removed"), i, x) {
		const char *npc = json_is_string(x) ? json_string_value(x) :
				  json_string_value(json_object_get(x, "npc"));

		for (k = 0; npc && k < r->nrows; k++)
			if (!strcmp(r->rows[k].npc, npc)) {
				r->rows[k] = r->rows[--r->nrows];
				break;
			}
	}
	json_decref(j);
}

static int grow(char **p, size_t *a, size_t need)
{
	char *q;
	size_t n = *a ? *a : 256;

	if (need <= *a)
		return 0;
	while (n < need)
		n *= 2;
	if (!(q = realloc(*p, n)))
		return -1;
	*p = q;
	*a = n;
	return 0;
}

/* one line of the stream, less its end.  The server writes "id:", then
 * "event:", then "data:", so a message's data is kept only when it is a
 * table's: the others are counted, not parsed */
static void sse_line(struct child *ch, struct reader *r, const char *l,
		     size_t n)
{
	if (!n) {	/* the end of a message */
		if (r->id > 0) {
			seen_mark(ch, r->node, r->id, rh_now() - ch->rs->t0);
			if (r->id > r->last)
				r->last = r->id;
		}
		if (!strcmp(r->event, "standings") && r->ndata)
			standings(ch, r);
		if (r->ndata || r->event[0])
			ch->messages++;
		r->event[0] = '\0';
		r->ndata = 0;
		r->id = 0;
		return;
	}
	if (n > 3 && !strncmp(l, "id:", 3)) {
		r->id = strtol(l + 3, NULL, 10);
	} else if (n > 6 && !strncmp(l, "event:", 6)) {
		size_t s = 6 + (l[6] == ' ');

		snprintf(r->event, sizeof(r->event), "%.*s", (int)(n - s),
			 l + s);
	} else if (n >= 5 && !strncmp(l, "data:", 5) &&
		   !strcmp(r->event, "standings")) {
		size_t s = 5 + (n > 5 && l[5] == ' ');

		if (grow(&r->data, &r->adata, r->ndata + n - s + 2) == 0) {
			if (r->ndata)
				r->data[r->ndata++] = '\n';
			memcpy(r->data + r->ndata, l + s, n - s);
			r->ndata += n - s;
			r->data[r->ndata] = '\0';
		}
	}
}

/* what libcurl read: whole lines handed on where they lie, a line cut
 * by the buffer's end kept until its end comes */
static size_t take_sse(char *p, size_t size, size_t n, void *arg)
{
	struct reader *r = arg;
	size_t len = size * n, at = 0;

	while (at < len) {
		char *nl = memchr(p + at, '\n', len - at);
		size_t k = nl ? (size_t)(nl - (p + at)) : len - at;

		if (!nl || r->nline) {	/* kept until the line ends */
			if (grow(&r->line, &r->aline, r->nline + k + 1) < 0)
				return 0;
			memcpy(r->line + r->nline, p + at, k);
			r->nline += k;
			if (!nl)
				break;
			if (r->nline && r->line[r->nline - 1] == '\r')
				r->nline--;
			r->line[r->nline] = '\0';
			sse_line(r->ch, r, r->line, r->nline);
			r->nline = 0;
		} else {
			sse_line(r->ch, r, p + at,
				 k && p[at + k - 1] == '\r' ? k - 1 : k);
		}
		at += k + 1;
	}
	return len;
}

static void reader_open(struct child *ch, CURLM *m, struct reader *r)
{
	const struct pd_curl *c = ch->rs->c;
	char url[1024], line[64];

	if (!r->h && !(r->h = c->easy_init()))
		return;
	snprintf(url, sizeof(url), "%s/api/games/%s/stream",
		 ch->rs->urls[r->node], ch->rs->games);
	c->slist_free_all(r->hd);
	r->hd = NULL;
	if (r->last > 0) {
		snprintf(line, sizeof(line), "Last-Event-ID: %ld", r->last);
		r->hd = c->slist_append(NULL, line);
	}
	r->nline = r->ndata = 0;
	r->event[0] = '\0';
	r->id = 0;
	c->easy_setopt(r->h, CURLOPT_URL, url);
	c->easy_setopt(r->h, CURLOPT_HTTPHEADER, r->hd);
	c->easy_setopt(r->h, CURLOPT_WRITEFUNCTION, take_sse);
	c->easy_setopt(r->h, CURLOPT_WRITEDATA, r);
	c->easy_setopt(r->h, CURLOPT_NOSIGNAL, 1L);
	c->easy_setopt(r->h, CURLOPT_CONNECTTIMEOUT_MS, 2000L);
	c->easy_setopt(r->h, CURLOPT_PRIVATE, (char *)r);
	r->active = c->multi_add_handle(m, r->h) == CURLM_OK;
}

/* libcurl's sockets on epoll, driven by curl_multi_socket_action: a
 * wake-up costs what is ready, where curl_multi_perform visits every
 * transfer (a recv() that says EAGAIN on each of 10,000 idle streams,
 * each time one of them has a message) */
static int on_socket(CURL *e, curl_socket_t fd, int what, void *arg,
		     void *sockp)
{
	struct child *ch = arg;
	struct epoll_event ev;

	(void)e;
	(void)sockp;
	if (what == CURL_POLL_REMOVE) {
		epoll_ctl(ch->ep, EPOLL_CTL_DEL, fd, NULL);
		return 0;
	}
	memset(&ev, 0, sizeof(ev));
	ev.data.fd = fd;
	ev.events = (what & CURL_POLL_IN ? EPOLLIN : 0) |
		    (what & CURL_POLL_OUT ? EPOLLOUT : 0);
	if (epoll_ctl(ch->ep, EPOLL_CTL_MOD, fd, &ev) < 0 && errno == ENOENT)
		epoll_ctl(ch->ep, EPOLL_CTL_ADD, fd, &ev);
	return 0;
}

static int on_timer(CURLM *m, long ms, void *arg)
{
	struct child *ch = arg;

	(void)m;
	ch->due = ms < 0 ? -1 : rh_now() + (double)ms / 1000;
	return 0;
}

/* every 50 ms: readers whose stream ended connected again, the drop
 * taken, the least id seen told to the writer */
static void child_tend(struct child *ch, CURLM *m, size_t proc)
{
	const struct pd_curl *c = ch->rs->c;
	struct rh_shared *sh = ch->rs->sh;
	double t = rh_now();
	long least = LONG_MAX;
	size_t i;

	/* drop-reader: the first child to see it cuts its first active
	 * reader */
	if (atomic_load(&sh->drop) && atomic_exchange(&sh->drop, 0)) {
		for (i = 0; i < ch->n && !ch->v[i].active; i++)
			;
		if (i < ch->n) {
			c->multi_remove_handle(m, ch->v[i].h);
			ch->v[i].active = 0;
			ch->v[i].reconnects++;
			ch->v[i].again = t + 1.0;
		}
	}
	for (i = 0; i < ch->n; i++) {
		if (!ch->v[i].active && t >= ch->v[i].again)
			reader_open(ch, m, &ch->v[i]);
		if (ch->v[i].last < least)
			least = ch->v[i].last;
	}
	atomic_store(&sh->least[proc], least);
}

static void child_loop(struct child *ch, size_t proc)
{
	const struct pd_curl *c = ch->rs->c;
	struct rh_shared *sh = ch->rs->sh;
	CURLM *m = c->multi_init();
	struct epoll_event ev[256];
	double tend = 0;
	size_t i;
	int running, left, n, k;

	if (!m || (ch->ep = epoll_create1(EPOLL_CLOEXEC)) < 0)
		return;
	ch->due = -1;
	c->multi_setopt(m, CURLMOPT_MAXCONNECTS, (long)ch->n + 8);
	c->multi_setopt(m, CURLMOPT_SOCKETFUNCTION, on_socket);
	c->multi_setopt(m, CURLMOPT_SOCKETDATA, ch);
	c->multi_setopt(m, CURLMOPT_TIMERFUNCTION, on_timer);
	c->multi_setopt(m, CURLMOPT_TIMERDATA, ch);
	for (i = 0; i < ch->n; i++)
		reader_open(ch, m, &ch->v[i]);
	while (!atomic_load(&sh->stop)) {
		CURLMsg *msg;
		double t = rh_now();
		int wait = 50;

		if (ch->due >= 0)
			wait = ch->due <= t ? 0 : ch->due - t < 0.05 ?
			       (int)((ch->due - t) * 1000) + 1 : 50;
		n = epoll_wait(ch->ep, ev, 256, wait);
		for (k = 0; k < n; k++)
			c->multi_socket_action(m, ev[k].data.fd,
				(ev[k].events & EPOLLIN ? CURL_CSELECT_IN : 0) |
				(ev[k].events & EPOLLOUT ? CURL_CSELECT_OUT : 0) |
				(ev[k].events & (EPOLLERR | EPOLLHUP) ?
				 CURL_CSELECT_ERR : 0), &running);
		if (ch->due >= 0 && rh_now() >= ch->due) {
			ch->due = -1;
			c->multi_socket_action(m, CURL_SOCKET_TIMEOUT, 0,
					       &running);
		}
		t = rh_now();
		while ((msg = c->multi_info_read(m, &left))) {
			struct reader *r;

			if (msg->msg != CURLMSG_DONE)
				continue;
			c->easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE,
					(char **)&r);
			c->multi_remove_handle(m, msg->easy_handle);
			r->active = 0;
			r->reconnects++;
			r->again = t + 0.2;	/* the stream says retry: 2000;
						 * a rehearsal asks sooner */
		}
		if (t >= tend) {
			child_tend(ch, m, proc);
			tend = t + 0.05;
		}
	}
	for (i = 0; i < ch->n; i++) {
		if (ch->v[i].active)
			c->multi_remove_handle(m, ch->v[i].h);
		c->easy_cleanup(ch->v[i].h);
		c->slist_free_all(ch->v[i].hd);
	}
	c->multi_cleanup(m);
	close(ch->ep);
}

/* what a child saw, to the pipe: counts; per node, its first-seen
 * times; its readers' last tables, each distinct one once with how
 * many ended on it */
static int child_report(struct child *ch, FILE *f)
{
	struct rh_table *t = NULL;
	size_t nt = 0, at = 0, i, k;
	long reconnects = 0;
	int ret = 0;

	for (i = 0; i < ch->n; i++) {
		struct reader *r = &ch->v[i];
		char *s = rh_rows_text(r->rows, r->nrows);

		reconnects += r->reconnects;
		for (k = 0; s && k < nt && strcmp(t[k].text, s); k++)
			;
		if (!s || k < nt) {
			if (s)
				t[k].count++;
			free(s);
			continue;
		}
		if (pd_grow(&t, nt, &at, sizeof(*t), 8) < 0) {
			free(s);
			return -1;
		}
		t[nt++] = (struct rh_table){ s, 1, r->index, r->node };
	}
	fwrite(&ch->messages, sizeof(long), 1, f);
	fwrite(&ch->bad, sizeof(long), 1, f);
	fwrite(&reconnects, sizeof(long), 1, f);
	for (k = 0; k < ch->rs->nurls; k++) {
		fwrite(&ch->seen[k].n, sizeof(long), 1, f);
		fwrite(ch->seen[k].t, sizeof(double), (size_t)ch->seen[k].n,
		       f);
	}
	fwrite(&nt, sizeof(nt), 1, f);
	for (k = 0; k < nt; k++) {
		size_t len = strlen(t[k].text);

		fwrite(&t[k], sizeof(t[k]), 1, f);
		fwrite(&len, sizeof(len), 1, f);
		fwrite(t[k].text, 1, len, f);
		free(t[k].text);
	}
	free(t);
	if (fflush(f) || ferror(f))
		ret = -1;
	return ret;
}

static void child_run(struct rh_readers *rs, size_t proc, size_t lo,
		      size_t hi, int fd, pid_t parent)
{
	struct child ch = { rs, NULL, hi - lo, { { NULL, 0 } }, 0, 0, 0,
			    NULL, 0, 0, NULL, -1, -1 };
	FILE *f;
	size_t i;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)	/* it died before the line above */
		_exit(1);
	signal(SIGINT, SIG_IGN);	/* the parent says when to stop */
	signal(SIGPIPE, SIG_IGN);
	if (!(ch.v = calloc(ch.n + 1, sizeof(*ch.v))))
		_exit(1);
	for (i = 0; i < ch.n; i++) {
		size_t nodes = rs->direct && rs->nurls > 1 ? rs->nurls - 1 :
			       rs->nurls;

		ch.v[i].index = lo + i;
		ch.v[i].node = (lo + i) % nodes;
		if (rs->direct && lo + i >= rs->direct * nodes)
			ch.v[i].node = rs->nurls - 1;
		ch.v[i].ch = &ch;
	}
	child_loop(&ch, proc);
	if (!(f = fdopen(fd, "w")) || child_report(&ch, f))
		_exit(1);
	fclose(f);
	_exit(0);
}

int rh_readers_start(struct rh_readers *rs)
{
	pid_t parent = getpid();
	size_t p, per, probe, rest, nodes = rs->direct && rs->nurls > 1 ?
					    rs->nurls - 1 : rs->nurls;

	if (rs->nurls > RH_MAX_NODES || !rs->nurls || !rs->per) {
		errno = EINVAL;
		return -1;
	}
	/* the probe: ten a node, and ten on the balancer */
	probe = rs->direct ? rs->direct * nodes + 10 : 10 * rs->nurls;
	if (probe > rs->n)
		probe = rs->n;
	rest = rs->n - probe;
	if (!rs->procs)
		rs->procs = (rest + rs->per - 1) / rs->per;
	if (rest && !rs->procs)
		rs->procs = 1;
	if (rs->procs + 1 > RH_MAX_PROCS) {
		errno = EINVAL;
		return -1;
	}
	per = rs->procs ? (rest + rs->procs - 1) / rs->procs : 0;
	rs->nproc = 1 + rs->procs;
	rs->lo[0] = 0;
	rs->hi[0] = probe;
	for (p = 1; p < rs->nproc; p++) {
		rs->lo[p] = probe + (p - 1) * per;
		rs->hi[p] = rs->lo[p] + per;
		if (rs->hi[p] > rs->n)
			rs->hi[p] = rs->n;
		if (rs->lo[p] > rs->hi[p])
			rs->lo[p] = rs->hi[p];
	}
	rs->sh = mmap(NULL, sizeof(*rs->sh), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (rs->sh == MAP_FAILED) {
		rs->sh = NULL;
		return -1;
	}
	memset(rs->sh, 0, sizeof(*rs->sh));
	fflush(NULL);
	for (p = 0; p < rs->nproc; p++) {
		size_t lo = rs->lo[p], hi = rs->hi[p];
		int fds[2];

		rs->pid[p] = 0;
		rs->fd[p] = -1;
		atomic_store(&rs->sh->least[p], lo < hi ? 0 : LONG_MAX);
		if (pipe(fds) < 0)
			return -1;
		if ((rs->pid[p] = fork()) < 0) {
			close(fds[0]);
			close(fds[1]);
			rs->pid[p] = 0;
			return -1;
		}
		if (rs->pid[p] == 0) {
			close(fds[0]);
			child_run(rs, p, lo < hi ? lo : hi, hi, fds[1],
				  parent);
		}
		close(fds[1]);
		rs->fd[p] = fds[0];
	}
	return 0;
}

long rh_readers_least(const struct rh_readers *rs)
{
	long least = LONG_MAX, l;
	size_t p;

	for (p = 0; rs->sh && p < rs->nproc; p++)
		if ((l = atomic_load(&rs->sh->least[p])) < least)
			least = l;
	return least;
}

void rh_readers_drop(struct rh_readers *rs)
{
	if (rs->sh)
		atomic_store(&rs->sh->drop, 1);
}

static int read_all(FILE *f, void *p, size_t size, size_t n)
{
	return fread(p, size, n, f) == n ? 0 : -1;
}

/* one child's report, merged into rs */
static int take_report(struct rh_readers *rs, FILE *f)
{
	long n[3];
	size_t k, nt, at = 0;

	if (read_all(f, n, sizeof(long), 3))
		return -1;
	rs->messages += n[0];
	rs->bad += n[1];
	rs->reconnects += n[2];
	for (k = 0; k < rs->nurls; k++) {
		struct rh_seen *s = &rs->seen[k];
		long c, i;
		double *t;

		if (read_all(f, &c, sizeof(c), 1) || c < 0 || c > 1L << 30 ||
		    !(t = calloc((size_t)c + 1, sizeof(*t))))
			return -1;
		if (read_all(f, t, sizeof(*t), (size_t)c)) {
			free(t);
			return -1;
		}
		if (c > s->n) {	/* the longer one kept, the other merged */
			double *x = s->t;

			s->t = t;
			t = x;
			i = s->n;
			s->n = c;
			c = i;
		}
		for (i = 0; i < c; i++)
			if (t[i] && (!s->t[i] || t[i] < s->t[i]))
				s->t[i] = t[i];
		free(t);
	}
	if (read_all(f, &nt, sizeof(nt), 1))
		return -1;
	at = rs->ntables;
	for (k = 0; k < nt; k++) {
		struct rh_table t;
		size_t len;

		if (read_all(f, &t, sizeof(t), 1) ||
		    read_all(f, &len, sizeof(len), 1) || len > 1 << 24 ||
		    !(t.text = malloc(len + 1)))
			return -1;
		if (read_all(f, t.text, 1, len) ||
		    pd_grow(&rs->tables, rs->ntables, &at, sizeof(t), 8) < 0) {
			free(t.text);
			return -1;
		}
		t.text[len] = '\0';
		rs->tables[rs->ntables++] = t;
	}
	return 0;
}

int rh_readers_stop(struct rh_readers *rs)
{
	size_t p;
	int ret = 0;

	if (!rs->sh)
		return -1;
	atomic_store(&rs->sh->stop, 1);
	for (p = 0; p < rs->nproc; p++) {
		FILE *f = rs->fd[p] >= 0 ? fdopen(rs->fd[p], "r") : NULL;
		size_t lo = rs->lo[p], hi = rs->hi[p];
		int st;

		if (!f || take_report(rs, f)) {
			if (lo < hi)
				rs->lost += hi - lo;
			ret = -1;
		}
		if (f)
			fclose(f);
		else if (rs->fd[p] >= 0)
			close(rs->fd[p]);
		rs->fd[p] = -1;
		while (rs->pid[p] > 0 && waitpid(rs->pid[p], &st, 0) < 0 &&
		       errno == EINTR)
			;
		rs->pid[p] = 0;
	}
	/* a node's builder may fold two versions that came together into
	 * one message of the later id: version v was visible when the first
	 * message of an id at or past v came */
	for (p = 0; p < rs->nurls && p < RH_MAX_NODES; p++) {
		struct rh_seen *s = &rs->seen[p];
		double least = 0;
		long i;

		for (i = s->n - 1; i >= 0; i--) {
			if (s->t[i] && (!least || s->t[i] < least))
				least = s->t[i];
			s->t[i] = least;
		}
	}
	return ret;
}

double rh_seen(const struct rh_readers *rs, size_t node, long version)
{
	long x = version - rs->base;

	if (!version || node >= RH_MAX_NODES || x < 0 ||
	    x >= rs->seen[node].n)
		return 0;
	return rs->seen[node].t[x];
}

void rh_readers_release(struct rh_readers *rs)
{
	size_t k;

	for (k = 0; k < rs->nproc && k < RH_MAX_PROCS; k++)
		if (rs->pid[k] > 0) {
			kill(rs->pid[k], SIGKILL);
			waitpid(rs->pid[k], NULL, 0);
		}
	for (k = 0; k < RH_MAX_NODES; k++)
		free(rs->seen[k].t);
	for (k = 0; k < rs->ntables; k++)
		free(rs->tables[k].text);
	free(rs->tables);
	if (rs->sh)
		munmap(rs->sh, sizeof(*rs->sh));
	memset(rs, 0, sizeof(*rs));
}
