// axe.mjs -- axe-core (tests/e2e/package.json, pinned) on a page as it is
// now: violations(page) gives its violations, one line each, for the
// browser tests that check pages (a11y, units, desk_units, book).
//
// axe.min.js (about 550 kB) reaches the page by URL, from a small HTTP
// server of this process with a cache header, not as text: as text
// (addScriptTag's path) chromium compiled it again on every page, 280 ms
// of CPU each; by URL it keeps the compiled code and the script is ready
// in 45 ms from the third page on (a11y.test.mjs alone checks 120 pages).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'));

// WCAG 2.x A and AA and axe's best practices (landmarks, heading order)
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let served;

// The URL of axe.min.js, served by this process (started at first use;
// its connections do not keep the process alive).
function url() {
	if (!served) {
		served = new Promise((resolve, reject) => {
			const srv = createServer((req, res) => {
				res.writeHead(200, { 'content-type': 'text/javascript',
					'cache-control': 'public, max-age=86400',
					'access-control-allow-origin': '*' });
				res.end(AXE);
			});
			srv.on('connection', (c) => c.unref());
			srv.on('error', reject);
			srv.listen(0, '127.0.0.1', () => {
				srv.unref();
				resolve(`http://127.0.0.1:${srv.address().port}/axe.min.js`);
			});
		});
	}
	return served;
}

// axe's violations of tags on the page as it is now, one line each:
// 'rule (impact): target: what to fix'.
export async function violations(page, tags = TAGS) {
	await page.addScriptTag({ url: await url() });
	const res = await page.evaluate(async (t) =>
		// eslint-disable-next-line no-undef
		axe.run(document, { runOnly: { type: 'tag', values: t }, resultTypes: ['violations'] }), tags);
	return res.violations.flatMap((v) => v.nodes.map((n) =>
		`${v.id} (${v.impact}): ${n.target.join(' ')}: ` +
		n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)));
}
