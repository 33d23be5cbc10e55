// fr_pages.test.mjs -- French is one file (issue 28: po/fr.po): a Games
// page and the operator's desk in French, their words from the server's
// catalogue; the desk's inputs name their row in French, the server
// answers a save in French, and switching the desk's language redraws it
// from the same catalogue.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, bearer } from '../api/server.mjs';
import { launch, close } from './browser.mjs';

const G = '/api/games/PG2004';
let s, b, page, ev;

before(async () => {
	s = await startServer();
	const post = (path, body) => request(s, 'POST', path, { body, headers: bearer(s.admin) });
	ev = (await post(G + '/events', { sport: 'Para Athletics', name: '100 m T54', gender: 'M',
		date: '2004-09-20', status: 'live', order: 'asc' })).json().event;
	await post(`${G}/events/${ev}/results`, { results: [{ npc: 'CHN', name: 'Li Wei', mark: '14.02' },
		{ npc: 'GBR', name: 'Ann Smith', mark: '14.05' }] });
	b = await launch('fr-pages');
	page = b.page;
});

after(async () => {
	await close(b);
	if (s) await s.stop();
});

test('fr__a_games_page_in_french', async () => {
	await page.goto(`${s.url}/games/PG2004?lang=fr`);
	await page.waitForSelector('body[data-ready="1"]');
	assert.equal(await page.getAttribute('html', 'lang'), 'fr');
	assert.match(await page.locator('h1').textContent(), /tableau des médailles$/);
	const head = await page.locator('#medals thead th').allTextContents();
	for (const w of ['Rang', 'CNP', 'Or', 'Argent', 'Bronze', 'Total'])
		assert.ok(head.includes(w), `${w} in ${head}`);
	assert.equal(await page.locator('nav.switch a[aria-current="true"]').textContent(), 'Français');
	assert.doesNotMatch(await page.locator('header').innerText(), /All Games|Language/);
	// the language links keep the page: English is a click away
	await page.click('nav.switch a[data-lang="en"]');
	await page.waitForFunction(() => document.documentElement.lang === 'en');
	assert.ok((await page.locator('#medals thead th').allTextContents()).includes('Gold'));
});

test('fr__the_desk_in_french', async () => {
	await page.goto(`${s.url}/desk?lang=fr`);
	await page.waitForSelector('body[data-ready="0"]');
	assert.equal(await page.title(), 'Poste de saisie des résultats');
	assert.equal(await page.getAttribute('html', 'lang'), 'fr');
	assert.equal(await page.getAttribute('#lang-fr', 'aria-pressed'), 'true');
	assert.equal(await page.locator('#signin h2').textContent(), 'Se connecter');
	await page.fill('#token', s.operator);
	await page.keyboard.press('Enter');
	await page.waitForSelector('body[data-ready="1"]');
	await page.click(`#events button[data-id="${ev}"]`);
	await page.waitForSelector(`#event-pane[data-event="${ev}"]`);
	// each input names its row, in French
	const label = await page.locator('#entry tbody tr').first().locator('input[data-k="mark"]')
		.getAttribute('aria-label');
	assert.match(label, /^Performance, ligne 1 : /);
	assert.equal(await page.locator('#save').textContent(), 'Enregistrer');
	// the server answers a save in the desk's language
	await page.locator('#entry tbody tr').first().locator('input[data-k="mark"]').fill('13.90');
	await page.click('#save');
	await page.waitForFunction(() => document.getElementById('said').dataset.ok === '1');
	const said = await page.locator('#said').textContent();
	assert.match(said, /Enregistré : version \d+/);
	assert.match(said, /performance 14\.02 → 13\.90/);
	assert.match(said, new RegExp(`épreuve ${ev}, médailles : or Li Wei \\(CHN\\)`));
	// another language is the same catalogue, and back
	await page.click('#lang-zh');
	assert.equal(await page.title(), '成绩录入台');
	assert.equal(await page.locator('#save').textContent(), '保存');
	await page.click('#lang-fr');
	assert.equal(await page.title(), 'Poste de saisie des résultats');
});
