import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARD } from './support/card.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const DAY_MS = 86_400_000;
const uniqueEmail = () => `l${crypto.randomUUID().slice(0, 8)}@example.com`;

async function register(paymentMethod?: unknown) {
  const email = uniqueEmail();
  const password = 'secret123';
  const res = await s.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password, paymentMethod } });
  expect(res.status).toBe(201);
  return { email, password, id: res.body.id as string };
}

const login = (body: unknown) => s.api('POST', '/api/auth/login', { body });

async function refreshRow(refreshToken: string) {
  const rows = await s.services.orm.em.fork().execute<{ expires_at: Date; remember_me: boolean; user_id: string }[]>(
    'select expires_at, remember_me, user_id from refresh_tokens where token_hash = ?',
    [createHash('sha256').update(refreshToken).digest('hex')],
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

test('a subscriber signs in and gets tokens, isAdmin false and the payment flag', async () => {
  const u = await register({ type: 'card', cardInfo: CARD });
  const res = await login({ email: u.email, password: u.password });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), isAdmin: false, isPaymentMethodSet: true, deviceToken: expect.any(String) });
  expect(res.body.accessToken.split('.')).toHaveLength(3);
  // The access token opens the API for that very user.
  const profile = await s.api('GET', '/api/profile', { token: res.body.accessToken });
  expect(profile.status).toBe(200);
  expect(profile.body.id).toBe(u.id);
});

test('an account without a payment method says so', async () => {
  const u = await register();
  const res = await login({ email: u.email, password: u.password });
  expect(res.status).toBe(200);
  expect(res.body.isPaymentMethodSet).toBe(false);
});

test('the admin gets isAdmin true', async () => {
  const res = await login({ email: 'admin@example.com', password: 'admin-password' });
  expect(res.status).toBe(200);
  expect(res.body.isAdmin).toBe(true);
});

test('the email is matched whatever its case and surrounding spaces', async () => {
  const u = await register();
  const res = await login({ email: `  ${u.email.toUpperCase()}  `, password: u.password });
  expect(res.status).toBe(200);
});

test('a wrong password answers 401, exactly like an unknown account', async () => {
  const u = await register();
  const wrong = await login({ email: u.email, password: 'not-the-password' });
  expect(wrong.status).toBe(401);
  expect(wrong.body).toEqual({ message: 'Invalid email or password' });

  const unknown = await login({ email: uniqueEmail(), password: 'whatever1' });
  expect(unknown.status).toBe(401);
  expect(unknown.body).toEqual(wrong.body);
});

test('the password is case-sensitive', async () => {
  const u = await register();
  expect((await login({ email: u.email, password: u.password.toUpperCase() })).status).toBe(401);
});

test('missing email or password answers 422 with field messages', async () => {
  const res = await login({});
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual({ email: 'Email is required.', password: 'Password is required.' });
});

test('without Remember Me the refresh token lives a day; with it, 30 days', async () => {
  const u = await register();
  const short = await login({ email: u.email, password: u.password });
  const long = await login({ email: u.email, password: u.password, rememberMe: true });

  const shortRow = await refreshRow(short.body.refreshToken);
  const longRow = await refreshRow(long.body.refreshToken);
  expect(shortRow.user_id).toBe(u.id);
  expect(shortRow.remember_me).toBe(false);
  expect(longRow.remember_me).toBe(true);
  const now = Date.now();
  expect(new Date(shortRow.expires_at).getTime() - now).toBeGreaterThan(DAY_MS - 60_000);
  expect(new Date(shortRow.expires_at).getTime() - now).toBeLessThanOrEqual(DAY_MS);
  expect(new Date(longRow.expires_at).getTime() - now).toBeGreaterThan(30 * DAY_MS - 60_000);
  expect(new Date(longRow.expires_at).getTime() - now).toBeLessThanOrEqual(30 * DAY_MS);
});

test('a rotated Remember Me token keeps the long lifetime', async () => {
  const u = await register();
  const first = await login({ email: u.email, password: u.password, rememberMe: true });
  const rotated = await s.api('POST', '/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
  expect(rotated.status).toBe(200);
  const row = await refreshRow(rotated.body.refreshToken);
  expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(30 * DAY_MS - 60_000);
});

test('each sign-in is its own session with distinct tokens', async () => {
  const u = await register();
  const a = await login({ email: u.email, password: u.password });
  const b = await login({ email: u.email, password: u.password });
  expect(a.body.refreshToken).not.toBe(b.body.refreshToken);
  expect(a.body.accessToken).not.toBe(b.body.accessToken);
});
