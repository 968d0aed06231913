import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let admin: string;

const login = (email: string, password: string) => s.api('POST', '/api/auth/login', { body: { email, password } });
const edit = (id: string, body: unknown, token = admin) => s.api('PUT', `/api/users/${id}`, { token, body });
const tokenOf = (link: string | undefined) => new URL(link as string).searchParams.get('token') as string;

beforeAll(async () => {
  s = await startTestServer();
  admin = (await login('admin@example.com', 'admin-password')).body.accessToken;
});
afterAll(() => s.stop());

test('an admin corrects a name: the user sees it in their profile and the admin view answers it', async () => {
  const u = await signUpAndLogin(s);
  const res = await edit(u.id, { firstName: '  Grace ', lastName: 'Hopper' });
  expect(res.status).toBe(200);
  expect(res.body.profile).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  expect((await s.api('GET', '/api/profile', { token: u.accessToken })).body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  // Said beside the field, and nothing changes.
  const empty = await edit(u.id, { firstName: '' });
  expect(empty.status).toBe(422);
  expect(Object.keys(empty.body.errors)).toEqual(['firstName']);
  expect((await s.api('GET', '/api/profile', { token: u.accessToken })).body.firstName).toBe('Grace');
});

test('an admin changes an address: the user signs in with the new one, the old one is told, old mail links die', async () => {
  const u = await signUpAndLogin(s);
  const before = await s.lastMail(u.email); // the registration's verification link
  const next = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await edit(u.id, { email: next.toUpperCase() });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ email: next, isConfirmedEmail: true });
  expect((await login(next, u.password)).status).toBe(200);
  expect((await login(u.email, u.password)).status).toBe(401);
  const notice = await s.lastMail(u.email);
  expect(notice.text).toContain('An administrator changed the email address of your Reelbase account to');
  expect(notice.text).toContain(next);
  // The verification link mailed to the old address no longer works.
  const verify = await s.api('POST', '/api/auth/verify-email', { body: { token: tokenOf(before.link) } });
  expect(verify.status).toBeGreaterThanOrEqual(400);
});

test("an address another account holds is refused beside the field, and a subscriber cannot edit anyone", async () => {
  const a = await signUpAndLogin(s);
  const b = await signUpAndLogin(s);
  const taken = await edit(a.id, { email: b.email });
  expect(taken.status).toBe(422);
  expect(taken.body.errors).toEqual({ email: 'Email is already taken' });
  const bad = await edit(a.id, { email: 'not-an-address' });
  expect(bad.status).toBe(422);
  expect(Object.keys(bad.body.errors)).toEqual(['email']);
  expect((await edit(a.id, { firstName: 'Mallory' }, b.accessToken)).status).toBe(403);
  expect((await s.api('GET', '/api/profile', { token: a.accessToken })).body).toMatchObject({ email: a.email, firstName: 'Ada' });
});

test('a user an admin creates is mailed a link that sets their own password and signs in', async () => {
  const email = `made-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const made = await s.api('POST', '/api/users', { token: admin, body: { firstName: 'Nell', lastName: 'Admin-made', email, password: 'admin-chosen-1' } });
  expect(made.status).toBe(201);
  const mail = await s.lastMail(email);
  expect(mail.text).toContain('An administrator created a Reelbase account for you');
  expect(mail.text).toContain('valid for 7 days');
  expect(mail.link).toMatch(/\/reset-password\?token=/);
  const set = await s.api('POST', '/api/auth/reset-password', { body: { token: tokenOf(mail.link), password: 'my-own-pass-1' } });
  expect(set.status).toBe(200);
  expect((await login(email, 'my-own-pass-1')).status).toBe(200);
  expect((await login(email, 'admin-chosen-1')).status).toBe(401);
  // The link works once.
  expect((await s.api('POST', '/api/auth/reset-password', { body: { token: tokenOf(mail.link), password: 'another-pass-1' } })).status).toBeGreaterThanOrEqual(400);
});
