import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { User } from '../src/modules/users/user.entity.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

// Issue 21, item 1: nobody takes an account over through a link mailed to it, however the links
// are combined; an attacker who once had a session (and so the password) is the case in mind.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const newEmail = () => `m${crypto.randomUUID().slice(0, 8)}@example.com`;
/** Outbox files are named by the millisecond: two mails to one address need one between them. */
const tick = () => new Promise((r) => setTimeout(r, 5));
const tokenOf = (link: string | undefined) => new URL(link as string).searchParams.get('token') as string;
const linkTo = async (email: string) => tokenOf((await s.lastMail(email)).link);

const login = (email: string, password: string) => s.api('POST', '/api/auth/login', { body: { email, password } });
const profile = (token: string) => s.api('GET', '/api/profile', { token });
const refresh = (refreshToken: string) => s.api('POST', '/auth/refresh', { body: { refreshToken } });
const verify = (token: string) => s.api('POST', '/api/auth/verify-email', { body: { token } });
const confirmChange = (token: string) => s.api('POST', '/api/auth/confirm-email-change', { body: { token } });
const cancelChange = (token: string) => s.api('POST', '/api/auth/cancel-email-change', { body: { token } });
const forgot = (email: string) => s.api('POST', '/api/auth/forgot-password', { body: { email } });
const reset = (token: string, password: string) => s.api('POST', '/api/auth/reset-password', { body: { token, password } });
const changeEmail = (accessToken: string, email: string, currentPassword: string) => s.api('PUT', '/api/profile', { token: accessToken, body: { email, currentPassword } });
const emailOf = async (id: string) => (await s.services.orm.em.fork().findOneOrFail(User, { id })).email;

describe('the email-change link', () => {
  test('is dead after the owner resets the password, and was never a sign-in', async () => {
    const owner = await signUpAndLogin(s);
    // The attacker holds a session and the password: asks to move the account to their address.
    const attacker = (await login(owner.email, owner.password)).body;
    const evil = newEmail();
    expect((await changeEmail(attacker.accessToken, evil, owner.password)).status).toBe(200);
    const changeToken = await linkTo(evil);

    // The owner resets the password with the link mailed to them.
    await tick();
    expect((await forgot(owner.email)).status).toBe(200);
    expect((await reset(await linkTo(owner.email), 'owners-new-pass')).status).toBe(200);

    // The link kept by the attacker changes nothing and answers no session, on either route.
    const late = await confirmChange(changeToken);
    expect(late.status).toBe(422);
    expect(late.body).not.toHaveProperty('accessToken');
    const asVerification = await verify(changeToken);
    expect(asVerification.status).toBe(422);
    expect(asVerification.body).not.toHaveProperty('accessToken');
    expect(await emailOf(owner.id)).toBe(owner.email);
    expect((await login(evil, 'owners-new-pass')).status).toBe(401);
    expect((await refresh(attacker.refreshToken)).status).toBe(401);
  });

  test('a live one confirms its change and signs nobody in; it is no verification link either', async () => {
    const u = await signUpAndLogin(s);
    const next = newEmail();
    expect((await changeEmail(u.accessToken, next, u.password)).status).toBe(200);
    const token = await linkTo(next);
    expect((await verify(token)).status).toBe(422);

    const res = await confirmChange(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your new email address is confirmed. Sign in with it from now on.', email: next });
    expect(await emailOf(u.id)).toBe(next);
  });

  test('confirms only while the account still has the address it was made from, and the new one is free', async () => {
    const u = await signUpAndLogin(s);
    const wanted = newEmail();
    expect((await changeEmail(u.accessToken, wanted, u.password)).status).toBe(200);
    const token = await linkTo(wanted);
    // Someone else registers the address meanwhile.
    await signUpAndLogin(s, wanted);
    const taken = await confirmChange(token);
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: 'Email is already taken' });
    expect(await emailOf(u.id)).toBe(u.email);

    // The address moved on by other means since the link was made: the link is for another change.
    const v = await signUpAndLogin(s);
    const target = newEmail();
    expect((await changeEmail(v.accessToken, target, v.password)).status).toBe(200);
    const stale = await linkTo(target);
    await s.services.orm.em.fork().nativeUpdate(User, { id: v.id }, { email: newEmail() });
    expect((await confirmChange(stale)).status).toBe(422);
    expect(await emailOf(v.id)).not.toBe(target);
  });
});

