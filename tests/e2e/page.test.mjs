// page.test.mjs -- the public site in a real headless browser (issue 16):
// with script off, /, /games/PG2024, an event, an athlete and an NPC page
// show their whole content; with it on, the language switch, a result
// written through the API moving the table live (no reload, no internal
// words), the picker, the chart's leaders against the table under gold
// first and under points, the phone width (no sideways scrolling, chart
// labels readable) and reduced motion (the change mark still goes).
// Screenshots go to artifacts/ and, with E2E_UPDATE=1 or when absent, to
// docs/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, copyFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer, podium, seen } from '../api/server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const art = join(here, 'artifacts');
const shots = join(here, '..', '..', 'docs', 'screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let s, browser, ctx, page;

// keep a screenshot as the reference in docs/ when asked (or missing)
function keep(name) {
	if (!existsSync(join(shots, name)) || process.env.E2E_UPDATE === '1') {
		mkdirSync(shots, { recursive: true });
		copyFileSync(join(art, name), join(shots, name));
	}
}

before(async () => {
	s = await startServer();
	podium(s.db, 'import', 'paris2024', join(here, '..', 'fixtures', 'paris2024_small'),
		'--games', 'PG2024');
	mkdirSync(art, { recursive: true });
	browser = await chromium.launch({
		executablePath: CHROMIUM, headless: true, timeout: 60000,
		args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
			'--disable-component-update', '--disable-sync', '--no-first-run',
			'--disable-dev-shm-usage'],
	});
	ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
	page = await ctx.newPage();
	page.setDefaultTimeout(10000);
	// the server notices the import within a poll
	await seen(s, 'PG2024');
});

after(async () => {
	if (browser) await browser.close();
	if (s) await s.stop();
});

const firstRow = (p = page) => p.locator('#medals tbody tr').first();

// POST through the API from the page, as the desk would.
function post(p, path, tok, body) {
	return p.evaluate(async ({ path, tok, body }) => {
		const r = await fetch(path, { method: 'POST', headers: { Authorization: 'Bearer ' + tok,
			'Content-Type': 'application/json' }, body: JSON.stringify(body) });
		return { status: r.status, body: await r.json() };
	}, { path, tok, body });
}

test('e2e__without_script_every_page_shows_its_content', async () => {
	const off = await browser.newContext({ javaScriptEnabled: false,
		viewport: { width: 1280, height: 900 } });
	const p = await off.newPage();
	p.setDefaultTimeout(10000);
	await p.goto(s.url + '/');
	assert.equal(await p.locator('#medals tbody tr').count(), 75);
	assert.deepEqual(await firstRow(p).locator('td').allTextContents(),
		['1', 'CHN', '63', '46', '32', '141']);
	assert.deepEqual(await p.locator('#medals tfoot td.num').allTextContents(),
		['519', '518', '533', '1570']);
	assert.equal(await p.locator('body').getAttribute('data-ready'), null, 'no script ran');
	await p.screenshot({ path: join(art, 'nojs.png') });
	keep('nojs.png');

	await p.goto(s.url + '/games/PG2024');
	assert.equal(await p.locator('#medals tbody tr').count(), 6);
	assert.match(await p.locator('h1').textContent(), /Paris 2024/);
	// the form works without script too
	await p.selectOption('#scheme', 'total');
	await p.click('button[type="submit"]');
	await p.waitForURL(/scheme=total/);
	assert.equal(await p.locator('#medals').getAttribute('data-scheme'), 'total');

	await p.locator('#medals tbody tr[data-npc="GBR"] a').click();
	await p.waitForURL(/\/npcs\/GBR/);
	assert.match(await p.locator('#summary').textContent(), /Gold 1/);
	assert.equal(await p.locator('#by-sport h3').count(), 2);
	await p.locator('#by-sport a').first().click();
	await p.waitForURL(/\/events\/\d+/);
	assert.ok(await p.locator('#results tbody tr').count() >= 1);
	await p.locator('#results tbody a[href*="/athletes/"]').first().click();
	await p.waitForURL(/\/athletes\/\d+/);
	assert.ok(await p.locator('#results tbody tr').count() >= 1);
	assert.match(await p.locator('#summary').textContent(), /Gold|Silver|Bronze/);
	await off.close();
});

test('e2e__page_shows_the_athens_2004_table', async () => {
	await page.goto(s.url + '/?lang=en');
	await page.waitForSelector('body[data-ready="1"]');
	assert.equal(await page.locator('#medals tbody tr').count(), 75);
	assert.deepEqual(await firstRow().locator('td').allTextContents(),
		['1', 'CHN', '63', '46', '32', '141']);
	assert.match(await page.locator('#medals caption').textContent(), /Athens 2004/);
	assert.equal(await page.locator('#medals thead th[scope="col"]').count(), 7);
	assert.match(await page.locator('#title').textContent(), /Athens 2004 Summer Paralympics/);
	assert.ok(await page.locator('#host-legend').isVisible(), 'the host mark is explained');
	assert.equal(await page.locator('button.no-js').isVisible(), false);
	await page.screenshot({ path: join(art, 'desktop.png') });
	keep('desktop.png');
});

