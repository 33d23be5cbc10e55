// hostile.test.mjs -- what the network may send 'podium serve': slow
// clients, many idle connections, oversized headers and bodies, bad UTF-8
// and bad JSON, path traversal, invalid and replayed tokens, a flood of
// failed logins.  The server stays up, keeps answering others promptly,
// keeps its memory bounded, and answers each with the right status.
// Every loop here is bounded in count and time; loopback only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { startServer, request, bearer, podium, BIN } from './server.mjs';

let s;
before(async () => { s = await startServer(); });
after(async () => { if (s) await s.stop(); });

const G = '/api/games/PG2004';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A GET on a fresh connection, timed.
async function timedGet(path = G + '/standings?source=seed') {
	const t0 = performance.now();
	const r = await request(s, 'GET', path, { agent: false });
	return { status: r.status, ms: performance.now() - t0 };
}

function rssKb() {
	const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${s.proc.pid}/status`, 'utf8'));
	return Number(m[1]);
}

function raw(text, { wait = 2000 } = {}) {
	return new Promise((resolve) => {
		const sock = net.connect(s.port, '127.0.0.1');
		let got = '';
		const done = () => { sock.destroy(); resolve(got); };
		sock.setTimeout(wait, done);
		sock.on('data', (b) => { got += b.toString('latin1'); });
		sock.on('end', done);
		sock.on('error', done);
		sock.on('connect', () => sock.write(text));
	});
}

// Open n connections that send nothing (yet); `ended()` counts those the
// server answered or closed.  The server holds an unfinished request up to
// CONN_TIMEOUT (30 s), so a server the idle or slow ones held up would
// answer the others only after they ended: the tests below check the order,
// not a clock.
async function idle(n) {
	let ended = 0;
	const socks = await Promise.all(Array.from({ length: n }, () => new Promise((resolve) => {
		const sock = net.connect(s.port, '127.0.0.1');
		sock.on('error', () => {});
		sock.once('data', () => { ended++; });
		sock.once('close', () => { ended++; });
		sock.once('connect', () => resolve(sock));
	})));
	return { socks, ended: () => ended, destroy: () => socks.forEach((x) => x.destroy()) };
}

test('hostile__slow_clients_do_not_hold_up_others', async () => {
	const slow = await idle(30);
	const line = 'GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ';
	try {
		for (let k = 0; k < 10; k++) {	// a byte every 100 ms for a second
			for (const sock of slow.socks) sock.write(line[k % line.length]);
			const r = await timedGet();
			assert.equal(r.status, 200);
			assert.equal(slow.ended(), 0, `answer ${k} came after a slow client ended (${r.ms} ms)`);
			await sleep(100);
		}
	} finally {
		slow.destroy();
	}
});

test('hostile__many_idle_connections', async () => {
	const many = await idle(500);
	try {
		const r = await timedGet();
		assert.equal(r.status, 200);
		assert.equal(many.ended(), 0, `the answer came after ${many.ended()} idle connections ended (${r.ms} ms)`);
	} finally {
		many.destroy();
	}
});

test('hostile__oversized_headers_are_refused', async () => {
	const big = 'x'.repeat(64 * 1024);
	const got = await raw(`GET ${G}/standings HTTP/1.1\r\nHost: x\r\nX-Big: ${big}\r\n\r\n`);
	// refused with 431 (or the connection closed): never a 200
	assert.ok(!/^HTTP\/1\.1 200/.test(got), got.slice(0, 80));
	const url = await raw(`GET /${'a'.repeat(64 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
	assert.ok(!/^HTTP\/1\.1 200/.test(url), url.slice(0, 80));
	assert.equal((await timedGet()).status, 200);
});

test('hostile__oversized_body_is_413_before_it_is_read', async () => {
	const got = await raw(`POST ${G}/events/1/results HTTP/1.1\r\nHost: x\r\n` +
		`Authorization: Bearer ${s.operator}\r\nContent-Length: 50000000\r\n\r\n{`);
	assert.match(got, /^HTTP\/1\.1 413/);
});

test('hostile__bad_utf8_and_bad_json_are_400', async () => {
	const ev = await request(s, 'POST', G + '/events', {
		body: { sport: 'Hostile', name: 'Bad bytes', status: 'official' },
		headers: bearer(s.admin) });
	assert.equal(ev.status, 201, ev.text);
	const id = ev.json().event;
	const bad = Buffer.concat([Buffer.from('{"npc":"CHN","name":"'),
		Buffer.from([0xff, 0xfe]), Buffer.from('","rank":1}')]);
	let r = await request(s, 'POST', `${G}/events/${id}/results`,
		{ body: bad, headers: bearer(s.operator) });
	assert.equal(r.status, 400);
	assert.ok(r.json().error, 'a reason in JSON');
	for (const body of ['{', '[]', '{"npc":', '{"npc":"CHN","name":"A","rank":1e400}',
		'{"npc":"CHN","name":"A","rank":-1}', '{"npc":"CHN","name":"A","rank":1}{}',
		'\u0000', '{"npc":"CHN","name":"A","rank":1,"rank":2}']) {
		r = await request(s, 'POST', `${G}/events/${id}/results`,
			{ body, headers: bearer(s.operator) });
		assert.equal(r.status, 400, `${JSON.stringify(body)} -> ${r.status} ${r.text}`);
		assert.equal(typeof r.json().error, 'string');
	}
});

test('hostile__path_traversal_finds_nothing', async () => {
	for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd',
		'/web/../../../etc/passwd', '/app.js/../../etc/passwd', '/..%2f..%2fetc%2fpasswd',
		'/api/games/..%2f..%2fetc/standings', '/\\..\\..\\etc\\passwd']) {
		const r = await request(s, 'GET', path, { agent: false });
		assert.ok(r.status === 404 || r.status === 400, `${path} -> ${r.status}`);
		assert.ok(!r.text.includes('root:'), path);
	}
});

