-- 13: the record in force of a key and kind, found at once: a new
-- record replaces it (record.h), and through records_by_key that
-- read every record of the key, quadratic in a key's history
-- (bench/: issue 27's figures)
CREATE INDEX records_in_force ON records (sport, event, gender,
  sport_class, kind) WHERE replaced_by IS NULL;
