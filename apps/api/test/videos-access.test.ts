import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let alice: { accessToken: string };
let bob: { accessToken: string };
let ids: string[] = [];

beforeAll(async () => {
  s = await startTestServer();
  alice = await signUpAndLogin(s);
  bob = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  for (const name of ['Bravo', 'alpha', 'Charlie promo']) {
    ids.push((await s.upload(alice.accessToken, clip, { name })).body.id);
  }
  ids = ids.filter(Boolean);
});
afterAll(() => s.stop());

test("another user's video answers 404 to read, rename, delete and import status", async () => {
  const id = ids[0];
  const t = bob.accessToken;
  expect((await s.api('GET', `/api/videos/${id}`, { token: t })).status).toBe(404);
  expect((await s.api('PUT', `/api/videos/${id}/edit`, { token: t, body: { name: 'mine now' } })).status).toBe(404);
  expect((await s.api('DELETE', `/api/videos/${id}`, { token: t })).status).toBe(404);
  expect((await s.api('GET', `/api/videos/${id}/import`, { token: t })).status).toBe(404);
  expect((await s.api('GET', '/api/videos', { token: t })).body.items).toEqual([]);
  expect((await s.api('GET', `/api/videos/${id}`, { token: alice.accessToken })).body.name).toBe('Bravo');
});

test('the list pages, sorts and searches with the spec meta', async () => {
  const t = alice.accessToken;
  const first = await s.api('GET', '/api/videos?limit=2&page=1', { token: t });
  expect(first.status).toBe(200);
  expect(first.body.items.map((v: any) => v.name)).toEqual(['Bravo', 'alpha']); // createdAt ascending by default
  expect(first.body.meta).toEqual({ limit: 2, currentPage: 1, hasNextPage: true, hasPrevPage: false, nextPage: 2, prevPage: null, totalPages: 2, totalItems: 3 });
  const second = await s.api('GET', '/api/videos?limit=2&page=2', { token: t });
  expect(second.body.items.map((v: any) => v.name)).toEqual(['Charlie promo']);
  expect(second.body.meta).toMatchObject({ hasNextPage: false, hasPrevPage: true, prevPage: 1, nextPage: null });

  const desc = await s.api('GET', '/api/videos?direction=DESC', { token: t });
  expect(desc.body.items.map((v: any) => v.name)).toEqual(['Charlie promo', 'alpha', 'Bravo']);
  const found = await s.api('GET', '/api/videos?search=PROMO', { token: t });
  expect(found.body.items.map((v: any) => v.name)).toEqual(['Charlie promo']);
  const defaults = await s.api('GET', '/api/videos', { token: t });
  expect(defaults.body.meta.limit).toBe(10);

  const bad = await s.api('GET', '/api/videos?limit=0&direction=sideways', { token: t });
  expect(bad.status).toBe(422);
  expect(Object.keys(bad.body.errors).sort()).toEqual(['direction', 'limit']);
});

test('rename validates the name and delete removes the files', async () => {
  const t = alice.accessToken;
  const empty = await s.api('PUT', `/api/videos/${ids[1]}/edit`, { token: t, body: { name: '  ' } });
  expect(empty.status).toBe(422);
  expect(empty.body.errors.name).toBe('Must NOT have fewer than 1 characters.');
  const renamed = await s.api('PUT', `/api/videos/${ids[1]}/edit`, { token: t, body: { name: 'Alpha final' } });
  expect(renamed.body.name).toBe('Alpha final');

  const ready = await s.waitForVideo(t, ids[2], (v) => v.isMainReady);
  expect((await fetch(ready.videoSource)).status).toBe(200);
  expect((await s.api('DELETE', `/api/videos/${ids[2]}`, { token: t })).status).toBe(200);
  expect((await s.api('GET', `/api/videos/${ids[2]}`, { token: t })).status).toBe(404);
  expect((await fetch(ready.videoSource)).status).toBe(404);
});
