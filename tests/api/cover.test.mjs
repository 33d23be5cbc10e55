// cover.test.mjs -- a Games loaded from its published table does not
// shrink to its first results: after one official event of three results
// on the bundled Athens 2004 store, the standings' default, /api/games'
// default, an NPC's row, the stats, the table page and /about still give
// the table as published, and say "results for 1 of 519 events";
// ?source=results is the table ranked from results.  And an official event is moved back
// only with a reason (400 naming the field reason without one), which
// the log keeps.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, bearer } from './server.mjs';

let s, eventId;
const G = '/api/games/PG2004';
const get = (path) => request(s, 'GET', path);
const post = (path, body, tok) => request(s, 'POST', path, { body, headers: bearer(tok) });

before(async () => {
	s = await startServer();
	let r = await post(G + '/events', { sport: 'Para Athletics', name: "Men's 100m T54",
		gender: 'M', order: 'asc' }, s.admin);
	assert.equal(r.status, 201, r.text);
	eventId = r.json().event;
	for (const [npc, name, mark] of [['CHN', 'Zhang Lixin', '13.76'],
		['THA', 'Saichon Konjen', '13.90'], ['CAN', 'Jeff Adams', '14.01']]) {
		r = await post(`${G}/events/${eventId}/results`, { npc, name, mark }, s.operator);
		assert.equal(r.status, 200, r.text);
	}
	r = await post(`${G}/events/${eventId}/status`, { status: 'official' }, s.operator);
	assert.equal(r.status, 200, r.text);
});
after(async () => { if (s) await s.stop(); });

test('cover__standings_default_stays_the_published_table', async () => {
	const d = (await get(G + '/standings')).json();
	assert.equal(d.source, 'seed');
	assert.deepEqual(d.rows[0].npc, 'CHN');
	assert.equal(d.rows[0].gold, 63);
	assert.deepEqual(d.totals, { gold: 519, silver: 518, bronze: 533, total: 1570 });
	assert.deepEqual(d.results, { events: 1, of: 519 });
	const res = (await get(G + '/standings?source=results')).json();
	assert.equal(res.source, null);
	assert.equal(res.rows.length, 3);
	assert.equal(res.rows[0].gold, 1);
	assert.deepEqual(res.results, { events: 1, of: 519 });
	// a sport's table is ranked from results
	const sp = (await get(G + '/standings?sport=' + encodeURIComponent('Para Athletics'))).json();
	assert.equal(sp.source, null);
	assert.equal(sp.totals.gold, 1);
});

test('cover__games_default_and_stats_say_how_far_results_go', async () => {
	const g = (await get('/api/games')).json();
	assert.deepEqual(g.default, { games: 'PG2004', source: 'seed', auto: true });
	const st = (await get(G + '/stats')).json();
	assert.deepEqual(st.table, { source: 'seed', events: 1, of: 519 });
	assert.deepEqual(st.medals, { gold: 519, silver: 518, bronze: 533 });
	assert.equal(st.npcs_medal, 75);
	assert.equal(st.events, 519);
	assert.equal(st.athletes, null);
	assert.equal(st.npcs, null);
});

test('cover__pages_show_the_published_table', async () => {
	const page = (await get('/games/PG2004')).text;
	assert.match(page, /\b63\b/);
	assert.match(page, /\b1570\b/);
	// and its caption says how far the results go, in the page's language
	assert.match(page, /<caption id="caption">[^<]*<span class="cover">\(results for 1 of 519 events\)<\/span><\/caption>/);
	const zh = (await get('/games/PG2004?lang=zh')).text;
	assert.match(zh, /<span class="cover">\(已录入519个小项中1个小项的成绩\)<\/span>/);
	const about = (await get('/games/PG2004/about')).text;
	assert.doesNotMatch(about, /<dd>3<\/dd>/);
	assert.match(about, /1570/);
	// the sports of the results, said to be the results' so far
	assert.match(about, /<dt>Sports<\/dt><dd>1 \(results for 1 of 519 events\)<\/dd>/);
});

