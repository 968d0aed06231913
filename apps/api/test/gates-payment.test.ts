import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CARD } from './support/card.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

const NO_PAYMENT = { message: 'Add a payment method to continue.' };
const CANCELED = { message: 'Your account is canceled. Reactivate it to make changes.' };

let s: TestServer;
let clip: string;
let adminToken: string;

beforeAll(async () => {
  s = await startTestServer({ IMPORT_ALLOWED_HOSTS: '127.0.0.1' });
  clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  adminToken = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body.accessToken;
});
afterAll(() => s.stop());

const b64 = (v: string) => Buffer.from(v).toString('base64');
const tusHeaders = (token: string, extra: Record<string, string> = {}) => ({ 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, ...extra });
const startTus = (token: string, length = 1000) =>
  fetch(`${s.url}/api/uploads`, {
    method: 'POST',
    headers: tusHeaders(token, { 'Upload-Length': String(length), 'Upload-Metadata': `filename ${b64('part.mp4')},filetype ${b64('video/mp4')}` }),
  });
const patchTus = (token: string, url: string, bytes: number) =>
  fetch(url, { method: 'PATCH', headers: tusHeaders(token, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }), body: Buffer.alloc(bytes, 1) });

/** Waits until a video's processing has written everything (so file listings stand still). */
const settled = (token: string, id: string) => s.waitForVideo(token, id, (v) => v.status === 'ready' && v.processing.isLadderReady);

/** What the account has written: video rows, and files under media/ and uploads/. */
async function footprint(userId: string) {
  const [{ n }] = await s.services.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from videos where user_id = ?', [userId]);
  const media: string[] = [];
  for await (const o of s.services.storage.list('videos/')) media.push(o.key);
  const uploads = await readdir(join(s.dataDir, 'uploads')).catch(() => []);
  return { videos: Number(n), media: media.sort(), uploads: uploads.sort() };
}

