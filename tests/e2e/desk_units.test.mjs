// desk_units.test.mjs -- the desk by unit in a real headless browser: the
// operator picks the venue and the day, opens heat 1 of a 100 m in three
// heats (tests/fixtures/units-100m), enters its marks from its start list
// row by row, has Q/q proposed by the phase's rule, makes the heats
// official, and finds the final's start list made from the qualifiers.
// Meanwhile a reader's browser on the heat's page and a venue screen on
// /screens/G/units/RSC show each result as it is saved, without reload.
// axe-core on the desk's by-unit view, in English and Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { violations } from './axe.mjs';
import { startServer, podium, request, bearer } from '../api/server.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const top = join(import.meta.dirname, '..', '..');
const P = 'ATHM100M--------------RND1';
const H1 = `${P}000100--`, FINAL = 'ATHM100M--------------FNL-000100--';
const G = '/api/games/OG2024';
let s, browser, desk, reader, screen;

// heat 1, entered at the desk: rank and time by start list name
const HEAT1 = [['ALFA Abe', 1, '10.01'], ['BETA Ben', 2, '10.05'], ['GAMMA Gus', 3, '10.08'],
	['DELTA Dan', 4, '10.30']];
// heats 2 and 3, entered over the API: participant, rank, time
const OTHERS = { 2: [['9100005', 1, '10.10'], ['9100006', 2, '10.12'], ['9100007', 3, '10.20'], ['9100008', 4, '10.25']],
	3: [['9100009', 1, '10.09'], ['9100010', 2, '10.11'], ['9100011', 3, '10.15'], ['9100012', 4, '10.40']] };

async function open(url) {
	const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB',
		bypassCSP: true });
	const p = await ctx.newPage();
	p.setDefaultTimeout(10000);
	if (url) await p.goto(url);
	return p;
}

before(async () => {
	s = await startServer();
	podium(s.db, 'import', 'units', join(top, 'tests', 'fixtures', 'units-100m'), '--games', 'OG2024');
	for (let i = 0; i < 200 && (await request(s, 'GET', `${G}/units/${H1}`)).status !== 200; i++)
		await new Promise((res) => setTimeout(res, 50));
	const post = async (path, body) => {
		const r = await request(s, 'POST', G + path, { body, headers: bearer(s.operator) });
		assert.equal(r.status, 200, `${path}: ${r.text}`);
	};
	for (const h of [2, 3]) {
		await post(`/units/${P}000${h}00--/status`, { status: 'running' });
		for (const [participant, rank, result] of OTHERS[h])
			await post(`/units/${P}000${h}00--/results`, { participant, rank, result, type: 'TIME' });
	}
	browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, timeout: 60000,
		args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
	[desk, reader, screen] = await Promise.all([open(`${s.url}/desk`),
		open(`${s.url}/games/OG2024/units/${H1}`), open(`${s.url}/screens/OG2024/units/${H1}`)]);
	// a page that reloads loses this
	for (const p of [reader, screen]) await p.evaluate(() => { window.notReloaded = true; });
	await desk.fill('#token', s.operator);
	await desk.keyboard.press('Enter');
	await desk.waitForSelector('body[data-ready="1"]');
});

after(async () => {
	if (browser) await browser.close();
	if (s) await s.stop();
});

// The reader's page and the screen both show name's row with text in it.
async function bothShow(name, text) {
	for (const p of [reader, screen]) {
		await p.waitForFunction(([n, x]) => [...document.querySelectorAll('#results tbody tr')]
			.some((tr) => tr.querySelector('th').textContent.trim() === n && tr.textContent.includes(x)),
		[name, text]);
		assert.equal(await p.evaluate(() => window.notReloaded), true);
	}
}

const unitOpen = (p, rsc) => p.waitForSelector(`#unit-pane[data-rsc="${rsc}"]`);
const version = (p) => p.locator('#u-said').getAttribute('data-version');

async function moveTo(status) {
	const rsc = await desk.locator('#unit-pane').getAttribute('data-rsc');
	await desk.click(`#u-status button[data-status="${status}"]`);
	await desk.waitForSelector(`#unit-pane[data-rsc="${rsc}"][data-status="${status}"]`);
}

