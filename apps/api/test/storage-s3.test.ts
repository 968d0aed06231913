import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { holdWhenPlayable, watchGrowingPlaylist } from './support/growing.ts';
import { type LocalS3, startLocalS3 } from './support/s3.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

// The whole media life with STORAGE=s3: nothing may be read from or left on the API's disk.
let s3: LocalS3;
let s: TestServer;
let token: string;
let clip: string;
let origin: Server;
let originUrl: string;
const hold = holdWhenPlayable();

beforeAll(async () => {
  s3 = await startLocalS3();
  clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, audio: true });
  const size = (await stat(clip)).size;
  origin = createServer((req, res) => {
    if (req.url !== '/clips/harbour.mp4') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
    createReadStream(clip).pipe(res);
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  originUrl = `http://127.0.0.1:${(origin.address() as { port: number }).port}`;
  s = await startTestServer({ ...s3.env, IMPORT_ALLOWED_HOSTS: '127.0.0.1' }, { onStep: hold.onStep });
  token = (await signUpAndLogin(s)).accessToken;
});
afterAll(async () => {
  await s?.stop();
  await new Promise((r) => origin.close(r));
  await s3?.stop();
});

/** Fetches the master, every variant and one segment of each; returns the segment sizes. */
async function playAll(master: string) {
  const text = await (await fetch(master)).text();
  const sizes: number[] = [];
  for (const rel of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
    const variantUrl = new URL(rel, master);
    const variant = await fetch(variantUrl);
    expect(variant.status).toBe(200);
    const seg = (await variant.text()).split('\n').find((l) => l && !l.startsWith('#')) as string;
    const res = await fetch(new URL(seg, variantUrl));
    expect(res.status).toBe(200);
    sizes.push((await res.arrayBuffer()).byteLength);
  }
  return sizes;
}

test('an upload is stored in the bucket, processed from it into a ladder and played from it with ranges', async () => {
  const up = await s.upload(token, clip, { name: 'Harbour' });
  expect(up.status).toBe(201);
  const done = await s.waitForVideo(token, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
  const keys = await s3.keys(`videos/${done.id}/`);
  // The remux replaced the upload: one copy of its bytes.
  expect(keys).not.toContain(`videos/${done.id}/original.mp4`);
  expect(keys).toContain(`videos/${done.id}/main.mp4`);
  expect(keys).toContain(`videos/${done.id}/hls/master.m3u8`);
  // Four thumbnails and the storyboard's sprite sheet (with its index), all in the bucket.
  expect(keys.filter((k) => k.endsWith('.jpg') && !k.includes('/storyboard/'))).toHaveLength(4);
  expect(keys).toContain(`videos/${done.id}/storyboard/sheet-0.jpg`);
  expect(keys).toContain(`videos/${done.id}/storyboard/storyboard.vtt`);

  const sizes = await playAll(done.hlsSource);
  expect(sizes.length).toBeGreaterThan(0);
  for (const n of sizes) expect(n).toBeGreaterThan(1000);
  const range = await fetch(done.videoSource, { headers: { Range: 'bytes=10-109' } });
  expect(range.status).toBe(206);
  expect(range.headers.get('content-range')).toMatch(/^bytes 10-109\/\d+$/);
  const whole = Buffer.from(await (await fetch(done.videoSource)).arrayBuffer());
  expect(Buffer.from(await range.arrayBuffer())).toEqual(whole.subarray(10, 110));
  expect((await fetch(done.imageUrl)).headers.get('content-type')).toBe('image/jpeg');

  // Deleting the video empties its prefix in the bucket.
  expect((await s.api('DELETE', `/api/videos/${done.id}`, { token })).status).toBe(200);
  expect(await s3.keys(`videos/${done.id}/`)).toEqual([]);
  expect((await fetch(done.hlsSource)).status).toBe(404);
  expect(existsSync(join(s.dataDir, 'media'))).toBe(false);
});

test('a profile image is stored in the bucket and served from it', async () => {
  const form = new FormData();
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#22A9E0' } }).png().toBuffer();
  form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
  const res = await fetch(`${s.url}/api/profile/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(200);
  const path = new URL(((await res.json()) as { url: string }).url).pathname;
  expect(await s3.keys(path.replace('/media/', ''))).toHaveLength(1);
  const served = await fetch(s.url + path);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await served.arrayBuffer()).subarray(0, 4)).toEqual(png.subarray(0, 4));
});

test('an import lands its download in the bucket and becomes playable from it', async () => {
  const res = await s.api('POST', '/api/videos/import', { token, body: { url: `${originUrl}/clips/harbour.mp4` } });
  expect(res.status).toBe(202);
  const video = await s.waitForVideo(token, res.body.id, (v) => v.isMainReady && v.isHlsReady);
  expect(await s3.keys(`videos/${video.id}/main.mp4`)).toEqual([`videos/${video.id}/main.mp4`]);
  expect((await playAll(video.hlsSource)).length).toBeGreaterThan(0);
});

test('a rotated phone video plays from the bucket while it is encoded, its playlist and segments published as they come', async () => {
  // Long enough for several segments (the encode is held at its first until the playlist is read).
  const rotated = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 12, rotate: 90 });
  const up = await s.upload(token, rotated, { name: 'Portrait' });
  expect(up.status).toBe(201);
  await watchGrowingPlaylist(s, token, up.body.id, hold.release);

  const done = await s.waitForVideo(token, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady, 480_000);
  // Turned upright: the picture is portrait, as the phone showed it.
  expect(done.metadata.video).toEqual({ width: 360, height: 640 });
  const keys = await s3.keys(`videos/${done.id}/`);
  expect(keys.some((k) => k.includes('/hls/first/'))).toBe(false);
  expect(keys).toContain(`videos/${done.id}/main.mp4`);
  expect((await playAll(done.hlsSource)).length).toBe(2);
  expect(existsSync(join(s.dataDir, 'media'))).toBe(false);
}, 900_000);
