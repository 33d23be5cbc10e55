// unit_writes.test.mjs -- a unit's writes over HTTP: POST
// /api/games/{code}/units/{rsc}/start-list, .../results and .../status,
// each one change (version, log), ?dry_run=1 undone, If-Match refused
// when stale; the last heat of a phase made official lists the final;
// every answer checked against docs/openapi.yaml by
// server.mjs.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startServer, request, bearer, podium, seen } from './server.mjs';

const FIX = fileURLToPath(new URL('../fixtures/units-100m', import.meta.url));
const G = '/api/games/OG2024';
const HEAT = 'ATHM100M--------------RND1000100--';
const FINAL = 'ATHM100M--------------FNL-000100--';
let s;

before(async () => {
	s = await startServer();
	podium(s.db, 'import', 'units', FIX, '--games', 'OG2024');
	await seen(s, 'OG2024');
});
after(async () => { if (s) await s.stop(); });

const post = (rsc, what, body, { tok = s.operator, query = '', headers = {} } = {}) =>
	request(s, 'POST', `${G}/units/${rsc}/${what}${query}`,
		{ body, headers: { ...bearer(tok), ...headers } });

// ODF's result types, qualification marks and IRMs as the Games' results
// use them (IRM_POINTS, RM; Q1/8, SA/B; W/O, Fall) are taken, as 'import units' takes
// them; others are refused naming the field (dry runs: nothing written)
test('api__unit_result_takes_odf_types_and_marks', async () => {
	const dry = { query: '?dry_run=1' };
	for (const [type, qualification] of [['IRM_POINTS', 'Q1/8'], ['RM', 'SA/B'],
		['NO_SCORE', 'Q7-12'], ['FAULT', 'qR']]) {
		const r = await post(HEAT, 'results', { participant: '9100002', type, qualification }, dry);
		assert.equal(r.status, 200, `${type} ${qualification}: ${r.text}`);
	}
	let r = await post(HEAT, 'results', { participant: '9100002', type: 'BOGUS' }, dry);
	assert.equal(r.status, 400, r.text);
	assert.match(r.json().error, /type: 'BOGUS' is not one of/);
	r = await post(HEAT, 'results', { participant: '9100002', qualification: 'Q1/8/16/32' }, dry);
	assert.equal(r.status, 400, r.text);
	assert.match(r.json().error, /qualification: 'Q1\/8\/16\/32' is not a mark/);
	r = await post(HEAT, 'results', { participant: '9100002', qualification: 'Q 1' }, dry);
	assert.equal(r.status, 400, r.text);
	// IRMs as Paris 2024 wrote them: a tennis walkover, a climber's fall
	for (const irm of ['W/O', 'Fall', 'BFD']) {
		r = await post(HEAT, 'results', { participant: '9100002', irm }, dry);
		assert.equal(r.status, 200, `${irm}: ${r.text}`);
	}
	r = await post(HEAT, 'results', { participant: '9100002', irm: 'D N F' }, dry);
	assert.equal(r.status, 400, r.text);
	assert.match(r.json().error, /irm: 'D N F' is not an IRM code/);
});

test('api__unit_status_result_and_start_list_are_each_one_change', async () => {
	let r = await post(HEAT, 'status', { status: 'official' });
	assert.equal(r.status, 400, r.text);
	assert.match(r.json().error, /scheduled: it cannot move to official, only to delayed running/);
	r = await post(HEAT, 'status', { status: 'running' });
	assert.equal(r.status, 200, r.text);
	const v = r.json().version;
	assert.deepEqual(r.json().changes, [{ what: `unit ${HEAT}`, field: 'status',
		before: 'scheduled', after: 'running' }]);
	r = await post(HEAT, 'results', { participant: '9100002', rank: 1, result: '10.01',
		type: 'TIME', qualification: 'Q' });
	assert.equal(r.status, 200, r.text);
	assert.equal(r.json().version, v + 1);
	assert.deepEqual(r.json().changes.map((c) => [c.field, c.after]),
		[['rank', '1'], ['result', '10.01'], ['type', 'TIME'], ['qualification', 'Q']]);
	// the same again: nothing changed, no version
	r = await post(HEAT, 'results', { participant: '9100002', result: '10.01' });
	assert.equal(r.status, 200, r.text);
	assert.equal(r.json().version, v + 1);
	// a field refused names it; a stranger is not on the start list
	r = await post(HEAT, 'results', { participant: '9100002', wlt: 'X' });
	assert.equal(r.status, 400, r.text);
	r = await post(HEAT, 'results', { participant: '9999999', rank: 2 });
	assert.equal(r.status, 400, r.text);
	assert.match(r.json().error, /not on the start list/);
	r = await post(HEAT, 'results', { participant: '9100002', colour: 'red' });
	assert.equal(r.status, 400, r.text);
	// a dry run says what it would do and does nothing
	r = await post(HEAT, 'status', { status: 'official' }, { query: '?dry_run=1' });
	assert.equal(r.status, 200, r.text);
	assert.equal(r.json().dry_run, true);
	r = await post(HEAT, 'status', { status: 'official' }, { headers: { 'If-Match': `"${v}"` } });
	assert.equal(r.status, 412, r.text);
	r = await post(HEAT, 'status', { status: 'official' });
	assert.equal(r.status, 200, r.text);
	r = await post(HEAT, 'results', { participant: '9100001', rank: 2 });
	assert.equal(r.status, 400, r.text);
	assert.match(r.json().error, /official/);
	r = await post(HEAT, 'status', { status: 'unofficial' });
	assert.equal(r.status, 400, r.text);
	assert.match(r.json().error, /needs a reason/);
	// the final's start list, lanes given; an unknown NPC names its row
	r = await post(FINAL, 'start-list', { rows: [
		{ participant: '9100002', name: 'BETA Ben', npc: 'JAM', lane: 4, bib: '101' },
		{ participant: '9100001', name: 'ALFA Abe', npc: 'USA', lane: 5 }] });
	assert.equal(r.status, 200, r.text);
	assert.equal(r.json().changes.filter((c) => c.field === 'start list').length, 2);
	r = await post(FINAL, 'start-list', { rows: [{ participant: '1', name: 'X', npc: 'XXQ' }] });
	assert.equal(r.status, 400, r.text);
	r = await post('ATHM100M--------------FNL-000900--', 'status', { status: 'running' });
	assert.equal(r.status, 400, r.text);
	// an operator's write: no token, no write
	r = await request(s, 'POST', `${G}/units/${HEAT}/status`, { body: { status: 'running' } });
	assert.equal(r.status, 401, r.text);
	const log = podium(s.db, 'log', '--games', 'OG2024');
	assert.match(log, /POST \/api\/games\/OG2024\/units\/ATHM100M-+RND1000100--\/results/);
});

