import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.ts';
import { majorVersion } from '../src/media/binaries.ts';
import { MEDIA_UNAVAILABLE } from '../src/media/readiness.ts';
import { makeClip } from './support/clips.ts';
import { type Proc, startNode } from './support/processes.ts';
import { freshDatabase, migratedDatabase, signUpAndLogin, type TestServer } from './support/test-server.ts';

/*
 * Safe from the first command: the product started as `npm start` starts it (src/main.ts with its
 * worker as a child process) decodes media with a current ffmpeg inside bubblewrap and says so in
 * its start log; where bubblewrap cannot run it refuses media (503 for uploads, a clear failure for
 * jobs) unless the operator turned the box off on purpose.
 */
const SRC = join(import.meta.dirname, '..', 'src');
let tmp = '';
let fakeBin = '';
const procs: Proc[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-first-start-'));
  // As root, the embedded PostgreSQL is not used here (DATABASE_URL), but keep the folder enterable.
  await chmod(tmp, 0o755);
  // A bubblewrap that cannot create namespaces, as in containers without user namespaces.
  fakeBin = join(tmp, 'bin');
  await mkdir(fakeBin);
  await writeFile(join(fakeBin, 'bwrap'), '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n', { mode: 0o755 });
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop()));
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** src/main.ts or src/worker.ts as its own process on `databaseUrl`; resolves once it serves (or, a worker, works). */
async function start(script: 'main.ts' | 'worker.ts', env: Record<string, string>, databaseUrl: string) {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? join(tmp, crypto.randomUUID());
  const proc = startNode(join(SRC, script), { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', JOB_RETRY_DELAY_SECONDS: '1', ...env });
  procs.push(proc);
  await proc.waitForLog((l) => l.msg === (script === 'main.ts' ? 'Reelbase is listening' : 'worker started'), 'started', 90_000);
  const base = `http://127.0.0.1:${port}`;
  const api: TestServer['api'] = async (method, path, opts = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { ...(opts.body !== undefined && { 'content-type': 'application/json' }), ...(opts.token && { authorization: `Bearer ${opts.token}` }), ...opts.headers },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : text, headers: res.headers };
  };
  return { proc, base, api, dataDir, user: () => signUpAndLogin({ api } as TestServer) };
}

/** The start log's media lines ("media: ..."), one per process that checked its tools. */
const mediaLines = (p: Proc) => p.logs.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('media: '));

