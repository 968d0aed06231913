import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAsBlob } from 'node:fs';
import { TRIM_MESSAGES, WATERMARK_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bandwidthMonth } from '../src/modules/payments/entitlements.ts';
import { Video } from '../src/modules/videos/video.entity.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { publishedDuration, reachableFiles, storedFiles, untilGone } from './support/trim.ts';

const MB = 1024 * 1024;
let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let video: any;
let newClip: string;

beforeAll(async () => {
  s = await startTestServer({ STORAGE_LIMIT_BYTES_PER_ACCOUNT: String(20 * MB), STALE_MEDIA_GRACE_SECONDS: '1' });
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  const folder = (await s.api('POST', '/api/folders', { token: owner.accessToken, body: { name: 'Tours' } })).body.folder.id;
  const up = await s.upload(owner.accessToken, await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 4, gop: 30, audio: true }), { name: 'Harbour tour', folderId: folder });
  expect(up.status).toBe(201);
  video = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.processing.stage === 'ready' && v.processing.isLadderReady);
  newClip = await makeClip({ codec: 'h264', width: 640, height: 480, seconds: 2, audio: true });
}, 120_000);
afterAll(() => s.stop());

const replace = async (id: string, file: string, token = owner.accessToken, type = 'video/mp4'): Promise<{ status: number; body: any }> => {
  const form = new FormData();
  form.append('video', await openAsBlob(file, { type }), 'new-cut.mp4');
  const res = await fetch(`${s.url}/api/videos/${id}/replace`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
};
const get = async (id = video.id) => (await s.api('GET', `/api/videos/${id}`, { token: owner.accessToken })).body;
const stored = () => storedFiles(s.dataDir, video.id);
const beacon = (id: string, curTime: number) =>
  fetch(`${s.url}/api/statistics/drop-off/${id}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '8.8.8.8' }, body: JSON.stringify({ curTime }) });

test('a replace keeps id, name, folder, embed and player settings, statistics and bandwidth; the video plays throughout; every URL is new; the old files go', async () => {
  const id = video.id;
  const embedSettings = await s.api('PUT', `/api/videos/${id}/embed-settings`, { token: owner.accessToken, body: { responsive: false, width: 640, height: 360 } });
  expect(embedSettings.status).toBe(200);
  const player = await s.api('PUT', `/api/player-config/${id}`, { token: owner.accessToken, body: { autoHideControls: false, endAction: 'loop' } });
  expect(player.status).toBe(200);
  expect((await beacon(id, 0)).status).toBe(204);
  await s.services.statistics.flush();
  const statsBefore = (await s.api('GET', `/api/statistics/video/${id}`, { token: owner.accessToken })).body;
  expect(statsBefore.totals.plays).toBe(1);
  await s.services.orm.em.fork().nativeUpdate(Video, { id }, { totalBandwidthUsage: 5 * MB, monthlyBandwidthUsage: 3 * MB, bandwidthMonth: bandwidthMonth() });
  const embedCode = (await s.api('GET', `/api/videos/${id}/embed`, { token: owner.accessToken })).body;
  const before = await get();
  const urlsBefore = await reachableFiles(before);

  const res = await replace(id, newClip);
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ id, name: 'Harbour tour', status: 'ready', processing: { stage: 'processing', activity: 'replacing' } });
  // One change of the picture at a time.
  const second = await replace(id, newClip);
  expect(second.status).toBe(409);
  expect(second.body.message).toBe(TRIM_MESSAGES.busy);

  // A viewer's player is served a complete video at every moment: playback info, the master and
  // its first variant, the mp4 and the embed page, polled until the new ladder is out.
  const seen = new Set<string>();
  let checks = 0;
  let done: any;
  for (;;) {
    const info = (await s.api('GET', `/api/playback/${id}`)).body;
    expect(info.processing).toBe(false);
    seen.add(info.hlsSource);
    const master = await fetch(info.hlsSource);
    expect(master.status).toBe(200);
    const variant = (await master.text()).split('\n').find((l) => l && !l.startsWith('#')) as string;
    expect((await fetch(new URL(variant, info.hlsSource))).status).toBe(200);
    expect((await fetch(info.mp4Source, { headers: { Range: 'bytes=0-1023' } })).status).toBe(206);
    expect((await fetch(`${s.url}/embed/hls/${id}`)).status).toBe(200);
    checks++;
    const v = await get();
    expect(v.status).toBe('ready');
    if (v.processing.stage === 'ready' && v.processing.isLadderReady && v.hlsSource !== before.hlsSource) {
      done = v;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(checks).toBeGreaterThan(1);
  console.info(`${checks} playback checks (playback info, master, variant, mp4 range, embed page) during the replace, every one answered`);
  // Old and new were both seen, nothing else in between.
  expect(seen).toEqual(new Set([before.hlsSource, done.hlsSource]));

  // The new file is what plays, in the same video.
  expect(done).toMatchObject({ id, name: 'Harbour tour', folderId: before.folderId, processing: { error: null }, metadata: { video: { width: 640, height: 480 } } });
  expect(done.metadata.durationSec).toBeCloseTo(2, 1);
  expect(await publishedDuration(done.videoSource)).toBeCloseTo(2, 1);
  expect(done.playerConfig).toEqual(before.playerConfig);
  expect((await s.api('GET', `/api/videos/${id}/embed-settings`, { token: owner.accessToken })).body).toEqual(embedSettings.body);
  expect((await s.api('GET', `/api/videos/${id}/embed`, { token: owner.accessToken })).body).toEqual(embedCode);
  expect((await s.api('GET', `/api/statistics/video/${id}`, { token: owner.accessToken })).body).toEqual(statsBefore);
  expect(done.totalBandwidthUsage).toBeGreaterThanOrEqual(5 * MB);
  expect(done.monthlyBandwidthUsage).toBeGreaterThanOrEqual(3 * MB);

  // Every file a viewer can reach has a new name, so no cache holds an old one under it.
  const urlsAfter = await reachableFiles(done);
  expect([...urlsAfter].filter((u) => urlsBefore.has(u))).toEqual([]);
  // The old ones go after their grace (1 s here); then what is stored is the new picture and nothing else.
  await untilGone(s, id, urlsBefore);
  await expect.poll(async () => (await stored()).filter((f) => !urlsAfter.has(f))).toEqual([]);
  video = done;
}, 120_000);

test('a failed replace (not a video) leaves the video exactly as it was, playing, with the reason; no file stays behind', async () => {
  const before = await get();
  const files = await stored();
  const dir = await mkdtemp(join(tmpdir(), 'reelbase-replace-'));
  const junk = join(dir, 'junk.mp4');
  await writeFile(junk, Buffer.alloc(64 * 1024, 'not a video '));
  const res = await replace(video.id, junk);
  expect(res.status).toBe(202);
  const after = await s.waitForVideo(owner.accessToken, video.id, (v) => v.processing.activity === 'ready');
  expect(after.processing.error).toBe('This file could not be read as a video.');
  expect({ ...after, processing: null, totalBandwidthUsage: 0, monthlyBandwidthUsage: 0 }).toEqual({ ...before, processing: null, totalBandwidthUsage: 0, monthlyBandwidthUsage: 0 });
  expect((await fetch(after.hlsSource)).status).toBe(200);
  expect((await fetch(after.videoSource, { headers: { Range: 'bytes=0-99' } })).status).toBe(206);
  expect(await stored()).toEqual(files);
}, 60_000);

test("another user's video answers 404 by form and by tus, a watermarked one 409, and nothing is received or stored; delivery serves only picture files of a version", async () => {
  const files = await stored();
  const foreign = await replace(video.id, newClip, other.accessToken);
  expect(foreign.status).toBe(404);
  expect(foreign.body.message).toBe('Video not found');
  const tus = await tusCreate(other.accessToken, 1000, video.id);
  expect(tus.status).toBe(404);
  expect((await s.api('POST', `/api/videos/${crypto.randomUUID()}/replace`, { token: owner.accessToken })).status).toBe(404);
  expect(await stored()).toEqual(files);

  // A watermarked video is unmarked first (its kept unmarked source would not match the new file).
  const mark = { id: crypto.randomUUID(), imageKey: `videos/${video.id}/watermark-${crypto.randomUUID()}.png`, positionX: 0, positionY: 0, width: 0.2, height: 0.2, opacity: 1, state: 'ready', cleanKey: null };
  await s.services.orm.em.fork().nativeUpdate(Video, { id: video.id }, { watermark: mark as never });
  const marked = await replace(video.id, newClip);
  expect(marked.status).toBe(409);
  expect(marked.body.message).toBe(WATERMARK_MESSAGES.replaceOverMarked);
  await s.services.orm.em.fork().nativeUpdate(Video, { id: video.id }, { watermark: null });
  expect(await stored()).toEqual(files);

  // Delivery serves a version's picture files and nothing else below it (never a source).
  const media = `${s.url}/media/videos/${video.id}`;
  const version = (video.videoSource as string).match(/\/(v-[0-9a-f]{12})\//)?.[1];
  expect((await fetch(`${media}/${version}/main.mp4`, { method: 'HEAD' })).status).toBe(200);
  for (const path of [`${version}/original.mp4`, `${version}/replacement-${crypto.randomUUID()}.mp4`, 'v-NOTAVERSION/main.mp4', `${version}/${version}/main.mp4`, `${version}/gifs/x.gif`]) {
    expect((await fetch(`${media}/${path}`)).status, path).toBe(404);
  }
});

const b64 = (v: string) => Buffer.from(v).toString('base64');
const tusHeaders = (t: string, extra: Record<string, string> = {}) => ({ 'Tus-Resumable': '1.0.0', authorization: `Bearer ${t}`, ...extra });
const tusCreate = (token: string, length: number, replaces?: string) =>
  fetch(`${s.url}/api/uploads`, {
    method: 'POST',
    headers: tusHeaders(token, { 'Upload-Length': String(length), 'Upload-Metadata': `filename ${b64('new.mp4')},filetype ${b64('video/mp4')}${replaces ? `,replaces ${b64(replaces)}` : ''}` }),
  });

test('quota: a replace is counted against the storage limit from its creation, before a byte; a tus replace keeps the video', async () => {
  // Larger than the account's room: refused at once, the video untouched.
  const tooBig = await tusCreate(owner.accessToken, 21 * MB, video.id);
  expect(tooBig.status).toBe(413);
  expect(((await tooBig.json()) as { message: string }).message).toBe('Your storage limit is reached. Delete videos or change your plan to upload more.');

  // A replace of 15 MB not yet sent holds its length: an upload of 6 MB no longer fits beside it.
  const held = await tusCreate(owner.accessToken, 15 * MB, video.id);
  expect(held.status).toBe(201);
  const heldUrl = new URL(held.headers.get('location') as string, s.url).toString();
  expect((await tusCreate(owner.accessToken, 6 * MB)).status).toBe(413);
  expect((await fetch(heldUrl, { method: 'DELETE', headers: tusHeaders(owner.accessToken) })).status).toBe(204);
  const fits = await tusCreate(owner.accessToken, 6 * MB);
  expect(fits.status).toBe(201);
  await fetch(new URL(fits.headers.get('location') as string, s.url), { method: 'DELETE', headers: tusHeaders(owner.accessToken) });

  // A whole tus replace: the answer names the same video, which then plays the new file.
  const bytes = await readFile(await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, audio: true }));
  const before = await get();
  const created = await tusCreate(owner.accessToken, bytes.length, video.id);
  expect(created.status).toBe(201);
  const sent = await fetch(new URL(created.headers.get('location') as string, s.url), {
    method: 'PATCH',
    headers: tusHeaders(owner.accessToken, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
    body: bytes,
  });
  expect(sent.status).toBe(204);
  expect(sent.headers.get('x-video-id')).toBe(video.id);
  const done = await s.waitForVideo(owner.accessToken, video.id, (v) => v.processing.stage === 'ready' && v.processing.isLadderReady && v.hlsSource !== before.hlsSource);
  expect(done.metadata.durationSec).toBeCloseTo(3, 1);
  expect(done.name).toBe('Harbour tour');
  video = done;
  expect((await s.api('GET', '/api/videos', { token: owner.accessToken })).body.meta.totalItems).toBe(1);
}, 60_000);

test('a copy of a replaced video plays its own copy of the current picture, and none of the earlier one', async () => {
  const res = await s.api('POST', `/api/videos/${video.id}/copy`, { token: owner.accessToken });
  expect(res.status).toBe(201);
  const copy = res.body;
  expect(copy.videoSource).toBe(video.videoSource.replace(video.id, copy.id));
  for (const url of [copy.videoSource, copy.hlsSource, ...copy.thumbnails]) expect((await fetch(url, { method: 'HEAD' })).status, url).toBe(200);
  const reachable = await reachableFiles(copy);
  expect((await storedFiles(s.dataDir, copy.id)).filter((f) => !reachable.has(f))).toEqual([]);
});
