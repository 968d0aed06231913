import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let token: string;
const filesUnder = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).map((e) => e.name);

beforeAll(async () => {
  s = await startTestServer({ STORAGE_LIMIT_BYTES_PER_ACCOUNT: String(10 * 1024) });
  token = (await signUpAndLogin(s)).accessToken;
});
afterAll(() => s.stop());

test('a file that says video/mp4 but is not a video fails in the worker with a short reason, and nothing is kept', async () => {
  const fake = join(s.dataDir, 'fake.mp4');
  await writeFile(fake, 'this is not a video at all\n'.repeat(200));
  // Stored at once (no ffprobe in the API), refused by the worker.
  const res = await s.upload(token, fake, { type: 'video/mp4' });
  expect(res.status).toBe(201);
  const video = await s.waitForVideo(token, res.body.id, (v) => v.status === 'failed');
  expect(video.processing.error).toBe('This file could not be read as a video.');
  expect(await filesUnder(join(s.dataDir, 'media', 'videos'))).toEqual([]);
  expect(await filesUnder(join(s.dataDir, 'tmp', 'multipart'))).toEqual([]);
});

test('a file whose type is not video/* is refused before it is stored', async () => {
  const text = join(s.dataDir, 'notes.txt');
  await writeFile(text, 'hello');
  const res = await s.upload(token, text, { type: 'text/plain', filename: 'notes.txt' });
  expect(res.status).toBe(422);
  expect(res.body.errors.video).toBe('Only video files are accepted.');
  expect(await filesUnder(join(s.dataDir, 'tmp', 'multipart'))).toEqual([]);
});

test('an upload over the account storage limit is refused with nothing half-stored', async () => {
  const big = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 4, audio: true });
  const res = await s.upload(token, big);
  expect(res.status).toBe(413);
  expect(res.body.message).toMatch(/storage/i);
  expect(await filesUnder(join(s.dataDir, 'tmp', 'multipart'))).toEqual([]);
  expect(await filesUnder(join(s.dataDir, 'media', 'videos'))).toEqual([]);
});

test('uploads need a signed-in user', async () => {
  const res = await s.api('GET', '/api/videos');
  expect(res.status).toBe(401);
});
