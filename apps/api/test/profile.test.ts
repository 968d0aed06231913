import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { User } from '../src/modules/users/user.entity.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  // A promo code is checked as at checkout: the codes below exist.
  const admin = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body.accessToken;
  for (const code of ['SPRING24', 'X1']) expect((await s.api('POST', '/api/payment/promo-codes', { token: admin, body: { code, percentOff: 10 } })).status).toBe(201);
});
afterAll(() => s.stop());

const get = (token: string) => s.api('GET', '/api/profile', { token });
const put = (token: string, body: unknown) => s.api('PUT', '/api/profile', { token, body });
const login = (email: string, password: string) => s.api('POST', '/api/auth/login', { body: { email, password } });
const newEmail = () => `p${crypto.randomUUID().slice(0, 8)}@example.com`;

test('GET /api/profile shows the owner their fields', async () => {
  const u = await signUpAndLogin(s);
  const res = await get(u.accessToken);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    id: u.id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: u.email,
    avatar: null,
    colorScheme: { playerCanvas: '#1974BB', transparentCanvas: false, playerPlayButton: '#22A9E0', playerControlBar: '#43C3D7' },
    showLogoOnPlayer: false,
    playerLogo: null,
    paymentMethod: 'card',
    features: { uploadPlayerLogo: true, videoTrimmer: true, setVideoImage: true, createGif: true, addWatermark: true },
    videoGeneratorCredits: 0,
    promoCode: null,
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    isChangeEmail: true,
    isPaymentMethodSet: true,
    isConfirmedEmail: false,
    isActive: true,
    ban: false,
    isAdmin: false,
    defaultVisibility: 'public',
    defaultAllowedDomains: [],
    twoFactorEnabled: false,
  });
  // Secrets never leave the server.
  expect(JSON.stringify(res.body)).not.toMatch(/password|hash|paymentRef|platformId/i);
});

test('GET /api/profile without a token answers 401', async () => {
  expect((await s.api('GET', '/api/profile')).status).toBe(401);
});

