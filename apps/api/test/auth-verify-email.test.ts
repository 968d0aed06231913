import { afterAll, beforeAll, expect, test } from 'vitest';
import { OneTimeToken } from '../src/modules/auth/token.entities.ts';
import { CARD } from './support/card.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

async function registerWithMail() {
  const email = `v${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await s.api('POST', '/api/users', {
    body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: CARD } },
  });
  expect(res.status).toBe(201);
  const mail = await s.lastMail(email);
  expect(mail.link).toMatch(/\/verify-email\?token=/);
  return { email, id: res.body.id as string, token: new URL(mail.link as string).searchParams.get('token') as string };
}

const verify = (token: unknown) => s.api('POST', '/api/auth/verify-email', { body: { token } });

test('the registration mail link verifies the address and signs the user in', async () => {
  const u = await registerWithMail();
  const res = await verify(u.token);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), isAdmin: false, isPaymentMethodSet: true, deviceToken: expect.any(String) });

  const profile = await s.api('GET', '/api/profile', { token: res.body.accessToken });
  expect(profile.status).toBe(200);
  expect(profile.body).toMatchObject({ id: u.id, email: u.email, isConfirmedEmail: true });
  expect((await s.api('POST', '/auth/refresh', { body: { refreshToken: res.body.refreshToken } })).status).toBe(200);
});

test('the link works once', async () => {
  const u = await registerWithMail();
  expect((await verify(u.token)).status).toBe(200);
  const again = await verify(u.token);
  expect(again.status).toBe(422);
  expect(again.body.errors).toEqual({ token: expect.any(String) });
  expect(again.body).not.toHaveProperty('accessToken');
});

test('an expired link is refused and leaves the address unconfirmed', async () => {
  const u = await registerWithMail();
  await s.services.orm.em.fork().nativeUpdate(OneTimeToken, { userId: u.id }, { expiresAt: new Date(Date.now() - 1000) });
  expect((await verify(u.token)).status).toBe(422);
  const login = await s.api('POST', '/api/auth/login', { body: { email: u.email, password: 'secret123' } });
  expect((await s.api('GET', '/api/profile', { token: login.body.accessToken })).body.isConfirmedEmail).toBe(false);
});

test('a made-up, empty or missing token is refused', async () => {
  expect((await verify('made-up')).status).toBe(422);
  const empty = await verify('');
  expect(empty.status).toBe(422);
  expect(empty.body.errors).toEqual({ token: 'Token is required.' });
  expect((await verify(undefined)).status).toBe(422);
});

test('a reset-password token cannot verify an address, and its mail ends the earlier verification link', async () => {
  const u = await registerWithMail();
  await new Promise((r) => setTimeout(r, 5)); // outbox files are named by time
  await s.api('POST', '/api/auth/forgot-password', { body: { email: u.email } });
  const resetLink = (await s.lastMail(u.email)).link as string;
  expect(resetLink).toMatch(/\/reset-password\?token=/);
  expect((await verify(new URL(resetLink).searchParams.get('token'))).status).toBe(422);
  // The newer link revoked the verification link: it would no longer sign in.
  expect((await verify(u.token)).status).toBe(422);
});
