import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, memoryTokenStorage } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openUploadQueue } from '../src/main/uploads.ts';
import { type Login, makeClip, sessionOf, signUpAndLogin, startTestServer, type TestServer } from './support/api.ts';

let s: TestServer;
let user: Login;
let tmp: string;

beforeAll(async () => {
  s = await startTestServer();
  user = await signUpAndLogin(s);
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-replace-'));
});
afterAll(async () => {
  await s?.stop();
  await rm(tmp, { recursive: true, force: true });
});

const settled = (v: any) => v.processing.activity === 'ready' && v.processing.isLadderReady;

test('the upload queue replaces a video file (tus with replaces): the same video plays the new file', async () => {
  const first = await makeClip({ seconds: 2, width: 320, height: 240, audio: true });
  const up = await s.upload(user.accessToken, first, { name: 'Harbour tour' });
  const before = await s.waitForVideo(user.accessToken, up.body.id, settled);
  const client = createApiClient({ baseUrl: s.url, storage: memoryTokenStorage(sessionOf(user)) });
  let drained: () => void = () => {};
  const done = new Promise<void>((r) => {
    drained = r;
  });
  const queue = await openUploadQueue(() => client, join(tmp, 'queue'), { onDrained: () => drained() });
  const next = await makeClip({ seconds: 3, width: 320, height: 240, audio: true });
  await queue.add([{ path: next, mime: 'video/mp4', size: (await stat(next)).size, replaces: before.id }]);
  await done;

  const [item] = queue.snapshot().items;
  expect(item).toMatchObject({ status: 'done', videoId: before.id, percent: 100 });
  const after = await s.waitForVideo(user.accessToken, before.id, (v) => settled(v) && v.hlsSource !== before.hlsSource);
  expect(after).toMatchObject({ id: before.id, name: 'Harbour tour' });
  expect(after.metadata.durationSec).toBeCloseTo(3, 1);
  expect((await s.api('GET', '/api/videos', { token: user.accessToken })).body.meta.totalItems).toBe(1);
  await queue.close();
}, 120_000);
