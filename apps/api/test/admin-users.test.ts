import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_USER_SORT_FIELDS, type AdminUser } from '@reelbase/api-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let admin: { accessToken: string; id: string };
let subscriber: Awaited<ReturnType<typeof signUpAndLogin>>;
let clip: string;

const BANNED = { message: 'User was baned', code: 'USER_BANNED_ERROR' };
const sql = <T = any[]>(q: string, p: unknown[] = []) => s.services.orm.em.getConnection().execute(q, p) as Promise<T>;
const auditRows = (action: string) => sql<{ admin_id: string; target_user_id: string | null; target_ids: string[]; details: any; created_at: string }[]>('select * from admin_audit_log where action = ? order by id', [action]);
const as = (token: string) => ({
  get: (path: string) => s.api('GET', path, { token }),
  put: (path: string, body: unknown) => s.api('PUT', path, { token, body }),
  post: (path: string, body: unknown) => s.api('POST', path, { token, body }),
  del: (path: string) => s.api('DELETE', path, { token }),
});

beforeAll(async () => {
  // A long delivery cache: only the block's own invalidation can make it take effect at once.
  s = await startTestServer({ DELIVERY_STATUS_CACHE_SECONDS: '3600' });
  const login = await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } });
  expect(login.body.isAdmin).toBe(true);
  admin = { accessToken: login.body.accessToken, id: (await s.api('GET', '/api/profile', { token: login.body.accessToken })).body.id };
  subscriber = await signUpAndLogin(s);
  clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 2, audio: false, gop: 25 });
});
afterAll(() => s.stop());

test('every admin call answers 401 without a token and 403 to a subscriber, and changes nothing', async () => {
  const target = await signUpAndLogin(s);
  const id = target.id;
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/users'],
    ['GET', `/api/users/${id}`],
    ['PUT', `/api/users/${id}`, { ban: true, banReason: 'x' }],
    ['DELETE', `/api/users/${id}`],
    ['POST', '/api/users/bulk', { action: 'delete', ids: [id] }],
    ['PUT', `/api/feature/${id}`, { name: 'videoTrimmer' }],
    ['GET', `/api/videos?user-id=${id}`],
    ['POST', '/api/videos/bulk', { action: 'block', ban: true, ids: [crypto.randomUUID()] }],
  ];
  for (const [method, path, body] of calls) {
    const anonymous = await s.api(method, path, { body });
    expect(anonymous.status, `${method} ${path}`).toBe(401);
    const refused = await s.api(method, path, { body, token: subscriber.accessToken });
    expect(refused.status, `${method} ${path}`).toBe(403);
    expect(refused.body).toEqual({ message: 'Forbidden' });
  }
  // The target is untouched and signs in as before; nothing was logged.
  expect((await s.api('GET', '/api/profile', { token: target.accessToken })).body).toMatchObject({ ban: false, isActive: true });
  expect((await sql('select count(*)::int as n from admin_audit_log where target_user_id = ?', [id]))[0].n).toBe(0);
});

