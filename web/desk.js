// desk.js -- the results operator's desk (desk.html).  Everything goes
// through the JSON API (docs/API.md) with the token the operator signs in
// with, kept in sessionStorage: for this tab only.  Ranks and medals are
// shown as the operator types, as the server would make them: the save's
// own write sent as a dry run (?dry_run=1), so the desk repeats none of
// the medal rules; the answer to a save is shown as it is, in the
// desk's language (it asks for it with Accept-Language).  A refused write
// is said beside the control that made it; typed entries are not
// dropped without asking; moving an event out of official asks for a
// reason and a confirmation.
'use strict';

// The desk's words in every language, from the server's catalogue
// (po/LANG.po, served at /desk/words.json): {en: {key: word}, zh, fr}.
let T = { en: {} };
const LANGS = ['en', 'zh', 'fr'];
const STATUSES = ['scheduled', 'live', 'unofficial', 'official', 'protested', 'provisional'];
const IRMS = ['', 'DNS', 'DNF', 'DSQ', 'DQB', 'DNQ', 'NM', 'RET', 'WDR', 'ABS', 'LAP'];
const KEY = 'podium-desk-token';
const $ = (id) => document.getElementById(id);
const st = { lang: 'en', token: sessionStorage.getItem(KEY) || '', games: '', events: [], ev: null, rows: [], confirming: false,
	entries: [], matches: [], award: null, answer: null };

const t = (k) => (T[st.lang] || {})[k] || T.en[k] || k;
// t(k) with {name} filled from args
const tf = (k, args) => t(k).replace(/\{(\w+)\}/g, (m, n) => (n in args ? String(args[n]) : m));
const evName = (ev) => `${ev.name}${ev.gender ? ' ' + ev.gender : ''}`;

function el(tag, attrs = {}, ...kids) {
	const e = document.createElement(tag);
	for (const [k, v] of Object.entries(attrs)) {
		if (k === 'text') e.textContent = v;
		else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
		else e.setAttribute(k, v);
	}
	for (const c of kids) e.append(c);
	return e;
}

// Lists answered out of order draw only the latest of their kind: one
// asked for before the operator changed the Games, the event, the day or
// the venue (or before a save, or a result on the stream, asked again)
// can come back after the new one's and would put the old one back.
// ask(kind) numbers a read; the function it gives says whether that read
// is still the latest of its kind.
const reads = {};
function ask(kind) {
	const n = (reads[kind] = (reads[kind] || 0) + 1);
	return () => reads[kind] === n;
}

async function api(method, path, body) {
	const r = await fetch(path, { method, headers: { Authorization: 'Bearer ' + st.token,
		'Content-Type': 'application/json', 'Accept-Language': st.lang === 'zh' ? 'zh-CN' : st.lang }, body: body === undefined ? undefined : JSON.stringify(body) });
	let data = {};
	try { data = await r.json(); } catch (e) { data = {}; }
	return { status: r.status, data };
}

function translate() {
	document.documentElement.lang = st.lang === 'zh' ? 'zh-Hans' : st.lang;
	document.title = t('title');
	for (const e of document.querySelectorAll('[data-t]')) e.textContent = t(e.dataset.t);
	for (const e of document.querySelectorAll('[data-tl]')) e.setAttribute('aria-label', t(e.dataset.tl));
	for (const o of $('filter').options) if (o.value) o.textContent = t(o.value);
	for (const l of LANGS) $('lang-' + l).setAttribute('aria-pressed', String(st.lang === l));
}

// The preview: what the rows as typed would award, as the server says
// it -- the same write as Save's, sent with ?dry_run=1 (made and undone:
// docs/API.md) once the typing pauses.  Nothing typed: the event as
// stored.  The desk keeps no copy of the medal rules.
const MEDALS = ['gold', 'silver', 'bronze'];
const who = (r) => `${r.name} (${r.npc})`;
let asking = null, asked = 0;

function askPreview() {
	clearTimeout(asking);
	$('preview').dataset.pending = '1';
	asking = setTimeout(dryRun, 150);
}

async function dryRun() {
	const seq = ++asked, rows = st.rows, list = changes();
	let answer = null;
	if (list.length) {
		const r = await api('PATCH', `/api/games/${st.games}/events/${st.ev.id}/results?dry_run=1`,
			{ results: list.map(body) });
		// typed on, or another event opened, meanwhile: that says it
		if (seq !== asked || rows !== st.rows) return;
		// refused (a row half typed): the last preview stands
		if (r.status !== 200) { delete $('preview').dataset.pending; return; }
		answer = r.data;
	}
	drawPreview(answer);
	delete $('preview').dataset.pending;
}

// Each row's rank and medal: as stored, then as the dry run's changes
// say they would be (its "what" names the competitor as who() does).
function applyAnswer(answer) {
	for (const r of st.rows) {
		r.crank = r.srank || 0;
		r.cmedal = r.smedal || '';
	}
	if (!answer) return;
	const byWho = new Map(st.rows.filter((r) => r.npc || r.name).map((r) => [who(r), r]));
	for (const c of answer.changes || []) {
		const r = byWho.get(c.what);
		if (!r) continue;
		if (c.field === 'rank') r.crank = Number(c.after) || 0;
		if (c.field === 'medal') r.cmedal = c.after || '';
	}
}

