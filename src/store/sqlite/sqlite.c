/* sqlite.c -- the embedded SQLite store: opening, migrating, transactions,
 * and the table of operations the store interface dispatches to (see
 * store.h and ../backend.h). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "podium/npc.h"
#include "../ops.h"
#include "../sql.h"
#include "../schema.h"
#include "sqlite_int.h"

/* The store files this process has open (the server opens its store
 * once a thread), by device and inode, with the connections each has and
 * whether it was written over in place (pd_sqlite_here): one
 * connection's finding holds for every other, and the last one's close
 * moves the old write-ahead log aside.  Under files_mu. */
struct opened {
	struct opened *next;
	dev_t dev;
	ino_t ino;
	int n, replaced;
};

static pthread_mutex_t files_mu = PTHREAD_MUTEX_INITIALIZER;
static struct opened *files;

static void log_aside(const char *path);
static int read_head(struct pd_sqlite *s, unsigned char *head);
static int here_in_place(struct pd_sqlite *s, struct pd_diag *diag);
static int stamp(struct pd_sqlite *s, struct pd_diag *diag);

/* s's file's entry (files_mu held), or NULL. */
static struct opened *opened_of(const struct pd_sqlite *s)
{
	struct opened *o;

	for (o = files; o; o = o->next)
		if (o->dev == s->dev && o->ino == s->ino)
			return o;
	return NULL;
}

static void opened_add(const struct pd_sqlite *s)
{
	struct opened *o;

	pthread_mutex_lock(&files_mu);
	if (!(o = opened_of(s)) && (o = calloc(1, sizeof(*o)))) {
		o->dev = s->dev;
		o->ino = s->ino;
		o->next = files;
		files = o;
	}
	if (o)
		o->n++;
	pthread_mutex_unlock(&files_mu);
}

/* Whether s's file was found written over (mark: say it now). */
static int opened_replaced(const struct pd_sqlite *s, int mark)
{
	struct opened *o;
	int was = 0;

	pthread_mutex_lock(&files_mu);
	if ((o = opened_of(s))) {
		if (mark)
			o->replaced = 1;
		was = o->replaced;
	}
	pthread_mutex_unlock(&files_mu);
	return was;
}

/* One connection of s's file fewer: 1 when it was the last of a file
 * written over. */
static int opened_drop(const struct pd_sqlite *s)
{
	struct opened **pp, *o;
	int aside = 0;

	pthread_mutex_lock(&files_mu);
	for (pp = &files; (o = *pp); pp = &o->next)
		if (o->dev == s->dev && o->ino == s->ino)
			break;
	if (o && --o->n == 0) {
		aside = o->replaced;
		*pp = o->next;
		free(o);
	}
	pthread_mutex_unlock(&files_mu);
	return aside;
}

static int exec(struct pd_sqlite *s, const char *sql, struct pd_diag *diag)
{
	return pd_sqlite_exec(s, sql, diag);
}

static int savepoint(struct pd_store *store, int op, struct pd_diag *diag)
{
	return exec(pd_sqlite_of(store), pd_sql_savepoint[op], diag);
}

static int user_version(struct pd_sqlite *s, long *v, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "PRAGMA user_version", diag)) < 0)
		return ret;
	if (sqlite3_step(st) != SQLITE_ROW)
		ret = pd_sqlite_fail(s, diag, "read the schema version");
	else
		*v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return ret;
}

/* podium_name_key(name): pd_name_normalise(name), the key an athlete
 * or a team is found by (migration 15 fills it in); name itself where
 * it is no UTF-8 (no row the store wrote). */
static void name_key_fn(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	const char *name = (const char *)sqlite3_value_text(argv[0]);
	char *key;

	(void)argc;
	if (!name) {
		sqlite3_result_null(cx);
		return;
	}
	if (!(key = pd_name_normalise(name))) {
		sqlite3_result_text(cx, name, -1, SQLITE_TRANSIENT);
		return;
	}
	sqlite3_result_text(cx, key, -1, free);
}

