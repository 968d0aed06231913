import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ BANDWIDTH_FLUSH_SECONDS: '3600', STORAGE_LIMIT_BYTES_PER_ACCOUNT: String(64 * 1024 ** 2), BANDWIDTH_LIMIT_BYTES_PER_MONTH: String(1024 ** 3) });
});
afterAll(() => s.stop());

/** Bytes of every file under a folder. */
async function bytesUnder(dir: string) {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return (await Promise.all(files.map(async (e) => (await stat(join(e.parentPath, e.name))).size))).reduce((a, b) => a + b, 0);
}

test('GET /api/usage shows the stored bytes after an upload and the bytes of a played segment, against the limits', async () => {
  const user = await signUpAndLogin(s);
  const token = user.accessToken;
  const empty = (await s.api('GET', '/api/usage', { token })).body;
  const month = new Date().toISOString().slice(0, 7);
  expect(empty).toEqual({
    plan: null,
    storage: { usedBytes: 0, limitBytes: 64 * 1024 ** 2 },
    bandwidth: { thisMonthBytes: 0, limitBytesPerMonth: 1024 ** 3, months: expect.any(Array) },
    videoGeneratorCredits: 0,
    features: { uploadPlayerLogo: true, videoTrimmer: true, setVideoImage: true, createGif: true, addWatermark: true },
  });
  // Twelve months, oldest first, ending with this one.
  expect(empty.bandwidth.months).toHaveLength(12);
  expect(empty.bandwidth.months.at(-1)).toEqual({ month, bytes: 0 });
  expect([...empty.bandwidth.months].map((m: { month: string }) => m.month).sort()).toEqual(empty.bandwidth.months.map((m: { month: string }) => m.month));

  const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 2, audio: true });
  const up = await s.upload(token, clip);
  const video = await s.waitForVideo(token, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady && v.thumbnails.length === 4);
  const onDisk = await bytesUnder(join(s.dataDir, 'media', 'videos', video.id));
  expect((await s.api('GET', '/api/usage', { token })).body.storage.usedBytes).toBe(onDisk);

  // A viewer plays the first segment: master playlist, rendition playlist, segment.
  let played = 0;
  const get = async (url: string) => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    played += body.length;
    return body.toString('latin1');
  };
  const master = await get(video.hlsSource);
  const renditionUrl = new URL(master.split('\n').find((l) => l && !l.startsWith('#')) as string, video.hlsSource).toString();
  const rendition = await get(renditionUrl);
  const segmentLine = rendition.split('\n').find((l) => l && !l.startsWith('#')) as string;
  await get(new URL(segmentLine, renditionUrl).toString());
  await new Promise((r) => setTimeout(r, 50));
  await s.services.bandwidth.flush();

  const after = (await s.api('GET', '/api/usage', { token })).body;
  expect(after.bandwidth.thisMonthBytes).toBe(played);
  expect(after.bandwidth.months.at(-1)).toEqual({ month, bytes: played });
  expect(after.bandwidth.months.slice(0, 11).every((m: { bytes: number }) => m.bytes === 0)).toBe(true);

  // A month from before shows in its place; one older than a year does not.
  const monthsAgo = (n: number) => {
    const d = new Date();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1)).toISOString().slice(0, 10);
  };
  const em = s.services.orm.em.fork();
  await em.execute('insert into user_bandwidth_months (user_id, month, bytes) values (?, ?, 5000), (?, ?, 7000)', [user.id, monthsAgo(3), user.id, monthsAgo(12)]);
  const history = (await s.api('GET', '/api/usage', { token })).body.bandwidth.months;
  expect(history[8]).toEqual({ month: monthsAgo(3).slice(0, 7), bytes: 5000 });
  expect(history.reduce((a: number, m: { bytes: number }) => a + m.bytes, 0)).toBe(played + 5000);

  // On a plan its limits show instead of the defaults.
  await em.execute(`update users set payment_plan_id = 'silver-1y', plan = 'silver' where id = ?`, [user.id]);
  const onPlan = (await s.api('GET', '/api/usage', { token })).body;
  expect(onPlan.plan).toBe('silver');
  const [silver] = await em.execute<{ storage_bytes: string; bandwidth_bytes_per_month: string }[]>(`select storage_bytes, bandwidth_bytes_per_month from payment_plans where id = 'silver-1y'`);
  expect(onPlan.storage.limitBytes).toBe(Number(silver.storage_bytes));
  expect(onPlan.bandwidth.limitBytesPerMonth).toBe(Number(silver.bandwidth_bytes_per_month));
});

test('GET /api/usage needs a signed-in caller', async () => {
  expect((await s.api('GET', '/api/usage')).status).toBe(401);
});
