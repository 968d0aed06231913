import { CAPTION_GENERATE_MESSAGES } from '@reelbase/api-client';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TRANSCRIPTION_MESSAGES } from '../src/media/pipelines/text.ts';
import { normalizeWords } from '../src/media/transcript.ts';
import { until } from './support/browser.ts';
import { makeClip } from './support/clips.ts';
import { sql } from './support/payments.ts';
import { makeSpeechClip, SPEECH_TEXT } from './support/speech.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

/*
 * Generated captions end to end: real espeak-ng speech in an H.264 clip, uploaded over HTTP,
 * transcribed by the default engine (Debian's pocketsphinx, in the media box) on the worker,
 * cues in PostgreSQL; a trim over the video cuts and shifts them.
 */

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let speech: any;
beforeAll(async () => {
  s = await startTestServer({ STALE_MEDIA_GRACE_SECONDS: '1' });
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  speech = await uploadReady(s, owner.accessToken, await makeSpeechClip(), 'Morning words');
}, 300_000);
afterAll(() => s.stop());

const generate = (id: string, body: unknown, token = owner.accessToken) => s.api('POST', `/api/videos/${id}/captions/generate`, { token, body });
type Cue = { startSec: number; endSec: number; text: string };
const cuesOf = async (trackId: string): Promise<Cue[]> =>
  (await sql(s, 'select start_sec, end_sec, text from caption_cues where track_id = ? order by seq', [trackId])).map((r: any) => ({ startSec: r.start_sec, endSec: r.end_sec, text: r.text }));