test('cover__npc_default_is_the_published_row_with_the_results_medals', async () => {
	const d = (await get(G + '/npcs/CHN')).json();
	assert.equal(d.source, 'seed');
	assert.deepEqual([d.rank, d.gold, d.silver, d.bronze, d.total], [1, 63, 46, 32, 141]);
	assert.deepEqual(d.results, { events: 1, of: 519 });
	assert.deepEqual(d.medals.map((m) => [m.name, m.medal, m.winner]),
		[["Men's 100m T54", 'gold', 'Zhang Lixin']]);
	const res = (await get(G + '/npcs/CHN?source=results')).json();
	assert.equal(res.source, null);
	assert.deepEqual([res.rank, res.gold, res.total], [1, 1, 1]);
	assert.equal(res.results, undefined);
	// an NPC without a result keeps its published row
	const gbr = (await get(G + '/npcs/GBR')).json();
	assert.deepEqual([gbr.rank, gbr.gold, gbr.medals.length], [2, 35, 0]);
	const page = (await get('/games/PG2004/npcs/CHN')).text;
	assert.match(page, /Gold 63/);
	assert.match(page, /Medals by sport <span class="cover">\(results for 1 of 519 events\)<\/span>/);
	assert.match(page, /Zhang Lixin/);
});

test('cover__moving_an_official_event_back_needs_a_reason', async () => {
	const url = `${G}/events/${eventId}/status`;
	let r = await post(url, { status: 'scheduled' }, s.operator);
	assert.equal(r.status, 400);
	assert.equal(r.json().field, 'reason');
	r = await post(url, { status: 'protested', reason: '' }, s.operator);
	assert.equal(r.status, 400);
	assert.equal(r.json().field, 'reason');
	let ev = (await get(`${G}/events/${eventId}`)).json();
	assert.equal(ev.status, 'official');
	r = await post(url, { status: 'protested', reason: 'appeal by THA' }, s.operator);
	assert.equal(r.status, 200, r.text);
	ev = (await get(`${G}/events/${eventId}`)).json();
	assert.equal(ev.status, 'protested');
	const log = (await get(`${G}/log`)).json();
	assert.equal(log.changes.at(-1).reason, 'appeal by THA');
	// back to official needs none
	r = await post(url, { status: 'official' }, s.operator);
	assert.equal(r.status, 200, r.text);
});

test('cover__a_result_is_removed_with_a_reason', async () => {
	const url = `${G}/events/${eventId}/results`;
	const del = (body) => request(s, 'DELETE', url, { body, headers: bearer(s.operator) });
	let r = await del({ npc: 'THA', name: 'Saichon Konjen' });
	assert.equal(r.status, 400);
	assert.equal(r.json().field, 'reason');
	r = await del({ npc: 'THA', name: 'Nobody', reason: 'x' });
	assert.equal(r.status, 400);
	assert.match(r.json().error, /has no result of Nobody \(THA\)/);
	r = await del({ npc: 'THA', name: 'Saichon Konjen', reason: 'entered in the wrong heat' });
	assert.equal(r.status, 200, r.text);
	const ev = (await get(`${G}/events/${eventId}`)).json();
	// ranked from marks: Canada moves up to silver
	assert.deepEqual(ev.results.map((x) => [x.npc, x.rank, x.medal]),
		[['CHN', 1, 'gold'], ['CAN', 2, 'silver']]);
	const log = (await get(`${G}/log`)).json();
	assert.equal(log.changes.at(-1).reason, 'entered in the wrong heat');
	assert.match(log.changes.at(-1).command, /^DELETE /);
	r = await request(s, 'OPTIONS', url);
	assert.match(r.headers.allow || r.headers['access-control-allow-methods'] || '', /DELETE|GET/);
});
