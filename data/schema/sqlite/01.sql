-- 1: games, NPCs, sports, events, athletes, teams, results with
-- their history, sanctions, the audit log, published tables
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE games (
  code TEXT PRIMARY KEY,
  year INTEGER NOT NULL DEFAULT 0,
  season TEXT NOT NULL DEFAULT '',
  host TEXT NOT NULL DEFAULT '',
  name_en TEXT NOT NULL,
  name_zh TEXT NOT NULL DEFAULT '',
  start_date TEXT NOT NULL DEFAULT '',
  end_date TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL DEFAULT '',
  version INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE npcs (
  code TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_zh TEXT NOT NULL DEFAULT ''
);
CREATE TABLE sports (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  policy TEXT NOT NULL DEFAULT 'standard'
);

-- status and policy here are the current ones; status history is
-- in event_status so that a past table can be rebuilt
CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
  sport_id INTEGER NOT NULL REFERENCES sports(id),
  name TEXT NOT NULL,
  gender TEXT NOT NULL DEFAULT '',
  sport_class TEXT NOT NULL DEFAULT '',
  team INTEGER NOT NULL DEFAULT 0,
  date TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'official',
  policy TEXT,
  UNIQUE (games, sport_id, name, gender)
);
CREATE TABLE event_status (
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  since INTEGER NOT NULL,
  until INTEGER
);
CREATE INDEX event_status_by_event ON event_status (event_id);
CREATE TABLE athletes (
  id INTEGER PRIMARY KEY,
  ext TEXT UNIQUE,
  name TEXT NOT NULL,
  gender TEXT NOT NULL DEFAULT '',
  npc TEXT NOT NULL REFERENCES npcs(code),
  sport_class TEXT NOT NULL DEFAULT '',
  guide TEXT NOT NULL DEFAULT ''
);

-- only athletes known by name: an import with outside ids (ext)
-- does not pay for it
CREATE INDEX athletes_by_name ON athletes (name, npc)
  WHERE ext IS NULL;
CREATE TABLE teams (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  npc TEXT NOT NULL REFERENCES npcs(code),
  name TEXT NOT NULL
);
CREATE INDEX teams_by_event ON teams (event_id, npc, name);
CREATE TABLE team_members (
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  athlete_id INTEGER NOT NULL REFERENCES athletes(id),
  PRIMARY KEY (team_id, athlete_id)
);

-- A result row is never updated in place: a change closes it
-- (until = the new version) and adds its successor (since = that
-- version), so every past state can be read back.
CREATE TABLE results (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  npc TEXT NOT NULL REFERENCES npcs(code),
  name TEXT NOT NULL DEFAULT '',
  athlete_id INTEGER REFERENCES athletes(id),
  team_id INTEGER REFERENCES teams(id),
  rank INTEGER NOT NULL DEFAULT 0 CHECK (rank >= 0),
  mark TEXT NOT NULL DEFAULT '',
  mark_value REAL,
  irm TEXT NOT NULL DEFAULT '',
  records TEXT NOT NULL DEFAULT '',
  date TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT '',
  since INTEGER NOT NULL,
  until INTEGER
);
CREATE INDEX results_by_event ON results (event_id);
CREATE INDEX results_ranked ON results (event_id)
  WHERE rank > 0 OR irm <> '';
CREATE INDEX results_by_athlete ON results (athlete_id);
CREATE INDEX results_by_team ON results (team_id)
  WHERE team_id IS NOT NULL;
CREATE TABLE sanctions (
  id INTEGER PRIMARY KEY,
  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
  athlete_id INTEGER NOT NULL REFERENCES athletes(id),
  mode TEXT NOT NULL CHECK (mode IN ('reallocate', 'vacate')),
  reason TEXT NOT NULL,
  since INTEGER NOT NULL,
  until INTEGER
);
CREATE TABLE sanction_events (
  sanction_id INTEGER NOT NULL REFERENCES sanctions(id)
    ON DELETE CASCADE,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  PRIMARY KEY (sanction_id, event_id)
);
CREATE INDEX sanction_events_by_event ON sanction_events (event_id);
CREATE TABLE audit (
  id INTEGER PRIMARY KEY,
  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  actor TEXT NOT NULL,
  command TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_by_games ON audit (games, version);
CREATE TABLE published (
  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
  source TEXT NOT NULL,
  caption TEXT,
  header TEXT,
  lang TEXT NOT NULL,
  file TEXT NOT NULL DEFAULT '',
  has_totals INTEGER NOT NULL DEFAULT 0,
  totals_line INTEGER NOT NULL DEFAULT 0,
  tot_gold INTEGER, tot_silver INTEGER, tot_bronze INTEGER,
  tot_total INTEGER,
  imported_at TEXT NOT NULL DEFAULT (datetime('now')),
  PRIMARY KEY (games, source)
);
CREATE TABLE published_rows (
  games TEXT NOT NULL,
  source TEXT NOT NULL,
  pos INTEGER NOT NULL,
  line INTEGER NOT NULL DEFAULT 0,
  rank INTEGER,
  name TEXT NOT NULL,
  npc TEXT NOT NULL REFERENCES npcs(code),
  gold INTEGER NOT NULL CHECK (gold >= 0),
  silver INTEGER NOT NULL CHECK (silver >= 0),
  bronze INTEGER NOT NULL CHECK (bronze >= 0),
  total INTEGER,
  PRIMARY KEY (games, source, pos),
  FOREIGN KEY (games, source) REFERENCES published (games, source)
    ON DELETE CASCADE
);