// Redrawn at once as it stands, then asked again when rows were typed.
function renderPreview() {
	drawPreview(st.answer);
	if (changes().length || st.answer) return askPreview();
	clearTimeout(asking);
	asked++;
	delete $('preview').dataset.pending;
}

function drawPreview(answer) {
	const ev = st.ev;
	st.answer = answer;
	applyAnswer(answer);
	const live = st.rows.filter((r) => r.npc || r.name);
	for (const r of st.rows) {
		if (!r.tr) continue;
		r.tr.querySelector('.rank').textContent = r.crank ? String(r.crank) : '-';
		r.tr.querySelector('.medal').textContent = r.cmedal ? t(r.cmedal) : '';
		r.tr.dataset.medal = r.cmedal || '';
		if (r.rankInput) r.rankInput.hidden = !!ev.order;
	}
	labelRows();
	const won = answer ? answer.medals.filter((m) => m.medal) :
		live.filter((r) => r.cmedal).map((r) => ({ medal: r.cmedal, name: r.name, npc: r.npc }));
	const award = MEDALS.flatMap((m) => won.filter((x) => x.medal === m).map((x) => `${t(m)} ${who(x)}`));
	const text = `${t('willaward')}: ${award.length ? award.join(', ') : t('nomedals')}`;
	const p = $('preview');
	p.replaceChildren(el('p', { text }));
	for (const r of live.filter((x) => x.irm))
		p.append(el('p', { class: 'rule', text: `${who(r)} ${r.irm}: ${t('irmrule')}` }));
	p.dataset.award = award.join('; ');
	// the preview is redrawn on every answer; a screen reader hears it
	// only when the medals it would award change (not when the event opens)
	const key = `${st.lang} ${p.dataset.award}`;
	if (st.award !== null && key !== st.award) $('announce').textContent = text;
	st.award = key;
}

// Each input says its field and its row: "Rank, row 3: Zhang Lixin".
function labelRows() {
	const field = { rank: 'rank', npc: 'npc', name: 'athlete', mark: 'mark', irm: 'irm' };
	st.rows.forEach((r, i) => {
		for (const e of r.tr.querySelectorAll('[data-k]'))
			e.setAttribute('aria-label', tf(r.name ? 'rowlabel' : 'rowlabel0',
				{ field: t(field[e.dataset.k]), n: i + 1, name: r.name }));
	});
}

function input(r, key, attrs = {}) {
	const i = el('input', { value: r[key] || '', 'data-k': key, ...attrs });
	i.addEventListener('input', () => {
		r[key] = key === 'npc' ? i.value.toUpperCase() : i.value;
		if (key === 'name') r.tr.dataset.name = i.value;
		renderPreview();
	});
	return i;
}

function addRow(r) {
	r = r || { athlete: 0, npc: '', name: '', mark: '', irm: '', rank: '', orig: null };
	const irm = el('select', { 'data-k': 'irm' },
		...IRMS.map((c) => el('option', { value: c, text: c || '-' })));
	irm.value = r.irm || '';
	irm.addEventListener('change', () => { r.irm = irm.value; renderPreview(); });
	const tdRank = el('td', {}, el('span', { class: 'rank' }));
	r.rankInput = input(r, 'rank', { size: 3, inputmode: 'numeric' });
	tdRank.append(r.rankInput);
	const known = !!r.athlete;
	r.tr = el('tr', {}, tdRank,
		el('td', {}, input(r, 'npc', { size: 4, ...(known ? { readonly: '' } : {}) })),
		el('td', {}, input(r, 'name', known ? { readonly: '' } : {})),
		el('td', {}, input(r, 'mark', { size: 9 })), el('td', {}, irm),
		el('td', { class: 'medal' }));
	r.tr.dataset.name = r.name || '';
	$('entry').tBodies[0].append(r.tr);
	st.rows.push(r);
	return r;
}

// Keyboard first: Enter goes to the next field, and past the last one
// makes a new row; Ctrl+Enter saves.
function onKey(e) {
	if (e.key === 'Enter' && e.target.closest('#u-rows')) {
		e.preventDefault();
		if (e.ctrlKey || e.metaKey) { saveUnit(); return; }
		const fields = [...$('u-rows').querySelectorAll('input, select')];
		const i = fields.indexOf(e.target);
		if (i >= 0 && i < fields.length - 1) fields[i + 1].focus();
		return;
	}
	if (e.key !== 'Enter' || !e.target.closest('#entry')) return;
	e.preventDefault();
	if (e.ctrlKey || e.metaKey) { save(); return; }
	const fields = [...$('entry').querySelectorAll('input:not([readonly]):not([hidden]), select')];
	const i = fields.indexOf(e.target);
	if (i === fields.length - 1) {
		addRow();
		renderPreview();
		$('entry').tBodies[0].lastElementChild.querySelector('input:not([hidden])').focus();
	} else if (i >= 0) fields[i + 1].focus();
}

