import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { Video } from '../src/modules/videos/video.entity.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const US = '8.8.8.8';
const DE = '2a00:1450:4001:81b::200e';
const GB = '81.2.69.142';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let id: string;
let capped: string;
let blocked: string;
beforeAll(async () => {
  // Behind a proxy: the viewer's address comes from X-Forwarded-For, so tests can be anywhere.
  s = await startTestServer({ TRUST_PROXY: 'true', STATS_FLUSH_SECONDS: '3600' });
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  id = (await s.upload(owner.accessToken, clip, { name: 'Tour' })).body.id;
  capped = (await s.upload(owner.accessToken, clip, { name: 'Capped' })).body.id;
  blocked = (await s.upload(owner.accessToken, clip, { name: 'Blocked' })).body.id;
  // Processing writes the probed length: wait for it before setting ours.
  for (const v of [id, capped]) await s.waitForVideo(owner.accessToken, v, (x) => x.processing.stage === 'ready' && x.processing.isLadderReady);
  const em = s.services.orm.em.fork();
  // A minute long as far as the beacons can tell, so 15, 30 and 45 are inside it.
  await em.nativeUpdate(Video, { id: { $in: [id, capped] } }, { durationSec: 60 });
  await em.nativeUpdate(Video, { id: blocked }, { ban: true });
});
afterAll(() => s.stop());

function beacon(videoId: string, body: string, o: { from?: string; ua?: string; type?: string | null } = {}) {
  const headers: Record<string, string> = { 'X-Forwarded-For': o.from ?? US, 'User-Agent': o.ua ?? CHROME };
  if (o.type !== null) headers['Content-Type'] = o.type ?? 'application/json';
  return fetch(`${s.url}/api/statistics/drop-off/${videoId}`, { method: 'POST', headers, body });
}
const at = (curTime: unknown) => JSON.stringify({ curTime });
const stats = (videoId = id, token = owner.accessToken) => s.api('GET', `/api/statistics/video/${videoId}`, { token });

test('beacons are counted by second, and a start (second 0) counts country, device and browser', async () => {
  // Two desktop Chrome views from the US, one iPhone view from Germany, one from Britain.
  for (const [from, ua] of [[US, CHROME], [US, CHROME], [DE, IPHONE], [GB, CHROME]]) {
    const res = await beacon(id, at(0), { from, ua });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  }
  // sendBeacon's other body: a string, sent as text/plain.
  expect((await beacon(id, at(15), { type: 'text/plain;charset=UTF-8' })).status).toBe(204);
  expect((await beacon(id, at(15), { from: DE, ua: IPHONE, type: null })).status).toBe(204);
  expect((await beacon(id, at(30))).status).toBe(204);
  // Not a multiple of 15 (another client): it joins its 15-second bucket, and is no view.
  expect((await beacon(id, at(46.7))).status).toBe(204);
  // Counted in memory only, until the flush.
  expect((await stats()).body).toMatchObject({ dropOff: [], country: [], device: [], browser: [], totals: { plays: 0, uniqueViewers: 0, watchTimeSec: 0, averagePercentWatched: 0 } });
  await s.services.statistics.flush();
  const res = await stats();
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    dropOff: [
      { name: '0', count: 4 },
      { name: '15', count: 2 },
      { name: '30', count: 1 },
      { name: '45', count: 1 },
    ],
    country: [
      { name: 'United States', count: 2 },
      { name: 'Germany', count: 1 },
      { name: 'United Kingdom', count: 1 },
    ],
    device: [
      { name: 'Desktop', count: 3 },
      { name: 'Mobile', count: 1 },
    ],
    browser: [
      { name: 'Chrome', count: 3 },
      { name: 'Mobile Safari', count: 1 },
    ],
    // Four starts by three viewers (the two US Chrome starts are one viewer); four beacons past
    // second 0 are 60 s watched, a quarter of four plays of the 60 s video.
    totals: { plays: 4, uniqueViewers: 3, watchTimeSec: 60, averagePercentWatched: 25 },
  });
  // A second flush adds to the stored counts (count = count + excluded.count).
  expect((await beacon(id, at(0), { from: '127.0.0.1', ua: '' })).status).toBe(204);
  await s.services.statistics.flush();
  const after = (await stats()).body;
  expect(after.dropOff[0]).toEqual({ name: '0', count: 5 });
  expect(after.country).toContainEqual({ name: 'Unknown', count: 1 });
  expect(after.browser).toContainEqual({ name: 'Unknown', count: 1 });
});

