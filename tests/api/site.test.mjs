// site.test.mjs -- the public site as a reader without script, a crawler
// or a CDN sees it (issue 16): every page is whole HTML from the server,
// the same bytes per version with an ETag; the table under each scheme
// (a Points column under points), the chart's leaders the table's first
// five, the host mark explained, no internal words; event, NPC, athlete
// and overview pages linked to each other; every Games reachable.  Also
// the JSON the pages are made from (athletes/ID, timeline?npcs=) and the
// server's log (a time on each line, nothing for a client that left).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, request, bearer, openStream, podium } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, '..', 'fixtures');
let s;

const get = (path, headers) => request(s, 'GET', path, { headers });
const post = (path, body, tok) => request(s, 'POST', path, { body, headers: bearer(tok) });

// What a reader sees: the text of the body, tags and the words script
// block left out.
function visible(html) {
	return html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ')
		.replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

// The rows of the medal table: [npc, [cells]] in order.
function rows(html) {
	const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)[1];
	return [...body.matchAll(/<tr data-npc="([A-Z0-9]+)"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) =>
		[m[1], [...m[2].matchAll(/<td class="num">(\d+)<\/td>/g)].map((c) => Number(c[1]))]);
}

async function until(fn, what) {
	for (let i = 0; i < 200; i++) {
		if (await fn()) return;
		await new Promise((r) => setTimeout(r, 50));
	}
	throw new Error('never: ' + what);
}

before(async () => {
	s = await startServer();
	podium(s.db, 'import', 'paris2024', join(fixtures, 'paris2024_small'), '--games', 'PG2024');
	await until(async () => (await get('/api/games')).json().games.some((g) => g.code === 'PG2024'),
		'PG2024 is served');
});
after(async () => { if (s) await s.stop(); });

test('site__root_is_the_whole_table_without_script', async () => {
	const r = await get('/');
	assert.equal(r.status, 200);
	assert.match(r.headers['content-type'], /^text\/html/);
	assert.match(r.headers['content-security-policy'], /default-src 'self'/);
	const t = rows(r.text);
	assert.equal(t.length, 75);
	assert.deepEqual(t[0], ['CHN', [1, 63, 46, 32, 141]]);
	assert.match(r.text, /<tfoot>[\s\S]*>519<[\s\S]*>1570</);
	const text = visible(r.text);
	assert.doesNotMatch(text, /version/i, 'no internal words');
	assert.doesNotMatch(text, /\bseed\b/, 'no source labels');
	// Greece hosted 2004: its row is marked and the mark explained
	assert.ok(/<tr data-npc="GRE" class="host">[^\n]*?<abbr class="host-mark" title="host">\*<\/abbr>/
		.test(r.text), 'the host row is marked');
	assert.ok(/<p class="note" id="host-legend"><abbr class="host-mark">\*<\/abbr> host<\/p>/
		.test(r.text), 'the mark is explained');
});

test('site__zh_words_are_the_seed_tables', async () => {
	const r = await get('/?lang=zh');
	assert.match(r.text, /<html lang="zh-Hans">/);
	for (const w of ['排名', '国家／地区', '金牌', '银牌', '铜牌', '总数', '总计'])
		assert.ok(visible(r.text).includes(w), w);
	assert.doesNotMatch(visible(r.text), /名次|合计/);
	// the words the script uses are the page's
	const words = JSON.parse(/<script type="application\/json" id="words">(.*?)<\/script>/.exec(r.text)[1]);
	assert.equal(words.zh.rank, '排名');
	assert.equal(words.zh.totals, '总计');
	assert.equal(words.zh.npc, '国家／地区');
});

