import { createServer, type Server } from 'node:http';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium, media, until } from './support/browser.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The embed domain allowlist in a real browser, with two origins: one small host page (a
 * customer's site) served by a second HTTP server, opened as http://localhost:{port} (on the
 * video's list) and as http://127.0.0.1:{port} (not on it). The video plays inside the first and
 * the second shows "This video cannot be played on this site"; a page that withholds its referrer
 * is refused too, and a listed page cannot get past the browser's frame-ancestors check by
 * framing a page of another origin that frames the video.
 */
let s: TestServer;
let browser: Browser;
let host: Server;
let port: number;
let id: string;

beforeAll(async () => {
  const launching = launchChromium();
  s = await startTestServer();
  const owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 2, audio: false });
  id = (await s.upload(owner.accessToken, clip, { name: 'Members only' })).body.id;
  await s.waitForVideo(owner.accessToken, id, (v) => v.isMainReady && v.isHlsReady);
  expect((await s.api('PUT', `/api/player-config/${id}`, { token: owner.accessToken, body: { startAction: 'autoPlay' } })).status).toBe(200);
  expect((await s.api('PUT', `/api/videos/${id}/privacy`, { token: owner.accessToken, body: { visibility: 'public', allowedDomains: ['localhost'] } })).status).toBe(200);
  // The customer's page: an iframe of the embed page (`?policy=no-referrer` withholds the referrer;
  // `/nested?to=...` frames another origin's page that frames the embed page).
  host = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const embed = `${s.url}/embed/hls/${id}`;
    const frame =
      url.pathname === '/nested'
        ? `<iframe id="outer" src="${url.searchParams.get('to')}/" width="400" height="260"></iframe>`
        : `<iframe id="video" src="${embed}" width="320" height="180" allow="autoplay" ${url.searchParams.get('policy') ? `referrerpolicy="${url.searchParams.get('policy')}"` : ''}></iframe>`;
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Customer site</title><h1>Lesson</h1>${frame}`);
  });
  await new Promise<void>((r) => host.listen(0, r));
  port = (host.address() as { port: number }).port;
  browser = await launching;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  host?.close();
  await s?.stop();
});

/** The embed page's frame inside `page`, once it has loaded. */
async function embedFrame(page: Page): Promise<Frame> {
  return until(
    async () => page.frames().find((f) => f.url().includes(`/embed/hls/${id}`)) ?? null,
    (f) => !!f,
    'the embed frame',
  ) as Promise<Frame>;
}
const messageIn = (f: Frame) => f.evaluate(() => (globalThis as any).document.querySelector('.rb-message')?.textContent ?? null);

test('on a page of a listed domain (localhost) the video plays', async () => {
  const page = await browser.newPage();
  await page.goto(`http://localhost:${port}/`);
  const frame = await embedFrame(page);
  await until(() => media(frame), (m) => !!m && m.t > 0.2, 'playback inside the listed page', 20_000);
  expect(await messageIn(frame)).not.toBe('This video cannot be played on this site');
  await page.close();
});

test('on a page of another origin (127.0.0.1) the embed says it cannot play here', async () => {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  const frame = await embedFrame(page);
  await until(() => messageIn(frame), (t) => t === 'This video cannot be played on this site', 'the refusal message');
  expect(await media(frame)).toBeNull();
  await page.close();
});

test('a listed page that withholds its referrer is refused too', async () => {
  const page = await browser.newPage();
  await page.goto(`http://localhost:${port}/?policy=no-referrer`);
  const frame = await embedFrame(page);
  await until(() => messageIn(frame), (t) => t === 'This video cannot be played on this site', 'the refusal message');
  await page.close();
});

test('frame-ancestors: a page of another origin framing a listed page that frames the video does not get it', async () => {
  const page = await browser.newPage();
  // 127.0.0.1 (not listed) frames localhost (listed), which frames the embed page: the server
  // sees the listed referrer and answers the player, but the browser checks every ancestor.
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors/.test(m.text())) blocked.push(m.text());
  });
  await page.goto(`http://127.0.0.1:${port}/nested?to=${encodeURIComponent(`http://localhost:${port}`)}`);
  await until(async () => blocked.length, (n) => n > 0, 'the browser to refuse the frame (frame-ancestors)');
  const frame = page.frames().find((f) => f.url().includes(`/embed/hls/${id}`));
  expect(frame ? await frame.evaluate(() => !!(globalThis as any).document.querySelector('video')).catch(() => false) : false).toBe(false);
  await page.close();
});
