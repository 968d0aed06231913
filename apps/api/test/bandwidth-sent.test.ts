import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { videoKeys } from '../src/modules/videos/storage-layout.ts';
import { makeClip } from './support/clips.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Bandwidth counts what went out on the viewer's connection (issue 32 item 5): an aborted range
 * counts what was sent, not its Content-Length; the owner's previews (preview tokens) count nothing;
 * a stranger's full read counts the whole file.
 */
let s: TestServer;
let owner: SignedIn;
let video: any;
/** The served main.mp4, made big enough that one range is tens of MB. */
const SIZE = 96 * 1024 * 1024;
/** What the viewer reads of the range before leaving. */
const READ = 4 * 1024 * 1024;

/**
 * What the two socket buffers between the server and this test can hold at most (Linux: the
 * largest TCP send buffer plus the largest receive buffer): bytes the server's socket took that the
 * reader never read. An abort may count up to this much more than was read, and no more.
 */
function socketBuffersMax(): number {
  const max = (file: string) => Number(readFileSync(file, 'utf8').trim().split(/\s+/)[2]);
  try {
    return max('/proc/sys/net/ipv4/tcp_wmem') + max('/proc/sys/net/ipv4/tcp_rmem');
  } catch {
    return 16 * 1024 * 1024;
  }
}

const usage = async () => (await s.api('GET', '/api/usage', { token: owner.accessToken })).body.bandwidth.thisMonthBytes as number;
/** The month's bandwidth once this process's counter has heard of `more` than `before` and written it. */
async function grownFrom(before: number): Promise<number> {
  let now = before;
  await expect
    .poll(async () => {
      await s.services.bandwidth.flush();
      now = await usage();
      return now;
    })
    .toBeGreaterThan(before);
  return now - before;
}

/** GETs `url` with `range`, reads `limit` bytes (all without), then drops the connection; resolves with the bytes read. */
function readPart(url: string, range: string, limit = Number.POSITIVE_INFINITY): Promise<{ status: number; read: number; length: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Range: range } }, (res) => {
      let read = 0;
      const length = Number(res.headers['content-length']);
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= limit) {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, read, length });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, read, length }));
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    req.end();
  });
}

beforeAll(async () => {
  // A long flush interval: only the test's flushes write.
  s = await startTestServer({ BANDWIDTH_FLUSH_SECONDS: '3600', DELIVERY_STATUS_CACHE_SECONDS: '0' });
  owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: true });
  const up = await s.upload(owner.accessToken, clip);
  video = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.isMainReady && v.isHlsReady);
  // The delivery route serves bytes as stored: a big main.mp4 makes a range of tens of MB.
  await s.services.storage.put(videoKeys.main(video.id, null), Buffer.alloc(SIZE, 7));
});
afterAll(() => s.stop());

test('an aborted range counts what was sent, not its length', async () => {
  const before = await usage();
  const part = await readPart(video.videoSource, 'bytes=1048576-', READ);
  expect(part.status).toBe(206);
  expect(part.length).toBe(SIZE - 1048576);

  const counted = await grownFrom(before);
  // At least what the viewer read; beyond it only what the sockets' buffers held when it left.
  // Counting the range's Content-Length (95 MB) would fail the upper bound.
  expect(counted).toBeGreaterThanOrEqual(part.read);
  expect(counted).toBeLessThanOrEqual(part.read + socketBuffersMax());
  expect(part.read + socketBuffersMax()).toBeLessThan(part.length);
});

test("the owner's preview adds nothing; a stranger's full read adds the whole file", async () => {
  const preview = (await s.api('GET', `/api/videos/${video.id}/preview`, { token: owner.accessToken })).body;
  expect(preview.token.token).toMatch(/^\d{10}\.\d+p\./);
  await s.services.bandwidth.flush();
  const before = await usage();
  const watched = await readPart(preview.mp4Source, 'bytes=0-');
  expect(watched.read).toBe(SIZE);
  // The preview's master and a rung playlist too.
  const master = await fetch(preview.hlsSource);
  expect(master.status).toBe(200);
  const rung = (await master.text()).split('\n').find((l) => l && !l.startsWith('#')) as string;
  expect((await fetch(new URL(rung, preview.hlsSource))).status).toBe(200);

  // The stranger's read comes after the preview: once it is counted, so would the preview be.
  const full = await readPart(video.videoSource, 'bytes=0-');
  expect(full.read).toBe(SIZE);
  expect(await grownFrom(before)).toBe(SIZE);
});

test('a preview flag added to a viewer token does not validate', async () => {
  await s.api('PUT', `/api/videos/${video.id}/privacy`, { token: owner.accessToken, body: { visibility: 'password', password: 'letmein1' } });
  const viewer = (await s.api('POST', `/api/videos/${video.id}/unlock`, { body: { password: 'letmein1' } })).body.token as string;
  const forged = viewer.replace(/^(\d{10}\.\d+)\./, '$1p.');
  const url = (token: string) => `${s.url}/media/videos/${video.id}/~${token}/main.mp4`;
  expect((await fetch(url(viewer), { headers: { Range: 'bytes=0-0' } })).status).toBe(206);
  expect((await fetch(url(forged), { headers: { Range: 'bytes=0-0' } })).status).toBe(403);
});
