/* http_client.h -- libcurl, loaded with dlopen when a command first talks
 * HTTP to a server (src/http/http_client.c): 'podium rehearse' is the
 * client of a deployment, its writes on easy handles and its readers'
 * streams on one multi handle.
 *
 * podium is not linked with -lcurl (as with libpq, libmicrohttpd and
 * libxml2: docs/ARCHITECTURE.md); the functions it calls are reached
 * through pd_curl, filled by pd_curl_load().  curl_easy_setopt and
 * curl_easy_getinfo are variadic: their pointers keep libcurl's own
 * variadic type. */
#ifndef PODIUM_HTTP_CLIENT_H
#define PODIUM_HTTP_CLIENT_H

#include <curl/curl.h>

#include "podium/error.h"

struct pd_curl {
	CURLcode (*global_init)(long flags);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *h, CURLoption opt, ...);
	CURLcode (*easy_perform)(CURL *h);
	CURLcode (*easy_getinfo)(CURL *h, CURLINFO info, ...);
	void (*easy_cleanup)(CURL *h);
	const char *(*easy_strerror)(CURLcode c);
	struct curl_slist *(*slist_append)(struct curl_slist *l,
					   const char *s);
	void (*slist_free_all)(struct curl_slist *l);
	CURLM *(*multi_init)(void);
	CURLMcode (*multi_add_handle)(CURLM *m, CURL *h);
	CURLMcode (*multi_remove_handle)(CURLM *m, CURL *h);
	CURLMcode (*multi_perform)(CURLM *m, int *running);
	CURLMcode (*multi_poll)(CURLM *m, struct curl_waitfd *extra,
				unsigned n, int timeout_ms, int *numfds);
	CURLMsg *(*multi_info_read)(CURLM *m, int *left);
	CURLMcode (*multi_cleanup)(CURLM *m);
	CURLMcode (*multi_setopt)(CURLM *m, CURLMoption opt, ...);
	CURLMcode (*multi_socket_action)(CURLM *m, curl_socket_t fd,
					 int events, int *running);
};

/* libcurl loaded and *out filled, once per process: 0, or PD_EIO naming
 * the library and what to install. */
int pd_curl_load(const struct pd_curl **out, struct pd_diag *diag);

#endif
