import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * A schema-driven sweep: every route in /api/openapi.json, called as a signed-in user and as a
 * stranger with malformed and boundary inputs (bad ids, over-long strings, NUL bytes, malformed
 * percent-encoding, wrong JSON types, invalid JSON, multipart without its file, huge numbers),
 * must answer below 500, in the spec's error format, without internal paths or tool output.
 * Bodies start from an example built from the request schema, then one field at a time is spoiled.
 */
type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
type Operation = {
  parameters?: { name: string; in: 'path' | 'query' }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};

const LONG = 'x'.repeat(10_000);
/** Numbers JSON can write but JavaScript cannot hold: spliced into the body text as they are. */
const RAW_NUMBERS = ['123456789012345678901234567890', '1e999999', '-0.0000000000000000000001'];
const HOSTILE_VALUES: unknown[] = [LONG, 'a\u0000b', '', '%E0%A4%A', 1e308, -1, 1.5, true, null, [], [1, 'two'], { nested: { deep: 1 } }, ...RAW_NUMBERS.map((n) => `@raw:${n}`)];
const HOSTILE_IDS = ['not-a-uuid', crypto.randomUUID(), '%E0%A4%A', '%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(5_000), '-1', '99999999999999999999999'];
const HOSTILE_QUERY = [`x${'y'.repeat(20_000)}`, '%00', '%E0%A4%A', '%', '1e400', '-1', '99999999999999999999', '0x10', 'null', '[]'];

let s: TestServer;
let doc: { paths: Record<string, Record<string, Operation>> };
let user: Awaited<ReturnType<typeof signUpAndLogin>>;
/** Ids of things the user owns, so an id in the path reaches the body checks. */
const owned: Record<string, string> = {};
const findings: string[] = [];
let requests = 0;

beforeAll(async () => {
  s = await startTestServer();
  user = await signUpAndLogin(s);
  doc = (await s.api('GET', '/api/openapi.json')).body;
  owned.folder = (await s.api('POST', '/api/folders', { token: user.accessToken, body: { name: 'Sweep folder' } })).body.folder.id;
  // A video that never gets processed: no ffmpeg job runs on it whatever the sweep sends.
  owned.video = crypto.randomUUID();
  await s.services.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into videos (id, user_id, name, source, size, status, player_config, created_at) values (?, ?, 'Sweep video', 'upload', 1000, 'processing', '{}', now())`,
      [owned.video, user.id],
    );
}, 120_000);
afterAll(() => s?.stop());

/** A value the schema accepts, as far as a schema says (patterns of cards and the like may still fail). */
function example(schema: Schema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  // Of several shapes, the simplest (a PayPal payment method rather than a card).
  const options = (schema.anyOf ?? schema.oneOf)?.filter((o) => o.type !== 'null');
  if (options?.length) return example([...options].sort((a, b) => Object.keys(a.properties ?? {}).length - Object.keys(b.properties ?? {}).length)[0], name);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((x) => example(x, name)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email' || /email/i.test(name)) return `sweep${crypto.randomUUID().slice(0, 8)}@example.com`;
      if (schema.format === 'uri' || /url/i.test(name)) return 'https://example.com/clip.mp4';
      if (/color|colour|#/i.test(`${name} ${schema.pattern ?? ''}`)) return '#123456';
      if (/id$/i.test(name)) return owned.folder;
      return 'Sweep value'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
    case 'number':
    case 'integer':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems && schema.items ? Array.from({ length: schema.minItems }, () => example(schema.items as Schema, name)) : [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, example(v, k)]));
    default:
      return 'Sweep value';
  }
}

/** The path with owned ids (or `swap` for one parameter). */
function fill(path: string, swap?: { name: string; value: string }): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (swap?.name === name) return swap.value;
    if (path.startsWith('/api/folders')) return owned.folder;
    if (name === 'type') return 'hls';
    if (name === 'id') return owned.video;
    return 'index.m3u8';
  });
}

const INTERNALS = [/\/tmp\//, /node_modules/, /\.ts:\d+/, /\bat [\w.]+ \(/, /ffmpeg|ffprobe|ENOENT|EACCES|ECONNREFUSED/i, /\bselect\b.+\bfrom\b/i, /violates|constraint|syntax error/i];

async function send(label: string, method: string, path: string, op: Operation, init: { body?: string | FormData; headers?: Record<string, string>; token?: string }) {
  requests++;
  const res = await fetch(s.url + path, {
    method: method.toUpperCase(),
    headers: { ...(init.token && { authorization: `Bearer ${init.token}` }), ...init.headers },
    body: init.body,
  }).catch((err: Error) => ({ status: 599, headers: new Headers(), text: async () => `connection failed: ${err.message}` }) as unknown as Response);
  const text = method === 'head' ? '' : await res.text();
  const where = `${method.toUpperCase()} ${path.slice(0, 120)} [${label}]`;
  if (res.status >= 500) {
    findings.push(`${where} -> ${res.status} ${text.slice(0, 200)}`);
    return;
  }
  // The document says how errors come: JSON in the API's format, a page for pages (or JSON when
  // the address is no page at all), nothing of ours for tus.
  const errorTypes = Object.keys(op.responses['4XX']?.content ?? {});
  const isPage = errorTypes.includes('text/html') && res.headers.get('content-type')?.startsWith('text/html');
  if (res.status >= 400 && errorTypes.length && !isPage && method !== 'head') {
    let body: { message?: unknown; errors?: unknown; code?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      findings.push(`${where} -> ${res.status} not JSON: ${text.slice(0, 120)}`);
      return;
    }
    const fieldsOk = res.status !== 422 || (typeof body.errors === 'object' && body.errors !== null && Object.values(body.errors).every((m) => typeof m === 'string'));
    if (typeof body.message !== 'string' || !fieldsOk) findings.push(`${where} -> ${res.status} not in the error format: ${text.slice(0, 200)}`);
    const leaked = INTERNALS.find((re) => re.test(text) && !text.includes(LONG.slice(0, 50)));
    if (leaked) findings.push(`${where} -> ${res.status} shows internals (${leaked}): ${text.slice(0, 200)}`);
  }
}

/** Every malformed or boundary call of one operation, as one caller. */
async function sweepOperation(method: string, path: string, op: Operation, token?: string) {
  const label = token ? 'user' : 'stranger';
  // Bad ids in each path parameter.
  for (const p of op.parameters?.filter((x) => x.in === 'path') ?? []) {
    for (const value of HOSTILE_IDS) await send(`${label} ${p.name}=${value.slice(0, 20)}`, method, fill(path, { name: p.name, value }), op, { token });
  }
  const target = fill(path);
  // Each query parameter spoiled, raw (no re-encoding), and given twice.
  for (const p of op.parameters?.filter((x) => x.in === 'query') ?? []) {
    for (const value of HOSTILE_QUERY) await send(`${label} ?${p.name}=${value.slice(0, 20)}`, method, `${target}?${p.name}=${value}`, op, { token });
    await send(`${label} ?${p.name} twice`, method, `${target}?${p.name}=1&${p.name}=2`, op, { token });
  }
  const json = op.requestBody?.content['application/json']?.schema;
  const multipart = op.requestBody?.content['multipart/form-data']?.schema;
  if (json) {
    // A fresh example per call: an email in it may be taken by the call before.
    const fresh = () => example(json) as Record<string, unknown>;
    const base = fresh();
    const post = (what: string, body: string, type = 'application/json') => send(`${label} ${what}`, method, target, op, { token, body, headers: { 'content-type': type } });
    await post('invalid JSON', '{"a":');
    await post('empty body', '');
    await post('huge JSON', JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }));
    await post('JSON as text/plain', JSON.stringify(base), 'text/plain');
    await post('JSON as form', 'a=1&b=2', 'application/x-www-form-urlencoded');
    for (const whole of [null, [], 'text', 42, true]) await post(`body ${JSON.stringify(whole)}`, JSON.stringify(whole));
    if (base && typeof base === 'object' && !Array.isArray(base)) {
      for (const key of Object.keys(base)) {
        for (const value of HOSTILE_VALUES) {
          const label = `${key}=${String(JSON.stringify(value)).slice(0, 20)}`;
          await post(label, JSON.stringify({ ...fresh(), [key]: value }).replace(/"@raw:([^"]+)"/, '$1'));
          // Where every field is optional, the field alone, so no other field's check stops it first.
          if (!json.required?.length) await post(`${label} alone`, JSON.stringify({ [key]: value }).replace(/"@raw:([^"]+)"/, '$1'));
        }
      }
    }
  }
  if (multipart) {
    const fields = Object.entries(multipart.properties ?? {});
    const form = (withFile: 'none' | 'garbage' | 'empty') => {
      const f = new FormData();
      for (const [name, schema] of fields) {
        if (schema.format === 'binary') {
          if (withFile === 'garbage') f.append(name, new Blob([new Uint8Array(4096).fill(7)], { type: 'video/mp4' }), 'garbage.mp4');
          if (withFile === 'empty') f.append(name, new Blob([]), 'empty.png');
        } else f.append(name, name === 'folderId' ? 'not-a-uuid' : 'a\u0000b');
      }
      return f;
    };
    await send(`${label} multipart without its file`, method, target, op, { token, body: form('none') });
    await send(`${label} multipart with an empty file`, method, target, op, { token, body: form('empty') });
    await send(`${label} multipart with garbage bytes`, method, target, op, { token, body: form('garbage') });
    await send(`${label} JSON instead of multipart`, method, target, op, { token, body: '{}', headers: { 'content-type': 'application/json' } });
    await send(`${label} truncated multipart`, method, target, op, { token, body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    await send(`${label} multipart without boundary`, method, target, op, { token, body: 'abc', headers: { 'content-type': 'multipart/form-data' } });
  }
  // Malformed percent-encoding and NUL bytes in the path itself.
  await send(`${label} bad percent in path`, method, `${target}%E0%A4%A`, op, { token });
  await send(`${label} NUL in path`, method, `${target}%00`, op, { token });
}

test('the OpenAPI document lists every route the API serves', () => {
  const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path.replace(/\{\w+\}/g, '{}')}`)));
  const documentedPaths = new Set(Object.keys(doc.paths).map((p) => p.replace(/\{\w+\}/g, '{}')));
  const missing = s.routes.flatMap((r) => {
    const path = r.path.replace(/\{\w+\}/g, '{}');
    if (r.methods.includes('*')) return documentedPaths.has(path) ? [] : [`* ${r.path}`];
    return r.methods.filter((m) => !documented.has(`${m} ${path}`)).map((m) => `${m} ${r.path}`);
  });
  expect(missing).toEqual([]);
  expect(s.routes.length).toBeGreaterThan(30);
});

test('every documented route answers malformed and boundary input with a 4xx in the spec format, never a 5xx', async () => {
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      for (const token of [user.accessToken, undefined]) {
        await sweepOperation(method, path, op, token);
        // A call may end the session (logout, a password change): sign in again for the next.
        if (token && (await s.api('GET', '/api/profile', { token: user.accessToken })).status === 401) {
          user = { ...user, ...(await s.api('POST', '/api/auth/login', { body: { email: user.email, password: user.password } })).body };
        }
      }
    }
  }
  expect(requests).toBeGreaterThan(1000);
  expect(findings).toEqual([]);
}, 600_000);
