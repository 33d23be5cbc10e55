/* file.c -- read a whole input file, plain or gzip, or map it (whole, or
 * streamed: read as it is reached, dropped behind), and check its UTF-8. */
/* MAP_POPULATE is a Linux extension */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>

#include "podium/io.h"

/* Open path for reading: a regular file alone (a FIFO would hang the
 * read, /dev/zero never end it, a folder has no bytes), refused by name;
 * O_NONBLOCK so that opening a FIFO does not wait for a writer, and the
 * type checked with fstat() on what was opened, not on the name.  Its
 * size is checked before a byte is read.  "-" is stdin, whatever it is:
 * its size is checked as it is read.  The fd, or a negative PD_E* code
 * with diag set. */
static int open_input(const char *path, struct stat *st,
		      struct pd_diag *diag)
{
	int fd, flags;

	if (!strcmp(path, "-")) {
		memset(st, 0, sizeof(*st));
		if ((fd = dup(0)) < 0)
			return pd_diag_set(diag, PD_EIO, path, 0, "cannot read "
					   "stdin: %s", strerror(errno));
		return fd;
	}
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		return pd_diag_set(diag, PD_EIO, path, 0, "cannot open: %s",
				   strerror(errno));
	if (fstat(fd, st) < 0 || !S_ISREG(st->st_mode)) {
		close(fd);
		return pd_diag_set(diag, PD_EIO, path, 0, "not a regular file "
				   "(%s): podium reads files",
				   S_ISDIR(st->st_mode) ? "a folder" :
				   S_ISFIFO(st->st_mode) ? "a pipe" :
				   S_ISCHR(st->st_mode) ? "a device" : "a "
				   "special file");
	}
	if ((size_t)st->st_size > PD_FILE_MAX) {
		close(fd);
		return pd_diag_set(diag, PD_ETOOBIG, path, 0, "file larger "
				   "than %zu bytes", PD_FILE_MAX);
	}
	if ((flags = fcntl(fd, F_GETFL)) < 0 ||
	    fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
		close(fd);
		return pd_diag_set(diag, PD_EIO, path, 0, "cannot read: %s",
				   strerror(errno));
	}
	return fd;
}

/* A plain regular file is read in one read(2) into a buffer of its size:
 * through gzread, the 41 MB athlete_events.csv cost 25 ms more in copies
 * and the reallocs of a growing buffer.  Returns 1 if the file was not
 * plain (gzip, stdin): the caller then goes through zlib, from the
 * start of fd. */
static int read_plain(int fd, const struct stat *st, const char *path,
		      char **data, size_t *len, struct pd_diag *diag)
{
	unsigned char magic[2];
	char *buf;
	ssize_t got;
	size_t n = 0;

	if (!S_ISREG(st->st_mode))
		return 1;
	if (read(fd, magic, 2) == 2 && magic[0] == 0x1f && magic[1] == 0x8b)
		return lseek(fd, 0, SEEK_SET) == 0 ? 1 :
		       pd_diag_set(diag, PD_EIO, path, 0, "cannot read: %s",
				   strerror(errno));
	if (lseek(fd, 0, SEEK_SET) != 0)
		return pd_diag_set(diag, PD_EIO, path, 0, "cannot read: %s",
				   strerror(errno));
	if (!(buf = malloc((size_t)st->st_size + 1)))
		return PD_ENOMEM;
	errno = 0;
	while (n < (size_t)st->st_size &&
	       (got = read(fd, buf + n, (size_t)st->st_size - n)) > 0)
		n += (size_t)got;
	if (n != (size_t)st->st_size) {
		free(buf);
		return pd_diag_set(diag, PD_EIO, path, 0, "cannot read: %s",
				   strerror(errno ? errno : EIO));
	}
	buf[n] = '\0';
	*data = buf;
	*len = n;
	return 0;
}

/* fd through zlib (gzip, or passed through as it is), at most
 * PD_FILE_MAX bytes: the cap holds while reading, for stdin and for
 * what a small gzip file unpacks to.  Takes fd. */
static int read_gz(int fd, const char *path, char **data, size_t *len,
		   struct pd_diag *diag)
{
	size_t alloc = 1 << 16, n = 0;
	char *buf = NULL, *p;
	gzFile gz = gzdopen(fd, "rb");
	int got, ret = 0;

