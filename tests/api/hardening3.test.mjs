// hardening3.test.mjs -- the server's findings of the third hostile audit
// (issue 27, items 5, 6 and 9) and two of issue 26: a stream's socket is
// given back when its client goes, streams stop short of the descriptor
// limit with a 503, a request head has a deadline, a normal disconnect
// logs nothing; a store file written over in place refuses the next write
// and nothing is checkpointed into it; %00, OPTIONS on nothing, Host,
// a spaced header name, a page's ETag in If-Match; /favicon.ico.
// (The PostgreSQL outage is outage.test.mjs: it needs the test cluster.)
// Loopback only; every loop bounded in count and time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import http from 'node:http';
import { readdirSync, readFileSync, existsSync, copyFileSync, writeFileSync,
	mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, serveOn, request, bearer, openStream, podium, BIN } from './server.mjs';

let s;
before(async () => { s = await startServer(); });
after(async () => { if (s) await s.stop(); });

const G = '/api/games/PG2004';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fds = (pid) => readdirSync(`/proc/${pid}/fd`).length;

// The bytes of one exchange on a fresh socket: what came back before the
// server closed it, or wait ms passed.
function raw(port, text, { wait = 3000 } = {}) {
	return new Promise((resolve) => {
		const sock = net.connect(port, '127.0.0.1');
		let got = '';
		const done = () => { sock.destroy(); resolve(got); };
		sock.setTimeout(wait, done);
		sock.on('data', (b) => { got += b.toString('latin1'); });
		sock.on('end', done);
		sock.on('error', done);
		sock.on('connect', () => sock.write(text));
	});
}

test('hardening3__a_stream_whose_client_went_gives_its_descriptor_back', async () => {
	const pid = s.proc.pid;
	const base = fds(pid);
	let peak = 0;
	// one client, one stream at a time: each is closed as soon as it has
	// its table.  Its socket used to stay until the next 15 s heartbeat,
	// one more descriptor each (19,964 of them in the audit)
	for (let i = 0; i < 40; i++) {
		const st = openStream(s, G + '/stream');
		await st.next((m) => m.event === 'standings');
		peak = Math.max(peak, fds(pid));
		st.close();
		await sleep(40);
	}
	let now = fds(pid);
	for (let t = 0; t < 100 && now > base; t++) { await sleep(50); now = fds(pid); }
	assert.ok(peak <= base + 6, `descriptors rose from ${base} to ${peak} over 40 streams, one at a time`);
	assert.ok(now <= base, `descriptors ${now} after the streams closed, ${base} before`);
	// ... and a stream that ends normally is not the log's business
	assert.doesNotMatch(s.stderr(), /application error|Closing connection/);
});

test('hardening3__streams_past_the_cap_are_503_with_retry_after', async () => {
	// 300 descriptors: MHD takes 236 connections, the streams 204 of them
	const dir = mkdtempSync(join(tmpdir(), 'podium-cap-'));
	const db = join(dir, 'podium.db');
	podium(db, 'init');
	const proc = spawn('sh', ['-c', `ulimit -n 300 && exec "$0" --db "$1" serve --port 0`, BIN, db],
		{ stdio: ['ignore', 'ignore', 'pipe'] });
	const reqs = [];
	try {
		const port = await new Promise((resolve, reject) => {
			let err = '';
			const timer = setTimeout(() => reject(new Error('no serving line: ' + err)), 20000);
			proc.stderr.on('data', (b) => {
				err += b;
				const m = /serving .* at http:\/\/127\.0\.0\.1:(\d+)\//.exec(err);
				if (m) { clearTimeout(timer); resolve(Number(m[1])); }
			});
		});
		const n = { ok: 0, full: 0, other: 0 };
		let retry;
		await Promise.all(Array.from({ length: 230 }, () => new Promise((resolve) => {
			const req = http.get({ host: '127.0.0.1', port, path: G + '/stream', agent: false }, (res) => {
				if (res.statusCode === 200) n.ok++;
				else if (res.statusCode === 503) { n.full++; retry = res.headers['retry-after']; }
				else n.other++;
				res.resume();
				resolve();
			});
			req.on('error', () => { n.other++; resolve(); });
			reqs.push(req);
		})));
		assert.ok(n.full > 0, `no stream was refused: ${JSON.stringify(n)}`);
		assert.equal(n.other, 0, JSON.stringify(n));
		assert.equal(retry, '2');
		// the descriptors kept from the streams serve the rest
		const r = await request({ port }, 'GET', '/api/games', { agent: false });
		assert.equal(r.status, 200);
	} finally {
		reqs.forEach((r) => r.destroy());
		proc.kill('SIGTERM');
		await new Promise((r) => proc.once('exit', r));
		rmSync(dir, { recursive: true, force: true });
	}
});

