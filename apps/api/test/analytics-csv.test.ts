import { filenameOf, STATISTICS_CSV_CHARTS, STATISTICS_RANGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { csvRecords, parseCsv } from './support/csv.ts';
import { addMember, inTeam } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Every analytics chart as CSV: the same figures as the chart's JSON for the same range, a header
 * row, ISO dates, formula-looking text neutralised, an attachment named after the video, the chart
 * and the days; the chart's own access rules (another team's video is a 404, a viewer may read).
 */
let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
let viewer: SignedIn;
let video: string;
let short: string;

const NAME = '=SUM(A1), "Q3" / report: <draft>';
const INJECTED = "=cmd|' /C calc'!A0";
const sql = (q: string, p: unknown[] = []) => s.services.orm.em.fork().getConnection().execute(q, p);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const csv = (path: string, token = owner.accessToken, headers: Record<string, string> = {}) =>
  fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
const json = async (path: string) => (await s.api('GET', path, { token: owner.accessToken })).body;

async function insertVideo(name: string, durationSec: number) {
  const id = crypto.randomUUID();
  await sql(`insert into videos (id, user_id, name, source, size, status, player_config, duration_sec, created_at) values (?, ?, ?, 'upload', 1000, 'ready', '{}', ?, now())`, [id, owner.id, name, durationSec]);
  return id;
}

/** Counts of one day: plays, viewers, beacons at 15 s and 30 s (none at 45 s: a gap), one at 60 s; countries, devices, browsers. */
async function day(videoId: string, ago: number, n: number) {
  const rows: [string, string, number][] = [
    ['dropOff', '0', 4 * n],
    ['dropOff', '15', 3 * n],
    ['dropOff', '30', 2 * n],
    ['dropOff', '60', n],
    ['viewers', '', 3 * n],
    ['country', 'FR', 3 * n],
    ['country', 'DE', n],
    ['device', 'Desktop', 3 * n],
    ['device', 'Mobile', n],
    ['browser', INJECTED, 2 * n],
    ['browser', '+Chrome', n],
    ['browser', '@Edge, "new"', n],
  ];
  for (const [kind, name, count] of rows) await sql('insert into video_stat_counts (video_id, day, kind, name, count) values (?, ?, ?, ?, ?)', [videoId, daysAgo(ago), kind, name, count]);
}

beforeAll(async () => {
  s = await startTestServer({ STATS_FLUSH_SECONDS: '3600' });
  [owner, other, viewer] = [await signUpAndLogin(s), await signUpAndLogin(s), await signUpAndLogin(s)];
  await addMember(s, owner.id, viewer.id, 'viewer');
  video = await insertVideo(NAME, 90);
  short = await insertVideo('Short', 30);
  for (const [ago, n] of [
    [0, 1],
    [3, 2],
    [10, 5],
    [40, 7],
    [100, 11],
  ])
    await day(video, ago, n);
  await day(short, 2, 1);
});
afterAll(() => s?.stop());

/** A CSV cell as written for text a spreadsheet would take for a formula. */
const cellOf = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);

test('each chart of a video holds the figures of its JSON, for every range', async () => {
  for (const range of STATISTICS_RANGES) {
    const chart = await json(`/api/statistics/video/${video}?range=${range}`);
    const read = async (name: string) => {
      const res = await csv(`/api/statistics/video/${video}.csv?range=${range}&chart=${name}`);
      expect(res.status).toBe(200);
      return csvRecords(await res.text());
    };
    // Plays per day: every day of the range, ISO dates, the same figures.
    const daily = await read('daily');
    expect(daily.map((r) => ({ date: r.Date, plays: Number(r.Plays), uniqueViewers: Number(r['Unique viewers']), watchTimeSec: Number(r['Watch time (s)']) }))).toEqual(chart.daily);
    expect(daily.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.Date))).toBe(true);
    // Drop-off: every 15 s mark up to the last (the gap at 45 s as 0), the share of the starts as the chart draws it.
    const dropOff = await read('dropOff');
    expect(dropOff.filter((r) => Number(r['Views reaching it']) > 0).map((r) => ({ name: r.Second, count: Number(r['Views reaching it']) }))).toEqual(chart.dropOff);
    const starts = chart.dropOff[0].count;
    expect(dropOff.map((r) => [Number(r.Second), Number(r['Still watching (%)'])])).toEqual(
      [0, 15, 30, 45, 60].map((sec) => [sec, Math.round(Math.min(100, ((chart.dropOff.find((d: any) => d.name === String(sec))?.count ?? 0) / starts) * 100) * 10) / 10]),
    );
    // Location, device and browser bars: name and plays in the chart's order.
    const country = await read('country');
    expect(country.map((r) => ({ name: r.Country, count: Number(r.Plays) }))).toEqual(chart.country);
    expect(country.map((r) => r['Country code'])).toEqual(['FR', 'DE']);
    expect((await read('device')).map((r) => ({ name: r.Device, count: Number(r.Plays) }))).toEqual(chart.device);
    expect((await read('browser')).map((r) => ({ name: r.Browser, count: Number(r.Plays) }))).toEqual(chart.browser.map((b: any) => ({ ...b, name: cellOf(b.name) })));
  }
});

