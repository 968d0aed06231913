import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { type LocalS3, startLocalS3 } from './support/s3.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { publishedDuration, reachableFiles, untilGone, uploadReady } from './support/trim.ts';

// The edit flow with STORAGE=s3: the cut is read from and written to the bucket only.
let s3: LocalS3;
let s: TestServer;
let token: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  s = await startTestServer({ ...s3.env, STALE_MEDIA_GRACE_SECONDS: '1' });
  token = (await signUpAndLogin(s)).accessToken;
});
afterAll(async () => {
  await s?.stop();
  await s3?.stop();
});

test('trim into a new video and overwrite the original, both in the bucket', async () => {
  const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 4, gop: 30, audio: true });
  const source = await uploadReady(s, token, clip, 'Pier');

  const copy = await s.api('PUT', `/api/videos/${source.id}/edit`, { token, body: { start: 1, end: 3.5, mode: 'new' } });
  expect(copy.status).toBe(202);
  const cut = await s.waitForVideo(token, copy.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
  expect(await publishedDuration(cut.videoSource)).toBeCloseTo(2.5, 1);
  expect(await s3.keys(`videos/${cut.id}/original`)).toEqual([]); // the remux replaced it

  const before = await reachableFiles(source);
  const over = await s.api('PUT', `/api/videos/${source.id}/edit`, { token, body: { start: 0.5, end: 2, mode: 'overwrite' } });
  expect(over.status).toBe(202);
  const done = await s.waitForVideo(token, source.id, (v) => v.processing.stage === 'ready' && v.processing.isLadderReady);
  expect(await publishedDuration(done.videoSource)).toBeCloseTo(1.5, 1);
  // The old version goes after its grace; then the bucket holds exactly the new one: the mp4, what the playlists list, the frames.
  await untilGone(s, source.id, before);
  const reachable = await reachableFiles(done);
  const keysNow = async () => (await s3.keys(`videos/${source.id}/`)).map((k) => k.slice(`videos/${source.id}/`.length));
  await expect.poll(async () => (await keysNow()).filter((k) => !reachable.has(k))).toEqual([]);
  const keys = await keysNow();
  expect(keys.filter((k) => k.startsWith('original'))).toEqual([]);
  expect(keys.filter((k) => k.includes('thumbs/'))).toHaveLength(4);
  expect(existsSync(join(s.dataDir, 'media'))).toBe(false);
});
