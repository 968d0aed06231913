import { afterAll, beforeAll, expect, test } from 'vitest';
import { type OAuthIssuer, startOAuthIssuer } from './support/oauth-issuer.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { codeAt, roomInStep } from './support/totp.ts';

/*
 * Issue 35 item 1: a Google or Facebook sign-in (the web app's and the desktop app's) of an account
 * with two-factor sign-in on answers the same challenge as a password sign-in, and no tokens.
 */
let issuer: OAuthIssuer;
let s: TestServer;
beforeAll(async () => {
  issuer = await startOAuthIssuer();
  s = await startTestServer(issuer.env);
});
afterAll(async () => {
  await s?.stop();
  await issuer?.stop();
});

test('a linked Facebook account with two-factor sign-in on gets a challenge; its code then answers the tokens', async () => {
  const u = await signUpAndLogin(s);
  const id = `fb-${crypto.randomUUID()}`;
  const facebook = () => s.api('POST', '/api/auth/platform', { body: { platform: 'facebook', token: issuer.facebookToken({ id, email: u.email, first_name: 'F', last_name: 'B' }) } });
  const linked = await s.api('POST', '/api/profile/identities', { token: u.accessToken, body: { platform: 'facebook', token: issuer.facebookToken({ id, email: u.email, first_name: 'F', last_name: 'B' }), currentPassword: u.password } });
  expect(linked.status).toBe(200);

  const setup = await s.api('POST', '/api/profile/2fa/totp', { token: u.accessToken, body: { currentPassword: u.password } });
  // The previous step's code turns it on, the current one signs in (each step works once, in rising order).
  await roomInStep();
  expect((await s.api('POST', '/api/profile/2fa/totp/confirm', { token: u.accessToken, body: { code: await codeAt(setup.body.secret, -1) } })).status).toBe(200);

  const first = await facebook();
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String), methods: ['totp'] });
  // No device token before the second step.
  expect(first.headers.get('set-cookie') ?? '').not.toContain('rb_device_');
  const done = await s.api('POST', '/api/auth/2fa', { body: { challenge: first.body.challenge, code: await codeAt(setup.body.secret, 0) } });
  expect(done.status).toBe(200);
  expect(done.body).toMatchObject({ accessToken: expect.any(String), isAdmin: false });
  // The finished sign-in answers a device token, as a password sign-in does (issue 35 item 8).
  expect(done.body.deviceToken).toEqual(expect.any(String));
  expect(done.headers.get('set-cookie')).toContain('rb_device_');
  expect((await s.api('GET', '/api/profile', { token: done.body.accessToken })).body.id).toBe(u.id);
});
