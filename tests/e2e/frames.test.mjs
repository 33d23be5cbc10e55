// frames.test.mjs -- who may frame what: 'podium serve --frame-origin
// http://allowed.test' lets that origin frame the screens and the
// embedded table (they render), another origin is refused, and the site's
// other pages and the desk are never framable.  The framing page is
// served by a small server of the test's own, on 127.0.0.1 (the allowed
// origin) and, as another origin, on localhost: both local, as a browser
// asks of a page that frames a local address.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import http from 'node:http';
import { chromium } from 'playwright-core';
import { startServer, podium, request } from '../api/server.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const top = join(import.meta.dirname, '..', '..');
const FINAL = 'ROWMSCULL1------------FNL-000100--';
let s, browser, host, allowed, other;

before(async () => {
	// the page that frames: ?path= names what it frames
	host = http.createServer((req, res) => {
		const q = new URL(req.url, 'http://x').searchParams;
		const path = q.get('path') || '/';
		res.setHeader('Content-Type', 'text/html');
		res.end(q.get('element') ? `<!doctype html><title>host</title><script src="${s.url}/embed.js"></script>` +
			`<podium-table games="OG2024" lang="zh"></podium-table>` :
			`<!doctype html><title>host</title><iframe name="f" title="podium" src="${s.url}${path}"></iframe>`);
	});
	await new Promise((res) => host.listen(0, '127.0.0.1', res));
	allowed = `http://127.0.0.1:${host.address().port}`;
	other = `http://localhost:${host.address().port}`;
	s = await startServer(['--frame-origin', allowed]);
	podium(s.db, 'import', 'units', join(top, 'tests', 'fixtures', 'units-small'), '--games', 'OG2024');
	for (let i = 0; i < 200; i++) {
		if ((await request(s, 'GET', `/api/games/OG2024/units/${FINAL}`)).status === 200) break;
		await new Promise((res) => setTimeout(res, 50));
	}
	browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, timeout: 60000,
		args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
});

after(async () => {
	if (browser) await browser.close();
	if (s) await s.stop();
	if (host) host.close();
});

// Frame path from a page of origin; true when the framed page rendered
// (its <main> is there), false when the browser refused it (the frame
// shows chromium's error page) or nothing rendered in 4 s.
async function framed(origin, path) {
	const ctx = await browser.newContext();
	const page = await ctx.newPage();
	try {
		await page.goto(`${origin}/?path=${encodeURIComponent(path)}`);
		for (let i = 0; i < 80; i++) {
			const f = page.frame({ name: 'f' });
			if (f && f.url().startsWith('chrome-error:')) return false;
			if (f && await f.locator('main').count().catch(() => 0)) return true;
			await page.waitForTimeout(50);
		}
		return false;
	} finally {
		await ctx.close();
	}
}

test('e2e__screens_and_embed_frame_only_from_an_allowed_origin', async () => {
	for (const path of [`/screens/OG2024/units/${FINAL}`, '/screens/OG2024/table?transparent=1',
		'/embed/games/OG2024']) {
		assert.equal(await framed(allowed, path), true, `${path} from allowed`);
		assert.equal(await framed(other, path), false, `${path} from another`);
	}
});

test('e2e__podium_table_element_puts_the_live_table_in_a_page', async () => {
	const ctx = await browser.newContext();
	const page = await ctx.newPage();
	try {
		await page.goto(`${allowed}/?element=1`);
		let rows = 0;
		for (let i = 0; i < 50 && !rows; i++) {
			const f = page.frames().find((x) => x.url().includes('/embed/games/OG2024?lang=zh'));
			rows = f ? await f.locator('#medals tbody tr').count().catch(() => 0) : 0;
			if (!rows) await page.waitForTimeout(100);
		}
		assert.ok(rows > 0, 'the embedded table has rows');
	} finally {
		await ctx.close();
	}
});

test('e2e__the_site_and_the_desk_are_never_framable', async () => {
	for (const path of ['/games/OG2024', `/games/OG2024/units/${FINAL}`, '/desk'])
		assert.equal(await framed(allowed, path), false, path);
});

test('e2e__screen_shows_a_unit_in_large_type_without_navigation', async () => {
	const ctx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
	const page = await ctx.newPage();
	try {
		await page.goto(`${s.url}/screens/OG2024/units/${FINAL}?transparent=1`);
		assert.equal(await page.locator('nav').count(), 0);
		assert.deepEqual(await page.locator('#results tbody th').allTextContents(),
			['GOLF Gil', 'HOTEL Hal', 'INDIA Ian', 'JULIET Jo', 'LIMA Leo']);
		const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
		assert.equal(bg, 'rgba(0, 0, 0, 0)');
		const size = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
		assert.ok(size >= 32, `font-size ${size}`);
	} finally {
		await ctx.close();
	}
});