static int migrate(struct pd_sqlite *s, struct pd_diag *diag)
{
	char sql[64];
	long v = 0;
	int ret;

	if ((ret = user_version(s, &v, diag)) < 0)
		return ret;
	if (sqlite3_create_function(s->db, "podium_name_key", 1, SQLITE_UTF8 |
				    SQLITE_DETERMINISTIC, NULL, name_key_fn,
				    NULL, NULL) != SQLITE_OK)
		return pd_sqlite_fail(s, diag, "add podium_name_key()");
	if (v > (long)pd_nmigrations)
		return pd_diag_set(diag, PD_ESTORE, s->path, 0, "schema "
				   "version %ld is newer than this podium "
				   "knows (%zu): upgrade podium", v,
				   pd_nmigrations);
	if (v == (long)pd_nmigrations)
		return 0;
	if ((ret = exec(s, "BEGIN IMMEDIATE", diag)) < 0)
		return ret;
	for (; v < (long)pd_nmigrations; v++)
		if ((ret = exec(s, pd_migrations[v], diag)) < 0)
			goto rollback;
	snprintf(sql, sizeof(sql), "PRAGMA user_version = %ld", v);
	if ((ret = exec(s, sql, diag)) < 0 ||
	    (ret = exec(s, "COMMIT", diag)) < 0)
		goto rollback;
	return 0;
rollback:
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return ret;
}

/* Every operation of the interface, each in the sqlite_*.c file named for
 * its header. */
static const struct pd_store_ops sqlite_ops = {
	.name = "sqlite",
	.close = pd_sqlite_close,
	.begin = pd_sqlite_begin,
	.here = pd_sqlite_here,
	.begin_read = pd_sqlite_begin_read,
	.commit = pd_sqlite_commit,
	.rollback = pd_sqlite_rollback,
	.savepoint = savepoint,
	.wait_change = pd_sqlite_wait_change,
	.table_rows = pd_sqlite_table_rows,
	.table_insert = pd_sqlite_table_insert,
	.table_done = pd_sqlite_table_done,
	.begin_bulk = pd_sqlite_begin_bulk,
	.cache_limit = pd_sqlite_cache_limit,
};

/* Is access(path, W_OK) refused for want of a right (a read-only mount
 * says so to root too: EROFS)?  A folder that is not there is not
 * read-only: SQLite says what it is. */
static int denied(const char *path)
{
	return access(path, W_OK) != 0 && (errno == EROFS ||
					   errno == EACCES || errno == EPERM);
}

/* Can this process write the file at path (when it is there) and make
 * the -wal and -shm files beside it? */
static int can_write(const char *path, int exists)
{
	char dir[4096], side[4096 + 8];
	const char *slash = strrchr(path, '/');
	int ok;

	if (exists && denied(path))
		return 0;
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 :
			 (int)(slash - path), path);
	if (!denied(dir))
		return 1;
	/* a folder that cannot be written: SQLite can still write where
	 * both files are there already */
	snprintf(side, sizeof(side), "%s-wal", path);
	ok = access(side, W_OK) == 0;
	snprintf(side, sizeof(side), "%s-shm", path);
	return exists && ok && access(side, W_OK) == 0;
}

/* Open path for reading alone.  A WAL database needs its -shm file,
 * which nobody can make in a folder that cannot be written: unless a
 * -wal file says a writer may be at work, the file is opened immutable
 * (SQLite's URI parameter), which reads it with no -shm and no locks --
 * sound on a read-only mount, where nothing can change it. */
static int open_readonly(struct pd_sqlite *s, const char *path)
{
	static const char keep[] = "abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/";
	const unsigned char *p;
	struct pd_buf uri;
	char side[4096 + 8];
	int rc;

	snprintf(side, sizeof(side), "%s-wal", path);
	if (access(side, F_OK) == 0)
		return sqlite3_open_v2(path, &s->db, SQLITE_OPEN_NOMUTEX |
				       SQLITE_OPEN_READONLY, NULL);
	pd_buf_init(&uri, 0);
	rc = pd_buf_addf(&uri, "file:");
	for (p = (const unsigned char *)path; *p && rc == 0; p++)
		rc = pd_buf_addf(&uri, *p && strchr(keep, *p) ? "%c" : "%%%02X",
				 *p);
	if (rc == 0)
		rc = pd_buf_addf(&uri, "?immutable=1");
	rc = rc < 0 ? SQLITE_NOMEM : sqlite3_open_v2(uri.data, &s->db,
			SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_READONLY |
			SQLITE_OPEN_URI, NULL);
	pd_buf_release(&uri);
	return rc;
}

