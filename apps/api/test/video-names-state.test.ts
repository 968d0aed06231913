import { FOLDER_NAME_MAX, FOLDER_NAME_TOO_LONG, VIDEO_NAME_MAX } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let adminToken: string;
let source: any;
beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  adminToken = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body.accessToken;
  const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, gop: 30, audio: true });
  source = await uploadReady(s, owner.accessToken, clip, 'Harbour tour');
});
afterAll(() => s.stop());

const api = (method: string, path: string, body?: unknown, token = owner.accessToken) => s.api(method, path, { token, body });
const ready = (id: string) => s.waitForVideo(owner.accessToken, id, (v) => v.status === 'ready' && v.processing.isLadderReady, 120_000);

test('Save As New Video without a name is "<name> (trimmed)", said to be trimming until its cut is published', async () => {
  const res = await api('PUT', `/api/videos/${source.id}/edit`, { start: 0.5, end: 2.5, mode: 'new' });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ name: 'Harbour tour (trimmed)', processing: { activity: 'trimming' } });
  const cut = await ready(res.body.id);
  expect(cut).toMatchObject({ name: 'Harbour tour (trimmed)', processing: { activity: 'ready' } });
  // A name of the owner's own wins.
  const named = await api('PUT', `/api/videos/${source.id}/edit`, { start: 0.5, end: 2.5, mode: 'new', name: 'Short tour' });
  expect(named.body.name).toBe('Short tour');
  await ready(named.body.id);
});

test('copies get names the owner has none of: "(copy)", "(copy 2)", and a copy of a copy counts on', async () => {
  const first = await api('POST', `/api/videos/${source.id}/copy`);
  expect(first.status).toBe(201);
  expect(first.body.name).toBe('Harbour tour (copy)');
  const second = await api('POST', `/api/videos/${source.id}/copy`);
  expect(second.body.name).toBe('Harbour tour (copy 2)');
  const ofCopy = await api('POST', `/api/videos/${first.body.id}/copy`);
  expect(ofCopy.body.name).toBe('Harbour tour (copy 3)');
  // Deleting "(copy)" frees its name again.
  expect((await api('DELETE', `/api/videos/${first.body.id}`)).status).toBe(200);
  expect((await api('POST', `/api/videos/${source.id}/copy`)).body.name).toBe('Harbour tour (copy)');
  // Another user's names do not count.
  const mine = await uploadReady(s, other.accessToken, await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 1, audio: false }), 'Harbour tour');
  expect((await api('POST', `/api/videos/${mine.id}/copy`, undefined, other.accessToken)).body.name).toBe('Harbour tour (copy)');
  // A name at the length limit is shortened so that its suffix fits.
  const long = 'n'.repeat(VIDEO_NAME_MAX);
  expect((await api('PUT', `/api/videos/${source.id}/edit`, { name: long })).status).toBe(200);
  const longCopy = await api('POST', `/api/videos/${source.id}/copy`);
  expect(longCopy.body.name).toHaveLength(VIDEO_NAME_MAX);
  expect(longCopy.body.name.endsWith(' (copy)')).toBe(true);
  expect((await api('PUT', `/api/videos/${source.id}/edit`, { name: 'Harbour tour' })).status).toBe(200);
});

test(`folder names: at most ${FOLDER_NAME_MAX} characters, said in words, on create and rename`, async () => {
  const tooLong = await api('POST', '/api/folders', { name: 'f'.repeat(FOLDER_NAME_MAX + 1) });
  expect(tooLong.status).toBe(422);
  expect(tooLong.body.errors).toEqual({ name: FOLDER_NAME_TOO_LONG });
  expect(FOLDER_NAME_TOO_LONG).toBe(`Folder names can be at most ${FOLDER_NAME_MAX} characters.`);
  const ok = await api('POST', '/api/folders', { name: 'f'.repeat(FOLDER_NAME_MAX) });
  expect(ok.status).toBe(201);
  const rename = await api('PUT', `/api/folders/${ok.body.folder.id}`, { name: 'g'.repeat(FOLDER_NAME_MAX + 1) });
  expect(rename.status).toBe(422);
  expect(rename.body.errors).toEqual({ name: FOLDER_NAME_TOO_LONG });
});

test('a search lists each video with the name of its folder', async () => {
  const folder = (await api('POST', '/api/folders', { name: 'Boats' })).body.folder;
  const up = await s.upload(owner.accessToken, await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 1, audio: false }), { name: 'Ferry harbour', folderId: folder.id });
  const found = (await api('GET', '/api/videos?search=harbour&limit=100')).body.items;
  expect(found.find((v: any) => v.id === up.body.id)).toMatchObject({ folderId: folder.id, folderName: 'Boats' });
  expect(found.find((v: any) => v.id === source.id)).toMatchObject({ folderId: null, folderName: null });
  await ready(up.body.id);
});

test("an admin's block reason reaches the owner with the video; unblocking clears it", async () => {
  const block = await s.api('POST', '/api/videos/bulk', { token: adminToken, body: { action: 'block', ban: true, ids: [source.id], reason: 'Copyright notice from Acme Films' } });
  expect(block.status).toBe(200);
  expect((await api('GET', `/api/videos/${source.id}`)).body).toMatchObject({ ban: true, banReason: 'Copyright notice from Acme Films' });
  const listed = (await api('GET', '/api/videos?limit=100')).body.items.find((v: any) => v.id === source.id);
  expect(listed.banReason).toBe('Copyright notice from Acme Films');
  // Its cut stays blocked, as its copy does: a trim is no way around a block.
  const cut = await api('PUT', `/api/videos/${source.id}/edit`, { start: 0, end: 1, mode: 'new' });
  expect(cut.status).toBe(202);
  expect(cut.body).toMatchObject({ ban: true, banReason: 'Copyright notice from Acme Films' });
  expect((await api('POST', `/api/videos/${source.id}/copy`)).body).toMatchObject({ ban: true, banReason: 'Copyright notice from Acme Films' });
  await ready(cut.body.id);
  await s.api('POST', '/api/videos/bulk', { token: adminToken, body: { action: 'block', ban: false, ids: [source.id] } });
  expect((await api('GET', `/api/videos/${source.id}`)).body).toMatchObject({ ban: false, banReason: null });
});

test('the promo code in settings is checked as at checkout: unknown and expired codes are refused beside the field', async () => {
  const create = (body: object) => s.api('POST', '/api/payment/promo-codes', { token: adminToken, body });
  expect((await create({ code: 'AUTUMN', percentOff: 20 })).status).toBe(201);
  expect((await create({ code: 'OLDIE', percentOff: 20, validUntil: '2020-01-01T00:00:00Z' })).status).toBe(201);
  const put = (promoCode: string) => api('PUT', '/api/profile', { promoCode });
  const unknown = await put('NOPE42');
  expect(unknown.status).toBe(422);
  expect(unknown.body.errors).toEqual({ promoCode: 'This promo code does not exist' });
  expect((await put('OLDIE')).body.errors).toEqual({ promoCode: 'This promo code has expired' });
  expect((await api('GET', '/api/profile')).body.promoCode).toBeNull();
  const ok = await put('autumn');
  expect(ok.status).toBe(200);
  expect(ok.body.profile.promoCode).toBe('autumn');
});
