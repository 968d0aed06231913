import { CAPTION_FORMAT_MESSAGES, tooManyApiKeysMessage } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { JOBS } from '../src/queue/job-contract.ts';
import { makeClip } from './support/clips.ts';
import { quietVideo } from './support/leads.ts';
import { sql } from './support/payments.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

/*
 * Issue 35, item 4: junk and duplicates. A caption file with a NUL byte is a 422 naming the file
 * (PostgreSQL cannot store a NUL; it was a 500); parallel "generate captions" for one video and
 * language make one track and one job (the video's row lock serialises them); a team has at most
 * API_KEYS_MAX_PER_TEAM keys (25 by default).
 */

/** API_KEYS_MAX_PER_TEAM's default. */
const MAX_KEYS = 25;
let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
});
afterAll(() => s.stop());

async function sendCaptions(videoId: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('language', 'en');
  form.append('file', new Blob([Buffer.from(bytes)]), 'captions.vtt');
  const res = await fetch(`${s.url}/api/videos/${videoId}/captions`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

test('a caption file with a NUL byte answers 422 on `file` naming its line; no track is made', async () => {
  const videoId = await quietVideo(s, owner.id);
  const junk = Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\u0000there\n');
  const res = await sendCaptions(videoId, junk);
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual({ file: `Line 4: ${CAPTION_FORMAT_MESSAGES.nulByte}` });
  // Binary junk with NULs (a PNG's first bytes) is no caption file at all.
  const png = await sendCaptions(videoId, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  expect([png.status, png.body.errors]).toEqual([422, { file: CAPTION_FORMAT_MESSAGES.notCaptions }]);
  expect((await s.api('GET', `/api/videos/${videoId}/captions`, { token: owner.accessToken })).body.items).toEqual([]);
  // The same file without the NUL is taken.
  expect((await sendCaptions(videoId, Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello there\n'))).status).toBe(201);
});

test('20 parallel "generate captions" for one video and language make one track and one job: every answer is that track', async () => {
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1 });
  const video = await uploadReady(s, owner.accessToken, clip, 'Duplicates');
  const answers = await Promise.all(Array.from({ length: 20 }, () => s.api('POST', `/api/videos/${video.id}/captions/generate`, { token: owner.accessToken, body: { language: 'en-us' } })));
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
  const ids = new Set(answers.map((a) => a.body.id));
  expect(ids.size).toBe(1);
  const tracks = await sql(s, "select id from caption_tracks where video_id = ? and kind = 'generated'", [video.id]);
  expect(tracks.map((t) => t.id)).toEqual([...ids]);
  const jobs = await sql(s, "select data->>'trackId' as track from pgboss.job where name = ? and data->>'videoId' = ?", [JOBS.generateCaptions, video.id]);
  expect(jobs.map((j) => j.track)).toEqual([...ids]);
});

test(`a team has at most ${MAX_KEYS} API keys: of ${MAX_KEYS + 3} parallel creations ${MAX_KEYS} are made, the others answer 422 saying so; a revoked key frees its place`, async () => {
  const create = (name: string) => s.api('POST', '/api/api-keys', { token: owner.accessToken, body: { name, scopes: ['videos:read'] } });
  const answers = await Promise.all(Array.from({ length: MAX_KEYS + 3 }, (_, i) => create(`key ${i}`)));
  const made = answers.filter((a) => a.status === 201);
  const refused = answers.filter((a) => a.status === 422);
  expect([made.length, refused.length]).toEqual([MAX_KEYS, 3]);
  for (const a of refused) expect(a.body).toMatchObject({ message: tooManyApiKeysMessage(MAX_KEYS), errors: { name: tooManyApiKeysMessage(MAX_KEYS) } });
  expect(tooManyApiKeysMessage(MAX_KEYS)).toBe(`This team already has ${MAX_KEYS} API keys, the most it can have. Revoke one it no longer uses, then create the new one.`);
  expect((await s.api('GET', '/api/api-keys', { token: owner.accessToken })).body.items).toHaveLength(MAX_KEYS);
  expect((await s.api('DELETE', `/api/api-keys/${made[0].body.id}`, { token: owner.accessToken })).status).toBe(200);
  expect((await create('replacement')).status).toBe(201);
  expect((await create('one too many')).status).toBe(422);
});
