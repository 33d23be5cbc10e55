-- 6: head-to-head matches of an event (store_report.h, match.h); -1 is
-- a score not known; a replaced match is closed (until)
CREATE TABLE matches (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  phase TEXT NOT NULL,
  pool TEXT NOT NULL DEFAULT '',
  home TEXT NOT NULL REFERENCES npcs(code),
  away TEXT NOT NULL DEFAULT '',
  home_score INTEGER NOT NULL DEFAULT -1,
  away_score INTEGER NOT NULL DEFAULT -1,
  extra_time INTEGER NOT NULL DEFAULT 0,
  home_pens INTEGER NOT NULL DEFAULT -1,
  away_pens INTEGER NOT NULL DEFAULT -1,
  walkover TEXT NOT NULL DEFAULT '',
  outcome TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT '',
  cite TEXT NOT NULL DEFAULT '',
  since INTEGER NOT NULL,
  until INTEGER
);
CREATE INDEX matches_by_event ON matches (event_id);
