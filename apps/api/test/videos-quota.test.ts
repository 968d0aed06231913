import { request } from 'node:http';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

const KB = 1024;
let s: TestServer;

beforeAll(async () => {
  // 1 MB per account; unfinished tus uploads expire an hour after they start (the expiry test moves
  // an upload's start back instead of waiting: nothing here expires while a loaded machine is slow).
  s = await startTestServer({ STORAGE_LIMIT_BYTES_PER_ACCOUNT: String(1024 * KB), UPLOAD_EXPIRY_HOURS: '1' });
});
afterAll(() => s.stop());

const b64 = (v: string) => Buffer.from(v).toString('base64');
const tus = (token: string, extra: Record<string, string> = {}) => ({ 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, ...extra });

async function startTus(token: string, length: number) {
  return fetch(`${s.url}/api/uploads`, {
    method: 'POST',
    headers: tus(token, { 'Upload-Length': String(length), 'Upload-Metadata': `filename ${b64('part.mp4')},filetype ${b64('video/mp4')}` }),
  });
}

/** A form upload of `bytes` whose body is sent in two halves `pauseMs` apart (so two can be in flight at once). */
function slowUpload(token: string, bytes: number, pauseMs: number): Promise<{ status: number; body: any }> {
  const boundary = `----b${crypto.randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const body = Buffer.concat([head, Buffer.alloc(bytes, 7), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return new Promise((resolve, reject) => {
    const req = request(`${s.url}/api/videos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.write(body.subarray(0, body.length / 2));
    setTimeout(() => req.end(body.subarray(body.length / 2)), pauseMs);
  });
}

test('a half-done tus upload holds its whole length against the limit', async () => {
  const { accessToken: token } = await signUpAndLogin(s);
  const created = await startTus(token, 700 * KB);
  expect(created.status).toBe(201);
  const url = new URL(created.headers.get('location') as string, s.url).toString();
  const patch = await fetch(url, { method: 'PATCH', headers: tus(token, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }), body: Buffer.alloc(100 * KB) });
  expect(patch.status).toBe(204);

  const form = await slowUpload(token, 500 * KB, 0);
  expect(form.status).toBe(413);
  expect(form.body.message).toBe('Your storage limit is reached. Delete videos or change your plan to upload more.');
  const second = await startTus(token, 500 * KB);
  expect(second.status).toBe(413);
  expect(JSON.parse(await second.text()).message).toBe('Your storage limit is reached. Delete videos or change your plan to upload more.');

  // Cancelled, it gives its space back at once.
  expect((await fetch(url, { method: 'DELETE', headers: tus(token) })).status).toBe(204);
  expect((await slowUpload(token, 500 * KB, 0)).status).toBe(201);
});

test('two uploads sent at the same time cannot both take the last free space', async () => {
  const { accessToken: token } = await signUpAndLogin(s);
  const answers = await Promise.all([slowUpload(token, 600 * KB, 500), slowUpload(token, 600 * KB, 500)]);
  expect(answers.map((a) => a.status).sort()).toEqual([201, 413]);
  const list = await s.api('GET', '/api/videos', { token });
  expect(list.body.meta.totalItems).toBe(1);
});

/** Time passes for a tus upload: its start (tus's record of it) and its space's reservation move `hours` back. */
async function ageUpload(userId: string, id: string, uploadsDir: string, hours: number) {
  const infoFile = join(uploadsDir, `${id}.json`);
  const info = JSON.parse(await readFile(infoFile, 'utf8'));
  info.creation_date = new Date(new Date(info.creation_date).getTime() - hours * 3600_000).toISOString();
  await writeFile(infoFile, JSON.stringify(info));
  await s.services.orm.em.fork().execute(`update storage_reservations set expires_at = expires_at - make_interval(secs => ?) where user_id = ?`, [hours * 3600, userId]);
}

test('an unfinished tus upload expires: the sweep removes its files and frees its space', async () => {
  const { id: userId, accessToken: token } = await signUpAndLogin(s);
  const created = await startTus(token, 900 * KB);
  const url = new URL(created.headers.get('location') as string, s.url).toString();
  await fetch(url, { method: 'PATCH', headers: tus(token, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }), body: Buffer.alloc(300 * KB) });
  const id = url.split('/').pop() as string;
  const uploads = join(s.dataDir, 'uploads');
  expect(await readdir(uploads)).toEqual(expect.arrayContaining([id, `${id}.json`]));
  expect((await slowUpload(token, 300 * KB, 0)).status).toBe(413);

  // Not yet expired: the sweep keeps it.
  await s.services.sweep();
  expect(await readdir(uploads)).toEqual(expect.arrayContaining([id, `${id}.json`]));
  await ageUpload(userId, id, uploads, 1.1);
  await s.services.sweep();
  expect((await readdir(uploads)).filter((f) => f.startsWith(id))).toEqual([]);
  expect((await fetch(url, { method: 'HEAD', headers: tus(token) })).status).toBe(404);
  expect((await slowUpload(token, 300 * KB, 0)).status).toBe(201);
});

test('uploads are refused while the disk is low on free space', async () => {
  const low = await startTestServer({ MIN_FREE_DISK_MB: String(1024 ** 3) });
  try {
    const { accessToken: token } = await signUpAndLogin(low);
    const form = new FormData();
    form.append('video', new File([Buffer.alloc(10 * KB)], 'clip.mp4', { type: 'video/mp4' }));
    const res = await fetch(`${low.url}/api/videos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(507);
    expect(((await res.json()) as { message: string }).message).toBe('The server is low on disk space, so uploads are paused. Try again later.');
    const created = await fetch(`${low.url}/api/uploads`, {
      method: 'POST',
      headers: tus(token, { 'Upload-Length': String(10 * KB), 'Upload-Metadata': `filename ${b64('a.mp4')},filetype ${b64('video/mp4')}` }),
    });
    expect(created.status).toBe(507);
  } finally {
    await low.stop();
  }
});

test('every stored rendition and frame counts, not only the uploaded file', async () => {
  const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 2, audio: true });
  const size = (await stat(clip)).size;
  const t = await startTestServer({ STORAGE_LIMIT_BYTES_PER_ACCOUNT: String(size + 20 * KB) });
  try {
    const user = await signUpAndLogin(t);
    const up = await t.upload(user.accessToken, clip);
    expect(up.status).toBe(201);
    await t.waitForVideo(user.accessToken, up.body.id, (v) => v.processing.isLadderReady && v.thumbnails.length === 4);
    const dir = join(t.dataDir, 'media', 'videos', up.body.id);
    const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    const onDisk = (await Promise.all(files.map(async (e) => (await stat(join(e.parentPath, e.name))).size))).reduce((a, b) => a + b, 0);
    expect(onDisk).toBeGreaterThan(size + 20 * KB);
    expect(await t.services.quota.usedBytes(user.id)).toBe(onDisk);
    // The renditions and frames filled the account, though the upload alone left room.
    const form = new FormData();
    form.append('video', new File([Buffer.alloc(KB)], 'tiny.mp4', { type: 'video/mp4' }));
    const res = await fetch(`${t.url}/api/videos`, { method: 'POST', headers: { authorization: `Bearer ${user.accessToken}` }, body: form });
    expect(res.status).toBe(413);
  } finally {
    await t.stop();
  }
});
