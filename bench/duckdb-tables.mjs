// duckdb-tables.mjs -- the per-Games medal tables of athlete_events.csv
// in DuckDB, team medals once: DISTINCT (Games, Event, NOC, Medal).
// usage: node duckdb-tables.mjs CSV [DBFILE]   (no DBFILE: in memory;
// with DBFILE: load the CSV into a table in that file, then query it)
import { DuckDBInstance } from '@duckdb/node-api';

const [csv, dbfile] = process.argv.slice(2);
const inst = await DuckDBInstance.create(dbfile ?? ':memory:');
const con = await inst.connect();
let from = `read_csv('${csv}', header = true, nullstr = 'NA')`;
if (dbfile) {
	await con.run(`CREATE OR REPLACE TABLE ae AS SELECT * FROM ${from}`);
	from = 'ae';
}
const r = await con.runAndReadAll(`
	WITH m AS (SELECT DISTINCT Games, Sport, Event, NOC, Medal FROM ${from}
	           WHERE Medal IS NOT NULL)
	SELECT Games, NOC,
	       count(*) FILTER (WHERE Medal = 'Gold') AS g,
	       count(*) FILTER (WHERE Medal = 'Silver') AS s,
	       count(*) FILTER (WHERE Medal = 'Bronze') AS b
	FROM m GROUP BY Games, NOC ORDER BY Games, NOC`);
let out = '';
for (const [games, noc, g, s, b] of r.getRows())
	out += `${games},${noc},${g},${s},${b}\n`;
process.stdout.write(out);
