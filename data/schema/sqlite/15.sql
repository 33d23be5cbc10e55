-- 15: an athlete or a team found by its name's matching key
-- (pd_name_normalise(), the SQL function podium_name_key that
-- sqlite.c gives each connection): "Zhang Lixin", "ZHANG  Lixin "
-- and its NFD or full-width spelling are one competitor
ALTER TABLE athletes ADD COLUMN name_key TEXT;
UPDATE athletes SET name_key = podium_name_key(name)
  WHERE ext IS NULL;
CREATE INDEX athletes_by_key ON athletes (name_key, npc)
  WHERE ext IS NULL;
ALTER TABLE teams ADD COLUMN name_key TEXT;
UPDATE teams SET name_key = podium_name_key(name);
CREATE INDEX teams_by_key ON teams (event_id, npc, name_key);
