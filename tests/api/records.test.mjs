// records.test.mjs -- GET /api/games/{code}/records and the records page:
// a world record broken twice at one Games, with its history; a Games
// without records answers an empty list; the result that set one carries
// a badge on the event page.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, request, podium, bearer, openStream } from './server.mjs';

let s, e;
before(async () => {
	s = await startServer();
	podium(s.db, 'import', 'records', join(import.meta.dirname, '..', 'fixtures',
		'records-small.csv'), '--games', 'PG2004');
	e = podium(s.db, 'event', 'add', '--games', 'PG2004', '--sport', 'Para Athletics',
		'--name', "Men's 100m T54", '--gender', 'M', '--class', 'T54',
		'--status', 'live').trim();
	podium(s.db, 'result', 'set', e, '--npc', 'CHN', '--name', 'ZHANG Lixin',
		'--rank', '1', '--mark', '13.76');
	podium(s.db, 'result', 'set', e, '--npc', 'THA', '--name', 'SAENGSUK Saichon',
		'--rank', '2', '--mark', '13.70');
	podium(s.db, 'event', 'add', '--games', 'PG2008', '--sport', 'Para Swimming',
		'--name', "Women's 50m Freestyle S9", '--gender', 'W', '--class', 'S9');
});
after(async () => { if (s) await s.stop(); });

const get = (path) => request(s, 'GET', path);

// the server sees a write of the CLI once its builder has read it
async function until(path, ok) {
	let r;
	for (let i = 0; i < 100; i++) {
		r = await get(path);
		if (r.status === 200 && ok(r)) return r;
		await new Promise((res) => setTimeout(res, 50));
	}
	return r;
}

test('api__records_broken_twice_at_one_games_with_their_history', async () => {
	const r = await until('/api/games/PG2004/records', (x) => x.json().broken === 4);
	assert.equal(r.status, 200);
	const d = r.json();
	assert.equal(d.games, 'PG2004');
	assert.deepEqual(d.records.map((g) => g.kind), ['PR', 'WR']);
	const wr = d.records[1];
	assert.equal(wr.event_id, Number(e));
	assert.equal(wr.broken_here, 2);
	assert.deepEqual(wr.history.map((h) => h.mark), ['13.85', '13.80', '13.76', '13.70']);
	assert.deepEqual([wr.in_force.holder, wr.in_force.games], ['SAENGSUK Saichon', 'PG2004']);
});

test('api__records_of_a_games_without_records_is_an_empty_list', async () => {
	const r = await until('/api/games/PG2008/records', () => true);
	assert.equal(r.status, 200);
	assert.deepEqual(r.json().records, []);
	assert.equal(r.json().broken, 0);
	assert.equal((await get('/api/games/NOPE/records')).status, 404);
});

test('site__records_page_and_the_badge_on_the_event_page', async () => {
	const p = await until('/games/PG2004/records', (x) => x.text.includes('13.70'));
	assert.equal(p.status, 200);
	assert.match(p.text, /<h2 id="set-here">/);
	assert.match(p.text, /13\.85/);
	const ev = await until(`/games/PG2004/events/${e}`, (x) => x.text.includes('badge record'));
	assert.match(ev.text, /<a class="badge record" href="\/games\/PG2004\/records\?lang=en">PR,WR<\/a>/);
	const none = await until('/games/PG2008/records?lang=zh', () => true);
	assert.equal(none.status, 200);
	assert.match(none.text, /href="\/games\/PG2008\/records\?lang=zh"/);
});

// A record falls on the stream: a result posted with WR gives one
// 'record' message (its event, athlete, mark, the flags before and after:
// a world record set at the Paralympics is a Paralympic one too), after
// its 'results'; a write that leaves the flags as they are, or takes them
// off, gives none.
test('stream__a_record_message_when_a_result_sets_one', async () => {
	const st = openStream(s, '/api/games/PG2004/stream');
	try {
		await st.next((m) => m.event === 'standings');
		const post = (body) => request(s, 'POST', `/api/games/PG2004/events/${e}/results`,
			{ body, headers: bearer(s.operator) });
		let r = await post({ npc: 'NED', name: 'VAN DE VLIET Kenny', rank: 3, mark: '13.69',
			records: 'WR' });
		assert.equal(r.status, 200, r.text);
		const m = await st.next((x) => x.event === 'record');
		const d = JSON.parse(m.data);
		assert.deepEqual([d.games, d.event, d.event_name, d.name, d.npc, d.mark, d.records, d.before],
			['PG2004', Number(e), "Men's 100m T54", 'VAN DE VLIET Kenny', 'NED', '13.69', 'PR,WR', '']);
		assert.equal(Number(m.id), d.version);
		const seen = st.msgs.filter((x) => x.event === 'record').length;
		r = await post({ npc: 'NED', name: 'VAN DE VLIET Kenny', rank: 4 });
		assert.equal(r.status, 200, r.text);
		await st.next((x) => x.event === 'results' && Number(x.id) > d.version);
		r = await post({ npc: 'NED', name: 'VAN DE VLIET Kenny', records: '' });
		assert.equal(r.status, 200, r.text);
		const last = JSON.parse(r.text).version;
		await st.next((x) => x.event === 'results' && Number(x.id) >= last);
		assert.equal(st.msgs.filter((x) => x.event === 'record').length, seen,
			JSON.stringify(st.msgs.filter((x) => x.event === 'record')));
	} finally {
		st.close();
	}
});
