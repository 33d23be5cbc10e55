// desk_lists.test.mjs -- the operator's desk in a real headless browser,
// for what is not a ranking: an event's start list typed one athlete a
// line (its athletes then wait in the result table for their marks), and
// a head-to-head event's matches added and removed, each through the API
// the CLI's commands share.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, bearer } from '../api/server.mjs';
import { launch, close } from './browser.mjs';

const G = '/api/games/PG2004';
let s, b, page, run, match;

before(async () => {
	s = await startServer();
	const post = (path, body) => request(s, 'POST', path, { body, headers: bearer(s.admin) });
	run = (await post(G + '/events', { sport: 'Athletics', name: '100 m T11', gender: 'W',
		date: '2004-09-22', status: 'live', order: 'asc' })).json().event;
	match = (await post(G + '/events', { sport: 'Football 5-a-side', name: 'Men', gender: 'M',
		date: '2004-09-28', status: 'live', team: true })).json().event;
	b = await launch('desk-lists');
	page = b.page;
	await page.goto(s.url + '/desk');
	await page.fill('#token', s.operator);
	await page.keyboard.press('Enter');
	await page.waitForSelector('body[data-ready="1"]');
});

after(async () => {
	await close(b);
	if (s) await s.stop();
});

const get = async (path) => (await request(s, 'GET', path)).json();

test('desk__a_start_list_typed_then_marks_for_its_athletes', async () => {
	await page.click(`#events button[data-id="${run}"]`);
	await page.waitForSelector(`#event-pane[data-event="${run}"]`);
	await page.locator('#start-list summary').click();
	await page.fill('#entries-text', 'CHN, Wu Chunmiao, W\nJPN\tNarita Mayumi\tF\nGBR, Ana Bell');
	await page.click('#entries-save');
	await page.waitForSelector('#start-list[data-count="3"]');
	assert.deepEqual(await page.locator('#entries tbody td:nth-child(2)').allTextContents(),
		['Wu Chunmiao', 'Ana Bell', 'Narita Mayumi']);
	const api = await get(`${G}/events/${run}/entries`);
	assert.deepEqual(api.entries.map((x) => [x.npc, x.gender]), [['CHN', 'W'], ['GBR', ''], ['JPN', 'W']]);
	// the athletes entered wait in the result table: a mark for one of them
	const wu = page.locator('#entry tbody tr[data-name="Wu Chunmiao"]');
	assert.equal(await wu.locator('input[data-k="name"]').getAttribute('readonly'), '');
	await wu.locator('input[data-k="mark"]').fill('12.50');
	await page.click('#save');
	await page.waitForFunction(() => document.getElementById('said').dataset.ok === '1');
	const ev = await get(`${G}/events/${run}`);
	assert.deepEqual(ev.results.map((x) => [x.name, x.mark]), [['Wu Chunmiao', '12.50']]);
	await page.waitForFunction(() => [...document.querySelectorAll('#entries tbody td:nth-child(4)')]
		.some((td) => td.textContent === '✓'));
	// a bad line is refused, named, and the list stays as it was
	await page.fill('#entries-text', 'ATL, Nobody');
	await page.click('#entries-save');
	await page.waitForSelector('#entries-msg[data-ok="0"]');
	assert.match(await page.locator('#entries-msg').textContent(), /entries\[0\]: unknown NPC 'ATL'/);
	assert.equal((await get(`${G}/events/${run}/entries`)).entries.length, 3);
	const p = await get(`${G}/participation`);
	assert.equal(p.athletes, 3);
});

test('desk__matches_added_and_removed', async () => {
	await page.click(`#events button[data-id="${match}"]`);
	await page.waitForSelector(`#event-pane[data-event="${match}"]`);
	await page.locator('#matches-box summary').click();
	const add = async (phase, home, away, score, pens) => {
		const n = Number(await page.locator('#matches-box').getAttribute('data-count'));
		await page.fill('#match-form [name="phase"]', phase);
		await page.fill('#match-form [name="home"]', home);
		await page.fill('#match-form [name="away"]', away);
		await page.fill('#match-form [name="score"]', score);
		await page.fill('#match-form [name="pens"]', pens);
		await page.click('#match-form button[type="submit"]');
		await page.waitForSelector(`#matches-box[data-count="${n + 1}"]`);
	};
	await add('semi-final', 'BRA', 'ESP', '2:0', '');
	await add('semi-final', 'ARG', 'FRA', '1:1', '4:3');
	await add('final', 'bra', 'arg', '', '3:2');
	let m = await get(`${G}/events/${match}/matches`);
	assert.deepEqual(m.matches.map((x) => [x.phase, x.home, x.away, x.winner, x.source]),
		[['semi-final', 'BRA', 'ESP', 1, 'desk'], ['semi-final', 'ARG', 'FRA', 1, 'desk'],
		 ['final', 'BRA', 'ARG', 1, 'desk']]);
	assert.deepEqual(m.matches[2].penalties, [3, 2]);
	assert.match(await page.locator('#matches tbody tr:nth-child(3)').textContent(), /\(3:2 pen\)/);
	// a bad match is refused with the reason, nothing written
	await page.fill('#match-form [name="phase"]', 'final');
	await page.fill('#match-form [name="home"]', 'BRA');
	await page.fill('#match-form [name="away"]', 'BRA');
	await page.fill('#match-form [name="score"]', '1:0');
	await page.fill('#match-form [name="pens"]', '');
	await page.click('#match-form button[type="submit"]');
	await page.waitForSelector('#match-msg[data-ok="0"]');
	assert.match(await page.locator('#match-msg').textContent(), /cannot play itself/);
	// removed
	await page.locator('#matches tbody tr:nth-child(1) button').click();
	await page.waitForSelector('#matches-box[data-count="2"]');
	m = await get(`${G}/events/${match}/matches`);
	assert.deepEqual(m.matches.map((x) => x.home), ['ARG', 'BRA']);
});