test('the viewer address is never stored', async () => {
  await s.services.statistics.flush();
  const conn = s.services.orm.em.getConnection();
  const rows = await conn.execute<{ name: string }[]>('select name from video_stat_counts union all select viewer from video_daily_viewers');
  expect(rows.length).toBeGreaterThan(0);
  for (const { name } of rows) for (const address of [US, DE, GB, '127.0.0.1', '2a00']) expect(name).not.toContain(address);
});

test('bad beacons are refused: 422 for the body, 404 for a video that is not available', async () => {
  for (const body of [at(-1), at('15'), at(null), '{}', 'curTime=15', '', at(62)]) {
    const res = await beacon(id, body, { from: '203.0.113.7' });
    expect(res.status, body).toBe(422);
  }
  expect(await (await beacon(id, at(62), { from: '203.0.113.7' })).json()).toEqual({ message: 'Validation failed', errors: { curTime: 'Must not be past the end of the video.' } });
  // Up to a second past the known end is allowed (the last frame's time rounds up).
  expect((await beacon(id, at(61), { from: '203.0.113.7' })).status).toBe(204);
  for (const videoId of [blocked, crypto.randomUUID(), 'not-a-video']) {
    const res = await beacon(videoId, at(0), { from: '203.0.113.7' });
    expect(res.status, videoId).toBe(404);
  }
  const big = await beacon(id, JSON.stringify({ curTime: 0, pad: 'x'.repeat(2000) }), { from: '203.0.113.7' });
  expect(big.status).toBe(413);
});

test('a flood from one address is capped at the burst with 429, and the refused beacons are not counted', async () => {
  const statuses: number[] = [];
  // The clock stands still while the flood comes, so the bucket (burst 20, then one a second)
  // refills by nothing however slowly a loaded machine answers.
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    for (let i = 0; i < 30; i++) statuses.push((await beacon(capped, at(0), { from: '198.51.100.9' })).status);
    const refused = await beacon(capped, at(0), { from: '198.51.100.9' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many statistics calls from this address. Try again later.', code: 'RATE_LIMITED_ERROR' });
    // Another address is not affected.
    expect((await beacon(capped, at(0), { from: '198.51.100.10' })).status).toBe(204);
  } finally {
    vi.useRealTimers();
  }
  expect(statuses).toEqual([...Array(20).fill(204), ...Array(10).fill(429)]);
  await s.services.statistics.flush();
  // The 20 accepted from the flood and the other address's one.
  expect((await stats(capped)).body.dropOff).toEqual([{ name: '0', count: 21 }]);
});

test('the beacon answers a cross-site preflight', async () => {
  const res = await fetch(`${s.url}/api/statistics/drop-off/${id}`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://customer.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
  });
  expect(res.status).toBe(204);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('access-control-allow-headers')).toContain('Content-Type');
});

test("statistics are the owner's only", async () => {
  expect((await stats(id, other.accessToken)).status).toBe(404);
  expect((await stats(crypto.randomUUID())).status).toBe(404);
  expect((await s.api('GET', `/api/statistics/video/${id}`)).status).toBe(401);
});

test('counts of a deleted video are dropped at the flush instead of failing the batch', async () => {
  expect((await beacon(capped, at(15), { from: '192.0.2.1' })).status).toBe(204);
  expect((await beacon(id, at(15), { from: '192.0.2.1' })).status).toBe(204);
  // Deleted once processing is over (deleting while the ladder is written is another matter).
  await s.waitForVideo(owner.accessToken, capped, (v) => v.status === 'ready' && v.processing.isLadderReady);
  expect((await s.api('DELETE', `/api/videos/${capped}`, { token: owner.accessToken })).status).toBe(200);
  const before = (await stats()).body.dropOff.find((d: any) => d.name === '15').count;
  await s.services.statistics.flush();
  expect((await stats()).body.dropOff.find((d: any) => d.name === '15').count).toBe(before + 1);
});
