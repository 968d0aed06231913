import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { mediaDeadlines } from '../src/media/deadlines.ts';
import { extractFrame } from '../src/media/pipelines/images.ts';
import type { ProbeResult } from '../src/media/probe.ts';
import { MediaTimeoutError } from '../src/media/runner.ts';
import { STORAGE_FULL } from '../src/modules/videos/quota/storage-quota.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

/** The defaults: 2 running and 20 queued jobs per account. */
const CAP = 22;

let s: TestServer;
/** Jobs of this queue wait at their start until the gate opens (a worker busy with them). */
let hold: { name: string; gate: Promise<void> } | null = null;
/** Every job start, in order. */
const started: { name: string; videoId: string }[] = [];
let clip: string;

beforeAll(async () => {
  s = await startTestServer(
    {},
    {
      onJobStart: async (name, data) => {
        started.push({ name, videoId: data.videoId });
        if (hold?.name === name) await hold.gate;
      },
    },
  );
  clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 4, gop: 30, audio: true });
}, 120_000);
afterAll(() => s.stop());

function holdJobs(name: string) {
  let open!: () => void;
  hold = { name, gate: new Promise<void>((r) => (open = r)) };
  return () => {
    hold = null;
    open();
  };
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sql = async <T = any>(query: string, params: unknown[] = []) => (await s.services.orm.em.fork().execute(query, params)) as T[];
const slotsOf = async (userId: string) => Number((await sql('select count(*) as n from storage_reservations where user_id = ? and job is not null', [userId]))[0].n);
const videoCount = async (userId: string) => Number((await sql('select count(*) as n from videos where user_id = ?', [userId]))[0].n);

test('40 parallel GIF requests: the cap is admitted, the rest answer 429 with Retry-After at once', async () => {
  const owner = await signUpAndLogin(s);
  const video = await uploadReady(s, owner.accessToken, clip, 'Harbour');
  const release = holdJobs('make-gif');
  const answers: { status: number; body: any; headers: Headers }[] = [];
  const calls = Array.from({ length: 40 }, () =>
    s.api('POST', '/api/gifs', { token: owner.accessToken, body: { videoId: video.id, startTime: 0, endTime: 1, fps: 5, size: '320:-1' } }).then((r) => {
      answers.push(r);
      return r;
    }),
  );
  try {
    // While the admitted ones wait for their GIFs, every other one has been refused.
    await until('the refusals', async () => answers.length >= 40 - CAP && (await slotsOf(owner.id)) === CAP);
    expect(answers.map((a) => a.status)).toEqual(Array(40 - CAP).fill(429));
    for (const a of answers) {
      expect(a.body.message).toBe(MESSAGES.tooManyJobs);
      expect(a.headers.get('retry-after')).toBe('30');
    }
  } finally {
    release();
  }
  const all = await Promise.all(calls);
  expect(all.filter((a) => a.status === 201)).toHaveLength(CAP);
  expect(all.filter((a) => a.status === 429)).toHaveLength(40 - CAP);
  expect((await s.api('GET', '/api/gifs?limit=100', { token: owner.accessToken })).body.meta.totalItems).toBe(CAP);
  // Each slot ended with its job: the account may queue again.
  expect(await slotsOf(owner.id)).toBe(0);
  const again = await s.api('POST', '/api/gifs', { token: owner.accessToken, body: { videoId: video.id, startTime: 0, endTime: 1, fps: 5, size: '320:-1' } });
  expect(again.status).toBe(201);
}, 240_000);

test('a trim or copy that does not fit answers 413 and leaves nothing behind; parallel trims never share the last space', async () => {
  const owner = await signUpAndLogin(s);
  const token = owner.accessToken;
  const video = await uploadReady(s, token, clip, 'Source');
  const [{ stored_bytes: storedText }] = await sql('select stored_bytes from videos where id = ?', [video.id]);
  const stored = Number(storedText);
  const free = async () => (await s.services.quota.limitBytes(owner.id)) - (await s.services.quota.usedBytes(owner.id));
  const dirs = async () => (await readdir(join(s.dataDir, 'media', 'videos'))).sort();
  const filesOf = async (id: string) => (await readdir(join(s.dataDir, 'media', 'videos', id), { recursive: true })).map(String).sort();
  const half = { start: 0, end: 2 };

  // Room for a tenth of the video: not full, yet no cut of half of it fits.
  const filler = await s.services.quota.reserve(owner.id, (await free()) - Math.floor(stored / 10), 600_000);
  const before = { dirs: await dirs(), files: await filesOf(video.id), videos: await videoCount(owner.id) };
  const asNew = await s.api('PUT', `/api/videos/${video.id}/edit`, { token, body: { ...half, mode: 'new' } });
  expect(asNew).toMatchObject({ status: 413, body: { message: STORAGE_FULL } });
  const overwrite = await s.api('PUT', `/api/videos/${video.id}/edit`, { token, body: { ...half, mode: 'overwrite' } });
  expect(overwrite).toMatchObject({ status: 413, body: { message: STORAGE_FULL } });
  const copy = await s.api('POST', `/api/videos/${video.id}/copy`, { token });
  expect(copy).toMatchObject({ status: 413, body: { message: STORAGE_FULL } });
  expect(await videoCount(owner.id)).toBe(before.videos);
  expect(await dirs()).toEqual(before.dirs);
  expect(await filesOf(video.id)).toEqual(before.files);
  expect((await s.api('GET', `/api/videos/${video.id}`, { token })).body.status).toBe('ready');
  expect(await slotsOf(owner.id)).toBe(0);
  await s.services.quota.release(filler.id);

  // Room for 1.2 times the video: ten parallel cuts of half of it, and exactly two get in.
  const room = await s.services.quota.reserve(owner.id, (await free()) - Math.floor(stored * 1.2), 600_000);
  const trims = await Promise.all(Array.from({ length: 10 }, () => s.api('PUT', `/api/videos/${video.id}/edit`, { token, body: { ...half, mode: 'new' } })));
  expect(trims.map((t) => t.status).sort()).toEqual([202, 202, ...Array(8).fill(413)]);
  expect(await videoCount(owner.id)).toBe(before.videos + 2);
  for (const t of trims.filter((x) => x.status === 202)) await s.waitForVideo(token, t.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
  await s.services.quota.release(room.id);
}, 240_000);

test("one account's backlog does not hold back another's upload: it starts within one job slot", async () => {
  const a = await signUpAndLogin(s);
  const b = await signUpAndLogin(s);
  const short = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 1, audio: true });
  const release = holdJobs('process-video');
  const aIds: string[] = [];
  let bId = '';
  try {
    for (let i = 0; i < 8; i++) {
      const up = await s.upload(a.accessToken, short, { name: `A${i}` });
      expect(up.status).toBe(201);
      aIds.push(up.body.id);
    }
    // A's first two run (its running cap, and the worker's two slots); six wait behind them.
    await until("A's first jobs", () => started.filter((j) => aIds.includes(j.videoId)).length === 2);
    const up = await s.upload(b.accessToken, short, { name: 'B' });
    expect(up.status).toBe(201);
    bId = up.body.id;
  } finally {
    release();
  }
  await s.waitForVideo(b.accessToken, bId, (v) => v.status === 'ready');
  for (const id of aIds) await s.waitForVideo(a.accessToken, id, (v) => v.status === 'ready');
  const order = started.filter((j) => j.name === 'process-video' && [...aIds, bId].includes(j.videoId)).map((j) => j.videoId);
  // B's upload went next when a slot freed, ahead of A's six waiting ones (first come would make it ninth).
  expect(order.indexOf(bId)).toBe(2);
  const done = await sql<{ id: string; completed_on: string }>(`select data->>'videoId' as id, completed_on from pgboss.job where name = 'process-video' and data->>'videoId' in (?)`, [[...aIds, bId]]);
  const finished = (id: string) => new Date((done.find((j) => j.id === id) as { completed_on: string }).completed_on).getTime();
  expect(finished(bId)).toBeLessThan(Math.max(...aIds.map(finished)));
}, 240_000);

test('a frame grab that never ends is killed at its own deadline (MEDIA_FRAME_DEADLINE_SECONDS), not the job’s 12 hours', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'reelbase-runaway-'));
  try {
    // A source that never delivers a byte: ffmpeg waits on it for ever, as on a file it spins on.
    const source = join(dir, 'source.mp4');
    execFileSync('mkfifo', [source]);
    const deadlines = mediaDeadlines(loadConfig({ MEDIA_FRAME_DEADLINE_SECONDS: '0.5' }));
    const info = { videoStreamIndex: 0, width: 320, height: 240 } as ProbeResult;
    const begun = Date.now();
    const err = await extractFrame(source, join(dir, 'out'), info, 3, 'cover.jpg', { timeoutMs: 12 * 3600 * 1000, deadlines }).catch((e) => e);
    const took = Date.now() - begun;
    expect(err).toBeInstanceOf(MediaTimeoutError);
    expect(err.timeoutMs).toBe(500);
    expect(err.exitSignal).toBe('SIGKILL');
    expect(took).toBeGreaterThanOrEqual(500);
    expect(took).toBeLessThan(5_000);
    expect(await readdir(join(dir, 'out'))).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
