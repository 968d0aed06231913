import { PLAYBACK_LOCKS } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { inTeam, teamOfFour } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The owner previews everything (issue 32 item 7): the signed-in preview answer plays a private and
 * a password video for the owner and the team, with a preview token; strangers still get the
 * private refusal or the password form, and the preview token is not theirs to stretch.
 */
let s: TestServer;
let team: Awaited<ReturnType<typeof teamOfFour>>;
let stranger: SignedIn;
let video: any;

const preview = (who: SignedIn, headers: Record<string, string> = {}) => s.api('GET', `/api/videos/${video.id}/preview`, { token: who.accessToken, headers });
const setPrivacy = async (body: unknown) => expect((await s.api('PUT', `/api/videos/${video.id}/privacy`, { token: team.owner.accessToken, body })).status).toBe(200);

/** Each source of the answer answers its first bytes (the mp4, the master, a rung, the poster). */
async function plays(info: any) {
  const first = (url: string) => fetch(url, { headers: { Range: 'bytes=0-99' } }).then((r) => r.status);
  expect(await first(info.mp4Source)).toBe(206);
  const master = await fetch(info.hlsSource);
  expect(master.status).toBe(200);
  const rung = (await master.text()).split('\n').find((l) => l && !l.startsWith('#')) as string;
  const rungText = await (await fetch(new URL(rung, info.hlsSource))).text();
  const segment = rungText.split('\n').find((l) => l && !l.startsWith('#')) as string;
  expect(await first(new URL(segment, new URL(rung, info.hlsSource)).href)).toBe(206);
}

beforeAll(async () => {
  s = await startTestServer({ DELIVERY_STATUS_CACHE_SECONDS: '0' });
  team = await teamOfFour(s);
  stranger = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 2, audio: true });
  const up = await s.upload(team.owner.accessToken, clip);
  // The whole ladder, so no rung is published (and the first rendition's files retired) while a test fetches them.
  video = await s.waitForVideo(team.owner.accessToken, up.body.id, (v) => v.isMainReady && v.isHlsReady && v.processing.isLadderReady);
});
afterAll(() => s.stop());

test('a private video plays in the owner’s and a team viewer’s preview; strangers get "private"', async () => {
  await setPrivacy({ visibility: 'private' });
  const mine = await preview(team.owner);
  expect(mine.status).toBe(200);
  expect(mine.headers.get('cache-control')).toContain('no-store');
  expect(mine.body).toMatchObject({ id: video.id, visibility: 'private', processing: false, token: { token: expect.stringMatching(/^\d{10}\.\d+p\./) } });
  await plays(mine.body);
  const member = await preview(team.viewer, inTeam(team.teamId));
  expect(member.status).toBe(200);
  await plays(member.body);

  // Strangers: the preview route knows no such video, the public call says private, the media refuse.
  expect((await preview(stranger)).status).toBe(404);
  expect((await s.api('GET', `/api/videos/${video.id}/preview`)).status).toBe(401);
  const pub = await s.api('GET', `/api/playback/${video.id}`);
  expect(pub.status).toBe(403);
  expect(pub.body.code).toBe(PLAYBACK_LOCKS.private);
  expect((await fetch(mine.body.mp4Source.replace(/\/~[^/]+\//, '/'), { headers: { Range: 'bytes=0-99' } })).status).toBe(403);
});

test('a password video plays in the owner’s preview without the password; strangers get the form', async () => {
  await setPrivacy({ visibility: 'password', password: 'open-sesame' });
  const mine = await preview(team.owner);
  expect(mine.status).toBe(200);
  expect(mine.body.visibility).toBe('password');
  await plays(mine.body);
  const pub = await s.api('GET', `/api/playback/${video.id}`);
  expect(pub.status).toBe(403);
  expect(pub.body.code).toBe(PLAYBACK_LOCKS.password);
});

test('the public call answers a preview token as it is (the embed preview), never a longer one', async () => {
  const mine = (await preview(team.owner)).body;
  const echoed = await s.api('GET', `/api/playback/${video.id}?token=${encodeURIComponent(mine.token.token)}`);
  expect(echoed.status).toBe(200);
  expect(echoed.body.token).toEqual(mine.token);
  await plays(echoed.body);
  // A public video's preview is tokened too, so the owner's own views are not charged.
  await setPrivacy({ visibility: 'public' });
  const open = (await preview(team.owner)).body;
  expect(open.mp4Source).toMatch(/\/~\d{10}\.\d+p\.[\w-]{43}\/main\.mp4$/);
  await plays(open);
});