describe('PUT /api/profile', () => {
  test('updates names, colours, logo switch and promo code, answering the spec message', async () => {
    const u = await signUpAndLogin(s);
    const res = await put(u.accessToken, {
      firstName: 'Augusta',
      lastName: 'King',
      colorScheme: { playerCanvas: '#000000', transparentCanvas: true },
      showLogoOnPlayer: true,
      promoCode: 'SPRING24',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully!');
    const expected = {
      firstName: 'Augusta',
      lastName: 'King',
      // Colours not sent keep their value.
      colorScheme: { playerCanvas: '#000000', transparentCanvas: true, playerPlayButton: '#22A9E0', playerControlBar: '#43C3D7' },
      showLogoOnPlayer: true,
      promoCode: 'SPRING24',
    };
    expect(res.body.profile).toMatchObject(expected);
    // Stored, not just echoed.
    expect((await get(u.accessToken)).body).toMatchObject(expected);
  });

  test('an empty promo code clears it', async () => {
    const u = await signUpAndLogin(s);
    await put(u.accessToken, { promoCode: 'X1' });
    const res = await put(u.accessToken, { promoCode: '' });
    expect(res.body.profile.promoCode).toBeNull();
  });

  test('invalid values answer 422 with field messages and change nothing', async () => {
    const u = await signUpAndLogin(s);
    const res = await put(u.accessToken, { firstName: '', colorScheme: { playerCanvas: 'blue' }, email: 'nope' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      firstName: 'Must NOT have fewer than 1 characters.',
      'colorScheme.playerCanvas': expect.any(String),
      email: 'Must match format "email".',
    });
    expect((await get(u.accessToken)).body).toMatchObject({ firstName: 'Ada', email: u.email });
  });

  const verify = (link: string) => s.api('POST', '/api/auth/confirm-email-change', { body: { token: new URL(link).searchParams.get('token') } });

  test('an email change needs the current password, then waits for the link mailed to the new address; the old one gets a notice', async () => {
    const u = await signUpAndLogin(s);
    const first = newEmail();
    const without = await put(u.accessToken, { email: first });
    expect(without.status).toBe(422);
    expect(without.body.errors).toEqual({ currentPassword: 'Current password is incorrect' });
    expect((await put(u.accessToken, { email: first, currentPassword: 'not-it' })).status).toBe(422);
    await expect(s.lastMail(first)).rejects.toThrow();

    const res = await put(u.accessToken, { email: first, currentPassword: u.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Profile updated successfully!', pendingEmail: first, profile: { email: u.email, isChangeEmail: true } });
    const notice = await s.lastMail(u.email);
    expect(notice.text).toContain('Your Reelbase email address is being changed');
    expect(notice.text).toContain(first);
    expect(notice.link).toMatch(/\/cancel-email-change\?token=/);
    // Nothing changed yet: sign-in still uses the old address.
    expect((await login(u.email, u.password)).status).toBe(200);
    expect((await login(first, u.password)).status).toBe(401);

    const confirm = await s.lastMail(first);
    expect(confirm.link).toMatch(/\/confirm-email\?token=/);
    const confirmed = await verify(confirm.link as string);
    expect(confirmed.status).toBe(200);
    // It confirms the change and signs nobody in.
    expect(confirmed.body).toEqual({ message: 'Your new email address is confirmed. Sign in with it from now on.', email: first });
    expect((await get(u.accessToken)).body).toMatchObject({ email: first, isConfirmedEmail: true, isChangeEmail: false });
    expect((await login(first, u.password)).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(401);
    // A link works once.
    expect((await verify(confirm.link as string)).status).toBe(422);

    const second = await put(u.accessToken, { email: newEmail(), currentPassword: u.password });
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual({ email: 'Can be changed once every 6 months' });
    // Sending the unchanged address along with other fields needs no password.
    expect((await put(u.accessToken, { email: first, firstName: 'Still' })).status).toBe(200);
  });

  test('a newer change request replaces the earlier link, and an address taken meanwhile is refused at confirmation', async () => {
    const u = await signUpAndLogin(s);
    const a = newEmail();
    const b = newEmail();
    await put(u.accessToken, { email: a, currentPassword: u.password });
    const linkA = (await s.lastMail(a)).link as string;
    await put(u.accessToken, { email: b, currentPassword: u.password });
    expect((await verify(linkA)).status).toBe(422);
    const linkB = (await s.lastMail(b)).link as string;
    await signUpAndLogin(s, b);
    const taken = await verify(linkB);
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: 'Email is already taken' });
    expect((await get(u.accessToken)).body.email).toBe(u.email);
  });

  test('the email can be changed again once 6 months have passed', async () => {
    const u = await signUpAndLogin(s);
    await put(u.accessToken, { email: newEmail(), currentPassword: u.password });
    await s.services.orm.em.fork().nativeUpdate(User, { id: u.id }, { emailChangedAt: new Date() });
    expect((await get(u.accessToken)).body.isChangeEmail).toBe(false);
    const sevenMonthsAgo = new Date();
    sevenMonthsAgo.setMonth(sevenMonthsAgo.getMonth() - 7);
    await s.services.orm.em.fork().nativeUpdate(User, { id: u.id }, { emailChangedAt: sevenMonthsAgo });
    expect((await get(u.accessToken)).body.isChangeEmail).toBe(true);
    expect((await put(u.accessToken, { email: newEmail(), currentPassword: u.password })).status).toBe(200);
  });

  test("another account's address is refused", async () => {
    const u = await signUpAndLogin(s);
    const other = await signUpAndLogin(s);
    const res = await put(u.accessToken, { email: other.email.toUpperCase(), currentPassword: u.password });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: 'Email is already taken' });
    // The refused attempt does not use up the once-in-6-months change.
    expect((await get(u.accessToken)).body.isChangeEmail).toBe(true);
  });

  test('a password change ends every other session of the account, and keeps the one that made it', async () => {
    const u = await signUpAndLogin(s);
    const other = (await login(u.email, u.password)).body;
    expect((await get(other.accessToken)).status).toBe(200);
    expect((await put(u.accessToken, { password: 'brand-new-pw', currentPassword: u.password })).status).toBe(200);
    expect((await get(other.accessToken)).status).toBe(401);
    expect((await s.api('POST', '/auth/refresh', { body: { refreshToken: other.refreshToken } })).status).toBe(401);
    expect((await get(u.accessToken)).status).toBe(200);
    expect((await s.api('POST', '/auth/refresh', { body: { refreshToken: u.refreshToken } })).status).toBe(200);
  });

  test('changing the password needs the right current password', async () => {
    const u = await signUpAndLogin(s);
    const wrong = await put(u.accessToken, { password: 'new-password', currentPassword: 'not-it' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('currentPassword');
    const missing = await put(u.accessToken, { password: 'new-password' });
    expect(missing.status).toBe(422);
    expect((await login(u.email, 'new-password')).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(200);

    const ok = await put(u.accessToken, { password: 'new-password', currentPassword: u.password });
    expect(ok.status).toBe(200);
    expect((await login(u.email, 'new-password')).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(401);
  });

  test('a new password shorter than 6 characters is refused', async () => {
    const u = await signUpAndLogin(s);
    const res = await put(u.accessToken, { password: '12345', currentPassword: u.password });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ password: 'Must NOT have fewer than 6 characters.' });
  });

  test('an empty password leaves the password unchanged', async () => {
    const u = await signUpAndLogin(s);
    const res = await put(u.accessToken, { password: '', firstName: 'Changed' });
    expect(res.status).toBe(200);
    expect(res.body.profile.firstName).toBe('Changed');
    expect((await login(u.email, u.password)).status).toBe(200);
    expect((await login(u.email, '')).status).toBe(422);
  });

  test('fields the profile does not own are ignored', async () => {
    const u = await signUpAndLogin(s);
    const res = await put(u.accessToken, { isAdmin: true, ban: false, features: { createGif: false }, videoGeneratorCredits: 999, firstName: 'Eve' });
    expect(res.status).toBe(200);
    const p = (await get(u.accessToken)).body;
    expect(p).toMatchObject({ isAdmin: false, videoGeneratorCredits: 0, firstName: 'Eve' });
    expect(p.features.createGif).toBe(true);
  });
});

test('the payment-method gate saves a card through PUT /api/profile, checking it with the card rules', async () => {
  const email = newEmail();
  await s.api('POST', '/api/users', { body: { firstName: 'No', lastName: 'Card', email, password: 'secret123' } });
  const { accessToken } = (await login(email, 'secret123')).body;
  expect((await get(accessToken)).body.isPaymentMethodSet).toBe(false);

  const card = { cardNumber: '4242424242424242', cvc: '123', expMonth: '13', expYear: '29', firstName: 'No', lastName: 'Card' };
  const bad = await put(accessToken, { paymentMethod: { type: 'card', cardInfo: card } });
  expect(bad.status).toBe(422);
  expect(bad.body.errors['paymentMethod.cardInfo.expMonth']).toBe('Enter a valid Exp month');
  expect((await get(accessToken)).body.isPaymentMethodSet).toBe(false);

  const ok = await put(accessToken, { paymentMethod: { type: 'card', cardInfo: { ...card, expMonth: '12' } } });
  expect(ok.status).toBe(200);
  expect(ok.body.profile).toMatchObject({ isPaymentMethodSet: true, paymentMethod: 'card' });
  const row = await s.services.orm.em.fork().findOneOrFail(User, { email });
  expect(row.paymentRef).toMatch(/^sandbox_pm_/);
  expect(JSON.stringify(row)).not.toContain('4242424242424242');
});
