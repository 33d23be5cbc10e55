-- 5: elections (store_report.h): the electorate says who may vote and
-- whether they have, the ballots what was voted, and nothing joins
-- the two: no voter, time or version on a ballot, whose key is a
-- random id, so the ballots are kept in an order unrelated to the
-- voting
CREATE TABLE elections (
  id INTEGER PRIMARY KEY,
  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
  name TEXT NOT NULL,
  seats INTEGER NOT NULL,
  max_choices INTEGER NOT NULL,
  sport_cap INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'closed', 'published')),
  votes INTEGER NOT NULL DEFAULT -1,
  turnout TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT '',
  cite TEXT NOT NULL DEFAULT '',
  since INTEGER NOT NULL,
  UNIQUE (games, name)
);
CREATE TABLE candidates (
  id INTEGER PRIMARY KEY,
  election_id INTEGER NOT NULL REFERENCES elections(id)
    ON DELETE CASCADE,
  athlete_id INTEGER REFERENCES athletes(id),
  name TEXT NOT NULL,
  name_zh TEXT NOT NULL DEFAULT '',
  npc TEXT NOT NULL REFERENCES npcs(code),
  sport TEXT NOT NULL DEFAULT '',
  elected INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE electorate (
  election_id INTEGER NOT NULL REFERENCES elections(id)
    ON DELETE CASCADE,
  athlete_id INTEGER NOT NULL REFERENCES athletes(id),
  voted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (election_id, athlete_id)
) WITHOUT ROWID;
CREATE TABLE ballots (
  election_id INTEGER NOT NULL REFERENCES elections(id)
    ON DELETE CASCADE,
  id TEXT NOT NULL,
  choices TEXT NOT NULL,
  PRIMARY KEY (election_id, id)
) WITHOUT ROWID;
