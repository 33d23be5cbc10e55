// matches.test.mjs -- GET /api/games/{code}/events/{id}/matches: the
// report's 5-a-side football tournament (podium init --examples), Brazil's
// record as a query, and a pool table by tie-break.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, request, podium } from './server.mjs';

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