/* Is the database podium's?  0 if it is (*v its schema version), or new
 * and empty (*v 0: the migrations make it, unless read); PD_ESTORE, and
 * nothing written, when it holds another program's tables -- podium's
 * are never added among them -- or, for a read, nothing at all. */
static int podium_there(struct pd_sqlite *s, int read, long *v,
			struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret, tables = 0;

	/* a file that is not a database says so here, in SQLite's words */
	if ((ret = exec(s, "SELECT count(*) FROM sqlite_master", diag)) < 0 ||
	    (ret = user_version(s, v, diag)) < 0)
		return ret;
	if (*v > 0)
		return 0;
	if ((ret = pd_sqlite_prepare(s, &st, "SELECT count(*) FROM "
				     "sqlite_master", diag)) < 0)
		return ret;
	if (sqlite3_step(st) == SQLITE_ROW)
		tables = sqlite3_column_int(st, 0);
	else
		ret = pd_sqlite_fail(s, diag, "read the schema");
	sqlite3_finalize(st);
	if (ret == 0 && tables)
		ret = pd_diag_set(diag, PD_ESTORE, s->path, 0, "a SQLite "
				  "database, but not podium's (it holds "
				  "other tables): give podium a file of its "
				  "own (--db)");
	else if (ret == 0 && read)
		ret = pd_diag_set(diag, PD_ESTORE, s->path, 0, "no podium "
				  "store here: 'podium init' makes one");
	return ret;
}

/* The connection's settings; a read-only one changes nothing in the
 * file (no journal_mode: the file is WAL since podium made it). */
static int settings(struct pd_sqlite *s, int ro, struct pd_diag *diag)
{
	if (!ro && (exec(s, "PRAGMA journal_mode = WAL", diag)) < 0)
		return PD_ESTORE;
	return exec(s,
		    /* FULL: a write acknowledged is on disk, even if the
		     * power goes (NORMAL in WAL mode only survives a crash
		     * of the process) */
		    "PRAGMA synchronous = FULL; "
		    /* 16 MiB: a whole-Games import is one transaction, and
		     * the default 2 MiB cache spilled it to disk
		     * (athlete_events.csv: 5.8 s -> 4.2 s); 64 MiB was no
		     * faster and only grew the peak memory */
		    "PRAGMA cache_size = -16384; "
		    "PRAGMA foreign_keys = ON; "
		    /* MEMORY: an insert of several rows keeps a statement
		     * journal, to undo itself alone; as a file it cost a
		     * bulk import 0.2 s of system time */
		    "PRAGMA temp_store = MEMORY", diag);
}

/* The schema brought up to date, and the NPC table to the registry,
 * unless the file is read-only: then it must be up to date already. */
static int bring_up(struct pd_sqlite *s, int ro, long v,
		    const struct pd_registry *reg, struct pd_diag *diag)
{
	int ret;

	if (ro && v < (long)pd_nmigrations)
		return pd_diag_set(diag, PD_ESTORE, s->path, 0, "schema "
				   "version %ld is older than this podium's "
				   "(%zu), and the file cannot be written to "
				   "bring it up to date: open it once where "
				   "it can be", v, pd_nmigrations);
	if ((ret = migrate(s, diag)) < 0)
		return ret;
	return reg && !ro ? pd_db_npcs_sync(&s->base, reg, diag) : 0;
}

int pd_sqlite_open(struct pd_store **out, const char *path,
		   const struct pd_registry *reg, int read,
		   struct pd_diag *diag)
{
	struct pd_sqlite *s;
	struct stat st;
	int ret, rc, exists = stat(path, &st) == 0, ro;
	long v = 0;

