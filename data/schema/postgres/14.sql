-- 14: an athlete or a team found by its name's matching key
-- (pd_name_normalise()); pg.c fills it in for the rows already
-- there, which SQL cannot compute
ALTER TABLE athletes ADD COLUMN name_key TEXT COLLATE "C";
CREATE INDEX athletes_by_key ON athletes (name_key, npc)
  WHERE ext IS NULL;
ALTER TABLE teams ADD COLUMN name_key TEXT COLLATE "C";
CREATE INDEX teams_by_key ON teams (event_id, npc, name_key);
