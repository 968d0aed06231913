import { afterAll, beforeAll, expect, test } from 'vitest';
import { Video } from '../src/modules/videos/video.entity.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 35, item 5: the statistics beacons a player sends (drop-off seconds, which also count
 * the plays and viewers, and call-to-action clicks) of a private or password video count only
 * with its playback token (?token=, as the lead form's); without one they answer 404 like a
 * missing video and nothing is counted. Public and unlisted videos play for anyone with the
 * link, so their beacons need none.
 */

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let id: string;
beforeAll(async () => {
  s = await startTestServer({ STATS_FLUSH_SECONDS: '3600' });
  owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  id = (await s.upload(owner.accessToken, clip, { name: 'Board meeting' })).body.id;
  await s.waitForVideo(owner.accessToken, id, (x) => x.processing.stage === 'ready' && x.processing.isLadderReady);
  // A minute long as far as the beacons can tell.
  await s.services.orm.em.fork().nativeUpdate(Video, { id }, { durationSec: 60 });
  const cta = await s.api('PUT', `/api/player-config/${id}`, { token: owner.accessToken, body: { callToAction: { enabled: true, url: 'https://example.com/book' } } });
  expect(cta.status).toBe(200);
});
afterAll(() => s.stop());

const query = (token?: string | null) => (token ? `?token=${encodeURIComponent(token)}` : '');
const dropOff = (curTime: number, token?: string | null) =>
  fetch(`${s.url}/api/statistics/drop-off/${id}${query(token)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ curTime }) });
const ctaClick = (token?: string | null) => fetch(`${s.url}/api/statistics/cta-click/${id}${query(token)}`, { method: 'POST' });
const setPrivacy = async (body: unknown) => {
  const res = await s.api('PUT', `/api/videos/${id}/privacy`, { token: owner.accessToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
async function counted() {
  await s.services.statistics.flush();
  const res = await s.api('GET', `/api/statistics/video/${id}?range=7`, { token: owner.accessToken });
  return { plays: res.body.totals.plays as number, ctaClicks: res.body.ctaClicks as number, dropOff: res.body.dropOff as { name: string; count: number }[] };
}

test("a private video's beacons are refused without its playback token (404, nothing counted) and accepted with one", async () => {
  await setPrivacy({ visibility: 'private' });
  const before = await counted();
  for (const res of [await dropOff(0), await dropOff(15), await dropOff(0, 'forged.token'), await ctaClick()]) {
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  }
  expect(await counted()).toEqual(before);

  // The owner's player holds a token (its preview answer); a player of the video sends it.
  const preview = await s.api('GET', `/api/videos/${id}/preview`, { token: owner.accessToken });
  const token = preview.body.token.token as string;
  expect((await dropOff(0, token)).status).toBe(204);
  expect((await dropOff(15, token)).status).toBe(204);
  expect((await ctaClick(token)).status).toBe(204);
  const after = await counted();
  expect(after.plays).toBe(before.plays + 1);
  expect(after.ctaClicks).toBe(before.ctaClicks + 1);
  expect(after.dropOff.find((d) => d.name === '15')?.count).toBe((before.dropOff.find((d) => d.name === '15')?.count ?? 0) + 1);
});

test("a password video's beacons need the token its unlock answered; a token from before a password change no longer counts", async () => {
  await setPrivacy({ visibility: 'password', password: 'board-only' });
  expect((await dropOff(0)).status).toBe(404);
  const unlock = await s.api('POST', `/api/videos/${id}/unlock`, { body: { password: 'board-only' } });
  const token = unlock.body.token as string;
  expect((await dropOff(0, token)).status).toBe(204);
  await setPrivacy({ visibility: 'password', password: 'board-only-2' });
  expect((await dropOff(0, token)).status).toBe(404);
});

test('public and unlisted videos take beacons without a token, as before', async () => {
  await setPrivacy({ visibility: 'unlisted' });
  expect((await dropOff(0)).status).toBe(204);
  await setPrivacy({ visibility: 'public' });
  expect((await dropOff(0)).status).toBe(204);
  expect((await ctaClick()).status).toBe(204);
});
