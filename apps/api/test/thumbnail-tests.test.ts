import { MESSAGES, THUMBNAIL_TEST_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { inTeam, teamOfFour } from './support/teams.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

/*
 * Issue 33 item 6: thumbnail tests. Covers cut from seconds of the video, viewers split by their
 * viewer id, impressions from playback answers and plays from sessions, the owner's end and the
 * periodic check's, each leaving the winner as the poster and a line in the activity log.
 */
let s: TestServer;
let team: Awaited<ReturnType<typeof teamOfFour>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let video: { id: string; imageUrl: string };
beforeAll(async () => {
  // Sessions are capped per address like beacons: a cap high enough for a few hundred opens from here.
  s = await startTestServer({ STATS_BEACON_BURST: '100000' });
  team = await teamOfFour(s);
  other = await signUpAndLogin(s);
  video = await uploadReady(s, team.owner.accessToken, await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 4 }), 'Harbour tour');
}, 120_000);
afterAll(() => s?.stop());

const as = (who: { accessToken: string }, method: string, path: string, body?: unknown) => s.api(method, path, { token: who.accessToken, body, headers: inTeam(team.teamId) });
const tests = (id = video.id) => `/api/videos/${id}/thumbnail-tests`;
const playback = (viewer?: string) => s.api('GET', `/api/playback/${video.id}${viewer ? `?viewer=${viewer}` : ''}`);
const bytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
const current = async () => (await as(team.owner, 'GET', tests())).body.test;
/** The player opening its session on the first play, naming the cover it showed (SessionOpen.coverId). */
const openSession = (viewerId: string, coverId?: string) => s.api('POST', `/api/videos/${video.id}/sessions`, { body: { viewerId, ...(coverId && { coverId }) } });
const activity = async (action: string) => (await as(team.owner, 'GET', `/api/teams/${team.teamId}/activity?action=${action}`)).body.items;

/** `n` viewers' playback answers: which cover each was shown. */
async function viewers(n: number): Promise<{ viewer: string; coverId: string; poster: string }[]> {
  const seen = [];
  for (let i = 0; i < n; i++) {
    const viewer = crypto.randomUUID();
    const res = await playback(viewer);
    expect(res.status).toBe(200);
    seen.push({ viewer, coverId: res.body.coverId, poster: res.body.poster });
  }
  return seen;
}

