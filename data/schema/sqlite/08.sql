-- 8: the operator's desk: an event's ranks from its marks, and what
-- each change changed
ALTER TABLE events ADD COLUMN rank_order TEXT NOT NULL DEFAULT '';
ALTER TABLE audit ADD COLUMN changes TEXT NOT NULL DEFAULT '';

-- a Games removed takes its audit entries with it: its removal
-- is kept here
CREATE TABLE games_removed (
  code TEXT NOT NULL,
  version INTEGER NOT NULL,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  actor TEXT NOT NULL,
  command TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT ''
);
