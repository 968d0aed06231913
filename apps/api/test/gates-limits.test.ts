import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

const KB = 1024;
const STORAGE_FULL = 'Your storage limit is reached. Delete videos or change your plan to upload more.';

let s: TestServer;
let clip: string;

beforeAll(async () => {
  s = await startTestServer({
    // Accounts without a plan: 512 KB. Only explicit flushes write bandwidth; delivery asks the database every time.
    STORAGE_LIMIT_BYTES_PER_ACCOUNT: String(512 * KB),
    BANDWIDTH_FLUSH_SECONDS: '3600',
    DELIVERY_STATUS_CACHE_SECONDS: '0',
  });
  clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
});
afterAll(() => s.stop());

const sql = <T extends Record<string, unknown>[] = Record<string, unknown>[]>(q: string, p: unknown[] = []) => s.services.orm.em.fork().execute<T>(q, p);
/** Puts the account on a plan, as a subscription would. */
const subscribe = (userId: string, planId: string) => sql(`update users set payment_plan_id = ?, plan = split_part(?, '-', 1) where id = ?`, [planId, planId, userId]);

const b64 = (v: string) => Buffer.from(v).toString('base64');
const startTus = (token: string, length: number) =>
  fetch(`${s.url}/api/uploads`, {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, 'Upload-Length': String(length), 'Upload-Metadata': `filename ${b64('part.mp4')},filetype ${b64('video/mp4')}` },
  });