test('site__fr_words_come_from_the_catalogue', async () => {
	// a Games page in French: the page's and the table's words from
	// po/fr.po; the names stay English, the language every name has
	const r = await get('/games/PG2024?lang=fr');
	assert.equal(r.status, 200);
	assert.match(r.text, /<html lang="fr">/);
	for (const w of ['Rang', 'CNP', 'Or', 'Argent', 'Bronze', 'Total', 'Tous les Jeux',
		'Classement', 'Great Britain'])
		assert.ok(visible(r.text).includes(w), w);
	assert.match(r.text, /<a data-lang="fr" lang="fr" href="[^"]*lang=fr" aria-current="true">Français<\/a>/);
	const words = JSON.parse(/<script type="application\/json" id="words">(.*?)<\/script>/.exec(r.text)[1]);
	assert.equal(words.fr.rank, 'Rang');
	assert.equal(words.fr.gold, 'Or');
	assert.equal(words.zh.rank, '排名');
	// the other languages' pages offer French; an unknown one is English
	assert.match((await get('/games/PG2024?lang=zh')).text, /<a data-lang="fr" lang="fr" href="[^"]*lang=fr">Français<\/a>/);
	assert.match((await get('/games/PG2024?lang=de')).text, /<html lang="en">/);
	const about = await get('/games/PG2024/about?lang=fr');
	assert.equal(about.status, 200);
	assert.ok(visible(about.text).includes('Chiffres clés'));
	assert.ok(visible(about.text).includes('CNP participants'));
	// dates in prose the French way, day first, the month in words
	assert.match(visible(about.text), /\b\d{1,2}(er)? (août|septembre) 2024\b/);
});

test('site__desk_words_are_the_catalogue_in_every_language', async () => {
	const r = await get('/desk/words.json');
	assert.equal(r.status, 200);
	assert.match(r.headers['content-type'], /^application\/json/);
	const w = r.json();
	assert.deepEqual(Object.keys(w), ['en', 'zh', 'fr']);
	assert.equal(w.en.title, 'Results desk');
	assert.equal(w.zh.title, '成绩录入台');
	assert.equal(w.fr.title, 'Poste de saisie des résultats');
	// one word, two senses: the desk's rank is not the table's
	assert.equal(w.zh.rank, '名次');
	assert.equal(w.fr.rowlabel, '{field}, ligne {n} : {name}');
	for (const l of ['zh', 'fr'])
		assert.deepEqual(Object.keys(w[l]), Object.keys(w.en), l);
});

test('site__every_games_has_its_table_and_the_picker_lists_them', async () => {
	const list = await get('/games');
	assert.equal(list.status, 200);
	assert.match(list.text, /href="\/games\/PG2004\?lang=en"/);
	assert.match(list.text, /href="\/games\/PG2024\?lang=en"/);
	assert.match(list.headers.etag, /^"g\d+\.2\.en"$/);
	assert.equal((await get('/games', { 'If-None-Match': list.headers.etag })).status, 304);
	const a = await get('/games/PG2024');
	const b = await get('/?games=PG2024');
	const c = await get('/games/pg2024');
	assert.equal(a.status, 200);
	assert.deepEqual(rows(a.text)[0], ['GBR', [1, 1, 1, 0, 2]]);
	assert.equal(rows(a.text).length, 6);
	assert.equal(a.text, b.text, '?games= on / is that Games\' page');
	assert.equal(a.text, c.text);
	assert.match(a.text, /Paris 2024 Summer Paralympics medal table<\/h1>/);
	const none = await get('/games/XX1999');
	assert.equal(none.status, 404);
	assert.match(none.headers['content-type'], /^text\/html/);
	assert.match(none.text, /no such Games/);
});

test('site__a_page_is_the_same_bytes_per_version_with_an_etag', async () => {
	const a = await get('/games/PG2024?scheme=total');
	const b = await get('/games/PG2024?scheme=total');
	assert.equal(a.text, b.text);
	assert.match(a.headers.etag, /^"h\d+"$/);
	const again = await get('/games/PG2024?scheme=total', { 'If-None-Match': a.headers.etag });
	assert.equal(again.status, 304);
	const v = (await get('/api/games/PG2024/standings')).json().version;
	assert.equal(a.headers.etag, `"h${v}"`);
});

