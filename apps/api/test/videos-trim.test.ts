import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MESSAGES, TRIM_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { User } from '../src/modules/users/user.entity.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { publishedDuration, reachableFiles, storedFiles, untilGone, uploadReady } from './support/trim.ts';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let source: any;
beforeAll(async () => {
  s = await startTestServer({ STALE_MEDIA_GRACE_SECONDS: '1' });
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  // A keyframe every second, so cuts at whole seconds copy and cuts between them re-encode a head.
  const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 4, gop: 30, audio: true });
  source = await uploadReady(s, owner.accessToken, clip, 'Harbour tour');
});
afterAll(() => s.stop());

const edit = (id: string, body: unknown, token = owner.accessToken) => s.api('PUT', `/api/videos/${id}/edit`, { token, body });
const videoDirs = async () => (await readdir(join(s.dataDir, 'media', 'videos'))).sort();

test('Save As New Video: a new video holds the cut, the original is untouched', async () => {
  const res = await edit(source.id, { start: 0.5, end: 2.5, mode: 'new', name: 'Harbour tour (short)' });
  expect(res.status).toBe(202);
  expect(res.body.id).not.toBe(source.id);
  expect(res.body).toMatchObject({ name: 'Harbour tour (short)', status: 'loading' });

  const cut = await s.waitForVideo(owner.accessToken, res.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
  expect(cut.metadata.durationSec).toBeCloseTo(2, 1);
  expect(await publishedDuration(cut.videoSource)).toBeCloseTo(2, 1);
  expect(cut.thumbnails).toHaveLength(4);

  const original = (await s.api('GET', `/api/videos/${source.id}`, { token: owner.accessToken })).body;
  expect(original.videoSource).toBe(source.videoSource);
  expect(await publishedDuration(original.videoSource)).toBeCloseTo(4, 1);
});

test('Overwrite Original: same id and embed code, the video plays throughout, every file name changes, old files go', async () => {
  const embedBefore = (await s.api('GET', `/api/videos/${source.id}/embed`, { token: owner.accessToken })).body;
  const reachableBefore = await reachableFiles(source);
  const res = await edit(source.id, { start: 1, end: 3, mode: 'overwrite' });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ id: source.id, processing: { stage: 'processing', progress: 0 } });

  // Viewers are served a complete video at every moment of the edit.
  let done: any;
  let checks = 0;
  for (;;) {
    const v = (await s.api('GET', `/api/videos/${source.id}`, { token: owner.accessToken })).body;
    expect(v.status).toBe('ready');
    for (const url of [v.videoSource, v.hlsSource, `${s.url}/embed/hls/${source.id}`]) expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
    checks++;
    if (v.processing.stage === 'ready' && v.processing.isLadderReady) {
      done = v;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(checks).toBeGreaterThan(1);

  expect(done.id).toBe(source.id);
  expect(done.metadata.durationSec).toBeCloseTo(2, 1);
  expect(await publishedDuration(done.videoSource)).toBeCloseTo(2, 1);
  expect((await s.api('GET', `/api/videos/${source.id}/embed`, { token: owner.accessToken })).body).toEqual(embedBefore);
  // Every file a viewer can reach has a new name (frames, mp4, playlists, segments: the old ones
  // are cached for a year), and the cover follows the frames.
  expect(done.thumbnails).toHaveLength(4);
  expect(done.imageUrl).toBe(done.thumbnails[0]);
  const reachable = await reachableFiles(done);
  expect([...reachable].filter((f) => reachableBefore.has(f))).toEqual([]);
  await untilGone(s, source.id, reachableBefore);

  // Storage holds the cut's main.mp4 (a remux: it is the source too), the frames and exactly the
  // files the playlists list; the upload and the old renditions are gone.
  await expect.poll(async () => (await storedFiles(s.dataDir, source.id)).filter((f) => !reachable.has(f))).toEqual([]);
  source = done;
});

test('refusals: bad times, another user\'s video, a video still processing, the feature off; nothing is written', async () => {
  const dirs = await videoDirs();
  const count = async () => (await s.api('GET', '/api/videos', { token: owner.accessToken })).body.meta.totalItems;
  const before = await count();

  const backwards = await edit(source.id, { start: 1.5, end: 1, mode: 'new' });
  expect(backwards.status).toBe(422);
  expect(backwards.body.errors).toEqual({ end: TRIM_MESSAGES.endAfterStart });
  const badMode = await edit(source.id, { start: 1, end: 2, mode: 'sideways' });
  expect(badMode.status).toBe(422);
  expect(badMode.body.errors).toEqual({ mode: TRIM_MESSAGES.mode });
  const incomplete = await edit(source.id, { start: 1, mode: 'new' });
  expect(incomplete.status).toBe(422);
  expect(incomplete.body.errors).toEqual({ end: TRIM_MESSAGES.incomplete });
  const pastEnd = await edit(source.id, { start: 30, end: 40, mode: 'new' });
  expect(pastEnd.status).toBe(422);
  expect(pastEnd.body.errors).toEqual({ start: TRIM_MESSAGES.startPastEnd });

  const foreign = await edit(source.id, { start: 0, end: 1, mode: 'overwrite' }, other.accessToken);
  expect(foreign.status).toBe(404);

  await s.services.orm.em.fork().nativeUpdate(User, { id: owner.id }, { features: { videoTrimmer: false, uploadPlayerLogo: true, setVideoImage: true, createGif: true, addWatermark: true } });
  const off = await edit(source.id, { start: 0, end: 1, mode: 'new' });
  expect(off.status).toBe(403);
  expect(off.body.message).toBe(MESSAGES.featureDisabled);
  // Renaming is not a gated tool.
  expect((await edit(source.id, { name: 'Harbour' })).status).toBe(200);
  await s.services.orm.em.fork().nativeUpdate(User, { id: owner.id }, { features: { videoTrimmer: true, uploadPlayerLogo: true, setVideoImage: true, createGif: true, addWatermark: true } });

  const first = await edit(source.id, { start: 0, end: 1.5, mode: 'overwrite' });
  expect(first.status).toBe(202);
  const busy = await edit(source.id, { start: 0, end: 1, mode: 'new' });
  expect(busy.status).toBe(409);
  expect(busy.body.message).toBe(TRIM_MESSAGES.busy);
  await s.waitForVideo(owner.accessToken, source.id, (v) => v.processing.stage === 'ready' && v.processing.isLadderReady);

  expect(await count()).toBe(before);
  expect(await videoDirs()).toEqual(dirs);
});
