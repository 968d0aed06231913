import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let token: string;
const crashes: string[] = [];

beforeAll(async () => {
  s = await startTestServer(
    { JOB_RETRY_DELAY_SECONDS: '1' },
    {
      // The worker dies on its first try at the ladder, after the first rendition was published.
      onStep: (step, videoId, attempt) => {
        if (step === 'ladder' && attempt === 0) {
          crashes.push(videoId);
          throw new Error('simulated worker crash');
        }
      },
    },
  );
  token = (await signUpAndLogin(s)).accessToken;
});
afterAll(() => s.stop());

test('a job that fails mid-way is retried and the video ends correct, playable all along', async () => {
  const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 2, audio: true });
  const up = await s.upload(token, clip);
  const playable = await s.waitForVideo(token, up.body.id, (v) => v.isHlsReady && v.isMainReady);
  expect((await fetch(playable.hlsSource)).status).toBe(200);

  const done = await s.waitForVideo(token, up.body.id, (v) => v.processing.isLadderReady, 90_000);
  expect(crashes).toEqual([up.body.id]);
  expect(done.status).toBe('ready');
  expect(done.processing.error).toBeNull();
  expect(done.thumbnails).toHaveLength(4);
  const master = await (await fetch(done.hlsSource)).text();
  const variants = master.split('\n').filter((l) => l && !l.startsWith('#'));
  expect(variants.length).toBeGreaterThan(0);
  for (const v of variants) expect((await fetch(new URL(v, done.hlsSource))).status).toBe(200);
});
