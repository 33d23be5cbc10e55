-- 14: an open election's ballots sealed to its public key (seal) and
-- kept apart until close (store_report.h): a box carries no id, and
-- its rowid and place say only when some box was cast
ALTER TABLE elections ADD COLUMN seal TEXT NOT NULL DEFAULT '';
CREATE TABLE sealed_ballots (
  election_id INTEGER NOT NULL REFERENCES elections(id)
    ON DELETE CASCADE,
  box TEXT NOT NULL
);
CREATE INDEX sealed_by_election ON sealed_ballots (election_id);