// Entries typed and not saved yet.
const dirty = () => !!(st.ev && changes().length);

// Open event id.  Entries typed and not saved are dropped only when the
// operator says so, or when they were just saved (force).
async function openEvent(id, { force = false } = {}) {
	if (!force && dirty() && !window.confirm(tf('unsaved', { ev: evName(st.ev) })))
		return false;
	const r = await api('GET', `/api/games/${st.games}/events/${id}`);
	if (r.status !== 200) return false;
	st.ev = r.data;
	st.award = null;
	st.answer = null;
	for (const m of ['said', 'status-msg', 'entries-msg', 'match-msg', 'event-msg']) clear($(m));
	st.rows = [];
	st.confirming = false;
	$('correction').hidden = true;
	$('entry').tBodies[0].replaceChildren();
	$('event-pane').hidden = false;
	$('event-h').textContent = `${st.ev.name}${st.ev.gender ? ' · ' + st.ev.gender : ''}`;
	$('event-pane').dataset.event = String(id);
	$('event-pane').dataset.status = st.ev.status;
	renderMeta();
	for (const x of st.ev.results) {
		const row = { athlete: x.athlete || 0, npc: x.npc, name: x.name, mark: x.mark, irm: x.irm,
			rank: x.rank ? String(x.rank) : '', srank: x.rank || 0, smedal: x.medal || '' };
		row.orig = { mark: row.mark, irm: row.irm, rank: row.rank };
		addRow(row);
	}
	await loadEntries();
	// the athletes entered without a result yet, ready for their marks
	for (const x of st.entries.filter((e) => !e.result))
		addRow({ athlete: x.athlete, npc: x.npc, name: x.name, mark: '', irm: '', rank: '', orig: null, entered: true });
	addRow();
	renderStatus();
	renderPreview();
	await loadMatches();
	await loadLog();
	$('event-pane').dataset.version = String(st.ev.version);
	return true;
}

function renderMeta() {
	const e = st.ev;
	$('event-meta').textContent = [e.sport, e.date || t('nodate'), t(e.status), t(e.policy),
		t(e.order || 'hand')].join(' · ');
}

function renderStatus() {
	const bar = $('status-bar');
	for (const b of bar.querySelectorAll('button')) b.remove();
	for (const s of STATUSES) {
		bar.append(el('button', { type: 'button', 'data-status': s, 'aria-pressed': String(st.ev.status === s),
			text: t(s), onclick: () => move(s) }));
	}
}

// Out of official takes the event's medals off the public table: the
// desk asks for a reason and a confirmation first.
async function move(status) {
	const reason = $('status-reason').value.trim();
	const box = $('status-msg');
	const leaving = st.ev.status === 'official' && status !== 'official';
	if (leaving && !reason) {
		tell(box, tf('needstatusreason', { status: t(status) }), false);
		$('status-reason').focus();
		return;
	}
	if (leaving && !window.confirm(tf('confirmstatus', { ev: evName(st.ev), status: t(status), reason }))) {
		tell(box, t('notmoved'), false);
		return;
	}
	if (dirty() && !window.confirm(tf('unsaved', { ev: evName(st.ev) }))) return;
	const r = await api('POST', `/api/games/${st.games}/events/${st.ev.id}/status`,
		reason ? { status, reason } : { status });
	if (r.status === 200) {
		$('status-reason').value = '';
		await loadEvents();
		await openEvent(st.ev.id, { force: true });
	}
	say(r, box, r.status === 200 ? tf('moved', { ev: evName(st.ev), status: t(status) }) : '');
}

function changes() {
	const out = [];
	for (const r of st.rows) {
		if (!r.npc && !r.name) continue;
		// an athlete of the start list with nothing typed yet: no result
		if (r.entered && !r.mark && !r.irm && !r.rank) continue;
		const o = r.orig || { mark: '', irm: '', rank: '' };
		const f = [];
		if ((r.mark || '') !== o.mark) f.push(['mark', o.mark, r.mark || '']);
		if ((r.irm || '') !== o.irm) f.push(['irm', o.irm, r.irm || '']);
		if (!st.ev.order && (r.rank || '') !== o.rank) f.push(['rank', o.rank, r.rank || '']);
		if (!r.orig || f.length) out.push({ r, f });
	}
	return out;
}

function body(c) {
	const b = c.r.athlete ? { athlete: c.r.athlete } : { npc: c.r.npc, name: c.r.name };
	for (const [k, , v] of c.f) b[k] = k === 'rank' ? (Number(v) || 0) : (v === '' ? null : v);
	if (!c.r.orig) {
		if (c.r.mark) b.mark = c.r.mark;
		if (c.r.irm) b.irm = c.r.irm;
		if (!st.ev.order && c.r.rank) b.rank = Number(c.r.rank);
	}
	return b;
}

