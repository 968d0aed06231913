import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { TEAM_HEADER } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHubspotStandin, startMailchimpStandin } from './support/crm-standins.ts';
import { DEEP, deepArray, deepObject, example, HEAVY_REFUSALS, HOSTILE_IDS, HOSTILE_QUERY, HOSTILE_VALUES, INTERNALS, LONG, MB, type Operation, uncapped } from './support/sweep-inputs.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * A schema-driven sweep: every route in /api/openapi.json, called as a signed-in user and as a
 * stranger with malformed and boundary inputs (bad ids, over-long strings, NUL bytes, malformed
 * percent-encoding, wrong JSON types, invalid JSON, multipart without its file, huge numbers),
 * must answer below 500, in the spec's error format, without internal paths or tool output.
 * Bodies start from an example built from the request schema, then one field at a time is spoiled.
 * Heavy variants (1 MB strings in every field, 20,000-level nesting) must be refused with a 4xx at
 * once, while a health probe sent beside each of them answers with the API spending under 100 ms of CPU
 * meanwhile (32 of them at once: under 100 ms of CPU each; no stall, whatever the load on the
 * machine); a NUL anywhere (path,
 * query, JSON, multipart fields and file names, tus metadata) is never accepted, and in the path or
 * query it is a 422 before any route.
 */
/*
 * The limits are judged on the CPU time the API's process spent while a probe (or a heavy call)
 * was in flight, not on its wall time: a stall is the API computing (the 2.5 s per 1 MB
 * sign-in), which CPU time shows whatever else runs on the machine, while on two shared cores the
 * scheduler alone can hold any process for hundreds of milliseconds. The server runs in this
 * process (startTestServer); the wall times are printed beside.
 */
const PROBE_LIMIT_MS = 100;
/** A heavy call is refused at once: well under the 2.5 s one 1 MB sign-in took before. */
const HEAVY_LIMIT_MS = 250;
let s: TestServer;
/** The CRMs the integration routes check credentials with (issue 33): local stand-ins, never the network. */
let crms: { close(): Promise<void> }[] = [];
let doc: { paths: Record<string, Record<string, Operation>> };
let user: Awaited<ReturnType<typeof signUpAndLogin>>;
/** Ids of things the user owns, so an id in the path reaches the body checks. */
const owned: Record<string, string> = {};
const findings: string[] = [];
let requests = 0;
/** Cost of each health probe sent beside a heavy call, and of the heavy calls themselves. */
const probeCosts: Cost[] = [];
const heavyCosts: Cost[] = [];

/** Wall time and the CPU time of this process (the API's, user + system, all threads) over a stretch, in ms. */
interface Cost {
  ms: number;
  cpuMs: number;
}
const costSince = (started: { at: number; cpu: NodeJS.CpuUsage }): Cost => {
  const cpu = process.cpuUsage(started.cpu);
  return { ms: performance.now() - started.at, cpuMs: (cpu.user + cpu.system) / 1000 };
};
const now = () => ({ at: performance.now(), cpu: process.cpuUsage() });

