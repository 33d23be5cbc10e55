// cluster.test.mjs -- several 'podium serve' nodes on one PostgreSQL
// database: a write through one node reaches the streams of another, both
// serve the same bytes and ETag for a version, and two writers racing
// through two nodes lose nothing.  Needs the throwaway cluster that
// tests/run.sh starts (PODIUM_TEST_PG, its folder); without one it fails,
// it never skips.  Loopback only; every loop bounded in count and time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { request, bearer, openStream, BIN } from './server.mjs';

const dir = process.env.PODIUM_TEST_PG;
const db = `api_cluster_${process.pid}`;
const admin = `postgresql:///postgres?host=${dir}&user=podium`;
const uri = `postgresql:///${db}?host=${dir}&user=podium`;
const G = '/api/games/PG2004';
let nodes = [], token, eventId;

function cli(...args) {
	return execFileSync(BIN, ['--db', uri, ...args], { encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'], timeout: 30000 });
}

function node() {
	const proc = spawn(BIN, ['--db', uri, 'serve', '--port', '0'],
		{ stdio: ['ignore', 'ignore', 'pipe'] });
	return new Promise((resolve, reject) => {
		let err = '';
		const timer = setTimeout(() => reject(new Error('no serving line: ' + err)), 20000);
		proc.stderr.on('data', (b) => {
			err += b;
			const m = /serving .* at http:\/\/127\.0\.0\.1:(\d+)\//.exec(err);
			if (m) { clearTimeout(timer); resolve({ proc, port: Number(m[1]), agent: false }); }
		});
		proc.on('exit', () => reject(new Error('node exited: ' + err)));
	});
}

before(async () => {
	assert.ok(dir, 'PODIUM_TEST_PG is not set: run through tests/run.sh, which starts a cluster');
	execFileSync('psql', [admin, '-qAt', '-c', `DROP DATABASE IF EXISTS ${db}`, '-c', `CREATE DATABASE ${db}`]);
	cli('init');
	token = cli('token', 'add', '--role', 'admin', '--name', 'desk').trim();
	nodes = [await node(), await node()];
});

after(async () => {
	for (const n of nodes) n.proc.kill('SIGTERM');
	await new Promise((r) => setTimeout(r, 300));
	try {
		execFileSync('psql', [admin, '-qAt', '-c', `DROP DATABASE IF EXISTS ${db}`]);
	} catch { /* a node still connected: the cluster goes with the run */ }
});

const post = (n, path, body) => request(n, 'POST', path, { body, headers: bearer(token), agent: false });
const get = (n, path) => request(n, 'GET', path, { agent: false });

test('cluster__a_write_on_one_node_reaches_the_other_nodes_stream', async () => {
	const [a, b] = nodes;
	let r = await post(a, G + '/events', { sport: 'Athletics', name: '100 m T11', gender: 'M', status: 'official' });
	assert.equal(r.status, 201);
	eventId = r.json().event;
	const stream = openStream(b, G + '/stream');
	await stream.next((m) => m.event === 'standings');
	const lag = [];
	const names = ['Li Wei', 'Ann Smith', 'Roy Boyd'];
	for (let i = 0; i < 30; i++) {
		r = await post(a, `${G}/events/${eventId}/results`, { npc: ['CHN', 'GBR', 'CAN'][i % 3], name: names[i % 3], rank: 1 + (i % 3) });
		assert.equal(r.status, 200);
		const t0 = performance.now();
		const v = r.json().version;
		await stream.next((m) => m.event === 'standings' && Number(m.id) >= v, 5000);
		lag.push(performance.now() - t0);
	}
	stream.close();
	lag.sort((x, y) => x - y);
	console.log(`# cross-node: 30 writes, p50 ${lag[15].toFixed(1)} ms, max ${lag.at(-1).toFixed(1)} ms`);
});

test('cluster__every_node_serves_the_same_bytes_for_a_version', async () => {
	const [a, b] = nodes;
	const ra = await get(a, G + '/standings'), rb = await get(b, G + '/standings');
	assert.equal(ra.status, 200);
	assert.equal(ra.headers.etag, rb.headers.etag);
	assert.ok(ra.body.equals(rb.body), 'the two nodes serve different bytes for one ETag');
	const ga = await get(a, '/api/games'), gb = await get(b, '/api/games');
	assert.ok(ga.body.equals(gb.body));
});

test('cluster__two_writers_racing_through_two_nodes_lose_nothing', async () => {
	const [a, b] = nodes;
	const before = (await get(a, G + '/log')).json();
	const n = 1000;
	const write = (nd, who, i) => post(nd, `${G}/events/${eventId}/results`,
		{ npc: who, name: `Racer ${who}`, rank: 1 + (i % 8), reason: `race ${who} ${i}` });
	const acks = await Promise.all([
		(async () => { const v = []; for (let i = 0; i < n; i++) v.push(await write(a, 'CHN', i)); return v; })(),
		(async () => { const v = []; for (let i = 0; i < n; i++) v.push(await write(b, 'GBR', i)); return v; })(),
	]);
	const versions = acks.flat().map((r) => { assert.equal(r.status, 200); return r.json().version; });
	assert.equal(new Set(versions).size, 2 * n, 'two acknowledged writes share a version');
	// every acknowledged write is in the audit log exactly once
	const log = execFileSync('psql', [uri, '-qAt', '-c',
		`SELECT reason, count(*) FROM audit WHERE reason LIKE 'race %' GROUP BY reason`], { encoding: 'utf8' });
	const rows = log.trim().split('\n').map((l) => l.split('|'));
	assert.equal(rows.length, 2 * n);
	assert.ok(rows.every(([, c]) => c === '1'));
	const logNow = (await get(b, G + '/log')).json();
	assert.ok(logNow.version >= before.version + 2 * n);
	console.log(`# racing: ${2 * n} acknowledged writes through two nodes, each in the audit log once`);
});

test('cluster__if_match_lets_one_of_two_racing_writers_through', async () => {
	const [a, b] = nodes;
	const url = `${G}/events/${eventId}/results`;
	const rounds = 50;
	for (let i = 0; i < rounds; i++) {
		// both writers saw the same version (read on node A), then
		// write as of it through two nodes: the database, not a node,
		// decides, and lets exactly one through
		// (once both nodes show the last round: a node's own reads may
		// lag the other's writes by a notification)
		let etag;
		for (let t = 0; t < 100; t++) {
			etag = (await get(a, G + '/standings')).headers.etag;
			if ((await get(b, G + '/standings')).headers.etag === etag) break;
			await new Promise((res) => setTimeout(res, 10));
		}
		const send = (nd, who) => request(nd, 'POST', url, { agent: false,
			body: { npc: who, name: `Careful ${who} ${i}`, rank: 2, reason: `if-match ${who} ${i}` },
			headers: { ...bearer(token), 'If-Match': etag } });
		const [ra, rb] = await Promise.all([send(a, 'CHN'), send(b, 'GBR')]);
		const codes = [ra.status, rb.status].sort();
		assert.deepEqual(codes, [200, 412], `round ${i}: ${ra.text} ${rb.text}`);
		const won = ra.status === 200 ? ra : rb, lost = ra.status === 200 ? rb : ra;
		assert.equal(won.json().version, Number(JSON.parse(etag)) + 1);
		assert.equal(lost.json().version, won.json().version);
	}
	// the refused writes wrote nothing: one audit entry per round
	const n = execFileSync('psql', [uri, '-qAt', '-c',
		"SELECT count(*) FROM audit WHERE reason LIKE 'if-match %'"], { encoding: 'utf8' });
	assert.equal(Number(n.trim()), rounds);
});

test('cluster__postgresql_restarting_under_a_node', async () => {
	const [a] = nodes;
	const script = new URL('../../scripts/pg-cluster.sh', import.meta.url).pathname;
	const stream = openStream(a, G + '/stream');
	const first = await stream.next((m) => m.event === 'standings');
	execFileSync('sh', [script, 'stop', dir]);
	try {
		// writes are refused, saying when to come back; reads go on
		let r = await post(a, `${G}/events/${eventId}/results`, { npc: 'USA', name: 'While Away', rank: 4 });
		assert.equal(r.status, 503);
		assert.equal(r.headers['retry-after'], '2');
		assert.match(r.json().error, /nothing was written: the database cannot be reached/);
		assert.doesNotMatch(r.text, /\.s\.PGSQL|\/tmp\//);
		assert.equal((await get(a, G + '/standings')).status, 200);
	} finally {
		execFileSync('sh', [script, 'start', dir], { stdio: 'ignore' });
	}
	// the node connects again by itself: the next write lands and reaches
	// the stream, after the versions it had, none lost or doubled
	let r;
	for (let i = 0; i < 50; i++) {
		r = await post(a, `${G}/events/${eventId}/results`, { npc: 'USA', name: 'After Restart', rank: 4 });
		if (r.status === 200) break;
		await new Promise((res) => setTimeout(res, 100));
	}
	assert.equal(r.status, 200);
	const v = r.json().version;
	const m = await stream.next((x) => x.event === 'standings' && Number(x.id) >= v, 5000);
	assert.equal(Number(m.id), v);
	const ids = stream.msgs.filter((x) => x.event === 'standings').map((x) => Number(x.id));
	assert.equal(ids[0], Number(first.id));
	assert.deepEqual(ids, [...new Set(ids)].sort((x, y) => x - y));
	stream.close();
	const log = execFileSync('psql', [uri, '-qAt', '-c',
		"SELECT count(*) FROM results WHERE name = 'While Away'"], { encoding: 'utf8' });
	assert.equal(log.trim(), '0');
});