async function save() {
	const list = changes();
	if (!list.length) { tell($('said'), t('unchanged'), true); return; }
	const correcting = st.ev.status !== 'scheduled' && st.ev.status !== 'live' && list.some((c) => c.r.orig);
	if (correcting && !st.confirming) {
		// the correction screen: every field before and after, and a reason
		const tb = $('diff').tBodies[0];
		tb.replaceChildren(...list.flatMap((c) => c.f.map(([k, a, b]) =>
			el('tr', {}, el('td', { text: `${c.r.name} (${c.r.npc})` }), el('td', { text: k }),
				el('td', { text: a || '-' }), el('td', { text: b || '-' })))));
		$('correction').hidden = false;
		st.confirming = true;
		tell($('said'), t('confirm'), true);
		$('fix-reason').focus();
		return;
	}
	const reason = $('fix-reason').value.trim();
	if (correcting && !reason) { tell($('said'), t('needreason'), false); $('fix-reason').focus(); return; }
	const payload = { results: list.map(body) };
	if (reason) payload.reason = reason;
	const r = await api('PATCH', `/api/games/${st.games}/events/${st.ev.id}/results`, payload);
	if (r.status === 200) {
		$('fix-reason').value = '';
		await loadEvents();
		await openEvent(st.ev.id, { force: true });
	}
	say(r);	/* once the event shows what was saved */
}

function clear(box) {
	box.replaceChildren();
	delete box.dataset.ok;
	delete box.dataset.version;
}

// A line of the desk's own in box; ok false marks it as a refusal.
function tell(box, text, ok) {
	clear(box);
	box.textContent = text;
	box.dataset.ok = ok ? '1' : '0';
}

// The server's answer to a write, in box (the Save's by default): a
// refusal with its reason, or a short title ("Saved: version 12", or
// head when given) over the server's lines, the first few of them and
// the rest folded.
function say(r, box = $('said'), head = '') {
	if (r.status >= 400) {
		const why = r.data.error || String(r.status);
		tell(box, `${t('refused')}: ${why}${r.data.field ? ` (${r.data.field})` : ''}`, false);
		return;
	}
	const MAX = 6;
	const lines = r.data.said || [];
	clear(box);
	box.dataset.ok = '1';
	box.dataset.version = String(r.data.version);
	box.append(el('strong', { text: head || (r.data.unchanged ? t('unchanged') : tf('savedv', { v: r.data.version })) }));
	if (!lines.length) return;
	const list = (xs) => el('ul', {}, ...xs.map((x) => el('li', { text: x })));
	box.append(list(lines.slice(0, MAX)));
	// the rest folded away, one click to read
	if (lines.length > MAX)
		box.append(el('details', {}, el('summary', { text: tf('more', { n: lines.length - MAX }) }),
			list(lines.slice(MAX))));
}

// -- the start list: the athletes entered, a text of one a line

async function loadEntries() {
	const latest = ask('entries');
	const r = await api('GET', `/api/games/${st.games}/events/${st.ev.id}/entries`);
	if (!latest()) return;
	st.entries = r.status === 200 ? r.data.entries : [];
	$('entries').tBodies[0].replaceChildren(...st.entries.map((x) => el('tr', { 'data-athlete': String(x.athlete) },
		el('td', { text: x.npc }), el('td', { text: x.name }), el('td', { text: x.gender || '-' }),
		el('td', { text: x.result ? '✓' : '' }))));
	$('entries-text').value = st.entries.map((x) => [x.npc, x.name, x.gender].filter(Boolean).join(', ')).join('\n');
	$('start-list').dataset.count = String(st.entries.length);
}

// "CHN, Wu Chunmiao, W" (commas or tabs; the gender may be left out)
function entryLines(text) {
	const out = [];
	for (const line of text.split('\n')) {
		const f = line.split(/\t|,/).map((x) => x.trim()).filter((x) => x !== '');
		if (!f.length) continue;
		const g = f.length > 2 && /^[MWF]$/i.test(f[f.length - 1]) ? f.pop().toUpperCase() : '';
		const e = { npc: f.shift(), name: f.join(', ') };
		if (g) e.gender = g === 'F' ? 'W' : g;
		out.push(e);
	}
	return out;
}

async function saveEntries() {
	const r = await api('POST', `/api/games/${st.games}/events/${st.ev.id}/entries`,
		{ entries: entryLines($('entries-text').value) });
	if (r.status === 200 && await openEvent(st.ev.id))
		$('start-list').open = true;
	say(r, $('entries-msg'));
}

// -- matches: the desk's own (source desk) are edited; others are shown

const pair = (p) => (p ? `${p[0]}:${p[1]}` : '');
const parsePair = (v) => { const m = /^(\d+)\s*:\s*(\d+)$/.exec(v.trim()); return m ? [Number(m[1]), Number(m[2])] : null; };

function matchInput(m) {
	const o = { phase: m.phase, home: m.home };
	for (const k of ['pool', 'walkover', 'outcome', 'cite']) if (m[k]) o[k] = m[k];
	if (m.away) o.away = m.away;
	if (m.score) o.score = m.score;
	if (m.penalties) o.penalties = m.penalties;
	if (m.extra_time) o.extra_time = true;
	return o;
}

