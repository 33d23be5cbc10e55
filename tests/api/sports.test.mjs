// sports.test.mjs -- GET /api/games/{code}/sports/{sport}, the sport page
// and the events index: a Games of units (the small fixture), its judo
// with its table and phases, by slug; a sport it does not hold is 404.
// Run: node --test.
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

test('api__a_sport_its_table_and_its_events_by_phase', async () => {
	const d = (await until('/api/games/OG2024/sports/table-tennis')).json();
	assert.equal(d.sport, 'Table Tennis');
	assert.deepEqual(d.table.map((r) => [r.npc, r.gold, r.silver, r.bronze]),
		[['CHN', 1, 0, 0], ['JPN', 0, 1, 0], ['KOR', 0, 0, 1]]);
	assert.equal(d.events.length, 1);
	assert.deepEqual(d.events[0].phases.map((p) => p.code), ['FNL-']);
	const judo = (await until('/api/games/OG2024/sports/Judo')).json();
	assert.deepEqual(judo.events[0].phases.map((p) => p.code), ['REPF', 'SFNL', 'FNL-']);
	assert.equal((await request(s, 'GET', '/api/games/OG2024/sports/fencing')).status, 404);
});

test('site__the_events_index_links_each_sport_page', async () => {
	const idx = await until('/games/OG2024/events');
	assert.match(idx.text, /href="\/games\/OG2024\/sports\/table-tennis\?lang=en"/);
	assert.match(idx.text, /href="\/games\/OG2024\/events\?lang=en"/);
	const p = await until('/games/OG2024/sports/judo?lang=zh');
	assert.equal(p.status, 200);
	assert.match(p.text, /REPF \(2\) · SFNL \(1\) · FNL- \(1\)/);
	assert.equal((await request(s, 'GET', '/games/OG2024/sports/fencing')).status, 404);
});
