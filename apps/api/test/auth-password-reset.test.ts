import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { OneTimeToken } from '../src/modules/auth/token.entities.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const forgot = (email: string) => s.api('POST', '/api/auth/forgot-password', { body: { email } });
const reset = (token: string, password: string) => s.api('POST', '/api/auth/reset-password', { body: { token, password } });
const login = (email: string, password: string) => s.api('POST', '/api/auth/login', { body: { email, password } });

/** The token of the newest reset mail to `email`. */
async function resetToken(email: string) {
  const mail = await s.lastMail(email);
  expect(mail.link).toMatch(/\/reset-password\?token=/);
  return new URL(mail.link as string).searchParams.get('token') as string;
}

const outboxCount = async () => (await readdir(join(s.dataDir, 'outbox')).catch(() => [])).length;

test('forgot -> mail -> reset: the new password works, the old one no longer does', async () => {
  const u = await signUpAndLogin(s);
  const res = await forgot(u.email);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: 'Message sent successfully' });

  const done = await reset(await resetToken(u.email), 'brand-new-pass');
  expect(done.status).toBe(200);
  expect(done.body).toEqual({ message: 'Password updated successfully' });

  expect((await login(u.email, u.password)).status).toBe(401);
  expect((await login(u.email, 'brand-new-pass')).status).toBe(200);
});

test('a reset link works once', async () => {
  const u = await signUpAndLogin(s);
  await forgot(u.email);
  const token = await resetToken(u.email);
  expect((await reset(token, 'first-new-pass')).status).toBe(200);
  const again = await reset(token, 'second-new-pass');
  expect(again.status).toBe(422);
  expect(again.body.errors).toEqual({ token: expect.any(String) });
  expect((await login(u.email, 'first-new-pass')).status).toBe(200);
  expect((await login(u.email, 'second-new-pass')).status).toBe(401);
});

test('asking again replaces the earlier link', async () => {
  const u = await signUpAndLogin(s);
  await forgot(u.email);
  const first = await resetToken(u.email);
  await new Promise((r) => setTimeout(r, 5)); // outbox files are named by time
  await forgot(u.email);
  const second = await resetToken(u.email);
  expect(second).not.toBe(first);
  expect((await reset(first, 'from-old-link')).status).toBe(422);
  expect((await reset(second, 'from-new-link')).status).toBe(200);
});

test('an expired link is refused', async () => {
  const u = await signUpAndLogin(s);
  await forgot(u.email);
  const token = await resetToken(u.email);
  await s.services.orm.em.fork().nativeUpdate(OneTimeToken, { userId: u.id, purpose: 'reset-password' }, { expiresAt: new Date(Date.now() - 1000) });
  expect((await reset(token, 'too-late-pass')).status).toBe(422);
  expect((await login(u.email, u.password)).status).toBe(200);
});

test('a made-up token is refused', async () => {
  const res = await reset('made-up-token', 'whatever-pass');
  expect(res.status).toBe(422);
  expect(res.body.errors.token).toEqual(expect.any(String));
});

test('a too-short new password is refused and does not use up the link', async () => {
  const u = await signUpAndLogin(s);
  await forgot(u.email);
  const token = await resetToken(u.email);
  const short = await reset(token, '12345');
  expect(short.status).toBe(422);
  expect(short.body.errors).toEqual({ password: 'Must NOT have fewer than 6 characters.' });
  expect((await reset(token, '123456')).status).toBe(200);
});

test('a reset ends the sessions signed in with the old password', async () => {
  const u = await signUpAndLogin(s);
  await forgot(u.email);
  await reset(await resetToken(u.email), 'brand-new-pass');
  expect((await s.api('GET', '/api/profile', { token: u.accessToken })).status).toBe(401);
  expect((await s.api('POST', '/auth/refresh', { body: { refreshToken: u.refreshToken } })).status).toBe(401);
});

test('a verification link cannot be used as a reset link', async () => {
  const u = await signUpAndLogin(s);
  const verifyToken = new URL((await s.lastMail(u.email)).link as string).searchParams.get('token') as string;
  expect((await reset(verifyToken, 'hijacked-pass')).status).toBe(422);
  expect((await login(u.email, u.password)).status).toBe(200);
});

test('an unknown address gets the same answer and no mail is sent', async () => {
  const before = await outboxCount();
  const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await forgot(email);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: 'Message sent successfully' });
  expect(await outboxCount()).toBe(before);
  await expect(s.lastMail(email)).rejects.toThrow(/no mail/);
});

test('the address is matched whatever its case', async () => {
  const u = await signUpAndLogin(s);
  await new Promise((r) => setTimeout(r, 5));
  await forgot(u.email.toUpperCase());
  expect((await s.lastMail(u.email)).link).toMatch(/\/reset-password\?token=/);
});

test('a malformed address answers 422 with the email format message', async () => {
  const res = await forgot('not-an-email');
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual({ email: 'Must match format "email".' });
});
