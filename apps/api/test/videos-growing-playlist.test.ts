import { createHash } from 'node:crypto';
import { buffer as readAll } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { holdWhenPlayable, watchGrowingPlaylist } from './support/growing.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

// A source that cannot be remuxed plays while it is encoded, through a growing EVENT playlist.
let s: TestServer;
let token: string;
const hold = holdWhenPlayable();
let crashWhenPlayable = false;
/** Videos whose job waits before its ladder step: `reached` is called there. */
const ladderGates = new Map<string, { reached: () => void; open: Promise<void> }>();
beforeAll(async () => {
  s = await startTestServer(
    { DELIVERY_STATUS_CACHE_SECONDS: '0', JOB_RETRY_DELAY_SECONDS: '1' },
    {
      onStep: async (step, videoId) => {
        if (step === 'playable' && crashWhenPlayable) {
          crashWhenPlayable = false;
          throw new Error('simulated worker crash');
        }
        const gate = ladderGates.get(videoId);
        if (step === 'ladder' && gate) {
          gate.reached();
          await gate.open;
        }
        await hold.onStep(step);
      },
    },
  );
  token = (await signUpAndLogin(s)).accessToken;
});
afterAll(() => s.stop());

test('an HEVC upload is playable from its first segments, its playlist valid at every read, then the ladder replaces it', async () => {
  const hevc = await makeClip({ codec: 'hevc', width: 640, height: 360, seconds: 30, audio: true });
  const up = await s.upload(token, hevc, { name: 'Phone clip' });
  expect(up.status).toBe(201);

  const watch = await watchGrowingPlaylist(s, token, up.body.id, hold.release);
  // 2 s segments covering the whole 30 s.
  const total = watch.finalText
    .split('\n')
    .filter((l) => l.startsWith('#EXTINF:'))
    .reduce((sum, l) => sum + Number.parseFloat(l.slice(8)), 0);
  expect(total).toBeCloseTo(30, 0);
  expect(watch.finalCount).toBe(15);

  const done = await s.waitForVideo(token, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady, 480_000);
  const master = await (await fetch(done.hlsSource)).text();
  const variants = master.split('\n').filter((l) => l && !l.startsWith('#'));
  expect(variants).toEqual(['360p/index.m3u8', '240p/index.m3u8']);
  expect((await fetch(new URL('first/index.m3u8', done.hlsSource))).status).toBe(404);
  // The top rung is main.mp4 itself (byte ranges), which is the video's mp4 source.
  const topUrl = new URL(variants[0], done.hlsSource);
  const top = await (await fetch(topUrl)).text();
  expect(top).toContain('#EXT-X-BYTERANGE:');
  expect(new URL(top.split('\n').find((l) => l && !l.startsWith('#')) as string, topUrl).href).toBe(done.videoSource);
  const mp4Head = Buffer.from(await (await fetch(done.videoSource, { headers: { Range: 'bytes=0-4095' } })).arrayBuffer());
  expect(mp4Head.includes(Buffer.from('avc1'))).toBe(true);

  // The lossy outputs keep the upload as the source; no two stored media files hold the same
  // bytes (playlists of rungs with equal segment durations may read alike).
  const stored: { key: string }[] = [];
  for await (const o of s.services.storage.list(`videos/${done.id}`)) if (!o.key.endsWith('.m3u8')) stored.push(o);
  const files = stored.map((o) => o.key.split('/').slice(2).join('/'));
  expect(files.filter((k) => !k.startsWith('hls/') && !k.startsWith('thumbs/') && !k.startsWith('storyboard/')).sort()).toEqual(['main.mp4', expect.stringMatching(/^original\./)]);
  const hashes = await Promise.all(stored.map(async (o) => createHash('sha256').update(await readAll(s.services.storage.stream(o.key))).digest('hex')));
  expect(new Set(hashes).size).toBe(stored.length);
}, 900_000);

test('a worker that dies once a growing rendition is out starts it again: the new playlist is whole and no stray segment stays', async () => {
  crashWhenPlayable = true;
  let reached!: () => void;
  let open!: () => void;
  const atLadder = new Promise<void>((r) => {
    reached = r;
  });
  const hevc = await makeClip({ codec: 'hevc', width: 640, height: 360, seconds: 30, audio: true });
  const up = await s.upload(token, hevc, { name: 'Retried' });
  // In place long before the job gets past its first rendition and thumbnails.
  ladderGates.set(up.body.id, { reached, open: new Promise<void>((r) => (open = r)) });
  await atLadder;
  expect(crashWhenPlayable).toBe(false);

  const url = new URL(`/media/videos/${up.body.id}/hls/first/index.m3u8`, s.url);
  const text = await (await fetch(url)).text();
  expect(text.trim().split('\n').at(-1)).toBe('#EXT-X-ENDLIST');
  const segments = text.split('\n').filter((l) => l && !l.startsWith('#'));
  expect(segments).toHaveLength(15);
  const keys: string[] = [];
  for await (const o of s.services.storage.list(`videos/${up.body.id}/hls/first`)) keys.push(o.key);
  expect(keys.sort()).toEqual([...segments, 'index.m3u8'].map((f) => `videos/${up.body.id}/hls/first/${f}`).sort());

  open();
  const done = await s.waitForVideo(token, up.body.id, (v) => v.processing.isLadderReady, 480_000);
  expect(done.status).toBe('ready');
}, 900_000);