beforeAll(async () => {
  // Beacons are capped per address before their body is read: a cap high enough to judge the bodies.
  // Junk current passwords (profile, ownership transfer) count as failed sign-ins of `user` from
  // here (issue 35): raised, so the sweep's own sign-ins stay about input, not about limits.
  const [hubspot, mailchimp] = [await startHubspotStandin(), await startMailchimpStandin()];
  crms = [hubspot, mailchimp];
  s = await startTestServer({ STATS_BEACON_BURST: '100000', SESSION_PROGRESS_PER_SECOND: '100000', SESSION_PROGRESS_SESSION_BURST: '100000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000', LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '99999', ...hubspot.env, ...mailchimp.env });
  user = await signUpAndLogin(s);
  doc = (await s.api('GET', '/api/openapi.json')).body;
  owned.folder = (await s.api('POST', '/api/folders', { token: user.accessToken, body: { name: 'Sweep folder' } })).body.folder.id;
  // A video that never gets processed: no ffmpeg job runs on it whatever the sweep sends.
  owned.video = crypto.randomUUID();
  owned.invitation = crypto.randomUUID();
  await s.services.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into videos (id, user_id, name, source, size, status, player_config, created_at) values (?, ?, 'Sweep video', 'upload', 1000, 'processing', '{}', now())`,
      [owned.video, user.id],
    );
  // A caption track of it, so the caption routes reach their body checks.
  owned.caption = crypto.randomUUID();
  await s.services.orm.em
    .fork()
    .getConnection()
    .execute(`insert into caption_tracks (id, video_id, user_id, language, label, kind) values (?, ?, ?, 'en', 'English', 'uploaded')`, [owned.caption, owned.video, user.id]);
  // A viewer session of it and a lead, so the session progress and lead routes reach their body checks.
  owned.session = crypto.randomUUID();
  owned.lead = crypto.randomUUID();
  await s.services.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into viewer_sessions (id, user_id, video_id, viewer_key, duration_sec, bucket_sec, watched, country, device, browser) values (?, ?, ?, ?, 30, 1, array_fill(0, array[30]), 'Unknown', 'Desktop', 'Chrome')`,
      [owned.session, user.id, owned.video, crypto.randomUUID()],
    );
  await s.services.orm.em.fork().getConnection().execute(`insert into leads (id, user_id, video_id, video_name, email) values (?, ?, ?, 'Sweep video', 'sweep@example.com')`, [owned.lead, user.id, owned.video]);
  // A webhook endpoint with one delivery, so the webhook routes reach their body checks (its address takes no delivery: TEST-NET).
  owned.webhook = crypto.randomUUID();
  owned.delivery = crypto.randomUUID();
  await s.services.orm.em
    .fork()
    .getConnection()
    .execute(`insert into webhook_endpoints (id, user_id, url, events, secret) values (?, ?, 'https://192.0.2.1/hook', '{video.ready}', 'whsec_c3dlZXA=')`, [owned.webhook, user.id]);
  await s.services.orm.em
    .fork()
    .getConnection()
    .execute(`insert into webhook_deliveries (id, endpoint_id, message_id, event_type, body, status, next_attempt_at) values (?, ?, 'msg_sweep', 'video.ready', '{}', 'failed', null)`, [owned.delivery, owned.webhook]);
  // A running thumbnail test of it with two covers (their pictures stored), so its end route reaches its body checks.
  owned.thumbnailTest = crypto.randomUUID();
  await s.services.orm.em.fork().getConnection().execute('insert into thumbnail_tests (id, user_id, video_id) values (?, ?, ?)', [owned.thumbnailTest, user.id, owned.video]);
  for (const position of [0, 1]) {
    const key = `videos/${owned.video}/thumbs/test-sweep-${position}.jpg`;
    await s.services.storage.put(key, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    await s.services.orm.em.fork().getConnection().execute('insert into thumbnail_test_covers (test_id, position, time_sec, image_key) values (?, ?, ?, ?)', [owned.thumbnailTest, position, position, key]);
  }
}, 120_000);
afterAll(async () => {
  await s?.stop();
  for (const c of crms) await c.close();
});

/** The path with owned ids (or `swap` for one parameter). */
function fill(path: string, swap?: { name: string; value: string }): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (swap?.name === name) return swap.value;
    if (path.startsWith('/api/folders')) return owned.folder;
    if (path.startsWith('/api/webhooks')) return name === 'deliveryId' ? owned.delivery : owned.webhook;
    if (name === 'sessionId') return owned.session;
    if (path.startsWith('/api/leads/')) return owned.lead;
    if (name === 'type') return 'hls';
    if (name === 'id') return owned.video;
    // Teams: the user's own team, the user as its member, an invitation that does not exist.
    if (name === 'teamId' || name === 'userId') return user.id;
    if (name === 'invitationId') return owned.invitation;
    if (name === 'captionId') return owned.caption;
    if (name === 'testId') return owned.thumbnailTest;
    if (name === 'format') return 'vtt';
    if (name === 'provider') return 'hubspot';
    return 'index.m3u8';
  });
}

/** GET /api/health, timed. */
async function probe(): Promise<Cost> {
  const started = now();
  const res = await fetch(`${s.url}/api/health`);
  await res.arrayBuffer();
  const cost = costSince(started);
  if (res.status !== 200) findings.push(`health probe -> ${res.status}`);
  return cost;
}

