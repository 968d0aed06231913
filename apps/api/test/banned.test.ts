import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { User } from '../src/modules/users/user.entity.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const BANNED = { message: 'User was baned', code: 'USER_BANNED_ERROR' };

async function bannedUser() {
  const u = await signUpAndLogin(s);
  const changed = await s.services.orm.em.fork().nativeUpdate(User, { id: u.id }, { ban: true, banReason: 'spam' });
  expect(changed).toBe(1);
  return u;
}

test("signing in answers 403 'User was baned'", async () => {
  const u = await bannedUser();
  const res = await s.api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
  expect(res.status).toBe(403);
  expect(res.body).toEqual(BANNED);
});

test('a wrong password for a banned account is still just a wrong password', async () => {
  const u = await bannedUser();
  const res = await s.api('POST', '/api/auth/login', { body: { email: u.email, password: 'wrong-password' } });
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ message: 'Invalid email or password' });
});

test('an access token issued before the ban answers 403 at once', async () => {
  const u = await bannedUser();
  const res = await s.api('GET', '/api/profile', { token: u.accessToken });
  expect(res.status).toBe(403);
  expect(res.body).toEqual(BANNED);
  expect((await s.api('PUT', '/api/profile', { token: u.accessToken, body: { firstName: 'Sneaky' } })).status).toBe(403);
});

test('refreshing answers 403', async () => {
  const u = await bannedUser();
  const res = await s.api('POST', '/auth/refresh', { body: { refreshToken: u.refreshToken } });
  expect(res.status).toBe(403);
  expect(res.body).toEqual(BANNED);
});

test('the verification link does not sign a banned user in', async () => {
  const u = await bannedUser();
  const token = new URL((await s.lastMail(u.email)).link as string).searchParams.get('token');
  const res = await s.api('POST', '/api/auth/verify-email', { body: { token } });
  expect(res.status).toBe(403);
  expect(res.body).not.toHaveProperty('accessToken');
});

test('a password reset is not mailed to a banned account, with the same answer', async () => {
  const u = await bannedUser();
  const outbox = join(s.dataDir, 'outbox');
  const before = (await readdir(outbox)).length;
  const res = await s.api('POST', '/api/auth/forgot-password', { body: { email: u.email } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: 'Message sent successfully' });
  expect((await readdir(outbox)).length).toBe(before);
});

test('lifting the ban lets the user sign in again', async () => {
  const u = await bannedUser();
  await s.services.orm.em.fork().nativeUpdate(User, { id: u.id }, { ban: false, banReason: null });
  const res = await s.api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
  expect(res.status).toBe(200);
  expect((await s.api('GET', '/api/profile', { token: res.body.accessToken })).body.ban).toBe(false);
});
