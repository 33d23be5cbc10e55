// api.test.mjs -- the HTTP API of 'podium serve', every endpoint and status
// code: reads, ETag and 304, gzip, CORS, writes with tokens (401, 403, 400,
// 404, 405, 409, 413), the event stream with Last-Event-ID, changes from
// another process, and a graceful stop on SIGTERM.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import net from 'node:net';
import { startServer, request, bearer, openStream, podium } from './server.mjs';

let s;
before(async () => { s = await startServer(); });
after(async () => { if (s) await s.stop(); });

const get = (path, headers) => request(s, 'GET', path, { headers });
const post = (path, body, tok, headers = {}) =>
	request(s, 'POST', path, { body, headers: { ...(tok ? bearer(tok) : {}), ...headers } });
const G = '/api/games/PG2004';

test('api__games_lists_the_store_and_the_default', async () => {
	const r = await get('/api/games');
	assert.equal(r.status, 200);
	assert.match(r.headers['content-type'], /^application\/json/);
	assert.equal(r.headers['access-control-allow-origin'], '*');
	assert.ok(r.headers.etag);
	const d = r.json();
	assert.deepEqual(d.default, { games: 'PG2004', source: 'seed', auto: true });
	assert.equal(d.games[0].code, 'PG2004');
	assert.equal(d.games[0].name.zh, '2004年雅典残奥会');
	assert.deepEqual(d.games[0].sources, ['seed']);
});

test('api__standings_published_table_in_both_languages', async () => {
	const r = await get(G + '/standings?source=seed');
	assert.equal(r.status, 200);
	const d = r.json();
	assert.equal(d.rows.length, 75);
	assert.deepEqual(d.rows[0], { rank: 1, npc: 'CHN', name: { en: 'China', zh: '中国' },
		gold: 63, silver: 46, bronze: 32, total: 141 });
	assert.deepEqual(d.totals, { gold: 519, silver: 518, bronze: 533, total: 1570 });
	assert.equal(d.version, 1);
	assert.equal(r.headers.etag, '"1"');
	const zh = (await get(G + '/standings?source=seed&lang=zh')).json();
	assert.equal(zh.lang, 'zh');
	assert.match(zh.caption, /雅典/);
	const total = (await get(G + '/standings?source=seed&scheme=total')).json();
	assert.equal(total.scheme, 'total');
	assert.equal(total.rows[0].npc, 'CHN');
	const pts = (await get(G + '/standings?source=seed&scheme=points=3,2,1&top=3')).json();
	assert.equal(pts.rows.length, 3);
	assert.equal(pts.rows[0].points, 63 * 3 + 46 * 2 + 32);
	assert.equal(pts.remaining.npcs, 72);
});

test('api__standings_bad_queries', async () => {
	let r = await get(G + '/standings?lang=de');
	assert.equal(r.status, 400);
	assert.equal(r.json().field, 'lang');
	// fr is a language of podium's: its table, caption in French
	r = await get(G + '/standings?lang=fr');
	assert.equal(r.status, 200);
	assert.equal(r.json().lang, 'fr');
	r = await get(G + '/standings?scheme=silver');
	assert.equal(r.status, 400);
	assert.equal(r.json().field, 'scheme');
	r = await get(G + '/standings?top=0');
	assert.equal(r.status, 400);
	r = await get(G + '/standings?source=nowhere');
	assert.equal(r.status, 404);
	r = await get(G + '/standings?source=seed&sport=Judo');
	assert.equal(r.status, 400);
	r = await get('/api/games/XX1999/standings');
	assert.equal(r.status, 404);
	r = await request(s, 'GET', '/api/nothing', { undocumented: true });
	assert.equal(r.status, 404);
	assert.ok(r.json().error);
});

test('api__etag_and_304', async () => {
	const r = await get(G + '/standings?source=seed');
	const again = await get(G + '/standings?source=seed', { 'If-None-Match': r.headers.etag });
	assert.equal(again.status, 304);
	assert.equal(again.body.length, 0);
	assert.equal(again.headers.etag, r.headers.etag);
	const weak = await get(G + '/standings?source=seed', { 'If-None-Match': 'W/' + r.headers.etag });
	assert.equal(weak.status, 304);
	const other = await get(G + '/standings?source=seed', { 'If-None-Match': '"999"' });
	assert.equal(other.status, 200);
	assert.match(r.headers['cache-control'], /no-cache/);
});

