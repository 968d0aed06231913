import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webDistPath } from '@reelbase/web/dist-path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.ts';
import { CARD } from './support/card.ts';
import { makeClip } from './support/clips.ts';
import { type Proc, startNode, watchLogs } from './support/processes.ts';
import { type LocalS3, startLocalS3 } from './support/s3.ts';
import { freshDatabase } from './support/test-server.ts';

/*
 * Two API processes and two workers on one database and one bucket, with Debian's nginx in front
 * (run from deploy/nginx/reelbase.conf) when it is installed, as on several machines.
 */
const NGINX = '/usr/sbin/nginx';
const SRC = join(import.meta.dirname, '..', 'src');
const SITE = join(import.meta.dirname, '..', '..', '..', 'deploy', 'nginx', 'reelbase.conf');

let s3: LocalS3;
let databaseUrl: string;
let tmp: string;
let apis: { proc: Proc; url: string }[] = [];
let workers: Proc[] = [];
let nginx: Proc | null = null;
/** Where users and players come in: nginx, or the first API process without it. */
let front: string;
let token: string;

/** Renders the documented site file for this run: its ports, web root and cache folder. */
async function startNginx(ports: number[], listen: number) {
  let site = await readFile(SITE, 'utf8');
  const swap = (from: string | RegExp, to: string) => {
    const next = site.replace(from, to);
    if (next === site) throw new Error(`deploy/nginx/reelbase.conf no longer has ${from}`);
    site = next;
  };
  swap(/server 127\.0\.0\.1:3001;/g, `server 127.0.0.1:${ports[0]};`);
  swap(/server 127\.0\.0\.1:3002;/g, `server 127.0.0.1:${ports[1]};`);
  swap('/var/cache/nginx/reelbase', join(tmp, 'nginx-cache'));
  swap('listen 80;', `listen 127.0.0.1:${listen};`);
  swap('listen [::]:80;', '');
  swap('root /srv/reelbase/web;', `root ${webDistPath};`);
  const dir = join(tmp, 'nginx');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'reelbase.conf'), site);
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${join(dir, t)};`).join('\n  ');
  await writeFile(
    join(dir, 'nginx.conf'),
    // As root, nginx's workers would switch to `nobody`, who cannot write in this private folder.
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;\npid ${join(dir, 'nginx.pid')};\nerror_log stderr warn;\nevents { worker_connections 256; }\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  ${temps}\n  include ${join(dir, 'reelbase.conf')};\n}\n`,
  );
  const proc = watchLogs(spawn(NGINX, ['-p', dir, '-e', 'stderr', '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] }));
  const url = `http://127.0.0.1:${listen}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 100 || proc.child.exitCode !== null) throw new Error(`nginx did not start (exit ${proc.child.exitCode})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, url };
}

async function api(method: string, path: string, body?: unknown, base = front) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function upload(file: string, name: string) {
  const form = new FormData();
  form.append('name', name);
  form.append('video', new Blob([await readFile(file)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${front}/api/videos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

// Deadlines below are for events (a boot, a job, a flush), long enough for a loaded machine; none is asserted.
async function waitReady(id: string, ms = 180_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await api('GET', `/api/videos/${id}`);
    if (v.body?.status === 'ready' && v.body.processing.isLadderReady) return v.body;
    if (Date.now() > deadline) throw new Error(`video ${id} not ready: ${JSON.stringify(v.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** process-video runs of a video, per worker. */
const runs = (w: Proc, id: string, msg: string) => w.logs.filter((l) => l.msg === msg && l.job === 'process-video' && l.videoId === id).length;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-scale-'));
  s3 = await startLocalS3();
  databaseUrl = await freshDatabase();
  const ports = [await freePort(), await freePort()];
  const hasNginx = existsSync(NGINX);
  const nginxPort = await freePort();
  const common = {
    ...(s3.env as Record<string, string>),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    JOB_HEARTBEAT_SECONDS: '10',
    JOB_RETRY_DELAY_SECONDS: '1',
    BANDWIDTH_FLUSH_SECONDS: '1',
    PUBLIC_URL: hasNginx ? `http://127.0.0.1:${nginxPort}` : `http://127.0.0.1:${ports[0]}`,
  };
  // All at once, as machines booting together would: the startup lock orders the migrations.
  // No JWT_SECRET: the processes agree on the one the first of them stored in the database.
  apis = ports.map((port, i) => ({
    url: `http://127.0.0.1:${port}`,
    proc: startNode(join(SRC, 'main.ts'), { ...common, PORT: String(port), HOST: '127.0.0.1', RUN_WORKER: 'false', TRUST_PROXY: 'true', DATA_DIR: join(tmp, `api${i}`) }),
  }));
  workers = [0, 1].map((i) => startNode(join(SRC, 'worker.ts'), { ...common, WORKER_CONCURRENCY: '1', DATA_DIR: join(tmp, `worker${i}`) }));
  await Promise.all([
    ...apis.map((a) => a.proc.waitForLog((l) => l.msg === 'Reelbase is listening', 'listening', 240_000)),
    ...workers.map((w) => w.waitForLog((l) => l.msg === 'worker started', 'worker started', 240_000)),
  ]);
  if (hasNginx) {
    nginx = (await startNginx(ports, nginxPort)).proc;
    front = `http://127.0.0.1:${nginxPort}`;
  } else front = apis[0].url;

  const email = `scale${crypto.randomUUID().slice(0, 8)}@example.com`;
  const reg = await api('POST', '/api/users', { firstName: 'Grace', lastName: 'Hopper', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: CARD } });
  expect(reg.status).toBe(201);
  token = (await api('POST', '/api/auth/login', { email, password: 'secret123' })).body.accessToken;
}, 300_000);

afterAll(async () => {
  await nginx?.stop('SIGQUIT');
  await Promise.all([...apis.map((a) => a.proc.stop()), ...workers.map((w) => w.stop())]);
  await s3?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

let videos: string[] = [];

test('10 uploads through nginx are each processed exactly once, by the workers together', async () => {
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  videos = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(clip, `Clip ${i + 1}`)));
  await Promise.all(videos.map((id) => waitReady(id)));
  const total = (id: string, msg: string) => workers.reduce((n, w) => n + runs(w, id, msg), 0);
  // A job logs that it finished just after its video shows ready.
  for (const id of videos) await expect.poll(() => total(id, 'job finished'), { timeout: 30_000 }).toBeGreaterThan(0);
  for (const id of videos) {
    expect(total(id, 'job started')).toBe(1);
    expect(total(id, 'job finished')).toBe(1);
  }
  // nginx spread the uploads over both API processes (without nginx they all went to the first).
  if (nginx) for (const a of apis) expect(a.proc.logs.some((l) => l.msg === 'request' && l.method === 'POST' && l.path === '/api/videos' && l.status === 201)).toBe(true);
}, 300_000);

test('nginx serves the web app from disk, caches segments, never caches playlists, and answers ranges', async () => {
  if (!nginx) return;
  const index = await fetch(`${front}/index.html`);
  expect(index.status).toBe(200);
  expect(await index.text()).toBe(await readFile(join(webDistPath, 'index.html'), 'utf8'));
  const assets = await readdir(join(webDistPath, 'assets'));
  const asset = await fetch(`${front}/assets/${assets[0]}`);
  expect(asset.headers.get('cache-control')).toContain('immutable');

  const v = (await api('GET', `/api/videos/${videos[1]}`)).body;
  const master = new URL(v.hlsSource).pathname;
  for (let i = 0; i < 2; i++) expect((await fetch(front + master)).headers.get('x-cache-status')).not.toBe('HIT');
  const variantPath = new URL(((await (await fetch(front + master)).text()).split('\n').find((l) => l && !l.startsWith('#')) as string), front + master);
  const segmentRel = (await (await fetch(variantPath)).text()).split('\n').find((l) => l && !l.startsWith('#')) as string;
  const segment = new URL(segmentRel, variantPath);
  expect((await fetch(segment)).headers.get('x-cache-status')).toBe('MISS');
  const again = await fetch(segment);
  expect(again.headers.get('x-cache-status')).toBe('HIT');
  expect(again.headers.get('cache-control')).toContain('immutable');

  const mp4 = front + new URL(v.videoSource).pathname;
  const whole = Buffer.from(await (await fetch(mp4)).arrayBuffer());
  const range = await fetch(mp4, { headers: { Range: 'bytes=100-199' } });
  expect(range.status).toBe(206);
  expect(range.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
  expect(Buffer.from(await range.arrayBuffer())).toEqual(whole.subarray(100, 200));
});

test('a resumable (tus) upload in several requests through nginx stays on one API process and becomes a video', async () => {
  const bytes = await readFile(await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false }));
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  const tus = { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}` };
  const create = await fetch(`${front}/api/uploads`, {
    method: 'POST',
    headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${b64('parts.mp4')},filetype ${b64('video/mp4')},name ${b64('In parts')}` },
  });
  expect(create.status).toBe(201);
  const url = new URL(create.headers.get('location') as string, front);
  const half = Math.floor(bytes.length / 2);
  let last: Response | undefined;
  for (const [from, to] of [[0, half], [half, bytes.length]]) {
    last = await fetch(url, { method: 'PATCH', headers: { ...tus, 'Upload-Offset': String(from), 'Content-Type': 'application/offset+octet-stream' }, body: bytes.subarray(from, to) });
    expect(last.status).toBe(204);
  }
  const id = last?.headers.get('x-video-id') as string;
  expect((await waitReady(id)).name).toBe('In parts');
}, 300_000);

