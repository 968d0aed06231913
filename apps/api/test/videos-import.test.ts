import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer } from './support/test-server.ts';

let origin: Server;
let originUrl: string;
let clip: string;

beforeAll(async () => {
  clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 2, audio: true });
  const size = (await stat(clip)).size;
  // A plain web server holding a video file, trickling it out so progress can be seen.
  origin = createServer((req, res) => {
    if (req.url !== '/media/summer-promo.mp4') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
    createReadStream(clip, { highWaterMark: 16 * 1024 }).pipe(res);
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  originUrl = `http://127.0.0.1:${(origin.address() as { port: number }).port}`;
});
afterAll(() => new Promise((r) => origin.close(r)));

test('an import from an allowed host reports progress up to 100 and becomes a playable video', async () => {
  const s = await startTestServer({ IMPORT_ALLOWED_HOSTS: '127.0.0.1' });
  try {
    const { accessToken: token } = await signUpAndLogin(s);
    const res = await s.api('POST', '/api/videos/import', { token, body: { url: `${originUrl}/media/summer-promo.mp4` } });
    expect(res.status).toBe(202);
    const id = res.body.id as string;
    const seen: number[] = [];
    for (let i = 0; i < 300; i++) {
      const st = await s.api('GET', `/api/videos/${id}/import`, { token });
      expect(st.status).toBe(200);
      expect(st.body.name).toBe('summer-promo.mp4');
      seen.push(st.body.progress);
      if (st.body.progress === 100) break;
      expect(st.body.error).toBeNull();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen.at(-1)).toBe(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen); // never goes backwards
    const video = await s.waitForVideo(token, id, (v) => v.isMainReady && v.isHlsReady);
    expect(video.metadata.video).toEqual({ width: 320, height: 240 });
  } finally {
    await s.stop();
  }
});

test('an import of a loopback or private address is refused when not allowed', async () => {
  const s = await startTestServer();
  try {
    const { accessToken: token } = await signUpAndLogin(s);
    for (const url of [`${originUrl}/media/summer-promo.mp4`, 'http://localhost/x.mp4', 'http://169.254.169.254/latest/meta-data', 'http://[::ffff:127.0.0.1]/a.mp4']) {
      const res = await s.api('POST', '/api/videos/import', { token, body: { url } });
      expect(res.status, url).toBe(422);
      expect(res.body.message).toMatch(/not allowed/i);
    }
    const bad = await s.api('POST', '/api/videos/import', { token, body: { url: 'file:///etc/passwd' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.url).toBe('Must be an http:// or https:// link.');
    expect((await s.api('GET', '/api/videos', { token })).body.meta.totalItems).toBe(0);
  } finally {
    await s.stop();
  }
});