test('hostile__invalid_and_replayed_tokens_are_401', async () => {
	const path = G + '/events/1/results';
	for (const tok of ['', 'pdt_', 'pdt_' + 'A'.repeat(43), 'x'.repeat(5000), s.admin + 'x',
		s.admin.slice(0, -1)]) {
		const r = await request(s, 'POST', path, { body: { npc: 'CHN', name: 'A', rank: 1 },
			headers: { Authorization: 'Bearer ' + tok } });
		assert.ok(r.status === 401 || r.status === 400, `${tok.slice(0, 12)} -> ${r.status}`);
	}
	const made = podium(s.db, 'token', 'add', '--role', 'operator', '--name', 'once').trim();
	podium(s.db, 'token', 'revoke', 'once');
	const r = await request(s, 'POST', path, { body: { npc: 'CHN', name: 'A', rank: 1 },
		headers: bearer(made) });
	assert.equal(r.status, 401);
});

test('hostile__flood_of_failed_logins', async () => {
	const before = rssKb();
	// No clock: every read must be answered while the flood is still
	// going (each flooder stops only once the reads are done, or after
	// 400 tries), as it would not be were the refusals to hold up others.
	let refused = 0, sent = 0, stop = false;
	const flood = async () => {
		for (let i = 0; i < 400 && !stop; i++) {
			sent++;
			const r = await request(s, 'POST', G + '/events/1/results', {
				body: { npc: 'CHN', name: 'A', rank: 1 },
				headers: { Authorization: `Bearer pdt_wrong${i}` } });
			if (r.status === 401) refused++;
		}
	};
	let flooding = true;
	const floods = Promise.all(Array.from({ length: 8 }, flood)).then(() => { flooding = false; });
	while (sent < 16) await sleep(5);	// the flood is under way
	const answered = [];
	for (let k = 0; k < 10; k++) {
		const r = await timedGet();
		answered.push({ status: r.status, flooding, ms: r.ms });
		await sleep(50);
	}
	stop = true;
	await floods;
	assert.equal(refused, sent, `${sent - refused} of ${sent} bad logins were not refused`);
	for (const [k, a] of answered.entries()) {
		assert.equal(a.status, 200);
		assert.ok(a.flooding, `read ${k} came after the flood's ${sent} logins ended (${a.ms} ms)`);
	}
	// memory stays bounded: a few MiB of growth at most
	assert.ok(rssKb() - before < 64 * 1024, `RSS grew ${rssKb() - before} KiB`);
});

