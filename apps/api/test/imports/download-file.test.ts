import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { detectKind, downloadToFile, probeKind } from '../../src/imports/download.ts';
import { createGuardedFetch } from '../../src/imports/guarded-fetch.ts';
import { type LocalServer, send, startServer } from './local-server.ts';

let server: LocalServer;
let dir: string;
const clip = Buffer.alloc(300_000, 7);
const fetcher = createGuardedFetch({ allowedHosts: ['127.0.0.1'], maxBytes: 100_000 * 4, timeoutMs: 5_000, maxRedirects: 3 });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelbase-download-'));
  server = await startServer({
    '/clip.mp4': (_req, res) => {
      // Sent in pieces so progress has steps to report.
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(clip.length) });
      let offset = 0;
      const next = () => {
        if (offset >= clip.length) return void res.end();
        res.write(clip.subarray(offset, offset + 65_536), next);
        offset += 65_536;
      };
      next();
    },
    '/huge': (_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      const chunk = Buffer.alloc(64 * 1024);
      let sent = 0;
      const next = () => {
        if (sent > 2_000_000 || res.destroyed) return void res.end();
        sent += chunk.length;
        res.write(chunk, next);
      };
      next();
    },
    '/stream': send('#EXTM3U\n#EXT-X-ENDLIST\n', { 'content-type': 'text/plain' }),
    '/watch': send('<html></html>', { 'content-type': 'text/html; charset=utf-8' }),
  });
});
afterAll(async () => {
  fetcher.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

test('a direct file is streamed to disk with progress up to its total', async () => {
  const calls: [number, number | null][] = [];
  const dest = join(dir, 'clip.mp4');
  const result = await downloadToFile(fetcher, server.url('/clip.mp4'), dest, { onProgress: (r, t) => calls.push([r, t]) });
  expect(await readFile(dest)).toEqual(clip);
  expect(result).toEqual({ path: dest, bytes: clip.length, contentType: 'video/mp4', url: server.url('/clip.mp4') });
  expect(calls[0]).toEqual([0, clip.length]);
  expect(calls.at(-1)).toEqual([clip.length, clip.length]);
});

test('a body over the limit stops the download and leaves no partial file', async () => {
  const dest = join(dir, 'huge.mp4');
  await expect(downloadToFile(fetcher, server.url('/huge'), dest)).rejects.toMatchObject({ code: 'too-large' });
  expect(existsSync(dest)).toBe(false);
});

test('an error status is refused and leaves no file', async () => {
  const dest = join(dir, 'missing.mp4');
  await expect(downloadToFile(fetcher, server.url('/missing'), dest)).rejects.toMatchObject({
    code: 'http-status',
    message: 'The server answered with HTTP status 404.',
    transient: false,
  });
  expect(existsSync(dest)).toBe(false);
});

test('detectKind trusts a specific content type, else the extension', () => {
  expect(detectKind('https://cdn.example/a/master.m3u8', null)).toBe('hls');
  expect(detectKind('https://cdn.example/a/playlist', 'application/vnd.apple.mpegurl')).toBe('hls');
  expect(detectKind('https://cdn.example/a/playlist', 'application/x-mpegURL; charset=utf-8')).toBe('hls');
  expect(detectKind('https://cdn.example/clip.mp4?sig=1', null)).toBe('file');
  expect(detectKind('https://cdn.example/download', 'video/quicktime')).toBe('file');
  expect(detectKind('https://cdn.example/download', 'application/octet-stream')).toBe('file');
  expect(detectKind('https://cdn.example/clip.MOV', 'application/octet-stream')).toBe('file');
  expect(detectKind('https://www.youtube.com/watch?v=abc', 'text/html; charset=utf-8')).toBe('page');
  expect(detectKind('https://vimeo.com/12345', null)).toBe('page');
  expect(detectKind('https://site.example/video.mp4', 'text/html')).toBe('page');
});

test('probeKind asks the server and recognises a playlist by its first line', async () => {
  expect(await probeKind(fetcher, server.url('/stream'))).toBe('hls');
  expect(await probeKind(fetcher, server.url('/watch'))).toBe('page');
  expect(await probeKind(fetcher, server.url('/clip.mp4'))).toBe('file');
});
