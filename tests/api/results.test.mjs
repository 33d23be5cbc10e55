// results.test.mjs -- results an operator can trust over the API: a single
// result POSTed or PATCHed keeps every field not given, a list PATCH is one
// change, a write that changes nothing makes no version, an IRM with or
// without its rank gives the medal to the next by rank, ranks follow from
// marks where the event says so, and every answer says what changed and
// the medals now awarded; the log keeps each field before and after.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, bearer } from './server.mjs';

let s;
before(async () => { s = await startServer(); });
after(async () => { if (s) await s.stop(); });

const G = '/api/games/PG2004';
const get = (path) => request(s, 'GET', path);
const send = (method, path, body, tok) =>
	request(s, method, path, { body, headers: bearer(tok) });
const post = (path, body, tok) => send('POST', path, body, tok);

async function addEvent(name, extra = {}) {
	const r = await post(G + '/events', { sport: 'Para Athletics', name, gender: 'W',
		status: 'official', ...extra }, s.admin);
	assert.equal(r.status, 201, r.text);
	return r.json().event;
}

test('results__single_post_keeps_fields_not_given', async () => {
	const e = await addEvent('Pole Vault F20');
	let r = await post(`${G}/events/${e}/results`,
		{ npc: 'UKR', name: 'Oksana Zubkovska', rank: 2, mark: '5.10', records: 'PR' }, s.operator);
	assert.equal(r.status, 200, r.text);
	r = await post(`${G}/events/${e}/results`, { npc: 'UKR', name: 'Oksana Zubkovska', rank: 1 },
		s.operator);
	assert.equal(r.status, 200);
	const d = r.json();
	assert.deepEqual(d.changes.map((c) => [c.field, c.before, c.after]),
		[['rank', '2', '1'], ['medal', 'silver', 'gold']]);
	assert.deepEqual(d.medals.map((m) => [m.medal, m.npc, m.rule]), [['gold', 'UKR', 'by rank']]);
	assert.ok(d.said.some((l) => /awards gold Oksana Zubkovska/.test(l)));
	const ev = (await get(`${G}/events/${e}`)).json();
	assert.equal(ev.results[0].mark, '5.10');
	assert.equal(ev.results[0].records, 'PR');
	// null clears a field
	r = await post(`${G}/events/${e}/results`, { npc: 'UKR', name: 'Oksana Zubkovska', records: null },
		s.operator);
	assert.deepEqual(r.json().changes.map((c) => [c.field, c.before, c.after]), [['records', 'PR', '']]);
});

test('results__unchanged_write_makes_no_version', async () => {
	const e = await addEvent('100 m T11');
	let r = await post(`${G}/events/${e}/results`, { npc: 'CHN', name: 'A', rank: 1, mark: '12.10' },
		s.operator);
	const v = r.json().version;
	r = await post(`${G}/events/${e}/results`, { npc: 'CHN', name: 'A', rank: 1, mark: '12.10' },
		s.operator);
	assert.equal(r.status, 200);
	assert.equal(r.json().unchanged, true);
	assert.equal(r.json().version, v);
	assert.deepEqual(r.json().changes, []);
	r = await post(`${G}/events/${e}/status`, { status: 'official' }, s.operator);
	assert.equal(r.json().unchanged, true);
	assert.equal(r.json().version, v);
	assert.equal((await get('/api/games')).json().games[0].version, v);
});

