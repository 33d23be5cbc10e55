// forge.test.mjs -- requests and labels that must not forge medals or
// freeze the server (issue: hostile and careless input, round two).
//  - one competitor appears once in an event's results: a repeat in a
//    whole ranking, or fields that describe someone else, are a 400 and
//    nothing is written;
//  - a label that breaks the rules is refused where it enters, and a bad
//    row already in the store (written before the rules, or by hand)
//    takes down only the view it belongs to, never the server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { startServer, request, bearer, podium, BIN } from './server.mjs';

let s, eventId;
before(async () => { s = await startServer(); });
after(async () => { if (s) await s.stop(); });

const G = '/api/games/PG2004';
const post = (path, body, tok) => request(s, 'POST', path, { body, headers: bearer(tok) });
const get = (path) => request(s, 'GET', path);

async function computed() {
	return (await get(G + '/standings?source=results')).json();
}

test('forge__setup_an_official_event', async () => {
	const r = await post(G + '/events', { sport: 'Athletics', name: '400 m T11',
		gender: 'W', status: 'official' }, s.admin);
	assert.equal(r.status, 201);
	eventId = r.json().event;
});

test('forge__one_athlete_three_times_in_a_ranking_is_400', async () => {
	const before = await computed();
	const r = await post(`${G}/events/${eventId}/results`, { results: [
		{ npc: 'CHN', name: 'Dup Person', rank: 1 },
		{ npc: 'CHN', name: 'Dup Person', rank: 2 },
		{ npc: 'CHN', name: 'Dup Person', rank: 3 },
	] }, s.operator);
	assert.equal(r.status, 400);
	assert.match(r.json().error, /results\[1\] is athlete \d+, as is results\[0\]/);
	const after = await computed();
	assert.equal(after.version, before.version);
	assert.deepEqual(after.rows, before.rows);
	const ev = (await get(`${G}/events/${eventId}`)).json();
	assert.equal(ev.results.length, 0);
});

test('forge__a_thousand_repeats_of_one_id_are_400', async () => {
	let r = await post(`${G}/events/${eventId}/results`, { results: [
		{ npc: 'CHN', name: 'Real Person', rank: 1 },
	] }, s.operator);
	assert.equal(r.status, 200);
	const id = (await get(`${G}/events/${eventId}`)).json().results[0].athlete;
	const body = { results: Array.from({ length: 1000 }, () => ({ athlete: id, rank: 1 })) };
	assert.ok(JSON.stringify(body).length > 14000);
	r = await post(`${G}/events/${eventId}/results`, body, s.operator);
	assert.equal(r.status, 400);
	assert.match(r.json().error, /results\[1\] is athlete \d+, as is results\[0\]/);
	const rows = (await computed()).rows;
	assert.deepEqual(rows.map((x) => [x.npc, x.gold]), [['CHN', 1]]);
});

test('forge__a_team_twice_in_a_ranking_is_400', async () => {
	let r = await post(G + '/events', { sport: 'Athletics', name: '4x100 m T11-13',
		gender: 'M', status: 'official', team: true }, s.admin);
	assert.equal(r.status, 201);
	const team = r.json().event;
	r = await post(`${G}/events/${team}/results`, { results: [
		{ npc: 'CHN', team: 'China', rank: 1 },
		{ npc: 'CHN', team: 'China', rank: 2 },
	] }, s.operator);
	assert.equal(r.status, 400);
	assert.match(r.json().error, /results\[1\] is team \d+, as is results\[0\]/);
});

test('forge__fields_that_describe_someone_else_are_400', async () => {
	const id = (await get(`${G}/events/${eventId}`)).json().results[0].athlete;
	for (const body of [
		{ athlete: id, npc: 'GBR', name: 'Someone Else', rank: 1 },
		{ athlete: id, npc: 'GBR', rank: 1 },
		{ athlete: id, name: 'Someone Else', rank: 1 },
		{ athlete: id, team: 'China', rank: 1 },
	]) {
		const r = await post(`${G}/events/${eventId}/results`, body, s.operator);
		assert.equal(r.status, 400, JSON.stringify(body));
		assert.match(r.json().error, new RegExp(`athlete ${id}`));
	}
	// the same athlete, named as stored (case and spaces aside), is fine
	const r = await post(`${G}/events/${eventId}/results`,
		{ athlete: id, npc: 'CHN', name: 'real  PERSON', rank: 1 }, s.operator);
	assert.equal(r.status, 200);
	const ev = (await get(`${G}/events/${eventId}`)).json();
	assert.deepEqual(ev.results.map((x) => [x.npc, x.name]), [['CHN', 'Real Person']]);
});

test('forge__labels_with_control_characters_are_refused', async () => {
	for (const body of [
		{ sport: 'Athletics\n', name: 'X' },
		{ sport: 'Athletics', name: 'Men\u001b[2J' },
		{ sport: 'Athletics', name: 'a'.repeat(201) },
		{ sport: 'Athletics', name: 'Y', reason: 'line one\nfake entry' },
	]) {
		const r = await post(G + '/events', body, s.admin);
		assert.equal(r.status, 400, JSON.stringify(body));
		assert.match(r.json().error, /control character|at most \d+/);
	}
	const r = await post(`${G}/events/${eventId}/results`,
		{ npc: 'GBR', name: 'Bad\tName', rank: 2 }, s.operator);
	assert.equal(r.status, 400);
	// real names in any script are names
	const ok = await post(G + '/events', { sport: '游泳', name: 'Canoe / Kayak F · Beach volley.' }, s.admin);
	assert.equal(ok.status, 201);
});