test('the user view: usage sums follow uploads and deletes, the last upload, payments fields present', async () => {
  const u = await signUpAndLogin(s);
  const before = (await as(admin.accessToken).get(`/api/users/${u.id}`)).body as AdminUser;
  expect(before).toMatchObject({ id: u.id, email: u.email, platforms: 'email', videoCount: 0, storage: 0, bandwidth: 0, lastUploadedVideo: null, plan: null, nextPaymentDate: null, paymentRef: expect.stringMatching(/^sandbox_pm_/), paymentMethod: 'card', isAdmin: false });
  expect(before.profile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  const first = (await s.upload(u.accessToken, clip, { name: 'First' })).body;
  const second = (await s.upload(u.accessToken, clip, { name: 'Second' })).body;
  const stored = async () => Number((await sql<{ n: string }[]>('select coalesce(sum(stored_bytes), 0) as n from videos where user_id = ?', [u.id]))[0].n);
  // Processing recounts what a video stores at each step: compare once both are done.
  for (const v of [first, second]) await s.waitForVideo(u.accessToken, v.id, (x) => x.status === 'ready' && x.processing.isLadderReady);
  let view = (await as(admin.accessToken).get(`/api/users/${u.id}`)).body as AdminUser;
  expect(view.videoCount).toBe(2);
  expect(view.storage).toBe(await stored());
  expect(view.storage).toBeGreaterThanOrEqual(first.size + second.size);
  expect(view.lastUploadedVideo).toMatchObject({ id: second.id, name: 'Second' });
  expect(Date.parse(view.lastUploadedVideo!.date)).toBeGreaterThan(Date.now() - 60_000);
  expect((await s.api('DELETE', `/api/videos/${second.id}`, { token: u.accessToken })).status).toBe(200);
  view = (await as(admin.accessToken).get(`/api/users/${u.id}`)).body;
  // Every file the videos hold (renditions and frames too), as processing recounted them.
  expect(view).toMatchObject({ videoCount: 1, storage: await stored(), lastUploadedVideo: { id: first.id } });
  expect(view.storage).toBeGreaterThan(0);
  expect((await as(admin.accessToken).get(`/api/users/${crypto.randomUUID()}`)).status).toBe(404);
  // Reads are logged too, written within a second.
  await s.services.adminReads.flush();
  expect((await auditRows('user.view')).filter((r) => r.target_user_id === u.id)).toHaveLength(3);
});

describe('the user tables', () => {
  const tag = `sortcase${crypto.randomUUID().slice(0, 6)}`;
  const ids: string[] = [];
  beforeAll(async () => {
    // Four users with distinct values in every column; payment facts set as the payments work will.
    for (let i = 0; i < 4; i++) {
      const u = await signUpAndLogin(s, `${tag}-${i}@example.com`);
      ids.push(u.id);
    }
    const plans = ['gold', null, 'bronze', 'silver'];
    for (const [i, id] of ids.entries()) {
      await sql(
        `update users set plan = ?, plan_started_at = now() - interval '40 days', next_payment_at = now() + (? || ' days')::interval,
           last_login_at = now() - (? || ' hours')::interval, created_at = now() - (? || ' minutes')::interval where id = ?`,
        [plans[i], String((i * 7) % 5), String((i * 3) % 4), String(10 - i), id],
      );
      // Videos as rows (the trigger keeps the sums): i + 1 videos of (10 - 3i) * 1000 bytes, delivered (i * 5) % 4 * 100 bytes.
      for (let n = 0; n <= i; n++) {
        await sql(
          `insert into videos (id, user_id, name, source, size, stored_bytes, total_bandwidth_usage, player_config) values (gen_random_uuid(), ?, 'v', 'upload', ?, ?, ?, '{}')`,
          [id, (10 - 3 * i) * 1000, (10 - 3 * i) * 1000, ((i * 5) % 4) * 100],
        );
      }
    }
    // One canceled, one banned (through the API), so the filters have something to tell apart.
    expect((await as(admin.accessToken).put(`/api/users/${ids[1]}`, { isActive: false })).status).toBe(200);
    expect((await as(admin.accessToken).put(`/api/users/${ids[2]}`, { ban: true, banReason: 'spam' })).status).toBe(200);
    // Cancellations already asked for by active users (at the period's end, as payments will record them).
    await sql("update users set canceled_at = now() - interval '2 days' where id = ?", [ids[0]]);
    await sql("update users set canceled_at = now() - interval '1 day' where id = ?", [ids[3]]);
  });

  const list = async (query: string) => {
    const res = await as(admin.accessToken).get(`/api/users?search=${tag}&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: AdminUser[]; meta: any };
  };
  const value = (u: AdminUser, field: (typeof ADMIN_USER_SORT_FIELDS)[number]): number | null => {
    const date = (d: string | null) => (d === null ? null : Date.parse(d));
    switch (field) {
      case 'plan':
        return u.plan === null ? null : ['bronze', 'silver', 'gold'].indexOf(u.plan);
      case 'video_count':
        return u.videoCount;
      case 'storage':
        return u.storage;
      case 'bandwidth':
        return u.bandwidth;
      case 'cancellation_date':
        return date(u.cancellationDate);
      case 'created_at':
        return date(u.createdAt);
      case 'next_payment_date':
        return date(u.nextPaymentDate);
      case 'last_login_date':
        return date(u.lastLoginDate);
    }
  };

  test('sorts by each column both ways (nulls last ascending, first descending)', async () => {
    for (const field of ADMIN_USER_SORT_FIELDS) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const { items } = await list(`field=${field}&direction=${direction}`);
        expect(items.map((u) => u.id).sort()).toEqual([...ids].sort());
        const got = items.map((u) => value(u, field));
        const rank = (x: number | null) => (x === null ? Number.POSITIVE_INFINITY : x);
        const sorted = [...got].sort((a, b) => (direction === 'ASC' ? rank(a) - rank(b) : rank(b) - rank(a)));
        expect(got, `${field} ${direction}`).toEqual(sorted);
        // The values differ, so the order is fully determined by the column.
        expect(new Set(got.filter((x) => x !== null)).size, field).toBeGreaterThan(1);
      }
    }
    // Default: created_at ascending (the oldest, ids[0], first).
    expect((await list('')).items.map((u) => u.id)).toEqual(ids);
  });

  test('the active and inactive lists, only banned and only canceled', async () => {
    const names = async (q: string) => (await list(q)).items.map((u) => ids.indexOf(u.id)).sort();
    expect(await names('isActive=true&ban=false')).toEqual([0, 3]);
    expect(await names('inactive=true')).toEqual([1, 2]);
    expect(await names('inactive=true&only-banned=true')).toEqual([2]);
    expect(await names('inactive=true&only-canceled=true')).toEqual([1]);
    expect(await names('')).toEqual([0, 1, 2, 3]);
    const both = await as(admin.accessToken).get('/api/users?only-banned=true&only-canceled=true');
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({ 'only-canceled': 'Choose only banned or only canceled, not both.' });
    expect((await as(admin.accessToken).get('/api/users?field=email')).status).toBe(422);
    // Search by name or email, any case; administrators are never in the tables.
    // Without a search the totals come from counts kept by triggers: they match a real count.
    for (const [query, condition] of [
      ['isActive=true&ban=false', 'is_active and not ban'],
      ['inactive=true', '(not is_active or ban)'],
      ['inactive=true&only-banned=true', '(not is_active or ban) and ban'],
      ['only-canceled=true', 'not is_active'],
    ]) {
      const [{ n }] = await sql<{ n: number }[]>(`select count(*)::int as n from users where not is_admin and ${condition}`);
      expect((await as(admin.accessToken).get(`/api/users?${query}`)).body.meta.totalItems, query).toBe(n);
    }
    expect((await list('limit=2&page=2')).meta).toMatchObject({ totalItems: 4, totalPages: 2, currentPage: 2, hasPrevPage: true, hasNextPage: false });
    expect((await as(admin.accessToken).get(`/api/users?search=${tag.toUpperCase()}-3`)).body.items.map((u: AdminUser) => u.id)).toEqual([ids[3]]);
    expect((await as(admin.accessToken).get('/api/users?search=admin@example.com')).body.items).toEqual([]);
    await s.services.adminReads.flush();
    const logged = await auditRows('user.list');
    expect(logged.at(-1)).toMatchObject({ admin_id: admin.id, details: { search: 'admin@example.com', field: 'created_at', direction: 'ASC' } });
  });
});

test('a ban ends the sessions at once, refresh included; unbanning clears the reason', async () => {
  const u = await signUpAndLogin(s);
  const res = await as(admin.accessToken).put(`/api/users/${u.id}`, { ban: true, banReason: '  Spam uploads ' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ ban: true, banReason: 'Spam uploads' });
  expect(await s.api('GET', '/api/profile', { token: u.accessToken })).toMatchObject({ status: 403, body: BANNED });
  const refreshed = await s.api('POST', '/auth/refresh', { body: { refreshToken: u.refreshToken } });
  expect(refreshed.status).toBe(401);
  expect(await s.api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).toMatchObject({ status: 403, body: BANNED });

  const unban = await as(admin.accessToken).put(`/api/users/${u.id}`, { ban: false, banReason: null });
  expect(unban.body).toMatchObject({ ban: false, banReason: null });
  // The old sessions stay ended; a new sign-in works.
  expect((await s.api('POST', '/auth/refresh', { body: { refreshToken: u.refreshToken } })).status).toBe(401);
  expect((await s.api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(200);
  const logged = (await auditRows('user.update')).filter((r) => r.target_user_id === u.id);
  expect(logged.map((r) => r.details)).toEqual([{ ban: true, banReason: 'Spam uploads' }, { ban: false, banReason: null }]);
  expect(Date.parse(logged[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
});

test('cancel and reactivate: a canceled account may look but not change', async () => {
  const u = await signUpAndLogin(s);
  const canceled = await as(admin.accessToken).put(`/api/users/${u.id}`, { isActive: false });
  expect(canceled.body.isActive).toBe(false);
  expect(Date.parse(canceled.body.cancellationDate)).toBeGreaterThan(Date.now() - 60_000);
  expect((await s.api('GET', '/api/videos', { token: u.accessToken })).status).toBe(200);
  expect((await s.api('POST', '/api/folders', { token: u.accessToken, body: { name: 'x' } })).status).toBe(403);
  const back = await as(admin.accessToken).put(`/api/users/${u.id}`, { isActive: true });
  expect(back.body).toMatchObject({ isActive: true, cancellationDate: null });
  expect((await s.api('POST', '/api/folders', { token: u.accessToken, body: { name: 'x' } })).status).toBe(201);
  expect((await as(admin.accessToken).put(`/api/users/${u.id}`, {})).status).toBe(422);
  expect((await as(admin.accessToken).put(`/api/users/${u.id}`, { features: { teleport: true } })).status).toBe(422);
  // Administrator accounts are not changed through these calls.
  expect(await as(admin.accessToken).put(`/api/users/${admin.id}`, { ban: true })).toMatchObject({ status: 403, body: { message: 'Administrator accounts cannot be changed here.' } });
});

test('feature flags change what the user may do', async () => {
  const u = await signUpAndLogin(s);
  const video = (await s.upload(u.accessToken, clip)).body;
  const trim = () => s.api('PUT', `/api/videos/${video.id}/edit`, { token: u.accessToken, body: { start: 0, end: 1, mode: 'new' } });
  const frame = () => s.api('POST', `/api/videos/${video.id}/create/image`, { token: u.accessToken, body: { time: 0 } });
  const off = await as(admin.accessToken).put(`/api/feature/${u.id}`, { name: 'videoTrimmer' });
  expect(off.status).toBe(200);
  expect(off.body.feature.videoTrimmer).toBe(false);
  expect(await trim()).toMatchObject({ status: 403, body: { message: 'This action is disabled. Contact your administrator.' } });
  // The features object of the detail screen's Save changes.
  const saved = await as(admin.accessToken).put(`/api/users/${u.id}`, { features: { setVideoImage: false, videoTrimmer: true } });
  expect(saved.body.feature).toMatchObject({ setVideoImage: false, videoTrimmer: true, createGif: true });
  expect(await frame()).toMatchObject({ status: 403, body: { message: 'This action is disabled. Contact your administrator.' } });
  await s.waitForVideo(u.accessToken, video.id, (v) => v.processing.stage === 'ready' && v.processing.isLadderReady);
  expect((await trim()).status).toBe(202);
  // Toggling again turns it back on; `value` sets instead of toggling.
  expect((await as(admin.accessToken).put(`/api/feature/${u.id}`, { name: 'setVideoImage' })).body.feature.setVideoImage).toBe(true);
  expect((await as(admin.accessToken).put(`/api/feature/${u.id}`, { name: 'setVideoImage', value: true })).body.feature.setVideoImage).toBe(true);
  expect((await frame()).status).toBe(200);
  expect((await as(admin.accessToken).put(`/api/users/${u.id}`, { videoGeneratorCredits: 12 })).body.videoGeneratorCredits).toBe(12);
  expect((await auditRows('user.feature')).filter((r) => r.target_user_id === u.id).map((r) => r.details)).toEqual([
    { name: 'videoTrimmer', value: false },
    { name: 'setVideoImage', value: true },
    { name: 'setVideoImage', value: true },
  ]);
});

test('delete removes the user, their media and rows at once', async () => {
  const u = await signUpAndLogin(s);
  const video = await s.waitForVideo(u.accessToken, (await s.upload(u.accessToken, clip)).body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
  await s.api('POST', '/api/folders', { token: u.accessToken, body: { name: 'Kept?' } });
  const dir = join(s.dataDir, 'media', 'videos', video.id);
  expect(existsSync(dir)).toBe(true);
  const res = await as(admin.accessToken).del(`/api/users/${u.id}`);
  expect(res).toMatchObject({ status: 200, body: { message: 'User deleted' } });
  expect(existsSync(dir)).toBe(false);
  expect((await fetch(video.videoSource)).status).toBe(404);
  for (const table of ['users where id', 'videos where user_id', 'folders where user_id', 'refresh_tokens where user_id']) {
    expect((await sql(`select count(*)::int as n from ${table} = ?`, [u.id]))[0].n, table).toBe(0);
  }
  expect((await s.api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
  expect((await as(admin.accessToken).del(`/api/users/${u.id}`)).status).toBe(404);
  expect((await auditRows('user.delete')).map((r) => r.target_user_id)).toContain(u.id);
});

test('bulk actions: ban and unban, cancel and reactivate, delete; all or none', async () => {
  const a = await signUpAndLogin(s);
  const b = await signUpAndLogin(s);
  const ids = [a.id, b.id];
  const view = async (id: string) => (await as(admin.accessToken).get(`/api/users/${id}`)).body as AdminUser;

  // An unknown id or an admin among them: nothing changes.
  expect((await as(admin.accessToken).post('/api/users/bulk', { action: 'ban', ban: true, ids: [...ids, crypto.randomUUID()] })).status).toBe(404);
  expect((await as(admin.accessToken).post('/api/users/bulk', { action: 'ban', ban: true, ids: [...ids, admin.id] })).status).toBe(403);
  expect((await view(a.id)).ban).toBe(false);
  expect((await as(admin.accessToken).post('/api/users/bulk', { action: 'ban', ids })).status).toBe(422);

  expect(await as(admin.accessToken).post('/api/users/bulk', { action: 'ban', ban: true, banReason: 'Fraud', ids })).toMatchObject({ status: 200, body: { message: '2 users banned.', count: 2 } });
  for (const u of [a, b]) {
    expect((await view(u.id)).banReason).toBe('Fraud');
    expect((await s.api('GET', '/api/profile', { token: u.accessToken })).status).toBe(403);
  }
  expect((await as(admin.accessToken).post('/api/users/bulk', { action: 'ban', ban: false, ids })).body.message).toBe('2 users unbanned.');
  expect(await view(b.id)).toMatchObject({ ban: false, banReason: null });

  expect((await as(admin.accessToken).post('/api/users/bulk', { action: 'cancel', isActive: false, ids })).body.message).toBe('2 users canceled.');
  expect((await view(a.id)).isActive).toBe(false);
  expect((await as(admin.accessToken).post('/api/users/bulk', { action: 'cancel', isActive: true, ids })).body.message).toBe('2 users reactivated.');
  expect((await view(b.id)).isActive).toBe(true);

  expect((await as(admin.accessToken).post('/api/users/bulk', { action: 'delete', ids })).body).toEqual({ message: '2 users deleted.', count: 2 });
  expect((await sql('select count(*)::int as n from users where id in (?)', [ids]))[0].n).toBe(0);
  const logged = (await auditRows('user.bulk')).filter((r) => r.target_ids.includes(a.id));
  expect(logged.map((r) => r.details)).toEqual([
    { action: 'ban', ban: true, banReason: 'Fraud' },
    { action: 'ban', ban: false },
    { action: 'cancel', isActive: false },
    { action: 'cancel', isActive: true },
    { action: 'delete' },
  ]);
});

test('an admin creates a confirmed user directly; a visitor only registers', async () => {
  const email = `made-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const made = await as(admin.accessToken).post('/api/users', { firstName: 'New', lastName: 'Person', email, password: 'secret123' });
  expect(made).toMatchObject({ status: 201, body: { email, message: 'Registration completed successfully!' } });
  expect((await as(admin.accessToken).get(`/api/users/${made.body.id}`)).body.isConfirmedEmail).toBe(true);
  expect((await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } })).status).toBe(200);
  expect((await auditRows('user.create')).at(-1)).toMatchObject({ admin_id: admin.id, target_user_id: made.body.id, details: { email } });
  const self = await s.api('POST', '/api/users', { body: { firstName: 'Self', lastName: 'Made', email: `self-${email}`, password: 'secret123' } });
  expect(self.body.message).toBe('An email with verification instructions has been sent to your email address.');
  expect((await as(admin.accessToken).get(`/api/users/${self.body.id}`)).body.isConfirmedEmail).toBe(false);
});