interface Expect {
  /** The only statuses allowed (a 5xx is always a finding). */
  only?: number[];
  /** A NUL went in: it must never be accepted. */
  refused?: boolean;
  /** A heavy call: a health probe goes beside it, and both are timed. */
  heavy?: boolean;
}

async function send(label: string, method: string, path: string, op: Operation, init: { body?: string | FormData; headers?: Record<string, string>; token?: string }, want: Expect = {}) {
  requests++;
  const started = now();
  const call = fetch(s.url + path, {
    method: method.toUpperCase(),
    headers: { ...(init.token && { authorization: `Bearer ${init.token}` }), ...init.headers },
    body: init.body,
  }).catch((err: Error) => ({ status: 599, headers: new Headers(), text: async () => `connection failed: ${err.message}` }) as unknown as Response);
  // The probe leaves once the heavy body is on its way, so the server handles both at once.
  const probed = want.heavy ? new Promise((r) => setTimeout(r, 2)).then(probe) : null;
  const res = await call;
  const text = method === 'head' ? '' : await res.text();
  if (probed) {
    heavyCosts.push(costSince(started));
    probeCosts.push(await probed);
  }
  const where = `${method.toUpperCase()} ${path.slice(0, 120)} [${label}]`;
  if (res.status >= 500) {
    findings.push(`${where} -> ${res.status} ${text.slice(0, 200)}`);
    return;
  }
  if (want.only && !want.only.includes(res.status)) findings.push(`${where} -> ${res.status}, expected ${want.only.join(' or ')}: ${text.slice(0, 200)}`);
  if (want.refused && res.status < 400) findings.push(`${where} -> ${res.status}: a NUL was accepted`);
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
    for (const value of HOSTILE_IDS) await send(`${label} ${p.name}=${value.slice(0, 20)}`, method, fill(path, { name: p.name, value }), op, { token }, value === '%00' ? { only: [422] } : {});
  }
  const target = fill(path);
  // Each query parameter spoiled, raw (no re-encoding), and given twice.
  for (const p of op.parameters?.filter((x) => x.in === 'query') ?? []) {
    for (const value of HOSTILE_QUERY) await send(`${label} ?${p.name}=${value.slice(0, 20)}`, method, `${target}?${p.name}=${value}`, op, { token }, value === '%00' ? { only: [422] } : {});
    await send(`${label} ?${p.name} twice`, method, `${target}?${p.name}=1&${p.name}=2`, op, { token });
  }
  const json = op.requestBody?.content['application/json']?.schema;
  const multipart = op.requestBody?.content['multipart/form-data']?.schema;
  if (json) {
    // A fresh example per call: an email in it may be taken by the call before.
    const fresh = () => example(json, '', owned.folder) as Record<string, unknown>;
    const base = fresh();
    const post = (what: string, body: string, type = 'application/json', want: Expect = {}) => send(`${label} ${what}`, method, target, op, { token, body, headers: { 'content-type': type } }, want);
    const heavy = { only: HEAVY_REFUSALS, heavy: true };
    await post('invalid JSON', '{"a":');
    await post('empty body', '');
    await post('huge JSON', JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }), 'application/json', heavy);
    await post(`${DEEP} levels of arrays`, deepArray, 'application/json', heavy);
    await post(`${DEEP} levels of objects`, deepObject, 'application/json', heavy);
    await post('JSON as text/plain', JSON.stringify(base), 'text/plain');
    await post('JSON as form', 'a=1&b=2', 'application/x-www-form-urlencoded');
    for (const whole of [null, [], 'text', 42, true]) await post(`body ${JSON.stringify(whole)}`, JSON.stringify(whole));
    if (base && typeof base === 'object' && !Array.isArray(base)) {
      for (const key of Object.keys(base)) {
        for (const value of HOSTILE_VALUES) {
          const label = `${key}=${String(JSON.stringify(value)).slice(0, 20)}`;
          await post(label, JSON.stringify({ ...fresh(), [key]: value }).replace(/"@raw:([^"]+)"/, '$1'), 'application/json', value === 'a\u0000b' ? { refused: true } : {});
          // Where every field is optional, the field alone, so no other field's check stops it first.
          if (!json.required?.length) await post(`${label} alone`, JSON.stringify({ [key]: value }).replace(/"@raw:([^"]+)"/, '$1'));
        }
        // A 1 MB string in this field, and this field nested 20,000 levels deep.
        await post(`${key}=1 MB`, JSON.stringify({ ...fresh(), [key]: MB }), 'application/json', heavy);
        await post(`${key}=${DEEP} levels`, JSON.stringify({ ...fresh(), [key]: '@deep' }).replace('"@deep"', deepArray), 'application/json', heavy);
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
    // A NUL in the text fields (beside a file and a folder that would do) and in the file's name,
    // written by hand so no client escapes it; then 1 MB in every text field.
    const raw = (value: (name: string) => string, filename: string) => {
      const parts = fields.map(([name, schema]) =>
        schema.format === 'binary'
          ? `--x\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n${'\u0007'.repeat(4096)}\r\n`
          : `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${name === 'folderId' ? owned.folder : value(name)}\r\n`,
      );
      return { token, body: `${parts.join('')}--x--\r\n`, headers: { 'content-type': 'multipart/form-data; boundary=x' } };
    };
    const firstCheck = token ? [] : [401];
    await send(`${label} multipart NUL in fields`, method, target, op, raw(() => 'a\u0000b', 'clip.mp4'), { refused: true });
    await send(`${label} multipart NUL in the file name`, method, target, op, raw(() => 'Sweep', 'a\u0000b.mp4'), { refused: true });
    // Heavy only with a text field to fill (a file-only form, like a replace's, is a small body judged by the others).
    if (fields.some(([, schema]) => schema.format !== 'binary')) await send(`${label} multipart 1 MB fields`, method, target, op, raw(() => MB, 'clip.mp4'), { only: [...HEAVY_REFUSALS, ...firstCheck], heavy: true });
  }
  if (path === '/api/uploads' && method === 'post') {
    // tus: Upload-Metadata is base64 pairs; a NUL in a name, and a name longer than any field may be.
    const meta = (m: Record<string, string>) => Object.entries(m).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');
    const create = (m: Record<string, string>) => ({ token, headers: { 'tus-resumable': '1.0.0', 'upload-length': '4096', 'upload-metadata': meta({ filetype: 'video/mp4', ...m }) } });
    const refusal = token ? [422] : [401];
    await send(`${label} tus NUL in filename`, method, target, op, create({ filename: 'a\u0000b.mp4' }), { only: refusal });
    await send(`${label} tus NUL in name`, method, target, op, create({ filename: 'clip.mp4', name: 'a\u0000b' }), { only: refusal });
    await send(`${label} tus NUL in a key's value`, method, target, op, create({ filename: 'clip.mp4', folderId: '\u0000' }), { only: refusal });
    await send(`${label} tus 9 KB name`, method, target, op, create({ filename: 'clip.mp4', name: 'x'.repeat(9000) }), { only: refusal });
  }
  // The acting team's header, spoiled: never a 5xx, never acted on (a team route answers 403).
  if (token && op.parameters?.some((p) => p.in === 'header' && p.name === TEAM_HEADER)) {
    // tus answers its own protocol errors (a missing Tus-Resumable) before the team is looked at.
    const want = path.startsWith('/api/uploads') ? {} : { only: [403] };
    for (const value of HOSTILE_IDS) await send(`${label} ${TEAM_HEADER}=${value.slice(0, 20)}`, method, target, op, { token, headers: { [TEAM_HEADER]: value } }, want);
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

test('every string a request may carry (JSON bodies, query parameters) has a length cap in the contract', () => {
  const missing = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([method, op]) => {
      const at = `${method.toUpperCase()} ${path}`;
      const json = op.requestBody?.content['application/json']?.schema;
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      return [...(json ? uncapped(json, `${at} body`) : []), ...query.flatMap((p) => uncapped(p.schema, `${at} ?${p.name}`))];
    }),
  );
  expect(missing).toEqual([]);
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
  // The heavy calls were refused at once, and the API kept answering beside each of them.
  expect(probeCosts.length).toBeGreaterThan(100);
  console.info(`health beside ${probeCosts.length} heavy calls: ${summary(probeCosts)}; the heavy calls: ${summary(heavyCosts)}`);
  expect(percentile(probeCosts.map((c) => c.cpuMs), 0.9)).toBeLessThan(PROBE_LIMIT_MS);
  expect(percentile(heavyCosts.map((c) => c.cpuMs), 0.9)).toBeLessThan(HEAVY_LIMIT_MS);
}, 600_000);

