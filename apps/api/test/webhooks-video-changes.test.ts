import { openAsBlob } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';
import { startReceiver } from './support/webhook-receiver.ts';

/*
 * video.ready is sent again when a changed picture is published: after a trim over the video, a
 * new file (Replace video), a watermark burnt in and one removed, each naming what changed, so a
 * receiver that re-fetches its renditions on video.ready does so after every change.
 */
let s: TestServer;
let owner: SignedIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  s = await startTestServer({ IMPORT_ALLOWED_HOSTS: '127.0.0.1' });
  owner = await signUpAndLogin(s);
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await receiver?.close();
});

const api = (method: string, path: string, body?: unknown) => s.api(method, path, { token: owner.accessToken, body });
const settled = (id: string) => s.waitForVideo(owner.accessToken, id, (v) => v.status === 'ready' && v.processing.isLadderReady && v.processing.stage === 'ready' && v.watermark?.state !== 'processing', 180_000);
const events = async (count: number) => (await receiver.waitFor('/ready', count, 180_000)).map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });

test('a trim over the video, a replacement file and a watermark on and off each send video.ready again', async () => {
  const hook = await api('POST', '/api/webhooks', { url: receiver.url('/ready'), events: ['video.ready'] });
  expect(hook.status).toBe(201);
  const video = await uploadReady(s, owner.accessToken, await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 4, audio: true }), 'Quay');
  const [uploaded] = await events(1);
  expect(uploaded).toMatchObject({ type: 'video.ready', data: { id: video.id, name: 'Quay' } });
  expect(uploaded.data.change).toBeUndefined();

  expect((await api('PUT', `/api/videos/${video.id}/edit`, { start: 1, end: 3, mode: 'overwrite' })).status).toBe(202);
  const trimmed = (await events(2))[1];
  expect(trimmed).toMatchObject({ type: 'video.ready', data: { id: video.id, change: 'trimmed' } });
  expect(trimmed.data.durationSec).toBeCloseTo(2, 0);
  // The event comes when the new picture plays: the video's source is the trimmed one by then.
  const afterTrim = await settled(video.id);
  expect(afterTrim.metadata.durationSec).toBeCloseTo(2, 0);

  const form = new FormData();
  form.append('video', await openAsBlob(await makeClip({ codec: 'h264', width: 480, height: 270, seconds: 3 }), { type: 'video/mp4' }), 'new.mp4');
  const replaced = await fetch(`${s.url}/api/videos/${video.id}/replace`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
  expect(replaced.status).toBe(202);
  expect((await events(3))[2]).toMatchObject({ type: 'video.ready', data: { id: video.id, change: 'replaced', width: 480, height: 270 } });
  await settled(video.id);

  const mark = new FormData();
  for (const [k, v] of Object.entries({ type: 'watermark', positionX: '0.5', positionY: '0.25', width: '0.25', height: '0.25', opacity: '1' })) mark.append(k, v);
  mark.append('image', new Blob([await sharp({ create: { width: 40, height: 40, channels: 4, background: '#ff0000' } }).png().toBuffer()]), 'mark.png');
  const marked = await fetch(`${s.url}/api/videos/${video.id}/upload/image`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: mark });
  expect(marked.status).toBe(202);
  expect((await events(4))[3]).toMatchObject({ type: 'video.ready', data: { id: video.id, change: 'watermarked' } });
  await settled(video.id);

  expect((await api('DELETE', `/api/videos/${video.id}/watermark`)).status).toBe(202);
  expect((await events(5))[4]).toMatchObject({ type: 'video.ready', data: { id: video.id, change: 'watermark_removed' } });
  await settled(video.id);
  // Each change sent one event, no more.
  expect((await receiver.waitFor('/ready', 5)).length).toBe(5);
}, 600_000);
