// start_lists.test.mjs -- participation said from the data that holds it:
// a Games of units has its start lists in GET .../stats (start_lists) and
// on its about page beside the medallists; a Games without units has
// start_lists null.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, request, podium } from './server.mjs';

let s;
before(async () => {
	s = await startServer();
	podium(s.db, 'import', 'units', join(import.meta.dirname, '..', 'fixtures', 'units-small'),
		'--games', 'OG2024');
});
after(async () => { if (s) await s.stop(); });

async function until(path) {
	let r;
	for (let i = 0; i < 100; i++) {
		r = await request(s, 'GET', path);
		if (r.status === 200) return r;
		await new Promise((res) => setTimeout(res, 50));
	}
	return r;
}

test('api__stats_of_a_units_games_say_its_start_lists', async () => {
	const d = (await until('/api/games/OG2024/stats')).json();
	assert.equal(d.participation_known, false);
	assert.deepEqual(d.start_lists, { athletes: 12, teams: 4, npcs: 13 });
	assert.equal((await until('/api/games/PG2004/stats')).json().start_lists, null);
});

test('site__about_a_units_games_says_both_start_lists_and_medallists', async () => {
	const p = await until('/games/OG2024/about');
	assert.match(p.text, /12 \(the units(&#39;|')s? start lists\) · medallists only: 13/);
});
