// site_report.test.mjs -- the public pages of what the Athens report
// keeps: a head-to-head event's pool tables by tie-break and its bracket,
// with the report's 5-a-side final from 'podium init --examples'; and the
// Games overview carrying the report regenerated, its contradictions
// listed.  Rendered by the server: no script needed.  Run: node --test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, request, podium } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
let s, goalball;

before(async () => {
	s = await startServer();
	podium(s.db, 'init', '--examples');
	goalball = podium(s.db, 'event', 'add', '--games', 'PG2004', '--sport', 'Goalball',
		'--name', 'Women', '--gender', 'W', '--team', '--status', 'official').trim();
	podium(s.db, 'match', 'set', goalball, '--file',
		join(here, '..', 'fixtures', 'matches-pool-bracket.tsv'));
});
after(async () => { if (s) await s.stop(); });

async function page(path) {
	for (let i = 0; i < 100; i++) {
		const r = await request(s, 'GET', path);
		if (r.status === 200 && r.text.includes('id="matches"')) return r;
		await new Promise((res) => setTimeout(res, 50));
	}
	return request(s, 'GET', path);
}

const text = (html) => html.replace(/<\/?t[dh][^>]*>/g, ' ').replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();

test('site__event_page_shows_the_pool_table_and_the_bracket', async () => {
	const r = await page(`/games/PG2004/events/${goalball}?lang=en`);
	assert.equal(r.status, 200);
	const sec = r.text.slice(r.text.indexOf('<section id="matches">'), r.text.indexOf('</section>'));
	// the pool's table in tie-break order: CHN above NED on their match
	const pool = [...sec.matchAll(/<tr><th scope="row">(.*?)<\/tr>/g)].map((m) => text(m[1]));
	assert.deepEqual(pool, ['China 3 2 0 1 4:3 6', 'Netherlands 3 2 0 1 4:3 6',
		'United States 3 1 1 1 4:4 4', 'Great Britain 3 0 1 2 2:4 1']);
	// the knockout rounds in their order, the winner of each marked
	const rounds = [...sec.matchAll(/<div class="round"><h3>(.*?)<\/h3>([\s\S]*?)<\/ul><\/div>/g)]
		.map((m) => [m[1], [...m[2].matchAll(/<li class="match">(.*?)<\/li>/g)].map((x) => text(x[1]))]);
	assert.deepEqual(rounds, [
		['semi-final', ['China 2:1 aet Great Britain', 'Netherlands 1:1 (4:3 pen) United States']],
		['bronze', ['United States 3:0 Great Britain']],
		['final', ['China 3:1 Netherlands']]]);
	assert.match(sec, /<li class="match"><span class="side won"><a href="\/games\/PG2004\/npcs\/CHN\?lang=en">China<\/a><\/span> <span class="score">3:1<\/span>/);
});

test('site__the_report_final_on_penalties_in_chinese', async () => {
	const r = await page('/games/PG2004/events/1?lang=zh');
	assert.equal(r.status, 200);
	assert.match(r.text, /<h2>比赛<\/h2>/);
	// NPCs by their names, the sport in Chinese
	assert.match(text(r.text), /final 巴西 – \(3:2 点球\) 阿根廷/);
	assert.match(r.text, /<dt>大项<\/dt><dd>五人制足球<\/dd>/);
	// an event without matches has no such section
	const e = podium(s.db, 'event', 'add', '--games', 'PG2004', '--sport', 'Para Athletics',
		'--name', '100 m T11', '--gender', 'W').trim();
	let p;
	for (let i = 0; i < 100; i++) {
		p = await request(s, 'GET', `/games/PG2004/events/${e}?lang=en`);
		if (p.status === 200) break;
		await new Promise((res) => setTimeout(res, 50));
	}
	assert.equal(p.status, 200);
	assert.doesNotMatch(p.text, /id="matches"/);
});

test('site__overview_is_the_report_regenerated_with_its_contradictions', async () => {
	let r;
	for (let i = 0; i < 100; i++) {
		r = await request(s, 'GET', '/games/PG2004/about?lang=zh');
		if (r.status === 200 && r.text.includes('id="report"')) break;
		await new Promise((res) => setTimeout(res, 50));
	}
	assert.equal(r.status, 200);
	const rep = r.text.slice(r.text.indexOf('<section id="report">'));
	assert.match(rep, /3969（另有记载为3806）名运动员/);
	assert.match(rep, /1829/);
	const items = [...rep.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);
	for (const want of [/nations：144.*与136/, /athletes：3969.*与3806/,
		/npcs\.medal_table：73/, /events：162/, /election\.turnout：47\.67%/])
		assert.ok(items.some((x) => want.test(x)), `${want} among ${items.length} contradictions`);
	// a number printed from a division by zero (a word such as the
	// French "maintenant" in the words block is none)
	assert.doesNotMatch(rep, /\binf%|\bnan\b/);
});
