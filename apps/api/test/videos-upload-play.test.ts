import { createHash } from 'node:crypto';
import { buffer as readAll } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let token: string;
let clip: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await signUpAndLogin(s)).accessToken;
  clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, audio: true });
});
afterAll(() => s.stop());

test('an H.264 upload is published by remux, then gets its ladder and thumbnails', async () => {
  const up = await s.upload(token, clip, { name: 'Launch teaser' });
  expect(up.status).toBe(201);
  expect(up.body).toMatchObject({ name: 'Launch teaser', status: 'loading', isHlsReady: false });

  const playable = await s.waitForVideo(token, up.body.id, (v) => v.isHlsReady && v.isMainReady);
  expect(playable.metadata.video).toEqual({ width: 320, height: 240 });
  expect(playable.videoSource).toMatch(/\/media\/videos\/.+\/main\.mp4$/);

  // The master playlist leads to a variant playlist, which leads to a segment that plays.
  const master = await fetch(playable.hlsSource);
  expect(master.status).toBe(200);
  expect(master.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
  const masterText = await master.text();
  expect(masterText).toContain('#EXT-X-STREAM-INF');
  const variantRel = masterText.split('\n').find((l) => l && !l.startsWith('#')) as string;
  const variantUrl = new URL(variantRel, playable.hlsSource);
  const variant = await (await fetch(variantUrl)).text();
  expect(variant).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
  // A remuxed rendition's segments are byte ranges of main.mp4, which answers them.
  const [, length, offset, segmentRel] = /#EXT-X-BYTERANGE:(\d+)@(\d+)\n(.+)\n/.exec(variant) ?? [];
  const segmentUrl = new URL(segmentRel, variantUrl);
  expect(segmentUrl.href).toBe(playable.videoSource);
  const segment = await fetch(segmentUrl, { headers: { Range: `bytes=${offset}-${Number(offset) + Number(length) - 1}` } });
  expect(segment.status).toBe(206);
  expect((await segment.arrayBuffer()).byteLength).toBe(Number(length));

  // The mp4 answers byte ranges, as players and seeking need.
  const range = await fetch(playable.videoSource, { headers: { Range: 'bytes=0-99' } });
  expect(range.status).toBe(206);
  expect(range.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
  expect((await range.arrayBuffer()).byteLength).toBe(100);
  const bad = await fetch(playable.videoSource, { headers: { Range: 'bytes=999999999-' } });
  expect(bad.status).toBe(416);

  const done = await s.waitForVideo(token, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
  expect(done.thumbnails).toHaveLength(4);
  expect(done.imageUrl).toBe(done.thumbnails[0]);
  const thumb = await fetch(done.imageUrl);
  expect(thumb.headers.get('content-type')).toBe('image/jpeg');
  const ladderMaster = await (await fetch(done.hlsSource)).text();
  expect(ladderMaster).toContain('RESOLUTION=');
  for (const rel of ladderMaster.split('\n').filter((l) => l && !l.startsWith('#'))) {
    expect((await fetch(new URL(rel, done.hlsSource))).status).toBe(200);
  }
  // The original upload itself is never public.
  expect((await fetch(done.videoSource.replace('main.mp4', 'original.mp4'))).status).toBe(404);

  // Stored once: the remux replaced the upload, and no two stored files hold the same bytes.
  const stored: { key: string; size: number }[] = [];
  for await (const o of s.services.storage.list(`videos/${done.id}`)) stored.push(o);
  expect(stored.map((o) => o.key.split('/').slice(2).join('/')).filter((k) => !k.startsWith('hls/') && !k.startsWith('thumbs/') && !k.startsWith('storyboard/'))).toEqual(['main.mp4']);
  const hashes = await Promise.all(stored.map(async (o) => createHash('sha256').update(await readAll(s.services.storage.stream(o.key))).digest('hex')));
  expect(new Set(hashes).size).toBe(stored.length);
});

test('a non-H.264 source is transcoded to H.264', async () => {
  const mpeg4 = await makeClip({ codec: 'mpeg4', width: 320, height: 240, seconds: 2, audio: false });
  const up = await s.upload(token, mpeg4, { filename: 'old.avi', type: 'video/x-msvideo' });
  expect(up.status).toBe(201);
  const playable = await s.waitForVideo(token, up.body.id, (v) => v.isMainReady && v.isHlsReady);
  const head = Buffer.from(await (await fetch(playable.videoSource)).arrayBuffer());
  // An mp4 of H.264 carries an avc1 sample entry.
  expect(head.includes(Buffer.from('avc1'))).toBe(true);
});

test('an H.264 upload with keyframes every 2 s at a sensible bit rate is its own top rung: only smaller rungs are encoded', async () => {
  const aligned = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 13, gop: 60, videoKbps: 900, audio: true });
  const up = await s.upload(token, aligned, { name: 'Aligned' });
  const done = await s.waitForVideo(token, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
  const master = await (await fetch(done.hlsSource)).text();
  expect(master.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(['first/index.m3u8', '240p/index.m3u8']);
  expect(master).toContain('RESOLUTION=640x360');
  const keys: string[] = [];
  for await (const o of s.services.storage.list(`videos/${done.id}/hls`)) keys.push(o.key.split('/').slice(3).join('/'));
  expect(keys.filter((k) => k.startsWith('360p/'))).toEqual([]);
  expect(keys).toContain('first/index.m3u8');
});
