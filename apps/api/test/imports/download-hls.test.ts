import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { downloadHls } from '../../src/imports/download.ts';
import { createGuardedFetch } from '../../src/imports/guarded-fetch.ts';
import { type LocalServer, send, startServer } from './local-server.ts';

let server: LocalServer;
let dir: string;
const fetcher = createGuardedFetch({ allowedHosts: ['127.0.0.1'], maxBytes: 1_000_000, timeoutMs: 5_000, maxRedirects: 3 });
const seg0 = Buffer.from('G-first-segment-bytes');
const seg1 = Buffer.from('G-second-segment-bytes');
const m3u8 = (lines: string[]) => send(`${lines.join('\n')}\n`, { 'content-type': 'application/vnd.apple.mpegurl' });
const media = (segments: string[], extra: string[] = []) =>
  m3u8([
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:4',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    ...extra,
    ...segments.flatMap((s) => ['#EXTINF:4.000,', s]),
    '#EXT-X-ENDLIST',
  ]);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelbase-hls-'));
  server = await startServer({
    // One relative URI, one absolute path: both resolve against the playlist's address.
    '/vod/index.m3u8': media(['seg0.ts', '/vod/seg1.ts']),
    '/vod/seg0.ts': send(seg0),
    '/vod/seg1.ts': send(seg1),
    '/master.m3u8': m3u8([
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=640x360',
      'low/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720',
      'high/index.m3u8',
    ]),
    '/high/index.m3u8': media(['a.m4s', 'b.m4s'], ['#EXT-X-MAP:URI="init.mp4"', '#EXT-X-PART-INF:PART-TARGET=1', '#EXT-X-SESSION-DATA:DATA-ID="x",URI="http://169.254.169.254/"']),
    '/high/init.mp4': send('init'),
    '/high/a.m4s': send('aaaa'),
    '/high/b.m4s': send('bbbb'),
    '/split.m3u8': m3u8([
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",DEFAULT=YES,URI="audio/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,AUDIO="aud"',
      'vod/index.m3u8',
    ]),
    '/audio/index.m3u8': media(['a0.aac']),
    '/audio/a0.aac': send('sound'),
    '/evil.m3u8': media(['/vod/seg0.ts', 'http://169.254.169.254/latest/meta-data/seg.ts']),
    '/evil-localhost.m3u8': (req, res) => media(['/vod/seg0.ts', `http://localhost:${server.port}/vod/seg1.ts`])(req, res),
    '/encrypted.m3u8': media(['/vod/seg0.ts'], ['#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/k"']),
    '/live.m3u8': m3u8(['#EXTM3U', '#EXT-X-TARGETDURATION:4', '#EXTINF:4,', '/vod/seg0.ts']),
  });
});
afterAll(async () => {
  fetcher.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

test('a media playlist is downloaded and rewritten to local files', async () => {
  const dest = join(dir, 'vod');
  const progress: number[][] = [];
  const playlist = await downloadHls(fetcher, server.url('/vod/index.m3u8'), dest, { onProgress: (...a) => progress.push(a) });
  expect(playlist).toBe(join(dest, 'video.m3u8'));
  const text = await readFile(playlist, 'utf8');
  expect(text).toBe(
    ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXTINF:4.000,', 'video-00000.ts', '#EXTINF:4.000,', 'video-00001.ts', '#EXT-X-ENDLIST', ''].join('\n'),
  );
  expect(text).not.toMatch(/https?:/);
  expect(await readFile(join(dest, 'video-00000.ts'))).toEqual(seg0);
  expect(await readFile(join(dest, 'video-00001.ts'))).toEqual(seg1);
  expect(progress.at(-1)).toEqual([2, 2, seg0.length + seg1.length]);
});

test('a master playlist plays its highest-bandwidth variant, with its init segment', async () => {
  const dest = join(dir, 'master');
  const playlist = await downloadHls(fetcher, server.url('/master.m3u8'), dest);
  const text = await readFile(playlist, 'utf8');
  expect(text).toContain('#EXT-X-MAP:URI="video-init-0.mp4"');
  expect(text).toContain('video-00001.m4s');
  // Tags that name other resources or that ffmpeg has no use for are left out.
  expect(text).not.toContain('SESSION-DATA');
  expect(text).not.toContain('PART-INF');
  expect(await readFile(join(dest, 'video-init-0.mp4'), 'utf8')).toBe('init');
  expect(server.hits).not.toContain('/low/index.m3u8');
});

test('a separate audio rendition is fetched and joined in a local master playlist', async () => {
  const dest = join(dir, 'split');
  const playlist = await downloadHls(fetcher, server.url('/split.m3u8'), dest);
  expect(playlist).toBe(join(dest, 'index.m3u8'));
  const text = await readFile(playlist, 'utf8');
  expect(text).toContain('URI="audio.m3u8"');
  expect(text).toContain('video.m3u8');
  expect(await readFile(join(dest, 'audio.m3u8'), 'utf8')).toContain('audio-00000.aac');
  expect(await readFile(join(dest, 'audio-00000.aac'), 'utf8')).toBe('sound');
});

test('a segment on a disallowed host refuses the whole playlist before any segment is fetched', async () => {
  for (const path of ['/evil.m3u8', '/evil-localhost.m3u8']) {
    server.hits.length = 0;
    const dest = join(dir, `evil-${path.length}`);
    await expect(downloadHls(fetcher, server.url(path), dest)).rejects.toMatchObject({
      name: 'ImportRefusedError',
      code: 'address',
      message: 'This address is not allowed for imports.',
    });
    expect(server.hits).toEqual([path]);
    expect(existsSync(dest)).toBe(false);
  }
});

test('encrypted and live playlists are refused with a clear message', async () => {
  await expect(downloadHls(fetcher, server.url('/encrypted.m3u8'), join(dir, 'enc'))).rejects.toMatchObject({
    code: 'unsupported',
    message: 'Encrypted HLS streams cannot be imported.',
  });
  await expect(downloadHls(fetcher, server.url('/live.m3u8'), join(dir, 'live'))).rejects.toMatchObject({ code: 'unsupported', message: expect.stringContaining('Live') });
});

test('a segment failing midway removes what was written', async () => {
  const dest = join(dir, 'partial');
  const small = createGuardedFetch({ allowedHosts: ['127.0.0.1'], maxBytes: 1_000_000, timeoutMs: 5_000, maxRedirects: 3 });
  await expect(downloadHls(small, server.url('/vod/index.m3u8'), dest, { maxTotalBytes: seg0.length + 2, concurrency: 1 })).rejects.toMatchObject({ code: 'too-large' });
  small.close();
  expect(existsSync(dest)).toBe(false);
  expect(await readdir(dir)).not.toContain('partial');
});
