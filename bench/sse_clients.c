/* sse_clients.c -- many server-sent-event clients on loopback, for the
 * fan-out benchmark: how long until every client has the update a write
 * made?
 *
 * usage: sse_clients PORT PATH N TIMEOUT_S [post WPATH TOKEN BODY]
 * Opens N connections to 127.0.0.1:PORT, sends "GET PATH" asking for an
 * event stream, and waits until every one has its response headers and
 * its first event (podium's whole table; sse_floor.c's hello).  It
 * then prints "ready" and waits for a line on standard input.  Without
 * post, the line is the moment of the write (the wall-clock nanoseconds
 * of its start: sse_floor.c's go).  With post, the line says go and this
 * process makes the write itself: the clock is read, then a connection
 * opened to PORT and BODY POSTed to WPATH with the bearer TOKEN, in the
 * same loop as the streams -- the start of the write is its connect(),
 * not the start of a curl process (6 to 10 ms of exec and library
 * loading here, which the bench once counted as the server's).  Every
 * client then waits for its first "data:" after that, stamped as it is
 * read; the output is one line:
 *   clients N ready R received M min_ms W p50_ms X p99_ms Y max_ms Z
 * and with post also " ack_ms A status S": when the write's answer was
 * read, and its HTTP status.  min_ms is the first client's: about when
 * the server published the change (the write's commit and the views'
 * rebuild); what the others wait beyond it is the sending.
 * Bounded: it gives up TIMEOUT_S seconds after the write and counts the
 * clients that had nothing as not received.
 *
 * usage: sse_clients PORT PATH N TIMEOUT_S watch SECONDS
 * For the soak: once ready, keep every stream open for SECONDS, counting
 * the "data:" events each gets and the streams the server closes:
 *   clients N ready R closed C min_events X max_events Y
 * Loopback only. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

struct client {
	int fd;
	int closed;		/* the server ended the stream */
	long events;		/* "data:" seen since ready (watch) */
	int headers;		/* response headers seen */
	int first;		/* the first event seen: ready */
	int armed;		/* the write happened; next data counts */
	double got_ms;		/* when the update arrived; < 0: not yet */
	char tail[4];		/* last bytes seen, to find "\r\n\r\n" */
};

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int connect_one(int port)
{
	struct sockaddr_in a;
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0), one = 1;

	if (fd < 0)
		return -1;
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) < 0 &&
	    errno != EINPROGRESS) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Feed bytes to a client: note the end of the headers, the first event
 * (the stream is ready), and after the write, the first "data:". */
static void feed(struct client *c, const char *buf, ssize_t n, double t)
{
	ssize_t i;
	int has;

	for (i = 0; i < n && !c->headers; i++) {
		memmove(c->tail, c->tail + 1, 3);
		c->tail[3] = buf[i];
		if (!memcmp(c->tail, "\r\n\r\n", 4))
			c->headers = 1;
	}
	if (!c->headers)
		return;
	buf += i;
	n -= i;
	has = memmem(buf, (size_t)n, "data:", 5) != NULL;
	if (!c->first) {
		c->first = has;
		return;
	}
	if (c->armed && c->got_ms < 0 && has)
		c->got_ms = t;
	if (c->armed)
		for (const char *p = buf; (p = memmem(p, (size_t)(buf + n - p),
						      "data:", 5)); p += 5)
			c->events++;
}

/* The write of post mode: one request on its own connection, its
 * answer read as it comes (one response: headers, Content-Length). */
struct post {
	int fd, sent, status, done;	/* done: answered, or broken */
	double ack_ms;		/* < 0: not answered yet */
	char req[2048];
	char resp[8192];
	size_t have;
};

/* The write's connection is ready (EPOLLOUT: send it) or has bytes of
 * the answer (read them); 1 once the whole answer is in, or the
 * connection broke before it (status 0). */
