// openapi.test.mjs -- docs/openapi.yaml is the API's contract: served by
// the binary as it is in the tree, in step with docs/API.md, every schema
// compiling, every documented read answered as described, and the checker
// that server.mjs runs on every response catching what it should.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, request, bearer, openStream, podium, seen } from './server.mjs';
import { spec, SPEC_TEXT, check, findPath } from './openapi.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const API_MD = readFileSync(join(here, '..', '..', 'docs', 'API.md'), 'utf8');
const G = '/api/games/PG2004';
let s, eventId;

before(async () => {
	s = await startServer();
	const post = (path, body, tok) => request(s, 'POST', path, { body, headers: bearer(tok) });
	const ev = await post(G + '/events', { sport: 'Athletics', name: '100 m T54', gender: 'M',
		date: '2004-09-20', status: 'live' }, s.admin);
	eventId = ev.json().event;
	await post(`${G}/events/${eventId}/results`, { results: [
		{ npc: 'CHN', name: 'Li Wei', rank: 1, mark: '14.20', value: 14.2, records: 'WR' },
		{ npc: 'GBR', name: 'Ann Smith', rank: 2 }, { npc: 'USA', name: 'Bo Day', rank: 3 },
		{ npc: 'FRA', name: 'Cy Roux', irm: 'DNF' }] }, s.operator);
	await post(`${G}/events/${eventId}/status`, { status: 'official' }, s.operator);
	await post(G + '/sanctions', { athlete: 2, events: [eventId], mode: 'reallocate',
		reason: 'test' }, s.admin);
	// a Games with units, for the unit and schedule reads
	podium(s.db, 'import', 'units', join(here, '..', 'fixtures', 'units-small'),
		'--games', 'OG2024');
	await seen(s, 'OG2024');
});
after(async () => { if (s) await s.stop(); });

test('openapi__served_by_the_binary_as_in_the_tree', async () => {
	const r = await request(s, 'GET', '/api/openapi.yaml');
	assert.equal(r.status, 200);
	assert.match(r.headers['content-type'], /^application\/yaml/);
	assert.equal(r.text, SPEC_TEXT);
	assert.match(spec.openapi, /^3\.1\./);
});

// "### `GET /api/games/{code}/stats`" and the like, in API.md
function documented() {
	const ops = new Set();
	// a heading may name several: "`PATCH /api/games/{code}` and `DELETE ...`"
	for (const h of API_MD.matchAll(/^#+ .*$/gm))
		for (const m of h[0].matchAll(/`(GET|POST|PATCH|DELETE|PUT) (\/api\/[^`?\s]*)/g))
			ops.add(`${m[1]} ${m[2]}`);
	return ops;
}

test('openapi__every_endpoint_of_api_md_and_no_other', () => {
	const md = documented();
	const yaml = new Set();
	for (const [path, item] of Object.entries(spec.paths))
		for (const method of Object.keys(item))
			if (['get', 'post', 'put', 'delete', 'patch'].includes(method))
				yaml.add(`${method.toUpperCase()} ${path}`);
	for (const op of md)
		assert.ok(yaml.has(op), `${op} is in docs/API.md but not in docs/openapi.yaml`);
	for (const op of yaml)
		assert.ok(md.has(op), `${op} is in docs/openapi.yaml but not in docs/API.md`);
	assert.ok(md.size >= 14, `only ${md.size} endpoints found in API.md`);
});

test('openapi__every_operation_lists_its_responses_and_refs_resolve', () => {
	const refs = [];
	const walk = (v) => {
		if (Array.isArray(v)) v.forEach(walk);
		else if (v && typeof v === 'object')
			for (const [k, x] of Object.entries(v)) k === '$ref' ? refs.push(x) : walk(x);
	};
	walk(spec);
	for (const ref of refs) {
		const target = ref.replace(/^#\//, '').split('/').reduce((o, p) => o?.[p], spec);
		assert.ok(target, `${ref} resolves to nothing`);
	}
	for (const [path, item] of Object.entries(spec.paths))
		for (const [method, op] of Object.entries(item)) {
			assert.ok(op.responses && Object.keys(op.responses).length, `${method} ${path}`);
			assert.ok(op.responses.default, `${method} ${path} has no default (error) response`);
		}
});

// Every documented read, once, on a store with an event, results and a
// sanction: each answer goes through the schema check in request().
test('openapi__every_documented_read_answers_as_described', async () => {
	const fill = (t) => t.replace('{code}', t.includes('{rsc}') ? 'OG2024' : 'PG2004')
		.replace('{id}', String(eventId)).replace('{npc}', 'CHN')
		.replace('{rsc}', 'ROWMSCULL1------------FNL-000100--')
		.replace('{sport}', 'athletics');
	let n = 0;
	for (const [t, item] of Object.entries(spec.paths)) {
		if (!item.get) continue;
		const path = fill(t);
		if (t.endsWith('/stream')) {
			const st = openStream(s, path);
			const m = await st.next((x) => x.event === 'standings');
			st.close();
			assert.equal(JSON.parse(m.data).full, true);
		} else {
			const r = await request(s, 'GET', path + (t.endsWith('/athletes') ? '?q=li' : ''));
			assert.equal(r.status, 200, `${path}: ${r.text.slice(0, 200)}`);
			const again = await request(s, 'GET', path + (t.endsWith('/athletes') ? '?q=li' : ''),
				{ headers: { 'If-None-Match': r.headers.etag } });
			assert.equal(again.status, 304, path);
		}
		n++;
	}
	assert.ok(n >= 11, `${n} reads`);
	// and the published table's forms
	await request(s, 'GET', G + '/standings?source=seed&scheme=points&top=3&lang=zh');
	await request(s, 'GET', G + '/npcs/CHN?source=seed');
});

test('openapi__the_checker_catches_what_it_should', () => {
	const json = (status, doc) => ({ status, headers: { 'content-type': 'application/json' },
		body: Buffer.from(JSON.stringify(doc)), text: JSON.stringify(doc) });
	// an undocumented /api path fails, unless it is a probe answered 404
	assert.throws(() => check('GET', '/api/secret', json(404, { error: 'x' })), /not in docs/);
	check('GET', '/api/secret', json(404, { error: 'x' }), { undocumented: true });
	assert.throws(() => check('GET', G + '/stats', json(404, { error: 'x' }),
		{ undocumented: true }), /probes a documented path/);
	// a missing key, an extra key, a wrong type
	const stats = { games: 'PG2004', version: 1 };
	assert.throws(() => check('GET', G + '/stats', json(200, stats)), /must have required/);
	assert.throws(() => check('GET', '/api/games', json(200, { default: { games: 'PG2004',
		source: null, auto: true }, games: [], colour: 1 })), /additional properties/);
	assert.throws(() => check('GET', G + '/events', json(200, { games: 'PG2004',
		version: '3', events: [] })), /must be integer/);
	// an error body must be an error; a status the entry does not list fails
	assert.throws(() => check('POST', G + '/events', json(400, { ok: false })), /required/);
	assert.throws(() => check('GET', G + '/stream', { status: 200,
		headers: { 'content-type': 'application/json' }, body: Buffer.from('{}'), text: '{}' }),
	/content type/);
	// a method a path does not take is a 405
	assert.throws(() => check('DELETE', G + '/events', json(200, {})), /expected 405/);
	check('DELETE', G + '/events', json(405, { error: 'this resource is read-only' }));
	assert.equal(findPath('/api/openapi.yaml'), '/api/openapi.yaml');
	assert.equal(findPath(G + '/events/7/results?x=1'), '/api/games/{code}/events/{id}/results');
});
