/* view.c -- a document made into MHD responses once: plain, gzipped and
 * a 304 (view.h).  A leaf: it calls no other file of the server. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "podium/error.h"
#include "respond.h"	/* add_common_headers, inline */
#include "view.h"

void view_release(struct view *v)
{
	if (v->plain)
		MHD_destroy_response(v->plain);
	if (v->gz)
		MHD_destroy_response(v->gz);
	if (v->nm)
		MHD_destroy_response(v->nm);
	memset(v, 0, sizeof(*v));
}

static int gzip(const char *in, size_t len, char **out, size_t *outlen)
{
	z_stream z;
	size_t cap = len + len / 100 + 64;
	int rc;

	memset(&z, 0, sizeof(z));
	if (!(*out = malloc(cap)))
		return PD_ENOMEM;
	/* 15 + 16: a gzip wrapper rather than zlib's own */
	if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK) {
		free(*out);
		return PD_ENOMEM;
	}
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)len;
	z.next_out = (unsigned char *)*out;
	z.avail_out = (uInt)cap;
	rc = deflate(&z, Z_FINISH);
	*outlen = z.total_out;
	deflateEnd(&z);
	if (rc != Z_STREAM_END) {
		free(*out);
		return PD_ENOMEM;
	}
	return 0;
}

static void view_headers(struct MHD_Response *r, const char *etag,
			 const char *type, int cors)
{
	add_common_headers(r, cors);
	MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, etag);
	MHD_add_response_header(r, MHD_HTTP_HEADER_VARY, "Accept-Encoding");
	/* clients may keep a copy but must ask again: the ETag makes that
	 * a 304 of a few bytes */
	MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL,
				"public, no-cache");
	if (type)
		MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE,
					type);
}

int view_make(struct view *v, char *data, size_t len, const char *etag,
	      const char *type, int cors)
{
	char *z = NULL;
	size_t zlen = 0;

	memset(v, 0, sizeof(*v));
	snprintf(v->etag, sizeof(v->etag), "%s", etag);
	if (gzip(data, len, &z, &zlen) < 0) {
		free(data);
		return PD_ENOMEM;
	}
	v->plain = MHD_create_response_from_buffer(len, data,
						   MHD_RESPMEM_MUST_FREE);
	v->gz = MHD_create_response_from_buffer(zlen, z,
						MHD_RESPMEM_MUST_FREE);
	v->nm = MHD_create_response_from_buffer(0, NULL,
						MHD_RESPMEM_PERSISTENT);
	v->len = len;
	v->zlen = zlen;
	if (!v->plain || !v->gz || !v->nm) {
		if (!v->plain)
			free(data);
		if (!v->gz)
			free(z);
		view_release(v);
		return PD_ENOMEM;
	}
	view_headers(v->plain, etag, type, cors);
	view_headers(v->gz, etag, type, cors);
	MHD_add_response_header(v->gz, MHD_HTTP_HEADER_CONTENT_ENCODING,
				"gzip");
	view_headers(v->nm, etag, NULL, cors);
	return 0;
}

int view_make_json(struct view *v, struct pd_buf *b, long version)
{
	char etag[48];
	size_t len;
	char *data;

	snprintf(etag, sizeof(etag), "\"%ld\"", version);
	data = pd_buf_detach(b, &len);
	return data ? view_make(v, data, len, etag,
				"application/json; charset=utf-8", 1) :
		      PD_ENOMEM;
}