async function uploadClip(base: string, token: string, clip: string) {
  const form = new FormData();
  form.append('name', 'First start');
  form.append('video', new Blob([await readFile(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${base}/api/videos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

test('npm start reports ffmpeg 5 or newer in bubblewrap, in the API and its worker, and plays an upload', async () => {
  const { proc, base, user } = await start('main.ts', {}, await freshDatabase());
  // Among the JSON log, one plain line tells the person who ran `npm start` where to go.
  await expect.poll(() => proc.stderr.filter((l) => /^Reelbase is ready: open http:\/\/localhost:\d+$/.test(l))).toHaveLength(1);
  // The worker (a child process) checks its own tools; its line comes on the same output.
  for (let i = 0; mediaLines(proc).length < 2 && i < 200; i++) await new Promise((r) => setTimeout(r, 100));
  const lines = mediaLines(proc);
  expect(lines.map((l) => l.pid)).toHaveLength(2);
  for (const line of lines) {
    const m = /^media: ffmpeg (\S+) in bubblewrap$/.exec(String(line.msg));
    expect(m, String(line.msg)).not.toBeNull();
    expect(majorVersion(m?.[1] ?? '')).toBeGreaterThanOrEqual(5);
  }

  const { accessToken } = await user();
  const up = await uploadClip(base, accessToken, await makeClip());
  expect(up.status).toBe(201);
  const deadline = Date.now() + 60_000;
  let video: any;
  do {
    await new Promise((r) => setTimeout(r, 200));
    video = await (await fetch(`${base}/api/videos/${up.body.id}`, { headers: { authorization: `Bearer ${accessToken}` } })).json();
  } while (!video.isHlsReady && video.status !== 'failed' && Date.now() < deadline);
  expect(video).toMatchObject({ isHlsReady: true, processing: { error: null } });
  await proc.stop();
}, 150_000);

test('where bubblewrap cannot run, media is refused with the reason at start, 503 on uploads and a clear failure in a worker', async () => {
  const PATH = `${fakeBin}:${process.env.PATH}`;
  const clip = await makeClip();

  // npm start (API and worker on this machine): the start log says why and what to do; uploads answer 503 before their bytes.
  // Databases already migrated (the first test starts on an empty one): what is tested here is the media check.
  const refusing = await start('main.ts', { PATH }, await migratedDatabase());
  const [line] = mediaLines(refusing.proc);
  expect(line.level).toBe(50);
  expect(line.msg).toMatch(/^media: refused, bubblewrap is missing or cannot create namespaces here/);
  expect(line.msg).toContain('set MEDIA_SANDBOX=off and FFMPEG_PATH');
  const { accessToken } = await refusing.user();
  expect(await uploadClip(refusing.base, accessToken, clip)).toEqual({ status: 503, body: { message: MEDIA_UNAVAILABLE } });
  const tus = await fetch(`${refusing.base}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'tus-resumable': '1.0.0', 'upload-length': '1000', 'upload-metadata': `filetype ${btoa('video/mp4')},filename ${btoa('a.mp4')}` },
  });
  expect(tus.status).toBe(503);
  expect(await tus.json()).toEqual({ message: MEDIA_UNAVAILABLE });
  const list = await refusing.api('GET', '/api/videos', { token: accessToken });
  expect(list.body.items).toHaveLength(0);
  await refusing.proc.stop();

  // A standalone worker on such a machine (the API elsewhere takes the upload): the video fails with the reason, at once.
  const databaseUrl = await migratedDatabase();
  const api = await start('main.ts', { RUN_WORKER: 'false' }, databaseUrl);
  // The same DATA_DIR: local storage is this machine's disk.
  const worker = await start('worker.ts', { PATH, WORKER_CONCURRENCY: '1', DATA_DIR: api.dataDir }, databaseUrl);
  expect(mediaLines(worker.proc)[0].msg).toMatch(/^media: refused, bubblewrap/);
  const owner = await api.user();
  const up = await uploadClip(api.base, owner.accessToken, clip);
  expect(up.status).toBe(201);
  const deadline = Date.now() + 30_000;
  let video: any;
  do {
    await new Promise((r) => setTimeout(r, 200));
    video = (await api.api('GET', `/api/videos/${up.body.id}`, { token: owner.accessToken })).body;
  } while (video.status !== 'failed' && Date.now() < deadline);
  expect(video).toMatchObject({ status: 'failed', isHlsReady: false, processing: { error: MEDIA_UNAVAILABLE } });
  // Refused media is not retried (it would be refused again): one run, no second attempt.
  expect(worker.proc.logs.filter((l) => l.msg === 'job failed' && l.videoId === up.body.id)).toHaveLength(1);
  await Promise.all([api.proc.stop(), worker.proc.stop()]);

  // The operator's choice, on purpose: MEDIA_SANDBOX=off and FFMPEG_PATH run media without the box, and the log says so.
  const shared = await migratedDatabase();
  const unboxed = await start('main.ts', { PATH, MEDIA_SANDBOX: 'off', FFMPEG_PATH: '/usr/bin/ffmpeg', RUN_WORKER: 'false' }, shared);
  const [chosen] = mediaLines(unboxed.proc);
  expect(chosen.level).toBe(40);
  expect(chosen.msg).toMatch(/^media: ffmpeg \S+ without bubblewrap, as the operator chose \(MEDIA_SANDBOX=off and FFMPEG_PATH set\)$/);
  // MEDIA_SANDBOX=off alone is not enough.
  await unboxed.proc.stop();
  const half = await start('main.ts', { PATH, MEDIA_SANDBOX: 'off', RUN_WORKER: 'false' }, shared);
  expect(mediaLines(half.proc)[0].msg).toMatch(/^media: refused, MEDIA_SANDBOX=off without FFMPEG_PATH/);
}, 240_000);