static int post_step(struct post *w, int ep, double t_write)
{
	struct epoll_event ev;
	char *end, *cl;
	ssize_t r;

	if (!w->sent) {
		if (write(w->fd, w->req, strlen(w->req)) < 0)
			perror("write");
		w->sent = 1;
		ev.events = EPOLLIN;
		ev.data.u32 = UINT32_MAX;
		epoll_ctl(ep, EPOLL_CTL_MOD, w->fd, &ev);
		return 0;
	}
	r = 1;
	while (w->have + 1 < sizeof(w->resp) &&
	       (r = read(w->fd, w->resp + w->have,
			 sizeof(w->resp) - 1 - w->have)) > 0)
		w->have += (size_t)r;
	w->resp[w->have] = '\0';
	end = strstr(w->resp, "\r\n\r\n");
	cl = strcasestr(w->resp, "content-length:");
	if (!end || w->have < (size_t)(end + 4 - w->resp) +
			      (cl ? (size_t)atol(cl + 15) : 0)) {
		if (r > 0 || (r < 0 && errno == EAGAIN))
			return 0;	/* more to come */
		fprintf(stderr, "sse_clients: the write's connection %s "
			"before its answer\n", r ? "failed" : "closed");
	} else {
		w->ack_ms = now_ms() - t_write;
		w->status = atoi(w->resp + 9);
	}
	w->done = 1;
	epoll_ctl(ep, EPOLL_CTL_DEL, w->fd, NULL);
	close(w->fd);
	return 1;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	struct epoll_event ev, evs[256];
	struct client *cl;
	char buf[16384], req[512];
	double t_write = 0, *lat, deadline;
	int port, n, timeout, ep, i, k, ready = 0, got = 0, armed = 0;
	double watch = 0;
	struct post w = { -1, 0, 0, 0, -1.0, "", "", 0 };
	int posting = 0;

	if (argc == 7 && !strcmp(argv[5], "watch"))
		watch = atof(argv[6]) * 1e3;
	else if (argc == 9 && !strcmp(argv[5], "post"))
		posting = 1;
	else if (argc != 5) {
		fprintf(stderr, "usage: sse_clients PORT PATH N TIMEOUT_S "
			"[post WPATH TOKEN BODY]\n");
		return 64;
	}
	/* gone with the bench that started it, however it ends */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	port = atoi(argv[1]);
	n = atoi(argv[3]);
	timeout = atoi(argv[4]);
	snprintf(req, sizeof(req), "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
		 "Accept: text/event-stream\r\n\r\n", argv[2]);
	if (posting)
		snprintf(w.req, sizeof(w.req), "POST %s HTTP/1.1\r\n"
			 "Host: 127.0.0.1\r\nAuthorization: Bearer %s\r\n"
			 "Content-Type: application/json\r\n"
			 "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
			 argv[6], argv[7], strlen(argv[8]), argv[8]);
	cl = calloc((size_t)n, sizeof(*cl));
	lat = calloc((size_t)n, sizeof(*lat));
	ep = epoll_create1(0);
	if (!cl || !lat || ep < 0)
		return 1;
	for (i = 0; i < n; i++) {
		if ((cl[i].fd = connect_one(port)) < 0) {
			perror("connect");
			return 1;
		}
		cl[i].got_ms = -1;
		ev.events = EPOLLOUT | EPOLLIN;
		ev.data.u32 = (unsigned)i;
		epoll_ctl(ep, EPOLL_CTL_ADD, cl[i].fd, &ev);
	}
	deadline = now_ms() + 60e3;	/* to connect them all */
	for (;;) {
		int m = epoll_wait(ep, evs, 256, 100);
		double t = now_ms();

		for (k = 0; k < m; k++) {
			struct client *c;
			ssize_t r;

			if (evs[k].data.u32 == UINT32_MAX) {
				post_step(&w, ep, t_write);
				continue;
			}
			c = &cl[evs[k].data.u32];
			if (evs[k].events & EPOLLOUT) {
				if (write(c->fd, req, strlen(req)) < 0)
					perror("write");
				ev.events = EPOLLIN;
				ev.data.u32 = evs[k].data.u32;
				epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev);
			}
			while ((r = read(c->fd, buf, sizeof(buf))) > 0) {
				int had = c->first, before = c->got_ms >= 0;

				/* stamped as read: a pass over a batch of
				 * sockets takes a while */
				feed(c, buf, r, armed ? now_ms() : t);
				ready += !had && c->first;
				got += !before && c->got_ms >= 0;
				/* a short read took all there was: the epoll
				 * (level-triggered) says when there is more.
				 * Reading on to EAGAIN was a second read()
				 * per socket per message, 10,000 of them on
				 * the 2 cores the server sends from */
				if ((size_t)r < sizeof(buf))
					break;
			}
			if (r == 0 && !c->closed) {	/* the server hung up */
				c->closed = 1;
				epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
			}
		}
		if (watch && !armed && ready == n) {
			printf("ready\n");
			fflush(stdout);
			for (i = 0; i < n; i++)
				cl[i].armed = 1;
			armed = 1;
			deadline = now_ms() + watch;
			continue;
		}
		if (watch) {
			if (now_ms() > deadline)
				break;
			continue;
		}
		if (!armed && ready == n) {
			printf("ready\n");
			fflush(stdout);
			if (scanf("%lf", &t_write) != 1 && !posting)
				return 1;
			t_write /= 1e6;	/* ns -> ms */
			if (posting) {
				t_write = now_ms();
				if ((w.fd = connect_one(port)) < 0) {
					perror("connect");
					return 1;
				}
				ev.events = EPOLLOUT;
				ev.data.u32 = UINT32_MAX;
				epoll_ctl(ep, EPOLL_CTL_ADD, w.fd, &ev);
			}
			for (i = 0; i < n; i++)
				cl[i].armed = 1;
			armed = 1;
			deadline = now_ms() + timeout * 1e3;
		}
		if ((armed && got == n && (!posting || w.done)) ||
		    now_ms() > deadline)
			break;
	}
	if (watch) {
		long lo = -1, hi = 0;
		int closed = 0;

		for (i = 0; i < n; i++) {
			closed += cl[i].closed;
			if (lo < 0 || cl[i].events < lo)
				lo = cl[i].events;
			if (cl[i].events > hi)
				hi = cl[i].events;
		}
		printf("clients %d ready %d closed %d min_events %ld "
		       "max_events %ld\n", n, ready, closed, lo, hi);
		return closed || ready < n ? 1 : 0;
	}
	for (i = 0, k = 0; i < n; i++)
		if (cl[i].got_ms >= 0)
			lat[k++] = cl[i].got_ms - t_write;
	qsort(lat, (size_t)k, sizeof(*lat), cmp_double);
	printf("clients %d ready %d received %d min_ms %.1f p50_ms %.1f "
	       "p99_ms %.1f max_ms %.1f", n, ready, k, k ? lat[0] : -1.0,
	       k ? lat[k / 2] : -1.0,
	       k ? lat[(size_t)(k * 0.99) < (size_t)k ? (size_t)(k * 0.99) :
		       (size_t)k - 1] : -1.0, k ? lat[k - 1] : -1.0);
	if (posting)
		printf(" ack_ms %.1f status %d", w.ack_ms, w.status);
	printf("\n");
	return k == n && (!posting || (w.status >= 200 && w.status < 300)) ?
	       0 : 1;
}
