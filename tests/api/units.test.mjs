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