test('e2e__language_switch', async () => {
	await page.evaluate(() => { window.__noReload = 'still here'; });
	await page.getByRole('link', { name: '中文' }).click();
	await firstRow().locator('th', { hasText: '中国' }).waitFor();
	assert.equal(await page.locator('html').getAttribute('lang'), 'zh-Hans');
	assert.match(await page.locator('#medals thead').textContent(), /排名[\s\S]*国家／地区[\s\S]*金牌/);
	assert.match(await page.locator('#medals tfoot').textContent(), /总计/);
	assert.match(await page.locator('#medals caption').textContent(), /雅典/);
	assert.equal(await page.getByRole('link', { name: '中文' }).getAttribute('aria-current'), 'true');
	assert.equal(await page.evaluate(() => window.__noReload), 'still here');
	await page.getByRole('link', { name: 'English' }).click();
	await firstRow().locator('th', { hasText: 'China' }).waitFor();
});

test('e2e__a_result_written_through_the_api_moves_the_table_live', async () => {
	// Athens 2004 stays its published table until its results cover its
	// 519 events: the table from results is the one asked for by name
	await page.goto(s.url + '/games/PG2004?source=results&lang=en');
	await page.waitForSelector('body[data-ready="1"]');
	await page.evaluate(() => { window.__noReload = 'still here'; });
	const ev = await post(page, '/api/games/PG2004/events', s.admin, { sport: 'Athletics',
		name: '100 m T54', gender: 'M', date: '2004-09-20', status: 'official' });
	assert.equal(ev.status, 201);
	const res = await post(page, `/api/games/PG2004/events/${ev.body.event}/results`, s.operator,
		{ results: [{ npc: 'CHN', name: 'Li Wei', rank: 1 }, { npc: 'GBR', name: 'Ann Smith', rank: 2 },
			{ npc: 'CAN', name: 'Roy Boyd', rank: 3 }] });
	assert.equal(res.status, 200);
	await page.waitForSelector('#medals[data-source=""]');
	await page.waitForSelector('#medals tbody tr[data-npc="CHN"][data-changed="1"]');
	assert.deepEqual(await firstRow().locator('td').allTextContents(), ['1', 'CHN', '1', '0', '0', '1']);
	assert.equal(await page.locator('#medals tbody tr').count(), 3);
	const ev2 = await post(page, '/api/games/PG2004/events', s.admin, { sport: 'Swimming',
		name: '50 m S4', gender: 'W', date: '2004-09-21', status: 'official' });
	const second = await post(page, `/api/games/PG2004/events/${ev2.body.event}/results`,
		s.operator, { npc: 'USA', name: 'Jo Park', rank: 1 });
	assert.ok(second.body.version > res.body.version);
	await page.waitForSelector('#medals tbody tr[data-npc="USA"][data-changed="1"]');
	await page.waitForFunction(() => /Updated/.test(document.querySelector('#status').textContent));
	assert.doesNotMatch(await page.locator('body').innerText(), /version/i, 'no internal words');
	assert.equal(await page.evaluate(() => window.__noReload), 'still here');
	assert.equal(await page.locator('#medals tbody tr').count(), 4);
	await page.screenshot({ path: join(art, 'live.png'), fullPage: true });
	keep('live.png');
});

test('e2e__npc_page_and_back', async () => {
	await page.locator('#medals tbody tr[data-npc="CHN"] a').click();
	await page.waitForURL(/\/npcs\/CHN/);
	assert.match(await page.locator('#by-sport').textContent(), /100 m T54/);
	await page.goBack();
	await page.waitForSelector('#chart svg polyline', { state: 'attached' });
	assert.equal(await page.locator('#chart svg polyline').count(), 2);
});

test('e2e__picker_reaches_every_games', async () => {
	await page.goto(s.url + '/games');
	assert.equal(await page.locator('#games tbody tr').count(), 2);
	await page.getByRole('link', { name: 'Paris 2024 Summer Paralympics' }).click();
	await page.waitForURL(/\/games\/PG2024/);
	await page.waitForSelector('body[data-ready="1"]');
	assert.equal(await page.locator('#medals tbody tr').count(), 6);
	await page.goto(s.url + '/?games=PG2024');
	assert.match(await page.locator('h1').textContent(), /Paris 2024/);
});

// The chart's leaders, in order, and the table's first five with anything
// under the scheme shown.
async function leadersAndTable(scheme) {
	const col = scheme === 'gold' ? 1 : 5;	// cells: rank g s b total points
	const table = await page.locator('#medals tbody tr').evaluateAll((trs, c) => trs
		.map((tr) => [tr.dataset.npc, Number(tr.querySelectorAll('td.num')[c].textContent)])
		.filter((r) => r[1] > 0).slice(0, 5).map((r) => r[0]), col);
	const legend = await page.locator('#chart-leaders li').evaluateAll((lis) =>
		lis.map((li) => li.dataset.npc));
	return { table, legend };
}

