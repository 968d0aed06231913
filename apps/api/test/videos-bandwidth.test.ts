import { afterAll, beforeAll, expect, test } from 'vitest';
import { User } from '../src/modules/users/user.entity.ts';
import { Video } from '../src/modules/videos/video.entity.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let user: Awaited<ReturnType<typeof signUpAndLogin>>;
let video: any;

beforeAll(async () => {
  // A long flush interval: only an explicit flush may write, which proves requests do not.
  s = await startTestServer({ BANDWIDTH_FLUSH_SECONDS: '3600', DELIVERY_STATUS_CACHE_SECONDS: '0' });
  user = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: true });
  const up = await s.upload(user.accessToken, clip);
  video = await s.waitForVideo(user.accessToken, up.body.id, (v) => v.isMainReady && v.isHlsReady);
});
afterAll(() => s.stop());

test('bytes delivered are counted per video and written in one batch', async () => {
  const full = (await (await fetch(video.videoSource)).arrayBuffer()).byteLength;
  await (await fetch(video.videoSource, { headers: { Range: 'bytes=0-99' } })).arrayBuffer();
  await new Promise((r) => setTimeout(r, 50));
  const before = (await s.api('GET', `/api/videos/${video.id}`, { token: user.accessToken })).body;
  expect(before.totalBandwidthUsage).toBe(0);

  await s.services.bandwidth.flush();
  const after = (await s.api('GET', `/api/videos/${video.id}`, { token: user.accessToken })).body;
  expect(after.totalBandwidthUsage).toBe(full + 100);
  expect(after.monthlyBandwidthUsage).toBe(full + 100);
});

test('a blocked video, or one whose owner is banned, is not served', async () => {
  const em = s.services.orm.em.fork();
  await em.nativeUpdate(Video, { id: video.id }, { ban: true });
  expect((await fetch(video.videoSource)).status).toBe(404);
  expect((await fetch(video.hlsSource)).status).toBe(404);

  await em.nativeUpdate(Video, { id: video.id }, { ban: false });
  await em.nativeUpdate(User, { id: user.id }, { ban: true });
  expect((await fetch(video.videoSource)).status).toBe(404);

  await em.nativeUpdate(User, { id: user.id }, { ban: false });
  expect((await fetch(video.videoSource)).status).toBe(200);
});