async function loadMatches() {
	const latest = ask('matches');
	const r = await api('GET', `/api/games/${st.games}/events/${st.ev.id}/matches`);
	if (!latest()) return;
	st.matches = r.status === 200 ? r.data.matches : [];
	$('matches').tBodies[0].replaceChildren(...st.matches.map((m) => el('tr', { 'data-id': String(m.id) },
		el('td', { text: m.phase }), el('td', { text: m.pool }), el('td', { text: m.home }),
		el('td', { text: m.away || '-' }),
		el('td', { text: (pair(m.score) || '-') + (m.extra_time ? ` ${t('aetshort')}` : '') +
			(m.penalties ? ` (${pair(m.penalties)} ${t('penshort')})` : '') }),
		el('td', { text: m.source }),
		el('td', {}, m.source === 'desk' ? el('button', { type: 'button', text: t('remove'),
			onclick: () => postMatches(st.matches.filter((x) => x.source === 'desk' && x.id !== m.id).map(matchInput)) }) : ''))));
	$('matches-box').dataset.count = String(st.matches.length);
}

// form: the form to clear once the write is taken, before the lists are
// read again (an operator may type the next match while they load, and
// a clear after that would take it away)
async function postMatches(list, form) {
	const r = await api('POST', `/api/games/${st.games}/events/${st.ev.id}/matches`, { matches: list, source: 'desk' });
	if (r.status === 200) {
		if (form) form.reset();
		await loadMatches();
		await loadLog();
		$('matches-box').open = true;
	}
	say(r, $('match-msg'));
	return r;
}

async function addMatch(e) {
	e.preventDefault();
	const f = new FormData($('match-form'));
	const m = { phase: f.get('phase').trim(), home: f.get('home').trim().toUpperCase() };
	if (f.get('pool').trim()) m.pool = f.get('pool').trim();
	if (f.get('away').trim()) m.away = f.get('away').trim().toUpperCase();
	if (f.get('score').trim()) m.score = parsePair(f.get('score')) || f.get('score');
	if (f.get('pens').trim()) m.penalties = parsePair(f.get('pens')) || f.get('pens');
	if (f.get('extra')) m.extra_time = true;
	await postMatches([...st.matches.filter((x) => x.source === 'desk').map(matchInput), m],
		$('match-form'));
}

async function loadLog() {
	const latest = ask('log');
	const r = await api('GET', `/api/games/${st.games}/log?since=0`);
	if (!latest()) return;
	const ol = $('log');
	ol.replaceChildren();
	if (r.status !== 200) return;
	const mine = r.data.changes.filter((c) => c.command.includes(`/events/${st.ev.id}/`) ||
		c.changes.some((x) => x.what.startsWith(`event ${st.ev.id} `) || x.what === `event ${st.ev.id}`));
	for (const c of mine.reverse().slice(0, 30)) {
		const li = el('li', { 'data-version': String(c.version) },
			el('span', { text: `v${c.version} ${c.actor}${c.reason ? ' — ' + c.reason : ''}` }));
		const ul = el('ul');
		const word = (v) => (v && T.en[v] ? t(v) : v || '-');
		for (const x of c.changes)
			ul.append(el('li', { text: `${x.what}: ${(T[st.lang] || {})['f_' + x.field] || x.field} ` +
				`${word(x.before)} → ${word(x.after)}` }));
		li.append(ul);
		ol.append(li);
	}
}

async function loadEvents() {
	const latest = ask('events');
	const r = await api('GET', `/api/games/${st.games}/events`);
	if (!latest() || r.status !== 200) return;
	st.events = r.data.events;
	renderEvents();
}

// The events by day and sport, with the filter's status.
function renderEvents() {
	const want = $('filter').value;
	const box = $('events');
	box.replaceChildren();
	const days = new Map();
	for (const e of st.events) {
		if (want && e.status !== want) continue;
		const d = e.date || t('nodate');
		if (!days.has(d)) days.set(d, new Map());
		const sp = days.get(d);
		if (!sp.has(e.sport)) sp.set(e.sport, []);
		sp.get(e.sport).push(e);
	}
	for (const [d, sports] of [...days].sort()) {
		box.append(el('h3', { text: d }));
		for (const [sport, evs] of sports) {
			const ul = el('ul', { 'aria-label': sport });
			for (const e of evs)
				ul.append(el('li', {}, el('button', { type: 'button', 'data-id': String(e.id),
					onclick: () => openEvent(e.id) }, `${e.name} ${e.gender || ''}`,
				el('span', { class: 'badge', 'data-s': e.status, text: t(e.status) }))));
			box.append(el('h4', { text: sport }), ul);
		}
	}
}

async function addEvent(e) {
	e.preventDefault();
	const f = new FormData($('event-form'));
	const b = { sport: f.get('sport'), name: f.get('name'), status: 'live' };
	for (const k of ['gender', 'class', 'date', 'order']) if (f.get(k)) b[k] = f.get(k);
	const r = await api('POST', `/api/games/${st.games}/events`, b);
	// said here, where the operator is: the event pane may be hidden
	const added = () => say(r, $('event-msg'), tf('added', { ev: evName(b) }));
	if (r.status !== 201 && r.status !== 200) { added(); return; }
	$('event-form').reset();
	await loadEvents();
	const opened = await openEvent(r.data.event);
	added();
	if (opened) $('entry').querySelector('tbody tr:last-child input[data-k="npc"]').focus();
}