test('hardening3__a_request_head_has_a_deadline', async () => {
	// one byte a second: each byte began MHD's 30 s idle timeout again,
	// so such a client (3,000 of them in the audit) was never let go
	const sock = net.connect(s.port, '127.0.0.1');
	const head = 'GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(100);
	const t0 = performance.now();
	let closed = false, got = '';
	sock.on('data', (b) => { got += b; });
	sock.on('close', () => { closed = true; });
	sock.on('error', () => {});
	await new Promise((r) => sock.once('connect', r));
	for (let i = 0; i < head.length && !closed && performance.now() - t0 < 25000; i++) {
		sock.write(head[i]);
		await sleep(1000);
	}
	sock.destroy();
	assert.ok(closed, 'a head sent one byte a second was still being read after 25 s');
	assert.equal(got, '', 'an answer to a head that never came whole');
	console.log(`# a slow head cut after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
});

test('hardening3__a_nul_in_the_path_is_400', async () => {
	for (const path of ['/desk%00.js', '/games%00/PG2004', '/style.css%00']) {
		const r = await request(s, 'GET', path, { agent: false });
		assert.ok(r.status === 400 || r.status === 404, `${path} -> ${r.status}`);
		assert.ok(!r.text.includes('<!doctype') && !r.text.includes('<html'), `${path} served a page`);
	}
});

test('hardening3__options_on_nothing_is_404', async () => {
	let r = await request(s, 'OPTIONS', '/nothing-here', { agent: false });
	assert.equal(r.status, 404);
	r = await request(s, 'OPTIONS', '/api/nothing-here', { agent: false, undocumented: true });
	assert.equal(r.status, 404);
	r = await request(s, 'OPTIONS', G + '/standings', { agent: false });
	assert.equal(r.status, 204);
});

test('hardening3__host_must_be_there_once', async () => {
	let got = await raw(s.port, 'GET /api/games HTTP/1.1\r\n\r\n');
	assert.match(got, /^HTTP\/1\.1 400/, 'no Host: ' + got.slice(0, 60));
	got = await raw(s.port, 'GET /api/games HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n');
	assert.match(got, /^HTTP\/1\.1 400/, 'two Hosts: ' + got.slice(0, 60));
	// HTTP/1.0 has no Host to give
	got = await raw(s.port, 'GET /api/games HTTP/1.0\r\n\r\n');
	assert.match(got, /^HTTP\/1\.[01] 200/, got.slice(0, 60));
	got = await raw(s.port, 'GET /api/games HTTP/1.1\r\nHost: a\r\n\r\n');
	assert.match(got, /^HTTP\/1\.1 200/, got.slice(0, 60));
});

test('hardening3__a_space_before_a_header_colon_is_400', async () => {
	// a proxy that trims the name frames the body as chunks; MHD, keeping
	// the space, ignored the header: one request each side saw otherwise
	const got = await raw(s.port, `POST ${G}/events HTTP/1.1\r\nHost: x\r\n` +
		`Authorization: Bearer ${s.admin}\r\nTransfer-Encoding : chunked\r\n\r\n` +
		'0\r\n\r\n');
	assert.match(got, /^HTTP\/1\.1 400/, got.slice(0, 80));
	assert.match(got, /space/);
	assert.equal(got.split('HTTP/1.1 ').length - 1, 1, 'only one response: ' + got);
});

test('hardening3__a_pages_etag_works_in_if_match', async () => {
	// docs/API.md: any read's ETag of the Games; a page's is "hVERSION"
	const page = await request(s, 'GET', '/games/PG2004', { agent: false });
	assert.equal(page.status, 200);
	const etag = page.headers.etag;
	assert.match(etag, /^"h\d+"$/);
	let r = await request(s, 'POST', G + '/events', { agent: false,
		body: { sport: 'Athletics', name: 'If-Match page', gender: 'M' },
		headers: { ...bearer(s.admin), 'If-Match': etag } });
	assert.equal(r.status, 201, r.text);
	// the same tag again is a version gone by: 412, not 400
	r = await request(s, 'POST', G + '/events', { agent: false,
		body: { sport: 'Athletics', name: 'If-Match page 2', gender: 'M' },
		headers: { ...bearer(s.admin), 'If-Match': etag } });
	assert.equal(r.status, 412, r.text);
	r = await request(s, 'POST', G + '/events', { agent: false,
		body: { sport: 'Athletics', name: 'If-Match page 3', gender: 'M' },
		headers: { ...bearer(s.admin), 'If-Match': '"x17"' } });
	assert.equal(r.status, 400, r.text);
});

test('hardening3__favicon_is_served', async () => {
	const r = await request(s, 'GET', '/favicon.ico', { agent: false });
	assert.equal(r.status, 200);
	assert.equal(r.headers['content-type'], 'image/x-icon');
	assert.deepEqual([...r.body.subarray(0, 4)], [0, 0, 1, 0], 'an ICO file');
	const again = await request(s, 'GET', '/favicon.ico', { agent: false,
		headers: { 'If-None-Match': r.headers.etag } });
	assert.equal(again.status, 304);
});

test('hardening3__a_store_file_written_over_in_place_refuses_the_next_write', async () => {
	const dir = mkdtempSync(join(tmpdir(), 'podium-restore-'));
	const db = join(dir, 'podium.db'), backup = join(dir, 'backup.db');
	podium(db, 'init');
	const token = podium(db, 'token', 'add', '--role', 'admin', '--name', 'desk').trim();
	copyFileSync(db, backup);
	// a write after the backup, checkpointed into the file (the CLI's
	// close): the file now differs from the backup
	podium(db, 'event', 'add', '--games', 'PG2004', '--sport', 'Athletics',
		'--name', 'After the backup', '--gender', 'M');
	const srv = await serveOn(db);
	const node = { port: srv.port };
	const write = (name) => request(node, 'POST', G + '/events', { agent: false,
		body: { sport: 'Athletics', name, gender: 'M' }, headers: bearer(token) });
	try {
		assert.equal((await write('Before the restore')).status, 201);
		// what cp and cat do: the same file, its bytes written over
		writeFileSync(db, readFileSync(backup));
		const r = await write('After the restore');
		assert.equal(r.status, 503, r.text);
		assert.equal(r.headers['retry-after'], '2');
		assert.match(r.json().error, /replaced after it was opened/);
		assert.equal((await write('Again')).status, 503);
		// the server says what happened, once
		assert.equal(srv.stderr().match(/written over in place/g)?.length, 1, srv.stderr());
	} finally {
		srv.proc.kill('SIGTERM');
		await srv.exited;
	}
	// nothing was checkpointed into the restored file, and its old log
	// is kept aside, not applied at the next open
	assert.ok(readFileSync(db).equals(readFileSync(backup)), 'the server wrote into the restored file');
	assert.ok(existsSync(db + '-wal.replaced'));
	assert.ok(!existsSync(db + '-wal'));
	const list = podium(db, 'event', 'list', '--games', 'PG2004');
	assert.doesNotMatch(list, /After the backup|Before the restore|After the restore/);
	rmSync(dir, { recursive: true, force: true });
});