describe('every new link and every change of password or address revokes the other links', () => {
  test('a password change in settings ends the reset, verification and email-change links', async () => {
    const u = await signUpAndLogin(s);
    const verification = await linkTo(u.email);
    const next = newEmail();
    expect((await changeEmail(u.accessToken, next, u.password)).status).toBe(200);
    const change = await linkTo(next);
    // The change request already ended the verification link (a newer link).
    expect((await verify(verification)).status).toBe(422);

    await tick();
    await forgot(u.email);
    const resetToken = await linkTo(u.email);
    // The reset mail ended the email-change link.
    expect((await confirmChange(change)).status).toBe(422);

    expect((await s.api('PUT', '/api/profile', { token: u.accessToken, body: { password: 'changed-in-settings', currentPassword: u.password } })).status).toBe(200);
    expect((await reset(resetToken, 'attackers-pass')).status).toBe(422);
    expect((await login(u.email, 'changed-in-settings')).status).toBe(200);
  });

  test("a registration's link signs in only while it is the account's newest and nothing changed since", async () => {
    // The live case: the newest link, nothing changed.
    const fresh = newEmail();
    expect((await s.api('POST', '/api/users', { body: { firstName: 'A', lastName: 'B', email: fresh, password: 'secret123' } })).status).toBe(201);
    const ok = await verify(await linkTo(fresh));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ accessToken: expect.any(String) });

    // A stranger registers someone's address and keeps its link; the owner takes the account back by Forgot Password.
    const email = newEmail();
    expect((await s.api('POST', '/api/users', { body: { firstName: 'Squat', lastName: 'Ter', email, password: 'squatter-pass' } })).status).toBe(201);
    const kept = await linkTo(email);
    await tick();
    await forgot(email);
    expect((await reset(await linkTo(email), 'owner-pass-1')).status).toBe(200);
    const late = await verify(kept);
    expect(late.status).toBe(422);
    expect(late.body).not.toHaveProperty('accessToken');
    // The reset proved the address.
    const owner = await login(email, 'owner-pass-1');
    expect((await profile(owner.body.accessToken)).body).toMatchObject({ isConfirmedEmail: true });
  });

  test('a verification link made before the password changed no longer signs in, even if it was left open', async () => {
    const email = newEmail();
    const reg = await s.api('POST', '/api/users', { body: { firstName: 'A', lastName: 'B', email, password: 'secret123' } });
    const token = await linkTo(email);
    // The stamp alone (as a provider link or a change by another path would leave it) stops the sign-in.
    await s.services.orm.em.fork().nativeUpdate(User, { id: reg.body.id }, { credentialsChangedAt: new Date(Date.now() + 1000) });
    const res = await verify(token);
    expect(res.status).toBe(422);
    expect(res.body).not.toHaveProperty('accessToken');
  });
});

