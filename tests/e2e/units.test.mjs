// units.test.mjs -- the schedule and unit pages in a browser: a day's
// units at local time, each linking its page, the filters as links that
// work without script, a unit's start list and results with Q/q, an
// event's phases; axe-core on each (0 violations at 1366 and 390 px, en
// and zh).  The core test reads tests/fixtures/units-small; the Paris 2024
// test needs ../shared (olympics-paris2024-units) and says so when it is
// absent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { violations } from './axe.mjs';
import { startServer, podium, request } from '../api/server.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const top = join(import.meta.dirname, '..', '..');
const PARIS = join(top, '..', 'shared', 'data', 'external', 'olympics-paris2024-units');
let s, browser;

async function until(path) {
	for (let i = 0; i < 200; i++) {
		const r = await request(s, 'GET', path);
		if (r.status === 200) return;
		await new Promise((res) => setTimeout(res, 50));
	}
}

before(async () => {
	s = await startServer();
	podium(s.db, 'import', 'units', join(top, 'tests', 'fixtures', 'units-small'), '--games', 'OG2024');
	browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, timeout: 60000,
		args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
	await until('/api/games/OG2024/schedule');
});

after(async () => {
	if (browser) await browser.close();
	if (s) await s.stop();
});


async function page(width = 1366, opts = {}) {
	const ctx = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, ...opts });
	const p = await ctx.newPage();
	p.setDefaultTimeout(10000);
	return p;
}

test('e2e__schedule_day_links_each_unit_and_filters_without_script', async () => {
	const p = await page(1366, { javaScriptEnabled: false });
	try {
		await p.goto(`${s.url}/games/OG2024/schedule/2024-08-01`);
		const rows = p.locator('#units tbody tr');
		assert.equal(await rows.count(), 2);
		assert.deepEqual(await p.locator('#units tbody tr td:first-child time').allTextContents(),
			['10:00', '11:00']);
		assert.match(await rows.nth(1).textContent(), /gold medal/);
		// the medal filter is a link
		await p.getByRole('link', { name: 'Gold medal units' }).click();
		assert.match(p.url(), /medal=gold/);
		assert.equal(await p.locator('#units tbody tr').count(), 1);
		// the day list: the 2nd, where Teahupo'o keeps its own time
		await p.locator('nav.days a').nth(1).click();
		assert.match(p.url(), /2024-08-02/);
		// each unit links its page
		await p.goto(`${s.url}/games/OG2024/schedule/2024-08-01`);
		await p.locator('#units tbody tr th a').first().click();
		assert.match(p.url(), /\/units\/JUDW48KG--------------REPF000100--/);
		assert.equal(await p.locator('#start-list tbody tr').count(), 2);
	} finally {
		await p.context().close();
	}
});

test('e2e__unit_page_shows_start_list_and_qualification_marks', async () => {
	const p = await page();
	try {
		await p.goto(`${s.url}/games/OG2024/units/ROWMSCULL1------------SFNL000100--`);
		await p.waitForSelector('body[data-ready="1"]');
		assert.deepEqual(await p.locator('#start-list tbody tr th').allTextContents(),
			['GOLF Gil', 'HOTEL Hal']);
		const q = await p.locator('#results tbody tr td:nth-child(7)').allTextContents();
		assert.deepEqual(q, ['FA', 'fa']);
		// the event page lists its phases and units, each linking its page
		const id = podium(s.db, 'event', 'list', '--games', 'OG2024', '--sport', 'Rowing').split('\t')[0];
		await p.goto(`${s.url}/games/OG2024/events/${id}`);
		const links = await p.locator('ul.units a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
		assert.ok(links.some((h) => h.includes('/units/ROWMSCULL1------------FNL-000100--')), links.join(' '));
		assert.ok(links.some((h) => h.includes('/units/ROWMSCULL1------------SFNL000100--')), links.join(' '));
	} finally {
		await p.context().close();
	}
});

test('e2e__schedule_and_unit_pages_pass_axe', async () => {
	const found = [];
	const id = podium(s.db, 'event', 'list', '--games', 'OG2024', '--sport', 'Judo').split('\t')[0];
	for (const width of [1366, 390])
		for (const lang of ['en', 'zh']) {
			const p = await page(width);
			try {
				for (const path of ['/games/OG2024/schedule/2024-08-01',
					'/games/OG2024/schedule/2024-08-01?medal=any&sport=Judo',
					'/games/OG2024/units/ROWMSCULL1------------FNL-000100--',
					'/games/OG2024/units/JUDW48KG--------------REPF000200--',
					`/games/OG2024/events/${id}`,
					'/screens/OG2024/units/ROWMSCULL1------------FNL-000100--',
					'/screens/OG2024/units/JUDW48KG--------------SFNL000100--?transparent=1',
					'/screens/OG2024/table', '/embed/games/OG2024']) {
					await p.goto(`${s.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
					for (const v of await violations(p)) found.push(`${path} ${width}px ${lang}: ${v}`);
				}
			} finally {
				await p.context().close();
			}
		}
	assert.deepEqual(found, []);
});

test('e2e__paris2024_day_of_203_units_and_a_heat', { skip: existsSync(PARIS) ? false :
	'needs ../shared (olympics-paris2024-units): skipped' }, async () => {
	podium(s.db, 'import', 'units', PARIS, '--games', 'OG2024', '--replace');
	const p = await page();
	try {
		let n = 0;
		for (let i = 0; i < 100 && n !== 203; i++) {
			await p.goto(`${s.url}/games/OG2024/schedule/2024-08-10`);
			n = await p.locator('#units tbody tr').count();
		}
		assert.equal(n, 203);
		assert.match(await p.locator('#count').textContent(), /Gold medal units: 39/);
		// in Paris time: the men's marathon started at 08:00
		assert.equal(await p.locator('#units tbody tr').first().locator('time').getAttribute('data-local'),
			'08:00');
		const hrefs = await p.locator('#units tbody tr th a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
		assert.equal(new Set(hrefs).size, 203);
		await p.goto(`${s.url}/games/OG2024/units/ATHM100M--------------RND1000400--`);
		const bibs = await p.locator('#start-list tbody tr td:nth-child(2)').allTextContents();
		assert.ok(bibs.length >= 8 && bibs.every((b) => /^\d+$/.test(b)), bibs.join(','));
		const q = await p.locator('#results tbody tr td:nth-child(7)').allTextContents();
		assert.ok(q.includes('Q') && q.includes('q'), q.join(','));
		const found = [];
		for (const width of [1366, 390])
			for (const lang of ['en', 'zh'])
				for (const path of ['/games/OG2024/schedule/2024-08-10',
					'/games/OG2024/units/ATHM100M--------------RND1000400--']) {
					const v = await page(width);
					await v.goto(`${s.url}${path}?lang=${lang}`);
					for (const x of await violations(v)) found.push(`${path} ${width}px ${lang}: ${x}`);
					await v.context().close();
				}
		assert.deepEqual(found, []);
	} finally {
		await p.context().close();
	}
});