// Round two (issue 10): bad client input is a 400 naming the parameter,
// never a 500, and a key is never cut short to fit.
test('hostile__bad_parameters_are_400_not_500', async () => {
	for (const [path, field] of [[G + '/npcs/C%1FHN', 'npc'],
		[G + '/standings?sport=' + 'a'.repeat(5000) + '&top=3', 'sport'],
		[G + '/standings?sport=%ff', 'sport'],
		[G + '/standings?sport=Swim%1Fming&top=3', 'sport'],
		[G + '/athletes?q=%ff', 'q'], [G + '/athletes?q=a%1Fb', 'q'],
		[G + '/npcs/CHN?source=seed%0A', 'source']]) {
		const r = await request(s, 'GET', path);
		assert.equal(r.status, 400, `${path.slice(0, 60)} -> ${r.status} ${r.text}`);
		assert.equal(r.json().field, field, path.slice(0, 60));
	}
	// just under the key's size it is still served
	const r = await request(s, 'GET', G + '/standings?sport=' + 'a'.repeat(500) + '&top=3');
	assert.equal(r.status, 200, r.text);
});

test('hostile__access_log_escapes_the_url', async () => {
	const got = await raw(`GET ${G}/log%0A127.0.0.1%20%22GET%20/forged%22%20200%200%200.1ms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
	assert.match(got, /^HTTP\/1\.1 404/);
	await sleep(100);
	const lines = s.stderr().split('\n');
	assert.ok(!lines.some((l) => l.startsWith('127.0.0.1 "GET /forged"')), 'a forged line');
	assert.ok(lines.some((l) => l.includes('/log\\x0A127.0.0.1 \\x22GET /forged\\x22')),
		lines.filter((l) => l.includes('forged')).join('\n'));
});

test('hostile__head_on_a_stream_is_headers_only_and_keeps_alive', async () => {
	const got = await raw(`HEAD ${G}/stream HTTP/1.1\r\nHost: x\r\n\r\n` +
		`GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, { wait: 3000 });
	const head = got.split('\r\n\r\n')[0];
	assert.match(head, /^HTTP\/1\.1 200/);
	assert.match(head, /text\/event-stream/i);
	// the next response follows the headers at once: no chunk between
	const next = got.slice(head.length + 4);
	assert.match(next, /^HTTP\/1\.1 200/, JSON.stringify(next.slice(0, 80)));
	assert.match(next, /"games":/);
});

test('hostile__two_content_lengths_are_400_and_close', async () => {
	// the second request hides in the body of the first as the first
	// length frames it, and would be smuggled past a proxy using the other
	const hidden = `GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n`;
	for (const lengths of [['0', String(hidden.length)], ['5', 'x'],
		[String(hidden.length)]]) {
		const te = lengths.length === 1 ? 'Transfer-Encoding: chunked\r\n' : '';
		const got = await raw(`POST ${G}/events/1/results HTTP/1.1\r\nHost: x\r\n` +
			lengths.map((n) => `Content-Length: ${n}\r\n`).join('') + te +
			`Authorization: Bearer ${s.operator}\r\n\r\n` + hidden, { wait: 1500 });
		assert.match(got, /^HTTP\/1\.1 400/, got.slice(0, 60));
		assert.match(got, /\r\nConnection: close\r\n/i);
		assert.equal(got.split('HTTP/1.1 ').length - 1, 1, 'only one response: ' + got);
	}
	// one length given twice alike is one length
	const ok = await raw(`GET /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n` +
		`Content-Length: 0\r\nConnection: close\r\n\r\n`);
	assert.match(ok, /^HTTP\/1\.1 200/);
});

test('hostile__wrong_methods_are_405_with_one_allow', async () => {
	const RO = 'GET, HEAD, OPTIONS';
	for (const [method, path, allow] of [['PUT', G + '/standings', RO],
		['DELETE', G + '/standings', RO], ['POST', G + '/standings', RO],
		['DELETE', '/api/games', RO + ', POST'], ['PUT', '/', RO], ['POST', '/', RO],
		['POST', '/app.js', RO], ['DELETE', G + '/events', RO + ', POST'],
		['PUT', G + '/events/1/results', 'DELETE, PATCH, POST'], ['GET', G + '/events/1/results', 'DELETE, PATCH, POST']]) {
		const r = await request(s, method, path, { headers: bearer(s.admin) });
		assert.equal(r.status, 405, `${method} ${path} -> ${r.status}`);
		assert.equal(r.headers.allow, allow, `${method} ${path}`);
	}
	for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
		const r = await request(s, method, '/no/such/thing', { headers: bearer(s.admin) });
		assert.equal(r.status, 404, `${method} -> ${r.status}`);
	}
});

test('hostile__the_page_may_not_be_framed', async () => {
	const r = await request(s, 'GET', '/');
	assert.match(r.headers['content-security-policy'], /frame-ancestors 'none'/);
});

