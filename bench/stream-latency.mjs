// stream-latency.mjs -- from a unit write's acknowledgement to its
// `unit` message on N open streams (stream_latency.sh runs it).
//
// Opens N streams of GET /api/games/G/stream?unit=RSC, then makes W unit
// result writes one after another (POST .../units/RSC/results, an
// operator's token), each when the last one's message has reached every
// stream; for each (write, stream) the time from the write's answer
// (its last byte read) to that stream's `unit` message with the write's
// version as its id.  Prints one JSON line: n, writes, p50, p95, p99,
// max (ms), and how many messages came before their answer was read
// (counted as 0 ms: the message was out before the answer).
import http from 'node:http';

const [port, games, rsc, token, n, writes] = process.argv.slice(2);
const N = Number(n), W = Number(writes);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const seen = new Map();	// version -> [ms of each stream's message]
let waiting = null;

function open() {
	return new Promise((resolve, reject) => {
		const req = http.get({ host: '127.0.0.1', port, agent: false,
			path: `/api/games/${games}/stream?unit=${rsc}` }, (res) => {
			if (res.statusCode !== 200) reject(new Error('stream ' + res.statusCode));
			let buf = '';
			res.setEncoding('utf8');
			res.on('data', (c) => {
				buf += c;
				let i;
				while ((i = buf.indexOf('\n\n')) >= 0) {
					const block = buf.slice(0, i);
					buf = buf.slice(i + 2);
					const m = /^id: (\d+)\nevent: unit\n/.exec(block);
					if (!m) continue;
					const v = Number(m[1]);
					if (!seen.has(v)) seen.set(v, []);
					seen.get(v).push(performance.now());
					if (waiting && waiting.v === v && seen.get(v).length === N)
						waiting.done();
				}
			});
			resolve(req);
		});
		req.on('error', reject);
	});
}

function write(i) {
	const body = JSON.stringify({ participant: '9100002',
		result: (10 + (i % 90) / 100).toFixed(2), type: 'TIME' });
	return new Promise((resolve, reject) => {
		const req = http.request({ host: '127.0.0.1', port, agent, method: 'POST',
			path: `/api/games/${games}/units/${rsc}/results`,
			headers: { Authorization: 'Bearer ' + token,
				'Content-Type': 'application/json' } }, (res) => {
			let text = '';
			res.setEncoding('utf8');
			res.on('data', (c) => { text += c; });
			res.on('end', () => {
				const at = performance.now();
				if (res.statusCode !== 200) reject(new Error(`write ${res.statusCode} ${text}`));
				else resolve({ v: JSON.parse(text).version, at });
			});
		});
		req.on('error', reject);
		req.end(body);
	});
}

const streams = [];
for (let i = 0; i < N; i++) streams.push(await open());
await new Promise((r) => setTimeout(r, 500));	// every stream with its sender
const ms = [];
let early = 0;
for (let i = 0; i < W; i++) {
	const all = new Promise((resolve, reject) => {
		const t = setTimeout(() => reject(new Error('write ' + i + ': not every stream had its message in 10 s')), 10000);
		waiting = { v: -1, done: () => { clearTimeout(t); resolve(); } };
	});
	const { v, at } = await write(i);
	waiting.v = v;
	if ((seen.get(v) || []).length === N) waiting.done();
	await all;
	for (const t of seen.get(v)) {
		if (t < at) early++;
		ms.push(Math.max(0, t - at));
	}
}
ms.sort((a, b) => a - b);
const q = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
console.log(JSON.stringify({ n: N, writes: W, p50: +q(0.5).toFixed(2), p95: +q(0.95).toFixed(2),
	p99: +q(0.99).toFixed(2), max: +ms[ms.length - 1].toFixed(2), early }));
for (const r of streams) r.destroy();
agent.destroy();