test('api__gzip_when_asked', async () => {
	const plain = await get(G + '/standings?source=seed&lang=zh');
	const gz = await get(G + '/standings?source=seed&lang=zh', { 'Accept-Encoding': 'gzip, deflate' });
	assert.equal(gz.headers['content-encoding'], 'gzip');
	assert.equal(plain.headers['content-encoding'], undefined);
	assert.match(gz.headers.vary, /Accept-Encoding/);
	assert.ok(gz.body.length < plain.body.length);
	assert.equal(gunzipSync(gz.body).toString('utf8'), plain.text);
	const no = await get(G + '/standings?source=seed', { 'Accept-Encoding': 'gzip;q=0' });
	assert.equal(no.headers['content-encoding'], undefined);
});

test('api__cors_for_reads_only', async () => {
	const pre = await request(s, 'OPTIONS', G + '/standings');
	assert.equal(pre.status, 204);
	assert.equal(pre.headers['access-control-allow-origin'], '*');
	assert.match(pre.headers['access-control-allow-methods'], /GET/);
	const w = await post(G + '/events', {}, null);
	assert.equal(w.status, 401);
	assert.equal(w.headers['access-control-allow-origin'], undefined);
});

test('api__page_and_assets_from_the_binary', async () => {
	const r = await get('/');
	assert.equal(r.status, 200);
	assert.match(r.headers['content-type'], /^text\/html/);
	assert.match(r.text, /<table id="medals"[ >]/);
	assert.match(r.text, /<tr data-npc="CHN">/);
	assert.match(r.text, /<caption/);
	assert.match((await get('/app.js')).headers['content-type'], /javascript/);
	assert.match((await get('/style.css')).headers['content-type'], /text\/css/);
	const head = await request(s, 'HEAD', '/');
	assert.equal(head.status, 200);
	assert.equal(head.body.length, 0);
});

test('api__writes_need_a_token_and_a_role', async () => {
	let r = await post(G + '/events', { sport: 'Athletics', name: 'x' }, null);
	assert.equal(r.status, 401);
	assert.match(r.headers['www-authenticate'], /Bearer/);
	r = await post(G + '/events', { sport: 'Athletics', name: 'x' }, 'pdt_wrong');
	assert.equal(r.status, 401);
	r = await post(G + '/events', { sport: 'Athletics', name: 'x' }, s.operator);
	assert.equal(r.status, 403);
	r = await post(G + '/sanctions', { athlete: 1, events: [1], mode: 'vacate', reason: 'r' }, s.operator);
	assert.equal(r.status, 403);
	r = await get(G + '/events/1/results');
	assert.equal(r.status, 405);
	assert.equal(r.headers.allow, 'DELETE, PATCH, POST');
	r = await request(s, 'DELETE', G + '/events');
	assert.equal(r.status, 405);
	r = await post(G + '/standings', {}, s.admin);
	assert.equal(r.status, 405);
});

test('api__writes_refuse_bad_bodies', async () => {
	let r = await post(G + '/events', '{"sport": ', s.admin);
	assert.equal(r.status, 400);
	assert.match(r.json().error, /malformed JSON/);
	r = await post(G + '/events', '[1,2]', s.admin);
	assert.equal(r.status, 400);
	r = await post(G + '/events', { sport: 'Athletics' }, s.admin);
	assert.equal(r.status, 400);
	assert.equal(r.json().field, 'name');
	r = await post(G + '/events', { sport: 'Athletics', name: 'y', gender: 'Q' }, s.admin);
	assert.deepEqual(r.json(), { error: 'M, W or X', field: 'gender' });
	r = await post(G + '/events', { sport: 'Athletics', name: 'y', colour: 1 }, s.admin);
	assert.equal(r.status, 400);
	assert.match(r.json().error, /unknown field 'colour'/);
	r = await post(G + '/events/99999/results', { npc: 'CHN', name: 'A', rank: 1 }, s.operator);
	assert.equal(r.status, 404);
	r = await post('/api/games/XX1999/events', { sport: 'a', name: 'b' }, s.admin);
	assert.equal(r.status, 404);
});

