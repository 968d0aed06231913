import { CALL_TO_ACTION_DEFAULT, LEAD_FORM_DEFAULT, PLAYER_CONTROL_DEFAULTS } from '@reelbase/api-client';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { User } from '../src/modules/users/user.entity.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let id: string;
let second: string;
let othersVideo: string;
beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  id = (await s.upload(owner.accessToken, clip, { name: 'One' })).body.id;
  second = (await s.upload(owner.accessToken, clip, { name: 'Two' })).body.id;
  othersVideo = (await s.upload(other.accessToken, clip, { name: 'Theirs' })).body.id;
});
afterAll(() => s.stop());

const put = (body: unknown, videoId = id, token = owner.accessToken) => s.api('PUT', `/api/player-config/${videoId}`, { token, body });
const png = () => sharp({ create: { width: 40, height: 20, channels: 3, background: '#22A9E0' } }).png().toBuffer();
async function uploadLogo(data: Buffer | string, opts: { videoId?: string; token?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(opts.field ?? 'image', new Blob([data], { type: 'image/png' }), 'logo.png');
  const res = await fetch(`${s.url}/api/player-config/${opts.videoId ?? id}/image`, { method: 'PUT', headers: { authorization: `Bearer ${opts.token ?? owner.accessToken}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}
const setFeature = (userId: string, on: boolean) =>
  s.services.orm.em.fork().nativeUpdate(User, { id: userId }, { features: { uploadPlayerLogo: on, videoTrimmer: true, setVideoImage: true, createGif: true, addWatermark: true } });

test('one or more settings change and the whole configuration comes back', async () => {
  const res = await put({ id, endAction: 'loop', startAction: 'autoPlay', autoHideControls: false, colorScheme: { playerCanvas: '#000000' } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    id,
    endAction: 'loop',
    nextVideo: null,
    startAction: 'autoPlay',
    autoHideControls: false,
    playPauseButton: true,
    volumeControl: true,
    videoPopOut: true,
    showLogoInPlayer: false,
    logoPatn: null,
    // Colours not sent keep their value.
    colorScheme: { playerCanvas: '#000000', transparentCanvas: false, playerPlayButton: '#22A9E0', playerControlBar: '#43C3D7' },
    // Issue 27: both off on a new upload.
    leadForm: { ...LEAD_FORM_DEFAULT },
    callToAction: { ...CALL_TO_ACTION_DEFAULT },
    // Issue 26's controls: on until the owner turns one off.
    ...PLAYER_CONTROL_DEFAULTS,
  });
  const one = await put({ volumeControl: false, speedMenu: false, resumePlayback: false });
  expect(one.body).toMatchObject({ volumeControl: false, speedMenu: false, resumePlayback: false, qualityMenu: true, endAction: 'loop', colorScheme: { playerCanvas: '#000000' } });
  expect((await s.api('GET', `/api/videos/${id}`, { token: owner.accessToken })).body.playerConfig).toEqual(one.body);
  expect((await s.api('GET', `/api/playback/${id}`)).body.playerConfig).toEqual(one.body);
});

test('nextVideo must be one of the owner\'s videos, or null', async () => {
  expect((await put({ endAction: 'playNext', nextVideo: second })).body).toMatchObject({ endAction: 'playNext', nextVideo: second });
  for (const bad of [othersVideo, crypto.randomUUID()]) {
    const res = await put({ nextVideo: bad });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ nextVideo: 'Must be the id of one of your videos.' });
  }
  expect((await put({ nextVideo: null })).body.nextVideo).toBeNull();
});

test('invalid settings are 422 with a message per field, and nothing changes', async () => {
  const before = (await s.api('GET', `/api/videos/${id}`, { token: owner.accessToken })).body.playerConfig;
  const cases: [unknown, string[]][] = [
    [{ endAction: 'explode' }, ['endAction']],
    [{ startAction: 'never' }, ['startAction']],
    [{ autoHideControls: 'yes' }, ['autoHideControls']],
    [{ keyboardShortcuts: 'no' }, ['keyboardShortcuts']],
    [{ colorScheme: { playerPlayButton: 'red' } }, ['colorScheme.playerPlayButton']],
    [{ nextVideo: 'not-an-id' }, ['nextVideo']],
    [{ logoPatn: 'https://elsewhere.example/logo.png' }, ['logoPatn']],
    [{ nonsense: true }, ['body']],
    [{}, ['body']],
    [{ id }, ['body']],
  ];
  for (const [body, fields] of cases) {
    const res = await put(body);
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(Object.keys(res.body.errors).sort(), JSON.stringify(body)).toEqual(fields);
  }
  expect((await put({ endAction: 'explode' })).body.errors.endAction).toBe('Must be one of: pause, stop, playNext, loop.');
  expect((await s.api('GET', `/api/videos/${id}`, { token: owner.accessToken })).body.playerConfig).toEqual(before);
});

test("another user's video, a missing one and no sign-in are refused", async () => {
  expect((await put({ endAction: 'stop' }, othersVideo)).status).toBe(404);
  expect((await put({ endAction: 'stop' }, crypto.randomUUID())).status).toBe(404);
  expect((await put({ endAction: 'stop' }, id, other.accessToken)).status).toBe(404);
  expect((await s.api('PUT', `/api/player-config/${id}`, { body: { endAction: 'stop' } })).status).toBe(401);
  expect((await uploadLogo(await png(), { token: other.accessToken })).status).toBe(404);
});

test('a player logo upload is stored under the owner, shown in the player, and replaces the previous one', async () => {
  const res = await uploadLogo(await png());
  expect(res.status).toBe(200);
  expect(res.body.url).toMatch(new RegExp(`/media/images/${owner.id}/player-logo-[\\w-]+\\.png$`));
  expect(res.body.playerConfig).toMatchObject({ id, logoPatn: res.body.url, showLogoInPlayer: true });
  const served = await fetch(s.url + new URL(res.body.url).pathname);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect((await s.api('GET', `/api/playback/${id}`)).body.playerConfig).toMatchObject({ logoPatn: res.body.url, showLogoInPlayer: true });

  // The owner's own logo may be reused on another video by URL.
  expect((await put({ logoPatn: res.body.url }, second)).body.logoPatn).toBe(res.body.url);
  const again = await uploadLogo(await png(), { field: 'file' });
  expect(again.status).toBe(200);
  // The first file is still used by the second video, so it stays.
  expect((await fetch(s.url + new URL(res.body.url).pathname)).status).toBe(200);
  // Once no video uses it, it is removed.
  await put({ logoPatn: null, showLogoInPlayer: false }, second);
  expect((await fetch(s.url + new URL(res.body.url).pathname)).status).toBe(404);
});

test('logo uploads follow the profile image rules', async () => {
  const notImage = await uploadLogo('just text, not an image');
  expect(notImage.status).toBe(422);
  expect(notImage.body.errors).toEqual({ image: 'Only JPG, GIF, PNG and SVG images are accepted.' });
  const script = await uploadLogo('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  expect(script.status).toBe(422);
  expect(script.body.errors.image).toBe('SVG images may not contain scripts or external references.');
  const empty = await fetch(`${s.url}/api/player-config/${id}/image`, { method: 'PUT', headers: { authorization: `Bearer ${owner.accessToken}` }, body: new FormData() });
  expect(empty.status).toBe(422);
});

test("with the owner's uploadPlayerLogo flag off the upload is refused with the spec's message", async () => {
  await setFeature(owner.id, false);
  try {
    const before = (await s.api('GET', `/api/videos/${id}`, { token: owner.accessToken })).body.playerConfig;
    const res = await uploadLogo(await png());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'This action is disabled. Contact your administrator.' });
    expect((await s.api('GET', `/api/videos/${id}`, { token: owner.accessToken })).body.playerConfig).toEqual(before);
    // Other settings are not gated.
    expect((await put({ endAction: 'pause' })).status).toBe(200);
  } finally {
    await setFeature(owner.id, true);
  }
  expect((await uploadLogo(await png())).status).toBe(200);
});

test('a canceled account cannot change player settings or the logo (403)', async () => {
  const carol = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  const video = (await s.upload(carol.accessToken, clip, { name: 'Hers' })).body.id;
  await s.services.orm.em.fork().nativeUpdate(User, { id: carol.id }, { isActive: false });
  const before = (await s.api('GET', `/api/videos/${video}`, { token: carol.accessToken })).body.playerConfig;
  const refused = [await put({ endAction: 'loop' }, video, carol.accessToken), await uploadLogo(await png(), { videoId: video, token: carol.accessToken })];
  expect(refused.map((r) => r.status)).toEqual([403, 403]);
  expect(refused[0].body).toEqual({ message: 'Your account is canceled. Reactivate it to make changes.' });
  expect((await s.api('GET', `/api/videos/${video}`, { token: carol.accessToken })).body.playerConfig).toEqual(before);
});
