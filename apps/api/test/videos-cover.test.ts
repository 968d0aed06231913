import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { COVER_MESSAGES, MESSAGES } from '@reelbase/api-client';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { IMAGE_TYPE_ERROR, SVG_SCRIPT_ERROR } from '../src/images/image-upload.ts';
import { User } from '../src/modules/users/user.entity.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let video: any;
beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  video = await uploadReady(s, owner.accessToken, await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 4, audio: true }), 'Lighthouse');
});
afterAll(() => s.stop());

const fromFrame = (body: unknown, token = owner.accessToken, id = video.id) => s.api('POST', `/api/videos/${id}/create/image`, { token, body });
async function upload(data: Buffer | string, opts: { type?: string; token?: string; filename?: string } = {}) {
  const form = new FormData();
  if (opts.type) form.append('type', opts.type);
  form.append('image', new Blob([data]), opts.filename ?? `${video.id}.jpg`);
  const res = await fetch(`${s.url}/api/videos/${video.id}/upload/image`, { method: 'POST', headers: { authorization: `Bearer ${opts.token ?? owner.accessToken}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}
const pixels = async (url: string) => sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).resize(32, 24).raw().toBuffer();
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;
const thumbFiles = async () => (await readdir(join(s.dataDir, 'media', 'videos', video.id, 'thumbs'))).sort();
const current = async () => (await s.api('GET', `/api/videos/${video.id}`, { token: owner.accessToken })).body;

test('a frame at a time becomes the cover, the embed poster, and replaces the previous chosen cover', async () => {
  // The second of the 4 offered frames is at 2/5 of the video: the same picture comes back.
  const res = await fromFrame({ time: video.metadata.durationSec * 0.4 });
  expect(res.status).toBe(200);
  const first = res.body.imageUrl;
  expect(first).toMatch(/\/thumbs\/cover-[a-z0-9-]+\.jpg$/);
  const got = await fetch(first);
  expect(got.headers.get('content-type')).toBe('image/jpeg');
  const same = difference(await pixels(first), await pixels(video.thumbnails[1]));
  const other = difference(await pixels(first), await pixels(video.thumbnails[3]));
  expect(same).toBeLessThan(8);
  expect(other).toBeGreaterThan(same * 3);
  expect((await current()).imageUrl).toBe(first);
  expect((await s.api('GET', `/api/playback/${video.id}`)).body.poster).toBe(first);

  const again = await fromFrame({ time: 0.2 });
  expect(again.status).toBe(200);
  expect((await fetch(first)).status).toBe(404);
  expect((await s.api('GET', `/api/playback/${video.id}`)).body.poster).toBe(again.body.imageUrl);
  // The 4 offered frames stay.
  for (const t of video.thumbnails) expect((await fetch(t)).status).toBe(200);
});

test('an uploaded PNG, JPG or GIF is re-encoded; an SVG without scripts is kept as SVG and served sandboxed', async () => {
  const gif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff0000' } }).gif().toBuffer();
  const res = await upload(gif);
  expect(res.status).toBe(200);
  expect(res.body.imageUrl).toMatch(/\/thumbs\/cover-[a-z0-9-]+\.png$/);
  const stored = await fetch(res.body.imageUrl);
  expect(stored.headers.get('content-type')).toBe('image/png');
  const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 48]);
  expect((await current()).imageUrl).toBe(res.body.imageUrl);

  const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#1974BB"/></svg>', { filename: 'cover.svg' });
  expect(svg.status).toBe(200);
  expect(svg.body.imageUrl).toMatch(/\.svg$/);
  const served = await fetch(svg.body.imageUrl);
  expect(served.headers.get('content-type')).toBe('image/svg+xml');
  expect(served.headers.get('content-security-policy')).toContain('sandbox');
  expect((await fetch(res.body.imageUrl)).status).toBe(404);
});

test('refusals: bad files and times, another user, the feature off; nothing is stored', async () => {
  const before = await thumbFiles();
  const cover = (await current()).imageUrl;

  const script = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  expect(script).toEqual({ status: 422, body: { message: MESSAGES.validationFailed, errors: { image: SVG_SCRIPT_ERROR } } });
  const text = await upload('not an image at all');
  expect(text.body.errors).toEqual({ image: IMAGE_TYPE_ERROR });
  expect((await upload(Buffer.from('x'), { type: 'banner' })).body.errors).toEqual({ type: COVER_MESSAGES.type });
  expect((await fromFrame({ time: 99 })).body.errors).toEqual({ time: COVER_MESSAGES.timePastEnd });
  expect((await fromFrame({ time: -1 })).body.errors).toEqual({ time: COVER_MESSAGES.time });

  expect((await fromFrame({ time: 1 }, other.accessToken)).status).toBe(404);
  expect((await upload(Buffer.from('x'), { token: other.accessToken })).status).toBe(404);

  await s.services.orm.em.fork().nativeUpdate(User, { id: owner.id }, { features: { setVideoImage: false, videoTrimmer: true, uploadPlayerLogo: true, createGif: true, addWatermark: true } });
  for (const res of [await fromFrame({ time: 1 }), await upload(Buffer.from('x'))]) expect(res).toMatchObject({ status: 403, body: { message: MESSAGES.featureDisabled } });

  expect(await thumbFiles()).toEqual(before);
  expect((await current()).imageUrl).toBe(cover);
});