test('desk__a_heat_entered_by_unit_qualifies_its_final_and_readers_see_each_result', async () => {
	await desk.selectOption('#games', 'OG2024');
	await desk.click('#mode-units');
	await desk.waitForSelector('#u-list[data-count]', { state: 'attached' });
	await desk.selectOption('#u-venue', 'Stadium One');
	await desk.selectOption('#u-day', '2024-08-03');
	await desk.waitForSelector('#u-list[data-count="3"]', { state: 'attached' });
	await desk.click(`#u-list button[data-rsc="${H1}"]`);
	await unitOpen(desk, H1);
	// the start list in lane order, waiting for its marks
	assert.deepEqual(await desk.locator('#u-rows tbody th').allTextContents(), HEAT1.map((x) => x[0]));
	assert.deepEqual(await desk.locator('#u-rows tbody td:first-child').allTextContents(), ['3', '4', '5', '6']);
	assert.deepEqual(await violations(desk), []);
	await moveTo('running');

	// each result saved is on the reader's page and the screen, as it lands
	for (const [name, rank, mark] of HEAT1) {
		const was = await version(desk);
		const row = desk.locator(`#u-rows tbody tr[data-name="${name}"]`);
		await row.locator('input[data-k="rank"]').fill(String(rank));
		await row.locator('input[data-k="result"]').fill(mark);
		await row.locator('input[data-k="result"]').press('Control+Enter');
		await desk.waitForFunction((v) => {
			const b = document.getElementById('u-said');
			return b.dataset.ok === '1' && b.dataset.version && b.dataset.version !== v;
		}, was);
		await bothShow(name, mark);
	}
	const doc = (await request(s, 'GET', `${G}/units/${H1}`)).json();
	assert.deepEqual(doc.results.map((x) => [x.participant.name, x.rank, x.result, x.result_type]),
		HEAT1.map(([n, r, m]) => [n, r, m, 'TIME']));

	// Q/q as the rule proposes them (2 by place in each heat, then the 2
	// fastest): kept as proposed
	await desk.click('#u-propose');
	await desk.waitForSelector('#u-rows tbody tr[data-name="GAMMA Gus"][data-q="q"]');
	assert.deepEqual(await desk.locator('#u-rows tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.q)),
		['Q', 'Q', 'q', '']);
	await bothShow('ALFA Abe', 'Q');
	await bothShow('GAMMA Gus', 'q');

	// official, then heats 2 and 3 from the venue's list
	await moveTo('official');
	let final = (await request(s, 'GET', `${G}/units/${FINAL}`)).json();
	assert.equal(final.start_list.length, 0, 'the final waits for the last heat');
	for (const h of [2, 3]) {
		await desk.click(`#u-list button[data-rsc="${P}000${h}00--"]`);
		await unitOpen(desk, `${P}000${h}00--`);
		await moveTo('official');
	}

	// the final's start list, made from the qualifiers: Q then q, lanes by
	// the rule's draw (the four best ranked in 3-6)
	await desk.selectOption('#u-day', '2024-08-04');
	await desk.waitForSelector(`#u-list button[data-rsc="${FINAL}"]`);
	await desk.click(`#u-list button[data-rsc="${FINAL}"]`);
	await unitOpen(desk, FINAL);
	final = (await request(s, 'GET', `${G}/units/${FINAL}`)).json();
	const names = await desk.locator('#u-rows tbody th').allTextContents();
	assert.deepEqual([...names].sort(), ['ALFA Abe', 'BETA Ben', 'EPSILON Eli', 'GAMMA Gus', 'IOTA Ian',
		'KAPPA Kai', 'LAMBDA Leo', 'ZETA Zed']);
	assert.deepEqual(names, final.start_list.map((x) => x.participant.name));
	const lanes = new Map(final.start_list.map((x) => [x.participant.name, x.order]));
	assert.deepEqual([...lanes.values()].sort(), [1, 2, 3, 4, 5, 6, 7, 8]);
	// the best four by place then time: ALFA, IOTA, EPSILON, BETA
	for (const n of ['ALFA Abe', 'IOTA Ian', 'EPSILON Eli', 'BETA Ben'])
		assert.ok(lanes.get(n) >= 3 && lanes.get(n) <= 6, `${n} in lane ${lanes.get(n)}`);
	assert.deepEqual(await violations(desk), []);
	// the same view in Chinese, from the catalogue
	await desk.click('#lang-zh');
	assert.equal(await desk.locator('#mode-units').textContent(), '比赛单元');
	assert.equal(await desk.locator('#u-status button[data-status="running"]').textContent(), '进行中');
	assert.equal(await desk.locator('#u-propose').textContent(), '提议 Q/q');
	assert.deepEqual(await violations(desk), []);
});
