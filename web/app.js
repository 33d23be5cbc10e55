// app.js -- the live medal table: loads the standings from the JSON API,
// follows the Games' event stream, and redraws without reloading the page.
'use strict';

const T = {
	en: {
		language: 'Language', ranking: 'Ranking', gold_first: 'Gold first',
		total_first: 'Total first', points: 'Points 3-2-1', table: 'Table',
		rank: 'Rank', npc: 'NPC', name: 'Name', gold: 'Gold',
		silver: 'Silver', bronze: 'Bronze', total: 'Total', totals: 'Totals',
		close: 'Close', chart_title: 'Gold medals, day by day',
		footer: 'Live: the table updates by itself as results land.',
		results: 'From results', published: 'Published',
		medal_table: 'Medal table', live: 'Live',
		reconnecting: 'Reconnecting…', updated: 'Updated to version',
		switched: 'Now showing the table from results',
		no_chart: 'No dated medals yet: the chart appears as results land.',
		no_medals: 'No medals in this table.', medals_of: 'Medals of',
		rank_of: 'Rank', no_list: 'This table was published as a whole: it lists no events.',
		chart_label: 'Cumulative gold medals of the leading NPCs by day',
		host: 'host',
	},
	zh: {
		language: '语言', ranking: '排名方式', gold_first: '金牌优先',
		total_first: '奖牌总数优先', points: '积分 3-2-1', table: '奖牌榜',
		rank: '名次', npc: '代码', name: '国家/地区', gold: '金牌',
		silver: '银牌', bronze: '铜牌', total: '总数', totals: '合计',
		close: '关闭', chart_title: '每日金牌累计',
		footer: '实时：成绩录入后奖牌榜自动更新。',
		results: '按成绩计算', published: '公布的奖牌榜',
		medal_table: '奖牌榜', live: '实时',
		reconnecting: '正在重新连接…', updated: '已更新到版本',
		switched: '现在显示按成绩计算的奖牌榜',
		no_chart: '尚无带日期的奖牌：有成绩后显示图表。',
		no_medals: '此奖牌榜没有奖牌。', medals_of: '奖牌：',
		rank_of: '名次', no_list: '此奖牌榜为整体公布，没有项目明细。',
		chart_label: '领先代表团每日金牌累计',
		host: '东道主',
	},
};
const MEDAL = { gold: 0, silver: 1, bronze: 2 };

const state = {
	games: null, info: null, source: '', auto: true, chosen: false,
	lang: 'en', scheme: 'gold', version: 0, es: null, etag: null,
};

const $ = (sel) => document.querySelector(sel);
const t = (k) => (T[state.lang] || T.en)[k] || k;

function el(tag, attrs, ...kids) {
	const e = document.createElement(tag);
	for (const [k, v] of Object.entries(attrs || {})) {
		if (k === 'text') e.textContent = v;
		else if (k === 'class') e.className = v;
		else e.setAttribute(k, v);
	}
	for (const kid of kids) if (kid != null) e.append(kid);
	return e;
}

// The status line is kept as a key and an argument so that it follows
// the language switch.
let said = ['', ''];
function say(key, arg) {
	said = [key, arg == null ? '' : String(arg)];
	$('#status').textContent = key ? t(key) + (arg == null ? '' : ' ' + arg) : '';
}

async function getJSON(url) {
	const r = await fetch(url, { cache: 'no-cache' });
	if (!r.ok) throw new Error(url + ': ' + r.status);
	return r.json();
}

function api(path, params) {
	const q = new URLSearchParams(params || {}).toString();
	return '/api/games/' + encodeURIComponent(state.games) + '/' + path +
		(q ? '?' + q : '');
}

function gamesName() {
	const n = state.info ? state.info.name : null;
	return n ? (state.lang === 'zh' ? n.zh : n.en) : '';
}

function relabel() {
	document.documentElement.lang = state.lang === 'zh' ? 'zh-Hans' : 'en';
	for (const e of document.querySelectorAll('[data-t]'))
		e.textContent = t(e.dataset.t);
	for (const b of document.querySelectorAll('[data-lang]'))
		b.setAttribute('aria-pressed', String(b.dataset.lang === state.lang));
	$('#title').textContent = gamesName() + (state.lang === 'zh' ? '' : ' ') +
		t('medal_table');
	document.title = $('#title').textContent;
	if (said[0]) say(said[0], said[1] || null);
	const src = $('#source');
	for (const o of src.options)
		o.textContent = o.value === '' ? t('results') :
			t('published') + ' (' + o.value + ')';
}

