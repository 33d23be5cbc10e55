// writes_streams.test.mjs -- writes while the server holds 1,000 streams,
// where a write's handler waits for its commit and answers it itself
// rather than have its connection suspended and resumed (commit.h: a
// resume walks every connection MHD holds suspended).  The guarantees
// are the same as with no streams: each write answered once durable with
// its own version, a read after the answer shows it, writes that come
// together each their own change (a stale If-Match refused alone), and
// every stream has every change.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import { startServer, request, bearer } from './server.mjs';

const STREAMS = 1000;	// commit.c's WAIT_STREAMS
const G = '/api/games/PG2004';
let s, streams = [], limit = 0;

// HTTP/1.0 streams: the text as it comes, with no chunk framing
function rawStream() {
	return new Promise((resolve, reject) => {
		const st = { text: '', sock: null };
		const sock = net.connect(s.port, '127.0.0.1', () =>
			sock.write(`GET ${G}/stream HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n`));
		st.sock = sock;
		sock.setEncoding('utf8');
		const timer = setTimeout(() => reject(new Error('no first message in 30 s')), 30000);
		sock.on('data', (d) => {
			st.text += d;
			if (timer && /\r\n\r\n[^]*\nid: \d+\n/.test(st.text)) {
				clearTimeout(timer);
				resolve(st);
			}
		});
		sock.on('error', (e) => { clearTimeout(timer); reject(e); });
	});
}

before(async () => {
	try {
		limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }));
	} catch { limit = 0; }
	if (limit < STREAMS + 200) return;
	s = await startServer();
	for (let i = 0; i < STREAMS; i += 100)
		streams.push(...await Promise.all(Array.from({ length: 100 }, rawStream)));
});
after(async () => {
	for (const st of streams) st.sock.destroy();
	if (s) await s.stop();
});

const get = (path) => request(s, 'GET', path);
const post = (path, body, tok) => request(s, 'POST', path, { body, headers: bearer(tok) });

test('writes_streams__with_1000_streams_each_write_is_answered_and_read_and_streamed', async (t) => {
	if (!s) {
		t.skip(`the open-file limit (${limit}) is below ${STREAMS + 200}`);
		return;
	}
	let r = await post(G + '/events', { sport: 'Para Athletics', name: 'Javelin F46',
		gender: 'M', status: 'official' }, s.admin);
	assert.equal(r.status, 201, r.text);
	const e = r.json().event;
	// one after another, four writers: each read after an answer shows it
	const last = [];
	await Promise.all([0, 1, 2, 3].map(async (k) => {
		for (let i = 0; i < 5; i++) {
			r = await post(`${G}/events/${e}/results`, { npc: 'KEN',
				name: `Thrower ${k} ${i}`, rank: 1 + k * 10 + i }, s.operator);
			assert.equal(r.status, 200, r.text);
			const v = r.json().version;
			last.push(v);
			const [st, ev] = await Promise.all([get(G + '/standings'), get(`${G}/events/${e}`)]);
			assert.ok(st.json().version >= v, `standings at ${v}`);
			assert.ok(ev.json().results.some((x) => x.name === `Thrower ${k} ${i}`));
		}
	}));
	assert.equal(new Set(last).size, 20, 'two writes share a version');
	// together, every other one stale: those alone refused
	const v0 = (await get(G + '/standings')).json().version;
	const rs = await Promise.all(Array.from({ length: 16 }, (_, i) =>
		request(s, 'POST', `${G}/events/${e}/results`, {
			body: { npc: 'ETH', name: `Runner ${i}`, rank: 100 + i, reason: `w${i}` },
			headers: { ...bearer(s.operator), ...(i % 2 ? { 'If-Match': `"${v0 - 1}"` } : {}) },
			agent: false })));
	assert.ok(rs.filter((x, i) => i % 2 === 0).every((x) => x.status === 200));
	assert.ok(rs.filter((x, i) => i % 2).every((x) => x.status === 412));
	const vs = rs.filter((x, i) => i % 2 === 0).map((x) => x.json().version).sort((a, b) => a - b);
	assert.deepEqual(vs, Array.from({ length: 8 }, (_, i) => v0 + 1 + i));
	// every stream has the last change
	const vn = vs[7];
	for (let i = 0; i < 400; i++) {
		if (streams.every((st) => st.text.includes(`\nid: ${vn}\n`))) break;
		await new Promise((res) => setTimeout(res, 25));
	}
	const behind = streams.filter((st) => !st.text.includes(`\nid: ${vn}\n`)).length;
	assert.equal(behind, 0, `${behind} of ${STREAMS} streams never had version ${vn}`);
});
