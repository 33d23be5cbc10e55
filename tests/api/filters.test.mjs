// filters.test.mjs -- the filters of the standings, medallists and events
// (sport, gender, through, npc; date for the medallists): on PG2024 (the
// shared Paris 2024 medals, skipped on a user's clone) the women's, men's,
// mixed and open tables add up to the whole; on the small units fixture
// the days' medals add up to the table through the last of them, and the
// table at the end of a day is the table through it; a bad value and a
// parameter an address does not take are 400 naming it, everywhere; a
// published table refuses a filter, saying why.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import { podium, serveOn, request } from './server.mjs';

const top = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shared = join(top, '..', 'shared', 'data', 'external');
const pg2024 = join(shared, 'paralympics-paris2024', 'medals.csv');
const haveShared = existsSync(pg2024);
let s, dir;
const get = (path) => request(s, 'GET', path);

before(async () => {
	dir = mkdtempSync(join(tmpdir(), 'podium-filters-'));
	const db = join(dir, 'podium.db');
	podium(db, 'init');
	podium(db, 'import', 'units', join(top, 'tests', 'fixtures', 'units-small'), '--games', 'OG2024');
	if (haveShared)
		podium(db, 'import', 'medals', pg2024, '--games', 'PG2024');
	const srv = await serveOn(db);
	s = { ...srv, agent: new http.Agent({ keepAlive: true }) };
});
after(async () => {
	s.agent.destroy();
	s.proc.kill('SIGTERM');
	await s.exited;
	rmSync(dir, { recursive: true, force: true });
});

const sum = (ts) => ts.reduce((a, t) => ({ gold: a.gold + t.gold, silver: a.silver + t.silver,
	bronze: a.bronze + t.bronze, total: a.total + t.total }), { gold: 0, silver: 0, bronze: 0, total: 0 });

test('filters__genders_add_up_to_the_whole_pg2024', { skip: !haveShared && 'no shared data' }, async () => {
	const whole = (await get('/api/games/PG2024/standings?source=results')).json().totals;
	const parts = [];
	for (const g of ['W', 'M', 'X', 'O']) {
		const r = await get('/api/games/PG2024/standings?gender=' + g);
		assert.equal(r.status, 200, r.text);
		assert.equal(r.json().source, null);
		assert.ok(r.json().totals.total > 0, g);
		parts.push(r.json().totals);
	}
	assert.deepEqual(sum(parts), whole);
	assert.equal(whole.total, 1707);
	// one NPC's women's row
	const chn = (await get('/api/games/PG2024/standings?gender=w&npc=chn')).json();
	assert.deepEqual(chn.rows.map((r) => r.npc), ['CHN']);
	assert.deepEqual(chn.totals, { gold: 54, silver: 45, bronze: 32, total: 131 });
});

test('filters__bad_value_and_unknown_parameter_are_400_naming_it', async () => {
	for (const [path, field] of [
		['/api/games/OG2024/standings?gender=Z', 'gender'],
		['/api/games/OG2024/standings?colour=gold', 'colour'],
		['/api/games/OG2024/standings?through=2024-02-30', 'through'],
		['/api/games/OG2024/standings?npc=1', 'npc'],
		['/api/games/OG2024/medallists?date=tomorrow', 'date'],
		['/api/games/OG2024/events?gender=Q', 'gender'],
		['/api/games/OG2024/events?colour=gold', 'colour'],
		['/api/games/OG2024/stats?sport=Judo', 'sport'],
		['/api/games/OG2024/athletes?name=x', 'name'],
		['/api/games?x=1', 'x'],
	]) {
		const r = await get(path);
		assert.equal(r.status, 400, path + ' ' + r.text);
		assert.equal(r.json().field, field, path);
		assert.match(r.json().error, new RegExp(field), path);
	}
	if (haveShared) {
		for (const q of ['gender=Z', 'colour=gold']) {
			const r = await get('/api/games/PG2024/standings?' + q);
			assert.equal(r.status, 400);
			assert.equal(r.json().field, q.split('=')[0]);
		}
	}
	// the pages too
	for (const path of ['/games/OG2024?colour=gold', '/games/OG2024/about?sport=Judo',
		'/games?x=1', '/games/OG2024?gender=Z']) {
		const r = await request(s, 'GET', path, { headers: { Accept: 'text/html' } });
		assert.equal(r.status, 400, path);
		assert.match(r.text, /colour|sport|x is|gender/);
	}
});

test('filters__published_table_refuses_a_filter_saying_why', async () => {
	for (const f of ['gender=W', 'through=2004-09-20', 'npc=CHN']) {
		const r = await get('/api/games/PG2004/standings?source=seed&' + f);
		assert.equal(r.status, 400, f);
		assert.match(r.json().error, new RegExp(f.split('=')[0] + ' needs results, and this is a published table'));
	}
});

test('filters__days_add_up_to_the_table_through_the_last', async () => {
	const days = ['2024-08-01', '2024-08-02', '2024-08-03'];
	const byDay = [];
	for (const d of days) {
		const r = (await get('/api/games/OG2024/medallists?date=' + d)).json();
		assert.equal(r.filter.date, d);
		const t = { gold: 0, silver: 0, bronze: 0, total: 0 };
		for (const u of r.units) {
			assert.equal(u.day, d);
			for (const m of u.medals) { t[m.medal]++; t.total++; }
		}
		byDay.push(t);
		// the table at the end of the day is the table through it, and
		// the sum of the days up to it
		const through = (await get('/api/games/OG2024/standings?through=' + d)).json();
		assert.deepEqual(r.table.totals, through.totals);
		assert.deepEqual(through.totals, sum(byDay));
	}
	assert.deepEqual(byDay.map((t) => t.total), [4, 4, 3]);
	const whole = (await get('/api/games/OG2024/standings')).json().totals;
	assert.deepEqual(sum(byDay), whole);
	// a unit's medals: the judo final decided gold and silver at 11:10
	const d1 = (await get('/api/games/OG2024/medallists?date=2024-08-01')).json();
	const fnl = d1.units.find((u) => u.unit === 'JUDW48KG--------------FNL-000100--');
	assert.equal(fnl.time, '11:10');
	assert.deepEqual(fnl.medals.map((m) => [m.medal, m.npc]), [['gold', 'ITA'], ['silver', 'FRA']]);
});

test('filters__events_and_medallists_under_a_filter', async () => {
	const w = (await get('/api/games/OG2024/events?gender=W')).json().events;
	assert.ok(w.length > 0);
	assert.ok(w.every((e) => e.gender === 'W'));
	const ita = (await get('/api/games/OG2024/events?npc=ITA')).json().events;
	assert.deepEqual(ita.map((e) => e.name), ['Women -48 kg']);
	const kor = (await get('/api/games/OG2024/medallists?npc=kor')).json();
	assert.equal(kor.medals, 2);
	assert.ok(kor.units.every((u) => u.medals.every((m) => m.npc === 'KOR')));
	assert.equal(kor.table, null);
	const judo = (await get('/api/games/OG2024/standings?sport=Judo&gender=W')).json();
	assert.equal(judo.totals.total, 4);
});
