-- 11: the events each change touched, so that the server derives
-- again only those (store.c writes it; 0: every event)
CREATE TABLE audit_events (
  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  event_id INTEGER NOT NULL,
  PRIMARY KEY (games, version, event_id)
);
