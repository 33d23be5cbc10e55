// a11y.test.mjs -- axe-core (tests/e2e/package.json, pinned) on every kind
// of page of the public site and on the operator's desk, signed out and
// signed in with an event open: its WCAG 2.x A and AA rules and its
// best-practice rules (landmarks, heading order), at a desktop's width
// (1366) and a phone's (390), in English, Chinese and French.  Zero
// violations.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { violations } from './axe.mjs';
import { startServer, podium, request, bearer, seen } from '../api/server.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let s, browser, ev, athlete, rec;

before(async () => {
	s = await startServer();
	podium(s.db, 'import', 'paris2024', join(import.meta.dirname, '..', 'fixtures', 'paris2024_small'),
		'--games', 'PG2024');
	const post = (path, body) => request(s, 'POST', path, { body, headers: bearer(s.admin) });
	// an event with dated medals and one with none, so the chart shows
	ev = (await post('/api/games/PG2004/events', { sport: 'Athletics', name: '100 m T54', gender: 'M',
		date: '2004-09-20', status: 'live', order: 'asc' })).json().event;
	const r = await post(`/api/games/PG2004/events/${ev}/results`, { results: [
		{ npc: 'CHN', name: 'Li Wei', mark: '14.02' }, { npc: 'GBR', name: 'Ann Smith', mark: '14.05' },
		{ npc: 'CAN', name: 'Roy Boyd', mark: '14.31' }, { npc: 'THA', name: 'Sak Chai', mark: '14.11', irm: 'DSQ' }] });
	assert.equal(r.status, 200);
	await post(`/api/games/PG2004/events/${ev}/status`, { status: 'official' });
	const d = (await request(s, 'GET', `/api/games/PG2004/events/${ev}`)).json();
	athlete = d.results[0].athlete;
	// a Games of units: its sports' pages show their phases
	podium(s.db, 'import', 'units', join(import.meta.dirname, '..', 'fixtures', 'units-small'),
		'--games', 'OG2024');
	// a world record broken at these Games: the records page and the badge
	podium(s.db, 'import', 'records', join(import.meta.dirname, '..', 'fixtures', 'records-small.csv'),
		'--games', 'PG2004');
	rec = podium(s.db, 'event', 'add', '--games', 'PG2004', '--sport', 'Para Athletics', '--name',
		"Men's 100m T54", '--gender', 'M', '--class', 'T54', '--status', 'live').trim();
	podium(s.db, 'result', 'set', rec, '--npc', 'CHN', '--name', 'ZHANG Lixin', '--rank', '1',
		'--mark', '13.70');
	browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, timeout: 60000,
		args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
	// the server notices the imports within a poll
	await seen(s, 'PG2024');
	await seen(s, 'OG2024');
});

after(async () => {
	if (browser) await browser.close();
	if (s) await s.stop();
});

async function check(width, lang, visit) {
	const ctx = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true,
		locale: { zh: 'zh-CN', fr: 'fr-FR' }[lang] || 'en-GB' });
	const page = await ctx.newPage();
	page.setDefaultTimeout(10000);
	const found = [];
	try {
		for (const [name, go] of visit) {
			await go(page);
			for (const v of await violations(page)) found.push(`${name} ${width}px ${lang}: ${v}`);
		}
	} finally {
		await ctx.close();
	}
	return found;
}

const site = (lang) => [
	['/games', (p) => p.goto(`${s.url}/games?lang=${lang}`)],
	['a Games', async (p) => {
		await p.goto(`${s.url}/games/PG2004?lang=${lang}&source=results`);
		await p.waitForSelector('body[data-ready="1"]');
	}],
	['a published Games', async (p) => {
		await p.goto(`${s.url}/games/PG2024?lang=${lang}`);
		await p.waitForSelector('body[data-ready="1"]');
	}],
	['a sport\'s women\'s table', async (p) => {
		await p.goto(`${s.url}/games/PG2024?lang=${lang}&sport=Para%20Table%20Tennis&gender=W`);
		await p.waitForSelector('body[data-ready="1"]');
	}],
	['a day\'s medals', (p) => p.goto(`${s.url}/games/PG2004/medals/2004-09-20?lang=${lang}`)],
	['a day without medals', (p) => p.goto(`${s.url}/games/PG2004/medals/2004-09-19?lang=${lang}`)],
	['an event', (p) => p.goto(`${s.url}/games/PG2004/events/${ev}?lang=${lang}`)],
	['an NPC', (p) => p.goto(`${s.url}/games/PG2004/npcs/CHN?lang=${lang}`)],
	['an athlete', (p) => p.goto(`${s.url}/games/PG2004/athletes/${athlete}?lang=${lang}`)],
	['a career', (p) => p.goto(`${s.url}/athletes/${athlete}?lang=${lang}`)],
	['about', (p) => p.goto(`${s.url}/games/PG2004/about?lang=${lang}`)],
	['records', (p) => p.goto(`${s.url}/games/PG2004/records?lang=${lang}`)],
	['no records', (p) => p.goto(`${s.url}/games/PG2024/records?lang=${lang}`)],
	['events', (p) => p.goto(`${s.url}/games/OG2024/events?lang=${lang}`)],
	['a sport', (p) => p.goto(`${s.url}/games/OG2024/sports/judo?lang=${lang}`)],
	['a sport of results', (p) => p.goto(`${s.url}/games/PG2004/sports/athletics?lang=${lang}`)],
	['an event with a record', (p) => p.goto(`${s.url}/games/PG2004/events/${rec}?lang=${lang}`)],
	['about 2024', (p) => p.goto(`${s.url}/games/PG2024/about?lang=${lang}`)],
];

const desk = (lang) => [
	['desk signed out', async (p) => {
		await p.goto(`${s.url}/desk?lang=${lang}`);
		await p.waitForSelector('body[data-ready="0"]');
	}],
	['desk with an event open', async (p) => {
		await p.fill('#token', s.operator);
		await p.keyboard.press('Enter');
		await p.waitForSelector('body[data-ready="1"]');
		await p.click(`#events button[data-id="${ev}"]`);
		await p.waitForSelector(`#event-pane[data-event="${ev}"]`);
	}],
];

for (const width of [1366, 390])
	for (const lang of ['en', 'zh', 'fr'])
		test(`a11y__axe_finds_nothing_at_${width}px_in_${lang}`, async () => {
			const found = [...await check(width, lang, site(lang)), ...await check(width, lang, desk(lang))];
			assert.deepEqual(found, []);
		});