async function signin(e) {
	if (e) e.preventDefault();
	if (e) st.token = $('token').value.trim();
	const g = await (await fetch('/api/games')).json();
	const sel = $('games');
	sel.replaceChildren(...g.games.map((x) => el('option', { value: x.code, text: `${x.code} ${x.name[st.lang] || x.name.en}` })));
	st.games = st.games || (g.default && g.default.games) || (g.games[0] && g.games[0].code) || '';
	sel.value = st.games;
	// a token is checked by a read that refuses a bad one
	const r = await api('GET', `/api/games/${st.games}/log?since=999999999999`);
	if (r.status === 401) {
		sessionStorage.removeItem(KEY);
		$('signin-msg').textContent = t('badtoken');
		return;
	}
	sessionStorage.setItem(KEY, st.token);
	$('signin').hidden = true;
	$('desk').hidden = false;
	$('signout').hidden = false;
	await loadEvents();
	document.body.dataset.ready = '1';
}

// Everything the desk has drawn, again in lang.
function relang(lang) {
	st.lang = lang;
	translate();
	if (st.events.length) renderEvents();
	if (u.doc) { if (uDirty()) renderUStatus(); else renderUnit(); loadUnits(); }
	if (!st.ev) return;
	renderMeta();
	renderStatus();
	renderPreview();
	loadMatches();
	loadLog();
}

async function init() {
	const q = new URLSearchParams(location.search).get('lang');
	st.lang = LANGS.includes(q) ? q : 'en';
	try {
		const r = await fetch('/desk/words.json');
		if (r.ok) T = await r.json();
	} catch (e) { /* the page's own English words stay */ }
	for (const s of STATUSES) $('filter').append(el('option', { value: s, text: t(s) }));
	translate();
	$('signin').addEventListener('submit', signin);
	$('event-form').addEventListener('submit', addEvent);
	$('save').addEventListener('click', save);
	$('entries-save').addEventListener('click', saveEntries);
	$('match-form').addEventListener('submit', addMatch);
	$('filter').addEventListener('change', loadEvents);
	$('games').addEventListener('change', () => {
		if (dirty() && !window.confirm(tf('unsaved', { ev: evName(st.ev) }))) {
			$('games').value = st.games;
			return;
		}
		st.games = $('games').value;
		st.ev = null;
		$('event-pane').hidden = true;
		Object.assign(u, { all: [], rsc: '', doc: null, rows: [] });
		$('unit-pane').hidden = true;
		loadEvents();
		if ($('mode-units').getAttribute('aria-pressed') === 'true') loadSchedule();
	});
	for (const l of LANGS) $('lang-' + l).addEventListener('click', () => relang(l));
	$('mode-events').addEventListener('click', () => setMode(false));
	$('mode-units').addEventListener('click', () => setMode(true));
	$('u-venue').addEventListener('change', loadUnits);
	$('u-day').addEventListener('change', loadUnits);
	$('u-save').addEventListener('click', saveUnit);
	$('u-propose').addEventListener('click', propose);
	$('u-start-save').addEventListener('click', () => saveStart({ rows: startLines($('u-start-text').value) }));
	$('u-from-take').addEventListener('click', () => saveStart({ from: $('u-from').value }));
	window.addEventListener('beforeunload', (e) => { if (dirty() || uDirty()) e.preventDefault(); });
	$('signout').addEventListener('click', () => { sessionStorage.removeItem(KEY); location.reload(); });
	document.addEventListener('keydown', onKey);
	if (st.token) signin(); else document.body.dataset.ready = '0';
}


// -- by unit: a venue's units of a day (the schedule API), a unit's start
// list, marks, Q/q and status (the unit writes of docs/API.md).  Each
// row changed is saved as its own write, so readers see each result as
// it lands.

const USTATUSES = ['scheduled', 'running', 'interrupted', 'unofficial', 'official', 'delayed',
	'postponed', 'cancelled', 'rescheduled'];
const u = { all: [], rsc: '', doc: null, rows: [] };

function setMode(units) {
	$('mode-events').setAttribute('aria-pressed', String(!units));
	$('mode-units').setAttribute('aria-pressed', String(units));
	$('events-pane').hidden = units;
	$('event-pane').hidden = units || !st.ev;
	$('units-pane').hidden = !units;
	$('unit-pane').hidden = !units || !u.doc;
	if (units && !u.all.length) loadSchedule();
}

// Every unit once, for the venues and days to choose from.
async function loadSchedule() {
	const latest = ask('schedule');
	const r = await api('GET', `/api/games/${st.games}/schedule`);
	if (!latest()) return;
	u.all = r.status === 200 ? r.data.units : [];
	const venues = [...new Set(u.all.map((x) => x.venue && x.venue.name).filter(Boolean))].sort();
	const days = [...new Set(u.all.map((x) => x.day).filter(Boolean))].sort();
	const keep = (sel, list) => {
		const was = sel.value;
		sel.replaceChildren(...list.map((v) => el('option', { value: v, text: v })));
		if (list.includes(was)) sel.value = was;
	};
	keep($('u-venue'), venues);
	keep($('u-day'), days);
	await loadUnits();
}

