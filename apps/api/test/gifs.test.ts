import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GIF_FPS_MAX_SECONDS, GIF_MESSAGES, MESSAGES } from '@reelbase/api-client';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { STORAGE_FULL } from '../src/modules/videos/quota/storage-quota.ts';
import { ffprobeJson } from './media/media-helpers.ts';
import { makeClip } from './support/clips.ts';
import { type SignedIn, startWithOwnerAndOther, type TestServer, withFeatureOff } from './support/test-server.ts';

let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
let video: any;
beforeAll(async () => {
  ({ s, owner, other } = await startWithOwnerAndOther());
  // 64 s: long enough that every frame rate's limit clips the requested end.
  const up = await s.upload(owner.accessToken, await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 64, fps: 25, audio: true }), { name: 'Harbour' });
  // GIFs are cut from the source once the video plays; the ladder need not be done.
  video = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.isMainReady);
}, 240_000);
afterAll(() => s.stop());

const create = (body: Record<string, unknown>, token = owner.accessToken) => s.api('POST', '/api/gifs', { token, body: { videoId: video.id, fps: 10, size: '320:-1', ...body } });
const gifFiles = async () => readdir(join(s.dataDir, 'media', 'videos', video.id, 'gifs')).catch(() => [] as string[]);

/** Duration and frame count of a served file, read by ffprobe. */
async function probeServed(url: string, ext: string) {
  const dir = await mkdtemp(join(tmpdir(), 'reelbase-gif-'));
  try {
    const file = join(dir, `f.${ext}`);
    await writeFile(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
    const info = await ffprobeJson(file);
    return { duration: Number(info.format.duration), width: info.streams[0].width as number, height: info.streams[0].height as number, hasAudio: info.streams.some((x: any) => x.codec_type === 'audio') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const firstFrame = async (url: string) => sharp(Buffer.from(await (await fetch(url)).arrayBuffer()), { pages: 1 }).raw().toBuffer();

test('each frame rate clips the GIF to its longest length; the MP4 snippet is the same clip, muted and lighter', async () => {
  for (const [fps, max] of Object.entries(GIF_FPS_MAX_SECONDS)) {
    const res = await create({ fps: Number(fps), startTime: 1, endTime: 63, size: '320:-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.endTime).toBe(1 + max);
    const gif = await probeServed(res.body.source, 'gif');
    expect(gif.duration).toBeGreaterThan(max - 0.5);
    expect(gif.duration).toBeLessThan(max + 0.5);
    expect(res.body.size).toBe(Number((await fetch(res.body.source)).headers.get('content-length')));
    if (Number(fps) === 25) {
      const mp4 = await probeServed(res.body.mp4Source, 'mp4');
      expect(mp4.duration).toBeCloseTo(max, 0);
      expect(mp4.hasAudio).toBe(false);
      expect(res.body.mp4Size).toBeLessThan(res.body.size / 2);
    }
  }
}, 600_000);

test('sizes from the list; the text is drawn; the embed links to the redirect URL or the embed page', async () => {
  const plain = await create({ startTime: 2, endTime: 4, size: '320:-1' });
  expect(plain.status).toBe(201);
  expect([plain.body.width, plain.body.height]).toEqual([320, 240]);
  expect(plain.body.embed).toContain(`href="${s.url}/embed/hls/${video.id}"`);
  expect(plain.body.embed).toContain(`src="${plain.body.source}"`);

  const text = { text: 'SALE', color: '#ff0000', fontFamily: 'Roboto', fontWeight: 800, fontSize: 64, x: 0.1, y: 0.3 };
  const withText = await create({ startTime: 2, endTime: 4, size: '320:-1', textInfo: text, redirectToUrl: '  www.example.com/shop ' });
  expect(withText.status).toBe(201);
  expect(withText.body.textInfo).toEqual(text);
  expect(withText.body.redirectToUrl).toBe('www.example.com/shop');
  expect(withText.body.embed).toContain('href="https://www.example.com/shop"');
  expect(withText.body.mp4Embed).toMatch(/<video [^>]*autoplay muted loop playsinline/);
  const a = await firstFrame(plain.body.source);
  const b = await firstFrame(withText.body.source);
  // Red pixels appear where the text is (x 10%..., y 30%...), the rest stays alike.
  const redAt = (buf: Buffer, w: number, x0: number, y0: number, x1: number, y1: number) => {
    let n = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
      const i = (y * w + x) * 4;
      if (buf[i] > 180 && buf[i + 1] < 80 && buf[i + 2] < 80) n++;
    }
    return n;
  };
  expect(redAt(b, 320, 32, 72, 200, 150) - redAt(a, 320, 32, 72, 200, 150)).toBeGreaterThan(300);
  expect(redAt(b, 320, 0, 0, 320, 60)).toBe(redAt(a, 320, 0, 0, 320, 60));

  // A fixed width:height is filled and cropped, never stretched.
  const banner = await create({ startTime: 2, endTime: 3, size: '1200:300' });
  expect(banner.status).toBe(201);
  expect(await probeServed(banner.body.source, 'gif')).toMatchObject({ width: 1200, height: 300 });
}, 300_000);

test('the list pages 6 at a time, by video, owner only; delete removes the files', async () => {
  const all = await s.api('GET', `/api/gifs?video-id=${video.id}`, { token: owner.accessToken });
  expect(all.status).toBe(200);
  expect(all.body.meta).toMatchObject({ limit: 6, currentPage: 1, totalItems: 9, totalPages: 2, hasNextPage: true });
  expect(all.body.items).toHaveLength(6);
  const second = await s.api('GET', `/api/gifs?video-id=${video.id}&page=2`, { token: owner.accessToken });
  expect(second.body.items).toHaveLength(3);
  expect(new Set([...all.body.items, ...second.body.items].map((g: any) => g.id)).size).toBe(9);
  expect((await s.api('GET', '/api/gifs', { token: other.accessToken })).body.meta.totalItems).toBe(0);

  const gone = all.body.items[0];
  expect((await s.api('DELETE', `/api/gifs/${gone.id}`, { token: other.accessToken })).status).toBe(404);
  const files = await gifFiles();
  expect(files).toContain(`${gone.id}.gif`);
  expect((await s.api('DELETE', `/api/gifs/${gone.id}`, { token: owner.accessToken })).status).toBe(200);
  expect(await gifFiles()).toEqual(files.filter((f) => !f.startsWith(gone.id)));
  expect((await fetch(gone.source)).status).toBe(404);
  expect((await s.api('GET', `/api/gifs?video-id=${video.id}`, { token: owner.accessToken })).body.meta.totalItems).toBe(8);
});

test('refusals: end before start, bad redirect URL, a start past the end, a foreign video, a full account, the feature off; nothing is stored', async () => {
  const before = await gifFiles();
  const count = async () => (await s.api('GET', '/api/gifs', { token: owner.accessToken })).body.meta.totalItems;
  const total = await count();

  expect(await create({ startTime: 5, endTime: 3 })).toMatchObject({ status: 422, body: { errors: { endTime: GIF_MESSAGES.endAfterStart } } });
  expect(await create({ startTime: 1, endTime: 3, redirectToUrl: 'example.com' })).toMatchObject({ status: 422, body: { errors: { redirectToUrl: 'Must match format "http:// or https://".' } } });
  expect(await create({ startTime: 1, endTime: 3, redirectToUrl: 'javascript:alert(1)' })).toMatchObject({ status: 422 });
  expect(await create({ startTime: 1, endTime: 3, fps: 9, size: '100:100' })).toMatchObject({ status: 422, body: { errors: { fps: GIF_MESSAGES.fps, size: GIF_MESSAGES.size } } });
  expect(await create({ startTime: 70, endTime: 75 })).toMatchObject({ status: 422, body: { errors: { startTime: GIF_MESSAGES.startPastEnd } } });
  expect(await create({ startTime: 1, endTime: 3 }, other.accessToken)).toMatchObject({ status: 404 });

  // An account with no room left (here an upload holds all of it) makes no GIF.
  const upload = await s.services.quota.reserve(owner.id, null, 60_000);
  expect(await create({ startTime: 1, endTime: 3 })).toMatchObject({ status: 413, body: { message: STORAGE_FULL } });
  await s.services.quota.release(upload.id);

  await withFeatureOff(s, owner.id, 'createGif');
  expect(await create({ startTime: 1, endTime: 3 })).toMatchObject({ status: 403, body: { message: MESSAGES.featureDisabled } });

  expect(await gifFiles()).toEqual(before);
  expect(await count()).toBe(total);
});
