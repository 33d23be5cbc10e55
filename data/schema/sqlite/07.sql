-- 7: anti-doping cases (store_report.h, doping.h): the finding, what
-- became of the athlete, the sanction it led to
CREATE TABLE doping_cases (
  id INTEGER PRIMARY KEY,
  games TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
  athlete_id INTEGER NOT NULL REFERENCES athletes(id),
  finding TEXT NOT NULL,
  date TEXT NOT NULL DEFAULT '',
  outcome TEXT NOT NULL DEFAULT ''
    CHECK (outcome IN ('', 'disqualified', 'continued')),
  sanction_id INTEGER REFERENCES sanctions(id),
  source TEXT NOT NULL DEFAULT '',
  cite TEXT NOT NULL DEFAULT '',
  since INTEGER NOT NULL
);
