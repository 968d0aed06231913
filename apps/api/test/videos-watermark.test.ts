import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MESSAGES, WATERMARK_MESSAGES } from '@reelbase/api-client';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { type SignedIn, startWithOwnerAndOther, type TestServer, withFeatureOff } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
let video: any;
beforeAll(async () => {
  ({ s, owner, other } = await startWithOwnerAndOther());
  video = await uploadReady(s, owner.accessToken, await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 4, audio: true }), 'Quay');
}, 180_000);
afterAll(() => s.stop());

const W = 96;
const H = 72;
/**
 * One frame at 1 s of a served file or playlist, scaled to W x H, as RGB bytes. Debian's ffmpeg
 * reads the byte-range fMP4 playlists over HTTP (the npm build does not).
 */
async function frame(url: string): Promise<Buffer> {
  const { stdout } = await promisify(execFile)('/usr/bin/ffmpeg', ['-v', 'error', '-i', url, '-ss', '1', '-frames:v', '1', '-vf', `scale=${W}:${H}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: 1 << 20,
  });
  return stdout;
}
/** Mean absolute difference and mean colour of a box given in shares of the frame. */
function box(f: Buffer, x0: number, y0: number, x1: number, y1: number) {
  const px: number[][] = [];
  for (let y = Math.ceil(y0 * H) + 1; y < Math.floor(y1 * H) - 1; y++) for (let x = Math.ceil(x0 * W) + 1; x < Math.floor(x1 * W) - 1; x++) px.push([...f.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)]);
  return px;
}
const meanColour = (px: number[][]) => [0, 1, 2].map((c) => px.reduce((sum, p) => sum + p[c], 0) / px.length);
const meanDiff = (a: number[][], b: number[][]) => a.reduce((sum, p, i) => sum + Math.abs(p[0] - b[i][0]) + Math.abs(p[1] - b[i][1]) + Math.abs(p[2] - b[i][2]), 0) / (a.length * 3);

async function upload(image: Buffer | string, fields: Record<string, string>, token = owner.accessToken, id = video.id) {
  const form = new FormData();
  form.append('type', 'watermark');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('image', new Blob([image]), `${id}.png`);
  const res = await fetch(`${s.url}/api/videos/${id}/upload/image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}
const current = async () => (await s.api('GET', `/api/videos/${video.id}`, { token: owner.accessToken })).body;
const settled = () => s.waitForVideo(owner.accessToken, video.id, (v) => v.status === 'ready' && v.processing.isLadderReady && v.watermark?.state !== 'processing', 180_000);
const variants = async (master: string) =>
  (await (await fetch(master)).text())
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((rel) => new URL(rel, master).href);
const storedFiles = async () => (await readdir(join(s.dataDir, 'media', 'videos', video.id), { recursive: true })).sort();
const place = { positionX: '0.5', positionY: '0.25', width: '0.25', height: '0.25' };
const red = () => sharp({ create: { width: 40, height: 40, channels: 4, background: '#ff0000' } }).png().toBuffer();

test('a watermark is burnt into the mp4 and every rung at the same relative place, and removed again', async () => {
  const before = await frame(video.videoSource);
  const res = await upload(await red(), { ...place, opacity: '1' });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.imageUrl).toMatch(/\/watermark-[0-9a-f-]+\.png$/);
  // The unmarked video keeps playing while the marked one is made.
  const during = await current();
  expect(during.watermark).toMatchObject({ state: 'processing', positionX: 0.5, positionY: 0.25, width: 0.25, height: 0.25, opacity: 1 });
  expect((await fetch(during.videoSource)).status).toBe(200);

  const marked = await settled();
  expect(marked.watermark.state).toBe('ready');
  const rungs = await variants(marked.hlsSource);
  expect(rungs.length).toBeGreaterThan(1);
  for (const url of [marked.videoSource, ...rungs]) {
    const f = await frame(url);
    const inside = meanColour(box(f, 0.5, 0.25, 0.75, 0.5));
    expect(inside[0], url).toBeGreaterThan(200);
    expect(inside[1] + inside[2], url).toBeLessThan(90);
    // Elsewhere the picture is the video's own.
    expect(meanDiff(box(f, 0, 0.6, 0.45, 1), box(before, 0, 0.6, 0.45, 1)), url).toBeLessThan(12);
  }

  // Half opacity: the box mixes the mark and the picture.
  expect((await upload(await red(), { ...place, opacity: '0.5' })).status).toBe(202);
  const half = await settled();
  const mixed = box(await frame(half.videoSource), 0.5, 0.25, 0.75, 0.5);
  expect(meanDiff(mixed, box(before, 0.5, 0.25, 0.75, 0.5))).toBeGreaterThan(20);
  expect(meanColour(mixed)[0]).toBeLessThan(235);
  expect((await fetch(res.body.imageUrl)).status).toBe(404); // the first image is gone

  const removed = await s.api('DELETE', `/api/videos/${video.id}/watermark`, { token: owner.accessToken });
  expect(removed.status).toBe(202);
  const clean = await settled();
  expect(clean.watermark).toBeNull();
  for (const url of [clean.videoSource, ...(await variants(clean.hlsSource))]) expect(meanDiff(box(await frame(url), 0.5, 0.25, 0.75, 0.5), box(before, 0.5, 0.25, 0.75, 0.5)), url).toBeLessThan(12);
  expect((await storedFiles()).filter((f) => /unmarked|watermark-|original/.test(f))).toEqual([]);
}, 600_000);

test('refusals: bad placement, an SVG, another user, the feature off, removing none; nothing is stored', async () => {
  const before = await storedFiles();
  expect(await upload(await red(), { ...place, positionX: '0.9' })).toMatchObject({ status: 422, body: { errors: { width: WATERMARK_MESSAGES.fit } } });
  expect(await upload(await red(), { ...place, opacity: '1.5' })).toMatchObject({ status: 422, body: { errors: { opacity: WATERMARK_MESSAGES.opacity } } });
  expect(await upload('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>', place)).toMatchObject({ status: 422, body: { errors: { image: WATERMARK_MESSAGES.image } } });
  expect((await upload(await red(), place, other.accessToken)).status).toBe(404);
  expect((await s.api('DELETE', `/api/videos/${video.id}/watermark`, { token: other.accessToken })).status).toBe(404);
  expect((await s.api('DELETE', `/api/videos/${video.id}/watermark`, { token: owner.accessToken })).status).toBe(404);

  await withFeatureOff(s, owner.id, 'addWatermark');
  expect(await upload(await red(), place)).toMatchObject({ status: 403, body: { message: MESSAGES.featureDisabled } });
  expect(await s.api('DELETE', `/api/videos/${video.id}/watermark`, { token: owner.accessToken })).toMatchObject({ status: 403, body: { message: MESSAGES.featureDisabled } });
  expect(await storedFiles()).toEqual(before);
  expect((await current()).watermark).toBeNull();
});
