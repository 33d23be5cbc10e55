-- 13: an open election's ballots sealed to its public key (seal) and
-- kept apart until close (store_report.h): a box carries no id, and
-- its xmin and ctid say only when some box was cast
ALTER TABLE elections ADD COLUMN seal TEXT COLLATE "C" NOT NULL DEFAULT '';
CREATE TABLE sealed_ballots (
  election_id BIGINT NOT NULL REFERENCES elections(id)
    ON DELETE CASCADE,
  box TEXT COLLATE "C" NOT NULL
);
CREATE INDEX sealed_by_election ON sealed_ballots (election_id);
