// games.test.mjs -- the Games an admin manages over the API: POST
// /api/games makes one on purpose (never a typo elsewhere), PATCH renames
// it field by field, DELETE removes it, refused while it holds data
// unless "force"; each answer says what changed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, bearer } from './server.mjs';

let s;
before(async () => { s = await startServer(); });
after(async () => { if (s) await s.stop(); });

const send = (method, path, body, tok) =>
	request(s, method, path, { body, headers: bearer(tok) });

test('games__add_rename_remove', async () => {
	const la = { code: 'og2028', name_en: 'Los Angeles 2028 Olympic Games',
		name_zh: '2028年洛杉矶奥运会', kind: 'olympics', season: 'summer', host: 'USA',
		start: '2028-07-14', end: '2028-07-30' };
	let r = await send('POST', '/api/games', la, s.operator);
	assert.equal(r.status, 403);
	r = await send('POST', '/api/games', { ...la, host: 'Atlantis' }, s.admin);
	assert.equal(r.json().field, 'host');
	r = await send('POST', '/api/games', la, s.admin);
	assert.equal(r.status, 201, r.text);
	assert.equal(r.json().games, 'OG2028');
	assert.ok(r.json().changes.some((c) => c.field === 'host' && c.after === 'USA'));
	const list = (await request(s, 'GET', '/api/games')).json();
	const g = list.games.find((x) => x.code === 'OG2028');
	assert.equal(g.name.zh, '2028年洛杉矶奥运会');
	r = await send('POST', '/api/games', la, s.admin);
	assert.equal(r.status, 409);
	r = await send('PATCH', '/api/games/OG2028', { name_en: 'LA28' }, s.admin);
	assert.equal(r.status, 200, r.text);
	assert.deepEqual(r.json().changes.map((c) => [c.field, c.before, c.after]),
		[['name_en', 'Los Angeles 2028 Olympic Games', 'LA28']]);
	r = await send('PATCH', '/api/games/OG2028', { name_en: 'LA28' }, s.admin);
	assert.equal(r.json().unchanged, true);
	r = await send('POST', '/api/games/OG2028/events', { sport: 'Athletics', name: '100 m' }, s.admin);
	assert.equal(r.status, 201);
	r = await send('DELETE', '/api/games/OG2028', undefined, s.admin);
	assert.equal(r.status, 409);
	assert.match(r.json().error, /holds 1 event/);
	r = await send('DELETE', '/api/games/OG2028', { force: true, reason: 'test' }, s.admin);
	assert.equal(r.status, 200, r.text);
	assert.equal(r.json().removed, true);
	r = await send('PATCH', '/api/games/OG2028', { name_en: 'x' }, s.admin);
	assert.equal(r.status, 404);
});

test('games__a_typo_makes_no_games', async () => {
	const r = await send('POST', '/api/games/PG2042/events', { sport: 'X', name: 'Y' }, s.admin);
	assert.equal(r.status, 404);
	const list = (await request(s, 'GET', '/api/games')).json();
	assert.ok(!list.games.some((x) => x.code === 'PG2042'));
});

test('games__the_desk_comes_from_the_binary', async () => {
	for (const [path, type] of [['/desk', /text\/html/], ['/desk.js', /javascript/], ['/desk.css', /text\/css/]]) {
		const r = await request(s, 'GET', path);
		assert.equal(r.status, 200, path);
		assert.match(r.headers['content-type'], type);
	}
	const page = await request(s, 'GET', '/desk');
	assert.match(page.headers['content-security-policy'], /default-src 'self'/);
	assert.match(page.text, /<script src="\/desk.js"/);
	const ev = (await request(s, 'GET', '/api/games/PG2004/events')).json();
	assert.ok(ev.events.every((e) => typeof e.order === 'string'));
});