test('api__body_over_the_limit_is_413', async () => {
	const big = JSON.stringify({ sport: 'Athletics', name: 'x'.repeat(70000) });
	const r = await new Promise((resolve, reject) => {
		const c = net.connect(s.port, '127.0.0.1', () => {
			c.write(`POST ${G}/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.admin}\r\n` +
				`Content-Length: ${big.length}\r\n\r\n`);
			c.write(big.slice(0, 1024));
		});
		let got = '';
		c.on('data', (b) => { got += b; if (/\r\n\r\n/.test(got)) { c.destroy(); resolve(got); } });
		c.on('error', (e) => (got ? resolve(got) : reject(e)));
		setTimeout(() => { c.destroy(); reject(new Error('no answer')); }, 5000);
	});
	assert.match(r, /^HTTP\/1\.1 413/);
	assert.match(r, /over 65536 bytes/);
	// announced, and refused before the body is sent
	const r2 = await new Promise((resolve, reject) => {
		const c = net.connect(s.port, '127.0.0.1', () => {
			c.write(`POST ${G}/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.admin}\r\n` +
				'Content-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{');
		});
		let got = '';
		c.on('data', (b) => { got += b; if (/\r\n\r\n/.test(got)) { c.destroy(); resolve(got); } });
		c.on('error', reject);
		setTimeout(() => { c.destroy(); reject(new Error('no answer')); }, 5000);
	});
	assert.match(r2, /^HTTP\/1\.1 413/);
	// chunked, with no length announced
	const r3 = await new Promise((resolve, reject) => {
		const c = net.connect(s.port, '127.0.0.1', () => {
			c.write(`POST ${G}/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.admin}\r\n` +
				'Transfer-Encoding: chunked\r\n\r\n');
			const chunk = 'a'.repeat(16384);
			let i = 0;
			const more = () => {	/* one chunk at a time, until answered */
				if (got) return;
				if (i++ === 8) { c.write('0\r\n\r\n'); return; }
				c.write(chunk.length.toString(16) + '\r\n' + chunk + '\r\n',
					() => setTimeout(more, 20));
			};
			more();
		});
		let got = '';
		c.on('data', (b) => { got += b; if (/\r\n\r\n/.test(got)) { c.destroy(); resolve(got); } });
		c.on('error', (e) => (got ? resolve(got) : reject(e)));
		setTimeout(() => { c.destroy(); reject(new Error('no answer')); }, 5000);
	});
	assert.match(r3, /^HTTP\/1\.1 413/);
});

let eventId, athleteId;

