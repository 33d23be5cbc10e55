/* schema.h -- the store's SQL schema, as an ordered list of migrations a
 * backend: a SQL file each in data/schema/sqlite/ and data/schema/postgres/,
 * carried in the binary (the Makefile embeds them with tools/embed.c).
 *
 * Migration i takes a database from version i to i + 1 (SQLite's PRAGMA
 * user_version, PostgreSQL's podium_schema.version).  A released
 * migration is never edited: a change is a new file.
 *
 * PostgreSQL's are the same tables, columns, keys and indexes as SQLite's,
 * migration for migration, in PostgreSQL's types: BIGINT for INTEGER (ids
 * and versions outgrow 32 bits in a long Games' history), identity
 * columns for rowids, DOUBLE PRECISION for REAL, BYTEA for BLOB,
 * to_char(now()) for strftime(), and the "C" collation on every text
 * column, so that ORDER BY gives SQLite's byte order whatever the
 * cluster's locale (the golden outputs are byte for byte the same on
 * both).  SQLite's 12 (team_members WITHOUT ROWID) has no PostgreSQL
 * counterpart, so the numbers part from there. */
#ifndef PODIUM_STORE_SCHEMA_H
#define PODIUM_STORE_SCHEMA_H

#include <stddef.h>

extern const char *const pd_migrations[];	/* SQLite's */
extern const size_t pd_nmigrations;
extern const char *const pd_pg_migrations[];	/* PostgreSQL's */
extern const size_t pd_pg_nmigrations;

#endif
