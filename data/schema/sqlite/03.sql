-- 3: records by event and sport class, each kept: a better mark
-- adds a record that replaces the one in force
CREATE TABLE records (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  sport TEXT NOT NULL,
  event TEXT NOT NULL,
  gender TEXT NOT NULL DEFAULT '',
  sport_class TEXT NOT NULL DEFAULT '',
  mark TEXT NOT NULL,
  value REAL NOT NULL,
  lower_better INTEGER NOT NULL DEFAULT 1,
  holder TEXT NOT NULL,
  npc TEXT NOT NULL REFERENCES npcs(code),
  date TEXT NOT NULL DEFAULT '',
  games TEXT NOT NULL DEFAULT '',
  replaced_by INTEGER REFERENCES records(id)
);
CREATE INDEX records_by_key ON records (sport, event, gender,
  sport_class, kind);
