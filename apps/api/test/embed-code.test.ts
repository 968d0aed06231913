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

const page = (type = 'hls') => `src="${s.url}/embed/${type}/${id}" title="Shop &quot;tour&quot;" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen`;

test("defaults: a responsive box with the video's aspect ratio, no fixed square", async () => {
  const res = await embed('');
  expect(res.status).toBe(200);
  // 320x180 reduces to 16 / 9: full width, the height follows the ratio at any width.
  expect(res.body).toEqual({
    embed: `<div style="position:relative;width:100%;aspect-ratio:16 / 9"><iframe ${page()} style="position:absolute;inset:0;width:100%;height:100%;border:0"></iframe></div>`,
  });
  expect(res.body.embed).not.toMatch(/600/);
});

test('a width or height asks for a fixed iframe of that size; a missing side follows the ratio', async () => {
  expect((await embed('?width=600&height=600')).body.embed).toBe(`<iframe ${page()} width="600" height="600" style="border:0" frameborder="0"></iframe>`);
  expect((await embed('?width=640&height=400')).body.embed).toMatch(/^<iframe [^>]*width="640" height="400"/);
  expect((await embed('?width=640')).body.embed).toMatch(/^<iframe [^>]*width="640" height="360"/);
  expect((await embed('?height=90')).body.embed).toMatch(/^<iframe [^>]*width="160" height="90"/);
});

test('the embedding choices are saved per video and come back; only the owner reads or writes them', async () => {
  const settings = (token = owner.accessToken) => s.api('GET', `/api/videos/${id}/embed-settings`, { token });
  expect((await settings()).body).toEqual({ responsive: true, width: 600, height: 600, keepRatio: true, newWindow: false, redirect: '' });
  const saved = await s.api('PUT', `/api/videos/${id}/embed-settings`, { token: owner.accessToken, body: { redirect: ' https://shop.example/thanks ', newWindow: true } });
  expect(saved.status).toBe(200);
  expect(saved.body).toEqual({ responsive: true, width: 600, height: 600, keepRatio: true, newWindow: true, redirect: 'https://shop.example/thanks' });
  await s.api('PUT', `/api/videos/${id}/embed-settings`, { token: owner.accessToken, body: { responsive: false, width: 640, height: 360, keepRatio: false } });
  expect((await settings()).body).toEqual({ responsive: false, width: 640, height: 360, keepRatio: false, newWindow: true, redirect: 'https://shop.example/thanks' });

  const bad = await s.api('PUT', `/api/videos/${id}/embed-settings`, { token: owner.accessToken, body: { redirect: 'javascript:alert(1)', width: 0, colour: 'red' } });
  expect(bad.status).toBe(422);
  expect(bad.body.errors).toMatchObject({ redirect: 'Must match format "http:// or https://".', width: 'Width must be a whole number between 1 and 10000.' });
  expect((await s.api('PUT', `/api/videos/${id}/embed-settings`, { token: owner.accessToken, body: {} })).status).toBe(422);
  // Nothing of the refused change was kept.
  expect((await settings()).body.width).toBe(640);

  expect((await settings(other.accessToken)).status).toBe(404);
  expect((await s.api('PUT', `/api/videos/${id}/embed-settings`, { token: other.accessToken, body: { newWindow: false } })).status).toBe(404);
  expect((await s.api('GET', `/api/videos/${id}/embed-settings`)).status).toBe(401);
});

test('redirect (with its signature) and new window go into the page URL; mp4 may be chosen', async () => {
  const res = await embed(`?redirect=${encodeURIComponent('https://shop.example/thanks?a=1&b=2')}&new-window=1&type=mp4`);
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
