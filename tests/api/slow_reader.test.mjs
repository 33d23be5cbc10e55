// slow_reader.test.mjs -- a stream whose reader stops reading while the
// Games changes, then reads again.  The sending threads write a stream's
// queued messages in one sendmsg() (src/http/sender.c); when the socket
// fills, a message is cut short wherever the kernel stopped taking bytes,
// and the rest must follow, then the next messages, in order.  The reader
// here pauses while 300 changes are written, the server's side of its
// connection holding unsent bytes (the Send-Q of /proc/net/tcp, asserted:
// the socket is full), then reads on:
// every chunk is framed whole, every message is whole JSON, the table's
// messages chain (each from the version before, or the whole table) and
// the stream ends up at the last write's version with every row.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { readFileSync, existsSync } from 'node:fs';
import { startServer, request, bearer } from './server.mjs';

const G = '/api/games/PG2004';
const WRITES = 300;
let s;

before(async () => { s = await startServer(); });
after(async () => { if (s) await s.stop(); });

// Bytes the kernel holds unsent on the connection from local port lp to
// remote port rp (/proc/net/tcp's tx_queue), or -1 when none is listed.
function sendQueue(lp, rp) {
	const hex = (p) => p.toString(16).toUpperCase().padStart(4, '0');
	for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
		const f = line.trim().split(/\s+/);
		if (f.length < 5) continue;
		if (f[1].endsWith(':' + hex(lp)) && f[2].endsWith(':' + hex(rp)))
			return parseInt(f[4].split(':')[0], 16);
	}
	return -1;
}

// Undo HTTP/1.1 chunking strictly: every chunk's size line, its bytes and
// its CRLF, or an assertion naming where the framing broke.
function unchunk(raw) {
	const parts = [];
	let i = 0;
	for (;;) {
		const eol = raw.indexOf('\r\n', i);
		if (eol < 0) break;
		const size = raw.slice(i, eol).toString('latin1');
		assert.match(size, /^[0-9a-f]+$/i, `chunk size line at byte ${i}: ${JSON.stringify(size)}`);
		const n = parseInt(size, 16);
		if (eol + 2 + n + 2 > raw.length) break;	// the rest is still coming
		parts.push(raw.subarray(eol + 2, eol + 2 + n));
		assert.equal(raw.subarray(eol + 2 + n, eol + 4 + n).toString('latin1'), '\r\n',
			`chunk at byte ${i} not ended by CRLF`);
		i = eol + 4 + n;
	}
	return Buffer.concat(parts).toString('utf8');
}

test('slow_reader__a_stream_that_stops_reading_gets_whole_messages_in_order_once_it_reads_again', async (t) => {
	if (!existsSync('/proc/net/tcp')) {
		t.skip('no /proc/net/tcp to see the socket fill');
		return;
	}
	let r = await request(s, 'POST', G + '/events', { body: { sport: 'Para Athletics',
		name: 'Marathon T54', gender: 'M', status: 'official' }, headers: bearer(s.admin) });
	assert.equal(r.status, 201, r.text);
	const e = r.json().event;

	let raw = Buffer.alloc(0);
	const sock = net.connect(s.port, '127.0.0.1');
	await new Promise((res, rej) => { sock.once('connect', res); sock.once('error', rej); });
	sock.write(`GET ${G}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
	sock.on('data', (d) => { raw = Buffer.concat([raw, d]); });
	for (let i = 0; i < 400 && !/\r\n\r\n[^]*id: \d+\n/.test(raw.toString('latin1')); i++)
		await new Promise((res) => setTimeout(res, 25));
	const head = raw.toString('latin1');
	assert.match(head, /^HTTP\/1\.1 200 /);
	assert.match(head, /transfer-encoding: chunked/i);
	const hlen = raw.indexOf('\r\n\r\n') + 4;
	sock.pause();

	// results with long names, so that the event's document (sent whole
	// with each change) grows by about 200 bytes a row
	let full = 0, last = 0;
	for (let i = 1; i <= WRITES; i++) {
		r = await request(s, 'POST', `${G}/events/${e}/results`, { body: { npc: 'KEN',
			name: `Runner ${i} ${'x'.repeat(120)}`, rank: i }, headers: bearer(s.operator) });
		assert.equal(r.status, 200, r.text);
		last = r.json().version;
		if (sendQueue(s.port, sock.localPort) > 0) full++;
	}
	for (let i = 0; i < 40 && sendQueue(s.port, sock.localPort) <= 0; i++)
		await new Promise((res) => setTimeout(res, 25));
	const queued = sendQueue(s.port, sock.localPort);
	assert.ok(full > 0 || queued > 0,
		`the server's side never held unsent bytes in ${WRITES} writes: the socket never filled, so nothing was cut short`);

	sock.resume();
	// it reads again: the stream catches up (past the 64 versions the ring
	// keeps, by the whole table), then has the next change as it comes
	const upTo = async (re, what) => {
		for (let i = 0; i < 800; i++) {
			const body = unchunk(raw.subarray(hlen));
			if (re.test(body)) return body;
			await new Promise((res) => setTimeout(res, 25));
		}
		assert.fail(`no ${what} after reading again`);
	};
	await upTo(new RegExp(`\nid: ${last}\nevent: standings\n`), `standings message at version ${last}`);
	r = await request(s, 'POST', `${G}/events/${e}/results`, { body: { npc: 'ETH',
		name: 'Runner after', rank: WRITES + 1 }, headers: bearer(s.operator) });
	assert.equal(r.status, 200, r.text);
	last = r.json().version;
	const text = await upTo(new RegExp(`\nid: ${last}\nevent: results\n`), `results message at version ${last}`);
	sock.destroy();

	// whole messages, in order, chained
	let prev = 0, rows = 0, standings = 0;
	const seen = new Set();
	for (const block of text.split('\n\n')) {
		const m = {};
		for (const line of block.split('\n')) {
			const k = line.indexOf(':');
			if (k > 0) m[line.slice(0, k)] = line.slice(k + 1).trimStart();
		}
		if (m.data === undefined) continue;
		const d = JSON.parse(m.data);	// whole, or it throws
		const id = Number(m.id);
		assert.ok(!seen.has(`${id} ${m.event}`), `version ${id}'s ${m.event} message twice`);
		seen.add(`${id} ${m.event}`);
		if (m.event === 'standings') {
			assert.ok(d.full || d.from === prev, `standings ${id} from ${d.from}, after ${prev}`);
			assert.ok(id > prev, `standings ${id} after ${prev}`);
			prev = id;
			standings++;
		} else {
			assert.equal(m.event, 'results');
			assert.equal(id, prev, `results ${id} not after its version's standings (${prev})`);
			rows = d.results.length;
		}
	}
	assert.equal(prev, last);
	assert.equal(rows, WRITES + 1, 'the last results message has every row');
	assert.ok(standings > 1);
});