test('api__a_phase_qualifies_and_the_final_takes_its_qualifiers', async () => {
	const P = 'ATHM100M--------------RND1';
	let r;
	for (const h of [2, 3]) {
		r = await post(`${P}000${h}00--`, 'status', { status: 'running' });
		assert.equal(r.status, 200, r.text);
	}
	r = await post(HEAT, 'status', { status: 'unofficial', reason: 'recheck' });
	assert.equal(r.status, 200, r.text);
	const people = [['9100001', 1, '10.30'], ['9100002', 2, '10.40'], ['9100003', 3, '10.50'],
		['9100005', 1, '10.20'], ['9100006', 2, '10.60'], ['9100007', 3, '10.45'],
		['9100009', 1, '10.10'], ['9100010', 2, '10.35'], ['9100011', 3, '10.55']];
	for (const [i, [who, rank, result]] of people.entries()) {
		r = await post(`${P}000${1 + Math.floor(i / 3)}00--`, 'results',
			{ participant: who, rank, result, type: 'TIME' });
		assert.equal(r.status, 200, r.text);
	}
	r = await request(s, 'POST', `${G}/phases/${P}/qualify`, { body: {}, headers: bearer(s.operator) });
	assert.equal(r.status, 200, r.text);
	const marks = r.json().changes.map((c) => [c.what.replace(/^.*: /, ''), c.after]);
	// the two fastest of the rest: ETA 10.45, GAMMA 10.50 (LAMBDA 10.55 out)
	assert.deepEqual(marks.filter((m) => m[1] === 'q').map((m) => m[0]).sort(),
		['ETA Eto (JPN)', 'GAMMA Gus (GBR)']);
	// BETA Ben's Q was typed before: the same mark is no change
	assert.equal(marks.filter((m) => m[1] === 'Q').length, 5);
	assert.equal(marks.filter((m) => m[1] === 'q').length, 2);
	// not before every heat is official
	r = await post(FINAL, 'start-list', { from: P });
	assert.equal(r.status, 400, r.text);
	assert.match(r.json().error, /official/);
	// the last heat made official brings the final's start list in the
	// same change; the heats before it bring nothing
	for (const h of [1, 2, 3]) {
		r = await post(`${P}000${h}00--`, 'status', { status: 'official' });
		assert.equal(r.status, 200, r.text);
		// (two of the final's eight were listed by hand before)
		const listed = r.json().changes.filter((c) => c.what.startsWith(`unit ${FINAL}: `) &&
			c.field === 'start list').length;
		assert.equal(listed, h === 3 ? 6 : 0, `heat ${h}`);
	}
	const v = r.json().version;
	assert.equal((await request(s, 'GET', `${G}/units/${FINAL}`)).json().start_list.length, 8);
	// asked again from the phase: the same draw, no change
	r = await post(FINAL, 'start-list', { from: P });
	assert.equal(r.status, 200, r.text);
	assert.equal(r.json().version, v);
	assert.deepEqual(r.json().changes, []);
	// the final as the store now holds it: eight in lanes 1-8, the best
	// ranked (IOTA Ian, winner in 10.10) drawn into lanes 3-6
	const rows = podium(s.db, 'unit', 'show', FINAL, '--games', 'OG2024').split('\n')
		.filter((l) => / \d+ \d+ +[A-Z]+ [A-Z]/.test(l))
		.map((l) => [Number(l.trim().split(/ +/)[0]), l]);
	assert.equal(rows.length, 8);
	assert.deepEqual(rows.map((x) => x[0]).sort((x, y) => x - y), [1, 2, 3, 4, 5, 6, 7, 8]);
	const iota = rows.find((x) => x[1].includes('IOTA Ian'));
	assert.ok([3, 4, 5, 6].includes(iota[0]), iota[1]);
});

