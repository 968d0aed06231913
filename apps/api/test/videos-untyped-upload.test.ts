import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { looksLikeVideoContainer } from '../src/media/sniff.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

// Issue 35 item 7: `curl -F video=@clip.mp4` sends the file as application/octet-stream.
let s: TestServer;
let token: string;
const run = promisify(execFile);
const filesUnder = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).map((e) => e.name);

/** The upload as a user types it with curl, without a ;type= (curl's default for a .mp4 is application/octet-stream). */
async function curlUpload(file: string, filename: string) {
  const { stdout } = await run('curl', ['-sS', '-w', '\n%{http_code}', '-H', `Authorization: Bearer ${token}`, '-F', 'name=From curl', '-F', `video=@${file};filename=${filename}`, `${s.url}/api/videos`]);
  const lines = stdout.trimEnd().split('\n');
  return { status: Number(lines.pop()), body: JSON.parse(lines.join('\n')) };
}

beforeAll(async () => {
  s = await startTestServer();
  token = (await signUpAndLogin(s)).accessToken;
});
afterAll(() => s.stop());

test('a real clip sent by curl without a type is taken and becomes a playable video', async () => {
  const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 1, audio: true });
  const res = await curlUpload(clip, 'clip.mp4');
  expect(res.status).toBe(201);
  expect(res.body.name).toBe('From curl');
  const video = await s.waitForVideo(token, res.body.id, (v) => v.status === 'ready' || v.status === 'failed');
  expect(video.status).toBe('ready');
});

test('a text file sent the same way is refused before it is stored', async () => {
  const text = join(s.dataDir, 'notes.mp4');
  await writeFile(text, 'these are my notes, not a video\n'.repeat(50));
  const res = await curlUpload(text, 'notes.mp4');
  expect(res.status).toBe(422);
  expect(res.body.errors.video).toBe('Only video files are accepted.');
  expect(await filesUnder(join(s.dataDir, 'tmp', 'multipart'))).toEqual([]);
});

test('the signatures of the upload containers are known; text and images are not', async () => {
  const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
  expect(looksLikeVideoContainer(bytes([0, 0, 0, 0x20], 'ftypisom'))).toBe(true);
  expect(looksLikeVideoContainer(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x01]))).toBe(true);
  expect(looksLikeVideoContainer(bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'))).toBe(true);
  expect(looksLikeVideoContainer(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBe(false);
  expect(looksLikeVideoContainer(bytes('hello world'))).toBe(false);
  expect(looksLikeVideoContainer(bytes([0x89], 'PNG'))).toBe(false);
  expect(looksLikeVideoContainer(new Uint8Array())).toBe(false);
});
