// cluster-latency.mjs -- how long after node A acknowledges a write the
// change arrives on a stream of node B: N writes, one after another.
// usage: node cluster-latency.mjs PORT_A PORT_B TOKEN N
// Prints 'cross-node N p50_ms p99_ms max_ms'.
import http from 'node:http';

const [pa, pb, token, n] = process.argv.slice(2);
const count = Number(n);
const G = '/api/games/PG2004';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function post(path, body) {
	return new Promise((resolve, reject) => {
		const data = JSON.stringify(body);
		const req = http.request({ host: '127.0.0.1', port: pa, method: 'POST', path, agent,
			headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data),
				Authorization: 'Bearer ' + token } }, (res) => {
			let b = '';
			res.on('data', (c) => { b += c; });
			res.on('end', () => resolve({ status: res.statusCode, json: () => JSON.parse(b) }));
		});
		req.on('error', reject);
		req.end(data);
	});
}

const arrived = new Map();	// version -> time it reached B
let waiting = null;
http.get({ host: '127.0.0.1', port: pb, path: G + '/stream', agent: false }, (res) => {
	let buf = '';
	res.setEncoding('utf8');
	res.on('data', (c) => {
		buf += c;
		let i;
		while ((i = buf.indexOf('\n\n')) >= 0) {
			const m = /^id: (\d+)$/m.exec(buf.slice(0, i));
			buf = buf.slice(i + 2);
			if (m) {
				arrived.set(Number(m[1]), performance.now());
				if (waiting) waiting();
			}
		}
	});
});

function reached(v) {
	return new Promise((resolve) => {
		const check = () => { for (const [k, t] of arrived) if (k >= v) { waiting = null; resolve(t); return true; } return false; };
		if (!check()) waiting = check;
	});
}

await new Promise((r) => setTimeout(r, 500));
let r = await post(G + '/events', { sport: 'Athletics', name: 'Cluster 100 m', status: 'official' });
const event = r.json().event;
const lag = [];
for (let i = 0; i < count; i++) {
	r = await post(`${G}/events/${event}/results`, { npc: ['CHN', 'GBR', 'USA'][i % 3], name: 'Runner ' + (i % 3), rank: 1 + (i % 3) });
	const acked = performance.now();
	if (r.status !== 200) { console.error('write', i, 'answered', r.status); process.exit(1); }
	const t = await reached(r.json().version);
	lag.push(Math.max(0, t - acked));
}
lag.sort((a, b) => a - b);
const q = (p) => lag[Math.min(lag.length - 1, Math.floor(p * lag.length))];
console.log(`cross-node ${count} ${q(0.5).toFixed(2)} ${q(0.99).toFixed(2)} ${lag.at(-1).toFixed(2)}`);
process.exit(0);
