// app.js -- makes the server's pages live.  Every page is complete HTML
// from the server (src/http/pages.c) and works without this script; with
// it, the page follows its Games' event stream and, on a change, fetches
// itself again (the same cached bytes a reader without script gets) and
// brings the page in line with it in place, marking the rows that
// changed: the elements that are in both stay, so the reader's focus and
// the live status region are the same nodes before and after.  The ranking,
// table and language controls swap the page the same way instead of
// reloading it.  The words are the page's own (<script id="words">), so
// the script says what the server says.
'use strict';

const $ = (sel, root) => (root || document).querySelector(sel);
const HIGHLIGHT_MS = 4000;
let words = {};
let said = ['', ''];
let stream = null;
let streamGames = '';

const t = (k) => (words[document.body.dataset.lang] || words.en || {})[k] || k;

function readWords(doc) {
	const w = $('#words', doc);
	if (w) words = JSON.parse(w.textContent);
}

// The status line is kept as a key and an argument so that it follows
// the language switch.
function say(key, arg) {
	said = [key, arg == null ? '' : String(arg)];
	const s = $('#status');
	if (s) s.textContent = key ? t(key) + (arg == null ? '' : ' ' + arg) : '';
}

function clock() {
	const d = new Date();
	return String(d.getHours()).padStart(2, '0') + ':' +
		String(d.getMinutes()).padStart(2, '0');
}

// Each row of the medal table as its text, by NPC.
function rowsOf(doc) {
	const out = new Map();
	for (const tr of doc.querySelectorAll('#medals tbody tr'))
		out.set(tr.dataset.npc, tr.textContent);
	return out;
}

const fading = new WeakMap();

function markChanged(before) {
	for (const tr of document.querySelectorAll('#medals tbody tr')) {
		if (before.get(tr.dataset.npc) === tr.textContent) continue;
		tr.classList.add('changed');
		tr.dataset.changed = '1';
		// the mark goes after a while; with reduced motion it does
		// not fade, it just goes (style.css)
		clearTimeout(fading.get(tr));
		fading.set(tr, setTimeout(() => tr.classList.remove('changed'), HIGHLIGHT_MS));
	}
}

// -- in place: make the page's nodes say what the new page's say,
// keeping every element that is in both (matched by its tag and its id
// or data-npc/data-games key, else by its place among its unkeyed
// siblings), so focus, scroll and the live region stay where they are.

const keyOf = (n) => n.nodeType === 1 ? n.nodeName + '#' + (n.id ||
	n.getAttribute('data-npc') || n.getAttribute('data-games') || '') : '';
const keyed = (n) => n.nodeType === 1 && !keyOf(n).endsWith('#');

function morphAttrs(to, from) {
	// a row's change mark (its class and data-changed) is the
	// script's, not the server's: a page swapped again while the mark
	// shows keeps both
	const mark = to.classList.contains('changed');
	const marked = to.dataset ? to.dataset.changed : undefined;
	for (const a of [...to.attributes])
		if (!from.hasAttribute(a.name)) to.removeAttribute(a.name);
	for (const a of from.attributes)
		if (to.getAttribute(a.name) !== a.value) to.setAttribute(a.name, a.value);
	if (mark) to.classList.add('changed');
	if (marked) to.dataset.changed = marked;
}

function morph(to, from) {
	if (to.nodeType !== 1) {
		if (to.nodeValue !== from.nodeValue) to.nodeValue = from.nodeValue;
		return;
	}
	if (to.id === 'status') return;	/* the live region: the script's */
	morphAttrs(to, from);
	morphKids(to, from);
	if (to.nodeName === 'SELECT') to.value = from.value;
}

const place = (parent, node, ref) => parent.moveBefore && node.isConnected ?
	parent.moveBefore(node, ref) : parent.insertBefore(node, ref);

function morphKids(to, from) {
	const byKey = new Map();
	const loose = [];
	for (const c of to.childNodes) {
		if (keyed(c)) byKey.set(keyOf(c), c);
		else loose.push(c);
	}
	let i = 0;
	for (const want of [...from.childNodes]) {
		let have = null;
		if (keyed(want)) {
			have = byKey.get(keyOf(want)) || null;
			byKey.delete(keyOf(want));
		} else {
			const j = loose.findIndex((c) => c.nodeType === want.nodeType &&
				c.nodeName === want.nodeName);
			if (j >= 0) have = loose.splice(j, 1)[0];
		}
		const ref = to.childNodes[i] || null;
		if (have) {
			if (have !== ref) place(to, have, ref);
			morph(have, want);
		} else {
			to.insertBefore(document.adoptNode(want), ref);
		}
		i++;
	}
	while (to.childNodes.length > i) to.lastChild.remove();
}