/*
 * Costs are judged at their 90th percentile: a garbage collection or a neighbour's burst can land
 * in any one probe, while a stall of the API (the 2.5 s per 1 MB sign-in, 25 s for 16)
 * moves every probe. The worst is printed.
 */
const percentile = (ms: number[], p: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * p))];
const line = (ms: number[]) => `median ${percentile(ms, 0.5).toFixed(1)} ms, 90th percentile ${percentile(ms, 0.9).toFixed(1)} ms, worst ${Math.max(...ms).toFixed(1)} ms`;
const summary = (costs: Cost[]) => `CPU ${line(costs.map((c) => c.cpuMs))}; wall ${line(costs.map((c) => c.ms))}`;

/*
 * The stall: 16 sign-ins with a 1 MB email at once froze the API for 25 s. They come from
 * another process here, so the probes time the server, not this process building and sending 32 MB.
 */
const HEAVY_CLIENT = `
const [url, mb, deep] = process.argv.slice(1);
const body = (i) => i < 16 ? JSON.stringify({ email: 'x'.repeat(Number(mb)) + '@example.com', password: 'guess' }) : '{"a":'.repeat(Number(deep)) + '1' + '}'.repeat(Number(deep));
const bodies = Array.from({ length: 32 }, (_, i) => body(i));
console.log('go');
const started = performance.now();
const answers = await Promise.all(bodies.map((b, i) => fetch(url + (i % 2 ? '/api/auth/login' : '/api/users'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: b }).then(async (r) => ({ status: r.status, body: await r.json() }))));
console.log(JSON.stringify({ ms: performance.now() - started, answers }));
`;

