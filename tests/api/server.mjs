// server.mjs -- start 'podium serve' for a test: a fresh database in a
// temporary folder, the bundled data, an admin and an operator token, a
// free loopback port; and small HTTP helpers (node:http, keep-alive).
// Every response of request() and every stream message of openStream() is
// checked against docs/openapi.yaml (openapi.mjs): a response the contract
// does not describe fails the test that received it.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { check, checkStreamMessage } from './openapi.mjs';

export const BIN = process.env.PODIUM_BIN || 'podium';

export function podium(db, ...args) {
	return execFileSync(BIN, ['--db', db, ...args], {
		encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30000,
	});
}

// 'podium serve' on the store db, on a free loopback port: once it says
// where it serves, {proc, port, exited, stderr()}.
export async function serveOn(db, extra = []) {
	const proc = spawn(BIN, ['--db', db, 'serve', '--port', '0', '--log', ...extra],
		{ stdio: ['ignore', 'ignore', 'pipe'] });
	let err = '';
	const exited = new Promise((resolve) => proc.on('exit', (code, sig) => resolve({ code, sig })));
	const port = await new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('no "serving" line in 20 s: ' + err)), 20000);
		proc.stderr.on('data', (b) => {
			err += b;
			const m = /serving .* at http:\/\/127\.0\.0\.1:(\d+)\//.exec(err);
			if (m) { clearTimeout(timer); resolve(Number(m[1])); }
		});
		proc.on('exit', () => reject(new Error('podium serve exited: ' + err)));
	});
	return { proc, port, exited, stderr: () => err };
}

export async function startServer(extra = []) {
	const dir = mkdtempSync(join(tmpdir(), 'podium-api-'));
	const db = join(dir, 'podium.db');
	podium(db, 'init');
	const admin = podium(db, 'token', 'add', '--role', 'admin', '--name', 'desk').trim();
	const operator = podium(db, 'token', 'add', '--role', 'operator', '--name', 'venue').trim();
	const { proc, port, exited, stderr } = await serveOn(db, extra);
	const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
	const s = {
		dir, db, port, proc, admin, operator, agent, exited,
		url: `http://127.0.0.1:${port}`,
		stderr,
		async stop() {
			agent.destroy();
			if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
			// unref'd: a pending 20 s timer would keep node (and so each
			// test file) alive 20 s after the server is gone
			const r = await Promise.race([exited, new Promise((res) =>
				setTimeout(() => res({ code: 'timeout' }), 20000).unref())]);
			if (r.code === 'timeout') proc.kill('SIGKILL');
			rmSync(dir, { recursive: true, force: true });
			return r;
		},
	};
	return s;
}

// One request; resolves {status, headers, body: Buffer, text, json()},
// or rejects when the response is not what docs/openapi.yaml says
// (undocumented: true for a request that probes a path meant not to
// exist).
export function request(s, method, path, { headers = {}, body, agent, undocumented } = {}) {
	return new Promise((resolve, reject) => {
		const data = body === undefined ? undefined :
			typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
		const req = http.request({
			host: '127.0.0.1', port: s.port, method, path,
			agent: agent === undefined ? s.agent : agent,
			headers: data === undefined ? headers :
				{ 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data), ...headers },
			timeout: 15000,
		}, (res) => {
			const chunks = [];
			res.on('data', (c) => chunks.push(c));
			res.on('end', () => {
				const b = Buffer.concat(chunks);
				const r = { status: res.statusCode, headers: res.headers, body: b,
					text: b.toString('utf8'), json: () => JSON.parse(b.toString('utf8')) };
				try {
					check(method, path, r, { undocumented });
				} catch (e) {
					reject(e);
					return;
				}
				resolve(r);
			});
		});
		req.on('timeout', () => req.destroy(new Error('timeout: ' + method + ' ' + path)));
		// a kept-alive socket the server closed as this request went out
		// on it (its head deadline ends an idle one): what browsers and
		// node's docs do, a read is sent again on a connection of its own
		req.on('error', (e) => {
			if (req.reusedSocket && e.code === 'ECONNRESET' &&
			    (method === 'GET' || method === 'HEAD'))
				request(s, method, path, { headers, body, agent: false, undocumented })
					.then(resolve, reject);
			else
				reject(e);
		});
		if (data !== undefined) req.write(data);
		req.end();
	});
}

export const bearer = (tok) => ({ Authorization: 'Bearer ' + tok });

// Wait until the server s answers for the Games code: what a CLI import
// beside a running server writes reaches its views within a poll, and a
// test that asks at once may be told 'no such Games'.  Gives up after 10 s.
export async function seen(s, code) {
	for (let i = 0; i < 200; i++) {
		const r = await request(s, 'GET', '/api/games');
		if (r.status === 200 && r.json().games.some((g) => g.code === code)) return;
		await new Promise((res) => setTimeout(res, 50));
	}
	throw new Error(`the server did not see ${code} in 10 s`);
}

// An event stream: collects messages; next(pred, ms) waits for one.
export function openStream(s, path, headers = {}) {
	const msgs = [];
	let buf = '', waiters = [], res0, invalid = null;
	const req = http.get({ host: '127.0.0.1', port: s.port, path, headers, agent: false }, (res) => {
		res0 = res;
		if (res.statusCode === 200 &&
		    !String(res.headers['content-type']).startsWith('text/event-stream'))
			invalid = new Error(`openapi: ${path}: a stream of ${res.headers['content-type']}`);
		res.setEncoding('utf8');
		res.on('data', (chunk) => {
			buf += chunk;
			let i;
			while ((i = buf.indexOf('\n\n')) >= 0) {
				const block = buf.slice(0, i);
				buf = buf.slice(i + 2);
				const m = { comment: false };
				for (const line of block.split('\n')) {
					if (line.startsWith(':')) m.comment = true;
					const k = line.indexOf(':');
					if (k > 0) m[line.slice(0, k)] = line.slice(k + 1).trimStart();
				}
				if (res.statusCode === 200 && !invalid) {
					try { checkStreamMessage(path, m); } catch (e) { invalid = e; }
				}
				msgs.push(m);
				waiters = waiters.filter((w) => !w());
			}
		});
		res.on('end', () => { msgs.ended = true; waiters = waiters.filter((w) => !w()); });
	});
	req.on('error', () => {});
	return {
		msgs, req,
		response: () => res0,
		close() { req.destroy(); },
		next(pred, ms = 5000) {
			return new Promise((resolve, reject) => {
				let seen = 0;
				const look = () => {
					if (invalid) { clearTimeout(timer); reject(invalid); return true; }
					for (; seen < msgs.length; seen++)
						if (pred(msgs[seen])) { clearTimeout(timer); resolve(msgs[seen]); return true; }
					if (msgs.ended) { clearTimeout(timer); reject(new Error('stream ended')); return true; }
					return false;
				};
				const timer = setTimeout(() => { waiters = waiters.filter((w) => w !== look); reject(new Error('no message in ' + ms + ' ms; got ' + JSON.stringify(msgs))); }, ms);
				if (!look()) waiters.push(look);
			});
		},
	};
}
