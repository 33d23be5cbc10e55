// openapi.mjs -- every response the API tests receive, checked against
// docs/openapi.yaml (server.mjs calls check() on each): the path must be
// documented (an /api path that is not fails the test, unless the request
// says it probes one on purpose, and then it must be a 404), the status
// must be one the operation lists, and a JSON body must match its schema
// (ajv, JSON Schema 2020-12: the dialect of OpenAPI 3.1).  The event
// stream's messages are checked against the schema its entry names.
// Nothing here knows an endpoint: a new one only needs its entry.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020.js';

const here = dirname(fileURLToPath(import.meta.url));
export const SPEC_PATH = join(here, '..', '..', 'docs', 'openapi.yaml');
export const SPEC_TEXT = readFileSync(SPEC_PATH, 'utf8');
// The document parsed once a run: PODIUM_OPENAPI_JSON, when set (by
// tests/api/run.sh and tests/e2e/run.sh, with 'node openapi.mjs --json'
// at the run's start), names it as JSON.  Parsing the YAML took 0.25 s of
// CPU at the start of each of the 42 files that check responses; the
// JSON takes 5 ms.
const cached = process.env.PODIUM_OPENAPI_JSON;
export const spec = cached ? JSON.parse(readFileSync(cached, 'utf8')) :
	(await import('yaml')).default.parse(SPEC_TEXT);
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--json')
	process.stdout.write(JSON.stringify(spec));

// The components' schemas as one schema of $defs; every "#/components/
// schemas/X" becomes "components#/$defs/X", so a schema anywhere in the
// document compiles on its own.
function rewrite(v) {
	if (Array.isArray(v)) return v.map(rewrite);
	if (v && typeof v === 'object') {
		const o = {};
		for (const [k, x] of Object.entries(v))
			o[k] = k === '$ref' && typeof x === 'string' && x.startsWith('#/components/schemas/')
				? 'components#/$defs/' + x.slice('#/components/schemas/'.length) : rewrite(x);
		return o;
	}
	return v;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
ajv.addSchema({ $id: 'components', $defs: rewrite(spec.components?.schemas || {}) });
// by the schema object itself: a response is checked in microseconds, so
// the checks add nothing the timed tests could see
const compiled = new WeakMap();

function validator(schema) {
	if (!compiled.has(schema)) compiled.set(schema, ajv.compile(rewrite(schema)));
	return compiled.get(schema);
}

// A "#/components/..." reference of the OpenAPI document itself.
function deref(o) {
	while (o && o.$ref) {
		const parts = o.$ref.replace(/^#\//, '').split('/');
		o = parts.reduce((x, p) => x?.[p.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
	}
	return o;
}

// The documented path a request path falls under: literal segments before
// parameters, so /api/openapi.yaml is not a {code}.
const templates = Object.keys(spec.paths || {}).map((t) => ({ t, seg: t.split('/') }))
	.sort((a, b) => a.seg.filter((s) => s.startsWith('{')).length -
		b.seg.filter((s) => s.startsWith('{')).length);

export function findPath(path) {
	const seg = path.split('?')[0].split('/');
	for (const { t, seg: ts } of templates)
		if (ts.length === seg.length &&
		    ts.every((s, i) => (s.startsWith('{') ? seg[i] !== '' : s === seg[i])))
			return t;
	return null;
}

function fail(method, path, res, why) {
	throw new Error(`openapi: ${method} ${path.slice(0, 120)} -> ${res.status}: ${why}` +
		(res.text !== undefined ? ` (body ${String(res.text).slice(0, 300)})` : ''));
}

function checkBody(method, path, res, resp, schemaOf) {
	const type = String(res.headers['content-type'] || '').split(';')[0].trim();
	const content = resp.content;
	if (!content) {
		if (res.body && res.body.length) fail(method, path, res, 'a body where the entry has none');
		return;
	}
	if (method === 'HEAD') return;
	const media = content[type];
	if (!media) fail(method, path, res, `content type '${type}', not one of ${Object.keys(content)}`);
	if (type !== 'application/json' || !media.schema) return;
	let doc;
	try {
		const b = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;
		doc = JSON.parse(b.toString('utf8'));
	} catch (e) { fail(method, path, res, 'not JSON: ' + e.message); }
	const v = validator(schemaOf(media));
	if (!v(doc)) fail(method, path, res, ajv.errorsText(v.errors, { separator: '; ' }));
}

const errorResponse = () => deref({ $ref: '#/components/responses/Error' });

// Check one response; throws with the reason.  opts.undocumented: the
// request probes a path that is meant not to exist.
export function check(method, path, res, opts = {}) {
	if (!path.startsWith('/api')) return;
	const t = findPath(path);
	if (!t) {
		if (!opts.undocumented)
			fail(method, path, res, 'the path is not in docs/openapi.yaml: document it');
		if (res.status !== 404) fail(method, path, res, 'an undocumented path must be 404');
		return checkBody(method, path, res, errorResponse(), (m) => m.schema);
	}
	if (opts.undocumented) fail(method, path, res, `probes a documented path (${t})`);
	const item = spec.paths[t];
	if (method === 'OPTIONS') {
		if (res.status !== 204 || (res.body && res.body.length))
			fail(method, path, res, 'a preflight is 204 with no body');
		return;
	}
	const op = item[method === 'HEAD' ? 'get' : method.toLowerCase()];
	if (!op) {
		// a method the path does not take: 405 naming what it takes
		if (res.status !== 405 && res.status !== 404)
			fail(method, path, res, `${method} is not documented here: expected 405`);
		return checkBody(method, path, res, errorResponse(), (m) => m.schema);
	}
	const resp = deref(op.responses[String(res.status)] || op.responses.default);
	if (!resp) fail(method, path, res, `status ${res.status} is not documented for ${method} ${t}`);
	checkBody(method, path, res, resp, (m) => m.schema);
}

// The schema an event stream's message data must match, and the check of
// one message ({event, data}).
export function checkStreamMessage(path, msg) {
	const t = findPath(path);
	const media = t && deref(spec.paths[t].get?.responses?.['200'])?.content?.['text/event-stream'];
	if (!media || !media['x-message-data'])
		throw new Error(`openapi: ${path}: no documented event stream`);
	if (msg.comment || msg.data === undefined) return;
	const v = validator(media['x-message-data']);
	const doc = JSON.parse(msg.data);
	if (!v(doc))
		throw new Error(`openapi: ${path} message ${msg.id}: ` +
			ajv.errorsText(v.errors, { separator: '; ' }));
}
