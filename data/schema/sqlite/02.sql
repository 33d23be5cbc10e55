-- 2: the write API's bearer tokens: only a hash of each is kept,
-- and a revoked token's row stays so its name is never reused
CREATE TABLE tokens (
  name TEXT PRIMARY KEY,
  role TEXT NOT NULL CHECK (role IN ('operator', 'admin')),
  hash BLOB NOT NULL UNIQUE,
  created TEXT NOT NULL
    DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  revoked TEXT
);
