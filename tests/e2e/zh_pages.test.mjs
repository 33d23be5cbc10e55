// zh_pages.test.mjs -- the Chinese pages say it in Chinese (issue 26): the
// sport ("Para Athletics" is 田径), the host by its name (希腊, not GRE),
// NPCs by their names on an event page, dates in prose as 2004年9月20日;
// and the chart's legend counts an NPC's medals without a date instead
// of saying "China (0)".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, bearer } from '../api/server.mjs';
import { launch, close } from './browser.mjs';

const G = '/api/games/PG2004';
let s, b, page, dated, undated;

before(async () => {
	s = await startServer();
	const post = (path, body) => request(s, 'POST', path, { body, headers: bearer(s.admin) });
	dated = (await post(G + '/events', { sport: 'Para Athletics', name: '100 m T54', gender: 'M',
		date: '2004-09-20', status: 'official' })).json().event;
	await post(`${G}/events/${dated}/results`, { results: [{ npc: 'CHN', name: 'Li Wei', rank: 1 },
		{ npc: 'GBR', name: 'Ann Smith', rank: 2 }, { npc: 'CAN', name: 'Roy Boyd', rank: 3 }] });
	undated = (await post(G + '/events', { sport: 'Para Swimming', name: '50 m S5', gender: 'W',
		status: 'official' })).json().event;
	await post(`${G}/events/${undated}/results`, { results: [{ npc: 'CHN', name: 'Wu Yi', rank: 1 }] });
	b = await launch('zh-pages');
	page = b.page;
});

after(async () => {
	await close(b);
	if (s) await s.stop();
});

const fact = (term) => page.locator('dl.facts dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

test('zh__an_event_page_names_sport_npcs_and_date_in_chinese', async () => {
	await page.goto(`${s.url}/games/PG2004/events/${dated}?lang=zh`);
	assert.equal(await fact('大项').textContent(), '田径');
	assert.equal(await fact('日期').textContent(), '2004年9月20日');
	assert.deepEqual(await page.locator('#results tbody td:nth-child(3)').allTextContents(),
		['中国', '英国', '加拿大']);
	assert.doesNotMatch(await page.locator('main').innerText(), /Para Athletics|2004-09-20/);
	// in English the names are English ones, the date as it was
	await page.goto(`${s.url}/games/PG2004/events/${dated}?lang=en`);
	assert.equal(await page.locator('#results tbody td:nth-child(3)').first().textContent(), 'China');
	assert.equal(await fact('Date').textContent(), '2004-09-20');
});

test('zh__the_overview_the_games_list_and_an_npc_page', async () => {
	await page.goto(`${s.url}/games/PG2004/about?lang=zh`);
	assert.equal(await fact('东道主').textContent(), '希腊');
	assert.equal(await fact('日期').textContent(), '2004年9月17日 – 2004年9月28日');
	await page.goto(`${s.url}/games?lang=zh`);
	assert.equal(await page.locator('#games tr[data-games="PG2004"] td').nth(1).textContent(), '希腊');
	await page.goto(`${s.url}/games/PG2004/npcs/CHN?lang=zh`);
	assert.deepEqual(await page.locator('#by-sport h3').allTextContents(), ['田径 (1)', '游泳 (1)']);
	assert.match(await page.locator('#by-sport').textContent(), /\(2004年9月20日\)/);
});

test('zh__the_chart_legend_counts_medals_without_a_date', async () => {
	await page.goto(`${s.url}/games/PG2004?source=results&lang=en`);
	const li = page.locator('#chart-leaders li[data-npc="CHN"]');
	assert.equal(await li.textContent(), 'China (2, 1 undated)');
	await page.goto(`${s.url}/games/PG2004?source=results&lang=zh`);
	assert.equal(await li.textContent(), '中国 (2，1 无日期)');
	// an NPC whose medals all have dates: just its count
	await page.goto(`${s.url}/games/PG2004?source=results&scheme=total&lang=en`);
	assert.equal(await page.locator('#chart-leaders li[data-npc="GBR"]').textContent(), 'Great Britain (1)');
});
