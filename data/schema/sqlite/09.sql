-- 9: the results that can decide a medal, read by rank (MEDAL_ZONE in
-- src/store/sql.c), so that a heat of 10,000 is read to its podium, not
-- whole; the same in both backends
CREATE INDEX results_medal_zone ON results (event_id, rank)
  WHERE irm = '' AND rank > 0;
CREATE INDEX results_removed ON results (event_id)
  WHERE irm <> '';