test("the overview's rows, every one, in the table's order", async () => {
  for (const range of ['30', 'all']) {
    for (const [field, direction] of [
      ['plays', 'DESC'],
      ['name', 'ASC'],
    ]) {
      const table = await json(`/api/statistics/videos?range=${range}&field=${field}&direction=${direction}&limit=100`);
      const res = await csv(`/api/statistics/videos.csv?range=${range}&field=${field}&direction=${direction}`);
      expect(res.status).toBe(200);
      const rows = csvRecords(await res.text());
      expect(
        rows.map((r) => ({
          id: r['Video ID'],
          name: r.Video,
          createdAt: r.Uploaded,
          durationSec: Number(r['Duration (s)']),
          plays: Number(r.Plays),
          uniqueViewers: Number(r['Unique viewers']),
          watchTimeSec: Number(r['Watch time (s)']),
          averagePercentWatched: Number(r['Average watched (%)']),
        })),
      ).toEqual(table.items.map(({ imageUrl: _, ...row }: any) => ({ ...row, name: cellOf(row.name) })));
    }
  }
});

test('a header row, neutralised formulas, quoted commas and quotes, and an attachment named after the video, the chart and the days', async () => {
  const res = await csv(`/api/statistics/video/${video}.csv?range=30&chart=browser`);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  const disposition = res.headers.get('content-disposition') ?? '';
  expect(disposition).toMatch(/^attachment;/);
  // Quotes, slashes, colons and angle brackets are gone from the file name; the days are the range's.
  expect(filenameOf(disposition)).toBe(`=SUM(A1), Q3 report draft - browsers - ${daysAgo(29)} to ${daysAgo(0)}.csv`);
  const text = await res.text();
  expect(text.split('\r\n')[0]).toBe('Browser,Plays');
  expect(parseCsv(text).slice(1)).toEqual([
    [`'${INJECTED}`, String(2 * (1 + 2 + 5))],
    ['\'@Edge, "new"', '8'],
    ['\'+Chrome', '8'],
  ]);
  expect(text).toContain('"\'@Edge, ""new"""');
  // All time starts at the first day with figures.
  expect(filenameOf((await csv(`/api/statistics/video/${video}.csv?range=all&chart=daily`)).headers.get('content-disposition'))).toBe(
    `=SUM(A1), Q3 report draft - plays per day - ${daysAgo(100)} to ${daysAgo(0)}.csv`,
  );
  expect(filenameOf((await csv('/api/statistics/videos.csv?range=7')).headers.get('content-disposition'))).toBe(`Analytics - all videos - ${daysAgo(6)} to ${daysAgo(0)}.csv`);
  // Line breaks and control characters never reach the header; other scripts stay (as filename*).
  const odd = await insertVideo('Été\r\nSet-Cookie: x=1\u0007 ..', 10);
  const oddName = filenameOf((await csv(`/api/statistics/video/${odd}.csv?range=7&chart=device`)).headers.get('content-disposition'));
  expect(oddName).toBe(`Été Set-Cookie x=1 - devices - ${daysAgo(6)} to ${daysAgo(0)}.csv`);
  // The overview's dates are ISO timestamps.
  const [row] = csvRecords(await (await csv('/api/statistics/videos.csv?field=name&direction=DESC')).text());
  expect(row.Uploaded).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

test('ranges and charts are checked (422), other accounts get nothing (404, 403, 401), a viewer of the team reads them', async () => {
  const refused = async (path: string, field: string) => {
    const res = await csv(path);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(body.errors[field]).toMatch(/Must be one of/);
  };
  await refused(`/api/statistics/video/${video}.csv?range=14&chart=daily`, 'range');
  await refused(`/api/statistics/video/${video}.csv?range=30&chart=pie`, 'chart');
  await refused(`/api/statistics/video/${video}.csv?range=30`, 'chart');
  await refused('/api/statistics/videos.csv?range=yesterday', 'range');
  await refused('/api/statistics/videos.csv?field=size', 'field');
  // Another account's video answers like a missing one; their overview has none of these rows.
  const theirs = await csv(`/api/statistics/video/${video}.csv?chart=daily`, other.accessToken);
  expect(theirs.status).toBe(404);
  expect(await theirs.json()).toEqual({ message: 'Video not found' });
  expect((await csv(`/api/statistics/video/${crypto.randomUUID()}.csv?chart=daily`)).status).toBe(404);
  expect(parseCsv(await (await csv('/api/statistics/videos.csv', other.accessToken)).text())).toHaveLength(1);
  // Naming a team they are not in is refused; no sign-in, no file.
  expect((await csv(`/api/statistics/video/${video}.csv?chart=daily`, other.accessToken, inTeam(owner.id))).status).toBe(403);
  expect((await fetch(`${s.url}/api/statistics/videos.csv`)).status).toBe(401);
  // A viewer of the owner's team may read the charts, so the files too: the same bytes.
  for (const path of [`/api/statistics/video/${video}.csv?range=90&chart=country`, '/api/statistics/videos.csv?range=all']) {
    const asViewer = await csv(path, viewer.accessToken, inTeam(owner.id));
    expect(asViewer.status).toBe(200);
    expect(await asViewer.text()).toBe(await (await csv(path)).text());
  }
  expect(s.services.statisticsExport.running()).toBe(0);
});

test('the OpenAPI document lists both files as text/csv with the chart permission', async () => {
  const doc = (await s.api('GET', '/api/openapi.json')).body;
  for (const path of ['/api/statistics/video/{id}.csv', '/api/statistics/videos.csv']) {
    const op = doc.paths[path].get;
    expect(Object.keys(op.responses['2XX'].content)).toEqual(['text/csv']);
    expect(op['x-permission']).toBe('view');
    expect(op['x-roles']).toContain('viewer');
  }
  expect(doc.paths['/api/statistics/video/{id}.csv'].get.parameters.find((p: any) => p.name === 'chart').schema.enum).toEqual([...STATISTICS_CSV_CHARTS]);
});
