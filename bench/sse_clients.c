/* sse_clients.c -- many server-sent-event clients on loopback, for the
 * fan-out benchmark: how long until every client has the update a write
 * made?
 *
 * usage: sse_clients PORT PATH N TIMEOUT_S
 * Opens N connections to 127.0.0.1:PORT, sends "GET PATH" asking for an
 * event stream, and waits until every one has its response headers and
 * its first event (podium's whole table; sse_floor.c's hello).  It
 * then prints "ready" and waits for a line on standard input: the moment
 * the bench writes a result (the line is the wall-clock nanoseconds of
 * the write's start).  Every client then waits for its first "data:"
 * after that; the output is one line:
 *   clients N ready R received M min_ms W p50_ms X p99_ms Y max_ms Z
 * min_ms is the first client's: about when the server published the
 * change (the write's commit and the views' rebuild); what the others
 * wait beyond it is the sending.
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

	if (argc == 7 && !strcmp(argv[5], "watch"))
		watch = atof(argv[6]) * 1e3;
	else if (argc != 5) {
		fprintf(stderr, "usage: sse_clients PORT PATH N TIMEOUT_S\n");
		return 64;
	}
	/* gone with the bench that started it, however it ends */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	port = atoi(argv[1]);
	n = atoi(argv[3]);
	timeout = atoi(argv[4]);
	snprintf(req, sizeof(req), "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
		 "Accept: text/event-stream\r\n\r\n", argv[2]);
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
			struct client *c = &cl[evs[k].data.u32];
			ssize_t r;

			if (evs[k].events & EPOLLOUT) {
				if (write(c->fd, req, strlen(req)) < 0)
					perror("write");
				ev.events = EPOLLIN;
				ev.data.u32 = evs[k].data.u32;
				epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev);
			}
			while ((r = read(c->fd, buf, sizeof(buf))) > 0) {
				int had = c->first, before = c->got_ms >= 0;

				feed(c, buf, r, t);
				ready += !had && c->first;
				got += !before && c->got_ms >= 0;
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
			if (scanf("%lf", &t_write) != 1)
				return 1;
			t_write /= 1e6;	/* ns -> ms */
			for (i = 0; i < n; i++)
				cl[i].armed = 1;
			armed = 1;
			deadline = now_ms() + timeout * 1e3;
		}
		if ((armed && got == n) || now_ms() > deadline)
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
	       "p99_ms %.1f max_ms %.1f\n", n, ready, k, k ? lat[0] : -1.0,
	       k ? lat[k / 2] : -1.0,
	       k ? lat[(size_t)(k * 0.99) < (size_t)k ? (size_t)(k * 0.99) :
		       (size_t)k - 1] : -1.0, k ? lat[k - 1] : -1.0);
	return k == n ? 0 : 1;
}