	if (!gz) {
		close(fd);
		return pd_diag_set(diag, PD_EIO, path, 0, "cannot open: %s",
				   strerror(errno ? errno : ENOMEM));
	}
	gzbuffer(gz, 1 << 17);
	for (;;) {
		if (n + 1 >= alloc || !buf) {
			if (buf)
				alloc *= 2;
			if (alloc > PD_FILE_MAX + 1) {
				ret = pd_diag_set(diag, PD_ETOOBIG, path, 0,
						  "file larger than %zu bytes",
						  PD_FILE_MAX);
				goto cleanup;
			}
			if (!(p = realloc(buf, alloc))) {
				ret = PD_ENOMEM;
				goto cleanup;
			}
			buf = p;
		}
		got = gzread(gz, buf + n, (unsigned)(alloc - n - 1));
		if (got < 0) {
			int zerr;
			const char *msg = gzerror(gz, &zerr);

			ret = pd_diag_set(diag, PD_EIO, path, 0, "cannot read: "
					  "%s", zerr == Z_ERRNO ?
					  strerror(errno) : msg);
			goto cleanup;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	buf[n] = '\0';
	*data = buf;
	*len = n;
	buf = NULL;
cleanup:
	gzclose(gz);
	free(buf);
	return ret;
}

int pd_file_read(const char *path, char **data, size_t *len,
		 struct pd_diag *diag)
{
	struct stat st;
	int fd, ret;

	*data = NULL;
	*len = 0;
	if ((fd = open_input(path, &st, diag)) < 0)
		return fd;
	if ((ret = read_plain(fd, &st, path, data, len, diag)) <= 0) {
		close(fd);
		return ret;
	}
	return read_gz(fd, path, data, len, diag);
}

/* Checked by hand rather than with utf8proc_iterate per character: the
 * ASCII fast path reads the 41 MB athlete_events.csv about 8x faster. */
int pd_utf8_check(const char *data, size_t len, const char *file,
		  struct pd_diag *diag)
{
	const unsigned char *s = (const unsigned char *)data, *p;
	const unsigned char *end = s + len;
	long line = 1;
	uint64_t w;
	int need;
	unsigned cp, min;

	while (s < end) {
		if (*s < 0x80) {
			/* ASCII, nearly every byte of a results file, eight
			 * bytes a step; the line is counted only for an error.
			 * Byte by byte, this check was a seventh of the
			 * athlete_events parse. */
			for (; end - s >= 8; s += 8) {
				memcpy(&w, s, 8);
				/* a high bit, or a zero byte (the
				 * classic test: it borrows) */
				if ((w | ((w - 0x0101010101010101ULL) & ~w)) &
				    0x8080808080808080ULL)
					break;
			}
			while (s < end && *s < 0x80 && *s)
				s++;
			if (s < end && !*s)
				goto nul;
			continue;
		}
		if ((*s & 0xE0) == 0xC0) {
			need = 1; cp = *s & 0x1F; min = 0x80;
		} else if ((*s & 0xF0) == 0xE0) {
			need = 2; cp = *s & 0x0F; min = 0x800;
		} else if ((*s & 0xF8) == 0xF0) {
			need = 3; cp = *s & 0x07; min = 0x10000;
		} else {
			goto bad;
		}
		if (end - s <= need)
			goto bad;
		for (int i = 1; i <= need; i++) {
			if ((s[i] & 0xC0) != 0x80)
				goto bad;
			cp = (cp << 6) | (s[i] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			goto bad;
		s += need + 1;
	}
	return 0;
bad:
	for (p = (const unsigned char *)data; p < s; p++)
		line += *p == '\n';
	return pd_diag_set(diag, PD_EUTF8, file, line,
			   "invalid UTF-8 (byte 0x%02X): save the file as "
			   "UTF-8", *s);
nul:
	/* text never holds one, and a C string would end at it: a name cut
	 * short without a word */
	for (p = (const unsigned char *)data; p < s; p++)
		line += *p == '\n';
	return pd_diag_set(diag, PD_EUTF8, file, line, "a NUL byte: the file "
			   "is not text");
}

/* The mapping of a plain regular file (flags for mmap), 1 if path is
 * none (gzip, stdin, a small file): the caller reads it instead.  What
 * is no regular file, or too large, is refused here (open_input). */
static int map_plain(struct pd_file *f, const char *path, int flags,
		     struct pd_diag *diag)
{
	unsigned char magic[2] = { 0, 0 };
	struct stat st;
	void *m = MAP_FAILED;
	int fd;

	if (!strcmp(path, "-"))
		return 1;
	if ((fd = open_input(path, &st, diag)) < 0)
		return fd;
	if (st.st_size > 2 && read(fd, magic, 2) == 2 &&
	    !(magic[0] == 0x1f && magic[1] == 0x8b))
		m = mmap(NULL, (size_t)st.st_size, PROT_READ, flags, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return 1;
	f->map = m;
	f->maplen = (size_t)st.st_size;
	f->data = m;
	f->len = f->maplen;
	return 0;
}

static int map_or_read(struct pd_file *f, const char *path, int flags,
		       struct pd_diag *diag)
{
	int ret;

	memset(f, 0, sizeof(*f));
	if ((ret = map_plain(f, path, flags, diag)) <= 0)
		return ret;
	if ((ret = pd_file_read(path, &f->heap, &f->len, diag)) < 0)
		return ret;
	f->data = f->heap;
	return 0;
}

int pd_file_map(struct pd_file *f, const char *path, struct pd_diag *diag)
{
	/* MAP_POPULATE: the 41 MB athlete_events.csv maps in 1.6 ms;
	 * read(2) copied it in 22 ms */
	return map_or_read(f, path, MAP_PRIVATE | MAP_POPULATE, diag);
}

int pd_file_stream(struct pd_file *f, const char *path, struct pd_diag *diag)
{
	int ret;

	/* no MAP_POPULATE: a page is read when the reader reaches it and
	 * dropped again behind it (pd_file_drop) */
	if ((ret = map_or_read(f, path, MAP_PRIVATE, diag)) == 0 && f->map)
		madvise(f->map, f->maplen, MADV_SEQUENTIAL);
	return ret;
}

/* Pages are dropped this many bytes at a time: one madvise(2) per 4 MiB
 * is nothing beside the parse, and that much of the file stays mapped. */
#define DROP_STEP ((size_t)4 << 20)

static void drop(struct pd_file *f, const char *upto, size_t step)
{
	size_t off, page = (size_t)sysconf(_SC_PAGESIZE);

	if (!f->map || upto < f->data || upto > f->data + f->len)
		return;
	off = (size_t)(upto - f->data) / page * page;
	if (off <= f->dropped || off < f->dropped + step)
		return;
	/* a private read-only file mapping: what is dropped is read from
	 * the file (the page cache) again if it is touched */
	madvise((char *)f->map + f->dropped, off - f->dropped, MADV_DONTNEED);
	f->dropped = off;
}

void pd_file_drop(struct pd_file *f, const char *upto)
{
	drop(f, upto, DROP_STEP);
}

void pd_file_drop_now(struct pd_file *f, const char *upto)
{
	drop(f, upto, 0);
}

int pd_file_utf8_check(struct pd_file *f, const char *file,
		       struct pd_diag *diag)
{
	return pd_file_utf8_check_part(f, f->data, f->data + f->len, 1, file,
				       diag);
}

int pd_file_utf8_check_part(struct pd_file *f, const char *from,
			    const char *to, long line, const char *file,
			    struct pd_diag *diag)
{
	const char *p = from, *end = to, *q;
	size_t dropped = f->dropped;
	long lines = line - 1;
	int ret = 0;

	/* a piece ends after a line break, never inside a character */
	for (; p < end && ret == 0; p = q) {
		q = (size_t)(end - p) > DROP_STEP ? p + DROP_STEP : end;
		if (q < end && !(q = memchr(q, '\n', (size_t)(end - q))))
			q = end;
		else if (q < end)
			q++;
		if ((ret = pd_utf8_check(p, (size_t)(q - p), file, diag)) < 0)
			diag->line += lines;
		for (; ret == 0 && p < q &&
		     (p = memchr(p, '\n', (size_t)(q - p))); p++)
			lines++;
		pd_file_drop(f, q);
	}
	/* the reader starts again from where it was */
	f->dropped = dropped;
	return ret;
}

void pd_file_unmap(struct pd_file *f)
{
	if (f->map)
		munmap(f->map, f->maplen);
	free(f->heap);
	memset(f, 0, sizeof(*f));
}
