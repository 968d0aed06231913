import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { downloadWithYtDlp, findYtDlp, ytDlpArgs } from '../../src/imports/yt-dlp.ts';
import { type LocalServer, send, startServer } from './local-server.ts';

/**
 * A stand-in for yt-dlp: reads the page through --proxy, takes the page's text as the media
 * address, fetches it through the proxy too, prints progress with --progress-template and writes
 * the file where --paths and --output say. '/slow' pages make it hang.
 */
const FAKE = `#!/usr/bin/env node
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
const opt = (name) => args[args.indexOf(name) + 1];
const url = args[args.indexOf('--') + 1];
const proxy = new URL(opt('--proxy'));
const auth = 'Basic ' + Buffer.from(decodeURIComponent(proxy.username) + ':' + decodeURIComponent(proxy.password)).toString('base64');
const get = (u) => new Promise((resolve) => {
  const req = http.request({ host: proxy.hostname, port: proxy.port, path: u, headers: { 'proxy-authorization': auth } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
  });
  req.on('error', () => resolve({ status: 502, body: Buffer.alloc(0) }));
  req.end();
});
const progress = (done, total) => console.log(opt('--progress-template').replace(/^download:/, '')
  .replace('%(progress.downloaded_bytes)s', done).replace('%(progress.total_bytes)s', total).replace('%(progress.total_bytes_estimate)s', 'NA'));
(async () => {
  if (url.endsWith('/slow')) return setTimeout(() => {}, 60_000);
  const page = await get(url);
  if (page.status !== 200) { console.error('ERROR: [generic] Unable to download webpage: HTTP Error ' + page.status); process.exit(1); }
  const media = await get(page.body.toString().trim());
  if (media.status !== 200) { console.error('ERROR: unable to download video data: HTTP Error ' + media.status); process.exit(1); }
  const part = path.join(opt('--paths'), 'video.mp4.part');
  fs.writeFileSync(part, media.body);
  progress(10, media.body.length);
  progress(media.body.length, media.body.length);
  fs.renameSync(part, path.join(opt('--paths'), opt('--output').replace('%(ext)s', 'mp4')));
})();
`;

let server: LocalServer;
let bin: string;
let dir: string;
const clip = Buffer.alloc(5_000, 3);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelbase-ytdlp-'));
  bin = join(dir, 'bin', 'yt-dlp');
  await mkdir(join(dir, 'bin'));
  await writeFile(bin, FAKE);
  await chmod(bin, 0o755);
  server = await startServer({
    '/watch': (req, res) => send(server.url('/media/clip.mp4'))(req, res),
    '/watch-evil': (req, res) => send(`http://localhost:${server.port}/media/clip.mp4`)(req, res),
    '/media/clip.mp4': send(clip, { 'content-type': 'video/mp4' }),
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

test('without yt-dlp on PATH the caller is told so', async () => {
  vi.stubEnv('PATH', join(dir, 'empty'));
  expect(findYtDlp()).toBeNull();
  await expect(downloadWithYtDlp('https://www.youtube.com/watch?v=x', join(dir, 'none'), { timeoutMs: 1_000 })).rejects.toMatchObject({
    name: 'YtDlpMissingError',
    message: 'Importing from video-sharing sites needs yt-dlp, which is not installed on this server.',
  });
  vi.stubEnv('PATH', `${join(dir, 'empty')}:${join(dir, 'bin')}`);
  expect(findYtDlp()).toBe(bin);
});

test('yt-dlp runs without configuration, without ffmpeg, through the proxy, into destDir', () => {
  const args = ytDlpArgs('https://example.com/v', '/work/x', { proxyUrl: 'http://u:p@127.0.0.1:9', maxBytes: 1000 });
  expect(args.slice(-2)).toEqual(['--', 'https://example.com/v']);
  for (const flag of ['--ignore-config', '--no-playlist', '--restrict-filenames', '--no-cache-dir']) expect(args).toContain(flag);
  const value = (flag: string) => args[args.indexOf(flag) + 1];
  expect(value('--proxy')).toBe('http://u:p@127.0.0.1:9');
  expect(value('--max-filesize')).toBe('1000');
  expect(value('--paths')).toBe('/work/x');
  expect(value('--output')).toBe('video.%(ext)s');
  expect(value('--ffmpeg-location')).toBe('/work/x/.no-ffmpeg');
  expect(value('--downloader')).toBe('native');
});

test('a page is downloaded through the guarded proxy with progress', async () => {
  const dest = join(dir, 'ok');
  const progress: number[] = [];
  const file = await downloadWithYtDlp(server.url('/watch'), dest, {
    binary: bin,
    timeoutMs: 10_000,
    allowedHosts: ['127.0.0.1'],
    onProgress: (f) => progress.push(f),
  });
  expect(file).toBe(join(dest, 'video.mp4'));
  expect(await readFile(file)).toEqual(clip);
  expect(progress.at(-1)).toBe(1);
  expect(await readdir(dest)).toEqual(['video.mp4']);
});

test('a media address yt-dlp finds on a disallowed host is refused by the proxy, and nothing is left', async () => {
  const dest = join(dir, 'evil');
  server.hits.length = 0;
  await expect(downloadWithYtDlp(server.url('/watch-evil'), dest, { binary: bin, timeoutMs: 10_000, allowedHosts: ['127.0.0.1'] })).rejects.toMatchObject({
    name: 'ImportRefusedError',
    code: 'address',
    message: 'This address is not allowed for imports.',
  });
  expect(server.hits).toEqual(['/watch-evil']);
  expect(await readdir(dest)).toEqual([]);
});

test('the page address itself is checked before yt-dlp starts', async () => {
  await expect(downloadWithYtDlp(server.url('/watch'), join(dir, 'private'), { binary: bin, timeoutMs: 10_000 })).rejects.toMatchObject({ code: 'address' });
  expect(existsSync(join(dir, 'private'))).toBe(false);
});

test('yt-dlp is stopped at the time limit', async () => {
  const dest = join(dir, 'slow');
  await expect(downloadWithYtDlp(server.url('/slow'), dest, { binary: bin, timeoutMs: 500, allowedHosts: ['127.0.0.1'] })).rejects.toMatchObject({
    code: 'timeout',
  });
  expect(await readdir(dest)).toEqual([]);
});