	*out = NULL;
	/* No memory statistics: they take a global mutex on every
	 * allocation, a few per cent of a bulk import.  Fails harmlessly
	 * once SQLite is initialised (a second store). */
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	if (read && !exists)
		return pd_diag_set(diag, PD_ESTORE, path, 0, "no podium store "
				   "here: 'podium init' makes one");
	ro = !can_write(path, exists);
	if (ro && !read)
		return pd_diag_set(diag, PD_ESTORE, path, 0, "the database "
				   "cannot be written (its file, folder or "
				   "mount is read-only): a write needs it "
				   "writable; reads work as they are");
	if (!(s = calloc(1, sizeof(*s))))
		return PD_ENOMEM;
	s->base.ops = &sqlite_ops;
	s->base.drv = &pd_sqlite_driver;
	s->path = path;
	s->base.where = path;
	s->cache_kib = 16384;	/* the cache_size in settings() */
	/* NOMUTEX: a connection is only ever used by one thread */
	rc = ro ? open_readonly(s, path) : sqlite3_open_v2(path, &s->db,
			SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_READWRITE |
			SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK) {
		ret = pd_sqlite_fail(s, diag, "cannot open the database");
		goto cleanup;
	}
	sqlite3_busy_timeout(s->db, 5000);
	/* WAL (settings()): readers (the server) never wait for a writer
	 * (an import) */
	if ((ret = podium_there(s, read, &v, diag)) < 0 ||
	    (ret = settings(s, ro, diag)) < 0 ||
	    (ret = bring_up(s, ro, v, reg, diag)) < 0)
		goto cleanup;
	/* the file is there now (journal_mode made it): remember which it
	 * is.  The path is stat()ed just after SQLite opened it, so this is
	 * the file SQLite holds, bar a swap in between. */
	if (stat(path, &st) == 0) {
		s->dev = st.st_dev;
		s->ino = st.st_ino;
		s->have_file = 1;
		s->have_head = read_head(s, s->head) == 0;
		opened_add(s);
	}
	*out = &s->base;
	return 0;
cleanup:
	pd_sqlite_close(&s->base);
	return ret;
}

void pd_sqlite_close(struct pd_store *store)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	size_t i;

	if (!s)
		return;
	for (i = 0; i < PD_STMT_CACHE; i++)
		sqlite3_finalize(s->cache[i].st);
	sqlite3_finalize(s->ins_st);
	/* the file was written over under this process: the last
	 * connection's close would checkpoint the write-ahead log -- pages
	 * of the old file -- into the new one */
	if (s->have_file && s->db && opened_replaced(s, 0))
		sqlite3_db_config(s->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1,
				  NULL);
	sqlite3_close(s->db);
	if (s->have_file && opened_drop(s))
		log_aside(s->path);
	free(s);
}

/* The write-ahead log of a file replaced under this process, moved
 * aside once its last connection is closed: left there, the next open
 * would apply its pages (the old file's) to the new file.  Kept, not
 * removed: it holds the writes made since the file was replaced's last
 * checkpoint, which the operator may want. */
static void log_aside(const char *path)
{
	char wal[4096], aside[4096 + 16], shm[4096];

	snprintf(wal, sizeof(wal), "%s-wal", path);
	snprintf(aside, sizeof(aside), "%s-wal.replaced", path);
	snprintf(shm, sizeof(shm), "%s-shm", path);
	if (rename(wal, aside) == 0)
		unlink(shm);
}

/* The file's first 100 bytes (its header), through SQLite's own file
 * handle: opening and closing the file here would drop the POSIX locks
 * SQLite holds on it.  0, or -1 when the handle cannot be had (a short
 * read leaves zeros: a file cut short reads as a header that changed). */
static int read_head(struct pd_sqlite *s, unsigned char *head)
{
	sqlite3_file *f = NULL;
	int rc;

	memset(head, 0, 100);
	if (sqlite3_file_control(s->db, "main", SQLITE_FCNTL_FILE_POINTER,
				 &f) != SQLITE_OK || !f || !f->pMethods)
		return -1;
	rc = f->pMethods->xRead(f, head, 100, 0);
	return rc == SQLITE_OK || rc == SQLITE_IOERR_SHORT_READ ? 0 : -1;
}

/* The header's application id (offset 68, big-endian): podium's commit
 * stamp (stamp()). */
static unsigned long stamp_of(const unsigned char *h)
{
	return (unsigned long)h[68] << 24 | (unsigned long)h[69] << 16 |
	       (unsigned long)h[70] << 8 | h[71];
}

/* Count this commit in page 1's application id, which no other field of
 * podium's uses: one more than the last commit's, so that the file's
 * header says how far it was checkpointed (pd_sqlite_here).  SQLite's own
 * change counter would not do: a connection whose cache of page 1 stays
 * warm writes the same counter commit after commit (a checkpoint of the
 * server's own writes then read as the file written over). */