// Put the page at url in place of this one.  mark: highlight the rows
// that changed (a live update, not a choice of the reader's).  Resolves
// true when the table switched to the one from results by itself.
async function swap(url, { push = false, mark = false } = {}) {
	const r = await fetch(url, { cache: 'no-cache', headers: { Accept: 'text/html' } });
	const html = await r.text();
	const doc = new DOMParser().parseFromString(html, 'text/html');
	if (!$('main', doc)) throw new Error(url + ': ' + r.status);
	const before = mark ? rowsOf(document) : null;
	const wasSource = document.body.dataset.source;
	readWords(doc);
	document.title = doc.title;
	document.documentElement.lang = doc.documentElement.lang;
	for (const [k, v] of Object.entries(doc.body.dataset)) document.body.dataset[k] = v;
	const focused = document.activeElement;
	// a screen has no header: only the parts both pages have
	for (const part of ['header', 'main', 'footer'])
		if ($(part) && $(part, doc)) morph($(part), $(part, doc));
	// an element moved among its siblings may have lost the focus
	if (focused && focused !== document.body && focused.isConnected &&
	    document.activeElement !== focused)
		focused.focus({ preventScroll: true });
	if (push) history.pushState(null, '', url);
	if (before) markChanged(before);
	enhance();
	const switched = !!(mark && wasSource && document.body.dataset.source === '');
	if (switched) say('switched');
	else if (said[0]) say(said[0], said[1] || null);
	follow();
	return switched;
}

// The page's own URL with the form's choices.
function formUrl(form) {
	const q = new URLSearchParams(new FormData(form));
	if (q.get('scheme') === 'gold') q.delete('scheme');
	return form.getAttribute('action') + '?' + q.toString();
}

// Elements given their listeners already: they stay across updates.
const bound = new WeakSet();
const bind = (e) => !bound.has(e) && bound.add(e);

function enhance() {
	document.documentElement.classList.add('js');
	for (const e of document.querySelectorAll('.live-only')) e.hidden = false;
	const form = $('#controls');
	if (form && bind(form)) {
		form.addEventListener('submit', (ev) => {
			ev.preventDefault();
			swap(formUrl(form), { push: true }).catch((e) => say(String(e)));
		});
	}
	for (const sel of form ? form.querySelectorAll('select') : [])
		if (bind(sel)) sel.addEventListener('change', () => form.requestSubmit());
	for (const a of document.querySelectorAll('a[data-lang]'))
		if (bind(a)) a.addEventListener('click', (ev) => {
			ev.preventDefault();
			swap(a.href, { push: true }).catch((e) => say(String(e)));
		});
	readerTimes();
	document.body.dataset.ready = '1';
}

// A unit's time is the venue's (the server's <time data-local>); where
// the reader's clock says otherwise, their time is added beside it.
function readerTimes() {
	for (const tm of document.querySelectorAll('time[datetime][data-local]')) {
		const d = new Date(tm.getAttribute('datetime'));
		if (isNaN(d) || tm.dataset.reader) continue;
		const mine = String(d.getHours()).padStart(2, '0') + ':' +
			String(d.getMinutes()).padStart(2, '0');
		tm.dataset.reader = mine;
		if (mine === tm.dataset.local) continue;
		const span = document.createElement('span');
		span.className = 'reader-time';
		span.textContent = ' (' + t('your_time') + ' ' + mine + ')';
		tm.after(span);
	}
}

// A `unit` message (its data the unit document, GET .../units/RSC) that
// this page shows: the unit page's own unit, or a unit of the schedule's
// day.
function showsUnit(d) {
	const b = document.body.dataset;
	if (b.rsc) return d.rsc === b.rsc;
	if (b.date) return d.day === b.date;
	return b.page === 'event';
}

// The Games' event stream: each change fetches the page again.
function follow() {
	const games = document.body.dataset.games;
	if (!games || games === streamGames) return;
	if (stream) stream.close();
	streamGames = games;
	const rsc = document.body.dataset.rsc;
	stream = new EventSource('/api/games/' + encodeURIComponent(games) + '/stream' +
		(rsc ? '?unit=' + encodeURIComponent(rsc) : ''));
	let first = true;
	// a unit's status, rows and medals as they are entered: the page
	// made again by the server, in place
	stream.addEventListener('unit', async (ev) => {
		let d;
		try { d = JSON.parse(ev.data); } catch (e) { return; }
		if (!showsUnit(d)) return;
		try {
			await swap(location.href, { mark: true });
			say('updated', clock());
		} catch (e) {
			say(String(e));
		}
	});
	stream.addEventListener('standings', async (ev) => {
		const d = JSON.parse(ev.data);
		if (first && d.full) { first = false; return; }
		first = false;
		try {
			if (!await swap(location.href, { mark: true }))
				say('updated', clock());
		} catch (e) {
			say(String(e));
		}
	});
	stream.onerror = () => say('reconnecting');
	stream.onopen = () => say('live');
}

window.addEventListener('popstate', () => {
	swap(location.href).catch((e) => say(String(e)));
});

readWords(document);
enhance();
follow();
// a reader whose browser asks for Chinese or French, on a page whose
// address does not name a language, gets the page in that language
const asked = (navigator.language || '').toLowerCase().slice(0, 2);
if (!new URLSearchParams(location.search).has('lang') &&
    document.body.dataset.lang === 'en' && (asked === 'zh' || asked === 'fr')) {
	const u = new URL(location.href);
	u.searchParams.set('lang', asked);
	swap(u.pathname + u.search).then(() => history.replaceState(null, '', u))
		.catch(() => {});
}
