// matches.test.mjs -- GET /api/games/{code}/events/{id}/matches: the
// report's 5-a-side football tournament (podium init --examples), Brazil's
// record as a query, and a pool table by tie-break.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, request, bearer, podium } from './server.mjs';

let s;
before(async () => {
	s = await startServer();
	podium(s.db, 'init', '--examples');
});
after(async () => { if (s) await s.stop(); });

const get = (path) => request(s, 'GET', path);

async function fresh(path) {
	for (let i = 0; i < 100; i++) {
		const r = await get(path);
		if (r.status !== 404) return r;
		await new Promise((res) => setTimeout(res, 50));
	}
	return get(path);
}

test('api__matches_of_the_report_tournament_give_brazils_record', async () => {
	const r = await fresh('/api/games/PG2004/events/1/matches');
	assert.equal(r.status, 200);
	const d = r.json();
	assert.equal(d.event, 1);
	assert.equal(d.matches.length, 6);
	const final = d.matches.find((m) => m.phase === 'final');
	assert.deepEqual([final.home, final.away, final.score, final.penalties, final.winner],
		['BRA', 'ARG', null, [3, 2], 1]);
	assert.equal(final.cite, 'report ¶7');
	const bra = d.records.find((x) => x.npc === 'BRA');
	assert.equal(bra.played, 6);
	assert.equal(bra.unbeaten, true);
	assert.equal(bra.lost, 0);
	assert.equal(bra.won_penalties, 1);
	assert.equal(bra.unscored, 6);
});

test('api__matches_pool_table_and_unknown_events', async () => {
	const e = podium(s.db, 'event', 'add', '--games', 'PG2004', '--sport', 'Goalball',
		'--name', 'Women', '--gender', 'W', '--team', '--status', 'official').trim();
	podium(s.db, 'match', 'set', e, '--file',
		join(import.meta.dirname, '..', 'fixtures', 'matches-pool-bracket.tsv'));
	const d = (await fresh(`/api/games/PG2004/events/${e}/matches`)).json();
	assert.deepEqual(d.pools.A.map((x) => [x.npc, x.points]),
		[['CHN', 6], ['NED', 6], ['USA', 4], ['GBR', 1]]);
	assert.equal((await get('/api/games/PG2004/events/999/matches')).status, 404);
	assert.equal((await get('/api/games/PG2004/events/x/matches')).status, 404);
});

test('api__post_matches_replaces_them_and_checks_each_field', async () => {
	const e = podium(s.db, 'event', 'add', '--games', 'PG2004', '--sport',
		'Wheelchair Rugby', '--name', 'Mixed', '--gender', 'X', '--team',
		'--status', 'live').trim();
	const url = `/api/games/PG2004/events/${e}/matches`;
	const post = (body, tok = s.operator) => request(s, 'POST', url,
		{ body, headers: bearer(tok) });
	const good = { matches: [
		{ phase: 'semi-final', home: 'NZL', away: 'CAN', score: [31, 30], extra_time: true },
		{ phase: 'semi-final', home: 'USA', away: 'AUS', score: [29, 29], penalties: [1, 0] },
		{ phase: 'final', home: 'NZL', away: 'USA', score: [38, 28], cite: 'results book p. 9' },
	], reason: 'from the results book' };
	let r = await post(good);
	assert.equal(r.status, 200, r.text);
	assert.ok(r.json().version > 1);
	const d = (await get(url)).json();
	assert.equal(d.version, r.json().version);
	assert.deepEqual(d.matches.map((m) => [m.phase, m.home, m.winner]),
		[['semi-final', 'NZL', 1], ['semi-final', 'USA', 1], ['final', 'NZL', 1]]);
	assert.equal(d.matches[0].extra_time, true);
	assert.equal(d.matches[2].source, 'matches');
	// each bad field is named, and nothing is written
	r = await post({ matches: [{ phase: 'final', home: 'NZL', away: 'NZL', score: [1, 0] }] });
	assert.equal(r.status, 400);
	assert.match(r.json().error, /cannot play itself/);
	r = await post({ matches: [{ phase: 'final', home: 'NZL', score: [1] }] });
	assert.equal(r.status, 400);
	assert.equal(r.json().field, 'score');
	r = await post({ matches: [{ phase: 'final', home: 'NZL', colour: 'red' }] });
	assert.equal(r.status, 400);
	assert.equal((await get(url)).json().matches.length, 3);
	assert.equal((await request(s, 'POST', url, { body: good })).status, 401);
	assert.equal((await request(s, 'POST', '/api/games/PG2004/events/999/matches',
		{ body: good, headers: bearer(s.operator) })).status, 404);
});
