// book.test.mjs -- 'podium book': the results book as HTML has no link
// to a place inside it that is not there, axe-core finds nothing in it
// in en, zh and fr, the same version gives the same bytes, and printed
// to PDF by headless Chromium its pages are pages pdftoppm renders, each
// marked with the version.  With ../shared, Paris 2024's Paralympic medallists alone
// fill at least ten pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { podium, BIN } from '../api/server.mjs';
import { violations } from './axe.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// a printed book: WCAG 2.0 and 2.1 A and AA and axe's best practices
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const SHARED = join(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'external',
	'paralympics-paris2024', 'medals.csv');
let dir, db;

before(() => {
	dir = mkdtempSync(join(tmpdir(), 'podium-book-'));
	db = join(dir, 'podium.db');
	podium(db, 'init');
	podium(db, 'import', 'paris2024', join(FIXTURES, 'paris2024_small'), '--games', 'PG2024');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const print = (store, pdf) => execFileSync(BIN, ['--db', store, 'book', '--games', 'PG2024',
	'--format', 'pdf', '-o', pdf], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 300000 });
const pages = (pdf) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf],
	{ encoding: 'utf8' }))[1]);

test('book__html_links_hold_and_the_same_version_is_the_same_bytes', async () => {
	const html = podium(db, 'book', '--games', 'PG2024');
	assert.equal(podium(db, 'book', '--games', 'PG2024'), html);
	const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
	const hrefs = [...html.matchAll(/ href="([^"]*)"/g)].map((m) => m[1]);
	assert.ok(hrefs.length >= 5, 'a table of contents');
	for (const h of hrefs) {
		assert.ok(h.startsWith('#'), 'only links inside the book: ' + h);
		assert.ok(ids.has(h.slice(1)), 'a link to a place that is there: ' + h);
	}
	assert.match(html, /<footer>[^<]*PG2024 version \d+<\/footer>/);
	const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
	try {
		for (const lang of ['en', 'zh', 'fr']) {
			const page = await browser.newPage();
			await page.setContent(podium(db, 'book', '--games', 'PG2024', '--lang', lang));
			assert.deepEqual(await violations(page, TAGS), [], lang);
			await page.close();
		}
	} finally {
		await browser.close();
	}
});

test('book__pdf_pages_render_and_carry_the_version', () => {
	const pdf = join(dir, 'book.pdf');
	// Chromium prints: slower than the store's 30 s of podium()
	print(db, pdf);
	assert.equal(readFileSync(pdf).subarray(0, 5).toString(), '%PDF-');
	const n = pages(pdf);
	assert.ok(n >= 3, 'cover, table, events ... : ' + n);
	execFileSync('pdftoppm', ['-r', '30', '-png', '-f', '1', '-l', String(n), pdf, join(dir, 'p')]);
	const pngs = execFileSync('sh', ['-c', `ls ${dir}/p-*.png | wc -l`], { encoding: 'utf8' });
	assert.equal(Number(pngs), n, 'every page renders');
	// the footer's version on a page past the cover
	const text = execFileSync('pdftotext', ['-f', '2', '-l', '2', pdf, '-'], { encoding: 'utf8' });
	assert.match(text, /PG2024 version \d+/);
	assert.ok(statSync(join(dir, 'p-' + String(1).padStart(String(n).length, '0') + '.png')).size > 1000);
});

test('book__paris_2024_medallists_fill_ten_pages', { skip: !existsSync(SHARED) &&
	'no ../shared beside the clone: the whole PG2024 is not here' }, () => {
	const full = join(dir, 'full.db');
	podium(full, 'init');
	podium(full, 'import', 'medals', SHARED, '--games', 'PG2024');
	const pdf = join(dir, 'full.pdf');
	print(full, pdf);
	assert.ok(pages(pdf) >= 10, 'pages: ' + pages(pdf));
});
