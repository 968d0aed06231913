import { mkdir } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AUDIO_TRACK_REPLACED } from '../src/jobs/audio-track.ts';
import { resolveFfmpegPath } from '../src/media/binaries.ts';
import { runMediaProcess } from '../src/media/runner.ts';
import { ffprobeJson } from './media/media-helpers.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

/*
 * Issue 37 item 2 with the trims: a dub follows its video's cut. Trimmed into a new video, the new
 * video gets the tracks cut to the kept range; trimmed over itself, its tracks are cut in place.
 * Either way the track's file lasts as long as the picture, so it stays in step. A replace by a
 * file of another length drops the tracks that no longer fit, with the reason on their card. A
 * copy of the video gets its own copies of the tracks.
 */

let s: TestServer;
let owner: SignedIn;

beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
});
afterAll(() => s?.stop());

/** A 4 s sine tone as an .m4a: the dub. */
async function tone() {
  const dir = join(tmpdir(), 'reelbase-audio-trim-tests');
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'tone-660-4.m4a');
  await runMediaProcess(resolveFfmpegPath(process.env.FFMPEG_PATH), ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=660:sample_rate=48000:duration=4', path], { timeoutMs: 30_000 });
  return path;
}

const tracksOf = async (videoId: string) => (await s.api('GET', `/api/videos/${videoId}/audio-tracks`, { token: owner.accessToken })).body.items as any[];

/** The tracks once none is being made. */
async function settled(videoId: string) {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const items = await tracksOf(videoId);
    if (items.length && items.every((t) => t.status !== 'processing')) return items;
  }
  throw new Error(`the tracks of ${videoId} did not settle`);
}

/** How far from `seconds` a track's stored file plays, by ffprobe (AAC frames are 21 ms: within 0.15 s is the same length). */
async function offBy(videoId: string, trackId: string, seconds: number): Promise<number> {
  const probed = await ffprobeJson(join(s.dataDir, 'media', 'videos', videoId, 'audio', trackId, 'media.mp4'));
  return Math.abs(Number(probed.format.duration) - seconds);
}

/** Adds the 4 s dub to `videoId` and waits for it. */
async function addDub(videoId: string) {
  const form = new FormData();
  form.append('language', 'es');
  form.append('label', 'Español');
  form.append('file', await openAsBlob(await tone()), 'dub.m4a');
  const added = await fetch(`${s.url}/api/videos/${videoId}/audio-tracks`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
  expect(added.status).toBe(202);
  const [dub] = await settled(videoId);
  expect(dub).toMatchObject({ status: 'ready', language: 'es' });
  return dub;
}

test('a trim into a new video gives it the tracks cut to the kept range; a trim over the video cuts its own', async () => {
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, fps: 10, seconds: 4, gop: 10, audio: true });
  const video = await uploadReady(s, owner.accessToken, clip, 'Menu tour');
  const dub = await addDub(video.id);
  expect(await offBy(video.id, dub.id, 4)).toBeLessThan(0.15);

  const asNew = await s.api('PUT', `/api/videos/${video.id}/edit`, { token: owner.accessToken, body: { start: 1, end: 3, mode: 'new', name: 'Menu tour (short)' } });
  expect(asNew.status).toBe(202);
  await s.waitForVideo(owner.accessToken, asNew.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady, 180_000);
  const [copy] = await settled(asNew.body.id);
  expect(copy).toMatchObject({ status: 'ready', language: 'es', label: 'Español' });
  expect(copy.id).not.toBe(dub.id);
  expect(copy.durationSec).toBeCloseTo(2, 1);
  expect(await offBy(asNew.body.id, copy.id, 2)).toBeLessThan(0.15);
  // The source keeps its own, whole.
  expect(await offBy(video.id, dub.id, 4)).toBeLessThan(0.15);

  const over = await s.api('PUT', `/api/videos/${video.id}/edit`, { token: owner.accessToken, body: { start: 0.5, end: 3.5, mode: 'overwrite' } });
  expect(over.status).toBe(202);
  await s.waitForVideo(owner.accessToken, video.id, (v) => v.status === 'ready' && v.processing.stage === 'ready' && v.processing.isLadderReady && Math.abs(v.metadata.durationSec - 3) < 0.2, 180_000);
  await expect.poll(async () => (await tracksOf(video.id))[0]?.durationSec, { timeout: 60_000 }).toBeCloseTo(3, 1);
  const [cut] = await tracksOf(video.id);
  expect(cut).toMatchObject({ id: dub.id, status: 'ready' });
  expect(await offBy(video.id, dub.id, 3)).toBeLessThan(0.15);
});

test('a replace by a file of another length drops the tracks that no longer fit, with the reason', async () => {
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, fps: 10, seconds: 4, gop: 10, audio: true });
  const video = await uploadReady(s, owner.accessToken, clip, 'Patio tour');
  const dub = await addDub(video.id);
  const shorter = await makeClip({ codec: 'h264', width: 320, height: 180, fps: 10, seconds: 2, gop: 10, audio: true });
  const form = new FormData();
  form.append('video', await openAsBlob(shorter, { type: 'video/mp4' }), 'new-cut.mp4');
  const replaced = await fetch(`${s.url}/api/videos/${video.id}/replace`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
  expect(replaced.status).toBe(202);
  await expect.poll(async () => (await tracksOf(video.id))[0]?.status, { timeout: 180_000 }).toBe('failed');
  expect((await tracksOf(video.id))[0]).toMatchObject({ id: dub.id, error: AUDIO_TRACK_REPLACED });
  expect(existsSync(join(s.dataDir, 'media', 'videos', video.id, 'audio', dub.id))).toBe(false);
  const info = (await s.api('GET', `/api/playback/${video.id}`)).body;
  expect(info.audioTracks ?? []).toEqual([]);
});

test('a copy of the video has its own copies of the tracks, and no file of a track it does not list', async () => {
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, fps: 10, seconds: 4, gop: 10, audio: true });
  const video = await uploadReady(s, owner.accessToken, clip, 'Garden tour');
  const dub = await addDub(video.id);
  const copied = await s.api('POST', `/api/videos/${video.id}/copy`, { token: owner.accessToken });
  expect(copied.status).toBe(201);
  const [copy] = await tracksOf(copied.body.id);
  expect(copy).toMatchObject({ status: 'ready', language: 'es', label: 'Español' });
  expect(copy.id).not.toBe(dub.id);
  expect(await offBy(copied.body.id, copy.id, 4)).toBeLessThan(0.15);
  const trackDirs = readdirSync(join(s.dataDir, 'media', 'videos', copied.body.id, 'audio')).filter((n) => !n.startsWith('v-'));
  expect(trackDirs).toEqual([copy.id]);
  const master = (await s.api('GET', `/api/playback/${copied.body.id}`)).body;
  expect(master.audioTracks.map((t: any) => t.id)).toEqual([copy.id]);
  // Deleting the source leaves the copy's dub whole.
  expect((await s.api('DELETE', `/api/videos/${video.id}`, { token: owner.accessToken })).status).toBe(200);
  expect(await offBy(copied.body.id, copy.id, 4)).toBeLessThan(0.15);
});