async function settled(trackId: string, timeoutMs = 240_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql(s, 'select status, error, cue_count, kind, label, language, version from caption_tracks where id = ?', [trackId]);
    if (row && row.status !== 'processing') return row;
    if (Date.now() > until) throw new Error(`track ${trackId} still ${row?.status}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
/** Share of the known sentences' distinct words (3 letters or more) that the transcript holds. */
function knownWordsFound(transcript: string): number {
  const known = new Set(normalizeWords(SPEECH_TEXT).filter((w) => w.length >= 3));
  const heard = new Set(normalizeWords(transcript));
  return [...known].filter((w) => heard.has(w)).length / known.size;
}

let generatedId: string;

test('the speech of a video comes back as a generated track: the known words, timed inside the video, the video untouched', async () => {
  const before = (await s.api('GET', `/api/videos/${speech.id}`, { token: owner.accessToken })).body;
  const res = await generate(speech.id, { language: 'en-us' });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ videoId: speech.id, language: 'en-US', kind: 'generated', status: 'processing', error: null, cueCount: 0 });
  expect(res.body.label).toMatch(/\(generated\)$/);
  generatedId = res.body.id;

  const done = await settled(generatedId);
  expect(done).toMatchObject({ status: 'ready', error: null, kind: 'generated' });
  const cues = await cuesOf(generatedId);
  expect(done.cue_count).toBe(cues.length);
  // Three sentences with pauses between them: at least two cues.
  expect(cues.length).toBeGreaterThanOrEqual(2);
  const transcript = cues.map((c) => c.text).join(' ');
  // pnpm bench:captions: 28% word error rate on this sample (52% before issue 37's filter and beams); the floor is kept low.
  expect(knownWordsFound(transcript), transcript).toBeGreaterThanOrEqual(0.4);
  expect(transcript).toMatch(/garden/);
  let last = 0;
  for (const c of cues) {
    expect(c.startSec).toBeGreaterThanOrEqual(last);
    expect(c.endSec).toBeGreaterThanOrEqual(c.startSec);
    last = c.endSec;
  }
  expect(last).toBeLessThanOrEqual(speech.metadata.durationSec + 0.5);
  // The last sentence ("...in the garden") is said in the last third of the clip.
  const garden = cues.find((c) => /garden/.test(c.text));
  expect(garden?.startSec ?? 0).toBeGreaterThan(speech.metadata.durationSec * 0.5);

  const after = (await s.api('GET', `/api/videos/${speech.id}`, { token: owner.accessToken })).body;
  expect(after).toMatchObject({ status: 'ready', videoSource: before.videoSource, hlsSource: before.hlsSource, metadata: before.metadata, thumbnails: before.thumbnails });
}, 300_000);

test('a language the engine cannot transcribe is a 422 on the field; another account’s video is a 404; bad input is a 422', async () => {
  const fr = await generate(speech.id, { language: 'fr' });
  expect(fr.status).toBe(422);
  expect(fr.body.errors).toEqual({ language: CAPTION_GENERATE_MESSAGES.language });
  const bad = await generate(speech.id, { language: 'not a language' });
  expect(bad.status).toBe(422);
  expect(Object.keys(bad.body.errors)).toEqual(['language']);
  expect((await generate(speech.id, { language: 'en' }, other.accessToken)).status).toBe(404);
  expect((await generate('00000000-0000-4000-8000-000000000000', { language: 'en' })).status).toBe(404);
  expect((await s.api('POST', `/api/videos/${speech.id}/captions/generate`, { body: { language: 'en' } })).status).toBe(401);
  // Nothing refused left a track behind.
  expect(await sql(s, "select id from caption_tracks where video_id = ? and language <> 'en-US'", [speech.id])).toEqual([]);
});

test('a video without sound: the track fails with the reason, the video plays on', async () => {
  const silent = await uploadReady(s, owner.accessToken, await makeClip({ seconds: 2, audio: false }), 'Silent');
  const res = await generate(silent.id, { language: 'en' });
  expect(res.status).toBe(202);
  const done = await settled(res.body.id);
  expect(done).toMatchObject({ status: 'failed', error: TRANSCRIPTION_MESSAGES.noAudio, cue_count: 0 });
  const after = (await s.api('GET', `/api/videos/${silent.id}`, { token: owner.accessToken })).body;
  expect(after).toMatchObject({ status: 'ready', videoSource: silent.videoSource });
}, 300_000);

test('a trim over the video cuts its captions to the kept range and shifts them to its start', async () => {
  const before = await cuesOf(generatedId);
  // Keep from the whole second after the first cue (keyframes every second): that cue goes.
  const startSec = Math.ceil(before[0].endSec + 0.01);
  expect(startSec).toBeLessThan(speech.metadata.durationSec - 3);
  const endSec = Math.floor(speech.metadata.durationSec);
  const res = await s.api('PUT', `/api/videos/${speech.id}/edit`, { token: owner.accessToken, body: { start: startSec, end: endSec, mode: 'overwrite' } });
  expect(res.status).toBe(202);
  await s.waitForVideo(owner.accessToken, speech.id, (v) => v.processing.stage === 'ready' && v.processing.isLadderReady && v.metadata.durationSec < endSec - startSec + 0.5, 240_000);
  const after = await cuesOf(generatedId);
  // Every cue that ended after the start is kept, shifted by the start; those before it are gone.
  const expected = before.filter((c) => c.endSec > startSec && c.startSec < endSec);
  expect(after.map((c) => c.text)).toEqual(expected.map((c) => c.text));
  expect(after.length).toBeLessThan(before.length);
  expect(after.length).toBeGreaterThan(0);
  for (const [i, c] of after.entries()) {
    expect(c.startSec).toBeCloseTo(Math.max(0, expected[i].startSec - startSec), 2);
    expect(c.endSec).toBeCloseTo(Math.min(endSec, expected[i].endSec) - startSec, 2);
  }
  const [track] = await sql(s, 'select cue_count, version from caption_tracks where id = ?', [generatedId]);
  expect(track).toEqual({ cue_count: after.length, version: 2 });

  // Saved as a new video, a cut gets its own copy of the tracks, cut to what it kept; the source's stay.
  const cutEnd = Math.ceil(after[after.length - 1].startSec + 0.01);
  const saved = await s.api('PUT', `/api/videos/${speech.id}/edit`, { token: owner.accessToken, body: { start: 0, end: cutEnd, mode: 'new', name: 'Morning words (cut)' } });
  expect(saved.status).toBe(202);
  await s.waitForVideo(owner.accessToken, saved.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady, 240_000);
  const [copy] = await sql(s, 'select id, kind, language from caption_tracks where video_id = ?', [saved.body.id]);
  expect(copy).toMatchObject({ kind: 'generated', language: 'en-US' });
  const copied = await cuesOf(copy.id);
  expect(copied.map((c) => c.text)).toEqual(after.filter((c) => c.startSec < cutEnd).map((c) => c.text));
  expect(copied[copied.length - 1].endSec).toBeLessThanOrEqual(cutEnd);
  expect(await cuesOf(generatedId)).toEqual(after);
}, 300_000);

const settings = (body?: unknown, token = owner.accessToken) => s.api(body === undefined ? 'GET' : 'PUT', '/api/captions/settings', { token, body });
async function replaceFile(id: string, file: string) {
  const form = new FormData();
  form.set('video', new Blob([await readFile(file)], { type: 'video/mp4' }), 'new.mp4');
  const res = await fetch(`${s.url}/api/videos/${id}/replace`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
  expect(res.status).toBe(202);
}
const tracksOf = (videoId: string) => sql(s, 'select id, kind, status, error, language from caption_tracks where video_id = ? order by created_at', [videoId]);

test('with the account’s language set, every new upload gets a generated track; a replace transcribes it again from the new file', async () => {
  expect((await settings()).body).toEqual({ autoLanguage: null });
  const refused = await settings({ autoLanguage: 'de' });
  expect(refused.status).toBe(422);
  expect(refused.body.errors).toEqual({ autoLanguage: CAPTION_GENERATE_MESSAGES.language });
  expect((await settings({ autoLanguage: 'en-gb' })).body).toEqual({ autoLanguage: 'en-GB' });
  expect((await settings()).body).toEqual({ autoLanguage: 'en-GB' });
  // Another account's setting is its own.
  expect((await settings(undefined, other.accessToken)).body).toEqual({ autoLanguage: null });

  const video = await uploadReady(s, owner.accessToken, await makeSpeechClip(), 'Auto captions');
  const [track] = await until(() => tracksOf(video.id), (t) => t.length === 1, 'a generated track');
  expect(track).toMatchObject({ kind: 'generated', language: 'en-GB' });
  expect(await settled(track.id)).toMatchObject({ status: 'ready' });
  const first = await cuesOf(track.id);
  expect(knownWordsFound(first.map((c) => c.text).join(' '))).toBeGreaterThanOrEqual(0.4);

  // The new file says the same two seconds later: the track is made again and its cues move.
  await replaceFile(video.id, await makeSpeechClip({ silence: 2 }));
  await s.waitForVideo(owner.accessToken, video.id, (v) => v.processing.stage === 'ready' && v.metadata.durationSec > speech.metadata.durationSec + 1, 240_000);
  const again = await until(() => cuesOf(track.id), (c) => c.length > 0 && c[0].startSec > first[0].startSec + 1, 'cues moved by the new file', 240_000);
  expect(again[0].startSec).toBeCloseTo(first[0].startSec + 2, 0);
  expect(await settled(track.id)).toMatchObject({ status: 'ready', error: null });
  expect(await tracksOf(video.id)).toHaveLength(1);

  // Off: new uploads get no track.
  expect((await settings({ autoLanguage: null })).body).toEqual({ autoLanguage: null });
  const plain = await uploadReady(s, owner.accessToken, await makeClip({ seconds: 2 }), 'No captions');
  expect(await tracksOf(plain.id)).toEqual([]);
}, 600_000);
