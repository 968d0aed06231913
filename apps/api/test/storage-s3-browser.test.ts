import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { User } from '../src/modules/users/user.entity.ts';
import { launchChromium, media, until } from './support/browser.ts';
import { makeClip } from './support/clips.ts';
import { type LocalS3, startLocalS3 } from './support/s3.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

// Chromium plays a video whose every file lives in the bucket; a banned owner's video stops at once.
let s3: LocalS3;
let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  const launching = launchChromium();
  s3 = await startLocalS3();
  s = await startTestServer({ ...s3.env, DELIVERY_STATUS_CACHE_SECONDS: '0', STATS_FLUSH_SECONDS: '3600' });
  browser = await launching;
});
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await s3?.stop();
});

test('a video stored in S3 plays in chromium through hls.js, and stops being served when its owner is banned', async () => {
  const owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 4, audio: true });
  const up = await s.upload(owner.accessToken, clip, { name: 'From the bucket' });
  const video = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
  expect(await s3.keys(`videos/${video.id}/hls/`)).toContain(`videos/${video.id}/hls/master.m3u8`);

  expect((await s.api('PUT', `/api/player-config/${video.id}`, { token: owner.accessToken, body: { startAction: 'autoPlay' } })).status).toBe(200);
  const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
  const segments: string[] = [];
  page.on('requestfinished', (r) => {
    if (/\/hls\/.+\.(ts|m4s|mp4)$/.test(r.url())) segments.push(r.url());
  });
  await page.goto(`${s.url}/embed/hls/${video.id}?engine=hlsjs`);
  const playing = await until(() => media(page), (m) => !!m && m.t > 1.5, 'playback from the bucket to advance', 20_000);
  expect(playing!.src).toMatch(/^blob:/);
  expect(segments.length).toBeGreaterThan(0);

  // Banning the owner: every file of the video answers 404 on the next request, segments too.
  await s.services.orm.em.fork().nativeUpdate(User, { id: owner.id }, { ban: true });
  expect((await fetch(video.hlsSource)).status).toBe(404);
  expect((await fetch(segments[0])).status).toBe(404);
  await page.reload();
  await expect.poll(() => page.locator('.rb-message').textContent()).toBe('This video is not available.');
  await page.close();
}, 60_000);