test('16 sign-ins with a 1 MB email and 16 bodies 20,000 levels deep, all at once, are refused while health answers, at under 100 ms of the API CPU each', async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', HEAVY_CLIENT, s.url, String(MB.length), String(DEEP)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> })[Symbol.asyncIterator]();
  expect((await lines.next()).value).toBe('go');
  const started = now();
  const result = lines.next();
  let done = false;
  void result.then(() => {
    done = true;
  });
  // Probe one after the other until every heavy call is answered (at least 10).
  const probes: Cost[] = [];
  while (!done || probes.length < 10) probes.push(await probe());
  // What the 32 calls (and the probes beside them) cost the API, all together: with the 32 arriving
  // at once, each probe shares the cores with many of them, so one probe's cost is no stall's measure.
  const batch = costSince(started);
  const { ms, answers } = JSON.parse((await result).value as string) as { ms: number; answers: { status: number; body: { message: string; errors: Record<string, string> } }[] };
  expect(answers).toHaveLength(32);
  for (const a of answers) expect(a).toMatchObject({ status: 422, body: { message: 'Validation failed' } });
  expect(answers[0].body.errors).toEqual({ email: 'Must NOT have more than 8192 characters.' });
  expect(answers[31].body.errors).toEqual({ [Array(32).fill('a').join('.')]: 'Must not nest more than 32 levels.' });
  console.info(`32 heavy calls at once refused in ${ms.toFixed(0)} ms; ${probes.length} health probes meanwhile: ${summary(probes)}`);
  console.info(`the API's CPU over the 32 calls: ${batch.cpuMs.toFixed(0)} ms in ${batch.ms.toFixed(0)} ms`);
  // The stall cost 2.5 s of CPU per 1 MB sign-in; refused at once, a call costs a fraction of the limit.
  expect(batch.cpuMs / answers.length).toBeLessThan(PROBE_LIMIT_MS);
  // A sign-in with a normal email is unaffected.
  expect((await s.api('POST', '/api/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(200);
});
