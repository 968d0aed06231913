import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium, until } from './support/browser.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * A 60 s video with its whole ladder plays to its last second in every engine Chromium offers,
 * and the end action runs only there. The source keeps a keyframe every 2 s, so its remux is the
 * ladder's top rung beside the encoded rungs: the master then lists renditions of both origins,
 * which once made Chromium's own HLS stop at 0:06 (and run the end action there). hls.js, the
 * engine wherever MediaSource exists, starts at the rung that fits the player and the bandwidth.
 */
const SECONDS = 60;
let s: TestServer;
let browser: Browser;
let video: any;

beforeAll(async () => {
  const launching = launchChromium();
  s = await startTestServer();
  const owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 1920, height: 1080, fps: 10, seconds: SECONDS, gop: 20, audio: true });
  const up = await s.upload(owner.accessToken, clip, { name: 'Whole minute' });
  video = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady, 180_000);
  expect((await s.api('PUT', `/api/player-config/${video.id}`, { token: owner.accessToken, body: { startAction: 'autoPlay', endAction: 'stop' } })).status).toBe(200);
  browser = await launching;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

for (const [engine, query] of [
  ['hlsjs', '?engine=hlsjs'],
  ['native', '?engine=native'],
] as const) {
  test(`plays the whole minute and runs the end action only at the end (${engine})`, async () => {
    const master = await (await fetch(video.hlsSource)).text();
    expect(master.match(/#EXT-X-STREAM-INF/g)?.length).toBeGreaterThan(1);
    const page = await browser.newPage();
    // Records the furthest point reached and where each end of playback happened, before the
    // player's end action (stop: rewind to 0) moves the playhead.
    await page.addInitScript(() => {
      const w = globalThis as any;
      w.__furthest = 0;
      w.__ends = [];
      w.document.addEventListener(
        'timeupdate',
        (e: any) => {
          w.__furthest = Math.max(w.__furthest, e.target.currentTime);
        },
        true,
      );
      w.document.addEventListener('ended', (e: any) => w.__ends.push({ t: e.target.currentTime, d: e.target.duration }), true);
      // Faster than real time, so a minute takes seconds; set again whenever a source is attached.
      w.document.addEventListener(
        'loadedmetadata',
        (e: any) => {
          e.target.playbackRate = 4;
        },
        true,
      );
    });
    await page.goto(`${s.url}/embed/hls/${video.id}${query}`);
    await page.locator('video').waitFor({ state: 'attached' });
    expect(await page.locator('[data-engine]').getAttribute('data-engine')).toBe(engine);
    const ended = await until(
      () => page.evaluate(() => ({ ends: (globalThis as any).__ends, furthest: (globalThis as any).__furthest })),
      (x) => x.ends.length > 0,
      `the end of playback (${engine})`,
      90_000,
    );
    expect(ended.ends[0].d).toBeCloseTo(SECONDS, 0);
    expect(ended.ends[0].t).toBeGreaterThan(SECONDS - 1);
    expect(ended.furthest).toBeGreaterThan(SECONDS - 1);
    // endAction stop: rewound to the start and paused, once.
    const after = await page.evaluate(() => {
      const v = (globalThis as any).document.querySelector('video');
      return { t: v.currentTime, paused: v.paused };
    });
    expect(after).toEqual({ t: 0, paused: true });
    await page.close();
  });
}

/**
 * The rung folder of the first media segment the embed fetched (main.mp4 is the top rung), on a
 * connection of that speed (DevTools' network emulation, which is also what the page's
 * navigator.connection.downlink then reports).
 */
async function firstRung(viewport: { width: number; height: number }, downlinkMbps: number): Promise<string> {
  const page = await browser.newPage({ viewport });
  const cdp = await page.context().newCDPSession(page);
  const bytesPerSecond = (downlinkMbps * 1_000_000) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  const media: string[] = [];
  page.on('request', (r) => {
    const m = /\/media\/videos\/[^/]+\/(?:hls\/([^/]+)\/[^/]+|main)\.mp4$/.exec(r.url());
    if (m) media.push(m[1] ?? 'main.mp4');
  });
  await page.goto(`${s.url}/embed/hls/${video.id}?engine=hlsjs`);
  await until(async () => media.length, (n) => n > 1, 'the first media segments', 30_000);
  expect(await page.locator('[data-engine]').getAttribute('data-engine')).toBe('hlsjs');
  await page.close();
  return media[0];
}

test('hls.js starts at the rung that fits the player, not the lowest', async () => {
  // Its first segment must arrive in 0.5 s at the bandwidth the page can vouch for (downlink is
  // capped at 10 Mbit/s, the chunk's transfer shares the link): 720p's needs 12.5 Mbit/s, so a
  // 720-pixel player on 20 Mbit/s starts at 720p or one rung below, never the lowest nor 1080p.
  expect(['480p', '720p']).toContain(await firstRung({ width: 1280, height: 720 }, 20));
  expect(await firstRung({ width: 640, height: 360 }, 20)).toBe('360p');
  expect(await firstRung({ width: 426, height: 240 }, 20)).toBe('240p');
});

test('hls.js starts lower when the browser reports a slow connection', async () => {
  expect(['240p', '360p']).toContain(await firstRung({ width: 1280, height: 720 }, 1.2));
});
