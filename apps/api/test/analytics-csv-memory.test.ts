import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * 100,000 rows cost flat memory: the overview of an account with 100,000 videos (long names, so a
 * file held whole would weigh some 60 MB in this process, which runs the server) streams out while
 * the heap that survives a collection stays within 30 MB of where it began. Each file holds a
 * database connection while it streams, so a process streams at most CSV_EXPORTS_MAX at once
 * (429 beyond), and a download abandoned halfway gives its connection back.
 */
const ROWS = 100_000;
const HEAP_GROWTH_LIMIT = 30 * 1024 ** 2;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let s: TestServer;
let owner: SignedIn;
const path = '/api/statistics/videos.csv?range=all&field=name&direction=ASC';
const download = (signal?: AbortSignal) => fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${owner.accessToken}` }, signal });
const heap = () => process.memoryUsage().heapUsed;

/** Waits for a state (a deadline for a machine under load, not a measure). */
async function until(ok: () => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  s = await startTestServer({ CSV_EXPORTS_MAX: '1' });
  owner = await signUpAndLogin(s);
  const sql = (q: string, p: unknown[] = []) => s.services.orm.em.fork().getConnection().execute(q, p);
  await sql(
    `insert into videos (id, user_id, name, source, size, status, player_config, duration_sec, created_at)
     select gen_random_uuid(), ?, 'Video ' || lpad(i::text, 6, '0') || ' ' || repeat('x', 150), 'upload', 1000, 'ready', '{}', 60, now() - i * interval '1 minute'
     from generate_series(1, ${ROWS}) i`,
    [owner.id],
  );
  await sql(
    `insert into video_stat_counts (video_id, day, kind, name, count)
     select id, current_date, 'dropOff', '0', 1 + (row_number() over (order by id)) % 7 from videos where user_id = ?`,
    [owner.id],
  );
}, 180_000);
afterAll(() => s?.stop());

test(`${ROWS.toLocaleString('en')} rows stream out with a flat heap`, async () => {
  gc();
  const before = heap();
  const started = performance.now();
  const res = await download();
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let lines = 0;
  let bytes = 0;
  let nextSample = 0;
  let grewMost = 0;
  let first = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = new TextDecoder().decode(value.subarray(0, 200));
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
    // Every 2 MB: what the heap holds once garbage is collected.
    if (bytes >= nextSample) {
      nextSample += 2 * 1024 ** 2;
      gc();
      grewMost = Math.max(grewMost, heap() - before);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `analytics CSV: ${lines - 1} rows, ${(bytes / 1024 ** 2).toFixed(1)} MB in ${seconds.toFixed(2)} s (${Math.round((lines - 1) / seconds)} rows/s), heap grew at most ${(grewMost / 1024 ** 2).toFixed(1)} MB`,
  );
  expect(first.startsWith('Video ID,Video,Uploaded,')).toBe(true);
  expect(lines).toBe(ROWS + 1);
  // Held whole, the rows alone would be more than twice the limit.
  expect(bytes).toBeGreaterThan(HEAP_GROWTH_LIMIT * 0.7);
  expect(grewMost).toBeLessThan(HEAP_GROWTH_LIMIT);
}, 120_000);

test('one file at a time here: the next waits (429 with Retry-After), an abandoned one gives its slot and connection back', async () => {
  const first = new AbortController();
  const res = await download(first.signal);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  await reader.read();
  // The first is streaming (and the client reads no further: backpressure holds it there).
  const refused = await download();
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('5');
  expect(((await refused.json()) as { message: string }).message).toMatch(/Too many downloads/);
  // The client goes away halfway: the slot is free again.
  first.abort();
  await until(() => s.services.statisticsExport.running() === 0, 'the abandoned export to end');
  // More abandoned downloads than the pool has connections: had any kept its connection, the next would wait forever.
  for (let i = 0; i < 12; i++) {
    const abort = new AbortController();
    const r = await download(abort.signal);
    expect(r.status).toBe(200);
    await (r.body as ReadableStream<Uint8Array>).getReader().read();
    abort.abort();
    await until(() => s.services.statisticsExport.running() === 0, 'an abandoned export to end');
  }
  expect((await s.api('GET', '/api/statistics/videos?limit=1', { token: owner.accessToken })).body.meta.totalItems).toBe(ROWS);
}, 120_000);

test('a download still streaming past CSV_EXPORT_TIMEOUT_SECONDS is cut off, its slot and connection given back', async () => {
  // A second API process on the same database, with a four-second deadline (time enough for the
  // headers and a HEAD on a loaded machine; the download below outlives it).
  const quick = await startTestServer({ CSV_EXPORTS_MAX: '1', CSV_EXPORT_TIMEOUT_SECONDS: '4' }, {}, { databaseUrl: s.databaseUrl });
  try {
    const res = await fetch(`${quick.url}${path}`, { headers: { authorization: `Bearer ${owner.accessToken}` } });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    // The client stops reading: backpressure holds the stream until the deadline ends it.
    await until(() => quick.services.statisticsExport.running() === 0, 'the deadline to end the export');
    // The connection was reset, not ended: the client sees a failed download, never a short file.
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'complete';
      })(),
    ).rejects.toThrow();
    // A HEAD gets the headers and gives its slot back at once.
    expect((await fetch(`${quick.url}${path}`, { headers: { authorization: `Bearer ${owner.accessToken}` }, method: 'HEAD' })).status).toBe(200);
    await until(() => quick.services.statisticsExport.running() === 0, 'the HEAD to end');
    expect((await fetch(`${quick.url}/api/statistics/videos.csv?range=7`, { headers: { authorization: `Bearer ${owner.accessToken}` }, method: 'HEAD' })).status).toBe(200);
  } finally {
    await quick.stop();
  }
}, 60_000);
