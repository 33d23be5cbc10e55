// report_reads.test.mjs -- the Athens report's elections and anti-doping
// cases over HTTP: GET /api/games/{code}/elections (a published result as
// stated, a small election's tally once closed, never who voted) and
// GET /api/games/{code}/doping (cases, their sanctions, the counts the
// report states), each answer checked against docs/openapi.yaml.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, request, podium } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const G = '/api/games/PG2004';
let s, el, ev;

before(async () => {
	s = await startServer();
	ev = podium(s.db, 'event', 'add', '--games', 'PG2004', '--sport', 'Para Athletics',
		'--name', "Men's 100m T54", '--gender', 'M', '--status', 'official').trim();
	podium(s.db, 'result', 'set', ev, '--file', join(here, '..', 'fixtures', 'ranking-100m.csv'));
	el = podium(s.db, 'election', 'add', '--games', 'PG2004', '--name', "Athletes' Commission",
		'--seats', '1', '--key', join(s.dir, 'council.key')).trim();
	podium(s.db, 'election', 'candidate', el, '--name', 'Li Wei', '--npc', 'CHN', '--sport', 'Athletics');
	podium(s.db, 'election', 'candidate', el, '--name', 'John Smith', '--npc', 'GBR', '--sport', 'Athletics');
	podium(s.db, 'election', 'register', el);
});
after(async () => { if (s) await s.stop(); });

async function at(path, pred) {
	let r;
	for (let i = 0; i < 100; i++) {
		r = await request(s, 'GET', path);
		if (r.status === 200 && pred(r.json())) return r.json();
		await new Promise((res) => setTimeout(res, 50));
	}
	return r.json();
}

test('api__elections_published_as_stated_and_a_tally_only_once_closed', async () => {
	let d = await at(`${G}/elections`, (x) => x.elections.length === 2);
	const athens = d.elections.find((x) => x.status === 'published');
	assert.equal(athens.ballots, 1829);
	assert.equal(athens.turnout, '47.67');
	assert.equal(athens.electorate, null);
	assert.equal(athens.cite, 'report ¶12');
	assert.equal(athens.candidates.filter((c) => c.seat === 'elected').length, 6);
	assert.ok(athens.candidates.every((c) => c.votes === null));
	const ids = (await at(`${G}/elections`, () => true)).elections.find((x) => x.id === Number(el))
		.candidates.map((c) => c.id);
	podium(s.db, 'election', 'vote', el, '--athlete', '1', String(ids[0]));
	podium(s.db, 'election', 'vote', el, '--athlete', '2', String(ids[0]));
	podium(s.db, 'election', 'vote', el, '--athlete', '3', String(ids[1]));
	// open: the ballots sealed, no votes; a ballot is no change
	d = await at(`${G}/elections`, () => true);
	let mine = d.elections.find((x) => x.id === Number(el));
	assert.equal(mine.status, 'open');
	assert.ok(mine.candidates.every((c) => c.votes === null && c.rank === null && c.seat === 'none'));
	assert.doesNotMatch(podium(s.db, 'log', '--games', 'PG2004'), /vote/);
	podium(s.db, 'election', 'close', el, '--key', join(s.dir, 'council.key'));
	d = await at(`${G}/elections`, (x) => x.elections.some((e) => e.status === 'closed'));
	mine = d.elections.find((x) => x.id === Number(el));
	assert.deepEqual(mine.candidates.map((c) => [c.name, c.votes, c.seat]),
		[['Li Wei', 2, 'elected'], ['John Smith', 1, 'none']]);
	assert.equal(mine.electorate, 5);
	assert.equal(mine.turnout, '60.00');
	// who voted is nowhere in it
	assert.doesNotMatch(JSON.stringify(d), /"(voter|voters|register|athletes)"/);
});

// issue 27: the list once had room for 64 elections, and a 65th made it
// 500 for good
test('api__elections_listed_past_sixty_four', async () => {
	const before = (await at(`${G}/elections`, () => true)).elections.length;
	for (let i = 0; i < 66; i++)
		podium(s.db, 'election', 'add', '--games', 'PG2004', '--name', `Council ${i}`,
			'--seats', '1', '--key', join(s.dir, `c${i}.key`));
	const r = await (async () => {
		let x;
		for (let i = 0; i < 100; i++) {
			x = await request(s, 'GET', `${G}/elections`);
			if (x.status !== 200 || x.json().elections.length === before + 66) return x;
			await new Promise((res) => setTimeout(res, 50));
		}
		return x;
	})();
	assert.equal(r.status, 200);
	assert.equal(r.json().elections.length, before + 66);
	assert.ok(before + 66 > 64);
});

test('api__doping_cases_with_their_sanction_and_the_stated_counts', async () => {
	const sid = podium(s.db, 'sanction', 'add', '--athlete', '1', '--events', ev, '--reallocate',
		'--reason', 'adverse finding').trim();
	podium(s.db, 'doping', 'add', '--games', 'PG2004', '--athlete', '1', '--finding', 'stanozolol',
		'--date', '2004-09-20', '--outcome', 'disqualified', '--sanction', sid, '--source', 'ipc',
		'--cite', 'annual report 2004');
	podium(s.db, 'doping', 'add', '--games', 'PG2004', '--athlete', '3', '--finding', 'salbutamol',
		'--outcome', 'continued');
	const d = await at(`${G}/doping`, (x) => x.cases.length === 2);
	assert.deepEqual(d.cases.map((c) => [c.athlete, c.finding, c.outcome]),
		[[1, 'stanozolol', 'disqualified'], [3, 'salbutamol', 'continued']]);
	assert.deepEqual(d.cases[0].sanction, { id: Number(sid), mode: 'reallocate', events: [Number(ev)], lifted: false });
	assert.equal(d.cases[1].sanction, null);
	assert.deepEqual(Object.fromEntries(d.stated.map((f) => [f.key, f.value])),
		{ 'doping.continued': '8', 'doping.disqualified': '2', 'doping.tests': '680', 'doping.violations': '10' });
	assert.equal((await request(s, 'GET', '/api/games/XX1900/doping')).status, 404);
});
