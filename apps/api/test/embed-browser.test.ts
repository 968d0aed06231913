import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Video } from '../src/modules/videos/video.entity.ts';
import { launchChromium, media, until } from './support/browser.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The embed page in a real browser (Debian's chromium, never a downloaded one): a video processed
 * by the real pipeline plays inside the iframe snippet on another site, runs its end action, sends
 * its beacons, and the hls.js path (?engine=hlsjs) plays too.
 */
const OUT = join(import.meta.dirname, '..', 'test-results');

let s: TestServer;
let browser: Browser;
let host: Server;
let hostUrl: string;
let hostPage = '';
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let video: any;

beforeAll(async () => {
  const launching = launchChromium();
  s = await startTestServer({ STATS_FLUSH_SECONDS: '3600' });
  owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 4, audio: true });
  const up = await s.upload(owner.accessToken, clip, { name: 'Spring sale' });
  // The whole ladder, so no master playlist is swapped while the browser plays.
  video = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
  // A customer's site on another origin (localhost vs 127.0.0.1) that pastes the embed code.
  host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(hostPage));
  await new Promise<void>((r) => host.listen(0, 'localhost', r));
  hostUrl = `http://localhost:${(host.address() as { port: number }).port}/`;
  browser = await launching;
});

afterAll(async () => {
  await browser?.close();
  host?.close();
  await s?.stop();
});

