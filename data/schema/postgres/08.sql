-- 8: the operator's desk: an event's ranks from its marks, and what
-- each change changed
ALTER TABLE events ADD COLUMN rank_order TEXT COLLATE "C" NOT NULL
  DEFAULT '';
ALTER TABLE audit ADD COLUMN changes TEXT COLLATE "C" NOT NULL
  DEFAULT '';

-- a Games removed takes its audit entries with it: its removal
-- is kept here
CREATE TABLE games_removed (
  code TEXT COLLATE "C" NOT NULL,
  version BIGINT NOT NULL,
  at TEXT COLLATE "C" NOT NULL
    DEFAULT (to_char(now() AT TIME ZONE 'UTC',
                     'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
  actor TEXT COLLATE "C" NOT NULL,
  command TEXT COLLATE "C" NOT NULL,
  reason TEXT COLLATE "C" NOT NULL DEFAULT ''
);
