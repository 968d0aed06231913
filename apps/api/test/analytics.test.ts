import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let long: string;
let short: string;

const sql = <T = any[]>(q: string, p: unknown[] = []) => s.services.orm.em.getConnection().execute(q, p) as Promise<T>;
const beacon = (videoId: string, curTime: number, from: string, ua = CHROME) =>
  fetch(`${s.url}/api/statistics/drop-off/${videoId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Forwarded-For': from, 'User-Agent': ua },
    body: JSON.stringify({ curTime }),
  });
const stats = (videoId: string, range?: string, token = owner.accessToken) => s.api('GET', `/api/statistics/video/${videoId}${range ? `?range=${range}` : ''}`, { token });
const overview = (query = '', token = owner.accessToken) => s.api('GET', `/api/statistics/videos?${query}`, { token });
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Counts of an earlier day, as that day's flushes would have left them. */
async function earlierDay(videoId: string, ago: number, plays: number, viewers: number, beaconsAt15: number) {
  await sql(
    `insert into video_stat_counts (video_id, day, kind, name, count) values (?, ?, 'dropOff', '0', ?), (?, ?, 'viewers', '', ?), (?, ?, 'dropOff', '15', ?), (?, ?, 'country', 'FR', ?)`,
    [videoId, daysAgo(ago), plays, videoId, daysAgo(ago), viewers, videoId, daysAgo(ago), beaconsAt15, videoId, daysAgo(ago), plays],
  );
}

beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: 'true', STATS_FLUSH_SECONDS: '3600' });
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  long = (await s.upload(owner.accessToken, clip, { name: 'Long' })).body.id;
  short = (await s.upload(owner.accessToken, clip, { name: 'Short' })).body.id;
  // Lengths as far as the beacons can tell, once processing (which writes the probed length) is over.
  for (const id of [long, short]) await s.waitForVideo(owner.accessToken, id, (v) => v.processing.stage === 'ready' && v.processing.isLadderReady);
  await sql('update videos set duration_sec = 60 where id = ?', [long]);
  await sql('update videos set duration_sec = 30 where id = ?', [short]);
});
afterAll(() => s.stop());

test('plays, unique viewers (once a day per viewer, across flushes) and watch time of today', async () => {
  // Hashes and salts left from earlier days: the day's first flush keeps yesterday's and deletes older ones.
  for (const ago of [1, 3]) {
    await sql('insert into statistics_salts (day, salt) values (?, ?)', [daysAgo(ago), 'ab'.repeat(32)]);
    await sql('insert into video_daily_viewers (video_id, day, viewer) values (?, ?, ?)', [long, daysAgo(ago), `old-viewer-${ago}`]);
  }
  // Viewer A plays twice and watches to 30 s; B (same address, another browser) once to 15 s.
  for (const [t, ua] of [
    [0, CHROME],
    [15, CHROME],
    [30, CHROME],
    [0, FIREFOX],
    [15, FIREFOX],
  ] as const)
    expect((await beacon(long, t, '203.0.113.5', ua)).status).toBe(204);
  await s.services.statistics.flush();
  expect((await beacon(long, 0, '203.0.113.5', CHROME)).status).toBe(204);
  await s.services.statistics.flush();
  const res = await stats(long, '7');
  expect(res.status).toBe(200);
  expect(res.body.totals).toEqual({ plays: 3, uniqueViewers: 2, watchTimeSec: 45, averagePercentWatched: 25 });
  expect(res.body.daily).toHaveLength(7);
  expect(res.body.daily.at(-1)).toEqual({ date: daysAgo(0), plays: 3, uniqueViewers: 2, watchTimeSec: 45 });
  expect(res.body.daily[0]).toEqual({ date: daysAgo(6), plays: 0, uniqueViewers: 0, watchTimeSec: 0 });
  // Today's viewer hashes are kept for the day; no address among them.
  const hashes = await sql<{ viewer: string }[]>('select viewer from video_daily_viewers where video_id = ? and day = ?', [long, daysAgo(0)]);
  expect(hashes).toHaveLength(2);
  expect((await sql<{ day: string }[]>("select to_char(day, 'YYYY-MM-DD') as day from video_daily_viewers where viewer like 'old-%'")).map((r) => r.day)).toEqual([daysAgo(1)]);
  expect((await sql<{ day: string }[]>("select to_char(day, 'YYYY-MM-DD') as day from statistics_salts order by day")).map((r) => r.day)).toEqual([daysAgo(1), daysAgo(0)]);
  for (const { viewer } of hashes) expect(viewer).not.toContain('203.0.113.5');
});

test('date ranges: 7, 30, 90 days and all time, charts included', async () => {
  await earlierDay(long, 10, 4, 3, 2);
  await earlierDay(long, 40, 8, 5, 4);
  await earlierDay(long, 100, 16, 9, 8);
  const plays: Record<string, number> = {};
  for (const range of ['7', '30', '90', 'all']) {
    const res = await stats(long, range);
    expect(res.body.range).toBe(range);
    plays[range] = res.body.totals.plays;
    // The drop-off chart and the bars cover the same range.
    expect(res.body.dropOff.find((d: any) => d.name === '0').count).toBe(res.body.totals.plays);
    expect(res.body.daily.reduce((n: number, d: any) => n + d.plays, 0)).toBe(res.body.totals.plays);
  }
  expect(plays).toEqual({ '7': 3, '30': 7, '90': 15, all: 31 });
  const all = (await stats(long, 'all')).body;
  expect(all.daily).toHaveLength(101);
  expect(all.daily[0]).toMatchObject({ date: daysAgo(100), plays: 16, uniqueViewers: 9, watchTimeSec: 120 });
  expect(all.country).toContainEqual({ name: 'France', count: 28 });
  expect(all.totals).toEqual({ plays: 31, uniqueViewers: 19, watchTimeSec: (3 + 14) * 15, averagePercentWatched: Math.round(((17 * 15) / (31 * 60)) * 1000) / 10 });
  // The default range is the last 30 days.
  expect((await stats(long)).body.totals.plays).toBe(7);
  expect((await stats(long, '14')).status).toBe(422);
});

test("the overview: every video of the caller with plays and watch time, sortable, with totals", async () => {
  await earlierDay(short, 2, 5, 4, 5);
  const res = await overview('range=30');
  expect(res.status).toBe(200);
  // Default: most plays first.
  expect(res.body.items.map((v: any) => [v.name, v.plays, v.watchTimeSec])).toEqual([
    ['Long', 7, 75],
    ['Short', 5, 75],
  ]);
  expect(res.body.items[1]).toMatchObject({ id: short, uniqueViewers: 4, averagePercentWatched: 50, durationSec: 30 });
  expect(res.body.totals).toEqual({ plays: 12, uniqueViewers: 9, watchTimeSec: 150, averagePercentWatched: Math.round((150 / (7 * 60 + 5 * 30)) * 1000) / 10 });
  expect(res.body.meta).toMatchObject({ totalItems: 2, currentPage: 1 });
  const order = async (q: string) => (await overview(q)).body.items.map((v: any) => v.name);
  expect(await order('range=30&field=averagePercentWatched&direction=DESC')).toEqual(['Short', 'Long']);
  expect(await order('range=30&field=plays&direction=ASC')).toEqual(['Short', 'Long']);
  expect(await order('range=30&field=uniqueViewers&direction=DESC')).toEqual(['Long', 'Short']);
  expect(await order('range=30&field=name&direction=DESC')).toEqual(['Short', 'Long']);
  expect(await order('range=7&field=watchTimeSec&direction=ASC')).toEqual(['Long', 'Short']);
  expect((await overview('range=all&limit=1&page=2')).body.items.map((v: any) => v.name)).toEqual(['Short']);
  expect((await overview('field=size')).status).toBe(422);
});

test("statistics are the owner's only", async () => {
  expect((await stats(long, '7', other.accessToken)).status).toBe(404);
  expect((await overview('', other.accessToken)).body).toMatchObject({ items: [], totals: { plays: 0 } });
  expect((await s.api('GET', '/api/statistics/videos')).status).toBe(401);
});
