// entries.test.mjs -- start lists over HTTP: GET and POST
// /api/games/{code}/events/{id}/entries, GET .../entries and
// .../participation, each answer checked against docs/openapi.yaml by
// server.mjs.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, bearer, podium } from './server.mjs';

let s, ev, ev2;
const G = '/api/games/PG2004';

before(async () => {
	s = await startServer();
	podium(s.db, 'games', 'add', 'PG2000', '--name-en', 'Sydney 2000 Paralympic Games',
		'--kind', 'paralympics', '--season', 'summer');
	const e0 = podium(s.db, 'event', 'add', '--games', 'PG2000', '--sport', 'Para Athletics',
		'--name', "Women's 100m T11", '--gender', 'W', '--status', 'official').trim();
	podium(s.db, 'result', 'set', e0, '--npc', 'CHN', '--name', 'Wu Chunmiao', '--rank', '1');
	ev = podium(s.db, 'event', 'add', '--games', 'PG2004', '--sport', 'Para Athletics',
		'--name', "Women's 100m T11", '--gender', 'W', '--status', 'official').trim();
	ev2 = podium(s.db, 'event', 'add', '--games', 'PG2004', '--sport', 'Goalball',
		'--name', 'Men', '--gender', 'M', '--team').trim();
});
after(async () => { if (s) await s.stop(); });

const get = (path) => request(s, 'GET', path);

// the views follow the store: wait until one shows version v
async function at(path, v) {
	for (let i = 0; i < 100; i++) {
		const r = await get(path);
		if (r.status === 200 && r.json().version >= v) return r;
		await new Promise((res) => setTimeout(res, 50));
	}
	return get(path);
}

test('api__entries_posted_are_the_start_list_and_count_as_taking_part', async () => {
	const url = `${G}/events/${ev}/entries`;
	const post = (body, tok = s.operator) => request(s, 'POST', url,
		{ body, headers: bearer(tok) });
	let r = await post({ entries: [
		{ npc: 'CHN', name: 'Wu Chunmiao', gender: 'W' },
		{ npc: 'Japan', name: 'Narita Mayumi', gender: 'W' },
		{ npc: 'IND', name: 'Ravi Das', gender: 'M' }], reason: 'start list' });
	assert.equal(r.status, 200, r.text);
	const v = r.json().version;
	const d = (await at(url, v)).json();
	assert.equal(d.event, Number(ev));
	// Wu Chunmiao came first in a result, which names no gender: the
	// start list's W fills it in
	assert.deepEqual(d.entries.map((x) => [x.npc, x.name, x.gender, x.result]),
		[['CHN', 'Wu Chunmiao', 'W', false], ['IND', 'Ravi Das', 'M', false],
		 ['JPN', 'Narita Mayumi', 'W', false]]);
	// the goalball event has none yet: who took part is not known
	let p = (await at(`${G}/participation`, v)).json();
	assert.equal(p.known, false);
	assert.equal(p.athletes, 3);
	assert.deepEqual(p.first_time_npcs, ['IND', 'JPN']);
	// by id, and the second event's list: now every event has one
	r = await request(s, 'POST', `${G}/events/${ev2}/entries`, { headers: bearer(s.operator),
		body: { entries: [{ athlete: d.entries[1].athlete }, { npc: 'GBR', name: 'Al Kerr', gender: 'M' }] } });
	assert.equal(r.status, 200, r.text);
	p = (await at(`${G}/participation`, r.json().version)).json();
	assert.equal(p.known, true);
	assert.equal(p.athletes, 4);
	assert.equal(p.events_entered, 2);
	assert.deepEqual(p.by_sport.map((x) => [x.sport, x.athletes]),
		[['Goalball', 2], ['Para Athletics', 3]]);
	assert.deepEqual(p.by_npc.find((x) => x.npc === 'IND'), { npc: 'IND', athletes: 1, women: 0, men: 1 });
	// the officials: only counts, as the report states them
	assert.deepEqual(p.officials.map((f) => [f.key, f.value, f.cite]),
		[['officials.games', '1000', 'report ¶5'], ['officials.ipc', '2200', 'report ¶5']]);
	const all = (await at(`${G}/entries`, r.json().version)).json();
	assert.equal(all.entries.length, 5);
	assert.equal(all.event, undefined);
});

test('api__entries_refused_name_the_entry_and_write_nothing', async () => {
	const url = `${G}/events/${ev}/entries`;
	const post = (body, tok = s.operator) => request(s, 'POST', url,
		{ body, headers: bearer(tok) });
	const before = (await get(url)).json();
	let r = await post({ entries: [{ npc: 'CHN', name: 'A' }, { npc: 'Atlantis', name: 'B' }] });
	assert.equal(r.status, 400);
	assert.match(r.json().error, /^entries\[1\]: unknown NPC 'Atlantis'/);
	r = await post({ entries: [{ npc: 'CHN' }] });
	assert.equal(r.status, 400);
	assert.equal(r.json().field, 'entries');
	r = await post({ entries: [{ npc: 'CHN', name: 'A', colour: 'red' }] });
	assert.equal(r.status, 400);
	r = await post({ entries: [{ athlete: 99999 }] });
	assert.equal(r.status, 400);
	r = await post({ entries: [{ npc: 'CHN', name: 'A', gender: 'X' }] });
	assert.equal(r.status, 400);
	assert.equal((await request(s, 'POST', url, { body: { entries: [] } })).status, 401);
	assert.equal((await request(s, 'POST', `${G}/events/999/entries`,
		{ body: { entries: [] }, headers: bearer(s.operator) })).status, 404);
	assert.equal((await get(`${G}/events/999/entries`)).status, 404);
	assert.deepEqual((await get(url)).json().entries, before.entries);
});
