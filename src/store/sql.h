/* sql.h -- the SQL text both store backends send (sql.c): PostgreSQL's
 * $N parameters, which the SQLite backend turns into ?N as it prepares. */
#ifndef PODIUM_STORE_SQL_H
#define PODIUM_STORE_SQL_H

extern const char pd_sql_derive_events[];
extern const char pd_sql_derive_results[];
extern const char pd_sql_derive_results_plain[];
extern const char pd_sql_derive_any_sanction[];
extern const char pd_sql_derive_starters[];
extern const char pd_sql_derive_event_one[];
extern const char pd_sql_derive_results_one[];
extern const char pd_sql_derive_results_plain_one[];
extern const char pd_sql_derive_touch[];
extern const char pd_sql_derive_touched[];
extern const char pd_sql_derive_removed[];

extern const char pd_sql_results_add_medal[];

extern const char pd_sql_stats_results[];
extern const char pd_sql_stats_athletes[];
extern const char pd_sql_stats_sports[];
extern const char pd_sql_stats_records[];
extern const char pd_sql_stats_sanctions[];
extern const char pd_sql_stats_members[];
extern const char pd_sql_stats_athletes_all[];
extern const char pd_sql_stats_entries[];
extern const char pd_sql_stats_participants[];
extern const char pd_sql_stats_first_games[];
/* by enum pd_figure (backend.h) */
extern const char *const pd_sql_figures[];

/* "SELECT select FROM table ORDER BY 1, 2, ... n" into sql: a table's
 * every row in one order, whatever the store (pd_store_table_rows).  0 or
 * pd_buf_addf()'s error. */
struct pd_buf;
int pd_sql_table_rows(struct pd_buf *sql, const char *select,
		      const char *table, int n);

/* a group's write, by PD_SAVEPOINT_* (backend.h) */
extern const char *const pd_sql_savepoint[];

#endif
