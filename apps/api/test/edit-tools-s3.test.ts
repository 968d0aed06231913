import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { type LocalS3, startLocalS3 } from './support/s3.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

// GIFs and watermarks with STORAGE=s3: sources read from and results written to the bucket only.
let s3: LocalS3;
let s: TestServer;
let token: string;
let video: any;
beforeAll(async () => {
  s3 = await startLocalS3();
  s = await startTestServer(s3.env);
  token = (await signUpAndLogin(s)).accessToken;
  video = await uploadReady(s, token, await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 4, audio: true }), 'Jetty');
}, 180_000);
afterAll(async () => {
  await s?.stop();
  await s3?.stop();
});
const keys = async () => (await s3.keys(`videos/${video.id}/`)).map((k) => k.slice(`videos/${video.id}/`.length));

test('a GIF and its MP4 are stored in the bucket, served, and deleted from it', async () => {
  const gif = await s.api('POST', '/api/gifs', { token, body: { videoId: video.id, startTime: 1, endTime: 3, fps: 10, size: '320:-1', textInfo: { text: 'Hi' } } });
  expect(gif.status, JSON.stringify(gif.body)).toBe(201);
  expect((await keys()).filter((k) => k.startsWith('gifs/')).sort()).toEqual([`gifs/${gif.body.id}.gif`, `gifs/${gif.body.id}.mp4`]);
  const served = await fetch(gif.body.source);
  expect(served.headers.get('content-type')).toBe('image/gif');
  expect(Number(served.headers.get('content-length'))).toBe(gif.body.size);
  expect((await s.api('DELETE', `/api/gifs/${gif.body.id}`, { token })).status).toBe(200);
  expect((await keys()).filter((k) => k.startsWith('gifs/'))).toEqual([]);
  expect(existsSync(join(s.dataDir, 'media'))).toBe(false);
});

test('a watermark keeps the unmarked source in the bucket until it is removed', async () => {
  const form = new FormData();
  for (const [k, v] of Object.entries({ type: 'watermark', positionX: '0.1', positionY: '0.1', width: '0.2', height: '0.2', opacity: '0.8' })) form.append(k, v);
  form.append('image', new Blob([await sharp({ create: { width: 20, height: 20, channels: 4, background: '#00ff00' } }).png().toBuffer()]), 'mark.png');
  const res = await fetch(`${s.url}/api/videos/${video.id}/upload/image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(202);
  const settled = () => s.waitForVideo(token, video.id, (v) => v.status === 'ready' && v.processing.isLadderReady && v.watermark?.state !== 'processing', 180_000);
  expect((await settled()).watermark.state).toBe('ready');
  const marked = await keys();
  expect(marked).toContain('unmarked.mp4');
  expect(marked.filter((k) => k.startsWith('watermark-'))).toHaveLength(1);

  expect((await s.api('DELETE', `/api/videos/${video.id}/watermark`, { token })).status).toBe(202);
  expect((await settled()).watermark).toBeNull();
  expect((await keys()).filter((k) => k === 'unmarked.mp4' || k.startsWith('watermark-') || k.startsWith('original'))).toEqual([]);
  expect(existsSync(join(s.dataDir, 'media'))).toBe(false);
}, 300_000);
