// stream_units.test.mjs -- the stream's `unit` messages: a unit's write
// reaches GET /api/games/{code}/stream as its unit document (the same
// as GET .../units/{rsc} at that version), on every stream and on those
// that ask for that unit (?unit=) or its event (?event=); a stream of
// another unit gets none; a bad filter is 400 naming it.  Every message
// is checked against docs/openapi.yaml by server.mjs.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startServer, request, bearer, podium, openStream, seen } from './server.mjs';

const FIX = fileURLToPath(new URL('../fixtures/units-100m', import.meta.url));
const G = '/api/games/OG2024';
const HEAT = 'ATHM100M--------------RND1000100--';
const HEAT2 = 'ATHM100M--------------RND1000200--';
let s;

before(async () => {
	s = await startServer();
	podium(s.db, 'import', 'units', FIX, '--games', 'OG2024');
	await seen(s, 'OG2024');
});
after(async () => { if (s) await s.stop(); });

const post = (rsc, what, body) =>
	request(s, 'POST', `${G}/units/${rsc}/${what}`,
		{ body, headers: bearer(s.operator) });

test('api__a_unit_write_reaches_the_streams_of_its_unit_and_event', async () => {
	const doc = (await request(s, 'GET', `${G}/units/${HEAT}`)).json();
	const all = openStream(s, `${G}/stream`);
	const one = openStream(s, `${G}/stream?unit=${HEAT}`);
	const other = openStream(s, `${G}/stream?unit=${HEAT2}`);
	const ev = openStream(s, `${G}/stream?event=${doc.event.code}`);
	await all.next((m) => m.event === 'standings');
	// a filtered stream has no table: give it time to be open
	await new Promise((r) => setTimeout(r, 300));
	let r = await post(HEAT, 'status', { status: 'running' });
	assert.equal(r.status, 200, r.text);
	r = await post(HEAT, 'results', { participant: '9100002', rank: 1,
		result: '10.01', type: 'TIME', qualification: 'Q' });
	assert.equal(r.status, 200, r.text);
	const v = r.json().version;
	const got = (m) => m.event === 'unit' && Number(m.id) === v;
	for (const st of [one, all, ev]) {
		const m = await st.next(got);
		const u = JSON.parse(m.data);
		assert.equal(u.rsc, HEAT);
		assert.equal(u.version, v);
		assert.equal(u.status, 'running');
		const row = u.results.find((x) => x.participant.code === '9100002');
		assert.equal(row.rank, 1);
		assert.equal(row.result, '10.01');
		assert.equal(row.qualification, 'Q');
		// the same document as the unit's own address at that version
		assert.deepEqual(u, (await request(s, 'GET', `${G}/units/${HEAT}`)).json());
	}
	// the unit stream sends that unit's messages alone: no table
	assert.ok(one.msgs.every((m) => m.data === undefined || m.event === 'unit'), JSON.stringify(one.msgs));
	assert.ok(!other.msgs.some((m) => m.event === 'unit'), JSON.stringify(other.msgs));
	for (const st of [all, one, other, ev]) st.close();
});

test('api__a_stream_filter_that_is_not_one_is_refused_naming_it', async () => {
	for (const [q, re] of [['?unit=heat%201', /unit/], ['?unit=' + 'A'.repeat(35), /unit/],
		['?event=', /event/], ['?colour=red', /colour is not a parameter/],
		[`?unit=${HEAT}&event=ATHM100M`, /one of unit and event/]]) {
		const r = await request(s, 'GET', `${G}/stream${q}`);
		assert.equal(r.status, 400, q + ' ' + r.text);
		assert.match(r.json().error, re);
	}
});

test('api__an_event_without_units_streams_its_rows_before_it_is_official', async () => {
	const P = '/api/games/PG2004';
	let r = await request(s, 'POST', `${P}/events`, { body: { sport: 'Para Athletics',
		name: 'Long Jump T11', gender: 'W', status: 'live' }, headers: bearer(s.admin) });
	assert.equal(r.status, 201, r.text);
	const e = r.json().event;
	const ev = openStream(s, `${P}/stream?event=${e}`);
	const all = openStream(s, `${P}/stream`);
	await all.next((m) => m.event === 'standings');
	await new Promise((res) => setTimeout(res, 300));
	r = await request(s, 'POST', `${P}/events/${e}/results`, { body: { npc: 'CHN',
		name: 'Li Duan', rank: 1, mark: '6.01' }, headers: bearer(s.operator) });
	assert.equal(r.status, 200, r.text);
	const v = r.json().version;
	for (const st of [ev, all]) {
		const m = await st.next((x) => x.event === 'results' && Number(x.id) === v);
		const d = JSON.parse(m.data);
		assert.equal(d.id, e);
		assert.equal(d.status, 'live');
		assert.equal(d.medal_state, 'provisional');
		assert.deepEqual(d.results.map((x) => [x.rank, x.npc, x.name, x.mark, x.medal]),
			[[1, 'CHN', 'Li Duan', '6.01', 'gold']]);
	}
	// before it is official its medals move no table: the table's change is empty
	const t = all.msgs.find((x) => x.event === 'standings' && Number(x.id) === v);
	assert.deepEqual(JSON.parse(t.data).changed, []);
	assert.ok(ev.msgs.every((x) => x.data === undefined || x.event === 'results'), JSON.stringify(ev.msgs));
	ev.close();
	all.close();
});
