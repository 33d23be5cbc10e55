-- 10: the start lists (event.h): an athlete entered in an event,
-- with or before a result; who took part counts them
CREATE TABLE entries (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  athlete_id INTEGER NOT NULL REFERENCES athletes(id),
  source TEXT NOT NULL DEFAULT '',
  since INTEGER NOT NULL,
  UNIQUE (event_id, athlete_id)
);
