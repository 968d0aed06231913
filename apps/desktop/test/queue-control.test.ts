import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, memoryTokenStorage } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { QueueState } from '../src/main/queue-store.ts';
import type { UploadQueue } from '../src/main/upload-queue.ts';
import { openUploadQueue } from '../src/main/uploads.ts';
import type { QueueSnapshot } from '../src/shared/queue.ts';
import { type Login, makeClip, sessionOf, signUpAndLogin, startTestServer, type TestServer } from './support/api.ts';
import { startProxy } from './support/tcp-proxy.ts';
import { distinctCopies } from './support/videos.ts';

let s: TestServer;
let user: Login;
let tmp: string;
let files: string[];

beforeAll(async () => {
  s = await startTestServer();
  user = await signUpAndLogin(s);
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-queue-'));
  files = await distinctCopies(await makeClip({ seconds: 2, width: 320, height: 240, audio: true }), 5, join(tmp, 'clips'));
});
afterAll(async () => {
  await s?.stop();
  await rm(tmp, { recursive: true, force: true });
});

/** A queue over `baseUrl` whose snapshots are recorded and can be reacted to as they come. */
async function queueFor(baseUrl: string, dataDir: string, react: (snap: QueueSnapshot, q: UploadQueue) => void = () => {}) {
  const client = createApiClient({ baseUrl, storage: memoryTokenStorage(sessionOf(user)) });
  const snaps: QueueSnapshot[] = [];
  let drained: () => void = () => {};
  const done = new Promise<void>((r) => {
    drained = r;
  });
  const q: UploadQueue = await openUploadQueue(() => client, dataDir, {
    concurrency: 2,
    chunkSize: 16 * 1024,
    backoff: (n) => 100 * 2 ** (n - 1),
    onChange(snap) {
      snaps.push(snap);
      react(snap, q);
    },
    onDrained: () => drained(),
  });
  const add = async (paths: string[]) => q.add(await Promise.all(paths.map(async (path) => ({ path, mime: 'video/mp4', size: (await stat(path)).size }))));
  return { q, snaps, done, add };
}

const videoCount = async () => (await s.api('GET', '/api/videos?limit=100', { token: user.accessToken })).body.meta.totalItems as number;

test('two at a time, with per-file and total progress; pause keeps the bytes, resume continues, cancel drops them', async () => {
  const dataDir = join(tmp, 'control');
  const before = await videoCount();
  let pausedAt = -1;
  let cancelled: string | null = null;
  let cancelledUrl: string | null | undefined;
  let cancelling: Promise<void> | undefined;
  const readState = async () => JSON.parse(await readFile(join(dataDir, 'upload-queue.json'), 'utf8')) as QueueState;
  const { q, snaps, done, add } = await queueFor(s.url, dataDir, (snap, queue) => {
    const [first, second] = snap.items;
    if (pausedAt < 0 && first?.status === 'uploading' && first.sent > 48 * 1024) {
      pausedAt = first.sent;
      queue.pause(first.id);
    }
    if (!cancelled && second?.status === 'uploading' && second.sent > 48 * 1024) {
      cancelled = second.id;
      cancelling = (async () => {
        // The queue file is written after the upload is created; on a loaded machine a moment later.
        for (let i = 0; i < 100 && !cancelledUrl; i++) {
          cancelledUrl = (await readState()).items.find((it) => it.id === second.id)?.uploadUrl;
          if (!cancelledUrl) await new Promise((r) => setTimeout(r, 50));
        }
        await queue.cancel(second.id);
      })();
    }
  });
  await add(files.slice(0, 4));
  // Sizes come from the files themselves.
  const sizes = q.snapshot().items.map((i) => i.size);
  q.start();

  await expect.poll(() => q.snapshot().items[0]?.status, { timeout: 30_000 }).toBe('paused');
  await expect.poll(() => cancelled !== null && !q.snapshot().items.some((i) => i.id === cancelled), { timeout: 30_000 }).toBe(true);
  const state = await readState();
  const paused = state.items[0];
  expect(paused.uploadUrl).toBeTruthy();
  const head = (url: string) => fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${user.accessToken}` } });
  const held = Number((await head(paused.uploadUrl as string)).headers.get('upload-offset'));
  expect(held).toBeGreaterThan(0);
  expect(held).toBeLessThan(sizes[0]);

  // The cancelled upload is gone from the server too, once the cancel has settled.
  await cancelling;
  expect(cancelledUrl).toBeTruthy();
  expect((await head(cancelledUrl as string)).status).toBe(404);

  // The two others finish while the first waits; its bytes on the server stay put.
  await expect.poll(() => q.snapshot().items.filter((i) => i.status === 'done').length, { timeout: 30_000 }).toBe(2);
  expect(Number((await head(paused.uploadUrl as string)).headers.get('upload-offset'))).toBe(held);

  q.resume(paused.id);
  await done;
  const last = q.snapshot();
  expect(last.items.map((i) => i.status)).toEqual(['done', 'done', 'done']);
  expect(last.total).toEqual({ sent: last.total.size, size: sizes[0] + sizes[2] + sizes[3], percent: 100 });
  expect(last.pending).toBe(0);
  // Never more than two files on the wire at once, and progress was reported along the way.
  expect(Math.max(...snaps.map((x) => x.items.filter((i) => i.status === 'uploading').length))).toBe(2);
  expect(snaps.some((x) => x.total.percent > 0 && x.total.percent < 100)).toBe(true);
  expect(await videoCount()).toBe(before + 3);
  await q.close();
});

test('a dropped network is retried with backoff and the upload continues where it stopped', async () => {
  const proxy = await startProxy(new URL(s.url));
  const before = await videoCount();
  let cut = false;
  const { q, snaps, done, add } = await queueFor(proxy.url, join(tmp, 'network'), (snap) => {
    if (!cut && snap.items[0]?.sent > 32 * 1024) {
      cut = true;
      void proxy.cut();
    }
  });
  await add([files[4]]);
  q.start();
  await expect.poll(() => q.snapshot().items[0]?.status, { timeout: 30_000 }).toBe('retrying');
  const retrying = q.snapshot().items[0];
  expect(retrying.error).toBeTruthy();
  // Still retrying a while later: each try fails while the network is down, waiting longer each time.
  await new Promise((r) => setTimeout(r, 800));
  expect(q.snapshot().items[0].status).toMatch(/retrying|uploading/);
  await proxy.restore();
  await done;
  const item = q.snapshot().items[0];
  expect(item.status).toBe('done');
  // It went on from the bytes the server held instead of starting over.
  const afterRestore = snaps.slice(snaps.findIndex((x) => x.items[0]?.status === 'retrying'));
  expect(Math.min(...afterRestore.map((x) => x.items[0].sent))).toBeGreaterThan(0);
  expect(await videoCount()).toBe(before + 1);
  const video = await s.api('GET', `/api/videos/${item.videoId}`, { token: user.accessToken });
  expect(video.body.size).toBe(item.size);
  await q.close();
  await proxy.close();
});
