// browser.mjs -- Debian's chromium, headless, in a profile of its own,
// as the browser tests drive it (playwright-core): launch() and close().
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// A browser context at 1280x800, en-GB, and its first page.
export async function launch(name) {
	const profile = mkdtempSync(join(tmpdir(), `podium-${name}-`));
	const ctx = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM, headless: true, timeout: 60000,
		viewport: { width: 1280, height: 800 }, locale: 'en-GB',
		args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
			'--disable-component-update', '--disable-sync', '--no-first-run',
			'--disable-dev-shm-usage'],
	});
	const page = ctx.pages()[0] || await ctx.newPage();
	page.setDefaultTimeout(10000);
	return { ctx, page, profile };
}

export async function close(b) {
	if (!b) return;
	await b.ctx.close();
	rmSync(b.profile, { recursive: true, force: true });
}
