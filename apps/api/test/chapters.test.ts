import { CHAPTER_MESSAGES, CHAPTERS_MAX, chaptersToWebVtt } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addMember, inTeam } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startWithOwnerAndOther, type TestServer } from './support/test-server.ts';

/* Issue 26 item 3: chapters set by the owner's team, checked line by line, and served to players. */

let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
let videoId: string;
/** A video row of `seconds` (no file is needed for chapters; delivery serves the chapters track from the row). */
async function videoOf(userId: string, seconds: number | null = 300) {
  const id = crypto.randomUUID();
  await s.services.orm.em
    .fork()
    .getConnection()
    .execute(`insert into videos (id, user_id, name, source, size, status, duration_sec, player_config, created_at) values (?, ?, 'Harbour tour', 'upload', 1000, 'ready', ?, '{}', now())`, [id, userId, seconds]);
  return id;
}
beforeAll(async () => {
  ({ s, owner, other } = await startWithOwnerAndOther());
  videoId = await videoOf(owner.id);
}, 120_000);
afterAll(() => s.stop());

const put = (chapters: unknown, o: { id?: string; token?: string; headers?: Record<string, string> } = {}) =>
  s.api('PUT', `/api/videos/${o.id ?? videoId}/chapters`, { token: o.token ?? owner.accessToken, headers: o.headers, body: { chapters } });
const CHAPTERS = [
  { start: 0, title: 'Intro' },
  { start: 62.5, title: 'The <old> harbour & its boats' },
  { start: 3 * 60 + 5, title: 'Questions' },
];

test('the owner saves chapters and gets them back from PUT, GET, the video and the public playback answer', async () => {
  const saved = await put(CHAPTERS);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body).toEqual({ chapters: CHAPTERS });
  expect((await s.api('GET', `/api/videos/${videoId}/chapters`, { token: owner.accessToken })).body).toEqual({ chapters: CHAPTERS });
  expect((await s.api('GET', `/api/videos/${videoId}`, { token: owner.accessToken })).body.chapters).toEqual(CHAPTERS);
  // Titles are trimmed, times kept to the millisecond.
  const tidy = await put([{ start: 0, title: '  Start  ' }, { start: 10.12345, title: 'Later' }]);
  expect(tidy.body.chapters).toEqual([{ start: 0, title: 'Start' }, { start: 10.123, title: 'Later' }]);
  expect((await put(CHAPTERS)).status).toBe(200);

  const info = (await s.api('GET', `/api/playback/${videoId}`)).body;
  expect(info.chapters).toEqual(CHAPTERS);
  expect(info.chaptersVtt).toBe(`${s.url}/media/videos/${videoId}/chapters.vtt`);
  // An empty list removes them: the playback answer then names none (the player loads no chapter code).
  expect((await put([])).body).toEqual({ chapters: [] });
  const none = (await s.api('GET', `/api/playback/${videoId}`)).body;
  expect(none.chapters).toBeUndefined();
  expect(none.chaptersVtt).toBeUndefined();
  expect((await fetch(`${s.url}/media/videos/${videoId}/chapters.vtt`)).status).toBe(404);
  expect((await put(CHAPTERS)).status).toBe(200);
});

test('each rule answers 422 with its message at the line', async () => {
  const cases: [unknown, string, string][] = [
    [[{ start: 5, title: 'Late start' }], 'chapters.0.start', CHAPTER_MESSAGES.firstAtZero],
    [[{ start: 0, title: 'A' }, { start: 30, title: 'B' }, { start: 30, title: 'C' }], 'chapters.2.start', CHAPTER_MESSAGES.increasing],
    [[{ start: 0, title: 'A' }, { start: 40, title: 'B' }, { start: 20, title: 'C' }], 'chapters.2.start', CHAPTER_MESSAGES.increasing],
    [[{ start: 0, title: 'A' }, { start: 300, title: 'At the end' }], 'chapters.1.start', CHAPTER_MESSAGES.pastEnd(300)],
    [[{ start: 0, title: 'A' }, { start: 10, title: '   ' }], 'chapters.1.title', CHAPTER_MESSAGES.title],
    [[{ start: 0, title: 'x'.repeat(101) }], 'chapters.0.title', CHAPTER_MESSAGES.title],
    [[{ start: 0, title: 'Two\nlines' }], 'chapters.0.title', CHAPTER_MESSAGES.title],
    [[{ start: -1, title: 'A' }], 'chapters.0.start', CHAPTER_MESSAGES.start],
    [[{ start: '0', title: 'A' }], 'chapters.0.start', CHAPTER_MESSAGES.start],
    [Array.from({ length: CHAPTERS_MAX + 1 }, (_, i) => ({ start: i, title: `Part ${i + 1}` })), 'chapters', CHAPTER_MESSAGES.tooMany],
    ['00:00 Intro', 'chapters', CHAPTER_MESSAGES.list],
  ];
  for (const [chapters, key, message] of cases) {
    const res = await put(chapters);
    expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBe(422);
    expect(res.body.errors[key], JSON.stringify(res.body.errors)).toBe(message);
  }
  expect(CHAPTER_MESSAGES.pastEnd(300)).toBe('Must start before the end of the video (5:00).');
  // A video not processed yet has no length to check against.
  const unprocessed = await videoOf(owner.id, null);
  expect((await put(CHAPTERS, { id: unprocessed })).body.errors).toEqual({ chapters: CHAPTER_MESSAGES.noDuration });
  // Nothing of the refused lists was kept.
  expect((await s.api('GET', `/api/videos/${videoId}/chapters`, { token: owner.accessToken })).body.chapters).toEqual(CHAPTERS);
});

