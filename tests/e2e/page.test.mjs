// page.test.mjs -- the web page in a real headless browser: it shows the
// Athens 2004 table, switches language, and follows a result written
// through the API with a token without a reload.  Saves screenshots to
// artifacts/ (and reference.png when it is absent or E2E_UPDATE=1).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, copyFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../api/server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const art = join(here, 'artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let s, ctx, page, profile;

before(async () => {
	s = await startServer();
	profile = mkdtempSync(join(tmpdir(), 'podium-chromium-'));
	mkdirSync(art, { recursive: true });
	ctx = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM, headless: true, timeout: 60000,
		viewport: { width: 1280, height: 900 }, locale: 'en-GB',
		args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
			'--disable-component-update', '--disable-sync', '--no-first-run',
			'--disable-dev-shm-usage'],
	});
	page = ctx.pages()[0] || await ctx.newPage();
	page.setDefaultTimeout(10000);
});

after(async () => {
	if (ctx) await ctx.close();
	if (s) await s.stop();
	if (profile) rmSync(profile, { recursive: true, force: true });
});

const firstRow = () => page.locator('#medals tbody tr').first();

test('e2e__page_shows_the_athens_2004_table', async () => {
	await page.goto(s.url + '/?lang=en');
	await page.waitForSelector('body[data-ready="1"]');
	await assert.doesNotReject(firstRow().locator('th', { hasText: 'China' }).waitFor());
	assert.equal(await page.locator('#medals tbody tr').count(), 75);
	const cells = await firstRow().locator('td').allTextContents();
	assert.deepEqual(cells, ['1', 'CHN', '63', '46', '32', '141']);
	assert.match(await page.locator('#medals caption').textContent(), /Athens 2004/);
	assert.equal(await page.locator('#medals thead th[scope="col"]').count(), 7);
	assert.match(await page.locator('#title').textContent(), /Athens 2004 Summer Paralympics/);
	assert.deepEqual(await page.locator('#medals tfoot td.num').allTextContents(),
		['519', '518', '533', '1570']);
	await page.screenshot({ path: join(art, 'desktop.png') });
	if (!existsSync(join(here, 'reference.png')) || process.env.E2E_UPDATE === '1')
		copyFileSync(join(art, 'desktop.png'), join(here, 'reference.png'));
});

test('e2e__language_switch', async () => {
	await page.getByRole('button', { name: '中文' }).click();
	await firstRow().locator('th', { hasText: '中国' }).waitFor();
	assert.equal(await page.locator('html').getAttribute('lang'), 'zh-Hans');
	assert.match(await page.locator('#medals thead').textContent(), /金牌/);
	assert.match(await page.locator('#medals caption').textContent(), /雅典/);
	assert.equal(await page.getByRole('button', { name: '中文' }).getAttribute('aria-pressed'), 'true');
});

test('e2e__a_result_written_through_the_api_moves_the_table_live', async () => {
	await page.evaluate(() => { window.__noReload = 'still here'; });
	const ids = await page.evaluate(async ({ admin, operator }) => {
		const post = async (path, tok, body) => {
			const r = await fetch('/api/games/PG2004/' + path, { method: 'POST',
				headers: { Authorization: 'Bearer ' + tok, 'Content-Type': 'application/json' },
				body: JSON.stringify(body) });
			return { status: r.status, body: await r.json() };
		};
		const ev = await post('events', admin, { sport: 'Athletics', name: '100 m T54',
			gender: 'M', date: '2004-09-20', status: 'official' });
		const res = await post(`events/${ev.body.event}/results`, operator, { results: [
			{ npc: 'CHN', name: 'Li Wei', rank: 1 }, { npc: 'GBR', name: 'Ann Smith', rank: 2 },
			{ npc: 'CAN', name: 'Roy Boyd', rank: 3 }] });
		return { ev, res };
	}, { admin: s.admin, operator: s.operator });
	assert.equal(ids.ev.status, 201);
	assert.equal(ids.res.status, 200);
	// the page now shows the table ranked from results (it has medals)
	await page.waitForSelector('#medals[data-source=""]');
	await page.waitForSelector('#medals tbody tr[data-npc="CHN"][data-changed="1"]');
	assert.deepEqual(await firstRow().locator('td').allTextContents(), ['1', 'CHN', '1', '0', '0', '1']);
	assert.equal(await page.locator('#medals tbody tr').count(), 3);
	// a second result lands: the row appears, marked, without a reload
	const second = await page.evaluate(async ({ admin, operator }) => {
		const post = (path, tok, body) => fetch('/api/games/PG2004/' + path, { method: 'POST',
			headers: { Authorization: 'Bearer ' + tok }, body: JSON.stringify(body) })
			.then((r) => r.json());
		const ev = await post('events', admin, { sport: 'Swimming', name: '50 m S4',
			gender: 'W', date: '2004-09-21', status: 'official' });
		return post(`events/${ev.event}/results`, operator,
			{ npc: 'USA', name: 'Jo Park', rank: 1 });
	}, { admin: s.admin, operator: s.operator });
	assert.ok(second.version > ids.res.body.version);
	await page.waitForSelector('#medals tbody tr[data-npc="USA"][data-changed="1"]');
	assert.match(await page.locator('#status').textContent(), new RegExp(String(second.version)));
	assert.equal(await page.evaluate(() => window.__noReload), 'still here');
	assert.equal(await page.locator('#medals tbody tr').count(), 4);
});

test('e2e__npc_medals_and_chart', async () => {
	await page.locator('#medals tbody tr[data-npc="CHN"] button').click();
	await page.waitForSelector('#npc-panel:not([hidden])');
	assert.match(await page.locator('#npc-medals').textContent(), /100 m T54/);
	await page.waitForSelector('#chart svg polyline', { state: 'attached' });
	assert.equal(await page.locator('#chart svg polyline').count(), 2);
	await page.getByRole('button', { name: 'English' }).click();
	await firstRow().locator('th', { hasText: 'China' }).waitFor();
	await page.screenshot({ path: join(art, 'live.png'), fullPage: true });
});

test('e2e__readable_on_a_phone', async () => {
	await page.setViewportSize({ width: 390, height: 844 });
	await page.selectOption('#source', 'seed');
	await firstRow().locator('td', { hasText: '63' }).waitFor();
	const width = await page.evaluate(() => document.documentElement.scrollWidth);
	assert.ok(width <= 390, 'no sideways scrolling of the page: ' + width);
	await page.screenshot({ path: join(art, 'phone.png') });
	if (!existsSync(join(here, 'reference-phone.png')) || process.env.E2E_UPDATE === '1')
		copyFileSync(join(art, 'phone.png'), join(here, 'reference-phone.png'));
});
