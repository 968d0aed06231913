import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let token: string;
let bytes: Buffer;

const b64 = (v: string) => Buffer.from(v).toString('base64');
const tusHeaders = (t: string, extra: Record<string, string> = {}) => ({ 'Tus-Resumable': '1.0.0', authorization: `Bearer ${t}`, ...extra });

/** Sends `part` as a PATCH body and cuts the connection before it is complete, as a dropped network would. */
function interruptedPatch(url: string, t: string, offset: number, part: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'PATCH',
      headers: { ...tusHeaders(t, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }), 'Content-Length': String(part.length) },
    });
    req.on('error', () => resolve());
    req.write(part.subarray(0, Math.floor(part.length / 2)), () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
  });
}

beforeAll(async () => {
  s = await startTestServer();
  token = (await signUpAndLogin(s)).accessToken;
  bytes = await readFile(await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, audio: true }));
});
afterAll(() => s.stop());

test('an interrupted tus upload resumes from the last received byte and becomes a video', async () => {
  const create = await fetch(`${s.url}/api/uploads`, {
    method: 'POST',
    headers: tusHeaders(token, { 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${b64('resume.mp4')},filetype ${b64('video/mp4')},name ${b64('Resumed clip')}` }),
  });
  expect(create.status).toBe(201);
  const url = new URL(create.headers.get('location') as string, s.url).toString();

  await interruptedPatch(url, token, 0, bytes);
  const head = await fetch(url, { method: 'HEAD', headers: tusHeaders(token) });
  const offset = Number(head.headers.get('upload-offset'));
  expect(offset).toBeGreaterThan(0);
  expect(offset).toBeLessThan(bytes.length);

  // Another user cannot see or continue this upload.
  const stranger = (await signUpAndLogin(s)).accessToken;
  expect((await fetch(url, { method: 'HEAD', headers: tusHeaders(stranger) })).status).toBe(404);

  const rest = await fetch(url, {
    method: 'PATCH',
    headers: tusHeaders(token, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }),
    body: bytes.subarray(offset),
  });
  expect(rest.status).toBe(204);
  const videoId = rest.headers.get('x-video-id') as string;
  expect(videoId).toBeTruthy();
  const video = await s.waitForVideo(token, videoId, (v) => v.isMainReady && v.isHlsReady);
  expect(video.name).toBe('Resumed clip');
  expect(video.size).toBe(bytes.length);
});

test('tus refuses anonymous callers and non-video types', async () => {
  const anon = await fetch(`${s.url}/api/uploads`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' } });
  expect(anon.status).toBe(401);
  const text = await fetch(`${s.url}/api/uploads`, {
    method: 'POST',
    headers: tusHeaders(token, { 'Upload-Length': '10', 'Upload-Metadata': `filename ${b64('a.txt')},filetype ${b64('text/plain')}` }),
  });
  expect(text.status).toBe(422);
});
