// career.test.mjs -- GET /api/athletes/{id} and the page /athletes/{id}:
// one athlete's career across Games, found under each row that is the
// same person (the same words of the name, one NPC), oldest Games first,
// with a record they set; a namesake of another NPC apart; 404, 400 and
// 304; the Games' athlete page links to the career.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, request, podium, seen } from './server.mjs';

let s;
const head = '"ID","gender","event","medal","athlete","country_code","country_name","grp_id","type","year","guide"\n';
const row = (id, name, npc, country, year) =>
	`${id},"Women","400 m T54","Gold","${name}","${npc}","${country}",NA,"Athletics",${year},NA\n`;
before(async () => {
	s = await startServer();
	const a = join(s.dir, 'a.csv'), b = join(s.dir, 'b.csv');
	writeFileSync(a, head + row(1, 'DEBRUNNER Catherine', 'SUI', 'Switzerland', 2016));
	writeFileSync(b, head + row(1, 'Catherine Debrunner', 'SUI', 'Switzerland', 2020) +
		row(2, 'DEBRUNNER Catherine', 'AUT', 'Austria', 2020).replace('Gold', 'Silver'));
	podium(s.db, 'import', 'medallists', a, '--games', 'PG2016');
	podium(s.db, 'import', 'medallists', b, '--games', 'PG2020');
	await seen(s, 'PG2020');
});
after(async () => { if (s) await s.stop(); });

const get = (path, headers = {}) => request(s, 'GET', path, { headers });

test('api__career_across_two_games_under_two_rows', async () => {
	const list = (await get('/api/games/PG2016/athletes?q=debrunner')).json();
	const id = list.athletes[0].id;
	const r = await get(`/api/athletes/${id}`);
	assert.equal(r.status, 200);
	const c = r.json();
	assert.equal(c.npc, 'SUI');
	assert.equal(c.rows.length, 2);
	assert.deepEqual(c.games.map((g) => g.games), ['PG2016', 'PG2020']);
	assert.deepEqual(c.medals, { gold: 2, silver: 0, bronze: 0 });
	assert.equal(c.games[1].results[0].medal, 'gold');
	// the other row gives the same career; the Austrian namesake is apart
	const other = c.rows.find((x) => x !== id);
	assert.deepEqual((await get(`/api/athletes/${other}`)).json().games, c.games);
	const aut = (await get('/api/games/PG2020/athletes?q=debrunner')).json()
		.athletes.find((x) => x.npc === 'AUT');
	const ca = (await get(`/api/athletes/${aut.id}`)).json();
	assert.deepEqual(ca.rows, [aut.id]);
	assert.deepEqual(ca.medals, { gold: 0, silver: 1, bronze: 0 });
	// the same bytes again are 304 by their ETag
	const again = await get(`/api/athletes/${id}`, { 'If-None-Match': r.headers.etag });
	assert.equal(again.status, 304);
});

test('api__career_refuses_what_is_no_athlete', async () => {
	assert.equal((await get('/api/athletes/999999')).status, 404);
	assert.equal((await get('/api/athletes/abc')).status, 404);
	const bad = await get('/api/athletes/1?colour=gold');
	assert.equal(bad.status, 400);
	assert.equal(bad.json().field, 'colour');
});

test('site__career_page_and_the_link_to_it', async () => {
	const list = (await get('/api/games/PG2016/athletes?q=debrunner')).json();
	const id = list.athletes[0].id;
	const page = await get(`/games/PG2016/athletes/${id}`);
	assert.match(page.text, new RegExp(`href="/athletes/${id}\\?lang=en"`));
	const r = await get(`/athletes/${id}?lang=fr`);
	assert.equal(r.status, 200);
	assert.match(r.headers['content-type'], /text\/html/);
	assert.match(r.text, /Carrière sur tous les Jeux/);
	assert.match(r.text, /href="\/games\/PG2016\/athletes\/\d+\?lang=fr"/);
	assert.match(r.text, /href="\/games\/PG2020\/athletes\/\d+\?lang=fr"/);
	assert.equal((await get('/athletes/999999')).status, 404);
});
