import { mkdir } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import HLS from 'hls-parser';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveFfmpegPath } from '../src/media/binaries.ts';
import { runMediaProcess } from '../src/media/runner.ts';
import { makeClip } from './support/clips.ts';
import { addMember, inTeam } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startWithOwnerAndOther, type TestServer } from './support/test-server.ts';

/*
 * Issue 37 item 2: extra audio tracks. An upload whose length is off by more than a second is a
 * 422 naming both lengths; a good one is encoded by the job and the master (stored and fitted, a
 * public one and a private one through its token) lists it as an AUDIO rendition with its language,
 * the video's own audio the default, every variant naming the group; the files it names play;
 * rename, default and removal (its files go); another team 404, a team viewer 403.
 */

const SECONDS = 4;
let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
let videoId: string;

/** A sine tone of `hz` lasting `seconds`, as an .m4a (or `ext`). */
async function tone(hz: number, seconds: number, ext = 'm4a') {
  const dir = join(tmpdir(), 'reelbase-audio-track-tests');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `tone-${hz}-${seconds}.${ext}`);
  await runMediaProcess(resolveFfmpegPath(process.env.FFMPEG_PATH), ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=${hz}:sample_rate=48000:duration=${seconds}`, path], { timeoutMs: 30_000 });
  return path;
}

async function send(file: string | null, fields: Record<string, string>, o: { token?: string; headers?: Record<string, string>; id?: string } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', await openAsBlob(file), 'dub.m4a');
  const res = await fetch(`${s.url}/api/videos/${o.id ?? videoId}/audio-tracks`, { method: 'POST', headers: { authorization: `Bearer ${o.token ?? owner.accessToken}`, ...o.headers }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function waitReady(trackId: string) {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const t = (await s.api('GET', `/api/videos/${videoId}/audio-tracks/${trackId}`, { token: owner.accessToken })).body;
    if (t.status !== 'processing') return t;
  }
  throw new Error('the track was not encoded in time');
}

const text = async (url: string) => {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return res.text();
};

/** The master's audio renditions and variants, and every playlist and media file it names answering 200. */
async function audioOfMaster(url: string) {
  const master = HLS.parse(await text(url)) as HLS.types.MasterPlaylist;
  const audio = master.variants[0]?.audio ?? [];
  for (const uri of [...master.variants.map((v) => v.uri), ...audio.map((a) => a.uri as string)]) {
    const playlistUrl = new URL(uri, url).href;
    const media = HLS.parse(await text(playlistUrl)) as HLS.types.MediaPlaylist;
    const first = new URL(media.segments[0].uri, playlistUrl).href;
    const res = await fetch(first, { headers: { range: 'bytes=0-99' } });
    expect(res.status, first).toBe(206);
  }
  return { master, audio };
}

beforeAll(async () => {
  ({ s, owner, other } = await startWithOwnerAndOther());
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, fps: 10, seconds: SECONDS, gop: 20, audio: true });
  const up = await s.upload(owner.accessToken, clip, { name: 'Dubbed' });
  videoId = up.body.id;
  await s.waitForVideo(owner.accessToken, videoId, (v) => v.status === 'ready' && v.processing.isLadderReady, 180_000);
}, 240_000);
afterAll(() => s?.stop());

test('a track whose length is more than 1 s from the video is a 422 giving both; no file, no audio or a bad language are 422 too', async () => {
  const long = await send(await tone(660, SECONDS + 3), { language: 'es', label: 'Español' });
  expect(long.status).toBe(422);
  expect(long.body.errors.file).toBe(`The audio lasts ${(SECONDS + 3).toFixed(1)} s but the video lasts ${SECONDS.toFixed(1)} s: a track must be within 1 s of the video's length.`);
  const none = await send(null, { language: 'es' });
  expect(none.status).toBe(422);
  expect(none.body.errors.file).toBe('An audio or video file is required.');
  const silent = await send(await makeClip({ codec: 'h264', width: 320, height: 180, fps: 10, seconds: SECONDS, audio: false }), { language: 'es' });
  expect(silent.body.errors?.file).toBe('The file has no audio stream.');
  const junk = await send(await tone(660, SECONDS), { language: 'no such language!' });
  expect(junk.status).toBe(422);
  expect(junk.body.errors.language).toBeTruthy();
  expect((await s.api('GET', `/api/videos/${videoId}/audio-tracks`, { token: owner.accessToken })).body.items).toEqual([]);
}, 60_000);