test('site__points_column_and_chart_leaders_follow_the_scheme', async () => {
	// gold first and points 3-2-1 disagree: KEN wins two golds (6
	// points), BRA one gold and three silvers (9), JPN five bronzes (5)
	const add = async (name, date) => (await post('/api/games/PG2004/events', { sport: 'Athletics',
		name, gender: 'M', date, status: 'official' }, s.admin)).json().event;
	const res = (ev, list) => post(`/api/games/PG2004/events/${ev}/results`,
		{ results: list.map(([npc, rank], i) => ({ npc, name: npc + ' ' + name(i), rank })) }, s.operator);
	const name = (i) => ['One', 'Two', 'Three'][i];
	const plan = [
		['100 m', [['KEN', 1], ['BRA', 2], ['JPN', 3]]],
		['200 m', [['KEN', 1], ['BRA', 2], ['JPN', 3]]],
		['400 m', [['BRA', 1], ['MEX', 2], ['JPN', 3]]],
		['800 m', [['MEX', 1], ['BRA', 2], ['JPN', 3]]],
		['1500 m', [['FIN', 1], ['IRL', 2], ['JPN', 3]]],
		['5000 m', [['POR', 1], ['IRL', 2], ['ESP', 3]]],
	];
	let day = 10;
	for (const [n, list] of plan) {
		const r = await res(await add(n, `2004-09-${day++}`), list);
		assert.equal(r.status, 200, r.text);
	}
	for (const scheme of ['gold', 'points=3,2,1']) {
		const page = await get('/games/PG2004?source=results&scheme=' + scheme);
		assert.equal(page.status, 200, page.text);
		const t = rows(page.text);
		const pts = scheme !== 'gold';
		assert.equal(/<th scope="col" class="num col-points">Points<\/th>/.test(page.text), pts);
		if (pts) assert.deepEqual(t.map((r) => r[1][5]).slice(0, 3), [9, 6, 5]);
		const worth = (r) => pts ? r[1][5] : r[1][1];
		const top = t.filter((r) => worth(r) > 0).slice(0, 5).map((r) => r[0]);
		const legend = [.../<ul class="legend" id="chart-leaders">(.*?)<\/ul>/.exec(page.text)[1]
			.matchAll(/data-npc="([A-Z]+)"/g)].map((m) => m[1]);
		assert.deepEqual(legend, top, scheme);
		assert.equal(top[0], pts ? 'BRA' : 'KEN');
	}
});

