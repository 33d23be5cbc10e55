-- 2: the write API's bearer tokens: only a hash of each is kept,
-- and a revoked token's row stays so its name is never reused
CREATE TABLE tokens (
  name TEXT COLLATE "C" PRIMARY KEY,
  role TEXT COLLATE "C" NOT NULL CHECK (role IN ('operator', 'admin')),
  hash BYTEA NOT NULL UNIQUE,
  created TEXT COLLATE "C" NOT NULL
    DEFAULT (to_char(now() AT TIME ZONE 'UTC',
                     'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
  revoked TEXT
);
