import { ADMIN_VIDEO_SORT_FIELDS } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let adminToken: string;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let video: any;

const sql = <T = any[]>(q: string, p: unknown[] = []) => s.services.orm.em.getConnection().execute(q, p) as Promise<T>;

/** The URL of one HLS media segment of the video that is a file of its own (not a range of main.mp4). */
async function segmentUrl(v: any): Promise<string> {
  const master = await (await fetch(v.hlsSource)).text();
  for (const variant of master.split('\n').filter((l) => l && !l.startsWith('#'))) {
    const variantUrl = new URL(variant, v.hlsSource);
    const playlist = await (await fetch(variantUrl)).text();
    const segment = playlist.split('\n').find((l) => l && !l.startsWith('#') && !l.includes('main.mp4'));
    if (segment) return new URL(segment, variantUrl).toString();
  }
  throw new Error(`no segment file in ${master}`);
}

beforeAll(async () => {
  // Delivery trusts its cached answer for an hour: only the block itself can make it take effect at once.
  s = await startTestServer({ DELIVERY_STATUS_CACHE_SECONDS: '3600' });
  adminToken = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body.accessToken;
  owner = await signUpAndLogin(s);
  // Twice the top rung's size: the smaller rung is encoded into segment files of its own.
  const clip = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 2, audio: true });
  const up = await s.upload(owner.accessToken, clip, { name: 'To block' });
  video = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady, 120_000);
});
afterAll(() => s.stop());