static int stamp(struct pd_sqlite *s, struct pd_diag *diag)
{
	static const char sql[] = "PRAGMA application_id";
	sqlite3_stmt *st;
	char set[64];
	long id = 0;
	int ret, rc;

	if ((ret = pd_sqlite_cached(s, &st, sql, diag)) < 0)
		return ret;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		id = (long)sqlite3_column_int64(st, 0);
		rc = sqlite3_step(st);
	}
	if ((ret = pd_sqlite_cached_end(s, st, 0, rc, "read the commit "
					"stamp", diag)) < 0)
		return ret;
	snprintf(set, sizeof(set), "PRAGMA application_id = %ld",
		 id > 0 && id < 0x7fffffff ? id + 1 : 1);
	return exec(s, set, diag);
}

/* A file removed (rm podium.db*) or replaced (a restore copied over it)
 * while the process runs: SQLite goes on writing to the inode it holds,
 * every write is acknowledged, and all are lost at the next start. */
int pd_sqlite_here(struct pd_store *store, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct stat st;

	if (!s->have_file)
		return 0;
	if (stat(s->path, &st) != 0)
		return pd_diag_set(diag, PD_ESTALE, s->path, 0, "the database "
				   "file was removed after it was opened: "
				   "writes are refused, since they would be "
				   "lost; restart to open it again");
	if (st.st_dev != s->dev || st.st_ino != s->ino) {
		return pd_diag_set(diag, PD_ESTALE, s->path, 0, "the database "
				   "file was replaced after it was opened: "
				   "writes are refused, since they would go to "
				   "the old one; restart to open the new one");
	}
	return here_in_place(s, diag);
}

/* The same file, written over in place (cat backup.db > podium.db, and
 * cp, which does the same): SQLite cannot see it, goes on reading the
 * new pages with the log's old ones over them, acknowledges writes, and
 * checkpoints its log into the new file at the end -- a broken index
 * and three acknowledged writes damaged when it was tried (issue 27).
 *
 * SQLite itself writes the file only in a checkpoint, which copies pages
 * from the log, page 1 with them; and every commit of podium's counts
 * itself in page 1 (stamp()).  So the file's stamp never goes down while
 * it is podium's: a header whose stamp went down, or that is no SQLite
 * header (a file cut short, mid-copy), is a file written over.  It is
 * refused for good (every connection of the process on that file, until
 * a restart), and nothing is checkpointed into it (pd_sqlite_close).  A
 * copy whose stamp is the file's has every page of podium's commits the
 * file had, and is let be; so is a header other writers changed. */
static int here_in_place(struct pd_sqlite *s, struct pd_diag *diag)
{
	static const char magic[] = "SQLite format 3";
	unsigned char now[100];

	if (!opened_replaced(s, 0)) {
		if (!s->have_head || read_head(s, now) < 0 ||
		    !memcmp(now, s->head, sizeof(now)))
			return 0;
		if (!memcmp(now, magic, sizeof(magic)) &&
		    stamp_of(now) >= stamp_of(s->head)) {
			memcpy(s->head, now, sizeof(now));
			return 0;
		}
		opened_replaced(s, 1);
	}
	return pd_diag_set(diag, PD_ESTALE, s->path, 0, "the database file "
			   "was replaced after it was opened (written over "
			   "in place, as a restore with cp or cat does): "
			   "writes are refused, and nothing more is written "
			   "to it; stop the server (its write-ahead log, the "
			   "old file's, is then moved aside to %s-wal."
			   "replaced) and start it again", s->path);
}

/* The page cache: a negative cache_size is in KiB.  Pages beyond it are
 * given back as SQLite needs room (not at once).  During a bulk
 * transaction it is kept for the transaction's end (bulk_end). */
static int cache_size(struct pd_sqlite *s, long kib, struct pd_diag *diag)
{
	char sql[64];

	snprintf(sql, sizeof(sql), "PRAGMA cache_size = -%ld", kib);
	return exec(s, sql, diag);
}

int pd_sqlite_cache_limit(struct pd_store *store, long kib,
			  struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);

	s->cache_kib = kib;
	return s->base.bulk ? 0 : cache_size(s, kib, diag);
}

int pd_sqlite_begin(struct pd_store *store, struct pd_diag *diag)
{
	return exec(pd_sqlite_of(store), "BEGIN IMMEDIATE", diag);
}

