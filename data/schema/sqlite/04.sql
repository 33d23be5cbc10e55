-- 4: the figures a Games' sources state, each with its source
-- (store_report.h); a replaced fact is closed (until), never deleted
CREATE TABLE facts (
  id INTEGER PRIMARY KEY,
  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  unit TEXT NOT NULL DEFAULT '',
  qualifier TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL,
  cite TEXT NOT NULL DEFAULT '',
  quote TEXT NOT NULL DEFAULT '',
  since INTEGER NOT NULL,
  until INTEGER
);
CREATE INDEX facts_by_games ON facts (games, key);