test('api__results_move_the_table_and_every_view', async () => {
	const v0 = (await get('/api/games')).json().games[0].version;
	let r = await post(G + '/events', { sport: 'Athletics', name: '100 m T54', gender: 'M',
		date: '2004-09-20', status: 'official', reason: 'test' }, s.admin);
	assert.equal(r.status, 201);
	eventId = r.json().event;
	assert.ok(eventId > 0);
	assert.equal(r.json().version, v0 + 1);
	// added again: nothing changes, no version is made
	r = await post(G + '/events', { sport: 'Athletics', name: '100 m T54', gender: 'M' }, s.admin);
	assert.equal(r.status, 200);
	assert.equal(r.json().event, eventId);
	assert.equal(r.json().unchanged, true);
	assert.equal(r.json().version, v0 + 1);
	r = await post(G + '/events', { sport: 'Athletics', name: '100 m T54', gender: 'M',
		date: '2004-09-21' }, s.admin);
	assert.equal(r.status, 409);
	assert.match(r.json().error, /with date '2004-09-20', not '2004-09-21'/);
	r = await post(`${G}/events/${eventId}/results`, { results: [
		{ npc: 'CHN', name: 'Li Wei', rank: 1, mark: '14.20', value: 14.2 },
		{ npc: 'GBR', name: 'Ann Smith', rank: 2 },
		{ npc: 'CAN', name: 'Roy Boyd', rank: 3, records: 'PR' },
	] }, s.operator);
	assert.equal(r.status, 200);
	const v = r.json().version;
	assert.equal(v, v0 + 2);
	// the response comes once the views show the write
	const st = await get(G + '/standings?source=results');
	assert.equal(st.json().version, v);
	assert.equal(st.headers.etag, `"${v}"`);
	assert.deepEqual(st.json().rows.map((x) => [x.npc, x.gold, x.silver, x.bronze]),
		[['CHN', 1, 0, 0], ['GBR', 0, 1, 0], ['CAN', 0, 0, 1]]);
	const games = (await get('/api/games')).json();
	assert.equal(games.games[0].medals, 3);
	const evs = (await get(G + '/events')).json();
	assert.equal(evs.events.find((e) => e.id === eventId).results, 3);
	const ev = (await get(`${G}/events/${eventId}`)).json();
	assert.equal(ev.status, 'official');
	assert.deepEqual(ev.results.map((x) => [x.npc, x.medal]), [['CHN', 'gold'], ['GBR', 'silver'], ['CAN', 'bronze']]);
	athleteId = ev.results[0].athlete;
	assert.equal((await get(`${G}/events/99999`)).status, 404);
	// the NPC's row is the published table's while it stands, its
	// medals the results'; ?source=results ranks it from the results
	const npc = (await get(G + '/npcs/chn')).json();
	assert.equal(npc.gold, 63);
	assert.equal(npc.medals[0].winner, 'Li Wei');
	assert.equal((await get(G + '/npcs/chn?source=results')).json().gold, 1);
	assert.equal((await get(G + '/npcs/ZZZ')).status, 404);
	const seedNpc = (await get(G + '/npcs/CHN?source=seed')).json();
	assert.equal(seedNpc.gold, 63);
	const ath = (await get(G + '/athletes?q=li%20wei')).json();
	assert.equal(ath.athletes.length, 1);
	assert.deepEqual(ath.athletes[0].medals, { gold: 1, silver: 0, bronze: 0 });
	const stats = (await get(G + '/stats')).json();
	// one event of the 519 its published table awards: that table stands
	assert.deepEqual(stats.medals, { gold: 519, silver: 518, bronze: 533 });
	assert.deepEqual(stats.table, { source: 'seed', events: 1, of: 519 });
	const tl = (await get(G + '/timeline')).json();
	assert.deepEqual(tl.days, ['2004-09-20']);
	assert.equal(tl.series[0].npc, 'CHN');
	const log = (await get(G + '/log?since=' + v0)).json();
	assert.deepEqual(log.changes.map((c) => c.actor), ['desk', 'venue']);
	assert.match(log.changes[1].command, /POST \/api\/games\/PG2004\/events\/\d+\/results/);
	assert.equal((await get(G + '/log?since=x')).status, 400);
	const sport = (await get(G + '/standings?sport=Athletics&lang=zh')).json();
	assert.equal(sport.sport, 'Athletics');
	assert.equal(sport.rows.length, 3);
});

test('api__status_and_sanction', async () => {
	let r = await post(`${G}/events/${eventId}/status`, { status: 'protested', reason: 'appeal' }, s.operator);
	assert.equal(r.status, 200);
	assert.equal((await get(`${G}/events/${eventId}`)).json().status, 'protested');
	assert.equal((await get(G + '/standings?source=results')).json().rows.length, 0);
	r = await post(`${G}/events/${eventId}/status`, { status: 'official' }, s.operator);
	assert.equal(r.status, 200);
	r = await post(G + '/sanctions', { athlete: athleteId, events: [eventId], mode: 'sideways', reason: 'x' }, s.admin);
	assert.equal(r.json().field, 'mode');
	r = await post(G + '/sanctions', { athlete: athleteId, events: [eventId], mode: 'reallocate' }, s.admin);
	assert.equal(r.json().field, 'reason');
	r = await post(G + '/sanctions', { athlete: athleteId, events: [eventId], mode: 'reallocate',
		reason: 'anti-doping rule violation' }, s.admin);
	assert.equal(r.status, 201);
	assert.ok(r.json().id > 0);
	const rows = (await get(G + '/standings?source=results')).json().rows;
	assert.deepEqual(rows[0], { rank: 1, npc: 'GBR', name: { en: 'Great Britain', zh: '英国' },
		gold: 1, silver: 0, bronze: 0, total: 1 });
});

