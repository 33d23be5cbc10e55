// desk-save.mjs -- the answer to a save on the desk, as the desk makes it:
// a PATCH of one result's mark in a 16-athlete final ranked from marks,
// answered once every view shows it (read your writes), then the event
// read again.  Prints one line: saves, p50_ms, p99_ms, max_ms, errors.
// usage: node desk-save.mjs PORT TOKEN EVENT SAVES
import http from 'node:http';

const [port, token, event, saves] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function req(method, path, body) {
	return new Promise((resolve, reject) => {
		const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
		const r = http.request({ host: '127.0.0.1', port, method, path, agent, headers: {
			Authorization: 'Bearer ' + token, 'Content-Type': 'application/json',
			...(data ? { 'Content-Length': data.length } : {}) } }, (res) => {
			const chunks = [];
			res.on('data', (c) => chunks.push(c));
			res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
		});
		r.on('error', reject);
		if (data) r.write(data);
		r.end();
	});
}

const base = `/api/games/PG2004/events/${event}`;
const ev = JSON.parse((await req('GET', base)).body);
const ids = ev.results.map((x) => x.athlete);
const times = [];
let errors = 0;
for (let i = 0; i < Number(saves); i++) {
	// a correction: one athlete's mark, moving them through the field
	const mark = `1:0${i % 10}.${String(i % 100).padStart(2, '0')}`;
	const t0 = process.hrtime.bigint();
	const r = await req('PATCH', base + '/results', { results: [{ athlete: ids[i % ids.length], mark }],
		reason: 'bench' });
	const again = await req('GET', base);
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	if (r.status !== 200 || again.status !== 200) errors++;
	times.push(ms);
}
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)].toFixed(2);
console.log(`saves ${times.length} p50_ms ${q(0.5)} p99_ms ${q(0.99)} max_ms ${times[times.length - 1].toFixed(2)} errors ${errors}`);
agent.destroy();
