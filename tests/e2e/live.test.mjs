// live.test.mjs -- a live update keeps the reader's place (issue 26):
// with the keyboard focus on a link of a Games' page, results landing
// bring the page in line in place: the focus stays on the same link,
// even when its row moves to the top, and the status region that says
// "Updated" is the node that was there when the page loaded, so a
// screen reader announces it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, bearer } from '../api/server.mjs';
import { launch, close } from './browser.mjs';

const G = '/api/games/PG2004';
let s, b, page, day = 20;

before(async () => {
	s = await startServer();
	b = await launch('live');
	page = b.page;
});

after(async () => {
	await close(b);
	if (s) await s.stop();
});

// an official event whose places go to npcs, in order
async function land(name, npcs) {
	const post = (path, body) => request(s, 'POST', path, { body, headers: bearer(s.admin) });
	const ev = (await post(G + '/events', { sport: 'Athletics', name, gender: 'M',
		date: `2004-09-${day++}`, status: 'official' })).json().event;
	const r = await post(`${G}/events/${ev}/results`, { results: npcs.map((npc, i) =>
		({ npc, name: `${npc} ${name}`, rank: i + 1 })) });
	assert.equal(r.status, 200);
}

const kept = () => page.evaluate(() => ({
	focus: document.activeElement === window.__focus && window.__focus.isConnected,
	on: document.activeElement.tagName + ' ' + document.activeElement.textContent,
	region: document.querySelector('#status') === window.__region &&
		window.__region.getAttribute('aria-live'),
	said: window.__region.textContent,
}));

test('live__focus_and_the_live_region_stay_through_three_updates', async () => {
	await land('100 m', ['CHN', 'GBR', 'USA']);
	await page.goto(s.url + '/games/PG2004?source=results&lang=en');
	await page.waitForSelector('body[data-ready="1"]');
	await page.waitForFunction(() => /Live/.test(document.querySelector('#status').textContent));
	// the reader is on USA's link, in the third row
	await page.focus('#medals tbody tr[data-npc="USA"] a');
	await page.evaluate(() => {
		window.__focus = document.activeElement;
		window.__region = document.querySelector('#status');
	});
	const updates = [['200 m', ['USA', 'CAN', 'GBR'], 'CAN'],	/* USA to the top */
		['400 m', ['FRA', 'GBR', 'CHN'], 'FRA'], ['800 m', ['JPN', 'USA', 'CHN'], 'JPN']];
	for (const [name, npcs, fresh] of updates) {
		await land(name, npcs);
		// the NPC new to the table has its row (data-changed marks the
		// rows of the last update only for a moment: not waited on)
		await page.waitForSelector(`#medals tbody tr[data-npc="${fresh}"]`);
		await page.waitForFunction(() => /Updated \d\d:\d\d/.test(document.querySelector('#status').textContent));
		const k = await kept();
		assert.equal(k.focus, true, `focus moved to ${k.on} after ${name}`);
		assert.equal(k.region, 'polite', 'the live region is the same node');
		assert.match(k.said, /Updated \d\d:\d\d/);
	}
	assert.equal(await page.locator('#medals tbody tr').first().getAttribute('data-npc'), 'USA');
	assert.equal(await page.evaluate(() => document.activeElement.closest('tr').dataset.npc), 'USA');
});