/** What a page loaded before its first frame: the page, its modules and stylesheets (bytes on the wire). */
function pageWeight(frame: Frame) {
  return frame.evaluate(() => {
    const perf = (globalThis as any).performance;
    const nav = perf.getEntriesByType('navigation')[0];
    const res: any[] = perf.getEntriesByType('resource').filter((r: any) => r.initiatorType === 'script' || r.initiatorType === 'link' || r.initiatorType === 'other');
    const assets = res.filter((r) => /\/embed-assets\//.test(r.name)).map((r) => ({ name: r.name.split('/').pop() as string, bytes: r.encodedBodySize as number }));
    return { page: nav.encodedBodySize as number, assets, total: (nav.encodedBodySize as number) + assets.reduce((a, r) => a + r.bytes, 0) };
  });
}

interface Watch {
  beacons: number[];
  requests: string[];
  problems: string[];
}

/** Records beacons, requests, console errors and CSP violations of a page and its frames. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { beacons: [], requests: [], problems: [] };
  page.on('request', (r) => {
    w.requests.push(r.url());
  });
  // Beacons (sendBeacon, type 'ping') show their body only to an intercepting route.
  await page.route('**/api/statistics/drop-off/**', async (route) => {
    w.beacons.push(JSON.parse(route.request().postData() ?? '{}').curTime);
    await route.continue();
  });
  page.on('console', (m) => {
    if (m.type() === 'error') w.problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => w.problems.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    (globalThis as any).document.addEventListener('securitypolicyviolation', (e: any) => console.error(`CSP ${e.violatedDirective} ${e.blockedURI}`));
  });
  return w;
}

test('the embed plays on another site through hls.js, stops at the end, sends beacons, and plays through the browser HLS too', async () => {
  const t = owner.accessToken;
  expect((await s.api('PUT', `/api/player-config/${video.id}`, { token: t, body: { startAction: 'autoPlay', endAction: 'stop' } })).status).toBe(200);
  const code = await s.api('GET', `/api/videos/${video.id}/embed?width=640&height=360`, { token: t });
  // The snippet as given, on hls.js (Chromium's default is its own HLS, played in step 2).
  const snippet = code.body.embed.replace(/(\/embed\/hls\/[^"?]+)(\?)?/, (_: string, path: string, q?: string) => `${path}?engine=hlsjs${q ? '&' : ''}`);
  hostPage = `<!doctype html><html><body style="margin:0;background:#eee"><h1 style="font:16px sans-serif">Our shop</h1>${snippet}</body></html>`;

  // 1. hls.js (Firefox's engine, ?engine=hlsjs here), inside the iframe snippet on the customer's page.
  const page = await browser.newPage({ viewport: { width: 800, height: 500 } });
  const w = await watch(page);
  await page.goto(hostUrl);
  const frame = (await until(async () => page.frames().find((f) => f.url().includes('/embed/hls/')), Boolean, 'the embed frame')) as Frame;
  const first = await until(() => media(frame), (m) => !!m && m.t > 1, 'playback to advance');
  expect(first!.src).toMatch(/^blob:/);
  expect(first!.paused).toBe(false);
  await mkdir(OUT, { recursive: true });
  await page.screenshot({ path: join(OUT, 'embed-page.png') });
  // endAction stop: paused and rewound to the start.
  await until(() => media(frame), (m) => !!m && m.paused && m.t === 0 && first!.t > 0, 'the stop end action', 8_000);
  expect(w.beacons).toContain(0);
  const hlsJsWeight = await pageWeight(frame);
  console.log(`embed page weight before the first frame (hls.js): ${(hlsJsWeight.total / 1024).toFixed(1)} KB`, JSON.stringify(hlsJsWeight));
  expect(hlsJsWeight.total).toBeLessThan(140 * 1024);
  expect(w.requests.some((u) => /\/embed-assets\/reelbase-hls-[\w-]+\.js$/.test(u))).toBe(true);
  expect(w.requests.some((u) => /\/hls\/.+\.mp4$/.test(u))).toBe(true);
  expect(w.problems).toEqual([]);
  await page.close();

  // 2. ?engine=native: Chromium's own HLS, without the hls.js chunk; endAction loop.
  expect((await s.api('PUT', `/api/player-config/${video.id}`, { token: t, body: { endAction: 'loop' } })).status).toBe(200);
  const direct = await browser.newPage({ viewport: { width: 640, height: 360 } });
  const w2 = await watch(direct);
  await direct.goto(`${s.url}/embed/hls/${video.id}?engine=native`);
  const playing = await until(() => media(direct), (m) => !!m && m.t > 1.5, 'native playback to advance');
  // The browser's own HLS reads the master fitted to the player (its picture's short side, the start bandwidth).
  const src = new URL(playing!.src);
  expect(`${src.origin}${src.pathname}`).toBe(video.hlsSource);
  expect(Number(src.searchParams.get('fit'))).toBeGreaterThan(0);
  const nativeWeight = await pageWeight(direct.mainFrame());
  console.log(`embed page weight before the first frame (native HLS): ${(nativeWeight.total / 1024).toFixed(1)} KB`, JSON.stringify(nativeWeight));
  expect(nativeWeight.total).toBeLessThan(60 * 1024);
  expect(w2.requests.some((u) => /reelbase-hls-/.test(u))).toBe(false);
  // loop: back near the start while still playing, and second 0 is reported again.
  await until(() => media(direct), (m) => !!m && !m.paused && m.t < 1 && w2.beacons.length >= 2, 'the loop end action', 8_000);
  expect(w2.problems).toEqual([]);
  await direct.close();

  // 3. The statistics endpoint counts them, with device and browser.
  await s.services.statistics.flush();
  const stats = await s.api('GET', `/api/statistics/video/${video.id}`, { token: t });
  const views = w.beacons.filter((x) => x === 0).length + w2.beacons.filter((x) => x === 0).length;
  expect(stats.body.dropOff).toEqual([{ name: '0', count: views }]);
  expect(stats.body.device).toEqual([{ name: 'Desktop', count: views }]);
  expect(stats.body.browser).toHaveLength(1);
  expect(stats.body.browser[0]).toMatchObject({ name: expect.stringMatching(/Chrom/), count: views });
  expect(stats.body.country).toEqual([{ name: 'Unknown', count: views }]);

  // 4. A missing video and a processing one: the player says so in its area.
  const message = await browser.newPage();
  await message.goto(`${s.url}/embed/hls/${crypto.randomUUID()}`);
  await expect.poll(() => message.locator('.rb-message').textContent()).toBe('This video is not available.');
  await s.services.orm.em.fork().nativeUpdate(Video, { id: video.id }, { isMainReady: false, isHlsReady: false });
  await message.goto(`${s.url}/embed/mp4/${video.id}`);
  await expect.poll(() => message.locator('.rb-message').textContent()).toBe('This video is still processing. Try again in a moment.');
  await message.close();
}, 45_000);
