/* writers.c -- results written one by one through the API by several
 * clients at once, for the write-path benchmark.
 *
 * usage: writers PORT PATH TOKEN TOTAL CLIENTS
 * CLIENTS threads, each on one keep-alive connection to 127.0.0.1:PORT,
 * POST a result to PATH (an event's /results) until TOTAL are written;
 * every write names a different athlete, so each is one new row and one
 * audited change.  Prints one line:
 *   writes N errors E seconds S per_s W p50_ms X p99_ms Y max_ms Z
 * A write counts when the server has answered 2xx: with the store in
 * synchronous=FULL, that is when it is on disk.  Loopback only. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int port, total;
static const char *path, *token;
static int next_write, errors;
static double *lat;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int dial(void)
{
	struct sockaddr_in a;
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) < 0) {
		perror("connect");
		exit(1);
	}
	return fd;
}

/* Read one HTTP response; its status, or -1 if the connection broke. */
static int response(int fd, char *buf, size_t size)
{
	size_t have = 0, need = 0;
	char *end, *cl;
	ssize_t r;

	for (;;) {
		if (have == size)
			return -1;
		if ((r = read(fd, buf + have, size - have)) <= 0)
			return -1;
		have += (size_t)r;
		buf[have < size ? have : size - 1] = '\0';
		if (!need && (end = strstr(buf, "\r\n\r\n"))) {
			cl = strcasestr(buf, "content-length:");
			need = (size_t)(end + 4 - buf) +
			       (cl ? (size_t)atol(cl + 15) : 0);
		}
		if (need && have >= need)
			return atoi(buf + 9);
	}
}

static void *writer(void *arg)
{
	char req[1024], body[256], buf[65536];
	int fd = dial(), i, status;
	double t0;

	(void)arg;
	for (;;) {
		pthread_mutex_lock(&lock);
		i = next_write < total ? next_write++ : -1;
		pthread_mutex_unlock(&lock);
		if (i < 0)
			break;
		snprintf(body, sizeof(body), "{\"npc\":\"%s\",\"name\":"
			 "\"Bench Athlete %d\",\"rank\":%d}",
			 i % 2 ? "CHN" : "GBR", i, i % 1000 + 1);
		snprintf(req, sizeof(req), "POST %s HTTP/1.1\r\nHost: "
			 "127.0.0.1\r\nAuthorization: Bearer %s\r\nContent-"
			 "Type: application/json\r\nContent-Length: %zu\r\n\r\n"
			 "%s", path, token, strlen(body), body);
		t0 = now_ms();
		if (write(fd, req, strlen(req)) < 0 ||
		    (status = response(fd, buf, sizeof(buf) - 1)) < 0) {
			close(fd);
			fd = dial();
			status = 0;
		}
		lat[i] = now_ms() - t0;
		if (status < 200 || status > 299) {
			pthread_mutex_lock(&lock);
			if (errors++ < 3)
				fprintf(stderr, "writers: status %d: %.200s\n",
					status, buf);
			pthread_mutex_unlock(&lock);
		}
	}
	close(fd);
	return NULL;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	pthread_t th[64];
	int clients, i;
	double t0, secs;

	if (argc != 6) {
		fprintf(stderr, "usage: writers PORT PATH TOKEN TOTAL "
			"CLIENTS\n");
		return 64;
	}
	port = atoi(argv[1]);
	path = argv[2];
	token = argv[3];
	total = atoi(argv[4]);
	clients = atoi(argv[5]);
	if (clients < 1 || clients > 64 || total < 1 ||
	    !(lat = calloc((size_t)total, sizeof(*lat))))
		return 64;
	t0 = now_ms();
	for (i = 0; i < clients; i++)
		pthread_create(&th[i], NULL, writer, NULL);
	for (i = 0; i < clients; i++)
		pthread_join(th[i], NULL);
	secs = (now_ms() - t0) / 1e3;
	qsort(lat, (size_t)total, sizeof(*lat), cmp_double);
	printf("writes %d errors %d seconds %.2f per_s %.0f p50_ms %.2f "
	       "p99_ms %.2f max_ms %.2f\n", total, errors, secs, total / secs,
	       lat[total / 2], lat[(size_t)(total * 0.99)], lat[total - 1]);
	return errors ? 1 : 0;
}
