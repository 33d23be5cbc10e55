// outage.test.mjs -- PostgreSQL stopped under a node (issues 26 and 27):
// no read answers 500.  What was built is served from the last snapshot
// (a view the snapshot before had built, too); a view never built (an
// event page just written, an athlete page, the facts) is 503 with
// Retry-After; a token that cannot be checked is 503, for a read and a
// write alike (one authorisation);
// the outage is said in the log once when it begins and once when it
// ends, not once a refused write or once a 150 ms poll.  Needs the
// throwaway cluster that tests/run.sh starts (PODIUM_TEST_PG, its
// folder), as cluster.test.mjs does; without one it fails, never skips.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { request, bearer, BIN } from './server.mjs';

const dir = process.env.PODIUM_TEST_PG;
const db = `api_outage_${process.pid}`;
const admin = `postgresql:///postgres?host=${dir}&user=podium`;
const uri = `postgresql:///${db}?host=${dir}&user=podium`;
const script = new URL('../../scripts/pg-cluster.sh', import.meta.url).pathname;
const G = '/api/games/PG2004';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let node, token, err = '';

function cli(...args) {
	return execFileSync(BIN, ['--db', uri, ...args], { encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'], timeout: 30000 });
}

before(async () => {
	assert.ok(dir, 'PODIUM_TEST_PG is not set: run through tests/run.sh, which starts a cluster');
	execFileSync('psql', [admin, '-qAt', '-c', `DROP DATABASE IF EXISTS ${db}`, '-c', `CREATE DATABASE ${db}`]);
	cli('init');
	token = cli('token', 'add', '--role', 'admin', '--name', 'desk').trim();
	const proc = spawn(BIN, ['--db', uri, 'serve', '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
	node = await new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('no serving line: ' + err)), 20000);
		proc.stderr.on('data', (b) => {
			err += b;
			const m = /serving .* at http:\/\/127\.0\.0\.1:(\d+)\//.exec(err);
			if (m) { clearTimeout(timer); resolve({ proc, port: Number(m[1]), agent: false }); }
		});
		proc.on('exit', () => reject(new Error('node exited: ' + err)));
	});
});

after(async () => {
	if (node) node.proc.kill('SIGTERM');
	await sleep(300);
	try {
		execFileSync('psql', [admin, '-qAt', '-c', `DROP DATABASE IF EXISTS ${db}`]);
	} catch { /* a node still connected: the cluster goes with the run */ }
});

const get = (path, headers = {}) => request(node, 'GET', path, { agent: false, headers });
const post = (path, body) => request(node, 'POST', path, { agent: false, body, headers: bearer(token) });

test('outage__no_read_is_500_and_the_outage_is_said_once_each_way', async () => {
	let r = await post(G + '/events', { sport: 'Athletics', name: '100 m T12', gender: 'M', status: 'official' });
	assert.equal(r.status, 201, r.text);
	const ev = r.json().event;
	r = await post(`${G}/events/${ev}/results`, { npc: 'CHN', name: 'Outage Runner', rank: 1 });
	assert.equal(r.status, 200, r.text);
	const athletes = (await get(`${G}/athletes?q=Outage`)).json();
	const ath = (athletes.athletes || athletes.rows || athletes)[0]?.id;
	assert.ok(ath, 'the athlete: ' + JSON.stringify(athletes));
	// an athlete's page built at this version; then a write, so that
	// the snapshot the outage finds has not built it: it is served as
	// the last snapshot had it
	const page = await get(`/games/PG2004/athletes/${ath}`);
	assert.equal(page.status, 200);
	r = await post(`${G}/events/${ev}/results`, { npc: 'GBR', name: 'Second Runner', rank: 2 });
	assert.equal(r.status, 200, r.text);
	const second = (await get(`${G}/athletes?q=Second`)).json();
	const ath2 = (second.athletes || second.rows || second)[0]?.id;
	assert.ok(ath2);
	// built before the outage: served from the snapshot through it
	assert.equal((await get(G + '/standings')).status, 200);
	const unbuilt = [`/games/PG2004/events/${ev}`, `/games/PG2004/athletes/${ath2}`, G + '/facts'];
	const mark = err.length;
	execFileSync('sh', [script, 'stop', dir]);
	try {
		for (const path of unbuilt) {
			r = await get(path);
			assert.equal(r.status, 503, `${path}: ${r.status} ${r.text.slice(0, 200)}`);
			assert.equal(r.headers['retry-after'], '2', path);
		}
		assert.equal((await get(G + '/standings')).status, 200);
		r = await get(`/games/PG2004/athletes/${ath}`);
		assert.equal(r.status, 200, r.text.slice(0, 200));
		assert.equal(r.headers.etag, page.headers.etag, 'the last snapshot\'s page');
		// the admin's log: its token cannot be checked, which is no 500
		r = await get(G + '/log', bearer(token));
		assert.equal(r.status, 503, r.text);
		assert.equal(r.headers['retry-after'], '2');
		// one authorisation (issue 28): a write's token that cannot be
		// checked is answered as the log's, 503 with Retry-After
		const logWhy = r.json().error;
		assert.match(logWhy, /the token cannot be checked/);
		for (let i = 0; i < 5; i++) {
			r = await post(`${G}/events/${ev}/results`, { npc: 'USA', name: 'While Away', rank: 2 });
			assert.equal(r.status, 503);
			assert.equal(r.headers['retry-after'], '2');
			assert.equal(r.json().error.replace(', and nothing was written', ''), logWhy);
		}
		await sleep(1500);	// ten of the builder's polls
	} finally {
		execFileSync('sh', [script, 'start', dir], { stdio: 'ignore' });
	}
	for (let i = 0; i < 100 && !/can be reached again/.test(err.slice(mark)); i++) await sleep(100);
	const said = err.slice(mark);
	assert.equal(said.match(/cannot be reached/g)?.length, 1, said);
	assert.equal(said.match(/can be reached again/g)?.length, 1, said);
	assert.doesNotMatch(said, /could not be made again[\s\S]*could not be made again/);
	// back: the views not built are built now
	for (const path of unbuilt) {
		for (let i = 0; i < 50; i++) {
			r = await get(path);
			if (r.status === 200) break;
			await sleep(100);
		}
		assert.equal(r.status, 200, path);
	}
});