describe('"this was not me" in the notice to the old address', () => {
  test('cancels a change already confirmed, ends every session, drops the password and sends the owner a reset link', async () => {
    const owner = await signUpAndLogin(s);
    const attacker = (await login(owner.email, owner.password)).body;
    const evil = newEmail();
    await tick();
    expect((await changeEmail(attacker.accessToken, evil, owner.password)).status).toBe(200);
    const notice = await s.lastMail(owner.email);
    expect(notice.text).toContain('If it was not you, open this link');
    // It no longer advises the reset that, alone, did not help.
    expect(notice.text).not.toMatch(/Forgot Password|change your password/i);
    expect(notice.link).toMatch(/\/cancel-email-change\?token=/);

    // The attacker confirms at once (it is their mailbox).
    expect((await confirmChange(await linkTo(evil))).status).toBe(200);
    expect(await emailOf(owner.id)).toBe(evil);

    // The owner clicks the link in the notice.
    await tick();
    const res = await cancelChange(tokenOf(notice.link));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'The email change was canceled and every session was signed out. Choose a new password with the link we sent to this address.' });
    expect(await emailOf(owner.id)).toBe(owner.email);
    for (const session of [attacker, owner]) {
      expect((await profile(session.accessToken)).status).toBe(401);
      expect((await refresh(session.refreshToken)).status).toBe(401);
    }
    // The password the attacker knew is gone, on both addresses.
    expect((await login(owner.email, owner.password)).status).toBe(401);
    expect((await login(evil, owner.password)).status).toBe(401);
    // The owner chooses a new one with the link mailed to the restored address.
    const resetLink = (await s.lastMail(owner.email)).link;
    expect(resetLink).toMatch(/\/reset-password\?token=/);
    expect((await reset(tokenOf(resetLink), 'owner-again')).status).toBe(200);
    expect((await login(owner.email, 'owner-again')).status).toBe(200);
    // And the link works once.
    expect((await cancelChange(tokenOf(notice.link))).status).toBe(422);
  });

  test('before the change is confirmed, it kills the change link', async () => {
    const owner = await signUpAndLogin(s);
    const evil = newEmail();
    await tick();
    expect((await changeEmail(owner.accessToken, evil, owner.password)).status).toBe(200);
    const notice = await s.lastMail(owner.email);
    expect((await cancelChange(tokenOf(notice.link))).status).toBe(200);
    expect((await confirmChange(await linkTo(evil))).status).toBe(422);
    expect(await emailOf(owner.id)).toBe(owner.email);
    expect((await profile(owner.accessToken)).status).toBe(401);
  });
});

test('accounts never confirmed are reminded, then removed after 7 days by the removal sweep, freeing their address', async () => {
  const register = async (email: string) => {
    const res = await s.api('POST', '/api/users', { body: { firstName: 'Squat', lastName: 'Ter', email, password: 'squatter-pass' } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const db = () => s.services.orm.em.fork();
  const age = (id: string, days: number) => db().execute(`update users set created_at = now() - make_interval(days => ?) where id = ?`, [days, id]);
  const exists = async (id: string) => (await db().count(User, { id })) === 1;

  const squatted = newEmail();
  const old = await register(squatted);
  await age(old, 8);
  const recent = await register(newEmail());
  await age(recent, 4);
  const confirmed = await signUpAndLogin(s);
  await db().nativeUpdate(User, { id: confirmed.id }, { isConfirmedEmail: true });
  await age(confirmed.id, 30);

  // First the reminder, with a fresh verification link, 2 days ahead.
  await tick();
  expect(await s.services.accountRemoval()).toMatchObject({ reminded: 1, unconfirmed: 0 });
  const reminder = await s.lastMail(squatted);
  expect(reminder.text).toContain('was never confirmed. Unless it is, the account and everything in it is removed on');
  expect(reminder.link).toMatch(/\/verify-email\?token=/);
  expect(await exists(old)).toBe(true);

  // Two days after the reminder, the account goes; the younger and the confirmed ones stay.
  await db().execute(`update users set confirm_reminder_sent_at = now() - interval '2 days 1 minute' where id = ?`, [old]);
  expect(await s.services.accountRemoval()).toMatchObject({ reminded: 0, unconfirmed: 1 });
  expect(await exists(old)).toBe(false);
  expect(await exists(recent)).toBe(true);
  expect(await exists(confirmed.id)).toBe(true);
  expect((await login(squatted, 'squatter-pass')).status).toBe(401);
  // The owner can now register their own address.
  expect((await s.api('POST', '/api/users', { body: { firstName: 'Real', lastName: 'Owner', email: squatted, password: 'owners-pass' } })).status).toBe(201);
});

test('the reminder link confirms the address, and the account stays', async () => {
  const email = newEmail();
  const reg = await s.api('POST', '/api/users', { body: { firstName: 'Late', lastName: 'Reader', email, password: 'secret123' } });
  const db = () => s.services.orm.em.fork();
  await db().execute(`update users set created_at = now() - interval '6 days' where id = ?`, [reg.body.id]);
  await tick();
  await s.services.accountRemoval();
  expect((await verify(await linkTo(email))).status).toBe(200);
  await db().execute(`update users set created_at = now() - interval '9 days', confirm_reminder_sent_at = now() - interval '3 days' where id = ?`, [reg.body.id]);
  await s.services.accountRemoval();
  expect(await db().count(User, { id: reg.body.id })).toBe(1);
});
