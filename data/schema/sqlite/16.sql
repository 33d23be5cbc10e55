-- 16: a Games as it ran, unit by unit (store_units.h): each unit,
-- sub-unit and standing by its ODF results code, each
-- participant's result in it, and the teams' rosters
CREATE TABLE units (
  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
  rsc TEXT NOT NULL,
  kind TEXT NOT NULL,
  discipline TEXT NOT NULL,
  event TEXT NOT NULL,
  event_code TEXT NOT NULL,
  phase TEXT NOT NULL DEFAULT '',
  start_utc TEXT NOT NULL DEFAULT '',
  end_utc TEXT NOT NULL DEFAULT '',
  day TEXT NOT NULL DEFAULT '',
  venue TEXT NOT NULL DEFAULT '',
  location TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT '',
  medal TEXT NOT NULL DEFAULT '',
  rules TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (games, rsc)
);
CREATE INDEX units_by_day ON units (games, day);
CREATE TABLE unit_results (
  id INTEGER PRIMARY KEY,
  games TEXT NOT NULL,
  rsc TEXT NOT NULL,
  participant TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  team INTEGER NOT NULL DEFAULT 0,
  npc TEXT NOT NULL REFERENCES npcs(code),
  rank INTEGER NOT NULL DEFAULT 0 CHECK (rank >= 0),
  result TEXT NOT NULL DEFAULT '',
  result_type TEXT NOT NULL DEFAULT '',
  irm TEXT NOT NULL DEFAULT '',
  diff TEXT NOT NULL DEFAULT '',
  wlt TEXT NOT NULL DEFAULT '',
  qualification TEXT NOT NULL DEFAULT '',
  start_order INTEGER NOT NULL DEFAULT 0,
  bib TEXT NOT NULL DEFAULT '',
  FOREIGN KEY (games, rsc) REFERENCES units(games, rsc)
    ON DELETE CASCADE
);
CREATE INDEX unit_results_by_rsc ON unit_results (games, rsc);
CREATE TABLE unit_teams (
  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  npc TEXT NOT NULL REFERENCES npcs(code),
  discipline TEXT NOT NULL DEFAULT '',
  members TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (games, code)
);