function cli(...args) {
	try {
		execFileSync(BIN, ['--db', s.db, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
		return { rc: 0, err: '' };
	} catch (e) {
		return { rc: e.status, err: String(e.stderr) };
	}
}

test('forge__cli_refuses_bad_source_labels_and_token_names', async () => {
	const seed = new URL('../../data/PG2004.seed.txt', import.meta.url).pathname;
	for (const src of ['ipc\n', 'x'.repeat(200), '', 'results', '-x', 'a b']) {
		const r = cli('import', 'table', seed, '--games', 'PG2004', '--source', src);
		assert.equal(r.rc, 2, JSON.stringify(src) + ': ' + r.err);
		assert.match(r.err, /source label/);
	}
	const r = cli('token', 'add', '--role', 'admin', '--name', 'evil\tadmin\t2020-01-01\nfake');
	assert.equal(r.rc, 2, r.err);
	assert.match(r.err, /token name/);
	assert.doesNotMatch(podium(s.db, 'token', 'list'), /fake/);
	// the sources the server lists are still just seed
	const games = (await get('/api/games')).json().games;
	assert.deepEqual(games.find((g) => g.code === 'PG2004').sources, ['seed']);
});

test('forge__a_bad_row_in_the_store_stops_only_its_own_view', async () => {
	// a label the rules now refuse, written as an older podium (or a hand
	// edit) could have: a source with a newline and one over 128 bytes
	const long = 'y'.repeat(200);
	execFileSync('sqlite3', [s.db, `
		INSERT INTO published (games, source, caption, lang, file)
			SELECT games, 'ipc' || char(10), caption, lang, file FROM published WHERE source = 'seed';
		INSERT INTO published_rows (games, source, pos, line, rank, name, npc, gold, silver, bronze, total)
			SELECT games, 'ipc' || char(10), pos, line, rank, name, npc, gold, silver, bronze, total
			FROM published_rows WHERE source = 'seed';
		INSERT INTO published (games, source, caption, lang, file)
			SELECT games, '${long}', caption, lang, file FROM published WHERE source = 'seed';
		UPDATE games SET version = version + 1 WHERE code = 'PG2004';`]);
	// a write still lands and shows: were the bad row to stop the views,
	// the read would be given the last good ones (after HOLD_MS), at the
	// version before the write
	let r = await post(`${G}/events/${eventId}/results`,
		{ npc: 'GBR', name: 'Ann Smith', rank: 2 }, s.operator);
	assert.equal(r.status, 200);
	const st = await computed();
	assert.equal(st.version, r.json().version);
	assert.deepEqual(st.rows.map((x) => [x.npc, x.gold, x.silver]), [['CHN', 1, 0], ['GBR', 0, 1]]);
	assert.equal((await get(G + '/standings?source=seed')).status, 200);
	// a label over the old 128-byte buffer is taken whole, not cut
	r = await get(G + '/standings?source=' + long);
	assert.equal(r.status, 200);
	assert.equal(r.json().source, long);
	// the newline label is one label, listed and served as it is
	const games = (await get('/api/games')).json().games;
	assert.ok(games.find((g) => g.code === 'PG2004').sources.includes('ipc\n'));
	// and a second server starts on the same database and serves
	const second = spawn(BIN, ['--db', s.db, 'serve', '--port', '0'],
		{ stdio: ['ignore', 'ignore', 'pipe'] });
	try {
		const port = await new Promise((resolve, reject) => {
			let err = '';
			const timer = setTimeout(() => reject(new Error('no serving line: ' + err)), 10000);
			second.stderr.on('data', (b) => {
				err += b;
				const m = /serving .* at http:\/\/127\.0\.0\.1:(\d+)\//.exec(err);
				if (m) { clearTimeout(timer); resolve(Number(m[1])); }
			});
			second.on('exit', () => reject(new Error('second server exited: ' + err)));
		});
		const r2 = await request({ port, agent: false }, 'GET', G + '/standings?source=results',
			{ agent: false });
		assert.equal(r2.status, 200);
		assert.deepEqual(r2.json().rows.map((x) => x.npc), ['CHN', 'GBR']);
	} finally {
		second.kill('SIGTERM');
	}
});

test('forge__a_table_that_cannot_be_read_answers_for_itself', async () => {
	// damage only what the published tables are read from
	execFileSync('sqlite3', [s.db, `ALTER TABLE published_rows RENAME TO published_rows_gone;
		UPDATE games SET version = version + 1 WHERE code = 'PG2004';`]);
	try {
		let r = await post(`${G}/events/${eventId}/results`,
			{ npc: 'CAN', name: 'Roy Boyd', rank: 3 }, s.operator);
		assert.equal(r.status, 200);
		// the computed table goes on, and shows the write (not the
		// last good views, at the version before it)
		const st = await computed();
		assert.equal(st.version, r.json().version);
		assert.deepEqual(st.rows.map((x) => x.npc), ['CHN', 'GBR', 'CAN']);
		// the published one says why, and so does the log
		r = await get(G + '/standings?source=seed');
		assert.equal(r.status, 500);
		assert.match(r.json().error, /PG2004@seed cannot be served: .*published_rows/);
		assert.match(s.stderr(), /PG2004@seed is not served: .*published_rows/);
		assert.equal((await get('/api/games')).status, 200);
	} finally {
		execFileSync('sqlite3', [s.db, `ALTER TABLE published_rows_gone RENAME TO published_rows;
			UPDATE games SET version = version + 1 WHERE code = 'PG2004';`]);
	}
	// repaired, it is served again at the next version
	let ok = 0;
	for (let i = 0; i < 50 && ok !== 200; i++) {
		ok = (await get(G + '/standings?source=seed')).status;
		if (ok !== 200) await new Promise((res) => setTimeout(res, 100));
	}
	assert.equal(ok, 200);
});
