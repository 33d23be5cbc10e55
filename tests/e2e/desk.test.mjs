// desk.test.mjs -- the operator's desk in a real headless browser: sign in
// with a token, add an event, enter six marks and see the ranks and
// medals computed, mark one DSQ, make it official, correct a mark with a
// reason, then check that the public page and the stream show exactly the
// new table and the log each field before and after; and a 16-athlete
// final entered with the keyboard alone.  Screenshots of the desk at
// 1280x800 and 390x844 go to docs/ (E2E_UPDATE=1, or when absent) and
// artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, copyFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../api/server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const docs = join(here, '..', '..', 'docs');
const art = join(here, 'artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let s, ctx, page, profile;

before(async () => {
	s = await startServer();
	profile = mkdtempSync(join(tmpdir(), 'podium-desk-'));
	mkdirSync(art, { recursive: true });
	ctx = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM, headless: true, timeout: 60000,
		viewport: { width: 1280, height: 800 }, locale: 'en-GB',
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

async function shot(name, where) {
	const file = join(art, name);
	await page.evaluate((sel) => {
		if (document.activeElement) document.activeElement.blur();
		if (sel) document.querySelector(sel).scrollIntoView();
		else window.scrollTo(0, 0);
	}, where);
	return page.screenshot({ path: file }).then(() => {
		if (!existsSync(join(docs, name)) || process.env.E2E_UPDATE === '1')
			copyFileSync(file, join(docs, name));
	});
}

const row = (name) => page.locator(`#entry tbody tr[data-name="${name}"]`);
// the preview is the server's answer to a dry run, asked once typing pauses
const previewed = () => page.waitForSelector('#preview:not([data-pending])');
const saidVersion = async () => Number(await page.locator('#said').getAttribute('data-version'));

// the answer to a save that made a new version
async function saved() {
	await page.waitForFunction((p) => {
		const e = document.getElementById('said');
		return e.dataset.ok === '1' && e.dataset.version !== p;
	}, String(last));
	last = await saidVersion();
}
let last = '';

test('desk__sign_in_keeps_the_token_for_the_tab_only', async () => {
	await page.goto(s.url + '/desk');
	await page.fill('#token', 'pdt_wrong');
	await page.keyboard.press('Enter');
	await page.waitForSelector('#signin-msg:has-text("not valid")');
	await page.fill('#token', s.admin);
	await page.keyboard.press('Enter');
	await page.waitForSelector('body[data-ready="1"]');
	assert.equal(await page.evaluate(() => sessionStorage.getItem('podium-desk-token')), s.admin);
	assert.equal(await page.evaluate(() => localStorage.length), 0);
});

test('desk__six_marks_a_dsq_official_and_a_correction', async () => {
	await page.locator('#new-event summary').click();
	await page.fill('#event-form [name="sport"]', 'Athletics');
	await page.fill('#event-form [name="name"]', '100 m T54');
	await page.selectOption('#event-form [name="gender"]', 'M');
	await page.fill('#event-form [name="date"]', '2004-09-20');
	await page.selectOption('#event-form [name="order"]', 'asc');
	await page.click('#event-form button[type="submit"]');
	await page.waitForSelector('#event-pane:not([hidden])');
	await page.waitForFunction(() => document.activeElement && document.activeElement.dataset.k === 'npc');
	assert.equal(await page.locator('#said').textContent(), '', 'nothing is said under Save before a save');
	last = await saidVersion();
	const marks = [['CHN', 'Li Wei', '14.20'], ['GBR', 'Ann Smith', '14.05'], ['CAN', 'Roy Boyd', '14.31'],
		['THA', 'Sak Chai', '14.11'], ['SUI', 'Heinz Frei', '14.50'], ['FRA', 'Paul Roux', '14.40']];
	const rows = page.locator('#entry tbody tr');
	for (let i = 0; i < marks.length; i++) {
		const r = rows.nth(i);
		await r.locator('input[data-k="npc"]').fill(marks[i][0]);
		await r.locator('input[data-k="name"]').fill(marks[i][1]);
		await r.locator('input[data-k="mark"]').fill(marks[i][2]);
		if (i < marks.length - 1) {
			await r.locator('select[data-k="irm"]').focus();
			await page.keyboard.press('Enter');
		}
	}
	// ranks and medals computed as typed, before saving
	await previewed();
	const rankOf = async (n) => (await row(n).locator('.rank').textContent()).trim();
	assert.deepEqual([await rankOf('Ann Smith'), await rankOf('Sak Chai'), await rankOf('Li Wei')], ['1', '2', '3']);
	assert.match(await page.locator('#preview').textContent(), /gold Ann Smith \(GBR\), silver Sak Chai \(THA\), bronze Li Wei \(CHN\)/);
	await page.click('#save');
	await saved();
	// Sak Chai is disqualified: the medal effect is shown before saving
	await row('Sak Chai').locator('select[data-k="irm"]').selectOption('DSQ');
	await previewed();
	assert.match(await page.locator('#preview').textContent(), /silver Li Wei \(CHN\), bronze Roy Boyd \(CAN\)/);
	assert.match(await page.locator('#preview').textContent(), /Sak Chai \(THA\) DSQ: never medals/);
	await page.click('#save');
	await saved();
	assert.match(await page.locator('#said').textContent(), /Sak Chai \(THA\) DSQ: an IRM never medals/);
	assert.match(await page.locator('#said').textContent(), /Roy Boyd \(CAN\): rank 4 -> 3, medal - -> bronze/);
	// official, with a reason
	await page.fill('#status-reason', 'jury');
	await page.click('#status-bar button[data-status="official"]');
	await page.waitForSelector('#event-pane[data-status="official"]');
	await page.waitForSelector('#status-msg[data-ok="1"]');
	assert.match(await page.locator('#status-msg').textContent(), /100 m T54 M is now official/);
	last = Number(await page.locator('#status-msg').getAttribute('data-version'));
	// a correction shows each field before and after and needs a reason
	await row('Li Wei').locator('input[data-k="mark"]').fill('14.02');
	await page.click('#save');
	await page.waitForSelector('#correction:not([hidden])');
	assert.deepEqual(await page.locator('#diff tbody td').allTextContents(), ['Li Wei (CHN)', 'mark', '14.20', '14.02']);
	await page.click('#save');
	assert.match(await page.locator('#said').textContent(), /reason/);
	await page.fill('#fix-reason', 'timing correction');
	await page.click('#save');
	await saved();
	const v = await saidVersion();
	assert.match(await page.locator('#preview').textContent(), /gold Li Wei \(CHN\), silver Ann Smith \(GBR\), bronze Roy Boyd \(CAN\)/);
	await shot('desk.png');
	// the log: each field before and after
	const log = await page.locator('#log').textContent();
	assert.match(log, /timing correction/);
	assert.match(log, /Li Wei \(CHN\): mark 14\.20 → 14\.02/);
	assert.match(log, /Li Wei \(CHN\): rank 2 → 1/);
	assert.match(log, /status live → official/);
	assert.match(log, /Sak Chai \(THA\): irm - → DSQ/);

	// the public page and the stream show exactly the new table (the one
	// ranked from results: Athens 2004's published table stays the
	// default until its results cover its 519 events)
	const api = await (await fetch(`${s.url}/api/games/PG2004/standings?source=results`)).json();
	assert.equal(api.version, v);
	const want = api.rows.map((x) => [x.npc, String(x.gold), String(x.silver), String(x.bronze)]);
	assert.deepEqual(want, [['CHN', '1', '0', '0'], ['GBR', '0', '1', '0'], ['CAN', '0', '0', '1']]);
	const pub = await ctx.newPage();
	await pub.goto(s.url + '/?lang=en&source=results');
	await pub.waitForSelector('#medals[data-source=""] tbody tr[data-npc="CHN"]');
	const shown = await pub.locator('#medals tbody tr').evaluateAll((trs) => trs.map((tr) =>
		[tr.dataset.npc, ...[...tr.querySelectorAll('td')].slice(2, 5).map((td) => td.textContent.trim())]));
	assert.deepEqual(shown, want);
	const streamed = await pub.evaluate(() => new Promise((resolve, reject) => {
		const es = new EventSource('/api/games/PG2004/stream');
		const timer = setTimeout(() => reject(new Error('no standings message')), 8000);
		es.addEventListener('standings', (m) => {
			clearTimeout(timer);
			es.close();
			resolve(JSON.parse(m.data));
		});
	}));
	assert.equal(streamed.version, v);
	assert.equal(streamed.full, true);
	assert.deepEqual(streamed.changed.map((x) => [x.npc, String(x.gold), String(x.silver), String(x.bronze)]), want);
	await pub.close();
});

test('desk__sixteen_athletes_with_the_keyboard_alone', async () => {
	await page.locator('#new-event summary').focus();
	if (!await page.evaluate(() => document.getElementById('new-event').open))
		await page.keyboard.press('Enter');
	await page.locator('#event-form [name="sport"]').focus();
	await page.keyboard.type('Swimming');
	await page.keyboard.press('Tab');
	await page.keyboard.type('100 m Freestyle S10 final');
	await page.keyboard.press('Tab');
	await page.keyboard.type('W');		// the gender select
	await page.keyboard.press('Tab');
	await page.keyboard.press('Tab');	// class
	await page.keyboard.type('2004-09-21');
	await page.keyboard.press('Tab');	// ranks: from marks, lower is better
	await page.keyboard.press('Tab');
	await page.keyboard.press('Enter');	// Add
	await page.waitForSelector('#event-h:has-text("100 m Freestyle S10 final")');
	await page.waitForFunction(() => document.activeElement && document.activeElement.dataset.k === 'npc');
	last = await saidVersion();	/* the event's */
	const npcs = ['CAN', 'AUS', 'GBR', 'USA', 'CHN', 'NED', 'ESP', 'FRA', 'GER', 'ITA', 'JPN', 'BRA', 'POL', 'HUN', 'SWE', 'NZL'];
	// the focus is on the new row's NPC: type, Enter to the next field
	for (let i = 0; i < 16; i++) {
		await page.keyboard.type(npcs[i]);
		await page.keyboard.press('Enter');
		await page.keyboard.type(`Swimmer ${String(i + 1).padStart(2, '0')}`);
		await page.keyboard.press('Enter');
		await page.keyboard.type(`1:0${i % 10}.${String(10 + i).padStart(2, '0')}`);
		await page.keyboard.press('Enter');	// to the IRM
		if (i < 15) await page.keyboard.press('Enter');	// past the last: a new row
	}
	await page.keyboard.press('Control+Enter');
	await saved();
	const d = await (await fetch(`${s.url}/api/games/PG2004/events/${await page.locator('#event-pane').getAttribute('data-event')}`)).json();
	assert.equal(d.results.length, 16);
	assert.deepEqual(d.results.slice(0, 3).map((x) => [x.rank, x.name, x.medal]),
		[[1, 'Swimmer 01', 'gold'], [2, 'Swimmer 11', 'silver'], [3, 'Swimmer 02', 'bronze']]);
	assert.deepEqual(d.results.map((x) => x.rank), [...Array(16).keys()].map((k) => k + 1));
	await page.setViewportSize({ width: 390, height: 844 });
	const width = await page.evaluate(() => document.documentElement.scrollWidth);
	assert.ok(width <= 390, 'no sideways scrolling on a phone: ' + width);
	await shot('desk-phone.png', '#event-pane');
	await page.setViewportSize({ width: 1280, height: 800 });
});