// The day's units at the venue, as the schedule API lists them.
async function loadUnits() {
	const latest = ask('units');
	const q = new URLSearchParams();
	if ($('u-day').value) q.set('date', $('u-day').value);
	if ($('u-venue').value) q.set('venue', $('u-venue').value);
	const r = await api('GET', `/api/games/${st.games}/schedule?${q}`);
	if (!latest()) return;
	const list = r.status === 200 ? r.data.units : [];
	$('u-list').replaceChildren(...list.map((x) => el('li', {}, el('button', { type: 'button', 'data-rsc': x.rsc,
		'aria-current': String(x.rsc === u.rsc), onclick: () => openUnit(x.rsc) },
	`${(x.start && x.start.local || '').slice(11, 16)} ${x.event.name} · ${x.unit.name || x.phase.name} `,
	el('span', { class: 'badge', 'data-s': ustatus(x), text: t(ustatus(x)) })))));
	$('u-list').dataset.count = String(list.length);
}

// an imported unit's "finished" is official, no status scheduled
const ustatus = (x) => (x.status === 'finished' ? 'official' : x.status || 'scheduled');

const uDirty = () => u.rows.some(rowChanged);

async function openUnit(rsc, { force = false } = {}) {
	if (!force && u.rsc !== rsc && uDirty() && !window.confirm(tf('unsaved', { ev: u.doc.unit.name || u.rsc })))
		return false;
	const r = await api('GET', `/api/games/${st.games}/units/${rsc}`);
	if (r.status !== 200) { say(r, $('u-said')); return false; }
	u.rsc = rsc;
	u.doc = r.data;
	renderUnit();
	$('unit-pane').hidden = false;
	for (const b of $('u-list').querySelectorAll('button')) b.setAttribute('aria-current', String(b.dataset.rsc === rsc));
	return true;
}

function unitTitle(d) {
	return `${d.event.name} · ${d.unit.name || d.phase.name}`;
}

// The start list with each one's result beside it; those with a result
// and no place on the list (an import's) after them.
function renderUnit() {
	const d = u.doc;
	$('unit-h').textContent = unitTitle(d);
	const status = ustatus(d);
	$('unit-meta').textContent = [d.rsc, (d.start && d.start.local || '').replace('T', ' ').slice(0, 16),
		d.venue && d.venue.name, t(status)].filter(Boolean).join(' · ');
	$('unit-pane').dataset.rsc = d.rsc;
	$('unit-pane').dataset.status = status;
	$('unit-pane').dataset.version = String(d.version);
	const res = new Map((d.results || []).map((x) => [x.participant.code, x]));
	const seen = new Set();
	u.rows = [];
	for (const s of d.start_list || []) {
		seen.add(s.participant.code);
		u.rows.push(unitRow(s.participant, s, res.get(s.participant.code)));
	}
	for (const x of d.results || []) if (!seen.has(x.participant.code)) u.rows.push(unitRow(x.participant, null, x));
	$('u-rows').tBodies[0].replaceChildren(...u.rows.map((r) => r.tr));
	const types = (d.results || []).map((x) => x.result_type).filter(Boolean);
	if (types.length) $('u-type').value = types[0];
	renderUStatus();
	// the start list as text, and the phases before this one to take it from
	$('u-start-text').value = (d.start_list || []).map((s) =>
		[s.order || '', s.bib || '', s.participant.code, s.participant.npc, s.participant.name].join(', ')).join('\n');
	const prefix = d.rsc.slice(0, 22), mine = d.rsc.slice(0, 26);
	const phases = [];
	for (const x of u.all) {
		const ph = x.rsc.slice(0, 26);
		if (x.rsc.startsWith(prefix) && ph !== mine && !phases.includes(ph) &&
			(x.start && d.start && x.start.utc < d.start.utc)) phases.push(ph);
	}
	$('u-from').replaceChildren(...phases.map((ph) => el('option', { value: ph, text: ph.slice(22) })));
	$('u-from-take').disabled = !phases.length;
	const n = (d.results || []).filter((x) => x.rank || x.result || x.irm || x.wlt).length;
	$('u-rows').dataset.results = String(n);
}