test('api__if_match_refuses_a_write_to_a_games_that_moved_on', async () => {
	const st = await get(G + '/standings?source=results');
	const v = st.json().version;
	const url = `${G}/events/${eventId}/status`;
	// the ETag just read: the write lands
	let r = await post(url, { status: 'protested', reason: 'as read' }, s.operator, { 'If-Match': st.headers.etag });
	assert.equal(r.status, 200);
	assert.equal(r.json().version, v + 1);
	// the same ETag again: the Games is at v + 1 now, so 412, nothing written
	r = await post(url, { status: 'official', reason: 'stale' }, s.operator, { 'If-Match': st.headers.etag });
	assert.equal(r.status, 412);
	assert.equal(r.json().version, v + 1);
	assert.equal(r.json().games, 'PG2004');
	assert.match(r.json().error, /at version \d+, not \d+: nothing was written/);
	assert.equal(r.headers['cache-control'], 'no-store');
	assert.equal((await get(`${G}/events/${eventId}`)).json().status, 'protested');
	const log = (await get(G + '/log?since=' + v)).json();
	assert.deepEqual(log.changes.map((c) => c.reason), ['as read']);
	// '*' is any version; a weak or a malformed tag is refused, not guessed
	r = await post(url, { status: 'official', reason: 'any' }, s.operator, { 'If-Match': '*' });
	assert.equal(r.status, 200);
	for (const bad of ['W/"3"', '3', '"x"', '"3", "4"', '"0"']) {
		r = await post(url, { status: 'official' }, s.operator, { 'If-Match': bad });
		assert.equal(r.status, 400, bad);
		assert.match(r.json().error, /If-Match/);
	}
});

// Raw bytes of a stream on one socket: an HTTP/1.1 client gets every
// message as one chunk (the size in hex, the text, CRLF), an HTTP/1.0
// one the text alone.  After its first message a stream is written by
// the server's own sending threads (sender.c), not by MHD: these are the
// bytes they write, byte for byte.
async function rawStream(version, until) {
	const sock = net.connect(s.port, '127.0.0.1');
	let buf = '';
	sock.setEncoding('latin1');
	sock.on('data', (d) => { buf += d; });
	sock.write(`GET ${G}/stream HTTP/${version}\r\nHost: x\r\n\r\n`);
	const wait = async (re) => {
		for (let i = 0; i < 200 && !re.test(buf); i++)
			await new Promise((r) => setTimeout(r, 10));
		assert.match(buf, re);
	};
	await wait(/event: standings/);
	const r = await post(`${G}/events/${eventId}/results`, { npc: 'NZL', name: `Raw ${version}`, rank: 5 }, s.operator);
	const v = r.json().version;
	await wait(new RegExp(`id: ${v}\n`));
	await until?.(v);
	sock.destroy();
	return { buf, v };
}

test('api__a_stream_written_by_the_sending_threads_is_framed_for_its_client', async () => {
	let { buf, v } = await rawStream('1.1');
	assert.match(buf, /^HTTP\/1\.1 200/);
	assert.match(buf, /\r\nTransfer-Encoding: chunked\r\n/i);
	const body = buf.slice(buf.indexOf('\r\n\r\n') + 4);
	// every chunk's size is its text's length in bytes
	const chunks = [];
	for (let p = 0; p < body.length;) {
		const eol = body.indexOf('\r\n', p);
		if (eol < 0) break;
		const n = parseInt(body.slice(p, eol), 16);
		if (!(n > 0) || eol + 2 + n + 2 > body.length) break;
		chunks.push(body.slice(eol + 2, eol + 2 + n));
		assert.equal(body.slice(eol + 2 + n, eol + 4 + n), '\r\n');
		p = eol + 4 + n;
	}
	assert.ok(chunks.some((c) => c.startsWith(`id: ${v}\nevent: standings\ndata: {`) && c.endsWith('}\n\n')),
		'the new message is one whole chunk');
	({ buf, v } = await rawStream('1.0'));
	assert.doesNotMatch(buf, /Transfer-Encoding/i);
	const raw = buf.slice(buf.indexOf('\r\n\r\n') + 4);
	assert.match(raw, new RegExp(`\n\nid: ${v}\nevent: standings\ndata: \\{[^\r]*\\}\n\n$`));
	assert.doesNotMatch(raw, /\r\n/);
});

