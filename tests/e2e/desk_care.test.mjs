// desk_care.test.mjs -- the desk at the end of a long day (issue 26): a
// refused write is said beside the control that made it; typed entries
// are not dropped without asking; an event leaves official only with a
// reason and a confirmation; the answer to a save is short and
// structured; the preview is announced only when its medals change;
// every input names its row; the medal column has room on a phone; and
// the Chinese desk is Chinese, the server's answer included.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, bearer } from '../api/server.mjs';
import { launch, close } from './browser.mjs';

const G = '/api/games/PG2004';
let s, b, page, ev, other, nodate;

const post = (path, body) => request(s, 'POST', path, { body, headers: bearer(s.admin) });
const get = async (path) => (await request(s, 'GET', path)).json();

before(async () => {
	s = await startServer();
	ev = (await post(G + '/events', { sport: 'Athletics', name: '400 m T53', gender: 'M',
		date: '2004-09-23', status: 'live', order: 'asc' })).json().event;
	await post(`${G}/events/${ev}/results`, { results: [
		{ npc: 'CHN', name: 'Zhang Lixin', mark: '47.90' }, { npc: 'THA', name: 'Prawat Wahoram', mark: '48.10' },
		{ npc: 'SUI', name: 'Marcel Hug', mark: '48.40' }, { npc: 'CAN', name: 'Jeff Adams', mark: '48.60' }] });
	other = (await post(G + '/events', { sport: 'Swimming', name: '50 m S5', gender: 'W',
		date: '2004-09-24', status: 'live', order: 'asc' })).json().event;
	nodate = (await post(G + '/events', { sport: 'Judo', name: '-60 kg', gender: 'M',
		status: 'scheduled' })).json().event;
	b = await launch('desk-care');
	page = b.page;
});

after(async () => {
	await close(b);
	if (s) await s.stop();
});

async function signin(token, lang = 'en') {
	// signed out on a page of the same origin where no script signs in
	await page.goto(`${s.url}/api/games`);
	await page.evaluate(() => sessionStorage.clear());
	await page.goto(`${s.url}/desk?lang=${lang}`);
	await page.fill('#token', token);
	await page.keyboard.press('Enter');
	await page.waitForSelector('body[data-ready="1"]');
}

async function open(id) {
	await page.click(`#events button[data-id="${id}"]`);
	await page.waitForSelector(`#event-pane[data-event="${id}"]`);
}

const row = (name) => page.locator(`#entry tbody tr[data-name="${name}"]`);

// the next dialog's message, answered yes or no
function nextDialog(accept) {
	return new Promise((resolve) => page.once('dialog', async (d) => {
		const m = d.message();
		if (accept) await d.accept(); else await d.dismiss();
		resolve(m);
	}));
}

test('desk__a_refused_add_is_said_beside_the_form', async () => {
	await signin(s.operator);
	await page.locator('#new-event summary').click();
	await page.fill('#event-form [name="sport"]', 'Rowing');
	await page.fill('#event-form [name="name"]', 'Single sculls');
	await page.click('#event-form button[type="submit"]');
	await page.waitForSelector('#event-msg[data-ok="0"]');
	assert.ok(await page.locator('#event-msg').isVisible(), 'the refusal is visible');
	assert.match(await page.locator('#event-msg').textContent(), /Refused: .+/);
	assert.equal(await page.locator('#event-msg').getAttribute('role'), 'alert');
	assert.ok(await page.locator('#event-pane').isHidden());
});

test('desk__typed_entries_ask_before_they_are_dropped', async () => {
	await signin(s.admin);
	await open(ev);
	await row('Jeff Adams').locator('input[data-k="mark"]').fill('47.50');
	let asked = nextDialog(false);
	await page.click(`#events button[data-id="${other}"]`);
	assert.match(await asked, /400 m T53 M are not saved/);
	assert.equal(await page.locator('#event-pane').getAttribute('data-event'), String(ev));
	assert.equal(await row('Jeff Adams').locator('input[data-k="mark"]').inputValue(), '47.50');
	asked = nextDialog(true);
	await page.click(`#events button[data-id="${other}"]`);
	await asked;
	await page.waitForSelector(`#event-pane[data-event="${other}"]`);
	// nothing typed: no question
	let questions = 0;
	page.on('dialog', () => questions++);
	await open(ev);
	assert.equal(questions, 0);
	page.removeAllListeners('dialog');
});