/* The page cache a bulk transaction holds: every page it writes stays
 * in memory until its commit.  With the 16 MiB of the store's default,
 * athlete_events.csv's 32 MB store spilled its pages to the WAL as it was
 * written, wrote them there again at the commit, and the foreign-key check
 * before it read back from the WAL 170,000 times: 32 MiB, -10% CPU for the
 * import, for 9 MB more at its peak. */
#define BULK_CACHE_KIB 32768L

/* After a bulk transaction's end: foreign keys on again, the page cache
 * as it was asked for. */
static void bulk_end(struct pd_sqlite *s)
{
	if (s->base.bulk) {
		sqlite3_exec(s->db, "PRAGMA foreign_keys = ON", NULL, NULL,
			     NULL);
		/* also one asked for during it (pd_sqlite_cache_limit) */
		cache_size(s, s->cache_kib, NULL);
	}
	s->base.bulk = 0;
}

/* Foreign keys are checked as each row is written, a probe of the parent
 * table for every reference: of an athlete_events.csv import (190,000
 * results, each probing a random page of 135,000 athletes) that was a
 * third of the CPU time.  A bulk transaction turns them off (the pragma
 * is a no-op inside a transaction, so before BEGIN) and checks the whole
 * store before its commit (sqlite_fk.c). */
int pd_sqlite_begin_bulk(struct pd_store *store, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	int ret;

	if ((ret = exec(s, "PRAGMA foreign_keys = OFF", diag)) < 0)
		return ret;
	s->base.bulk = 1;
	if (s->cache_kib < BULK_CACHE_KIB)
		cache_size(s, BULK_CACHE_KIB, NULL);
	if ((ret = exec(s, "BEGIN IMMEDIATE", diag)) < 0)
		bulk_end(s);
	return ret;
}

int pd_sqlite_begin_read(struct pd_store *store, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	int ret;

	/* a deferred BEGIN takes its snapshot at the first read: read now */
	if ((ret = exec(s, "BEGIN DEFERRED", diag)) == 0 &&
	    (ret = exec(s, "SELECT count(*) FROM games", diag)) < 0)
		pd_sqlite_rollback(store);
	return ret;
}

static int data_version(struct pd_sqlite *s, long *v, struct pd_diag *diag)
{
	static const char sql[] = "PRAGMA data_version";
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, sql, diag)) < 0)
		return ret;
	if (sqlite3_step(st) == SQLITE_ROW)
		*v = (long)sqlite3_column_int64(st, 0);
	else
		ret = pd_sqlite_fail(s, diag, "read the data version");
	sqlite3_reset(st);
	return ret;
}

/* Another connection's commit shows in PRAGMA data_version, which moves
 * only then; SQLite has no signal that crosses processes, so it is read
 * every 10 ms (a few microseconds each: the page cache is not read). */
int pd_sqlite_wait_change(struct pd_store *store, int timeout_ms,
			  struct pd_diag *diag)
{
	const struct timespec step = { 0, 10 * 1000000L };
	struct pd_sqlite *s = pd_sqlite_of(store);
	int waited = 0, ret;
	long v;

	if ((ret = data_version(s, &v, diag)) < 0)
		return ret;
	if (!s->listening) {
		s->listening = 1;
		s->data_version = v;
		return 0;
	}
	while (v == s->data_version && waited < timeout_ms) {
		nanosleep(&step, NULL);
		waited += 10;
		if ((ret = data_version(s, &v, diag)) < 0)
			return ret;
	}
	if (v == s->data_version)
		return 0;
	s->data_version = v;
	return 1;
}

int pd_sqlite_commit(struct pd_store *store, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	int ret = 0;

	if (s->base.bulk)
		ret = pd_sqlite_fk_check(s, diag);
	/* counted in page 1, which a checkpoint brings to the file: a
	 * file written over is told by it (pd_sqlite_here) */
	if (ret == 0)
		ret = stamp(s, diag);
	if (ret == 0)
		ret = exec(s, "COMMIT", diag);
	if (ret < 0)
		pd_sqlite_rollback(store);
	bulk_end(s);
	return ret;
}

void pd_sqlite_rollback(struct pd_store *store)
{
	struct pd_sqlite *s = pd_sqlite_of(store);

	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	bulk_end(s);
}