function cell(tag, text, cls) {
	return el(tag, { class: cls || '', text: String(text) });
}

function renderTable(doc, changed) {
	const body = el('tbody');
	for (const r of doc.rows) {
		const name = r.printed || r.name[state.lang] || r.name.en;
		const link = el('button', { type: 'button', class: 'npc-link',
			'data-npc': r.npc, text: name });
		link.addEventListener('click', () => showNpc(r.npc));
		// on a phone the code column gives way to the code under the name
		const inline = el('span', { class: 'code inline', text: r.npc });
		const tr = el('tr', { 'data-npc': r.npc },
			cell('td', r.rank, 'num'),
			cell('td', r.npc, 'code col-code'),
			el('th', { scope: 'row' }, link, inline),
			cell('td', r.gold, 'num'), cell('td', r.silver, 'num'),
			cell('td', r.bronze, 'num'), cell('td', r.total, 'num'));
		if (r.host) tr.classList.add('host');
		if (changed && changed.has(r.npc)) {
			tr.classList.add('changed');
			tr.dataset.changed = '1';
		}
		body.append(tr);
	}
	$('#medals tbody').replaceWith(body);
	const tot = doc.totals;
	$('#medals tfoot').replaceChildren(el('tr', {},
		// three cells, not one spanning three: the code column may hide
		el('th', { scope: 'row', class: 'totals', text: t('totals') }),
		cell('td', '', 'col-code'), cell('td', ''),
		cell('td', tot.gold, 'num'), cell('td', tot.silver, 'num'),
		cell('td', tot.bronze, 'num'), cell('td', tot.total, 'num')));
	$('#caption').textContent = doc.caption + (doc.source ?
		' — ' + t('published') + ' (' + doc.source + ')' : '');
	$('#medals').dataset.version = doc.version;
	$('#medals').dataset.source = doc.source || '';
}

async function loadTable(changed) {
	const params = { lang: state.lang, scheme: state.scheme };
	if (state.source) params.source = state.source;
	const doc = await getJSON(api('standings', params));
	state.version = doc.version;
	renderTable(doc, changed);
}

function chooseSource(hasMedals) {
	if (state.chosen || !state.auto) return;
	const want = hasMedals || !state.info.sources.length ? '' :
		(state.defaultSource || state.info.sources[0]);
	if (want !== state.source) {
		state.source = want;
		$('#source').value = want;
		if (want === '') say('switched');
	}
}

function fillSources() {
	const sel = $('#source');
	sel.replaceChildren(el('option', { value: '' }));
	for (const s of state.info.sources) sel.append(el('option', { value: s }));
	sel.value = state.source;
	$('#source-wrap').hidden = state.info.sources.length === 0;
}

async function showNpc(code) {
	const params = state.source ? { source: state.source } : {};
	const d = await getJSON(api('npcs/' + encodeURIComponent(code), params));
	const panel = $('#npc-panel');
	$('#npc-title').textContent = t('medals_of') + (state.lang === 'zh' ? '' : ' ') +
		(d.name[state.lang] || d.name.en) + ' (' + d.npc + ')';
	$('#npc-summary').textContent = d.rank ? t('rank_of') + ' ' + d.rank + ' · ' +
		t('gold') + ' ' + d.gold + ' · ' + t('silver') + ' ' + d.silver +
		' · ' + t('bronze') + ' ' + d.bronze + ' · ' + t('total') + ' ' +
		d.total : t('no_medals');
	const list = $('#npc-medals');
	list.replaceChildren();
	if (d.source) list.append(el('li', { text: t('no_list') }));
	for (const m of d.medals)
		list.append(el('li', {},
			el('span', { class: 'dot ' + m.medal, 'aria-hidden': 'true' }),
			t(m.medal) + ' — ' + [m.sport, m.name, m.gender].filter(Boolean)
				.join(' · ') + (m.date ? ' (' + m.date + ')' : '') +
				(m.winner ? ': ' + m.winner : '')));
	panel.hidden = false;
	$('#npc-title').focus();
}

const COLOURS = ['#0b5394', '#b45f06', '#38761d', '#741b47', '#444444'];