/** Every call that spends storage, processing or bandwidth, for a video the caller owns. */
function spendingCalls(token: string, videoId: string) {
  const logo = new FormData();
  logo.append('image', new Blob([Buffer.from('not really a png')], { type: 'image/png' }), 'logo.png');
  const cover = new FormData();
  cover.append('image', new Blob([Buffer.from('not really a png')], { type: 'image/png' }), 'cover.png');
  return {
    import: () => s.api('POST', '/api/videos/import', { token, body: { url: 'http://127.0.0.1:9/clip.mp4' } }),
    copy: () => s.api('POST', `/api/videos/${videoId}/copy`, { token }),
    trim: () => s.api('PUT', `/api/videos/${videoId}/edit`, { token, body: { start: 0, end: 0.5, mode: 'new' } }),
    coverFromFrame: () => s.api('POST', `/api/videos/${videoId}/create/image`, { token, body: { time: 0.2 } }),
    coverUpload: async () => {
      const res = await fetch(`${s.url}/api/videos/${videoId}/upload/image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: cover });
      return { status: res.status, body: await res.json() };
    },
    removeWatermark: () => s.api('DELETE', `/api/videos/${videoId}/watermark`, { token }),
    gif: () => s.api('POST', '/api/gifs', { token, body: { videoId, startTime: 0, endTime: 0.5, fps: 5, size: '320:-1' } }),
    playerLogo: async () => {
      const res = await fetch(`${s.url}/api/player-config/${videoId}/image`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: logo });
      return { status: res.status, body: await res.json() };
    },
    embedCode: () => s.api('GET', `/api/videos/${videoId}/embed?width=600&height=450`, { token }),
  };
}

describe('an account without a payment method', () => {
  test('may sign in and read, but the API refuses uploads, tus, imports and the other spending calls with 402', async () => {
    const email = `nopay-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const reg = await s.api('POST', '/api/users', { body: { firstName: 'Nora', lastName: 'Nopay', email, password: 'secret123' } });
    expect(reg.status).toBe(201);
    const login = await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
    expect(login.status).toBe(200);
    expect(login.body.isPaymentMethodSet).toBe(false);
    const token = login.body.accessToken as string;
    const userId = reg.body.id as string;

    expect((await s.api('GET', '/api/profile', { token })).status).toBe(200);
    expect((await s.api('GET', '/api/videos', { token })).status).toBe(200);
    expect((await s.api('GET', '/api/usage', { token })).status).toBe(200);

    const before = await footprint(userId);
    const upload = await s.upload(token, clip);
    expect(upload).toEqual({ status: 402, body: NO_PAYMENT });
    const tus = await startTus(token);
    expect(tus.status).toBe(402);
    expect(await tus.json()).toEqual(NO_PAYMENT);
    // A video id is not needed to be refused: the gate comes before the video is looked up.
    for (const [name, call] of Object.entries(spendingCalls(token, crypto.randomUUID()))) {
      const res = await call();
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 402, body: NO_PAYMENT });
    }
    expect(await footprint(userId)).toEqual(before);

    // Choosing PayPal alone proves no payer: nothing is recorded and the gate stays shut.
    const paypal = await s.api('PUT', '/api/profile', { token, body: { paymentMethod: { type: 'paypal' } } });
    expect(paypal.status).toBe(200);
    expect(paypal.body.profile).toMatchObject({ isPaymentMethodSet: false, paymentMethod: null });
    expect(await s.upload(token, clip)).toEqual({ status: 402, body: NO_PAYMENT });

    // Setting a payment method opens the API at once.
    const set = await s.api('PUT', '/api/profile', { token, body: { paymentMethod: { type: 'card', cardInfo: CARD } } });
    expect(set.status).toBe(200);
    expect(set.body.profile.isPaymentMethodSet).toBe(true);
    const after = await s.upload(token, clip);
    expect(after.status).toBe(201);
    expect((await startTus(token)).status).toBe(201);
    await settled(token, after.body.id);
  });

  test('admins are exempt: the first admin has no payment method and still uploads', async () => {
    const profile = await s.api('GET', '/api/profile', { token: adminToken });
    expect(profile.body).toMatchObject({ isAdmin: true, isPaymentMethodSet: false });
    const up = await s.upload(adminToken, clip);
    expect(up.status).toBe(201);
    await settled(adminToken, up.body.id);
  });
});

describe('a canceled account', () => {
  test('gets 403 for every spending call, an unfinished tus upload cannot continue, and nothing is written', async () => {
    const user = await signUpAndLogin(s);
    const token = user.accessToken;
    const video = await settled(token, (await s.upload(token, clip)).body.id);
    const started = await startTus(token, 2000);
    expect(started.status).toBe(201);
    const tusUrl = new URL(started.headers.get('location') as string, s.url).toString();

    const cancel = await s.api('PUT', `/api/users/${user.id}`, { token: adminToken, body: { isActive: false } });
    expect(cancel.status).toBe(200);
    const before = await footprint(user.id);

    expect(await s.upload(token, clip)).toEqual({ status: 403, body: CANCELED });
    const tus = await startTus(token);
    expect(tus.status).toBe(403);
    expect(await tus.json()).toEqual(CANCELED);
    const patch = await patchTus(token, tusUrl, 2000);
    expect(patch.status).toBe(403);
    expect(await patch.json()).toEqual(CANCELED);
    for (const [name, call] of Object.entries(spendingCalls(token, video.id))) {
      const res = await call();
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 403, body: CANCELED });
    }
    // No row, no file: not a video, not a byte of the refused tus upload.
    expect(await footprint(user.id)).toEqual(before);
    const offset = await fetch(tusUrl, { method: 'HEAD', headers: tusHeaders(token) });
    expect(offset.headers.get('upload-offset')).toBe('0');

    // Its data stays readable, and the profile (payment method included) can still be changed.
    expect((await s.api('GET', `/api/videos/${video.id}`, { token })).status).toBe(200);
    expect((await s.api('GET', '/api/usage', { token })).status).toBe(200);
    const profile = await s.api('PUT', '/api/profile', { token, body: { firstName: 'Still', paymentMethod: { type: 'paypal' } } });
    expect(profile.status).toBe(200);
  });
});
