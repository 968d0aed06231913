import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  // One second for the whole job: probe, remux and ladder together cannot fit in it.
  s = await startTestServer({ JOB_TIMEOUT_SECONDS: '1', JOB_RETRY_DELAY_SECONDS: '1' });
});
afterAll(() => s.stop());

test('a processing job is stopped at its deadline with a reason for the owner, and not retried', async () => {
  const { accessToken: token } = await signUpAndLogin(s);
  // Long enough that even its growing first rendition (ultrafast) cannot end within the second.
  const clip = await makeClip({ codec: 'mpeg4', width: 1280, height: 720, seconds: 30, audio: 'mp3' });
  const up = await s.upload(token, clip);
  expect(up.status).toBe(201);
  const video = await s.waitForVideo(token, up.body.id, (v) => v.processing.error !== null);
  expect(video.processing.error).toBe('Processing took longer than the 1 s limit and was stopped.');
  // The transcode never finished, so nothing of it is kept and the video stays failed.
  expect(video.status).toBe('failed');
  await new Promise((r) => setTimeout(r, 3_000));
  const later = (await s.api('GET', `/api/videos/${up.body.id}`, { token })).body;
  expect(later.processing).toMatchObject({ stage: 'failed', progress: video.processing.progress });
  expect(await readdir(join(s.dataDir, 'media', 'videos', up.body.id)).catch(() => [])).toEqual([]);
});
