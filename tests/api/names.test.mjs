// names.test.mjs -- one duplicate rule for every spelling (issue 27.8):
// two entries are one competitor when they carry the same NPC and the same
// name after NFC, case folding, full-width folding, trimming and folding
// white space (NBSP included), so one athlete cannot take gold and silver
// in one PATCH under a second spelling; a name with a format character
// (Unicode Cf) or of white space alone is a 400 naming the field.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, request, bearer } from './server.mjs';

let s, ev;
before(async () => { s = await startServer(); });
after(async () => { if (s) await s.stop(); });

const G = '/api/games/PG2004';
const send = (method, path, body, tok) => request(s, method, path, { body, headers: bearer(tok) });

test('names__setup_an_official_event', async () => {
	const r = await send('POST', G + '/events', { sport: 'Athletics', name: '100 m T12',
		gender: 'W', status: 'official' }, s.admin);
	assert.equal(r.status, 201);
	ev = r.json().event;
	const w = await send('POST', `${G}/events/${ev}/results`,
		{ npc: 'CHN', name: 'Wu Chunmiao', rank: 1 }, s.operator);
	assert.equal(w.status, 200);
});

const spellings = {
	'case': 'WU CHUNMIAO',
	'full-width': 'Ｗｕ Ｃｈｕｎｍｉａｏ',
	'trailing space': 'Wu Chunmiao ',
	'two spaces': 'Wu  Chunmiao',
	'NBSP': 'Wu\u00a0Chunmiao',
	'ideographic space': 'Wu\u3000Chunmiao',
};

test('names__a_second_spelling_in_one_patch_is_one_athlete', async () => {
	const id = (await send('GET', `${G}/events/${ev}`)).json().results[0].athlete;
	const before = (await send('GET', `${G}/standings`)).json();
	for (const [why, name] of Object.entries(spellings)) {
		const r = await send('PATCH', `${G}/events/${ev}/results`, { results: [
			{ npc: 'CHN', name: 'Wu Chunmiao', rank: 1 },
			{ npc: 'CHN', name, rank: 2 },
		] }, s.operator);
		assert.equal(r.status, 400, why);
		assert.match(r.json().error, new RegExp(`results\\[1\\] is athlete ${id}, as is results\\[0\\]`), why);
	}
	// NFC and NFD of one accented name are one athlete
	const nfd = await send('PATCH', `${G}/events/${ev}/results`, { results: [
		{ npc: 'FRA', name: 'Zoé Thérèse'.normalize('NFC'), rank: 3 },
		{ npc: 'FRA', name: 'Zoé Thérèse'.normalize('NFD'), rank: 4 },
	] }, s.operator);
	assert.equal(nfd.status, 400);
	assert.match(nfd.json().error, /results\[1\] is athlete \d+, as is results\[0\]/);
	// an accented name is another name: é is not e
	const other = await send('PATCH', `${G}/events/${ev}/results`, { results: [
		{ npc: 'CHN', name: 'Wu Chunmiáo', rank: 2 },
	] }, s.operator);
	assert.equal(other.status, 200);
	const after = (await send('GET', `${G}/events/${ev}`)).json();
	assert.equal(after.results.length, 2);
	assert.ok(before.version < (await send('GET', `${G}/standings`)).json().version);
	// and a single write under a second spelling is the same athlete again
	const again = await send('POST', `${G}/events/${ev}/results`,
		{ npc: 'CHN', name: spellings['full-width'], rank: 1 }, s.operator);
	assert.equal(again.status, 200);
	const now = (await send('GET', `${G}/events/${ev}`)).json();
	assert.equal(now.results.length, 2);
	assert.equal(now.results.filter((x) => x.athlete === id).length, 1);
});

test('names__format_characters_and_blank_names_are_400_naming_the_field', async () => {
	const before = (await send('GET', `${G}/standings`)).json().version;
	const bad = {
		'U+200B': 'Wu\u200bChunmiao', 'U+200F': 'Wu Chunmiao\u200f', 'U+061C': '\u061cWu',
		'U+FEFF': '\ufeffWu Chunmiao', 'U+00AD': 'Wu Chun\u00admiao', 'U+202E': 'Wu \u202eoaim',
	};
	for (const [cp, name] of Object.entries(bad)) {
		const r = await send('PATCH', `${G}/events/${ev}/results`, { results: [
			{ npc: 'CHN', name: 'Li Na', rank: 3 }, { npc: 'CHN', name, rank: 4 },
		] }, s.operator);
		assert.equal(r.status, 400, cp);
		assert.match(r.json().error, /^results\[1\]: name/, cp);
	}
	for (const name of ['   ', '\u3000', '\u00a0 \u2003']) {
		const r = await send('POST', `${G}/events/${ev}/results`, { npc: 'CHN', name, rank: 4 }, s.operator);
		assert.equal(r.status, 400, JSON.stringify(name));
		assert.match(r.json().error, /name is blank/);
	}
	const t = await send('POST', G + '/events', { sport: 'Athletics', name: '4x100 m T11-13',
		gender: 'M', status: 'official', team: true }, s.admin);
	const r = await send('POST', `${G}/events/${t.json().event}/results`,
		{ npc: 'CHN', team: 'China\u200b', rank: 1 }, s.operator);
	assert.equal(r.status, 400);
	assert.match(r.json().error, /team: byte 6 is U\+200B/);
	assert.equal((await send('GET', `${G}/standings`)).json().version, before + 1);
});

test('names__a_team_under_a_second_spelling_is_one_team', async () => {
	const t = await send('POST', G + '/events', { sport: 'Swimming', name: '4x50 m S1-4',
		gender: 'M', status: 'official', team: true }, s.admin);
	const r = await send('PATCH', `${G}/events/${t.json().event}/results`, { results: [
		{ npc: 'CHN', team: 'China', rank: 1 }, { npc: 'CHN', team: 'CHINA ', rank: 2 },
	] }, s.operator);
	assert.equal(r.status, 400);
	assert.match(r.json().error, /results\[1\] is team \d+, as is results\[0\]/);
});
