-- sqlite-tables.sql -- the per-Games medal tables of athlete_events.csv in
-- sqlite3 after '.import', team medals once.
.mode list
.separator ,
SELECT Games, NOC,
       sum(Medal = 'Gold'), sum(Medal = 'Silver'), sum(Medal = 'Bronze')
FROM (SELECT DISTINCT Games, Sport, Event, NOC, Medal FROM ae
      WHERE Medal <> 'NA')
GROUP BY Games, NOC ORDER BY Games, NOC;
