import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium, media, until } from './support/browser.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * A remuxed upload is stored once: main.mp4 is a fragmented mp4 and its HLS rendition lists byte
 * ranges of it. Chromium plays that rendition (natively and through hls.js) and the mp4 itself,
 * with seeking, while the ladder is held back so the remux is all there is.
 */
let s: TestServer;
let browser: Browser;
let video: any;
let releaseLadder: () => void = () => {};
const ladderHeld = new Promise<void>((r) => {
  releaseLadder = r;
});

beforeAll(async () => {
  const launching = launchChromium();
  s = await startTestServer({}, { onStep: (step) => (step === 'ladder' ? ladderHeld : undefined) });
  const owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 4, audio: true });
  const up = await s.upload(owner.accessToken, clip, { name: 'Harbour' });
  video = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.isHlsReady && v.isMainReady);
  browser = await launching;
});
afterAll(async () => {
  releaseLadder();
  await browser?.close();
  await s?.stop();
});

test('the remuxed rendition plays from byte ranges of main.mp4, natively and through hls.js', async () => {
  const master = await (await fetch(video.hlsSource)).text();
  expect(master).toContain('first/index.m3u8');
  for (const engine of ['?engine=native', '?engine=hlsjs']) {
    const page = await browser.newPage();
    const ranges: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/main.mp4')) ranges.push(r.headers().range ?? 'whole file');
    });
    await page.goto(`${s.url}/embed/hls/${video.id}${engine}`);
    await page.locator('video').waitFor({ state: 'attached' });
    // Not awaited: play() settles only once playback starts.
    await page.evaluate(() => void (globalThis as any).document.querySelector('video').play().catch(() => {}));
    const playing = await until(() => media(page), (m) => !!m && m.t > 1.5, `playback${engine}`, 20_000);
    expect(playing!.paused).toBe(false);
    // hls.js asks for the playlist's exact ranges (the init section, then segments).
    if (engine === '?engine=hlsjs') expect(ranges.filter((r) => /^bytes=\d+-\d+$/.test(r)).length).toBeGreaterThanOrEqual(2);
    await page.close();
  }
});

test('main.mp4 plays as a plain video source and seeks', async () => {
  const page = await browser.newPage();
  await page.setContent(`<video muted src="${video.videoSource}"></video>`);
  const duration = await page.waitForFunction(() => {
    const v = (globalThis as any).document.querySelector('video');
    return v.readyState >= 1 && v.duration;
  });
  expect(Number(await duration.jsonValue())).toBeCloseTo(4, 0);
  await page.evaluate(() => {
    (globalThis as any).document.querySelector('video').currentTime = 3;
  });
  await page.evaluate(() => (globalThis as any).document.querySelector('video').play());
  const after = await until(() => media(page), (m) => !!m && m.t > 3.2, 'playback after the seek', 20_000);
  expect(after!.paused).toBe(false);
  await page.close();
});
