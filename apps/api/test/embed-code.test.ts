import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let id: string;
beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  // 320x180 (16:9): 640x360 keeps the aspect ratio, 600x600 does not.
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 1, audio: false });
  id = (await s.upload(owner.accessToken, clip, { name: 'Shop "tour"' })).body.id;
  // The worker probes the upload after it is stored; the responsive box needs its size.
  await s.waitForVideo(owner.accessToken, id, (v) => Boolean(v.metadata?.video?.width));
});
afterAll(() => s.stop());

const embed = (query: string, token = owner.accessToken) => s.api('GET', `/api/videos/${id}/embed${query}`, { token });

test('defaults: a fixed 600x600 iframe of the HLS embed page', async () => {
  const res = await embed('');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    embed: `<iframe src="${s.url}/embed/hls/${id}" title="Shop &quot;tour&quot;" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen width="600" height="600" frameborder="0"></iframe>`,
  });
});

test('sizes that keep the aspect ratio give a responsive box', async () => {
  for (const q of ['?width=640&height=360', '?width=641&height=361', '?width=100&height=56']) {
    const res = await embed(q);
    expect(res.status).toBe(200);
    const w = new URLSearchParams(q).get('width');
    expect(res.body.embed).toBe(
      `<div style="position:relative;width:100%;max-width:${w}px"><div style="position:relative;height:0;padding-top:56.25%">` +
        `<iframe src="${s.url}/embed/hls/${id}" title="Shop &quot;tour&quot;" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen style="position:absolute;top:0;left:0;width:100%;height:100%;border:0"></iframe></div></div>`,
    );
  }
  expect((await embed('?width=640&height=400')).body.embed).toMatch(/^<iframe [^>]*width="640" height="400"/);
});

test('redirect (with its signature) and new window go into the page URL; mp4 may be chosen', async () => {
  const res = await embed(`?width=300&height=300&redirect=${encodeURIComponent('https://shop.example/thanks?a=1&b=2')}&new-window=1&type=mp4`);
  expect(res.status).toBe(200);
  expect(res.body.embed).toMatch(new RegExp(`src="${s.url}/embed/mp4/${id}\\?redirect=https%3A%2F%2Fshop\\.example%2Fthanks%3Fa%3D1%26b%3D2&amp;sig=[\\w-]{43}&amp;new-window=1"`));
  // Blank redirect and new-window=0 add nothing.
  expect((await embed('?redirect=%20%20&new-window=0')).body.embed).toContain(`src="${s.url}/embed/hls/${id}"`);
});

test('bad input is a 422 with a message per field', async () => {
  for (const [q, field] of [
    ['?redirect=javascript:alert(1)', 'redirect'],
    ['?redirect=ftp://files.example/x', 'redirect'],
    ['?redirect=not a url', 'redirect'],
    ['?width=0', 'width'],
    ['?height=abc', 'height'],
    ['?width=1.5', 'width'],
    ['?new-window=yes', 'new-window'],
    ['?type=webm', 'type'],
  ] as const) {
    const res = await embed(q);
    expect(res.status, q).toBe(422);
    expect(Object.keys(res.body.errors), q).toEqual([field]);
  }
  expect((await embed('?redirect=ftp://x')).body.errors.redirect).toBe('Must match format "http:// or https://".');
});

test("another user's video, a missing one and no sign-in are refused", async () => {
  expect((await embed('', other.accessToken)).status).toBe(404);
  expect((await s.api('GET', `/api/videos/${crypto.randomUUID()}/embed`, { token: owner.accessToken })).status).toBe(404);
  expect((await s.api('GET', `/api/videos/${id}/embed`)).status).toBe(401);
});
