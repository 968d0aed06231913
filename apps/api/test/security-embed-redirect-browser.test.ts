import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium, media, until } from './support/browser.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The open redirect of issue 21 in a real browser: a link to our embed page with a `redirect` of
 * an attacker's choosing autoplayed and landed the viewer on that page. Now the video plays to its
 * end and the viewer stays; the embed code's own (signed) redirect still takes the viewer there.
 */
let s: TestServer;
let browser: Browser;
let elsewhere: Server;
let landing: string;
const landed: string[] = [];
let id: string;

beforeAll(async () => {
  const launching = launchChromium();
  s = await startTestServer();
  const owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 1, audio: false });
  id = (await s.upload(owner.accessToken, clip, { name: 'Offer' })).body.id;
  await s.waitForVideo(owner.accessToken, id, (v) => v.isMainReady);
  expect((await s.api('PUT', `/api/player-config/${id}`, { token: owner.accessToken, body: { startAction: 'autoPlay', endAction: 'stop' } })).status).toBe(200);
  // Another origin: the phishing page of the issue, and the shop of the embed code.
  elsewhere = createServer((req, res) => {
    landed.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Elsewhere</title>');
  });
  await new Promise<void>((r) => elsewhere.listen(0, 'localhost', r));
  landing = `http://localhost:${(elsewhere.address() as { port: number }).port}`;
  const code = await s.api('GET', `/api/videos/${id}/embed?type=mp4&redirect=${encodeURIComponent(`${landing}/shop`)}`, { token: owner.accessToken });
  signedSrc = (/src="([^"]+)"/.exec(code.body.embed) as RegExpExecArray)[1].replaceAll('&amp;', '&');
  browser = await launching;
}, 120_000);
let signedSrc: string;

afterAll(async () => {
  await browser?.close();
  elsewhere?.close();
  await s?.stop();
});

test('an unsigned redirect in a link to our embed page is ignored: the video ends and the viewer stays', async () => {
  const page = await browser.newPage();
  const phish = `${s.url}/embed/mp4/${id}?redirect=${encodeURIComponent(`${landing}/phish`)}`;
  await page.goto(phish);
  await until(() => media(page), (m) => !!m && m.t > 0, 'playback to start');
  // endAction stop: paused and rewound after the end, on our page still.
  await until(() => media(page), (m) => !!m && m.paused && m.t === 0, 'the end action', 15_000);
  await new Promise((r) => setTimeout(r, 500));
  expect(page.url()).toBe(phish);
  expect(landed).toEqual([]);
  await page.close();
});

test("the embed code's signed redirect takes the viewer there at the end", async () => {
  const page = await browser.newPage();
  await page.goto(signedSrc);
  await page.waitForURL(`${landing}/shop`, { timeout: 20_000 });
  expect(landed).toContain('/shop');
  expect(landed).not.toContain('/phish');
  await page.close();
});
