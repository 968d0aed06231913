import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { type LocalS3, startLocalS3 } from './support/s3.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { listedHlsFiles, publishedDuration, uploadReady } from './support/trim.ts';

let clip: string;
beforeAll(async () => {
  clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, gop: 30, audio: true });
});

/** The status of a GET, its body read to the end. */
async function statusOf(url: string | URL) {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status;
}

/** Every file the copy's playlists list answers, and its mp4 is the whole video. */
async function expectPlayable(video: { hlsSource: string; videoSource: string; imageUrl: string | null; thumbnails: string[] }) {
  const files = await listedHlsFiles(video.hlsSource);
  expect(files.length).toBeGreaterThan(2);
  const base = new URL('..', video.hlsSource);
  for (const f of files) expect(await statusOf(new URL(f, base)), f).toBe(200);
  expect(await publishedDuration(video.videoSource)).toBeCloseTo(3, 0);
  for (const image of [video.imageUrl, ...video.thumbnails]) expect(await statusOf(image as string)).toBe(200);
}

for (const storage of ['local', 's3'] as const) {
  describe(`copy with ${storage} storage`, () => {
    let s3: LocalS3 | undefined;
    let s: TestServer;
    let alice: { accessToken: string; id: string };
    beforeAll(async () => {
      if (storage === 's3') s3 = await startLocalS3();
      s = await startTestServer(s3?.env ?? {});
      alice = await signUpAndLogin(s);
    });
    afterAll(async () => {
      await s?.stop();
      await s3?.stop();
    });

    test('POST /api/videos/{id}/copy: a new video in the same folder with the same settings, playable after the original is deleted', async () => {
      const t = alice.accessToken;
      const folder = (await s.api('POST', '/api/folders', { token: t, body: { name: 'Ads' } })).body.folder.id;
      const up = await s.upload(t, clip, { name: 'Spring ad', folderId: folder });
      const source = await s.waitForVideo(t, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
      const config = await s.api('PUT', `/api/player-config/${source.id}`, { token: t, body: { colorScheme: { playerPlayButton: '#ff0000' }, startAction: 'autoPlay', endAction: 'loop' } });
      expect(config.status).toBe(200);

      const res = await s.api('POST', `/api/videos/${source.id}/copy`, { token: t });
      expect(res.status).toBe(201);
      const copy = res.body;
      expect(copy.id).not.toBe(source.id);
      expect(copy).toMatchObject({ name: 'Spring ad (copy)', folderId: folder, status: 'ready', size: source.size, isMainReady: true, isHlsReady: true });
      expect(copy.playerConfig).toEqual({ ...config.body, id: copy.id });
      expect(copy.hlsSource).toContain(`/videos/${copy.id}/`);
      // The copy counts its own bytes against the quota; the call's reservation is gone.
      const [row] = await s.services.orm.em.fork().execute(
        'select (select stored_bytes from videos where id = ?) as copy, (select stored_bytes from videos where id = ?) as source, (select count(*) from storage_reservations) as reservations',
        [copy.id, source.id],
      );
      expect(Number(row.copy)).toBe(Number(row.source));
      expect(Number(row.copy)).toBeGreaterThan(0);
      expect(Number(row.reservations)).toBe(0);
      expect(copy.imageUrl).toContain(`/videos/${copy.id}/thumbs/`);
      expect((await s.api('GET', `/api/videos?folder_id=${folder}`, { token: t })).body.items.map((v: any) => v.name)).toEqual(['Spring ad', 'Spring ad (copy)']);
      // The embed player of the copy boots with the copied settings.
      const playback = await s.api('GET', `/api/playback/${copy.id}`);
      expect(playback.body.playerConfig).toMatchObject({ startAction: 'autoPlay', endAction: 'loop', colorScheme: { playerPlayButton: '#ff0000' } });

      expect((await s.api('DELETE', `/api/videos/${source.id}`, { token: t })).status).toBe(200);
      await expectPlayable(copy);
      if (s3) expect(await s3.keys(`videos/${source.id}/`)).toEqual([]);

      // A copy of the copy is a third video, named as the next copy of the same name (the owner has '(copy)' already).
      const again = await s.api('POST', `/api/videos/${copy.id}/copy`, { token: t });
      expect(again.body.name).toBe('Spring ad (copy 2)');
      expect((await s.api('DELETE', `/api/videos/${copy.id}`, { token: t })).status).toBe(200);
      await expectPlayable(again.body);
    });
  });
}

describe('copy refusals', () => {
  let s: TestServer;
  let clipBytes: number;
  // While `holding`, ladders wait until released.
  let holding = false;
  const releases: (() => void)[] = [];
  beforeAll(async () => {
    clipBytes = (await stat(clip)).size;
    // Room for the upload, not for a copy of it.
    s = await startTestServer(
      { STORAGE_LIMIT_BYTES_PER_ACCOUNT: String(Math.floor(clipBytes * 1.5)) },
      { onStep: (step) => (step === 'ladder' && holding ? new Promise<void>((release) => releases.push(release)) : undefined) },
    );
  });
  afterAll(() => s?.stop());

  test('a video still processing answers 409', async () => {
    const carol = await signUpAndLogin(s);
    holding = true;
    const up = await s.upload(carol.accessToken, clip, { name: 'Busy' });
    try {
      // Playable already, but its ladder is still being built.
      await s.waitForVideo(carol.accessToken, up.body.id, (v) => v.isHlsReady && v.processing.stage === 'processing');
      const busy = await s.api('POST', `/api/videos/${up.body.id}/copy`, { token: carol.accessToken });
      expect(busy.status).toBe(409);
      expect(busy.body).toEqual({ message: 'The video is still processing. Try again when it is ready.' });
    } finally {
      holding = false;
      for (const release of releases) release();
    }
    await s.waitForVideo(carol.accessToken, up.body.id, (v) => v.status === 'ready' && v.processing.stage === 'ready');
    await s.api('DELETE', `/api/videos/${up.body.id}`, { token: carol.accessToken });
  });

  test('another user id answers 404, a full account 413, a canceled account 403; nothing is written', async () => {
    const alice = await signUpAndLogin(s);
    const bob = await signUpAndLogin(s);
    const video = await uploadReady(s, alice.accessToken, clip, 'Mine');
    const count = async () => Number((await s.services.orm.em.fork().execute('select count(*) as n from videos'))[0].n);
    const before = await count();

    const foreign = await s.api('POST', `/api/videos/${video.id}/copy`, { token: bob.accessToken });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Video not found' });
    expect((await s.api('POST', `/api/videos/${crypto.randomUUID()}/copy`, { token: alice.accessToken })).status).toBe(404);

    const full = await s.api('POST', `/api/videos/${video.id}/copy`, { token: alice.accessToken });
    expect(full.status).toBe(413);
    expect(full.body.message).toBe('Your storage limit is reached. Delete videos or change your plan to upload more.');

    await s.services.orm.em.fork().execute('update users set is_active = false where id = ?', [alice.id]);
    const canceled = await s.api('POST', `/api/videos/${video.id}/copy`, { token: alice.accessToken });
    expect(canceled.status).toBe(403);
    expect(canceled.body).toEqual({ message: 'Your account is canceled. Reactivate it to make changes.' });
    expect(await count()).toBe(before);
    const dirs: string[] = [];
    for await (const o of s.services.storage.list('videos')) if (!o.key.startsWith(`videos/${video.id}/`)) dirs.push(o.key);
    expect(dirs).toEqual([]);
  });
});
