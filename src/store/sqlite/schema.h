/* schema.h -- the migrations that build the SQL schema (schema.c). */
#ifndef PODIUM_SCHEMA_H
#define PODIUM_SCHEMA_H

#include <stddef.h>

extern const char *const pd_migrations[];
extern const size_t pd_nmigrations;

#endif