test('desk__the_preview_is_announced_only_when_its_medals_change', async () => {
	await signin(s.admin);
	await open(ev);
	assert.equal(await page.locator('#preview').getAttribute('aria-live'), null);
	assert.equal(await page.locator('#announce').getAttribute('aria-live'), 'polite');
	assert.equal(await page.locator('#announce').textContent(), '', 'nothing said on opening');
	await page.evaluate(() => {
		window.__said = [];
		new MutationObserver(() => window.__said.push(document.getElementById('announce').textContent))
			.observe(document.getElementById('announce'), { childList: true, characterData: true, subtree: true });
	});
	// marks that move nobody onto or off the podium: not announced
	const mark = row('Jeff Adams').locator('input[data-k="mark"]');
	await mark.fill('49');
	await mark.fill('49.1');
	await page.waitForFunction(() => /Jeff Adams/.test(document.getElementById('preview').textContent) === false);
	assert.deepEqual(await page.evaluate(() => window.__said), []);
	// a mark that takes a medal: announced once
	await mark.pressSequentially('');
	await mark.fill('47.5');
	await page.waitForFunction(() => window.__said.length > 0);
	await mark.fill('47.50');
	const said = await page.evaluate(() => window.__said);
	assert.equal(said.length, 1, JSON.stringify(said));
	assert.match(said[0], /Will award: gold Jeff Adams \(CAN\), silver Zhang Lixin \(CHN\), bronze Prawat Wahoram \(THA\)/);
	// each input names its row
	assert.equal(await row('Jeff Adams').locator('input[data-k="mark"]').getAttribute('aria-label'), 'Mark, row 4: Jeff Adams');
	assert.equal(await row('Zhang Lixin').locator('select[data-k="irm"]').getAttribute('aria-label'), 'IRM, row 1: Zhang Lixin');
	assert.equal(await page.locator('#entry tbody tr').last().locator('input[data-k="npc"]').getAttribute('aria-label'), 'NPC, row 5');
});

test('desk__the_answer_to_a_save_is_short_and_structured', async () => {
	// two new athletes besides the mark: more lines than are shown
	for (const [npc, name, mark] of [['GBR', 'Tim Ohl', '49.50'], ['USA', 'Scot Hollonbeck', '49.70']]) {
		const r = page.locator('#entry tbody tr').last();
		await r.locator('input[data-k="npc"]').fill(npc);
		await r.locator('input[data-k="name"]').fill(name);
		await r.locator('input[data-k="mark"]').fill(mark);
		await r.locator('select[data-k="irm"]').focus();
		await page.keyboard.press('Enter');
	}
	await page.click('#save');
	await page.waitForSelector('#said[data-ok="1"]');
	assert.match(await page.locator('#said strong').textContent(), /^Saved: version \d+$/);
	const shown = await page.locator('#said > ul > li').allTextContents();
	assert.ok(shown.length >= 1 && shown.length <= 6, String(shown.length));
	assert.ok(shown.some((x) => /Jeff Adams \(CAN\): rank 4 -> 1/.test(x)), shown.join(' | '));
	assert.match(await page.locator('#said details summary').textContent(), /… and \d+ more/);
});

test('desk__out_of_official_needs_a_reason_and_a_confirmation', async () => {
	await page.click('#status-bar button[data-status="official"]');
	await page.waitForSelector('#event-pane[data-status="official"]');
	// no reason: asked for, nothing sent
	await page.click('#status-bar button[data-status="live"]');
	await page.waitForSelector('#status-msg[data-ok="0"]');
	assert.match(await page.locator('#status-msg').textContent(), /needs a reason/);
	assert.equal(await page.evaluate(() => document.activeElement.id), 'status-reason');
	assert.equal((await get(`${G}/events/${ev}`)).status, 'official');
	// a reason, and a no at the confirmation: still official
	await page.fill('#status-reason', 'photo finish under review');
	let asked = nextDialog(false);
	await page.click('#status-bar button[data-status="live"]');
	assert.match(await asked, /Move 400 m T53 M from official to live\?[\s\S]*photo finish under review/);
	await page.waitForSelector('#status-msg:has-text("Not moved")');
	assert.equal((await get(`${G}/events/${ev}`)).status, 'official');
	// yes: moved, with the reason in the log
	asked = nextDialog(true);
	await page.click('#status-bar button[data-status="live"]');
	await asked;
	await page.waitForSelector('#event-pane[data-status="live"]');
	assert.equal((await get(`${G}/events/${ev}`)).status, 'live');
	const log = (await request(s, 'GET', `${G}/log?since=0`, { headers: bearer(s.admin) })).json();
	const last = log.changes[log.changes.length - 1];
	assert.equal(last.reason, 'photo finish under review');
	await page.waitForSelector('#status-msg:has-text("400 m T53 M is now live")');
});

