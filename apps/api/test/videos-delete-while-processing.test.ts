import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await signUpAndLogin(s)).accessToken;
});
afterAll(() => s.stop());

test('deleting videos while they are processing answers 200 and leaves no files behind', async () => {
  const clip = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 3, audio: true });
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) ids.push((await s.upload(token, clip)).body.id);
  // Each at a different moment of its processing.
  for (const [i, id] of ids.entries()) {
    await new Promise((r) => setTimeout(r, i * 150));
    expect((await s.api('DELETE', `/api/videos/${id}`, { token })).status).toBe(200);
  }
  // Give the worker time to finish or notice; then nothing of them may remain.
  await new Promise((r) => setTimeout(r, 3_000));
  const left = await readdir(join(s.dataDir, 'media', 'videos')).catch(() => []);
  expect(left.filter((d) => ids.includes(d))).toEqual([]);
});
