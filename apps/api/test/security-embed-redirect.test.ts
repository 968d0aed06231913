import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpAndLogin, type SignedIn, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The small holes of issue 21: the embed page follows only a redirect our embed code call signed
 * (no link to our origin can send a viewer elsewhere), a malformed percent escape in an import
 * link is a 422, and beacons past a video's end or with absurd values are refused, also while the
 * video's length is unknown.
 */
let s: TestServer;
let owner: SignedIn;
/** A playable-looking video 10 s long, and one not probed yet (no length). */
let video: string;
let unprobed: string;
beforeAll(async () => {
  s = await startTestServer({ IMPORT_ALLOWED_HOSTS: '127.0.0.1', STATS_FLUSH_SECONDS: '3600' });
  owner = await signUpAndLogin(s);
  [video, unprobed] = [crypto.randomUUID(), crypto.randomUUID()];
  const sql = `insert into videos (id, user_id, name, source, size, status, duration_sec, player_config, created_at) values (?, ?, ?, 'upload', 1000, ?, ?, '{}', now())`;
  const conn = s.services.orm.em.fork().getConnection();
  await conn.execute(sql, [video, owner.id, 'Tour', 'ready', 10]);
  await conn.execute(sql, [unprobed, owner.id, 'Still uploading', 'processing', null]);
}, 120_000);
afterAll(() => s?.stop());

const TARGET = 'https://shop.example/thanks?a=1&b=2';

/** The iframe src of the embed code the owner copies. */
async function embedSrc(videoId: string, redirect: string): Promise<URL> {
  const res = await s.api('GET', `/api/videos/${videoId}/embed?redirect=${encodeURIComponent(redirect)}`, { token: owner.accessToken });
  expect(res.status).toBe(200);
  return new URL((/src="([^"]+)"/.exec(res.body.embed) as RegExpExecArray)[1].replaceAll('&amp;', '&'));
}

/** The redirect the embed page hands its player (data-redirect), or null. */
async function pageRedirect(url: URL | string): Promise<string | null> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('data-reelbase-player');
  const m = /data-redirect="([^"]*)"/.exec(html);
  return m ? m[1].replaceAll('&amp;', '&') : null;
}

test("the embed code's redirect is signed, and its embed page hands it to the player", async () => {
  const src = await embedSrc(video, TARGET);
  expect(src.searchParams.get('redirect')).toBe(TARGET);
  expect(src.searchParams.get('sig')).toMatch(/^[\w-]{43}$/);
  expect(await pageRedirect(src)).toBe(TARGET);
});

test('an unsigned, altered or borrowed redirect is ignored: the page plays with no redirect', async () => {
  const page = (videoId: string, redirect: string, sig?: string) =>
    `${s.url}/embed/hls/${videoId}?redirect=${encodeURIComponent(redirect)}${sig === undefined ? '' : `&sig=${encodeURIComponent(sig)}`}&new-window=1`;
  const sig = (await embedSrc(video, TARGET)).searchParams.get('sig') as string;
  // Unsigned: the open redirect of the issue.
  expect(await pageRedirect(page(video, 'https://phish.example/login'))).toBeNull();
  // The signature of another target, or the target with a changed letter.
  expect(await pageRedirect(page(video, 'https://phish.example/login', sig))).toBeNull();
  expect(await pageRedirect(page(video, TARGET.replace('thanks', 'thankz'), sig))).toBeNull();
  // A changed signature, an empty one, a repeated parameter.
  const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
  expect(await pageRedirect(page(video, TARGET, flipped))).toBeNull();
  expect(await pageRedirect(page(video, TARGET, ''))).toBeNull();
  expect(await pageRedirect(`${page(video, TARGET, sig)}&redirect=${encodeURIComponent('https://phish.example/')}`)).toBeNull();
  // A signature made for one video does not carry the redirect to another.
  const otherSig = (await embedSrc(unprobed, 'https://phish.example/')).searchParams.get('sig') as string;
  expect(await pageRedirect(page(video, 'https://phish.example/', otherSig))).toBeNull();
  // The genuine pair still works.
  expect(await pageRedirect(page(video, TARGET, sig))).toBe(TARGET);
});

test('an import link with a malformed percent escape (or %00) is a 422 on the url field, and no video is made', async () => {
  for (const url of ['http://127.0.0.1:9/clip%E0%A4%A.mp4', 'http://127.0.0.1:9/clip%zz.mp4', 'http://127.0.0.1:9/100%', 'http://127.0.0.1:9/a%00b.mp4']) {
    const res = await s.api('POST', '/api/videos/import', { token: owner.accessToken, body: { url } });
    expect(res.status, url).toBe(422);
    expect(Object.keys(res.body.errors), url).toEqual(['url']);
  }
  const list = await s.api('GET', '/api/videos?limit=100', { token: owner.accessToken });
  expect(list.body.items.map((v: { name: string }) => v.name).sort()).toEqual(['Still uploading', 'Tour']);
});

function beacon(videoId: string, body: string) {
  return fetch(`${s.url}/api/statistics/drop-off/${videoId}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' }, body });
}

test('beacons past the end, with absurd values, or for a video whose length is unknown are refused and not counted', async () => {
  // Past the 10 s end (a second of rounding allowed), negative, not finite, huge, not numbers.
  for (const curTime of ['12', '-1', '1e999', '-1e999', '1e12', '"NaN"', 'null', '"15"']) {
    const res = await beacon(video, `{"curTime":${curTime}}`);
    expect(res.status, curTime).toBe(422);
    expect(Object.keys(((await res.json()) as { errors: object }).errors), curTime).toEqual(['curTime']);
  }
  expect((await beacon(video, '{"curTime":NaN}')).status).toBe(422);
  // Not probed yet: nothing of it can have been watched, at any second.
  for (const curTime of ['0', '15', '86400', '1e12']) {
    const res = await beacon(unprobed, `{"curTime":${curTime}}`);
    expect(res.status, curTime).toBeGreaterThanOrEqual(400);
    expect(res.status, curTime).toBeLessThan(500);
  }
  // A good beacon still counts, and it is the only one that did.
  expect((await beacon(video, '{"curTime":0}')).status).toBe(204);
  await s.services.statistics.flush();
  const counts = await s.services.orm.em.fork().getConnection().execute<{ video_id: string; kind: string; name: string }[]>('select video_id, kind, name from video_stat_counts');
  expect(counts.filter((c) => c.kind === 'dropOff')).toEqual([{ video_id: video, kind: 'dropOff', name: '0' }]);
});
