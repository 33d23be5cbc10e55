// dryrun.test.mjs -- a write with ?dry_run=1 (issue 28): made in a
// transaction that is rolled back, answered as the write would be -- the
// medals it would award, the version it would make -- and nothing of it
// kept: the Games' version, its results and its log are as they were, and
// the next real write makes the version the dry run named.  The desk's
// preview asks this instead of repeating the medal rules.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, bearer } from './server.mjs';

let s;
before(async () => { s = await startServer(); });
after(async () => { if (s) await s.stop(); });

const G = '/api/games/PG2004';
const get = (path, tok) => request(s, 'GET', path, tok ? { headers: bearer(tok) } : {});
const send = (method, path, body, tok) => request(s, method, path, { body, headers: bearer(tok) });

async function podiumOfThree(name) {
	let r = await send('POST', G + '/events', { sport: 'Para Athletics', name, gender: 'M',
		status: 'official', order: 'asc' }, s.admin);
	assert.equal(r.status, 201, r.text);
	const e = r.json().event;
	r = await send('POST', `${G}/events/${e}/results`, { results: [
		{ npc: 'GBR', name: 'Ann Dry', mark: '11.05' },
		{ npc: 'CHN', name: 'Li Dry', mark: '11.10' },
		{ npc: 'CAN', name: 'Roy Dry', mark: '11.20' },
		{ npc: 'THA', name: 'Sak Dry', mark: '11.30' }] }, s.operator);
	assert.equal(r.status, 200, r.text);
	return { e, v: r.json().version };
}

test('dryrun__says_the_medals_and_version_and_writes_nothing', async () => {
	const { e, v } = await podiumOfThree('Dry 100 m T13');
	const before = (await get(`${G}/events/${e}`)).json();
	const logBefore = (await get(`${G}/log?since=0`, s.admin)).json().changes.length;
	// the gold disqualified: the others move up, said and undone
	let r = await send('PATCH', `${G}/events/${e}/results?dry_run=1`,
		{ results: [{ npc: 'GBR', name: 'Ann Dry', irm: 'DSQ' }], reason: 'lane' }, s.operator);
	assert.equal(r.status, 200, r.text);
	const d = r.json();
	assert.equal(d.dry_run, true);
	assert.equal(d.version, v + 1, 'the version it would make');
	assert.deepEqual(d.medals.filter((m) => m.medal).map((m) => [m.medal, m.name]),
		[['gold', 'Li Dry'], ['silver', 'Roy Dry'], ['bronze', 'Sak Dry']]);
	assert.ok(d.changes.some((c) => c.field === 'irm' && c.after === 'DSQ'));
	// nothing kept: the event, the log, the version
	const after = (await get(`${G}/events/${e}`)).json();
	assert.deepEqual(after.results, before.results);
	assert.equal(after.version, before.version);
	assert.equal((await get(`${G}/log?since=0`, s.admin)).json().changes.length, logBefore);
	// the same write made: the version the dry run named, its medals
	r = await send('PATCH', `${G}/events/${e}/results`,
		{ results: [{ npc: 'GBR', name: 'Ann Dry', irm: 'DSQ' }], reason: 'lane' }, s.operator);
	assert.equal(r.status, 200, r.text);
	assert.equal(r.json().dry_run, undefined);
	assert.equal(r.json().version, d.version);
	assert.deepEqual(r.json().medals, d.medals);
});

test('dryrun__a_write_refused_is_refused_the_same', async () => {
	const { e } = await podiumOfThree('Dry 100 m T12');
	const bad = { results: [{ npc: 'GBR', name: 'Ann Dry', rank: 'first' }] };
	const real = await send('PATCH', `${G}/events/${e}/results`, bad, s.operator);
	const dry = await send('PATCH', `${G}/events/${e}/results?dry_run=1`, bad, s.operator);
	assert.equal(real.status, 400);
	assert.deepEqual([dry.status, dry.json()], [real.status, real.json()]);
	// an admin's write stays an admin's
	const r = await send('POST', `${G}/events?dry_run=1`, { sport: 'Judo', name: '-60 kg' }, s.operator);
	assert.equal(r.status, 403);
	// dry_run is 1 or 0
	const odd = await send('PATCH', `${G}/events/${e}/results?dry_run=yes`, bad, s.operator);
	assert.equal(odd.status, 400);
	assert.equal(odd.json().field, 'dry_run');
});

test('dryrun__a_new_event_is_not_made', async () => {
	const events = (await get(`${G}/events`)).json().events.length;
	const r = await send('POST', `${G}/events?dry_run=1`, { sport: 'Judo', name: 'Dry -60 kg', gender: 'M' }, s.admin);
	assert.equal(r.status, 201, r.text);
	assert.equal(r.json().dry_run, true);
	assert.ok(r.json().event >= 1);
	// read after the answer: a write would be shown by now (read your writes)
	assert.equal((await get(`${G}/events`)).json().events.length, events);
});
