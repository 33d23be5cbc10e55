/* sse_floor.c -- the floor of the fan-out benchmark: the least a server
 * can do to get one message to N event streams on this machine.
 *
 * usage: sse_floor PORT N THREADS BYTES
 * Listens on 127.0.0.1:PORT (and says "listening"), accepts N connections, answers each one's
 * request with event-stream headers (chunked) and a first event, as
 * podium sends the whole table first (sse_clients.c counts a stream
 * ready once it has its first event), then waits for a line on
 * standard input: the moment the bench "writes".  At once it sends one
 * pre-framed chunk of BYTES bytes (a "data:" event) to every socket, the
 * sockets split between THREADS threads, each a bare send() loop, then
 * prints "sent" and waits for the end of standard input.  Nothing is
 * read, parsed or chosen per socket: what is left is the kernel's work
 * per connection, which is what podium's sending threads (src/http/
 * sender.c) are measured against, in the same run, by bench/fanout.sh.
 * Loopback only. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

static int *fds;
static int nfd, nthreads;
static char *chunk;
static size_t chunk_len;

struct part {
	pthread_t t;
	int from, to;
	long full;		/* sockets that were full (EAGAIN) */
};

/* One thread's share: one send each, the rest of a short one after a
 * poll (none happen with 10,000 600-byte messages on loopback). */
static void *sender(void *arg)
{
	struct part *p = arg;
	int i;

	for (i = p->from; i < p->to; i++) {
		size_t off = 0;

		while (off < chunk_len) {
			ssize_t n = send(fds[i], chunk + off, chunk_len - off,
					 MSG_NOSIGNAL | MSG_DONTWAIT);

			if (n > 0) {
				off += (size_t)n;
			} else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
				struct pollfd q = { fds[i], POLLOUT, 0 };

				p->full++;
				poll(&q, 1, 100);
			} else {
				break;	/* the client went away */
			}
		}
	}
	return NULL;
}

int main(int argc, char **argv)
{
	static const char head[] = "HTTP/1.1 200 OK\r\n"
		"Content-Type: text/event-stream\r\n"
		"Transfer-Encoding: chunked\r\n\r\n"
		"d\r\ndata: hello\n\n\r\n";
	struct epoll_event ev, evs[256];
	struct sockaddr_in a;
	struct part *parts;
	char buf[4096], line[64];
	int ls, ep, one = 1, i, k, m, port, t, served = 0;
	size_t bytes, text;

	/* gone with the bench that started it, however it ends */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (argc != 5) {
		fprintf(stderr, "usage: sse_floor PORT N THREADS BYTES\n");
		return 64;
	}
	port = atoi(argv[1]);
	nfd = atoi(argv[2]);
	nthreads = atoi(argv[3]);
	bytes = (size_t)atol(argv[4]);
	if (nfd < 1 || nthreads < 1 || bytes < 16 || bytes > 65536)
		return 64;
	fds = calloc((size_t)nfd, sizeof(*fds));
	parts = calloc((size_t)nthreads, sizeof(*parts));
	/* the chunk: size in hex, CRLF, "data: xxx...\n\n", CRLF */
	text = bytes;
	chunk = malloc(text + 32);
	if (!fds || !parts || !chunk)
		return 1;
	chunk_len = (size_t)sprintf(chunk, "%zx\r\n", text);
	memcpy(chunk + chunk_len, "data: ", 6);
	memset(chunk + chunk_len + 6, 'x', text - 8);
	memcpy(chunk + chunk_len + text - 2, "\n\n\r\n", 4);
	chunk_len += text + 2;

	ls = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ep = epoll_create1(0);
	if (ls < 0 || ep < 0 ||
	    bind(ls, (struct sockaddr *)&a, sizeof(a)) < 0 ||
	    listen(ls, 4096) < 0) {
		perror("sse_floor: listen");
		return 1;
	}
	printf("listening\n");	/* the clients may connect */
	fflush(stdout);
	memset(&ev, 0, sizeof(ev));
	ev.events = EPOLLIN;
	ev.data.fd = ls;
	epoll_ctl(ep, EPOLL_CTL_ADD, ls, &ev);
	/* accept as they come; answer each request once it is in */
	while (served < nfd) {
		if ((m = epoll_wait(ep, evs, 256, -1)) < 0 && errno != EINTR)
			return 1;
		for (k = 0; k < m; k++) {
			int fd = evs[k].data.fd;

			if (fd == ls) {
				while ((fd = accept4(ls, NULL, NULL,
						     SOCK_NONBLOCK)) >= 0) {
					setsockopt(fd, IPPROTO_TCP, TCP_NODELAY,
						   &one, sizeof(one));
					ev.events = EPOLLIN;
					ev.data.fd = fd;
					epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
				}
				continue;
			}
			/* the request: whatever it is, one read (it is
			 * small); the answer fits an empty socket */
			if (read(fd, buf, sizeof(buf)) <= 0 ||
			    write(fd, head, sizeof(head) - 1) < 0) {
				perror("sse_floor: a client");
				return 1;
			}
			epoll_ctl(ep, EPOLL_CTL_DEL, fd, NULL);
			if (served < nfd)
				fds[served++] = fd;
		}
	}
	close(ls);
	printf("ready\n");
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin))
		return 1;
	for (t = 0; t < nthreads; t++) {
		parts[t].from = (int)((long)nfd * t / nthreads);
		parts[t].to = (int)((long)nfd * (t + 1) / nthreads);
		if (pthread_create(&parts[t].t, NULL, sender, &parts[t]) != 0)
			return 1;
	}
	for (t = 0; t < nthreads; t++)
		pthread_join(parts[t].t, NULL);
	for (t = 1; t < nthreads; t++)
		parts[0].full += parts[t].full;
	printf("sent %d full %ld\n", nfd, parts[0].full);
	fflush(stdout);
	while (fgets(line, sizeof(line), stdin))
		;
	for (i = 0; i < nfd; i++)
		close(fds[i]);
	return 0;
}