/** Fetches a media file to its end, as a viewer's player would; the bytes are counted when the response closes. */
async function play(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  await new Promise((r) => setTimeout(r, 50));
  return { status: res.status, bytes };
}
async function formUpload(token: string, bytes: number) {
  const form = new FormData();
  form.append('video', new File([Buffer.alloc(bytes, 7)], 'clip.mp4', { type: 'video/mp4' }));
  const res = await fetch(`${s.url}/api/videos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { message?: string; id?: string } };
}

describe('storage limit by plan', () => {
  test("a plan's storage replaces the setting; an unfinished tus upload counts against it", async () => {
    await sql(`update payment_plans set storage_bytes = ? where id = 'silver-1m'`, [1024 * KB]);
    const planned = await signUpAndLogin(s);
    await subscribe(planned.id, 'silver-1m');
    const token = planned.accessToken;

    // 700 KB is over the 512 KB setting but within the plan's 1 MB: the setting does not cap a plan.
    const started = await startTus(token, 700 * KB);
    expect(started.status).toBe(201);
    const second = await startTus(token, 400 * KB);
    expect(second.status).toBe(413);
    expect(JSON.parse(await second.text()).message).toBe(STORAGE_FULL);
    expect(await formUpload(token, 400 * KB)).toEqual({ status: 413, body: { message: STORAGE_FULL } });
    const usage = (await s.api('GET', '/api/usage', { token })).body;
    expect(usage).toMatchObject({ plan: 'silver', storage: { usedBytes: 700 * KB, limitBytes: 1024 * KB } });
    const [{ n }] = await sql<{ n: string }[]>('select count(*) as n from videos where user_id = ?', [planned.id]);
    expect(Number(n)).toBe(0);

    // Without a plan the setting applies.
    const plain = await signUpAndLogin(s);
    expect((await formUpload(plain.accessToken, 600 * KB)).status).toBe(413);
    expect((await s.api('GET', '/api/usage', { token: plain.accessToken })).body).toMatchObject({ plan: null, storage: { usedBytes: 0, limitBytes: 512 * KB } });
  });
});

describe('features granted by the plan', () => {
  test("a tool the plan does not grant is refused even with the admin's flag on; the profile shows the effective flags", async () => {
    const features = { uploadPlayerLogo: false, videoTrimmer: false, setVideoImage: true, createGif: true, addWatermark: true };
    await sql(`update payment_plans set features = ?::jsonb, storage_bytes = ? where id = 'gold-1m'`, [JSON.stringify(features), 100 * 1024 * KB]);
    const user = await signUpAndLogin(s);
    await subscribe(user.id, 'gold-1m');
    const token = user.accessToken;
    const [{ features: adminFlags }] = await sql<{ features: Record<string, boolean> }[]>('select features from users where id = ?', [user.id]);
    expect(Object.values(adminFlags).every(Boolean)).toBe(true);

    const video = await s.waitForVideo(token, (await s.upload(token, clip)).body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
    const trim = await s.api('PUT', `/api/videos/${video.id}/edit`, { token, body: { start: 0, end: 0.5, mode: 'new' } });
    expect(trim).toMatchObject({ status: 403, body: { message: 'This action is disabled. Contact your administrator.' } });
    const logo = new FormData();
    logo.append('image', new Blob([Buffer.from('png?')], { type: 'image/png' }), 'logo.png');
    const logoRes = await fetch(`${s.url}/api/player-config/${video.id}/image`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: logo });
    expect(logoRes.status).toBe(403);

    expect((await s.api('GET', '/api/profile', { token })).body.features).toEqual(features);
    expect((await s.api('GET', '/api/usage', { token })).body.features).toEqual(features);

    // A tool the plan grants but the admin turned off stays off.
    await sql(`update users set features = features || '{"setVideoImage": false}'::jsonb where id = ?`, [user.id]);
    expect((await s.api('GET', '/api/profile', { token })).body.features).toEqual({ ...features, setVideoImage: false });
    expect((await s.api('POST', `/api/videos/${video.id}/create/image`, { token, body: { time: 0.2 } })).status).toBe(403);

    // The plan granting it again (an admin's change or another plan) opens the tool.
    await sql(`update payment_plans set features = features || '{"videoTrimmer": true}'::jsonb where id = 'gold-1m'`);
    expect((await s.api('PUT', `/api/videos/${video.id}/edit`, { token, body: { start: 0, end: 0.5, mode: 'new' } })).status).toBe(202);
  });
});

describe('monthly bandwidth', () => {
  test('past the limit the owner is mailed once; past the 10% grace the media stops (403) until a bigger plan or the next month', async () => {
    const user = await signUpAndLogin(s);
    const token = user.accessToken;
    const video = await s.waitForVideo(token, (await s.upload(token, clip)).body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
    const { bytes: size } = await play(video.videoSource);
    await s.services.bandwidth.flush();
    // A plan whose month allows a little more than what was just played.
    await sql(`update payment_plans set bandwidth_bytes_per_month = ?, storage_bytes = ? where id = 'bronze-1m'`, [Math.ceil(size * 1.05), 100 * 1024 * KB]);
    await subscribe(user.id, 'bronze-1m');
    const notices = async () => {
      const files = await readdir(join(s.dataDir, 'outbox')).catch(() => []);
      const texts = await Promise.all(files.map((f) => readFile(join(s.dataDir, 'outbox', f), 'utf8')));
      return texts.filter((t) => t.includes(`To: ${user.email}`) && t.includes('bandwidth')).length;
    };

    // Just past the limit (1.06 of 1.05): the owner is told, and within the grace it still plays.
    expect((await play(video.videoSource, { Range: `bytes=0-${Math.ceil(size * 0.06)}` })).status).toBe(206);
    await s.services.bandwidth.flush();
    // The mail is recorded with the flush and sent right after it (the mail outbox).
    await expect.poll(notices).toBe(1);
    expect((await s.api('GET', `/api/playback/${video.id}`)).status).toBe(200);
    expect((await play(video.videoSource)).status).toBe(200);
    await s.services.bandwidth.flush();

    // Past the grace: media, the playback call and the embed page say it is not available.
    const media = await fetch(video.videoSource);
    expect(media.status).toBe(403);
    expect(await media.json()).toEqual({ message: 'This video is temporarily unavailable.' });
    expect((await fetch(video.hlsSource)).status).toBe(403);
    expect((await s.api('GET', `/api/playback/${video.id}`)).status).toBe(403);
    const embed = await fetch(`${s.url}/embed/hls/${video.id}`);
    expect(embed.status).toBe(404);
    // The owner still sees the video and the usage; one notice only.
    expect((await s.api('GET', `/api/videos/${video.id}`, { token })).status).toBe(200);
    const usage = (await s.api('GET', '/api/usage', { token })).body;
    expect(usage.bandwidth.thisMonthBytes).toBeGreaterThan(usage.bandwidth.limitBytesPerMonth * 1.1);
    await s.services.mailOutbox.flush();
    expect(await notices()).toBe(1);

    // A bigger plan serves again at once.
    await subscribe(user.id, 'silver-1m');
    expect((await fetch(video.videoSource)).status).toBe(200);
    // So does the next month (the counted month moved back by one).
    await subscribe(user.id, 'bronze-1m');
    expect((await fetch(video.hlsSource)).status).toBe(403);
    await sql(`update user_bandwidth_months set month = (month - interval '1 month')::date where user_id = ?`, [user.id]);
    expect((await fetch(video.hlsSource)).status).toBe(200);
  });

  test('admins are never stopped', async () => {
    const adminToken = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body.accessToken;
    const video = await s.waitForVideo(adminToken, (await s.upload(adminToken, clip)).body.id, (v) => v.isMainReady);
    await sql(`update users set payment_plan_id = 'bronze-1m' where is_admin`);
    await sql(`update payment_plans set bandwidth_bytes_per_month = 1 where id = 'bronze-1m'`);
    await play(video.videoSource);
    await s.services.bandwidth.flush();
    expect((await play(video.videoSource)).status).toBe(200);
  });
});