function unitRow(p, s, x) {
	const r = { code: p.code, name: p.name, npc: p.npc, orig: {
		rank: x && x.rank ? String(x.rank) : '', result: (x && x.result) || '', irm: (x && x.irm) || '',
		wlt: (x && x.wlt) || '', qualification: (x && x.qualification) || '' } };
	Object.assign(r, r.orig);
	const inp = (k, attrs) => {
		const i = el('input', { value: r[k], 'data-k': k, ...attrs });
		i.addEventListener('input', () => { r[k] = i.value.trim(); mark(r); });
		return i;
	};
	const sel = (k, opts) => {
		const e = el('select', { 'data-k': k }, ...opts.map((o) => el('option', { value: o, text: o || '-' })));
		if (r[k] && !opts.includes(r[k])) e.append(el('option', { value: r[k], text: r[k] }));
		e.value = r[k];
		e.addEventListener('change', () => { r[k] = e.value; mark(r); });
		return e;
	};
	const fields = [inp('rank', { size: 3, inputmode: 'numeric' }), inp('result', { size: 9 }),
		sel('irm', IRMS), sel('wlt', ['', 'W', 'L', 'T']), sel('qualification', ['', 'Q', 'q'])];
	const label = { rank: 'rank', result: 'mark', irm: 'irm', wlt: 'wl', qualification: 'qual' };
	for (const f of fields) f.setAttribute('aria-label', tf('ucell', { field: t(label[f.dataset.k]), name: p.name }));
	r.tr = el('tr', { 'data-participant': p.code, 'data-name': p.name },
		el('td', { text: s && s.order ? String(s.order) : '' }), el('td', { text: (s && s.bib) || '' }),
		el('th', { scope: 'row', text: p.name }), el('td', { text: p.npc }),
		...fields.map((f) => el('td', {}, f)));
	r.tr.dataset.q = r.qualification;
	return r;
}

function rowChanged(r) {
	return ['rank', 'result', 'irm', 'wlt', 'qualification'].some((k) => r[k] !== r.orig[k]);
}

function mark(r) {
	r.tr.dataset.changed = rowChanged(r) ? '1' : '';
}

function renderUStatus() {
	const bar = $('u-status');
	for (const b of bar.querySelectorAll('button')) b.remove();
	const now = ustatus(u.doc);
	for (const s of USTATUSES)
		bar.append(el('button', { type: 'button', 'data-status': s, 'aria-pressed': String(now === s),
			text: t(s), onclick: () => moveUnit(s) }));
}

async function moveUnit(status) {
	const reason = $('u-reason').value.trim();
	const box = $('u-status-msg');
	const now = ustatus(u.doc);
	if (now === 'official' && status !== 'official') {
		if (!reason) { tell(box, tf('needstatusreason', { status: t(status) }), false); $('u-reason').focus(); return; }
		if (!window.confirm(tf('confirmstatus', { ev: unitTitle(u.doc), status: t(status), reason }))) {
			tell(box, t('notmoved'), false);
			return;
		}
	}
	if (uDirty() && !window.confirm(tf('unsaved', { ev: unitTitle(u.doc) }))) return;
	const r = await api('POST', `/api/games/${st.games}/units/${u.rsc}/status`, reason ? { status, reason } : { status });
	if (r.status === 200) {
		$('u-reason').value = '';
		await openUnit(u.rsc, { force: true });
		await loadUnits();
	}
	say(r, box, r.status === 200 ? tf('moved', { ev: unitTitle(u.doc), status: t(status) }) : '');
}

// Each row changed is one write; the first refused stops the rest.
async function saveUnit() {
	const list = u.rows.filter(rowChanged);
	if (!list.length) { tell($('u-said'), t('unchanged'), true); return; }
	let last = null;
	for (const r of list) {
		const b = { participant: r.code };
		if (r.rank !== r.orig.rank) b.rank = Number(r.rank) || 0;
		if (r.result !== r.orig.result) {
			b.result = r.result || null;
			if (r.result) b.type = $('u-type').value;
		}
		for (const k of ['irm', 'wlt', 'qualification'])
			if (r[k] !== r.orig[k]) b[k] = r[k] || null;
		last = await api('POST', `/api/games/${st.games}/units/${u.rsc}/results`, b);
		if (last.status !== 200) break;
		Object.assign(r.orig, { rank: r.rank, result: r.result, irm: r.irm, wlt: r.wlt, qualification: r.qualification });
		mark(r);
	}
	if (last.status === 200) await openUnit(u.rsc, { force: true });
	say(last, $('u-said'));
}

// Q and q as the phase's rule proposes them, for the operator to keep or change.
async function propose() {
	const r = await api('POST', `/api/games/${st.games}/phases/${u.rsc.slice(0, 26)}/qualify`, {});
	if (r.status === 200) await openUnit(u.rsc, { force: true });
	say(r, $('u-said'), r.status === 200 ? t('proposed') : '');
}

// "4, 101, 9100002, JAM, BETA Ben": lane (or order), bib, code, NPC, name
function startLines(text) {
	const out = [];
	for (const line of text.split('\n')) {
		const f = line.split(/\t|,/).map((x) => x.trim());
		if (!f.some((x) => x)) continue;
		const row = { participant: f[2] || '', npc: (f[3] || '').toUpperCase(), name: f.slice(4).join(', ') };
		if (f[0]) row.order = Number(f[0]) || 0;
		if (f[1]) row.bib = f[1];
		out.push(row);
	}
	return out;
}

async function saveStart(body) {
	const r = await api('POST', `/api/games/${st.games}/units/${u.rsc}/start-list`, body);
	if (r.status === 200 && await openUnit(u.rsc, { force: true })) $('u-start').open = true;
	say(r, $('u-start-msg'));
}

init();
