import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { coverIndexOf } from '../src/modules/thumbnail-tests/thumbnail-split.ts';
import { launchChromium, until } from './support/browser.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

/*
 * Issue 33 item 6 in a real browser: two viewers (two browser contexts, each with its own viewer id
 * in local storage) open the same embed and each sees its own cover as the poster; a third who asks
 * not to be tracked sees the video's own poster.
 */
let s: TestServer;
let browser: Browser;
beforeAll(async () => {
  const launching = launchChromium();
  s = await startTestServer();
  browser = await launching;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

test('two viewer ids see their own covers on the embed; a Do Not Track viewer sees the poster', async () => {
  const owner = await signUpAndLogin(s);
  const video = await uploadReady(s, owner.accessToken, await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 4 }), 'Two covers');
  const started = await s.api('POST', `/api/videos/${video.id}/thumbnail-tests`, { token: owner.accessToken, body: { seconds: [1, 3] } });
  expect(started.status).toBe(201);
  const covers: { id: string; imageUrl: string }[] = started.body.covers;
  // One viewer id for each cover.
  const ids: string[] = [];
  while (ids.length < 2) {
    const id = crypto.randomUUID();
    if (coverIndexOf(started.body.id, id, 2) === ids.length) ids.push(id);
  }
  const posterOf = async (viewer: string | null) => {
    const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
    await context.addInitScript(
      ([id]) => {
        const w = globalThis as any;
        if (id) w.localStorage.setItem('rb-viewer', JSON.stringify(id));
        else Object.defineProperty(w.navigator, 'doNotTrack', { get: () => '1' });
      },
      [viewer],
    );
    const page = await context.newPage();
    await page.goto(`${s.url}/embed/hls/${video.id}`);
    const poster = await until(() => page.evaluate(() => (globalThis as any).document.querySelector('video')?.poster ?? ''), (p) => p !== '', 'a poster');
    await context.close();
    return poster;
  };
  expect(await posterOf(ids[0])).toBe(covers[0].imageUrl);
  expect(await posterOf(ids[1])).toBe(covers[1].imageUrl);
  expect(await posterOf(null)).toBe(video.imageUrl);
  // Two impressions (one per viewer id); the Do Not Track viewer's answer is none.
  await s.services.thumbnailTests.flush();
  const figures = (await s.api('GET', `/api/videos/${video.id}/thumbnail-tests`, { token: owner.accessToken })).body.test.covers;
  expect(figures.map((c: { impressions: number }) => c.impressions)).toEqual([1, 1]);
});
