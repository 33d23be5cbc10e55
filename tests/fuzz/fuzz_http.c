/* fuzz_http.c -- the HTTP server end to end: request line, path
 * parameters, query strings, headers and JSON bodies.
 *
 * A podium server runs in this process on a loopback port, over a store
 * made once (the bundled Athens 2004 table, an event, an operator token).
 * Each input is sent as raw bytes on a fresh connection, with the text
 * TOKEN replaced by the real token so that writes get past the door; the
 * response is read and dropped.  The harness only looks for crashes,
 * hangs and leaks: what to answer is the API tests' business. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <poll.h>
#include <unistd.h>

#include "podium/http.h"
#include "podium/ops.h"
#include "podium/store.h"
#include "podium/token.h"
#include "fuzz.h"

static struct pd_http *server;
static unsigned port;
static char token[PD_TOKEN_TEXT];

static void make_store(const char *path)
{
	unsigned char hash[PD_TOKEN_HASH];
	struct pd_store *s;
	struct pd_games g;
	long event;

	if (pd_store_open(&s, path, fuzz_registry(), NULL) < 0)
		abort();
	memset(&g, 0, sizeof(g));
	strcpy(g.code, "PG2004");
	if (pd_store_begin(s, NULL) < 0 ||
	    pd_store_games_put(s, &g, NULL) < 0 ||
	    pd_store_change(s, "PG2004", "fuzz", "fuzz", "", NULL, NULL) < 0 ||
	    pd_store_event_ensure(s, "PG2004", "Athletics", "100 m", "M", "",
				  0, &event, NULL) < 0 ||
	    pd_token_new(token, hash) < 0 ||
	    pd_store_token_add(s, "fuzz", PD_ROLE_ADMIN, hash, NULL) < 0 ||
	    pd_store_commit(s, NULL) < 0)
		abort();
	pd_store_close(s);
}

static void start(void)
{
	static char path[] = "/tmp/podium-fuzz-http-XXXXXX";
	struct pd_http_config cfg;
	int fd = mkstemp(path);

	if (fd < 0)
		abort();
	close(fd);
	make_store(path);
	memset(&cfg, 0, sizeof(cfg));
	cfg.db_path = path;
	cfg.threads = 1;
	cfg.reg = fuzz_registry();
	if (pd_http_start(&server, &cfg, NULL) < 0)
		abort();
	port = pd_http_port(server);
}

/* The input with every "TOKEN" replaced by the token. */
static char *with_token(const uint8_t *data, size_t size, size_t *len)
{
	size_t tl = strlen(token), i, n = 0;
	char *out = malloc(size * (tl + 1) / 5 + size + 1);

	if (!out)
		return NULL;
	for (i = 0; i < size; i++) {
		if (i + 5 <= size && !memcmp(data + i, "TOKEN", 5)) {
			memcpy(out + n, token, tl);
			n += tl;
			i += 4;
		} else {
			out[n++] = (char)data[i];
		}
	}
	*len = n;
	return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sockaddr_in a;
	char buf[65536], *req;
	size_t len;
	int fd;

	if (!server)
		start();
	if (size > 1 << 16 || !(req = with_token(data, size, &len)))
		return 0;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) >= 0 &&
	    connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0 &&
	    send(fd, req, len, MSG_NOSIGNAL) >= 0) {
		struct pollfd p = { fd, POLLIN, 0 };
		int wait = 80;	/* for the first bytes (a write waits for
				 * the views); then 5 ms of quiet ends it */

		shutdown(fd, SHUT_WR);
		while (poll(&p, 1, wait) == 1 &&
		       recv(fd, buf, sizeof(buf), 0) > 0)
			wait = 5;
	}
	if (fd >= 0)
		close(fd);
	free(req);
	return 0;
}
