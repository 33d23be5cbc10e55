// streams-churn.mjs -- streams that come and go (issue 27, item 5): how
// long the server takes to give a gone client's socket back, how many
// descriptors one client opening and closing streams one at a time
// leaves it holding, and its memory after 20,000 streams came and went.
// Run by streams.sh, which starts the server; loopback only.
//
// usage: node streams-churn.mjs PORT PID WAVES PER_WAVE ONE_BY_ONE
// Prints one line of figures:
//   rss_start_kb A rss_peak_kb B rss_end_kb C fds_start D
//   release_ms_max E (the slowest wave: from closing PER_WAVE streams at
//   once to the server's descriptor count back where it was)
//   one_by_one N fds_peak F
import net from 'node:net';
import { readFileSync, readdirSync } from 'node:fs';

const [port, pid, waves, perWave, oneByOne] = process.argv.slice(2).map(Number);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fds = () => readdirSync(`/proc/${pid}/fd`).length;
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const HEAD = 'GET /api/games/PG2004/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
	'Accept: text/event-stream\r\n\r\n';

// One stream, resolved once its first table came: the socket.
function open() {
	return new Promise((resolve, reject) => {
		const sock = net.connect(port, '127.0.0.1');
		let got = '';
		const timer = setTimeout(() => { sock.destroy(); reject(new Error('no table in 30 s')); }, 30000);
		sock.on('error', (e) => { clearTimeout(timer); reject(e); });
		sock.on('data', (b) => {
			got += b.toString('latin1');
			if (got.includes('event: standings')) {
				clearTimeout(timer);
				sock.removeAllListeners('data');
				sock.on('data', () => {});
				resolve(sock);
			}
		});
		sock.on('connect', () => sock.write(HEAD));
	});
}

// Until the server holds at most n descriptors (or 60 s): the ms it took.
async function until(n) {
	const t0 = performance.now();
	while (fds() > n && performance.now() - t0 < 60000) await sleep(2);
	return performance.now() - t0;
}

await sleep(500);
const rssStart = rss(), fdsStart = fds();
let rssPeak = rssStart, releaseMax = 0;
for (let w = 0; w < waves; w++) {
	const socks = [];
	for (let i = 0; i < perWave; i += 500)
		socks.push(...await Promise.all(Array.from({ length: Math.min(500, perWave - i) }, open)));
	rssPeak = Math.max(rssPeak, rss());
	socks.forEach((s) => s.destroy());
	releaseMax = Math.max(releaseMax, await until(fdsStart));
}
let fdsPeak = fds();
for (let i = 0; i < oneByOne; i++) {
	const s = await open();
	fdsPeak = Math.max(fdsPeak, fds());
	s.destroy();
}
await until(fdsStart);
// the builder gives the malloc arenas' free pages back every 15 s
await sleep(16000);
console.log(`rss_start_kb ${rssStart} rss_peak_kb ${rssPeak} rss_end_kb ${rss()} ` +
	`fds_start ${fdsStart} release_ms_max ${releaseMax.toFixed(1)} ` +
	`one_by_one ${oneByOne} fds_peak ${fdsPeak}`);