test('hostile__public_log_hides_paths_and_os_user', async () => {
	const file = `${s.dir}/podium-secret-path.txt`;
	writeFileSync(file, readFileSync(new URL('../../data/PG2004.seed.txt', import.meta.url)));
	const env = { ...process.env, USER: 'osuser-secret', PODIUM_ACTOR: '' };
	execFileSync(BIN, ['--db', s.db, 'import', 'table', file, '--games', 'PG2004',
		'--source', 'leak'], { env, stdio: 'ignore' });
	execFileSync(BIN, ['--db', s.db, 'event', 'add', '--games', 'PG2004', '--sport', 'Judo',
		'--name', 'Public log', '--reason', 'public reason'], { env, stdio: 'ignore' });
	await sleep(400);
	const pub = await request(s, 'GET', G + '/log');
	assert.equal(pub.status, 200);
	assert.ok(!pub.text.includes('osuser-secret'), pub.text);
	assert.ok(!pub.text.includes(s.dir) && !pub.text.includes('secret-path'), pub.text);
	const [imp, last] = pub.json().changes.slice(-2);
	assert.equal(imp.command, 'podium import table');
	assert.equal(last.command, 'podium event add');
	assert.equal(last.actor, 'cli');
	assert.equal(last.reason, 'public reason');
	const adm = await request(s, 'GET', G + '/log', { headers: bearer(s.admin) });
	assert.equal(adm.status, 200);
	assert.match(adm.headers['cache-control'], /no-store/);
	const full = adm.json().changes.at(-2);
	assert.equal(full.actor, 'osuser-secret');
	assert.match(full.command, /secret-path\.txt/);
	// an operator sees what the public sees; a bad token is told so
	const op = await request(s, 'GET', G + '/log', { headers: bearer(s.operator) });
	assert.equal(op.json().changes.at(-1).actor, 'cli');
	const bad = await request(s, 'GET', G + '/log', { headers: bearer('pdt_nope') });
	assert.equal(bad.status, 401);
});

test('hostile__adding_an_official_event_again_resets_nothing', async () => {
	const ev = { sport: 'Athletics', name: 'Again 100 m', gender: 'W' };
	let r = await request(s, 'POST', G + '/events', { body: { ...ev, status: 'official' },
		headers: bearer(s.admin) });
	assert.equal(r.status, 201, r.text);
	const id = r.json().event;
	r = await request(s, 'POST', `${G}/events/${id}/results`, { body: { results: [
		{ npc: 'CHN', name: 'Again One', rank: 1 }] }, headers: bearer(s.operator) });
	assert.equal(r.status, 200);
	const v = r.json().version;
	r = await request(s, 'POST', G + '/events', { body: ev, headers: bearer(s.admin) });
	assert.equal(r.status, 200, r.text);
	assert.deepEqual([r.json().event, r.json().unchanged, r.json().version], [id, true, v]);
	const shown = (await request(s, 'GET', `${G}/events/${id}`)).json();
	assert.equal(shown.status, 'official');
	assert.equal(shown.results[0].medal, 'gold');
	r = await request(s, 'POST', G + '/events', { body: { ...ev, policy: 'capped' },
		headers: bearer(s.admin) });
	assert.equal(r.status, 409);
	assert.match(r.json().error, /policy/);
});

test('hostile__a_deleted_database_refuses_writes_with_503', async () => {
	const t = await startServer();
	try {
		let r = await request(t, 'POST', G + '/events', { body: { sport: 'Judo',
			name: 'Before rm' }, headers: bearer(t.admin) });
		assert.equal(r.status, 201, r.text);
		for (const side of ['', '-wal', '-shm']) rmSync(t.db + side, { force: true });
		r = await request(t, 'POST', G + '/events', { body: { sport: 'Judo',
			name: 'After rm' }, headers: bearer(t.admin) });
		assert.equal(r.status, 503, r.text);
		assert.match(r.json().error, /database file was removed/);
		assert.ok(!r.text.includes(t.dir), 'no local path in the body');
		await sleep(50);
		assert.match(t.stderr(), /podium serve: .*podium\.db: the database file was removed/);
		// reads go on from what was loaded
		assert.equal((await request(t, 'GET', G + '/standings')).status, 200);
	} finally {
		await t.stop();
	}
});

