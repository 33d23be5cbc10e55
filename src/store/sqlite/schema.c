/* schema.c -- the store's SQL schema, as an ordered list of migrations.
 *
 * Migration i takes a database from PRAGMA user_version i to i + 1.  A
 * migration is never edited once released: a change is a new entry. */
#include <stddef.h>

#include "../sql.h"

#include "schema.h"

const char *const pd_migrations[] = {
	/* 1: games, NPCs, sports, events, athletes, teams, results with
	 * their history, sanctions, the audit log, published tables */
	"CREATE TABLE meta (\n"
	"  key TEXT PRIMARY KEY,\n"
	"  value TEXT NOT NULL\n"
	");\n"
	"CREATE TABLE games (\n"
	"  code TEXT PRIMARY KEY,\n"
	"  year INTEGER NOT NULL DEFAULT 0,\n"
	"  season TEXT NOT NULL DEFAULT '',\n"
	"  host TEXT NOT NULL DEFAULT '',\n"
	"  name_en TEXT NOT NULL,\n"
	"  name_zh TEXT NOT NULL DEFAULT '',\n"
	"  start_date TEXT NOT NULL DEFAULT '',\n"
	"  end_date TEXT NOT NULL DEFAULT '',\n"
	"  kind TEXT NOT NULL DEFAULT '',\n"
	"  version INTEGER NOT NULL DEFAULT 0\n"
	");\n"
	"CREATE TABLE npcs (\n"
	"  code TEXT PRIMARY KEY,\n"
	"  status TEXT NOT NULL,\n"
	"  name_en TEXT NOT NULL,\n"
	"  name_zh TEXT NOT NULL DEFAULT ''\n"
	");\n"
	"CREATE TABLE sports (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  name TEXT NOT NULL UNIQUE,\n"
	"  policy TEXT NOT NULL DEFAULT 'standard'\n"
	");\n"
	/* status and policy here are the current ones; status history is
	 * in event_status so that a past table can be rebuilt */
	"CREATE TABLE events (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,\n"
	"  sport_id INTEGER NOT NULL REFERENCES sports(id),\n"
	"  name TEXT NOT NULL,\n"
	"  gender TEXT NOT NULL DEFAULT '',\n"
	"  sport_class TEXT NOT NULL DEFAULT '',\n"
	"  team INTEGER NOT NULL DEFAULT 0,\n"
	"  date TEXT NOT NULL DEFAULT '',\n"
	"  status TEXT NOT NULL DEFAULT 'official',\n"
	"  policy TEXT,\n"
	"  UNIQUE (games, sport_id, name, gender)\n"
	");\n"
	"CREATE TABLE event_status (\n"
	"  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,\n"
	"  status TEXT NOT NULL,\n"
	"  since INTEGER NOT NULL,\n"
	"  until INTEGER\n"
	");\n"
	"CREATE INDEX event_status_by_event ON event_status (event_id);\n"
	"CREATE TABLE athletes (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  ext TEXT UNIQUE,\n"
	"  name TEXT NOT NULL,\n"
	"  gender TEXT NOT NULL DEFAULT '',\n"
	"  npc TEXT NOT NULL REFERENCES npcs(code),\n"
	"  sport_class TEXT NOT NULL DEFAULT '',\n"
	"  guide TEXT NOT NULL DEFAULT ''\n"
	");\n"
	/* only athletes known by name: an import with outside ids (ext)
	 * does not pay for it */
	"CREATE INDEX athletes_by_name ON athletes (name, npc)\n"
	"  WHERE ext IS NULL;\n"
	"CREATE TABLE teams (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,\n"
	"  npc TEXT NOT NULL REFERENCES npcs(code),\n"
	"  name TEXT NOT NULL\n"
	");\n"
	"CREATE INDEX teams_by_event ON teams (event_id, npc, name);\n"
	"CREATE TABLE team_members (\n"
	"  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,\n"
	"  athlete_id INTEGER NOT NULL REFERENCES athletes(id),\n"
	"  PRIMARY KEY (team_id, athlete_id)\n"
	");\n"
	/* A result row is never updated in place: a change closes it
	 * (until = the new version) and adds its successor (since = that
	 * version), so every past state can be read back. */
	"CREATE TABLE results (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,\n"
	"  npc TEXT NOT NULL REFERENCES npcs(code),\n"
	"  name TEXT NOT NULL DEFAULT '',\n"
	"  athlete_id INTEGER REFERENCES athletes(id),\n"
	"  team_id INTEGER REFERENCES teams(id),\n"
	"  rank INTEGER NOT NULL DEFAULT 0 CHECK (rank >= 0),\n"
	"  mark TEXT NOT NULL DEFAULT '',\n"
	"  mark_value REAL,\n"
	"  irm TEXT NOT NULL DEFAULT '',\n"
	"  records TEXT NOT NULL DEFAULT '',\n"
	"  date TEXT NOT NULL DEFAULT '',\n"
	"  source TEXT NOT NULL DEFAULT '',\n"
	"  since INTEGER NOT NULL,\n"
	"  until INTEGER\n"
	");\n"
	PD_SQL_RESULTS_INDEXES
	"CREATE TABLE sanctions (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,\n"
	"  athlete_id INTEGER NOT NULL REFERENCES athletes(id),\n"
	"  mode TEXT NOT NULL CHECK (mode IN ('reallocate', 'vacate')),\n"
	"  reason TEXT NOT NULL,\n"
	"  since INTEGER NOT NULL,\n"
	"  until INTEGER\n"
	");\n"
	"CREATE TABLE sanction_events (\n"
	"  sanction_id INTEGER NOT NULL REFERENCES sanctions(id)\n"
	"    ON DELETE CASCADE,\n"
	"  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,\n"
	"  PRIMARY KEY (sanction_id, event_id)\n"
	");\n"
	"CREATE INDEX sanction_events_by_event ON sanction_events (event_id);\n"
	"CREATE TABLE audit (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,\n"
	"  version INTEGER NOT NULL,\n"
	"  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),\n"
	"  actor TEXT NOT NULL,\n"
	"  command TEXT NOT NULL,\n"
	"  reason TEXT NOT NULL DEFAULT ''\n"
	");\n"
	"CREATE INDEX audit_by_games ON audit (games, version);\n"
	"CREATE TABLE published (\n"
	"  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,\n"
	"  source TEXT NOT NULL,\n"
	"  caption TEXT,\n"
	"  header TEXT,\n"
	"  lang TEXT NOT NULL,\n"
	"  file TEXT NOT NULL DEFAULT '',\n"
	"  has_totals INTEGER NOT NULL DEFAULT 0,\n"
	"  totals_line INTEGER NOT NULL DEFAULT 0,\n"
	"  tot_gold INTEGER, tot_silver INTEGER, tot_bronze INTEGER,\n"
	"  tot_total INTEGER,\n"
	"  imported_at TEXT NOT NULL DEFAULT (datetime('now')),\n"
	"  PRIMARY KEY (games, source)\n"
	");\n"
	"CREATE TABLE published_rows (\n"
	"  games TEXT NOT NULL,\n"
	"  source TEXT NOT NULL,\n"
	"  pos INTEGER NOT NULL,\n"
	"  line INTEGER NOT NULL DEFAULT 0,\n"
	"  rank INTEGER,\n"
	"  name TEXT NOT NULL,\n"
	"  npc TEXT NOT NULL REFERENCES npcs(code),\n"
	"  gold INTEGER NOT NULL CHECK (gold >= 0),\n"
	"  silver INTEGER NOT NULL CHECK (silver >= 0),\n"
	"  bronze INTEGER NOT NULL CHECK (bronze >= 0),\n"
	"  total INTEGER,\n"
	"  PRIMARY KEY (games, source, pos),\n"
	"  FOREIGN KEY (games, source) REFERENCES published (games, source)\n"
	"    ON DELETE CASCADE\n"
	");\n",
	/* 2: the write API's bearer tokens: only a hash of each is kept,
	 * and a revoked token's row stays so its name is never reused */
	"CREATE TABLE tokens (\n"
	"  name TEXT PRIMARY KEY,\n"
	"  role TEXT NOT NULL CHECK (role IN ('operator', 'admin')),\n"
	"  hash BLOB NOT NULL UNIQUE,\n"
	"  created TEXT NOT NULL\n"
	"    DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),\n"
	"  revoked TEXT\n"
	");\n",
	/* 3: records by event and sport class, each kept: a better mark
	 * adds a record that replaces the one in force */
	"CREATE TABLE records (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  kind TEXT NOT NULL,\n"
	"  sport TEXT NOT NULL,\n"
	"  event TEXT NOT NULL,\n"
	"  gender TEXT NOT NULL DEFAULT '',\n"
	"  sport_class TEXT NOT NULL DEFAULT '',\n"
	"  mark TEXT NOT NULL,\n"
	"  value REAL NOT NULL,\n"
	"  lower_better INTEGER NOT NULL DEFAULT 1,\n"
	"  holder TEXT NOT NULL,\n"
	"  npc TEXT NOT NULL REFERENCES npcs(code),\n"
	"  date TEXT NOT NULL DEFAULT '',\n"
	"  games TEXT NOT NULL DEFAULT '',\n"
	"  replaced_by INTEGER REFERENCES records(id)\n"
	");\n"
	"CREATE INDEX records_by_key ON records (sport, event, gender,\n"
	"  sport_class, kind);\n",
	/* 4: the figures a Games' sources state, each with its source
	 * (store_report.h); a replaced fact is closed (until), never deleted */
	"CREATE TABLE facts (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,\n"
	"  key TEXT NOT NULL,\n"
	"  value TEXT NOT NULL,\n"
	"  unit TEXT NOT NULL DEFAULT '',\n"
	"  qualifier TEXT NOT NULL DEFAULT '',\n"
	"  source TEXT NOT NULL,\n"
	"  cite TEXT NOT NULL DEFAULT '',\n"
	"  quote TEXT NOT NULL DEFAULT '',\n"
	"  since INTEGER NOT NULL,\n"
	"  until INTEGER\n"
	");\n"
	"CREATE INDEX facts_by_games ON facts (games, key);\n",
	/* 5: elections (store_report.h): the electorate says who may vote and
	 * whether they have, the ballots what was voted, and nothing joins
	 * the two: no voter, time or version on a ballot, whose key is a
	 * random id, so the ballots are kept in an order unrelated to the
	 * voting */
	"CREATE TABLE elections (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,\n"
	"  name TEXT NOT NULL,\n"
	"  seats INTEGER NOT NULL,\n"
	"  max_choices INTEGER NOT NULL,\n"
	"  sport_cap INTEGER NOT NULL DEFAULT 0,\n"
	"  status TEXT NOT NULL DEFAULT 'open'\n"
	"    CHECK (status IN ('open', 'closed', 'published')),\n"
	"  votes INTEGER NOT NULL DEFAULT -1,\n"
	"  turnout TEXT NOT NULL DEFAULT '',\n"
	"  source TEXT NOT NULL DEFAULT '',\n"
	"  cite TEXT NOT NULL DEFAULT '',\n"
	"  since INTEGER NOT NULL,\n"
	"  UNIQUE (games, name)\n"
	");\n"
	"CREATE TABLE candidates (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  election_id INTEGER NOT NULL REFERENCES elections(id)\n"
	"    ON DELETE CASCADE,\n"
	"  athlete_id INTEGER REFERENCES athletes(id),\n"
	"  name TEXT NOT NULL,\n"
	"  name_zh TEXT NOT NULL DEFAULT '',\n"
	"  npc TEXT NOT NULL REFERENCES npcs(code),\n"
	"  sport TEXT NOT NULL DEFAULT '',\n"
	"  elected INTEGER NOT NULL DEFAULT 0\n"
	");\n"
	"CREATE TABLE electorate (\n"
	"  election_id INTEGER NOT NULL REFERENCES elections(id)\n"
	"    ON DELETE CASCADE,\n"
	"  athlete_id INTEGER NOT NULL REFERENCES athletes(id),\n"
	"  voted INTEGER NOT NULL DEFAULT 0,\n"
	"  PRIMARY KEY (election_id, athlete_id)\n"
	") WITHOUT ROWID;\n"
	"CREATE TABLE ballots (\n"
	"  election_id INTEGER NOT NULL REFERENCES elections(id)\n"
	"    ON DELETE CASCADE,\n"
	"  id TEXT NOT NULL,\n"
	"  choices TEXT NOT NULL,\n"
	"  PRIMARY KEY (election_id, id)\n"
	") WITHOUT ROWID;\n",
	/* 6: head-to-head matches of an event (store_report.h, match.h); -1 is
	 * a score not known; a replaced match is closed (until) */
	"CREATE TABLE matches (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,\n"
	"  phase TEXT NOT NULL,\n"
	"  pool TEXT NOT NULL DEFAULT '',\n"
	"  home TEXT NOT NULL REFERENCES npcs(code),\n"
	"  away TEXT NOT NULL DEFAULT '',\n"
	"  home_score INTEGER NOT NULL DEFAULT -1,\n"
	"  away_score INTEGER NOT NULL DEFAULT -1,\n"
	"  extra_time INTEGER NOT NULL DEFAULT 0,\n"
	"  home_pens INTEGER NOT NULL DEFAULT -1,\n"
	"  away_pens INTEGER NOT NULL DEFAULT -1,\n"
	"  walkover TEXT NOT NULL DEFAULT '',\n"
	"  outcome TEXT NOT NULL DEFAULT '',\n"
	"  source TEXT NOT NULL DEFAULT '',\n"
	"  cite TEXT NOT NULL DEFAULT '',\n"
	"  since INTEGER NOT NULL,\n"
	"  until INTEGER\n"
	");\n"
	"CREATE INDEX matches_by_event ON matches (event_id);\n",
	/* 7: anti-doping cases (store_report.h, doping.h): the finding, what
	 * became of the athlete, the sanction it led to */
	"CREATE TABLE doping_cases (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,\n"
	"  athlete_id INTEGER NOT NULL REFERENCES athletes(id),\n"
	"  finding TEXT NOT NULL,\n"
	"  date TEXT NOT NULL DEFAULT '',\n"
	"  outcome TEXT NOT NULL DEFAULT ''\n"
	"    CHECK (outcome IN ('', 'disqualified', 'continued')),\n"
	"  sanction_id INTEGER REFERENCES sanctions(id),\n"
	"  source TEXT NOT NULL DEFAULT '',\n"
	"  cite TEXT NOT NULL DEFAULT '',\n"
	"  since INTEGER NOT NULL\n"
	");\n",
	/* 8: the operator's desk: an event's ranks from its marks, and what
	 * each change changed */
	"ALTER TABLE events ADD COLUMN rank_order TEXT NOT NULL DEFAULT '';\n"
	"ALTER TABLE audit ADD COLUMN changes TEXT NOT NULL DEFAULT '';\n"
	/* a Games removed takes its audit entries with it: its removal
	 * is kept here */
	"CREATE TABLE games_removed (\n"
	"  code TEXT NOT NULL,\n"
	"  version INTEGER NOT NULL,\n"
	"  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),\n"
	"  actor TEXT NOT NULL,\n"
	"  command TEXT NOT NULL,\n"
	"  reason TEXT NOT NULL DEFAULT ''\n"
	");\n",
	/* 9: the results that can decide a medal, read by rank (sql.c) */
	pd_sql_migrate_medal_zone,
	/* 10: the start lists (event.h): an athlete entered in an event,
	 * with or before a result; who took part counts them */
	"CREATE TABLE entries (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,\n"
	"  athlete_id INTEGER NOT NULL REFERENCES athletes(id),\n"
	"  source TEXT NOT NULL DEFAULT '',\n"
	"  since INTEGER NOT NULL,\n"
	"  UNIQUE (event_id, athlete_id)\n"
	");\n",
	/* 11: the events each change touched, so that the server derives
	 * again only those (store.c writes it; 0: every event) */
	"CREATE TABLE audit_events (\n"
	"  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,\n"
	"  version INTEGER NOT NULL,\n"
	"  event_id INTEGER NOT NULL,\n"
	"  PRIMARY KEY (games, version, event_id)\n"
	");\n",
	/* 12: team_members keyed by its primary key alone (WITHOUT ROWID):
	 * a member was a row and an entry of the key's index, two B-trees
	 * written and 764 pages for athlete_events.csv's 103,000 members;
	 * now one (PostgreSQL has no rowid: nothing to do there) */
	"CREATE TABLE team_members_new (\n"
	"  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,\n"
	"  athlete_id INTEGER NOT NULL REFERENCES athletes(id),\n"
	"  PRIMARY KEY (team_id, athlete_id)\n"
	") WITHOUT ROWID;\n"
	"INSERT INTO team_members_new (team_id, athlete_id)\n"
	"  SELECT team_id, athlete_id FROM team_members;\n"
	"DROP TABLE team_members;\n"
	"ALTER TABLE team_members_new RENAME TO team_members;\n",
	/* 13: the record in force of a key and kind, found at once: a new
	 * record replaces it (record.h), and through records_by_key that
	 * read every record of the key, quadratic in a key's history
	 * (bench/: issue 27's figures) */
	"CREATE INDEX records_in_force ON records (sport, event, gender,\n"
	"  sport_class, kind) WHERE replaced_by IS NULL;\n",
	/* 14: an open election's ballots sealed to its public key (seal) and
	 * kept apart until close (store_report.h): a box carries no id, and
	 * its rowid and place say only when some box was cast */
	"ALTER TABLE elections ADD COLUMN seal TEXT NOT NULL DEFAULT '';\n"
	"CREATE TABLE sealed_ballots (\n"
	"  election_id INTEGER NOT NULL REFERENCES elections(id)\n"
	"    ON DELETE CASCADE,\n"
	"  box TEXT NOT NULL\n"
	");\n"
	"CREATE INDEX sealed_by_election ON sealed_ballots (election_id);\n",
	/* 15: an athlete or a team found by its name's matching key
	 * (pd_name_normalise(), the SQL function podium_name_key that
	 * sqlite.c gives each connection): "Zhang Lixin", "ZHANG  Lixin "
	 * and its NFD or full-width spelling are one competitor */
	"ALTER TABLE athletes ADD COLUMN name_key TEXT;\n"
	"UPDATE athletes SET name_key = podium_name_key(name)\n"
	"  WHERE ext IS NULL;\n"
	"CREATE INDEX athletes_by_key ON athletes (name_key, npc)\n"
	"  WHERE ext IS NULL;\n"
	"ALTER TABLE teams ADD COLUMN name_key TEXT;\n"
	"UPDATE teams SET name_key = podium_name_key(name);\n"
	"CREATE INDEX teams_by_key ON teams (event_id, npc, name_key);\n",
};

const size_t pd_nmigrations = sizeof(pd_migrations) / sizeof(*pd_migrations);
