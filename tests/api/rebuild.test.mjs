// rebuild.test.mjs -- the views a server keeps up to date version by
// version (deriving again only the events each change touched) are the
// views a server builds whole: after every step of a sequence of writes
// -- results, an IRM, a status, a sanction and its lifting, a medals
// import, writes from the CLI, the Games removed and made again -- a
// second server started on the same store (its first build derives
// every event) answers every standings view, the timeline, an NPC's
// medals and /api/games byte for byte as the first one does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import http from 'node:http';
import { startServer, serveOn, request, bearer, podium, openStream } from './server.mjs';

let s;
before(async () => { s = await startServer(); });
after(async () => { if (s) await s.stop(); });

const G = '/api/games/PG2004';
const VIEWS = [
	G + '/standings', G + '/standings?scheme=total', G + '/standings?lang=zh',
	G + '/standings?scheme=total&lang=zh', G + '/standings?source=seed',
	G + '/timeline', G + '/npcs/CHN', G + '/npcs/GBR', '/api/games',
];

const send = (method, path, body, tok) =>
	request(s, method, path, { body, headers: bearer(tok) });

// A second server on s's store, started now: its views are a full build.
async function fresh() {
	const { proc, port, exited } = await serveOn(s.db);
	const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
	return {
		port, agent,
		async stop() {
			agent.destroy();
			proc.kill('SIGTERM');
			await exited;
		},
	};
}

// The version the store holds now, as the CLI reads it from the store
// (the server's log view is its snapshot's, which may not have it yet).
const version = () => Math.max(...[...podium(s.db, 'log', '--games', 'PG2004')
	.matchAll(/^PG2004\tv(\d+)\t/gm)].map((m) => Number(m[1])));

// Until s shows version v (a CLI write reaches it through the store).
async function caught(v) {
	for (let i = 0; i < 800; i++) {
		const r = await request(s, 'GET', G + '/standings');
		if (r.headers.etag === `"${v}"`) return;
		await new Promise((res) => setTimeout(res, 25));
	}
	assert.fail(`the server never showed version ${v}; its log:\n${s.stderr()}`);
}

async function same(what) {
	const b = await fresh();
	try {
		for (const path of VIEWS) {
			const inc = await request(s, 'GET', path);
			const full = await request(b, 'GET', path);
			assert.equal(inc.status, full.status, `${what}: ${path}: status`);
			assert.equal(inc.headers.etag, full.headers.etag, `${what}: ${path}: ETag`);
			assert.equal(inc.text, full.text, `${what}: ${path}: the body`);
		}
	} finally {
		await b.stop();
	}
}

async function event(name, extra = {}) {
	const r = await send('POST', G + '/events', { sport: 'Para Athletics', name,
		gender: 'M', status: 'official', ...extra }, s.admin);
	assert.equal(r.status, 201, r.text);
	return r.json().event;
}

async function result(e, body) {
	const r = await send('POST', `${G}/events/${e}/results`, body, s.operator);
	assert.equal(r.status, 200, r.text);
	return r.json();
}

test('rebuild__incremental_views_equal_a_full_build_after_every_write', async () => {
	const e1 = await event('100 m T11');
	const e2 = await event('200 m T11', { policy: 'two-bronzes' });
	const e3 = await event('400 m T11', { policy: 'capped' });
	const people = [['CHN', 'Li A'], ['GBR', 'Bo B'], ['CHN', 'Li C'], ['USA', 'Di D'],
		['GBR', 'Ed E']];
	for (const e of [e1, e2, e3])
		for (const [i, [npc, name]] of people.entries())
			await result(e, { npc, name: `${name} ${e}`, rank: i + 1 });
	await same('results of three events');

	// a rank moved, a medallist disqualified, an event no longer official
	await result(e1, { npc: 'USA', name: `Di D ${e1}`, rank: 1 });
	await result(e3, { npc: 'CHN', name: `Li A ${e3}`, irm: 'DSQ' });
	let r = await send('POST', `${G}/events/${e2}/status`, { status: 'unofficial',
		reason: 'protest lodged' }, s.operator);
	assert.equal(r.status, 200, r.text);
	await same('a rank, an IRM, a status');

	// a sanction over two events, reallocating
	const athlete = (await request(s, 'GET', `${G}/events/${e1}`)).json().results
		.find((x) => x.name === `Bo B ${e1}`).athlete;
	assert.ok(athlete, 'Bo B has an athlete id');
	r = await send('POST', G + '/sanctions', { athlete, events: [e1], mode: 'reallocate',
		reason: 'test' }, s.admin);
	assert.equal(r.status, 201, r.text);
	const sanction = r.json().id;
	await same('a sanction');

	// from the CLI: the sanction lifted, a result, an event back to official
	podium(s.db, 'sanction', 'lift', String(sanction), '--reason', 'appeal');
	podium(s.db, 'result', 'set', String(e2), '--npc', 'USA', '--name', `Di D ${e2}`,
		'--rank', '1');
	podium(s.db, 'event', 'status', String(e2), 'official');
	await caught(version());
	await same('writes from the CLI');

	// a medals import: every event of its source
	const csv = join(s.dir, 'medals.csv');
	writeFileSync(csv, 'medal,npc,sport,event\nGold,CHN,Judo,-60 kg\n' +
		'Silver,GBR,Judo,-60 kg\nBronze,USA,Judo,-60 kg\nGold,GBR,Judo,-66 kg\n');
	podium(s.db, 'import', 'medals', csv, '--games', 'PG2004');
	await caught(version());
	await same('a medals import');

	// the Games removed and made again, its events anew
	r = await send('DELETE', G, { force: true }, s.admin);
	assert.equal(r.status, 200, r.text);
	r = await send('POST', '/api/games', { code: 'PG2004', name_en: 'Athens 2004',
		kind: 'paralympics', season: 'summer', host: 'GRE' }, s.admin);
	assert.equal(r.status, 201, r.text);
	const e4 = await event('100 m T12');
	for (let i = 0; i < 8; i++)
		await result(e4, { npc: i % 2 ? 'GBR' : 'CHN', name: `New ${i}`, rank: i + 1 });
	await same('the Games made again');
});

// The stream says "scheme":"gold": its rows are the gold-first table's,
// rank for rank (they were once ranked by total: a country with more
// medals and fewer golds ahead).
test('rebuild__the_stream_carries_the_gold_first_ranks', async () => {
	const e = await event('Long Jump F11');
	// USA: 1 gold; GBR: 3 silvers, more medals, fewer golds
	await result(e, { npc: 'USA', name: 'Gold One', rank: 1 });
	for (const [i, n] of ['Silver One', 'Silver Two', 'Silver Three'].entries()) {
		const f = await event(`Long Jump F1${i + 2}`);
		await result(f, { npc: 'CAN', name: `Winner ${i}`, rank: 1 });
		await result(f, { npc: 'GBR', name: n, rank: 2 });
	}
	const st = openStream(s, G + '/stream');
	try {
		const d = JSON.parse((await st.next((m) => m.event === 'standings')).data);
		assert.equal(d.full, true);
		const gold = (await request(s, 'GET', G + '/standings?source=results')).json().rows;
		assert.deepEqual(d.changed.map((r) => [r.rank, r.npc]),
			gold.map((r) => [r.rank, r.npc]));
	} finally {
		st.close();
	}
});
