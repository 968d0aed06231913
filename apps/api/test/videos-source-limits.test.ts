import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer as startOrigin, type LocalServer } from './imports/local-server.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

// Limits far below the defaults (8K, 120 fps, 6 h, 10 GiB), so tiny clips pass each one.
let s: TestServer;
let token: string;
let origin: LocalServer;
const filesOf = async (id: string) => (await readdir(join(s.dataDir, 'media', 'videos', id), { recursive: true }).catch(() => [])).length;

beforeAll(async () => {
  s = await startTestServer({
    SOURCE_MAX_WIDTH: '320',
    SOURCE_MAX_HEIGHT: '240',
    SOURCE_MAX_FPS: '30',
    SOURCE_MAX_DURATION_SECONDS: '2',
    SOURCE_MAX_BYTES: String(400 * 1024),
    IMPORT_ALLOWED_HOSTS: '127.0.0.1',
  });
  token = (await signUpAndLogin(s)).accessToken;
  const long = await makeClip({ width: 160, height: 120, seconds: 3 });
  origin = await startOrigin({
    '/long.mp4': async (_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String((await stat(long)).size) });
      createReadStream(long).pipe(res);
    },
  });
});
afterAll(async () => {
  await origin.close();
  await s.stop();
});

/** Uploads a clip and waits until the worker has decided. */
async function uploadAndSettle(clip: string) {
  const res = await s.upload(token, clip);
  expect(res.status).toBe(201);
  return s.waitForVideo(token, res.body.id, (v) => v.status !== 'loading' || v.processing.stage === 'failed');
}

test.each([
  ['larger than the width and height', { width: 640, height: 360, seconds: 1 }, 'The video is 640x360 pixels; the largest accepted is 320x240.'],
  ['faster than the frame rate', { width: 160, height: 120, seconds: 1, fps: 60 }, 'The video has 60 frames per second; at most 30 are accepted.'],
  ['longer than the duration', { width: 160, height: 120, seconds: 3 }, 'The video is 3 s long; at most 2 s are accepted.'],
])('a source %s is refused with a clear reason and nothing stored', async (_what, clip, reason) => {
  const video = await uploadAndSettle(await makeClip(clip));
  expect(video.status).toBe('failed');
  expect(video.processing.error).toBe(reason);
  expect(video.isHlsReady).toBe(false);
  expect(await filesOf(video.id)).toBe(0);
});

test('a portrait source within the limits turned on its side is accepted', async () => {
  const video = await uploadAndSettle(await makeClip({ width: 240, height: 320, seconds: 1 }));
  expect(video.status).toBe('ready');
  expect(video.processing.error).toBeNull();
});

test('a file over the size limit is refused before it is stored, by form and by tus', async () => {
  const big = await makeClip({ width: 320, height: 240, seconds: 4 });
  const res = await s.upload(token, big);
  expect(res.status).toBe(413);
  expect(res.body.message).toBe('The file is larger than the upload limit of 400 KB.');
  const tus = await fetch(`${s.url}/api/uploads`, {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0',
      authorization: `Bearer ${token}`,
      'Upload-Length': String((await stat(big)).size),
      'Upload-Metadata': `filename ${btoa('big.mp4')},filetype ${btoa('video/mp4')}`,
    },
  });
  expect(tus.status).toBe(413);
  expect(JSON.parse(await tus.text()).message).toBe('The file is larger than the upload limit of 400 KB.');
  const list = await s.api('GET', '/api/videos', { token });
  expect(list.body.items.filter((v: { name: string }) => v.name === 'big')).toEqual([]);
  expect((await readdir(join(s.dataDir, 'tmp', 'multipart'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile())).toEqual([]);
});

test('an import over a limit fails with the same reason and keeps nothing', async () => {
  const res = await s.api('POST', '/api/videos/import', { token, body: { url: origin.url('/long.mp4') } });
  expect(res.status).toBe(202);
  let status = { progress: 0, error: null as string | null };
  for (let i = 0; i < 600 && !status.error; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = (await s.api('GET', `/api/videos/${res.body.id}/import`, { token })).body;
  }
  expect(status.error).toBe('The video is 3 s long; at most 2 s are accepted.');
  expect(await filesOf(res.body.id)).toBe(0);
});
