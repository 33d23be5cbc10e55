/* pg_tables.c -- whole tables as text, for a copy between stores
 * (podium migrate): as the SQLite backend gives them (sqlite_tables.c),
 * the columns in the schema's order, every row in the order of all its
 * columns, a bytea as hexadecimal; a copied id keeps its value, and
 * pg_table_done moves each identity sequence past the largest one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/buf.h"
#include "../sql.h"
#include "pg_int.h"

/* The columns of table: names joined by ',' into *names, and the select
 * list (bytea through encode) into *select. */
static int columns(struct pd_pg *pg, const char *table, struct pd_buf *names,
		   struct pd_buf *select, unsigned long long *bytea, int *n,
		   struct pd_diag *diag)
{
	static const char sql[] = "SELECT column_name, data_type FROM "
		"information_schema.columns WHERE table_schema = "
		"current_schema() AND table_name = $1 ORDER BY "
		"ordinal_position";
	struct pd_pg_params p;
	PGresult *res;
	int ret, r;

	*bytea = 0;
	pd_pg_params_init(&p);
	pd_pg_text(&p, table);
	if ((ret = pd_pg_query(pg, sql, &p, &res, "read a table's columns",
			       diag)) < 0)
		return ret;
	*n = PQntuples(res);
	for (r = 0; r < *n && ret == 0; r++) {
		const char *c = PQgetvalue(res, r, 0);
		int is_bytea = !strcmp(PQgetvalue(res, r, 1), "bytea");

		if (is_bytea && r < 64)
			*bytea |= 1ULL << r;
		if ((ret = pd_buf_addf(names, "%s%s", r ? "," : "", c)) == 0 &&
		    select)
			ret = pd_buf_addf(select, is_bytea ? "%sencode(%s, "
					  "'hex')" : "%s%s", r ? ", " : "", c);
	}
	PQclear(res);
	if (ret == 0 && *n == 0)
		ret = pd_diag_set(diag, PD_ESTORE, pg->where, 0, "no table %s",
				  table);
	return ret;
}

int pg_table_rows(struct pd_store *s, const char *table, char **cols,
		  pd_store_row_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	struct pd_buf names = PD_BUF_INIT, select = PD_BUF_INIT;
	struct pd_buf sql = PD_BUF_INIT;
	unsigned long long bytea;
	const char **col = NULL;
	PGresult *res = NULL;
	int ret, n, r, i;

	if ((ret = columns(pg, table, &names, &select, &bytea, &n, diag)) < 0 ||
	    (ret = pd_sql_table_rows(&sql, select.data, table, n)) < 0)
		goto cleanup;
	res = PQexec(pg->conn, sql.data);
	if (PQresultStatus(res) != PGRES_TUPLES_OK) {
		ret = pd_pg_fail(pg, res, "read a table", diag);
		goto cleanup;
	}
	if (!(col = calloc((size_t)n, sizeof(*col))) ||
	    (cols && !(*cols = strdup(names.data)))) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (r = 0; r < PQntuples(res) && ret == 0; r++) {
		for (i = 0; i < n; i++)
			col[i] = PQgetisnull(res, r, i) ? NULL :
				 PQgetvalue(res, r, i);
		ret = fn(col, n, arg);
	}
cleanup:
	PQclear(res);
	free(col);
	pd_buf_release(&names);
	pd_buf_release(&select);
	pd_buf_release(&sql);
	return ret;
}

/* The prepared insert of the table a copy was filling goes: a name
 * prepared twice on one connection is an error. */
static void forget_insert(struct pd_pg *pg)
{
	char sql[64];

	if (pg->ins_table[0] && PQstatus(pg->conn) == CONNECTION_OK) {
		snprintf(sql, sizeof(sql), "DEALLOCATE copy_%s", pg->ins_table);
		PQclear(PQexec(pg->conn, sql));
	}
	pg->ins_table[0] = '\0';
}

/* One prepared insert per table, named for it, kept while a copy fills
 * that table. */
int pg_table_insert(struct pd_store *s, const char *table, const char *cols,
		    const char *const *col, int n, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	struct pd_buf sql, names;
	unsigned long long bytea;
	PGresult *res;
	char name[48];
	int ret = 0, i, m;

	/* libpq's own calls below: nothing kept (pg_send.c) may wait */
	if ((ret = pd_pg_flush(pg, diag)) < 0)
		return ret;
	snprintf(name, sizeof(name), "copy_%s", table);
	if (strcmp(pg->ins_table, table)) {
		forget_insert(pg);
		pd_buf_init(&sql, 0);
		pd_buf_init(&names, 0);
		if ((ret = columns(pg, table, &names, NULL, &bytea, &m,
				   diag)) == 0)
			ret = pd_buf_addf(&sql, "INSERT INTO %s (%s) VALUES (",
					  table, cols);
		for (i = 0; i < n && ret == 0; i++)
			ret = pd_buf_addf(&sql, i < 64 && (bytea >> i & 1) ?
					  "%sdecode($%d, 'hex')" : "%s$%d",
					  i ? ", " : "", i + 1);
		if (ret == 0 && (ret = pd_buf_adds(&sql, ")")) == 0) {
			res = PQprepare(pg->conn, name, sql.data, n, NULL);
			if (PQresultStatus(res) != PGRES_COMMAND_OK)
				ret = pd_pg_fail(pg, res, "prepare a copy", diag);
			PQclear(res);
		}
		pd_buf_release(&sql);
		pd_buf_release(&names);
		if (ret < 0)
			return ret;
		snprintf(pg->ins_table, sizeof(pg->ins_table), "%s", table);
	}
	res = PQexecPrepared(pg->conn, name, n, col, NULL, NULL, 0);
	if (PQresultStatus(res) != PGRES_COMMAND_OK)
		ret = pd_pg_fail(pg, res, "copy a row", diag);
	PQclear(res);
	return ret;
}

/* Each identity column's sequence moves past the ids copied into it, so
 * the next row added gets a new one. */
int pg_table_done(struct pd_store *s, struct pd_diag *diag)
{
	static const char list[] = "SELECT table_name, column_name FROM "
		"information_schema.columns WHERE table_schema = "
		"current_schema() AND is_identity = 'YES'";
	struct pd_pg *pg = PG(s);
	PGresult *res;
	char sql[256];
	int ret, r;

	forget_insert(pg);
	if ((ret = pd_pg_query(pg, list, NULL, &res, "list the identity "
			       "columns", diag)) < 0)
		return ret;
	for (r = 0; r < PQntuples(res) && ret == 0; r++) {
		const char *t = PQgetvalue(res, r, 0), *c = PQgetvalue(res, r, 1);

		snprintf(sql, sizeof(sql), "SELECT setval(pg_get_serial_sequence"
			 "('%s', '%s'), coalesce(max(%s), 0) + 1, false) FROM %s",
			 t, c, c, t);
		ret = pd_pg_exec(pg, sql, diag);
	}
	PQclear(res);
	return ret;
}
