import { afterAll, beforeAll, expect, test } from 'vitest';
import { User } from '../src/modules/users/user.entity.ts';
import { Video } from '../src/modules/videos/video.entity.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let ready: any;
let next: any;
beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 2, audio: true });
  const a = await s.upload(owner.accessToken, clip, { name: 'Spring <sale>' });
  const b = await s.upload(owner.accessToken, clip, { name: 'Next one' });
  ready = await s.waitForVideo(owner.accessToken, a.body.id, (v) => v.isMainReady && v.isHlsReady);
  next = await s.waitForVideo(owner.accessToken, b.body.id, (v) => v.isMainReady && v.isHlsReady);
});
afterAll(() => s.stop());

const em = () => s.services.orm.em.fork();

test('a playable video answers its sources, poster, player settings and size, to any site', async () => {
  const res = await s.api('GET', `/api/playback/${ready.id}`, { headers: { Origin: 'https://customer.example' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  expect(res.body).toMatchObject({
    id: ready.id,
    name: 'Spring <sale>',
    hlsSource: ready.hlsSource,
    mp4Source: ready.videoSource,
    playerConfig: { ...ready.playerConfig, id: ready.id },
    nextVideo: null,
    width: 320,
    height: 180,
    processing: false,
  });
  expect(res.body.durationSec).toBeCloseTo(2, 0);
  expect(res.body.playerConfig).toMatchObject({ startAction: 'none', endAction: 'pause', colorScheme: { playerCanvas: '#1974BB', playerPlayButton: '#22A9E0', playerControlBar: '#43C3D7', transparentCanvas: false } });
  // A preflight from another site is answered too.
  const preflight = await fetch(`${s.url}/api/playback/${ready.id}`, { method: 'OPTIONS', headers: { Origin: 'https://customer.example', 'Access-Control-Request-Method': 'GET' } });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
});

test('nextVideo is given for playNext when it is one of the owner\'s playable videos', async () => {
  const set = await s.api('PUT', `/api/player-config/${ready.id}`, { token: owner.accessToken, body: { endAction: 'playNext', nextVideo: next.id } });
  expect(set.status).toBe(200);
  expect((await s.api('GET', `/api/playback/${ready.id}`)).body).toMatchObject({ nextVideo: next.id, playerConfig: { endAction: 'playNext', nextVideo: next.id } });
  // Blocked later: the player would only reach a message, so no next video.
  await em().nativeUpdate(Video, { id: next.id }, { ban: true });
  expect((await s.api('GET', `/api/playback/${ready.id}`)).body.nextVideo).toBeNull();
  await em().nativeUpdate(Video, { id: next.id }, { ban: false });
  await s.api('PUT', `/api/player-config/${ready.id}`, { token: owner.accessToken, body: { endAction: 'pause', nextVideo: null } });
});

test('while not playable it answers processing with no sources', async () => {
  await em().nativeUpdate(Video, { id: next.id }, { isMainReady: false, isHlsReady: false });
  const res = await s.api('GET', `/api/playback/${next.id}`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ processing: true, hlsSource: null, mp4Source: null, name: 'Next one' });
  await em().nativeUpdate(Video, { id: next.id }, { isMainReady: true, isHlsReady: true });
});

test('missing, blocked, failed and banned-owner videos are all simply not available', async () => {
  const NA = { message: 'This video is not available.' };
  for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
    const res = await s.api('GET', `/api/playback/${id}`);
    expect([res.status, res.body]).toEqual([404, NA]);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  }
  await em().nativeUpdate(Video, { id: next.id }, { ban: true });
  expect(await s.api('GET', `/api/playback/${next.id}`)).toMatchObject({ status: 404, body: NA });
  await em().nativeUpdate(Video, { id: next.id }, { ban: false, status: 'failed' });
  expect(await s.api('GET', `/api/playback/${next.id}`)).toMatchObject({ status: 404, body: NA });
  await em().nativeUpdate(Video, { id: next.id }, { status: 'ready' });
  await em().nativeUpdate(User, { id: owner.id }, { ban: true });
  expect(await s.api('GET', `/api/playback/${ready.id}`)).toMatchObject({ status: 404, body: NA });
  await em().nativeUpdate(User, { id: owner.id }, { ban: false });
  expect((await s.api('GET', `/api/playback/${ready.id}`)).status).toBe(200);
});