test('results__patch_swaps_two_ranks_in_one_change', async () => {
	const e = await addEvent('200 m T12');
	let r = await post(`${G}/events/${e}/results`, { results: [
		{ npc: 'CHN', name: 'A', rank: 1, mark: '24.10' },
		{ npc: 'GBR', name: 'B', rank: 2, mark: '24.30' }] }, s.operator);
	const v = r.json().version;
	const ids = (await get(`${G}/events/${e}`)).json().results.map((x) => x.athlete);
	r = await send('PATCH', `${G}/events/${e}/results`, { results: [
		{ athlete: ids[0], rank: 2 }, { athlete: ids[1], rank: 1 }], reason: 'photo finish' }, s.operator);
	assert.equal(r.status, 200, r.text);
	assert.equal(r.json().version, v + 1);
	const ev = (await get(`${G}/events/${e}`)).json();
	assert.deepEqual(ev.results.map((x) => [x.npc, x.rank, x.mark, x.medal]),
		[['GBR', 1, '24.30', 'gold'], ['CHN', 2, '24.10', 'silver']]);
	const log = (await get(`${G}/log?since=${v}`)).json();
	assert.equal(log.changes.length, 1);
	assert.equal(log.changes[0].reason, 'photo finish');
	assert.match(log.changes[0].command, /^PATCH \/api\//);
	assert.deepEqual(log.changes[0].changes.filter((c) => c.field === 'rank')
		.map((c) => [c.what, c.before, c.after]), [['B (GBR)', '2', '1'], ['A (CHN)', '1', '2']]);
});

test('results__dsq_with_or_without_rank_gives_the_bronze_to_the_next', async () => {
	for (const dsq of [{ rank: 3, irm: 'DSQ' }, { rank: 0, irm: 'DSQ' }]) {
		const e = await addEvent(`400 m T13 rank ${dsq.rank}`);
		await post(`${G}/events/${e}/results`, { results: [
			{ npc: 'CHN', name: 'A', rank: 1 }, { npc: 'THA', name: 'B', rank: 2 },
			{ npc: 'SUI', name: 'C', rank: 3 }, { npc: 'CAN', name: 'D', rank: 4 }] }, s.operator);
		const r = await post(`${G}/events/${e}/results`, { npc: 'SUI', name: 'C', ...dsq }, s.operator);
		const d = r.json();
		assert.deepEqual(d.medals.filter((m) => m.medal === 'bronze').map((m) => [m.npc, m.rule]),
			[['CAN', 'moved up past a result that never medals (an IRM or a sanction)']]);
		assert.deepEqual(d.medals.filter((m) => m.npc === 'SUI').map((m) => [m.medal, m.rule]),
			[['', 'an IRM never medals']]);
		const ev = (await get(`${G}/events/${e}`)).json();
		assert.deepEqual(ev.results.map((x) => x.npc), ['CHN', 'THA', 'CAN', 'SUI']);
	}
});

test('results__ranks_follow_from_marks', async () => {
	const e = await addEvent('Long Jump F11', { order: 'desc', status: 'live' });
	for (const [npc, mark] of [['CHN', '4.71'], ['BRA', '4.90'], ['GBR', '4.71']])
		assert.equal((await post(`${G}/events/${e}/results`, { npc, name: npc + ' one', mark },
			s.operator)).status, 200);
	let ev = (await get(`${G}/events/${e}`)).json();
	assert.deepEqual(ev.results.map((x) => [x.npc, x.rank]), [['BRA', 1], ['CHN', 2], ['GBR', 2]]);
	const r = await post(`${G}/events/${e}/results`, { npc: 'CHN', name: 'CHN one', rank: 1 }, s.operator);
	assert.equal(r.status, 400);
	assert.match(r.json().error, /ranks from its marks/);
	const bad = await post(G + '/events', { sport: 'X', name: 'Y', order: 'up' }, s.admin);
	assert.equal(bad.json().field, 'order');
});

// A write is answered once it is on disk, before the views show it; a
// read after the answer waits for them on this node: never an older view.
test('results__each_read_after_a_write_shows_it', async () => {
	const e = await addEvent('Shot Put F57');
	const writers = [0, 1, 2, 3].map(async (k) => {
		for (let i = 0; i < 6; i++) {
			const r = await post(`${G}/events/${e}/results`, { npc: 'CHN',
				name: `Writer ${k} ${i}`, rank: 1 + k * 10 + i }, s.operator);
			assert.equal(r.status, 200, r.text);
			const v = r.json().version;
			const seen = await Promise.all([G + '/standings', `${G}/events/${e}`,
				'/api/games'].map((p) => get(p)));
			assert.ok(seen[0].json().version >= v, `standings at ${v}`);
			assert.ok(seen[1].json().version >= v, `the event at ${v}`);
			assert.ok(seen[1].json().results.some((x) => x.name === `Writer ${k} ${i}`));
			const pg = seen[2].json().games.find((g) => g.code === 'PG2004');
			assert.ok(pg.version >= v, `the list at ${v}`);
		}
	});
	await Promise.all(writers);
});

// Writes that arrive together share one commit, each still its own
// change: 16 at once, every other one with a stale If-Match, and those
// alone are refused -- the others each get their own version and their
// own entry in the log, and the refused ones leave none.
test('results__writes_together_each_their_own_change', async () => {
	const e = await addEvent('Discus F11');
	const v0 = (await get(G + '/standings')).json().version;
	const rs = await Promise.all(Array.from({ length: 16 }, (_, i) =>
		request(s, 'POST', `${G}/events/${e}/results`, {
			body: { npc: 'GBR', name: `Thrower ${i}`, rank: i + 1, reason: `t${i}` },
			headers: { ...bearer(s.operator), ...(i % 2 ? { 'If-Match': `"${v0 - 1}"` } : {}) },
			agent: false })));
	const ok = rs.filter((r, i) => i % 2 === 0);
	assert.ok(ok.every((r) => r.status === 200), ok.map((r) => r.text).join());
	assert.ok(rs.filter((r, i) => i % 2).every((r) => r.status === 412));
	const versions = ok.map((r) => r.json().version).sort((a, b) => a - b);
	assert.deepEqual(versions, Array.from({ length: 8 }, (_, i) => v0 + 1 + i));
	const log = (await get(`${G}/log?since=${v0}`)).json();
	assert.deepEqual(log.changes.map((c) => c.reason).sort(),
		['t0', 't10', 't12', 't14', 't2', 't4', 't6', 't8']);
	const ev = (await get(`${G}/events/${e}`)).json();
	assert.equal(ev.results.length, 8);
});

test('results__said_in_the_writers_language', async () => {
	const e = await addEvent('Shot Put F11');
	const write = (body, headers = {}, q = '') => request(s, 'POST', `${G}/events/${e}/results${q}`,
		{ body, headers: { ...bearer(s.operator), ...headers } });
	let r = await write({ results: [{ npc: 'CHN', name: 'Li Ming', rank: 1 }, { npc: 'IRI', name: 'Ali Reza', rank: 2, irm: 'DSQ' }] },
		{ 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.5' });
	assert.equal(r.status, 200, r.text);
	let said = r.json().said;
	assert.ok(said.includes('Li Ming (CHN)：名次 - → 1，奖牌 - → 金牌'), said.join(' | '));
	assert.ok(said.includes(`项目 ${e} 颁发：金牌 Li Ming (CHN)`), said.join(' | '));
	assert.ok(said.includes('Ali Reza (IRI)：IRM 成绩不得奖牌'), said.join(' | '));
	// ?lang= decides over the header; English is the default
	r = await write({ npc: 'CHN', name: 'Li Ming', mark: '13.20' }, { 'Accept-Language': 'zh' }, '?lang=en');
	assert.ok(r.json().said.includes('Li Ming (CHN): mark - -> 13.20'), r.json().said.join(' | '));
	r = await write({ npc: 'CHN', name: 'Li Ming', mark: '13.20' }, {}, '?lang=zh');
	assert.deepEqual(r.json().said.slice(0, 1), ['没有改动']);
	r = await write({ npc: 'CHN', name: 'Li Ming', mark: '13.30' });
	assert.ok(r.json().said.includes('Li Ming (CHN): mark 13.20 -> 13.30'), r.json().said.join(' | '));
	// a refusal, too, in the writer's language (the CLI's patterns), and
	// in English for the others
	r = await write({ npc: 'XYZ', name: 'Nobody', rank: 3 }, { 'Accept-Language': 'zh' });
	assert.equal(r.status, 400, r.text);
	assert.match(r.json().error, /^未知的代表团 'XYZ'/);
	r = await write({ npc: 'XYZ', name: 'Nobody', rank: 3 });
	assert.match(r.json().error, /^unknown NPC 'XYZ'/);
	// French is the same lines from po/fr.po, asked for either way
	r = await write({ results: [{ npc: 'GBR', name: 'Tom Hay', rank: 3 }] }, { 'Accept-Language': 'fr-FR,fr;q=0.9' });
	assert.equal(r.status, 200, r.text);
	said = r.json().said;
	assert.ok(said.includes('Tom Hay (GBR) : rang - → 3, médaille - → bronze'), said.join(' | '));
	assert.ok(said.includes(`épreuve ${e}, médailles : bronze Tom Hay (GBR)`), said.join(' | '));
	r = await write({ npc: 'XYZ', name: 'Nobody', rank: 3 }, {}, '?lang=fr');
	assert.match(r.json().error, /^CNP inconnu 'XYZ'/);
});