test("another account's video answers 404; a team's viewer reads the chapters but may not change them, an editor may", async () => {
  expect((await s.api('GET', `/api/videos/${videoId}/chapters`, { token: other.accessToken })).status).toBe(404);
  const foreign = await put([{ start: 0, title: 'Mine' }], { token: other.accessToken });
  expect(foreign.status).toBe(404);
  expect(foreign.body.message).toBe('Video not found');
  expect((await put(CHAPTERS, { id: 'not-a-uuid' })).status).toBe(404);

  const viewer = await signUpAndLogin(s);
  const editor = await signUpAndLogin(s);
  await addMember(s, owner.id, viewer.id, 'viewer');
  await addMember(s, owner.id, editor.id, 'editor');
  const read = await s.api('GET', `/api/videos/${videoId}/chapters`, { token: viewer.accessToken, headers: inTeam(owner.id) });
  expect(read.body).toEqual({ chapters: CHAPTERS });
  expect((await put([{ start: 0, title: 'Viewer was here' }], { token: viewer.accessToken, headers: inTeam(owner.id) })).status).toBe(403);
  const edited = await put([{ start: 0, title: 'Editor' }], { token: editor.accessToken, headers: inTeam(owner.id) });
  expect(edited.status).toBe(200);
  const v = (await s.api('GET', `/api/videos/${videoId}`, { token: owner.accessToken })).body;
  expect(v.chapters).toEqual([{ start: 0, title: 'Editor' }]);
  expect(v.updatedBy?.id).toBe(editor.id);
  expect((await put(CHAPTERS)).status).toBe(200);
});

test('the WebVTT chapters track: each chapter until the next, the last until the end, titles escaped; a non-public video needs its playback token', async () => {
  const res = await fetch(`${s.url}/media/videos/${videoId}/chapters.vtt`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/vtt');
  const text = await res.text();
  expect(text).toBe(chaptersToWebVtt(CHAPTERS, 300));
  expect(text).toContain('chapter-1\n00:00:00.000 --> 00:01:02.500\nIntro\n');
  expect(text).toContain('00:01:02.500 --> 00:03:05.000\nThe &lt;old&gt; harbour &amp; its boats\n');
  expect(text).toContain('00:03:05.000 --> 00:05:00.000\nQuestions\n');

  const set = await s.api('PUT', `/api/videos/${videoId}/privacy`, { token: owner.accessToken, body: { visibility: 'private' } });
  expect(set.status).toBe(200);
  const locked = await fetch(`${s.url}/media/videos/${videoId}/chapters.vtt`);
  expect(locked.status).toBe(403);
  expect((await fetch(`${s.url}/media/videos/${videoId}/~1.0.forged/chapters.vtt`)).status).toBe(403);
  // The owner's answer carries a token; the playback answer of the owner's player names the tokened track.
  const token = set.body.playbackToken.token as string;
  const info = (await s.api('GET', `/api/playback/${videoId}?token=${encodeURIComponent(token)}`)).body;
  expect(info.chaptersVtt).toContain(`/media/videos/${videoId}/~`);
  const opened = await fetch(info.chaptersVtt);
  expect(opened.status).toBe(200);
  expect(await opened.text()).toBe(text);
  // A change of privacy ends the old token.
  await s.api('PUT', `/api/videos/${videoId}/privacy`, { token: owner.accessToken, body: { visibility: 'unlisted' } });
  expect((await fetch(info.chaptersVtt)).status).toBe(403);
  expect((await fetch(`${s.url}/media/videos/${videoId}/chapters.vtt`)).status).toBe(403);
});