test('api__stream_sends_changes_and_resumes_with_last_event_id', async () => {
	const st = openStream(s, G + '/stream');
	const first = await st.next((m) => m.event === 'standings');
	assert.equal(st.response().headers['content-type'], 'text/event-stream; charset=utf-8');
	const d0 = JSON.parse(first.data);
	assert.equal(d0.full, true);
	assert.equal(Number(first.id), d0.version);
	let r = await post(`${G}/events/${eventId}/results`, { npc: 'USA', name: 'Joe Day', rank: 1 }, s.operator);
	const v1 = r.json().version;
	const m1 = await st.next((m) => Number(m.id) === v1);
	const d1 = JSON.parse(m1.data);
	assert.equal(d1.full, false);
	assert.equal(d1.from, d0.version);
	assert.ok(d1.changed.some((x) => x.npc === 'USA' && x.gold === 1));
	st.close();
	// two changes while away: one from this server, one from the CLI
	r = await post(`${G}/events/${eventId}/results`, { npc: 'AUS', name: 'Kim Lee', rank: 4 }, s.operator);
	const v2 = r.json().version;
	podium(s.db, 'result', 'set', String(eventId), '--npc', 'BRA', '--name', 'Ana', '--rank', '1');
	const back = openStream(s, G + '/stream', { 'Last-Event-ID': String(v1) });
	const m2 = await back.next((m) => Number(m.id) === v2);
	assert.equal(JSON.parse(m2.data).full, false);
	const m3 = await back.next((m) => Number(m.id) === v2 + 1);
	assert.ok(JSON.parse(m3.data).changed.some((x) => x.npc === 'BRA'));
	assert.ok(!back.msgs.some((m) => m.data && JSON.parse(m.data).full));
	back.close();
	// a version from before the ring: the whole table again
	const old = openStream(s, G + '/stream?lastEventId=0');
	const full = await old.next((m) => m.event === 'standings');
	assert.equal(JSON.parse(full.data).full, true);
	old.close();
	assert.equal((await get('/api/games/XX1999/stream')).status, 404);
});

test('api__revoked_token_is_refused', async () => {
	podium(s.db, 'token', 'add', '--role', 'operator', '--name', 'temp');
	const list = podium(s.db, 'token', 'list');
	assert.match(list, /^temp\toperator\t/m);
	assert.doesNotMatch(list, /pdt_/);
	const tok = podium(s.db, 'token', 'add', '--role', 'operator', '--name', 'temp2').trim();
	let r = await post(`${G}/events/${eventId}/status`, { status: 'official' }, tok);
	assert.equal(r.status, 200);
	podium(s.db, 'token', 'revoke', 'temp2');
	r = await post(`${G}/events/${eventId}/status`, { status: 'official' }, tok);
	assert.equal(r.status, 401);
});

test('api__request_log_line', async () => {
	await get('/api/games');
	assert.match(s.stderr(), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z 127\.0\.0\.1 "GET \/api\/games" 200 \d+ [\d.]+ms$/m);
});

test('api__sigterm_finishes_the_request_in_flight', async () => {
	const t = await startServer();
	const stream = openStream(t, '/api/games/PG2004/stream');
	await stream.next((m) => m.event === 'standings');
	const body = JSON.stringify({ sport: 'Swimming', name: '50 m S4', gender: 'W' });
	const reply = new Promise((resolve, reject) => {
		const c = net.connect(t.port, '127.0.0.1', () => {
			c.write(`POST /api/games/PG2004/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.admin}\r\n` +
				`Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n` +
				body.slice(0, 10));
			setTimeout(() => { t.proc.kill('SIGTERM'); }, 200);
			setTimeout(() => c.write(body.slice(10)), 600);
		});
		let got = '';
		c.on('data', (b) => { got += b; });
		c.on('end', () => resolve(got));
		c.on('error', reject);
		setTimeout(() => reject(new Error('no answer: ' + got)), 10000);
	});
	const got = await reply;
	assert.match(got, /^HTTP\/1\.1 201/);
	const ended = await stream.next(() => false, 5000).catch((e) => e.message);
	assert.equal(ended, 'stream ended');
	const exit = await t.stop();
	assert.equal(exit.code, 0, t.stderr());
	assert.match(t.stderr(), /^\S+Z podium serve: stopped$/m);
	assert.doesNotMatch(t.stderr(), /ERROR: (Address|Leak)Sanitizer|runtime error/);
});

test('api__server_stderr_is_clean', async () => {
	assert.doesNotMatch(s.stderr(), /ERROR: (Address|Leak)Sanitizer|runtime error/);
});
