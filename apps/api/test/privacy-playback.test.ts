import { openAsBlob } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { playbackTokens } from '../src/modules/playback/playback-tokens.ts';
import { makeClip } from './support/clips.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Who may watch, down to every media byte: each visibility against a stranger, the owner, an admin
 * and a wrong or right password, for the playback call, the embed page and every kind of media URL
 * (main mp4, master and rung playlists, segments, cover, thumbnails, a GIF).
 */
const SECRET = 'playback-test-secret-playback-test-secret';
const TTL = 120;
/** Tries per address on one video: the tests above spend 7 on `video`, the limit test 8 on `spare`. */
const UNLOCKS_PER_VIDEO = 8;
let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
let admin: string;
let video: any;
let spare: any;
/** Every media URL of the video while it was public: what an old public playlist handed out. */
let publicUrls: string[];

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
const mine = async (id = video.id) => (await s.api('GET', `/api/videos/${id}`, { token: owner.accessToken })).body;
const setPrivacy = async (body: unknown, id = video.id) => {
  const res = await s.api('PUT', `/api/videos/${id}/privacy`, { token: owner.accessToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const unlock = (password: string, id = video.id) => s.api('POST', `/api/videos/${id}/unlock`, { body: { password } });
const playback = (token?: string, id = video.id) => s.api('GET', `/api/playback/${id}${token ? `?token=${encodeURIComponent(token)}` : ''}`);
const embedPage = (id = video.id) => fetch(`${s.url}/embed/hls/${id}`).then(async (r) => ({ status: r.status, html: await r.text() }));

/** The master, each rung playlist and the first media file each one names, resolved as a player does. */
async function hlsUrls(master: string): Promise<string[]> {
  const urls = [master];
  const lines = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));
  const mapUri = (text: string) => [...text.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]);
  for (const rung of lines(await (await get(master)).text())) {
    const rungUrl = new URL(rung, master).href;
    urls.push(rungUrl);
    const text = await (await get(rungUrl)).text();
    for (const file of [...mapUri(text), ...lines(text).slice(0, 1)]) urls.push(new URL(file, rungUrl).href);
  }
  return [...new Set(urls)];
}
/** Every media URL of the owner's view of the video: mp4, playlists, segments, cover, thumbnails, the GIF. */
async function mediaUrls(v: any, gifUrl: string): Promise<string[]> {
  return [v.videoSource, ...(await hlsUrls(v.hlsSource)), v.imageUrl, ...v.thumbnails, gifUrl].filter(Boolean);
}
/** The same file under the newest token of the owner's view. */
const retoken = (url: string, token: string) => url.replace(/\/media\/videos\/([^/]+)\/(~[^/]+\/)?/, (_m, id) => `/media/videos/${id}/~${token}/`);
const untokened = (url: string) => url.replace(/\/~[^/]+\//, '/');

async function statuses(urls: string[]) {
  return Promise.all(urls.map(async (u) => (await get(u, { Range: 'bytes=0-99' })).status));
}

let gif: string;
beforeAll(async () => {
  s = await startTestServer({ PLAYBACK_TOKEN_SECRET: SECRET, PLAYBACK_TOKEN_TTL_SECONDS: String(TTL), RATE_LIMIT_VIDEO_UNLOCK_PER_ADDRESS_AND_VIDEO: `${UNLOCKS_PER_VIDEO}/900` });
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  admin = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body.accessToken;
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 2, audio: true });
  const a = await s.upload(owner.accessToken, clip, { name: 'Course lesson' });
  const b = await s.upload(owner.accessToken, clip, { name: 'Spare' });
  video = await s.waitForVideo(owner.accessToken, a.body.id, (v) => v.isMainReady && v.isHlsReady && v.thumbnails.length > 0 && !!v.imageUrl);
  spare = await s.waitForVideo(owner.accessToken, b.body.id, (v) => v.isMainReady && v.isHlsReady);
  const made = await s.api('POST', '/api/gifs', { token: owner.accessToken, body: { videoId: video.id, fps: 5, size: '320:-1', startTime: 0, endTime: 1 } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  gif = made.body.source;
  publicUrls = await mediaUrls(video, gif);
}, 240_000);
afterAll(() => s?.stop());

test('a public video plays for anyone, tokenless, every media file cacheable', async () => {
  expect(video).toMatchObject({ visibility: 'public', playbackToken: null });
  expect(publicUrls.every((u) => !u.includes('/~'))).toBe(true);
  // mp4, master, rung playlist, segment file, cover, thumbnail, GIF.
  expect(publicUrls.length).toBeGreaterThanOrEqual(7);
  expect(await statuses(publicUrls)).toEqual(publicUrls.map(() => expect.toSatisfy((n: number) => n === 200 || n === 206)));
  const segment = await get(publicUrls.find((u) => /hls\/[^/]+\/[^/]+\.(mp4|m4s|ts)$/.test(u)) as string, { Range: 'bytes=0-99' });
  expect(segment.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const info = await playback();
  expect(info.body).toMatchObject({ visibility: 'public', token: null, hlsSource: video.hlsSource });
  expect((await embedPage()).status).toBe(200);
});

test('private: strangers get "This video is private" on the playback call, the embed page and every media URL', async () => {
  await setPrivacy({ visibility: 'private' });
  const res = await playback();
  expect([res.status, res.body]).toEqual([403, { message: 'This video is private', code: 'VIDEO_PRIVATE' }]);
  const page = await embedPage();
  expect(page.status).toBe(403);
  expect(page.html).toContain('data-locked="private"');
  expect(page.html).not.toContain('reelbase-playback');
  // Every URL an old public playlist handed out, the segments included, is refused at once.
  expect(await statuses(publicUrls)).toEqual(publicUrls.map(() => 403));
  const refused = await get(publicUrls[0]);
  expect(refused.headers.get('cache-control')).toBe('no-store');
  expect(await refused.json()).toMatchObject({ code: 'PLAYBACK_TOKEN_INVALID' });
  // No password opens a private video.
  expect((await unlock('anything')).body).toMatchObject({ message: 'This video is private' });
  // Another signed-in user sees a 404, as for any video of someone else.
  expect((await s.api('GET', `/api/videos/${video.id}`, { token: other.accessToken })).status).toBe(404);
});

test('private: the owner and an admin get tokened URLs in their own answers, and every file plays with them', async () => {
  const v = await mine();
  expect(v.playbackToken).toMatchObject({ token: expect.stringMatching(/^\d{10}\.\d+p\.[\w-]{43}$/), expiresAt: expect.any(String) });
  const life = (Date.parse(v.playbackToken.expiresAt) - Date.now()) / 1000;
  expect(life).toBeGreaterThan(TTL - 5);
  expect(life).toBeLessThanOrEqual(TTL + 1);
  const urls = await mediaUrls(v, retoken(gif, v.playbackToken.token));
  expect(urls.every((u) => u.includes(`/~${v.playbackToken.token}/`))).toBe(true);
  expect((await statuses(urls)).every((n) => n === 200 || n === 206)).toBe(true);
  // Relative playlist entries resolved below the token: the segments carry it without any rewriting.
  expect(urls.filter((u) => /\/hls\/[^/]+\//.test(u)).length).toBeGreaterThanOrEqual(2);
  const seg = await get(urls.find((u) => /\/hls\/[^/]+\/[^/]+\.(mp4|m4s|ts)$/.test(u)) as string, { Range: 'bytes=0-99' });
  expect(seg.headers.get('cache-control')).toMatch(/^private, max-age=(\d+)$/);

  // The owner's GIF list previews through the token; its snippets keep the lasting URL.
  const [made] = (await s.api('GET', `/api/gifs?video-id=${video.id}`, { token: owner.accessToken })).body.items;
  expect(made.source).toMatch(/\/~[^/]+\/gifs\//);
  expect((await get(made.source)).status).toBe(200);
  expect((await get(made.mp4Source)).status).toBe(200);
  expect(made.embed).toContain(gif);

  const list = await s.api('GET', '/api/videos?limit=100', { token: owner.accessToken });
  const inList = list.body.items.find((x: any) => x.id === video.id);
  expect(inList.hlsSource).toContain('/~');
  expect((await get(inList.hlsSource)).status).toBe(200);

  const adminList = await s.api('GET', `/api/videos?user-id=${owner.id}`, { token: admin });
  expect(adminList.status).toBe(200);
  const seen = adminList.body.items.find((x: any) => x.id === video.id);
  expect(seen.playbackToken).not.toBeNull();
  expect((await statuses(await mediaUrls(seen, retoken(gif, seen.playbackToken.token)))).every((n) => n === 200 || n === 206)).toBe(true);
  // The token renews itself on the playback call (how the app's players play on).
  const renewed = await playback(v.playbackToken.token);
  expect(renewed.status).toBe(200);
  expect(renewed.headers.get('cache-control')).toBe('private, no-store');
  expect(renewed.body.token.token).not.toBe('');
});

test('password: the embed page shows the form; a wrong password is refused, the right one answers a token that opens every file', async () => {
  const set = await setPrivacy({ visibility: 'password', password: 'lesson-one' });
  expect(set).toMatchObject({ visibility: 'password', hasPassword: true });
  const locked = await playback();
  expect([locked.status, locked.body]).toEqual([403, { message: 'This video is protected by a password', code: 'VIDEO_PASSWORD' }]);
  const page = await embedPage();
  expect(page.status).toBe(200);
  expect(page.html).toContain('data-locked="password"');
  expect(page.html).not.toContain('/~');
  expect(await statuses(publicUrls)).toEqual(publicUrls.map(() => 403));

  const wrong = await unlock('lesson-two');
  expect([wrong.status, wrong.body]).toEqual([403, { message: 'Wrong password' }]);
  const right = await unlock('lesson-one');
  expect(right.status).toBe(200);
  expect(right.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
  const info = await playback(right.body.token);
  expect(info.status).toBe(200);
  expect(info.body).toMatchObject({ visibility: 'password', name: 'Course lesson', processing: false });
  const urls = await mediaUrls({ videoSource: info.body.mp4Source, hlsSource: info.body.hlsSource, imageUrl: info.body.poster, thumbnails: [] }, retoken(gif, info.body.token.token));
  expect((await statuses(urls)).every((n) => n === 200 || n === 206)).toBe(true);
  // The owner needs no password.
  expect((await get((await mine()).hlsSource)).status).toBe(200);
});

test('a token opens only its own video, unaltered and within its lifetime', async () => {
  await setPrivacy({ visibility: 'password', password: 'spare-pass' }, spare.id);
  const token = (await unlock('lesson-one')).body.token as string;
  const master = (await playback(token)).body.hlsSource as string;
  expect((await get(master)).status).toBe(200);
  // Another video's files with this token.
  const spareMaster = untokened((await mine(spare.id)).hlsSource);
  expect((await get(retoken(spareMaster, token))).status).toBe(403);
  expect((await playback(token, spare.id)).status).toBe(403);
  // Altered: the expiry pushed out, or the signature changed.
  const [exp, version, sig] = token.split('.');
  for (const bad of [`${Number(exp) + 3600}.${version}.${sig}`, `${exp}.${version}.${sig.slice(0, -2)}AA`, `${exp}.${Number(version) + 1}.${sig}`, 'x', '']) {
    expect((await get(retoken(master, bad))).status, bad).toBe(403);
  }
  // Past its lifetime: a token signed with the same secret an hour ago.
  const versionNow = Number(version);
  const old = playbackTokens(SECRET, TTL, () => Date.now() - 3600_000).issue(video.id, versionNow).token;
  expect((await get(retoken(master, old))).status).toBe(403);
  expect((await playback(old)).body).toMatchObject({ code: 'VIDEO_PASSWORD' });
  // The same signing with a lifetime left works: the refusal above was the expiry.
  const fresh = playbackTokens(SECRET, TTL).issue(video.id, versionNow).token;
  expect((await get(retoken(master, fresh))).status).toBe(200);
});

test('a changed password or visibility stops the tokens handed out before, at once', async () => {
  const token = (await unlock('lesson-one')).body.token as string;
  const info = (await playback(token)).body;
  const segmentUrls = await hlsUrls(info.hlsSource);
  expect((await statuses(segmentUrls)).every((n) => n === 200 || n === 206)).toBe(true);
  await setPrivacy({ visibility: 'password', password: 'lesson-new' });
  expect(await statuses(segmentUrls)).toEqual(segmentUrls.map(() => 403));
  expect((await playback(token)).status).toBe(403);
  expect((await unlock('lesson-one')).body).toEqual({ message: 'Wrong password' });
  const again = (await unlock('lesson-new')).body.token;
  await setPrivacy({ visibility: 'private' });
  expect((await get(retoken(info.hlsSource, again))).status).toBe(403);
});

test('unlisted: anyone with the link plays it, but only through tokened URLs', async () => {
  await setPrivacy({ visibility: 'unlisted' });
  const info = await playback();
  expect(info.status).toBe(200);
  expect(info.body.visibility).toBe('unlisted');
  expect(info.body.hlsSource).toContain(`/~${info.body.token.token}/`);
  expect((await get(info.body.hlsSource)).status).toBe(200);
  expect((await embedPage()).status).toBe(200);
  expect(await statuses(publicUrls)).toEqual(publicUrls.map(() => 403));
  // Public again: the old URLs play, tokenless.
  await setPrivacy({ visibility: 'public' });
  expect((await statuses(publicUrls)).every((n) => n === 200 || n === 206)).toBe(true);
});

test('password guessing is limited per address and video: 429 after the limit, other videos unaffected', async () => {
  for (let i = 0; i < UNLOCKS_PER_VIDEO; i++) expect((await unlock(`guess-${i}`, spare.id)).status).toBe(403);
  const limited = await unlock('spare-pass', spare.id);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  // Another video of the same address still takes its password.
  await setPrivacy({ visibility: 'password', password: 'lesson-one' });
  expect((await unlock('lesson-one')).status).toBe(200);
  await setPrivacy({ visibility: 'public' });
});

test('bulk: the owner sets the visibility of a selection; another user\'s ids change nothing', async () => {
  const stranger = await signUpAndLogin(s);
  const refused = await s.api('POST', '/api/videos/bulk', { token: stranger.accessToken, body: { action: 'setVisibility', visibility: 'private', ids: [video.id] } });
  expect(refused.status).toBe(404);
  const mixed = await s.api('POST', '/api/videos/bulk', { token: owner.accessToken, body: { action: 'setVisibility', visibility: 'private', ids: [video.id, crypto.randomUUID()] } });
  expect(mixed.status).toBe(404);
  expect((await mine()).visibility).toBe('public');
  const bad = await s.api('POST', '/api/videos/bulk', { token: owner.accessToken, body: { action: 'setVisibility', visibility: 'password', ids: [video.id] } });
  expect(bad.status).toBe(422);
  expect(bad.body.errors.visibility).toBe('Must be one of public, unlisted, private (a password is set per video).');

  const done = await s.api('POST', '/api/videos/bulk', { token: owner.accessToken, body: { action: 'setVisibility', visibility: 'private', ids: [video.id, spare.id] } });
  expect(done.body).toEqual({ message: '2 videos set to private.', count: 2 });
  expect((await mine()).visibility).toBe('private');
  expect((await mine(spare.id)).visibility).toBe('private');
  expect(await statuses(publicUrls)).toEqual(publicUrls.map(() => 403));
  expect((await playback()).status).toBe(403);
});

test('a copy keeps the privacy of what it was copied from, its password included', async () => {
  await setPrivacy({ visibility: 'password', password: 'copy-me' });
  const copy = await s.api('POST', `/api/videos/${video.id}/copy`, { token: owner.accessToken });
  expect(copy.status, JSON.stringify(copy.body)).toBe(201);
  expect(copy.body).toMatchObject({ visibility: 'password', hasPassword: true });
  expect((await get(untokened(copy.body.hlsSource))).status).toBe(403);
  expect((await unlock('copy-me', copy.body.id)).status).toBe(200);
});

test('a replaced private video: its versioned files play only below the token, v-<version> and all', async () => {
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 2, audio: true });
  const form = new FormData();
  form.append('video', await openAsBlob(clip, { type: 'video/mp4' }), 'new-cut.mp4');
  const res = await fetch(`${s.url}/api/videos/${spare.id}/replace`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
  expect(res.status).toBe(202);
  const v = await s.waitForVideo(owner.accessToken, spare.id, (x) => x.processing.activity === 'ready' && /\/v-[0-9a-f]{12}\//.test(x.hlsSource ?? ''));
  expect(v.visibility).toBe('private');
  expect(v.hlsSource).toMatch(new RegExp(`/~${v.playbackToken.token.replaceAll('.', '\\.')}/v-[0-9a-f]{12}/hls/master\\.m3u8$`));
  const urls = [v.videoSource, ...(await hlsUrls(v.hlsSource))];
  // Five levels below the video: ~token/v-<version>/hls/<rung>/<file>.
  expect(urls.some((u) => /\/~[^/]+\/v-[^/]+\/hls\/[^/]+\/[^/]+$/.test(u))).toBe(true);
  expect((await statuses(urls)).every((n) => n === 200 || n === 206)).toBe(true);
  expect(await statuses(urls.map(untokened))).toEqual(urls.map(() => 403));
}, 120_000);