test('desk__the_medal_column_has_room_on_a_phone', async () => {
	await page.setViewportSize({ width: 390, height: 844 });
	const th = await page.locator('#entry thead th').nth(5).boundingBox();
	assert.ok(th && th.width >= 24, 'medal column ' + JSON.stringify(th));
	const cell = await row('Jeff Adams').locator('td.medal').boundingBox();
	assert.ok(cell.width >= 24 && cell.x + cell.width <= 390, JSON.stringify(cell));
	assert.equal(await row('Jeff Adams').locator('td.medal').textContent(), 'gold');
	const width = await page.evaluate(() => document.documentElement.scrollWidth);
	assert.ok(width <= 390, 'no sideways scrolling: ' + width);
	await page.setViewportSize({ width: 1280, height: 800 });
});

test('desk__the_chinese_desk_is_chinese', async () => {
	await signin(s.admin, 'zh');
	assert.equal(await page.title(), '成绩录入台');
	assert.deepEqual(await page.locator('#filter option').allTextContents(),
		['全部', '未开始', '进行中', '非正式', '正式', '申诉中', '临时']);
	assert.equal(await page.locator(`#events button[data-id="${ev}"] .badge`).textContent(), '进行中');
	assert.ok(await page.locator('#events h3', { hasText: '无日期' }).count() === 1);
	await open(ev);
	assert.deepEqual(await page.locator('#status-bar button').allTextContents(),
		['未开始', '进行中', '非正式', '正式', '申诉中', '临时']);
	const meta = await page.locator('#event-meta').textContent();
	assert.doesNotMatch(meta, /official|live|standard|lower|better|no date/, meta);
	assert.match(meta, /进行中 · 标准奖牌 · 按成绩，越小越好/);
	assert.equal(await row('Jeff Adams').locator('input[data-k="mark"]').getAttribute('aria-label'), '第 1 行 Jeff Adams：成绩');
	// the server's answer in Chinese too
	await row('Marcel Hug').locator('input[data-k="mark"]').fill('47.00');
	await page.click('#save');
	await page.waitForSelector('#said[data-ok="1"]');
	const said = await page.locator('#said').textContent();
	assert.match(said, /已保存：第 \d+ 版/);
	assert.match(said, /Marcel Hug \(SUI\)：名次 4 → 1，成绩 48.40 → 47.00，奖牌 - → 金牌/);
	assert.doesNotMatch(said, /rank|medal|awards|gold|Saved/, said);
	// and back to English, at once
	await page.click('#lang-en');
	assert.equal(await page.locator('#status-bar button').first().textContent(), 'scheduled');
	assert.equal(await page.locator(`#events button[data-id="${nodate}"] .badge`).textContent(), 'scheduled');
});

test('desk__the_preview_is_the_servers_dry_run', async () => {
	await signin(s.admin);
	await open(other);
	const dry = (url) => url.searchParams.get('dry_run') === '1';
	const asked = [];
	// the server's answer with its gold given to another: the desk shows
	// what the server says, not what marks would make by rules of its own
	await page.route(dry, async (route) => {
		asked.push(route.request().method());
		const res = await route.fetch();
		const d = await res.json();
		if (d.medals) d.medals = d.medals.map((m) => (m.medal === 'gold' ? { ...m, name: 'Server Says' } : m));
		await route.fulfill({ response: res, json: d });
	});
	const r = page.locator('#entry tbody tr').last();
	await r.locator('input[data-k="npc"]').fill('NED');
	await r.locator('input[data-k="name"]').fill('Mary Dry');
	await r.locator('input[data-k="mark"]').fill('40.10');
	await page.waitForFunction(() => /Will award: gold Server Says \(NED\)/.test(document.getElementById('preview').textContent));
	await page.waitForSelector('#preview:not([data-pending])');
	assert.ok(asked.length >= 1 && asked.every((m) => m === 'PATCH'), asked.join());
	// asked once the typing pauses, not once a key
	assert.ok(asked.length <= 3, asked.join());
	await page.unroute(dry);
	// nothing written
	assert.equal((await get(`${G}/events/${other}`)).results.length, 0);
});