test('a worker killed mid-job has its job finished by the other', async () => {
  const clip = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 6, audio: true });
  const id = await upload(clip, 'Interrupted');
  let victim: Proc | undefined;
  for (let i = 0; i < 1200 && !victim; i++) {
    victim = workers.find((w) => runs(w, id, 'job started') > 0);
    if (!victim) await new Promise((r) => setTimeout(r, 25));
  }
  expect(victim).toBeDefined();
  await victim!.stop('SIGKILL');
  expect(runs(victim!, id, 'job finished')).toBe(0);
  const survivor = workers.find((w) => w !== victim) as Proc;
  const video = await waitReady(id);
  expect(video.isHlsReady && video.isMainReady).toBe(true);
  await expect.poll(() => runs(survivor, id, 'job finished'), { timeout: 30_000 }).toBe(1);
  expect(runs(survivor, id, 'job started')).toBe(1);
  // What the survivor published is whole: every segment its playlists list is in the bucket.
  const keys = new Set(await s3.keys(`videos/${id}/hls/`));
  const master = new URL(new URL(video.hlsSource).pathname, apis[0].url);
  const variants = (await (await fetch(master)).text()).split('\n').filter((l) => l && !l.startsWith('#'));
  expect(variants.length).toBeGreaterThan(0);
  for (const rel of variants) {
    const variant = new URL(rel, master);
    const segments = (await (await fetch(variant)).text()).split('\n').filter((l) => l && !l.startsWith('#'));
    expect(segments.length).toBeGreaterThan(0);
    for (const seg of segments) expect(keys.has(new URL(seg, variant).pathname.replace('/media/', ''))).toBe(true);
  }
}, 300_000);

test('bandwidth served by both API processes adds up exactly in the database', async () => {
  const id = videos[0];
  const path = `/media/videos/${id}/main.mp4`;
  const mp4 = await fetch(apis[0].url + path);
  const mp4Size = (await mp4.arrayBuffer()).byteLength;
  expect(mp4Size).toBeGreaterThan(100);
  for (let i = 0; i < 2; i++) await (await fetch(apis[0].url + path)).arrayBuffer();
  for (let i = 0; i < 2; i++) await (await fetch(apis[1].url + path)).arrayBuffer();
  await (await fetch(apis[1].url + path, { headers: { Range: 'bytes=0-99' } })).arrayBuffer();
  const expected = 5 * mp4Size + 100;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const deadline = Date.now() + 60_000;
    let total = 0;
    while (Date.now() < deadline) {
      total = Number((await db.query('select total_bandwidth_usage from videos where id = $1', [id])).rows[0].total_bandwidth_usage);
      if (total >= expected) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(total).toBe(expected);
  } finally {
    await db.end();
  }
}, 120_000);
