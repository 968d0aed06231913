import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium, media, until } from './support/browser.ts';
import { makeClip } from './support/clips.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The share page in a real browser, as a stranger opening the link: a public video plays in the
 * page (under its own policy, no violation); a password video asks for the password as its embed
 * does, refuses a wrong one and plays after the right one (its statistics beacons carrying the
 * unlock's token); a private one says so.
 */
let s: TestServer;
let browser: Browser;
let owner: SignedIn;
let id: string;

beforeAll(async () => {
  const launching = launchChromium();
  s = await startTestServer();
  owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 2, audio: false });
  id = (await s.upload(owner.accessToken, clip, { name: 'Client cut' })).body.id;
  await s.waitForVideo(owner.accessToken, id, (v) => v.isMainReady && v.isHlsReady);
  browser = await launching;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const privacy = async (body: Record<string, unknown>) => expect((await s.api('PUT', `/api/videos/${id}/privacy`, { token: owner.accessToken, body })).status).toBe(200);
const text = (page: import('playwright-core').Page, selector: string) => page.evaluate((sel) => (globalThis as any).document.querySelector(sel)?.textContent ?? null, selector);

test('public: the video plays in the page, with nothing refused by its policy', async () => {
  await privacy({ visibility: 'public' });
  const page = await browser.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/.test(m.text())) violations.push(m.text());
  });
  await page.goto(`${s.url}/watch/${id}`);
  expect(await text(page, 'h1')).toBe('Client cut');
  await page.click('.rb-big-play');
  await until(() => media(page), (m) => !!m && m.t > 0.2, 'playback on the share page', 20_000);
  expect(violations).toEqual([]);
  await page.close();
});

test('password: the form of the embed; a wrong password is refused, the right one plays', async () => {
  await privacy({ visibility: 'password', password: 'letmein' });
  const page = await browser.newPage();
  await page.goto(`${s.url}/watch/${id}`);
  await page.waitForSelector('.rb-unlock-input');
  expect(await text(page, 'h1')).toBeNull();
  await page.fill('.rb-unlock-input', 'guess');
  await page.click('.rb-unlock-button');
  await until(() => text(page, '.rb-unlock-error'), (t) => t === 'Wrong password', 'the wrong password message');
  await page.fill('.rb-unlock-input', 'letmein');
  await page.click('.rb-unlock-button');
  await page.waitForSelector('video');
  // The play's beacon carries the token the unlock answered, and counts (issue 35: without it, 404).
  const beacon = page.waitForResponse((r) => r.url().includes(`/api/statistics/drop-off/${id}`));
  await page.click('.rb-big-play');
  await until(() => media(page), (m) => !!m && m.t > 0.2, 'playback after the password', 20_000);
  const answered = await beacon;
  expect([new URL(answered.url()).searchParams.has('token'), answered.status()]).toEqual([true, 204]);
  await page.close();
});

test('private: the page says so, and shows nothing of the video', async () => {
  await privacy({ visibility: 'private' });
  const page = await browser.newPage();
  const res = await page.goto(`${s.url}/watch/${id}`);
  expect(res?.status()).toBe(403);
  await until(() => text(page, '.rb-message'), (t) => t === 'This video is private', 'the private notice');
  expect(await page.title()).not.toContain('Client cut');
  expect(await media(page)).toBeNull();
  await page.close();
});