test('site__event_npc_athlete_and_overview_pages_link_up', async () => {
	const evs = (await get('/api/games/PG2024/events')).json().events;
	const ev = evs.find((e) => e.results > 0);
	const page = await get(`/games/PG2024/events/${ev.id}`);
	assert.equal(page.status, 200);
	assert.match(page.text, /<table id="results">/);
	const athlete = /href="\/games\/PG2024\/athletes\/(\d+)\?lang=en">([^<]+)</.exec(page.text);
	assert.ok(athlete, 'the results link to athletes');
	assert.match(page.text, /href="\/games\/PG2024\/npcs\/[A-Z]{3}\?lang=en"/);
	assert.match(page.text, /<span class="dot gold"[^>]*><\/span>Gold/);

	const doc = (await get(`/api/games/PG2024/athletes/${athlete[1]}`)).json();
	assert.equal(doc.id, Number(athlete[1]));
	assert.ok(doc.results.some((r) => r.event === ev.id));
	const ap = await get(`/games/PG2024/athletes/${athlete[1]}`);
	assert.equal(ap.status, 200);
	assert.match(ap.text, new RegExp(`href="/games/PG2024/events/${ev.id}\\?lang=en"`));
	assert.equal((await get('/api/games/PG2024/athletes/999999')).status, 404);
	// a team's medal is its members' too: on each member's page
	const fp = (await get('/api/games/PG2024/athletes?q=pickard')).json().athletes[0];
	const fd = (await get(`/api/games/PG2024/athletes/${fp.id}`)).json();
	assert.deepEqual(fd.medals, { gold: 1, silver: 0, bronze: 0 });
	assert.equal(fd.results[0].team, 'PICKARD/TWOMEY');
	assert.match((await get(`/games/PG2024/athletes/${fp.id}`)).text,
		/Women&#39;s Doubles - WD14<\/a> <span class="team">\(PICKARD\/TWOMEY\)<\/span>/);
	assert.equal((await get('/games/PG2024/athletes/999999')).status, 404);

	const npc = await get('/games/PG2024/npcs/GBR');
	assert.equal(npc.status, 200);
	assert.match(npc.text, /<h2>Medals by sport<\/h2>/);
	assert.match(npc.text, /<h3>Para Cycling Track <span class="count">\(1\)<\/span><\/h3>/);
	assert.match(npc.text, /Rank 1 ·/);
	const zh = await get('/games/PG2024/npcs/GBR?lang=zh');
	assert.match(zh.text, /<h1 id="title">英国 \(GBR\)<\/h1>/);

	const about = await get('/games/PG2024/about');
	assert.equal(about.status, 200);
	assert.match(about.text, /<dt>Events<\/dt><dd>3<\/dd>/);
	// medal placings say who won, not who took part: never "Athletes 9"
	assert.match(about.text, /<dt>Athletes<\/dt><dd>unknown \(medallists only: [1-9]\d*\)<\/dd>/);
	assert.match(about.text, /<dt>NPCs taking part<\/dt><dd>unknown \(medallists only: [1-9]\d*\)<\/dd>/);
	assert.match((await get('/games/PG2024/about?lang=zh')).text,
		/<dt>参赛代表团<\/dt><dd>未知（仅计获奖者：[1-9]\d*）<\/dd>/);
	assert.match(about.text, /<ol class="top">[\s\S]*Great Britain/);
	// the report, as 'podium report' writes it, read at the same version
	const report = podium(s.db, 'report', '--games', 'PG2024').split('\n\n')[1];
	assert.ok(about.text.includes('<p>' + report.replace(/\n/g, ' ')
		.replace(/&/g, '&amp;').replace(/'/g, '&#39;') + '</p>'), 'the report is on the page');
});

test('site__what_a_page_shows_is_escaped', async () => {
	const ev = (await post('/api/games/PG2004/events', { sport: 'Swimming', name: '50 m <b>free</b>',
		gender: 'W', date: '2004-09-20', status: 'official' }, s.admin)).json().event;
	const r = await post(`/api/games/PG2004/events/${ev}/results`,
		{ npc: 'CAN', name: '"><script>alert(1)</script>', rank: 1 }, s.operator);
	assert.equal(r.status, 200, r.text);
	const page = await get(`/games/PG2004/events/${ev}`);
	assert.doesNotMatch(page.text, /<script>alert/);
	assert.match(page.text, /&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
	assert.match(page.text, /50 m &lt;b&gt;free&lt;\/b&gt;/);
});

test('site__timeline_takes_the_npcs_to_draw', async () => {
	const d = (await get('/api/games/PG2024/timeline?npcs=NOR,GBR')).json();
	assert.deepEqual(d.series.map((x) => x.npc), ['NOR', 'GBR']);
	assert.equal(d.series[0].silver.length, d.days.length);
	assert.equal((await get('/api/games/PG2024/timeline?npcs=%3Cx%3E')).status, 400);
});

test('site__log_lines_have_a_time_and_a_client_that_left_is_no_error', async () => {
	const st = openStream(s, '/api/games/PG2024/stream');
	await st.next((m) => m.event === 'standings');
	st.close();
	// a change: the server writes to the stream whose client has gone
	const ev = (await post('/api/games/PG2024/events', { sport: 'Judo', name: '-60 kg J1',
		gender: 'M' }, s.admin)).json().event;
	assert.ok(ev > 0);
	const st2 = openStream(s, '/api/games/PG2024/stream');
	await st2.next((m) => m.event === 'standings');
	st2.close();
	await get('/games/PG2024');
	const lines = s.stderr().split('\n').filter((l) => l.includes('"GET /games/PG2024"'));
	assert.ok(lines.length > 0);
	for (const l of lines) assert.match(l, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z 127\.0\.0\.1 "GET/);
	assert.doesNotMatch(s.stderr(), /Failed to send/);
});
