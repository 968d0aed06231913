import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let alice: { accessToken: string };
let bob: { accessToken: string };
let clip: string;

beforeAll(async () => {
  s = await startTestServer();
  alice = await signUpAndLogin(s);
  bob = await signUpAndLogin(s);
  clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
});
afterAll(() => s.stop());

const upload = async (token: string, name: string) => (await s.upload(token, clip, { name })).body.id as string;
const bulk = (token: string, body: unknown) => s.api('POST', '/api/videos/bulk', { token, body });
const files = async (id: string) => {
  let n = 0;
  for await (const _ of s.services.storage.list(`videos/${id}/`)) n++;
  return n;
};

test('addToFolder moves every selected video in one call, and null brings them back to the top level', async () => {
  const t = alice.accessToken;
  const folder = (await s.api('POST', '/api/folders', { token: t, body: { name: 'Target' } })).body.folder.id;
  const ids = [await upload(t, 'one'), await upload(t, 'two'), await upload(t, 'stays')];
  const moved = await bulk(t, { action: 'addToFolder', folderId: folder, ids: ids.slice(0, 2) });
  expect(moved.status).toBe(200);
  expect(moved.body).toEqual({ message: '2 videos moved.', count: 2 });
  const inside = await s.api('GET', `/api/videos?folder_id=${folder}`, { token: t });
  expect(inside.body.items.map((v: any) => v.name)).toEqual(['one', 'two']);
  expect((await s.api('GET', `/api/folders/${folder}`, { token: t })).body.countVideo).toBe(2);

  await bulk(t, { action: 'addToFolder', folderId: null, ids: [ids[0]] });
  expect((await s.api('GET', `/api/videos/${ids[0]}`, { token: t })).body.folderId).toBeNull();
});

test('delete removes every selected video and its files; one foreign id refuses the whole request', async () => {
  const t = alice.accessToken;
  const mine = [await upload(t, 'keep me 1'), await upload(t, 'keep me 2')];
  await s.waitForVideo(t, mine[0], (v) => v.isMainReady);
  const foreign = await upload(bob.accessToken, 'bob');
  expect(await files(mine[0])).toBeGreaterThan(0);

  const refused = await bulk(t, { action: 'delete', ids: [...mine, foreign] });
  expect(refused.status).toBe(404);
  expect(refused.body).toEqual({ message: 'Video not found' });
  for (const id of mine) expect((await s.api('GET', `/api/videos/${id}`, { token: t })).status).toBe(200);
  expect((await s.api('GET', `/api/videos/${foreign}`, { token: bob.accessToken })).status).toBe(200);
  expect(await files(mine[0])).toBeGreaterThan(0);
  // A made-up id is refused the same way.
  expect((await bulk(t, { action: 'delete', ids: [mine[0], crypto.randomUUID()] })).status).toBe(404);

  const done = await bulk(t, { action: 'delete', ids: mine });
  expect(done.body).toEqual({ message: '2 videos deleted.', count: 2 });
  for (const id of mine) {
    expect((await s.api('GET', `/api/videos/${id}`, { token: t })).status).toBe(404);
    // The second may still be processing: its job drops what it wrote at its next step (process-video's deletedMeanwhile).
    await expect.poll(() => files(id), { timeout: 30_000 }).toBe(0);
  }
  expect((await s.api('GET', `/api/videos/${foreign}`, { token: bob.accessToken })).status).toBe(200);
});

test('a move with one foreign id moves nothing', async () => {
  const t = alice.accessToken;
  const folder = (await s.api('POST', '/api/folders', { token: t, body: { name: 'Half' } })).body.folder.id;
  const mine = await upload(t, 'mine');
  const foreign = await upload(bob.accessToken, 'theirs');
  expect((await bulk(t, { action: 'addToFolder', folderId: folder, ids: [mine, foreign] })).status).toBe(404);
  expect((await s.api('GET', `/api/videos/${mine}`, { token: t })).body.folderId).toBeNull();
});

test('bad bulk requests get field messages', async () => {
  const t = alice.accessToken;
  const cases: [unknown, Record<string, string>][] = [
    [{ action: 'delete', ids: [] }, { ids: 'Select at least one video.' }],
    [{ action: 'explode', ids: [crypto.randomUUID()] }, { action: 'Must be addToFolder, delete or setVisibility.' }],
    [{ action: 'delete', ids: ['nope'] }, { 'ids.0': 'Must be video ids.' }],
    [{ action: 'delete', ids: Array.from({ length: 101 }, () => crypto.randomUUID()) }, { ids: 'Select at most 100 videos.' }],
    [{ action: 'addToFolder', ids: [crypto.randomUUID()] }, { folderId: expect.any(String) }],
  ];
  for (const [body, errors] of cases) {
    const r = await bulk(t, body);
    expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    expect(r.body.errors).toEqual(errors);
  }
});
