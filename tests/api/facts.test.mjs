// facts.test.mjs -- GET /api/games/{code}/facts and .../facts/check: the
// Athens 2004 report's figures with their sources, and the contradictions
// among them, the same documents as 'podium facts --format json'; a fact
// added by the CLI shows up at the next version.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, podium } from './server.mjs';

let s;
before(async () => { s = await startServer(); });
after(async () => { if (s) await s.stop(); });

const get = (path) => request(s, 'GET', path);
const G = '/api/games/PG2004';

test('api__facts_lists_the_report_figures_with_their_paragraphs', async () => {
	const r = await get(G + '/facts');
	assert.equal(r.status, 200);
	assert.match(r.headers['content-type'], /^application\/json/);
	const d = r.json();
	assert.equal(d.games, 'PG2004');
	assert.equal(d.version, 1);
	const athletes = d.facts.filter((f) => f.key === 'athletes');
	assert.deepEqual(athletes.map((f) => [f.value, f.cite]),
		[['3969', 'report ¶1'], ['3969', 'report ¶2'], ['3806', 'report ¶5']]);
	const vol = d.facts.find((f) => f.key === 'volunteers');
	assert.deepEqual({ ...vol, id: 0 }, { id: 0, key: 'volunteers', value: '8863',
		unit: 'people', qualifier: '', source: 'seed', cite: 'report ¶9',
		quote: '总共8863名志愿人员' });
	// the CLI's document is the same, indented
	const cli = JSON.parse(podium(s.db, 'facts', '--games', 'PG2004', '--format', 'json'));
	assert.deepEqual(cli, d);
});

test('api__facts_check_names_the_five_contradictions', async () => {
	const r = await get(G + '/facts/check');
	assert.equal(r.status, 200);
	const d = r.json();
	const keys = d.contradictions.map((c) => c.key);
	for (const k of ['nations', 'athletes', 'npcs.medal_table', 'events', 'election.turnout'])
		assert.ok(keys.includes(k), k);
	const turnout = d.contradictions.find((c) => c.key === 'election.turnout');
	assert.equal(turnout.kind, 'share');
	assert.deepEqual(turnout.fits, [3837, 3837]);
	assert.deepEqual(turnout.against.map((c) => c.value), ['1829', '3969', '3806']);
	const table = d.contradictions.find((c) => c.key === 'npcs.medal_table');
	assert.equal(table.kind, 'computed');
	assert.equal(table.against[0].value, '75');
	assert.match(table.against[0].computed.en, /PG2004@seed/);
	assert.match(table.zh, /73/);
});

test('api__facts_follow_a_fact_added_by_the_cli', async () => {
	podium(s.db, 'facts', 'add', '--games', 'PG2004', '--key', 'volunteers',
		'--value', '9000', '--source', 'press');
	let d;
	for (let i = 0; i < 100; i++) {
		d = (await get(G + '/facts/check')).json();
		if (d.version > 1) break;
		await new Promise((res) => setTimeout(res, 50));
	}
	assert.ok(d.version > 1);
	const v = d.contradictions.find((c) => c.key === 'volunteers');
	assert.equal(v.kind, 'sources');
	assert.deepEqual(v.stated.map((c) => c.value), ['8863', '9000']);
});

test('api__facts_of_no_such_games_is_404', async () => {
	assert.equal((await get('/api/games/PG1900/facts')).status, 404);
	assert.equal((await request(s, 'GET', G + '/facts/nope', { undocumented: true })).status, 404);
});