// A lazy view's bytes and its version come from one read: polled while
// the CLI writes in a loop, no answer labelled V holds a change after V.
test('hostile__lazy_views_carry_the_version_they_were_read_at', async () => {
	const add = await request(s, 'POST', G + '/events', { body: { sport: 'Athletics',
		name: 'Version race', gender: 'M', status: 'official' }, headers: bearer(s.admin) });
	assert.equal(add.status, 201, add.text);
	const id = add.json().event, v0 = add.json().version;
	const loop = spawn('sh', ['-c', `i=0; while [ $i -lt 40 ]; do i=$((i + 1)); ` +
		`"${BIN}" --db "${s.db}" result set ${id} --npc CHN --name "Racer $i" --rank $i ` +
		`>/dev/null 2>&1; done`], { stdio: 'ignore' });
	const done = new Promise((r) => loop.on('exit', r));
	let finished = false, polls = 0;
	done.then(() => { finished = true; });
	while (!finished || polls < 20) {
		const [ev, log] = await Promise.all([
			request(s, 'GET', `${G}/events/${id}`, { agent: false }),
			request(s, 'GET', `${G}/log?since=${v0}`, { agent: false })]);
		for (const r of [ev, log]) {
			assert.equal(r.status, 200, r.text);
			assert.equal(r.headers.etag, `"${r.json().version}"`);
		}
		const e = ev.json(), l = log.json();
		// one result per change after v0: the count says which version it is
		assert.equal(e.results.length, e.version - v0, `event labelled ${e.version}`);
		const last = l.changes.length ? l.changes.at(-1).version : v0;
		assert.equal(last, l.version, `log labelled ${l.version} lists up to ${last}`);
		assert.equal(l.changes.length, l.version - v0);
		polls++;
		if (polls > 2000) break;
	}
	await done;
});

// Uncached reads are built on the readers' connections, never under the
// writes' lock: a flood of them does not hold up the writes.
test('hostile__a_flood_of_uncached_reads_does_not_hold_up_writes', async () => {
	const add = await request(s, 'POST', G + '/events', { body: { sport: 'Athletics',
		name: 'Flood 200 m', gender: 'W', status: 'official' }, headers: bearer(s.admin) });
	const id = add.json().event;
	// enough athletes that a search costs what it does on real data
	for (let e = 0; e < 4; e++) {
		const ev = await request(s, 'POST', G + '/events', { body: { sport: 'Swimming',
			name: `Flood heat ${e}`, gender: 'M' }, headers: bearer(s.admin) });
		const results = Array.from({ length: 1000 }, (_, i) => ({ npc: ['CHN', 'GBR', 'USA',
			'BRA'][i % 4], name: `Swimmer ${e}-${i} ${'x'.repeat(i % 17)}`, rank: i + 1 }));
		const r = await request(s, 'POST', `${G}/events/${ev.json().event}/results`,
			{ body: { results }, headers: bearer(s.operator) });
		assert.equal(r.status, 200, r.text);
	}
	// No clock: the writes must end while the flood is still going.  Were
	// they queued behind the reads (one lock for both), they would end
	// only once the flood had drained; a flood of 16 x 200 searches takes
	// seconds, 15 writes tens of milliseconds.  The flood stops once the
	// writes are done.
	let k = 0, reads = 0, flooding = true, stop = false;
	const writes = async (n) => {
		for (let i = 0; i < n; i++) {
			const r = await request(s, 'POST', `${G}/events/${id}/results`, {
				body: { npc: 'GBR', name: `Flood ${k++}`, rank: 1 + (k % 8) },
				headers: bearer(s.operator) });
			assert.equal(r.status, 200, r.text);
		}
	};
	const total = 16 * 200;
	const flood = async () => {
		for (let i = 0; i < 200 && !stop; i++) {
			const q = Math.random().toString(36).slice(2, 2 + 1 + (i % 3));
			const r = await request(s, 'GET', `${G}/athletes?q=${q}`, { agent: false });
			assert.equal(r.status, 200);
			reads++;
		}
	};
	const floods = Promise.all(Array.from({ length: 16 }, flood)).then(() => { flooding = false; });
	while (reads < 16) await sleep(5);	// the flood is under way
	const before = reads;
	await writes(15);
	const during = reads - before, still = flooding;
	stop = true;
	await floods;
	assert.ok(still && during < total / 2,
		`15 writes ended after ${during} of the flood's ${total} reads` +
		(still ? '' : ', with the flood over'));
});

test('hostile__still_up_and_right_after_all_that', async () => {
	const r = await request(s, 'GET', G + '/standings?source=seed', { agent: false });
	assert.equal(r.status, 200);
	assert.equal(r.json().rows[0].npc, 'CHN');
	assert.equal(s.proc.exitCode, null);
});