test("another team's video is a 404; a team viewer reads the tracks but may not add one (403)", async () => {
  expect((await send(await tone(660, SECONDS), { language: 'es' }, { token: other.accessToken })).status).toBe(404);
  expect((await s.api('GET', `/api/videos/${videoId}/audio-tracks`, { token: other.accessToken })).status).toBe(404);
  const viewer = await signUpAndLogin(s);
  await addMember(s, owner.id, viewer.id, 'viewer');
  expect((await s.api('GET', `/api/videos/${videoId}/audio-tracks`, { token: viewer.accessToken, headers: inTeam(owner.id) })).status).toBe(200);
  expect((await send(await tone(660, SECONDS), { language: 'es' }, { token: viewer.accessToken, headers: inTeam(owner.id) })).status).toBe(403);
}, 60_000);

test('an audio track makes every master an AUDIO rendition with its language, every variant naming the group; rename, default, removal', async () => {
  const added = await send(await tone(1320, SECONDS - 0.5), { language: 'es', label: 'Español' });
  expect(added.status, JSON.stringify(added.body)).toBe(202);
  expect(added.body).toMatchObject({ language: 'es', label: 'Español', status: 'processing', isDefault: false });
  const ready = await waitReady(added.body.id);
  expect(ready.status).toBe('ready');

  const hls = (await s.api('GET', `/api/playback/${videoId}`)).body;
  expect(hls.audioTracks).toEqual([{ id: added.body.id, label: 'Español', language: 'es', isDefault: false }]);
  for (const url of [hls.hlsSource, `${hls.hlsSource}?fit=180&bw=5000000`]) {
    const { master, audio } = await audioOfMaster(url);
    expect(audio.map((a) => [a.name, a.language, a.isDefault])).toEqual([
      ['Original', undefined, true],
      ['Español', 'es', false],
    ]);
    expect(master.variants.length).toBeGreaterThan(0);
    for (const v of master.variants) expect(v.audio.map((a) => a.groupId)).toEqual(['aud', 'aud']);
  }

  // The owner makes the dub the default, renames it; a private video's master and files need its token.
  const put = await s.api('PUT', `/api/videos/${videoId}/audio-tracks/${added.body.id}`, { token: owner.accessToken, body: { isDefault: true, label: 'Castellano' } });
  expect(put.body).toMatchObject({ isDefault: true, label: 'Castellano' });
  expect((await s.api('PUT', `/api/videos/${videoId}/privacy`, { token: owner.accessToken, body: { visibility: 'private' } })).status).toBe(200);
  const preview = (await s.api('GET', `/api/videos/${videoId}/preview`, { token: owner.accessToken })).body;
  expect(preview.hlsSource).toContain('/~');
  const { audio } = await audioOfMaster(preview.hlsSource);
  expect(audio.map((a) => [a.name, a.isDefault])).toEqual([
    ['Original', false],
    ['Castellano', true],
  ]);
  const bare = preview.hlsSource.replace(/~[^/]+\//, '');
  expect((await fetch(new URL(audio[1].uri as string, bare))).status).toBe(403);
  expect((await s.api('PUT', `/api/videos/${videoId}/privacy`, { token: owner.accessToken, body: { visibility: 'public' } })).status).toBe(200);

  // Removal: gone from the list and the master, its files too.
  const before = await fetch(new URL(audio[1].uri as string, (await s.api('GET', `/api/playback/${videoId}`)).body.hlsSource));
  expect(before.status).toBe(200);
  expect((await s.api('DELETE', `/api/videos/${videoId}/audio-tracks/${added.body.id}`, { token: owner.accessToken })).status).toBe(200);
  expect((await s.api('GET', `/api/videos/${videoId}/audio-tracks`, { token: owner.accessToken })).body.items).toEqual([]);
  const after = await s.api('GET', `/api/playback/${videoId}`);
  expect(after.body.audioTracks).toBeUndefined();
  expect(await text(after.body.hlsSource)).not.toContain('TYPE=AUDIO');
  expect((await fetch(new URL(audio[1].uri as string, after.body.hlsSource))).status).toBe(404);
  const left: string[] = [];
  for await (const o of s.services.storage.list(`videos/${videoId}/audio/`)) left.push(o.key);
  expect(left).toEqual([]);
}, 180_000);
