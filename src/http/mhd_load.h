/* mhd_load.h -- libmicrohttpd, loaded when `podium serve` starts.
 *
 * podium is not linked with libmicrohttpd (mhd_load.c says why): the MHD_*
 * functions the server calls are mhd_load.c's, each forwarding to the
 * library's.  pd_http_start() loads it before anything else, so that the
 * forwarding functions are only ever reached after a successful load. */
#ifndef PODIUM_HTTP_MHD_LOAD_H
#define PODIUM_HTTP_MHD_LOAD_H

#include "podium/error.h"

/* Load libmicrohttpd; once per process, the later calls say the first's
 * result.  PD_EIO, naming the library and its package, when it cannot be
 * loaded. */
int pd_mhd_load(struct pd_diag *diag);

#endif
