// units.test.mjs -- a Games' units over HTTP: GET /api/games/{code}/units/{rsc}
// (the unit document, the same bytes as 'podium unit show --format json')
// and GET .../schedule, each answer checked against docs/openapi.yaml by
// server.mjs.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, request, podium } from './server.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const small = join(here, '..', 'fixtures', 'units-small');
const G = '/api/games/OG2024';
const FINAL = 'ROWMSCULL1------------FNL-000100--';
let s;

before(async () => {
	s = await startServer();
	podium(s.db, 'import', 'units', small, '--games', 'OG2024');
});
after(async () => { if (s) await s.stop(); });

const get = (path) => request(s, 'GET', path);

// the views follow the store: wait until the Games is there
async function ready(path) {
	for (let i = 0; i < 100; i++) {
		const r = await get(path);
		if (r.status !== 404 || !/Games/.test(r.text)) return r;
		await new Promise((res) => setTimeout(res, 50));
	}
	return get(path);
}

test('api__unit_is_the_cli_document_byte_for_byte', async () => {
	const r = await ready(`${G}/units/${FINAL.toLowerCase()}`);
	assert.equal(r.status, 200, r.text);
	const cli = podium(s.db, 'unit', 'show', FINAL, '--games', 'OG2024', '--format', 'json');
	assert.equal(r.text, cli);
	const d = r.json();
	assert.equal(d.rsc, FINAL);
	assert.equal(d.start.local, '2024-08-02T09:30:00+02:00');
	assert.equal(d.start.zone, 'Europe/Paris');
	assert.deepEqual(d.results.filter((x) => x.tied).map((x) => x.participant.name),
		['INDIA Ian', 'JULIET Jo']);
	assert.deepEqual(d.medals.map((m) => [m.medal, m.participant.npc, m.state]),
		[['gold', 'NZL', 'official'], ['silver', 'GBR', 'official'],
		 ['bronze', 'CAN', 'official'], ['bronze', 'IRL', 'official']]);
});

test('api__unit_unknown_or_malformed_is_404', async () => {
	let r = await get(`${G}/units/JUDW48KG--------------REPF000900--`);
	assert.equal(r.status, 404);
	assert.match(r.json().error, /no such unit/);
	r = await get(`${G}/units/JUDW48KG`);
	assert.equal(r.status, 404);
	assert.match(r.json().error, /34 characters/);
});

test('api__schedule_of_a_day_with_its_filters', async () => {
	await ready(`${G}/units/${FINAL}`);
	let d = (await get(`${G}/schedule?date=2024-08-01`)).json();
	assert.equal(d.zone, 'Europe/Paris');
	assert.deepEqual(d.days, ['2024-08-01', '2024-08-02']);
	assert.deepEqual(d.units.map((u) => [u.start.local.slice(11, 16), u.medal]),
		[['10:00', 'bronze'], ['11:00', 'gold']]);
	assert.equal(d.gold_units, 1);
	d = (await get(`${G}/schedule?date=2024-08-02&medal=gold`)).json();
	assert.deepEqual(d.units.map((u) => u.rsc), [FINAL]);
	d = (await get(`${G}/schedule?sport=Surfing`)).json();
	// Teahupo'o keeps its own time: 23:00 on the 2nd there
	assert.deepEqual(d.units.map((u) => [u.status, u.start.local, u.start.zone]),
		[['cancelled', '2024-08-02T23:00:00-10:00', 'Pacific/Tahiti']]);
	d = (await get(`${G}/schedule?venue=Lake%20Two&medal=any`)).json();
	assert.deepEqual(d.units.map((u) => u.rsc), [FINAL]);
});

test('api__schedule_refuses_what_it_does_not_take', async () => {
	for (const [q, field] of [['day=2024-08-01', 'day'], ['date=1.8.2024', 'date'],
		['medal=silver', 'medal'], ['date=2024-08-01&sprot=Judo', 'sprot']]) {
		const r = await get(`${G}/schedule?${q}`);
		assert.equal(r.status, 400, q);
		assert.equal(r.json().field, field);
	}
});

test('api__event_lists_its_phases_and_units', async () => {
	await ready(`${G}/units/${FINAL}`);
	const id = podium(s.db, 'event', 'list', '--games', 'OG2024', '--sport', 'Judo').split('\t')[0];
	const d = (await get(`${G}/events/${id}`)).json();
	assert.deepEqual(d.phases.map((p) => [p.code, p.units.map((u) => u.status)]),
		[['REPF', ['finished', null]], ['SFNL', [null]], ['FNL-', ['finished']]]);
});