test('a blocked video stops being served at once (mp4, playlists, segments, playback, beacons); unblocking restores it', async () => {
  const segment = await segmentUrl(video);
  const served = async () => ({
    mp4: (await fetch(video.videoSource, { headers: { Range: 'bytes=0-99' } })).status,
    master: (await fetch(video.hlsSource)).status,
    segment: (await fetch(segment)).status,
    playback: (await s.api('GET', `/api/playback/${video.id}`)).status,
  });
  expect(await served()).toEqual({ mp4: 206, master: 200, segment: 200, playback: 200 });

  const block = await s.api('POST', '/api/videos/bulk', { token: adminToken, body: { action: 'block', ban: true, ids: [video.id] } });
  expect(block).toMatchObject({ status: 200, body: { message: '1 video blocked.', count: 1 } });
  expect(await served()).toEqual({ mp4: 404, master: 404, segment: 404, playback: 404 });
  const beacon = await fetch(`${s.url}/api/statistics/drop-off/${video.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"curTime":0}' });
  expect(beacon.status).toBe(404);
  // The owner sees it blocked.
  expect((await s.api('GET', `/api/videos/${video.id}`, { token: owner.accessToken })).body.ban).toBe(true);

  expect((await s.api('POST', '/api/videos/bulk', { token: adminToken, body: { action: 'block', ban: false, ids: [video.id] } })).body.message).toBe('1 video unblocked.');
  expect(await served()).toEqual({ mp4: 206, master: 200, segment: 200, playback: 200 });
  const logged = await sql<{ target_user_id: string; target_ids: string[]; details: any }[]>("select * from admin_audit_log where action = 'video.block' order by id");
  expect(logged.map((r) => [r.target_user_id, r.target_ids, r.details])).toEqual([
    [owner.id, [video.id], { ban: true }],
    [owner.id, [video.id], { ban: false }],
  ]);
});

test('another API process stops serving at once too (NOTIFY on commit)', async () => {
  // A second process on the same database and the same media folder, with its own hour-long cache.
  const second = await startTestServer({ DELIVERY_STATUS_CACHE_SECONDS: '3600', DATA_DIR: s.dataDir }, {}, { databaseUrl: s.databaseUrl });
  try {
    const there = video.videoSource.replace(s.url, second.url);
    const status = async () => (await fetch(there, { headers: { Range: 'bytes=0-9' } })).status;
    expect(await status()).toBe(206);
    await s.api('POST', '/api/videos/bulk', { token: adminToken, body: { action: 'block', ban: true, ids: [video.id] } });
    await expect.poll(status, { timeout: 3000, interval: 50 }).toBe(404);
    await s.api('POST', '/api/videos/bulk', { token: adminToken, body: { action: 'block', ban: false, ids: [video.id] } });
    await expect.poll(status, { timeout: 3000, interval: 50 }).toBe(206);
  } finally {
    await second.stop();
  }
});

test("a user's ban stops their videos at once too", async () => {
  await fetch(video.videoSource, { headers: { Range: 'bytes=0-9' } });
  expect((await s.api('PUT', `/api/users/${owner.id}`, { token: adminToken, body: { ban: true } })).status).toBe(200);
  expect((await fetch(video.videoSource, { headers: { Range: 'bytes=0-9' } })).status).toBe(404);
  expect((await s.api('PUT', `/api/users/${owner.id}`, { token: adminToken, body: { ban: false, banReason: null } })).status).toBe(200);
  expect((await fetch(video.videoSource, { headers: { Range: 'bytes=0-9' } })).status).toBe(206);
  // The ban ended the owner's sessions: sign in again.
  owner.accessToken = (await s.api('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })).body.accessToken;
});

test('block is all or none, and only for admins; owners keep their own bulk actions', async () => {
  const missing = await s.api('POST', '/api/videos/bulk', { token: adminToken, body: { action: 'block', ban: true, ids: [video.id, crypto.randomUUID()] } });
  expect(missing.status).toBe(404);
  expect((await s.api('GET', `/api/videos/${video.id}`, { token: owner.accessToken })).body.ban).toBe(false);
  expect((await s.api('POST', '/api/videos/bulk', { token: owner.accessToken, body: { action: 'block', ban: true, ids: [video.id] } })).status).toBe(403);
  expect((await s.api('POST', '/api/videos/bulk', { token: adminToken, body: { action: 'block', ids: [video.id] } })).body.errors).toEqual({ ban: 'Must be true (block) or false (unblock).' });
  const moved = await s.api('POST', '/api/videos/bulk', { token: owner.accessToken, body: { action: 'addToFolder', folderId: null, ids: [video.id] } });
  expect(moved.status).toBe(200);
});

test("the admin's list of a user's videos: each sort both ways, page sizes 5, 10, 15, 20", async () => {
  const u = await signUpAndLogin(s);
  // Rows with distinct values in every column (the trigger keeps the user's sums).
  for (let i = 0; i < 7; i++) {
    await sql(
      `insert into videos (id, user_id, name, source, size, monthly_bandwidth_usage, total_bandwidth_usage, ban, created_at, player_config)
       values (gen_random_uuid(), ?, ?, 'upload', ?, ?, ?, ?, now() - (? || ' minutes')::interval, '{}')`,
      [u.id, `v${i}`, ((i * 3) % 7) * 100, ((i * 5) % 7) * 10, ((i * 2) % 7) * 1000, i % 3 === 0, String(i)],
    );
  }
  const list = (q: string) => s.api('GET', `/api/videos?user-id=${u.id}&${q}`, { token: adminToken });
  for (const field of ADMIN_VIDEO_SORT_FIELDS) {
    for (const direction of ['ASC', 'DESC'] as const) {
      const res = await list(`field=${field}&direction=${direction}&limit=20`);
      expect(res.status).toBe(200);
      const got = res.body.items.map((v: any) => (field === 'createdAt' ? Date.parse(v.createdAt) : field === 'ban' ? Number(v.ban) : v[field]));
      const sorted = [...got].sort((a, b) => (direction === 'ASC' ? a - b : b - a));
      expect(got, `${field} ${direction}`).toEqual(sorted);
      expect(new Set(got).size).toBeGreaterThan(1);
    }
  }
  const page = await list('limit=5&page=2');
  expect(page.body.items).toHaveLength(2);
  expect(page.body.meta).toMatchObject({ limit: 5, totalItems: 7, totalPages: 2, currentPage: 2 });
  // Default: newest first.
  expect((await list('')).body.items.map((v: any) => v.name)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6']);
  for (const limit of [5, 10, 15, 20]) expect((await list(`limit=${limit}`)).status).toBe(200);
  expect((await list('limit=7')).body.errors).toEqual({ limit: 'Must be one of 5, 10, 15, 20.' });
  expect((await s.api('GET', `/api/videos?user-id=${crypto.randomUUID()}`, { token: adminToken })).status).toBe(404);
  // Without user-id, the admin's own videos as for anyone.
  expect((await s.api('GET', '/api/videos', { token: adminToken })).body.items).toEqual([]);
  await s.services.adminReads.flush();
  expect((await sql("select count(*)::int as n from admin_audit_log where action = 'video.list' and target_user_id = ?", [u.id]))[0].n).toBe(16);
});

test("the spec's block body (selectedVideosId, action 'block', ban, query) blocks and unblocks as `ids` does", async () => {
  const specBody = (ban: boolean) => ({ action: 'block', ban, selectedVideosId: [video.id], query: { page: 1, limit: 10 } });
  expect(await s.api('POST', '/api/videos/bulk', { token: adminToken, body: specBody(true) })).toMatchObject({ status: 200, body: { message: '1 video blocked.', count: 1 } });
  expect((await s.api('GET', `/api/videos/${video.id}`, { token: owner.accessToken })).body.ban).toBe(true);
  expect(await s.api('POST', '/api/videos/bulk', { token: adminToken, body: specBody(false) })).toMatchObject({ status: 200, body: { message: '1 video unblocked.', count: 1 } });
  expect((await s.api('GET', `/api/videos/${video.id}`, { token: owner.accessToken })).body.ban).toBe(false);
  // A bad list is refused by its own rules; neither name given: the ids are asked for.
  expect((await s.api('POST', '/api/videos/bulk', { token: adminToken, body: { action: 'block', ban: true, selectedVideosId: [] } })).body.errors).toEqual({ ids: 'Select at least one video.' });
  expect((await s.api('POST', '/api/videos/bulk', { token: adminToken, body: { action: 'block', ban: true } })).status).toBe(422);
});
