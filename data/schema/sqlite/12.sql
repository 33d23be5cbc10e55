-- 12: team_members keyed by its primary key alone (WITHOUT ROWID):
-- a member was a row and an entry of the key's index, two B-trees
-- written and 764 pages for athlete_events.csv's 103,000 members;
-- now one (PostgreSQL has no rowid: nothing to do there)
CREATE TABLE team_members_new (
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  athlete_id INTEGER NOT NULL REFERENCES athletes(id),
  PRIMARY KEY (team_id, athlete_id)
) WITHOUT ROWID;
INSERT INTO team_members_new (team_id, athlete_id)
  SELECT team_id, athlete_id FROM team_members;
DROP TABLE team_members;
ALTER TABLE team_members_new RENAME TO team_members;
