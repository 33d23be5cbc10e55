// filters.test.mjs -- the Games page's filters work without the script
// (issue 32: the page ignored ?sport=): with JavaScript off, a sport's
// link shows that sport's table, a gender's link then narrows it and
// keeps the sport, and "All sports" goes back to the whole; each table
// is the API's for the same filter.  And the page of a day's medals lists
// them unit by unit, with the table at the end of that day.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, podium, request } from '../api/server.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let s, browser, ctx, page;

before(async () => {
	s = await startServer();
	podium(s.db, 'import', 'paris2024', join(import.meta.dirname, '..', 'fixtures', 'paris2024_small'),
		'--games', 'PG2024');
	podium(s.db, 'import', 'units', join(import.meta.dirname, '..', 'fixtures', 'units-small'),
		'--games', 'OG2024');
	// the server notices both imports within a poll
	for (let i = 0; i < 200; i++) {
		const g = (await request(s, 'GET', '/api/games')).json();
		const og = (await request(s, 'GET', '/api/games/OG2024/medallists')).json();
		if (g.games.some((x) => x.code === 'PG2024') && og.medals === 11) break;
		await new Promise((res) => setTimeout(res, 50));
	}
	browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, timeout: 60000,
		args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
	ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
	page = await ctx.newPage();
	page.setDefaultTimeout(10000);
});

after(async () => {
	if (ctx) await ctx.close();
	if (browser) await browser.close();
	if (s) await s.stop();
});

const totalOf = async () => Number((await page.locator('#medals tfoot td.num').last().textContent()).trim());
const api = async (q) => (await request(s, 'GET', '/api/games/PG2024/standings?' + q)).json().totals.total;

test('filters__sport_and_gender_links_work_without_javascript', async () => {
	await page.goto(`${s.url}/games/PG2024`);
	// the script did not run: the form's submit button is still shown
	assert.ok(await page.isVisible('#controls button.no-js'));
	const whole = await totalOf();
	assert.equal(whole, await api(''));
	await page.click('#filters a:text-is("Para Table Tennis")');
	assert.match(page.url(), /sport=Para%20Table%20Tennis/);
	assert.match(await page.locator('#caption').textContent(), /Para Table Tennis/);
	assert.equal(await page.getAttribute('#filters a:text-is("Para Table Tennis")', 'aria-current'), 'page');
	const tt = await totalOf();
	assert.equal(tt, await api('sport=Para%20Table%20Tennis'));
	assert.ok(tt > 0 && tt < whole);
	// a gender keeps the sport
	await page.click('#filters a:text-is("women")');
	assert.match(page.url(), /sport=Para%20Table%20Tennis&gender=W/);
	assert.equal(await totalOf(), await api('sport=Para%20Table%20Tennis&gender=W'));
	await page.click('#filters a:text-is("All sports")');
	assert.doesNotMatch(page.url(), /sport=/);
	assert.match(page.url(), /gender=W/);
	assert.equal(await totalOf(), await api('gender=W'));
});

test('filters__a_days_medals_page_unit_by_unit', async () => {
	const r = await page.goto(`${s.url}/games/OG2024/medals/2024-08-01`);
	assert.equal(r.status(), 200);
	const rows = await page.locator('#day tbody tr').count();
	assert.equal(rows, 4);
	const text = await page.locator('#day').innerText();
	assert.match(text, /11:10/);
	assert.match(text, /Women -48 kg/);
	// the table at the end of the day: the API's through it
	const t = (await request(s, 'GET', '/api/games/OG2024/standings?through=2024-08-01')).json();
	assert.equal(Number((await page.locator('#medals tfoot td.num').last().textContent()).trim()),
		t.totals.total);
	assert.equal((await page.goto(`${s.url}/games/OG2024/medals/2024-13-01`)).status(), 404);
});