test('e2e__chart_leaders_are_the_tables_first_five_under_each_scheme', async () => {
	// KEN two golds; BRA one gold and three silvers: first under gold
	// first and under points disagree
	await page.goto(s.url + '/games/PG2004?source=results');
	const plan = [['200 m', [['KEN', 1], ['BRA', 2], ['JPN', 3]]],
		['400 m', [['KEN', 1], ['BRA', 2], ['JPN', 3]]],
		['800 m', [['BRA', 1], ['MEX', 2], ['JPN', 3]]],
		['1500 m', [['MEX', 1], ['BRA', 2], ['JPN', 3]]],
		['5000 m', [['FIN', 1], ['IRL', 2], ['JPN', 3]]]];
	let day = 22;
	for (const [name, list] of plan) {
		const ev = await post(page, '/api/games/PG2004/events', s.admin, { sport: 'Athletics',
			name, gender: 'W', date: `2004-09-${day++}`, status: 'official' });
		const r = await post(page, `/api/games/PG2004/events/${ev.body.event}/results`, s.operator,
			{ results: list.map(([npc, rank]) => ({ npc, name: npc + ' ' + name, rank })) });
		assert.equal(r.status, 200);
	}
	await page.waitForSelector('#medals tbody tr[data-npc="FIN"]');
	let got = await leadersAndTable('gold');
	assert.deepEqual(got.legend, got.table);
	assert.equal(got.table[0], 'KEN');
	await page.selectOption('#scheme', 'points=3,2,1');
	await page.waitForSelector('#medals[data-scheme="points=3,2,1"]');
	assert.match(await page.locator('#medals thead').textContent(), /Points/);
	got = await leadersAndTable('points');
	assert.deepEqual(got.legend, got.table);
	assert.equal(got.table[0], 'BRA');
	assert.match(await page.locator('#chart-title').textContent(), /Points/);
	assert.match(page.url(), /scheme=points/);
});

test('e2e__readable_on_a_phone', async () => {
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto(s.url + '/games/PG2004?source=results&scheme=points%3D3%2C2%2C1');
	await page.waitForSelector('body[data-ready="1"]');
	const width = await page.evaluate(() => document.documentElement.scrollWidth);
	assert.ok(width <= 390, 'no sideways scrolling of the page: ' + width);
	const px = await page.locator('#chart svg text').first().evaluate((e) =>
		e.getBoundingClientRect().height);
	assert.ok(px >= 11, 'chart labels about 14 px on a phone, not ' + px);
	await page.screenshot({ path: join(art, 'phone.png'), fullPage: true });
	keep('phone.png');
	await page.selectOption('#source', 'seed');
	await firstRow().locator('td', { hasText: '63' }).waitFor();
	await page.setViewportSize({ width: 1280, height: 900 });
});

test('e2e__reduced_motion_the_mark_goes_without_a_fade', async () => {
	const rm = await browser.newContext({ reducedMotion: 'reduce',
		viewport: { width: 1280, height: 900 } });
	const p = await rm.newPage();
	p.setDefaultTimeout(10000);
	await p.goto(s.url + '/games/PG2004?source=results');
	await p.waitForSelector('body[data-ready="1"]');
	const ev = await post(p, '/api/games/PG2004/events', s.admin, { sport: 'Rowing',
		name: 'Single sculls', gender: 'M', date: '2004-09-27', status: 'official' });
	await post(p, `/api/games/PG2004/events/${ev.body.event}/results`, s.operator,
		{ npc: 'NZL', name: 'Kim Lee', rank: 1 });
	const row = 'tr[data-npc="NZL"][data-changed="1"]';
	// the marked row's animation, read in the same moment it is found (a
	// later stream message may swap the page in between two steps)
	const anim = await p.waitForFunction((sel) => {
		const e = document.querySelector(sel);
		return e && getComputedStyle(e).animationName;
	}, '#medals tbody ' + row + '.changed');
	assert.equal(await anim.jsonValue(), 'none');
	// the mark is taken off after a while: waited for, not timed
	await p.waitForSelector('#medals tbody ' + row + ':not(.changed)');
	await rm.close();
});

test('e2e__a_chinese_browser_gets_the_zh_page', async () => {
	const zh = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
	const p = await zh.newPage();
	p.setDefaultTimeout(10000);
	await p.goto(s.url + '/games/PG2024');
	await p.waitForSelector('html[lang="zh-Hans"]');
	assert.match(await p.locator('#medals thead').textContent(), /排名/);
	assert.match(p.url(), /lang=zh/);
	await zh.close();
});

test('e2e__a_french_browser_gets_the_fr_page', async () => {
	const fr = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
	const p = await fr.newPage();
	p.setDefaultTimeout(10000);
	await p.goto(s.url + '/games/PG2024');
	await p.waitForSelector('html[lang="fr"]');
	assert.match(await p.locator('#medals thead').textContent(), /Rang/);
	assert.match(p.url(), /lang=fr/);
	await fr.close();
});
