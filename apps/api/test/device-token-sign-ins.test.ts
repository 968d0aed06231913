import { afterAll, beforeAll, expect, test } from 'vitest';
import { nonceOf, type OAuthIssuer, startOAuthIssuer } from './support/oauth-issuer.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 35 item 8: a Google or Facebook sign-in and the verification link's sign-in answer a device
 * token as a password sign-in does (cookie for browsers, body for the desktop app), so that device
 * still gets in with the password while guessing elsewhere pauses new devices. With two-factor
 * sign-in on, the token comes with the second step (two-factor-social.test.ts).
 */
const SETTINGS = { TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_ADDRESS: '20', LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '5', LOGIN_MAX_FAILURES_PER_ACCOUNT: '20', LOGIN_MAX_FAILURES_PER_DEVICE: '5' } as const;
let issuer: OAuthIssuer;
let s: TestServer;
beforeAll(async () => {
  issuer = await startOAuthIssuer();
  s = await startTestServer({ ...issuer.env, ...SETTINGS });
});
afterAll(async () => {
  await s?.stop();
  await issuer?.stop();
});

let lastOctet = 0;
const newAddress = () => `198.51.${100 + Math.floor(++lastOctet / 250)}.${lastOctet % 250}`;
const login = (email: string, password: string, from: { deviceToken?: string; cookie?: string } = {}) =>
  s.api('POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': newAddress(), ...(from.deviceToken && { 'x-device-token': from.deviceToken }), ...(from.cookie && { cookie: from.cookie }) },
  });

/** 4 addresses x 5 wrong passwords: the account's 20, so new devices are paused. */
async function pause(email: string) {
  for (let a = 0; a < 4; a++) {
    const from = newAddress();
    for (let i = 0; i < 5; i++) await s.api('POST', '/api/auth/login', { body: { email, password: `guess-${a}-${i}` }, headers: { 'x-forwarded-for': from } });
  }
  expect((await login(email, 'owner-secret-1')).status).toBe(429);
}

async function registerAndVerify() {
  const email = `d${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await s.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'owner-secret-1' } })).status).toBe(201);
  const token = new URL((await s.lastMail(email)).link as string).searchParams.get('token');
  return { email, token };
}

test('the verification link signs in with a device token (body and HttpOnly cookie) that lets this device in while new ones are paused', async () => {
  const u = await registerAndVerify();
  const verified = await s.api('POST', '/api/auth/verify-email', { body: { token: u.token } });
  expect(verified.status).toBe(200);
  expect(verified.body).toMatchObject({ accessToken: expect.any(String), deviceToken: expect.any(String) });
  const cookie = (verified.headers.get('set-cookie') as string).split(', ').find((c) => c.startsWith('rb_device_')) as string;
  expect(cookie).toContain('HttpOnly');
  expect(cookie).toContain(verified.body.deviceToken);

  await pause(u.email);
  expect((await login(u.email, 'owner-secret-1', { cookie: cookie.split(';')[0] })).status).toBe(200);
  expect((await login(u.email, 'owner-secret-1', { deviceToken: verified.body.deviceToken })).status).toBe(200);
});

test('a Google sign-in answers a device token; the device it went to gets in with the password while new ones are paused', async () => {
  const u = await registerAndVerify();
  await s.api('POST', '/api/auth/verify-email', { body: { token: u.token } });
  // Google vouches for the confirmed address: the account is joined and signed in.
  const idToken = await issuer.googleToken({ email: u.email, sub: `g-${crypto.randomUUID()}` });
  const google = await s.api('POST', '/api/auth/platform', { body: { platform: 'google', token: idToken, nonce: nonceOf(idToken) } });
  expect(google.status, JSON.stringify(google.body)).toBe(200);
  expect(google.body.deviceToken).toEqual(expect.any(String));
  expect(google.headers.get('set-cookie')).toContain('rb_device_');

  await pause(u.email);
  expect((await login(u.email, 'owner-secret-1', { deviceToken: google.body.deviceToken })).status).toBe(200);
  // A forged one is still a new device.
  expect((await login(u.email, 'owner-secret-1', { deviceToken: `${google.body.deviceToken.slice(0, -2)}xx` })).status).toBe(429);
});

test('a new account made by Facebook gets a device token too', async () => {
  const email = `f${crypto.randomUUID().slice(0, 8)}@example.com`;
  const made = await s.api('POST', '/api/auth/platform', { body: { platform: 'facebook', token: issuer.facebookToken({ id: `fb-${crypto.randomUUID()}`, email, first_name: 'F', last_name: 'B' }) } });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect(made.body).toMatchObject({ accessToken: expect.any(String), deviceToken: expect.any(String) });
  expect(made.headers.get('set-cookie')).toContain('rb_device_');
});
