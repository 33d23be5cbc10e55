/* http_client.c -- libcurl, loaded with dlopen (http_client.h), so that
 * the processes that never talk HTTP as a client (every command but
 * 'podium rehearse') do not map it. */
#include <stddef.h>

#include "podium/dl.h"
#include "podium/http_client.h"

/* The Makefile names the library's soname from pkg-config (objdump -p). */
#ifndef PD_CURL_SONAME
#define PD_CURL_SONAME "libcurl.so.4"
#endif
#define HINT "podium rehearse needs it: apt-get install libcurl4"

static const char *const names[] = {
	"curl_global_init", "curl_easy_init", "curl_easy_setopt",
	"curl_easy_perform", "curl_easy_getinfo", "curl_easy_cleanup",
	"curl_easy_strerror", "curl_slist_append", "curl_slist_free_all",
	"curl_multi_init", "curl_multi_add_handle",
	"curl_multi_remove_handle", "curl_multi_perform", "curl_multi_poll",
	"curl_multi_info_read", "curl_multi_cleanup", "curl_multi_setopt",
	"curl_multi_socket_action",
};
#define NFUNCS (sizeof(names) / sizeof(*names))
static void *fn[NFUNCS];
static struct pd_dl lib = PD_DL_INIT(PD_CURL_SONAME, HINT, names, fn,
				     NFUNCS);
static struct pd_curl curl;

int pd_curl_load(const struct pd_curl **out, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_dl_load(&lib, PD_EIO, diag)) < 0)
		return ret;
	if (!curl.easy_init) {
		/* the pointers, in the order of names[] (POSIX: a data
		 * pointer holds a function's address) */
		*(void **)&curl.global_init = fn[0];
		*(void **)&curl.easy_init = fn[1];
		*(void **)&curl.easy_setopt = fn[2];
		*(void **)&curl.easy_perform = fn[3];
		*(void **)&curl.easy_getinfo = fn[4];
		*(void **)&curl.easy_cleanup = fn[5];
		*(void **)&curl.easy_strerror = fn[6];
		*(void **)&curl.slist_append = fn[7];
		*(void **)&curl.slist_free_all = fn[8];
		*(void **)&curl.multi_init = fn[9];
		*(void **)&curl.multi_add_handle = fn[10];
		*(void **)&curl.multi_remove_handle = fn[11];
		*(void **)&curl.multi_perform = fn[12];
		*(void **)&curl.multi_poll = fn[13];
		*(void **)&curl.multi_info_read = fn[14];
		*(void **)&curl.multi_cleanup = fn[15];
		*(void **)&curl.multi_setopt = fn[16];
		*(void **)&curl.multi_socket_action = fn[17];
		curl.global_init(CURL_GLOBAL_DEFAULT);
	}
	*out = &curl;
	return 0;
}