async function drawChart() {
	const d = await getJSON(api('timeline'));
	const box = $('#chart');
	if (!d.days.length || !d.series.length) {
		box.replaceChildren(el('p', { text: t('no_chart') }));
		return;
	}
	const W = 640, H = 260, L = 40, R = 16, TOP = 12, B = 40;
	const max = Math.max(1, ...d.series.map((s) => s.gold[s.gold.length - 1]));
	const x = (i) => L + (d.days.length === 1 ? (W - L - R) / 2 :
		i * (W - L - R) / (d.days.length - 1));
	const y = (v) => TOP + (H - TOP - B) * (1 - v / max);
	const ns = 'http://www.w3.org/2000/svg';
	const svg = document.createElementNS(ns, 'svg');
	const add = (parent, tag, attrs, text) => {
		const e = document.createElementNS(ns, tag);
		for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
		if (text != null) e.textContent = text;
		parent.append(e);
		return e;
	};
	svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
	svg.setAttribute('role', 'img');
	add(svg, 'title', {}, t('chart_label'));
	add(svg, 'desc', {}, d.series.map((s) => (s.name[state.lang] || s.npc) +
		': ' + s.gold[s.gold.length - 1]).join('; '));
	add(svg, 'line', { class: 'axis', x1: L, y1: H - B, x2: W - R, y2: H - B });
	add(svg, 'line', { class: 'axis', x1: L, y1: TOP, x2: L, y2: H - B });
	for (const v of [0, Math.round(max / 2), max])
		add(svg, 'text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end' }, v);
	const step = Math.max(1, Math.ceil(d.days.length / 6));
	d.days.forEach((day, i) => {
		if (i % step === 0 || i === d.days.length - 1)
			add(svg, 'text', { x: x(i), y: H - B + 16, 'text-anchor': 'middle' },
				day.slice(5));
	});
	const legend = el('ul', { class: 'legend' });
	d.series.forEach((s, k) => {
		const c = COLOURS[k % COLOURS.length];
		add(svg, 'polyline', { fill: 'none', stroke: c, 'stroke-width': 2.5,
			points: s.gold.map((v, i) => x(i) + ',' + y(v)).join(' ') });
		s.gold.forEach((v, i) => add(svg, 'circle',
			{ cx: x(i), cy: y(v), r: 3, fill: c }));
		const sw = el('span', { 'aria-hidden': 'true' });
		sw.style.background = c;
		legend.append(el('li', {}, sw, (s.name[state.lang] || s.npc) + ' (' +
			s.gold[s.gold.length - 1] + ')'));
	});
	box.replaceChildren(svg, legend);
}

function follow() {
	if (state.es) state.es.close();
	const es = new EventSource(api('stream'));
	state.es = es;
	es.addEventListener('standings', async (ev) => {
		const d = JSON.parse(ev.data);
		if (d.full && d.version === state.version) return;
		const changed = new Set(d.full ? [] : d.changed.map((r) => r.npc));
		const info = await getJSON('/api/games');
		state.info = info.games.find((g) => g.code === state.games) || state.info;
		fillSources();
		chooseSource(state.info.medals > 0);
		$('#source').value = state.source;
		await loadTable(state.source === '' ? changed : null);
		drawChart().catch(() => {});
		if (!d.full) say('updated', d.version);
	});
	es.onerror = () => say('reconnecting');
	es.onopen = () => say('live');
}

async function start() {
	const list = await getJSON('/api/games');
	const def = list.default || {};
	state.games = def.games || (list.games[0] && list.games[0].code);
	if (!state.games) { say('No Games in the store yet.'); return; }
	state.info = list.games.find((g) => g.code === state.games);
	state.auto = def.auto !== false;
	state.defaultSource = def.source || '';
	state.source = def.source || '';
	const want = (navigator.language || '').toLowerCase().startsWith('zh');
	state.lang = new URLSearchParams(location.search).get('lang') ||
		(want ? 'zh' : 'en');
	fillSources();
	chooseSource(state.info.medals > 0);
	relabel();
	await loadTable(null);
	drawChart().catch(() => {});
	follow();
	for (const b of document.querySelectorAll('[data-lang]'))
		b.addEventListener('click', async () => {
			state.lang = b.dataset.lang;
			relabel();
			await loadTable(null);
			drawChart().catch(() => {});
		});
	$('#scheme').addEventListener('change', async (e) => {
		state.scheme = e.target.value;
		await loadTable(null);
	});
	$('#source').addEventListener('change', async (e) => {
		state.source = e.target.value;
		state.chosen = true;
		await loadTable(null);
	});
	$('#npc-close').addEventListener('click', () => {
		$('#npc-panel').hidden = true;
	});
	document.body.dataset.ready = '1';
}

start().catch((e) => say(String(e)));