test('starting: a viewer cannot, another team gets 404, junk gets 422; the owner gets 3 covers cut from the chosen seconds', async () => {
  expect((await as(team.viewer, 'POST', tests(), { seconds: [1, 2] })).status).toBe(403);
  expect((await s.api('POST', tests(), { token: other.accessToken, body: { seconds: [1, 2] } })).status).toBe(404);
  expect((await s.api('GET', tests(), { token: other.accessToken })).status).toBe(404);
  for (const [seconds, field] of [[[1], 'seconds'], [[1, 2, 3, 3.5], 'seconds'], [[1, 1], 'seconds'], [[1, -2], 'seconds.1'], ['1,2', 'seconds']] as const) {
    const res = await as(team.owner, 'POST', tests(), { seconds });
    expect([seconds, res.status, res.body.message, Object.keys(res.body.errors ?? {})]).toEqual([seconds, 422, MESSAGES.validationFailed, [field]]);
  }
  expect((await as(team.owner, 'POST', tests(), { seconds: [1, 99] })).body).toEqual({ message: MESSAGES.validationFailed, errors: { 'seconds.1': THUMBNAIL_TEST_MESSAGES.secondPastEnd } });
  expect((await as(team.viewer, 'GET', tests())).body).toEqual({ test: null });

  const res = await as(team.editor, 'POST', tests(), { seconds: [0.5, 2, 3.5] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body).toMatchObject({ videoId: video.id, status: 'running', endedAt: null, winnerCoverId: null, leaderCoverId: null, significant: false });
  expect(res.body.covers.map((c: { timeSec: number; impressions: number; plays: number }) => [c.timeSec, c.impressions, c.plays])).toEqual([[0.5, 0, 0], [2, 0, 0], [3.5, 0, 0]]);
  const pictures = await Promise.all(res.body.covers.map((c: { imageUrl: string }) => bytes(c.imageUrl)));
  for (const p of pictures) expect(p.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  expect(new Set(pictures.map((p) => p.toString('base64'))).size).toBe(3);
  // The team's viewer sees the figures; a second test waits for the first to end.
  expect((await as(team.viewer, 'GET', tests())).body.test.id).toBe(res.body.id);
  expect((await as(team.owner, 'POST', tests(), { seconds: [1, 2] })).body).toEqual({ message: THUMBNAIL_TEST_MESSAGES.running });
  expect((await activity('thumbnail_test.started'))[0]).toMatchObject({ actor: { id: team.editor.id }, subject: { id: video.id }, details: { covers: 'Cover 1 (0:00), Cover 2 (0:02), Cover 3 (0:03)' } });
});

test('each viewer id keeps its cover as the poster, the ids spread over the three covers, and every answer is an impression', async () => {
  const running = await current();
  const seen = await viewers(240);
  const byCover = new Map(running.covers.map((c: { id: string; imageUrl: string }) => [c.id, c.imageUrl]));
  for (const v of seen) expect(v.poster).toBe(byCover.get(v.coverId));
  // Again, in another order: the same cover for the same viewer.
  for (const v of seen.slice(0, 40).reverse()) expect((await playback(v.viewer)).body).toMatchObject({ coverId: v.coverId, poster: v.poster });
  const counts = running.covers.map((c: { id: string }) => seen.filter((v) => v.coverId === c.id).length);
  for (const n of counts) expect(n).toBeGreaterThan(50);
  // Without a viewer id: the video's own poster, and the word that a test runs.
  const plain = (await playback()).body;
  expect(plain).toMatchObject({ poster: video.imageUrl, thumbnailTest: true });
  expect(plain.coverId).toBeUndefined();
  expect((await s.api('GET', `/api/playback/${video.id}?viewer=not-a-uuid`)).status).toBe(422);

  await s.services.thumbnailTests.flush();
  const after = await current();
  const again = seen.slice(0, 40);
  expect(after.covers.map((c: { impressions: number }) => c.impressions)).toEqual(running.covers.map((c: { id: string }, i: number) => counts[i] + again.filter((v) => v.coverId === c.id).length));
});

test('plays: a session opened with a cover of the running test counts for it; a stranger cover id or none does not', async () => {
  const running = await current();
  const [first] = running.covers;
  for (const coverId of [first.id, crypto.randomUUID(), undefined]) expect((await openSession(crypto.randomUUID(), coverId)).status).toBe(201);
  expect((await openSession(crypto.randomUUID(), 'not-a-cover')).status).toBe(422);
  await s.services.thumbnailTests.flush();
  const after = (await current()).covers[0];
  expect(after.plays).toBe(first.plays + 1);
  expect((await current()).covers.slice(1).map((c: { plays: number }) => c.plays)).toEqual(running.covers.slice(1).map((c: { plays: number }) => c.plays));
  expect(after.playsPerImpression).toBe(Math.round((after.plays / after.impressions) * 10_000) / 10_000);
});

test('the owner ends the test naming a cover: it becomes the poster, the log names it, the split stops', async () => {
  const running = await current();
  const chosen = running.covers[2];
  expect((await as(team.viewer, 'POST', `${tests()}/${running.id}/end`, {})).status).toBe(403);
  expect((await s.api('POST', `${tests()}/${running.id}/end`, { token: other.accessToken, body: {} })).status).toBe(404);
  expect((await as(team.owner, 'POST', `${tests()}/${crypto.randomUUID()}/end`, {})).status).toBe(404);
  expect((await as(team.owner, 'POST', `${tests()}/${running.id}/end`, { winnerCoverId: crypto.randomUUID() })).body.errors).toEqual({ winnerCoverId: THUMBNAIL_TEST_MESSAGES.winner });

  const ended = await as(team.owner, 'POST', `${tests()}/${running.id}/end`, { winnerCoverId: chosen.id });
  expect(ended.status, JSON.stringify(ended.body)).toBe(200);
  expect(ended.body).toMatchObject({ status: 'ended', endedBy: 'owner', winnerCoverId: chosen.id });
  const poster = (await as(team.owner, 'GET', `/api/videos/${video.id}`)).body.imageUrl;
  expect(poster).not.toBe(video.imageUrl);
  expect(await bytes(poster)).toEqual(await bytes(chosen.imageUrl));
  expect((await playback(crypto.randomUUID())).body).toMatchObject({ poster });
  expect((await playback(crypto.randomUUID())).body.thumbnailTest).toBeUndefined();
  expect((await activity('thumbnail_test.ended'))[0]).toMatchObject({ actor: { id: team.owner.id }, subject: { id: video.id }, details: { winner: 'Cover 3 (0:03)', endedBy: 'owner' } });
  expect((await as(team.owner, 'POST', `${tests()}/${running.id}/end`, {})).body).toEqual({ message: THUMBNAIL_TEST_MESSAGES.notRunning });
});

test('the periodic check ends a test once a cover wins at 95% and makes it the poster', async () => {
  const started = await as(team.owner, 'POST', tests(), { seconds: [1, 3] });
  expect(started.status).toBe(201);
  const [a, b] = started.body.covers;
  // About 300 viewers: a's play 1 time in 20, b's 1 time in 3.
  const seen = await viewers(300);
  const of = (id: string) => seen.filter((v) => v.coverId === id);
  expect(of(a.id).length).toBeGreaterThanOrEqual(100);
  expect(of(b.id).length).toBeGreaterThanOrEqual(100);
  await s.services.thumbnailTests.flush();
  // Shown enough, but no plays yet: no decision.
  expect(await s.services.thumbnailTestsCheck()).toBe(0);
  for (const [i, v] of of(a.id).entries()) if (i % 20 === 0) expect((await openSession(v.viewer, v.coverId)).status).toBe(201);
  for (const [i, v] of of(b.id).entries()) if (i % 3 === 0) expect((await openSession(v.viewer, v.coverId)).status).toBe(201);
  await s.services.thumbnailTests.flush();
  expect((await current()).significant).toBe(true);

  expect(await s.services.thumbnailTestsCheck()).toBe(1);
  const ended = await current();
  expect(ended).toMatchObject({ id: started.body.id, status: 'ended', endedBy: 'auto', winnerCoverId: b.id, leaderCoverId: b.id });
  const poster = (await as(team.owner, 'GET', `/api/videos/${video.id}`)).body.imageUrl;
  expect(await bytes(poster)).toEqual(await bytes(b.imageUrl));
  expect((await activity('thumbnail_test.ended'))[0]).toMatchObject({ actor: null, details: { winner: 'Cover 2 (0:03)', endedBy: 'auto' } });
  // Checked again: nothing left to end.
  expect(await s.services.thumbnailTestsCheck()).toBe(0);
});
