import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { platformVerifier } from '../src/modules/auth/platform-verifier.ts';
import { User } from '../src/modules/users/user.entity.ts';
import { FB_APP_ID, FB_APP_SECRET, GOOGLE_CLIENT_ID, type KeyPair, nonceOf, type OAuthIssuer, startOAuthIssuer } from './support/oauth-issuer.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let otherKeys: KeyPair;
let issuer: OAuthIssuer;
let s: TestServer;

/** Facebook users known to the stand-in, by user token. */
const FB_USERS = [
  { token: 'fb-good', me: { id: '1001', email: 'Fb.User@Example.com', first_name: 'Face', last_name: 'Book' } },
  { token: 'fb-other-app', appId: '999999', me: { id: '1002', email: 'other-app@example.com', first_name: 'Other', last_name: 'App' } },
  { token: 'fb-invalid', valid: false, me: { id: '1003', email: 'invalid@example.com', first_name: 'In', last_name: 'Valid' } },
  { token: 'fb-no-email', me: { id: '1004', first_name: 'No', last_name: 'Email' } },
];

beforeAll(async () => {
  otherKeys = await generateKeyPair('RS256', { extractable: true });
  issuer = await startOAuthIssuer();
  for (const { me, ...opts } of FB_USERS) issuer.facebookToken(me, opts);
  s = await startTestServer(issuer.env);
});
afterAll(async () => {
  await s?.stop();
  await issuer?.stop();
});

const googleToken: OAuthIssuer['googleToken'] = (...args) => issuer.googleToken(...args);

/** A Google token goes with the nonce it carries, as the browser that asked for it sends it, unless the test names another. */
const platformLogin = (platform: string, token: string, nonce = platform === 'google' ? nonceOf(token) : undefined) =>
  s.api('POST', '/api/auth/platform', { body: { platform, token, nonce } });
const profileOf = async (accessToken: string) => (await s.api('GET', '/api/profile', { token: accessToken })).body;
const userCount = () => s.services.orm.em.fork().count(User, {});
const newEmail = () => `g${crypto.randomUUID().slice(0, 8)}@example.com`;

describe('Google', () => {
  test('a valid ID token signs in and creates the account', async () => {
    const email = newEmail();
    const sub = `sub-${crypto.randomUUID()}`;
    const res = await platformLogin('google', await googleToken({ sub, email }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), isAdmin: false, isPaymentMethodSet: false, deviceToken: expect.any(String) });
    const profile = await profileOf(res.body.accessToken);
    expect(profile).toMatchObject({ email, firstName: 'Goo', lastName: 'Gle', isConfirmedEmail: true, isAdmin: false, paymentMethod: null });

    // The same Google identity signs into the same account next time, without a new row.
    const before = await userCount();
    const again = await platformLogin('google', await googleToken({ sub, email }));
    expect(again.status).toBe(200);
    expect((await profileOf(again.body.accessToken)).id).toBe(profile.id);
    expect(await userCount()).toBe(before);
  });

  test('a token signed with another key is refused', async () => {
    const before = await userCount();
    const res = await platformLogin('google', await googleToken({ email: newEmail() }, { key: otherKeys }));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_TOKEN_ERROR');
    expect(res.body).not.toHaveProperty('accessToken');
    expect(await userCount()).toBe(before);
  });

  test('a token minted for another client (audience) is refused', async () => {
    const res = await platformLogin('google', await googleToken({ email: newEmail() }, { audience: 'someone-else.apps.googleusercontent.com' }));
    expect(res.status).toBe(401);
    expect(res.body).not.toHaveProperty('accessToken');
  });

  test('a token from another issuer is refused', async () => {
    const res = await platformLogin('google', await googleToken({ email: newEmail() }, { issuer: 'https://evil.example.com' }));
    expect(res.status).toBe(401);
  });

  test('an expired token is refused', async () => {
    const res = await platformLogin('google', await googleToken({ email: newEmail() }, { expiresAt: Math.floor(Date.now() / 1000) - 60 }));
    expect(res.status).toBe(401);
  });

  test('a token that is not a JWT is refused', async () => {
    expect((await platformLogin('google', 'not-a-jwt')).status).toBe(401);
  });

  test('with a nonce, the token must carry that nonce', async () => {
    const email = newEmail();
    const token = await googleToken({ email, nonce: 'nonce-from-this-browser' });
    const before = await userCount();
    expect((await platformLogin('google', token, 'another-nonce')).status).toBe(401);
    expect((await platformLogin('google', await googleToken({ email: newEmail() }), 'nonce-from-this-browser')).status).toBe(401);
    expect(await userCount()).toBe(before);
    const res = await platformLogin('google', token, 'nonce-from-this-browser');
    expect(res.status).toBe(200);
    expect(await profileOf(res.body.accessToken)).toMatchObject({ email });
  });

  test('with a verified email it signs into the existing confirmed account of that address, which keeps its password', async () => {
    const email = newEmail();
    const reg = await s.api('POST', '/api/users', { body: { firstName: 'Pass', lastName: 'Word', email, password: 'secret123' } });
    const verifyToken = new URL((await s.lastMail(email)).link as string).searchParams.get('token');
    expect((await s.api('POST', '/api/auth/verify-email', { body: { token: verifyToken } })).status).toBe(200);

    const res = await platformLogin('google', await googleToken({ email: email.toUpperCase() }));
    expect(res.status).toBe(200);
    expect((await profileOf(res.body.accessToken)).id).toBe(reg.body.id);
    expect((await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } })).status).toBe(200);
  });

  test('an account whose address was never confirmed is not joined by email: whoever registered it gets nothing, the owner is told how to go on', async () => {
    // Someone registers the victim's address first (unconfirmed accounts may sign in)...
    const email = newEmail();
    const squatter = await s.api('POST', '/api/users', { body: { firstName: 'Squat', lastName: 'Ter', email, password: 'squatter-pass' } });
    expect(squatter.status).toBe(201);

    // ...then the real owner, vouched for by Google, signs in: refused, with the way out.
    const res = await platformLogin('google', await googleToken({ email }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'An account with this email is waiting for its address to be confirmed. Open the confirmation link we sent, or use Forgot Password, then link Google in Settings.' });
    // The squatter's account was not confirmed by the attempt.
    const login = await s.api('POST', '/api/auth/login', { body: { email, password: 'squatter-pass' } });
    expect(await profileOf(login.body.accessToken)).toMatchObject({ id: squatter.body.id, isConfirmedEmail: false });
  });

  test('with an unverified email it does not take over the existing account of that address', async () => {
    const email = newEmail();
    const reg = await s.api('POST', '/api/users', { body: { firstName: 'Pass', lastName: 'Word', email, password: 'secret123' } });
    expect(reg.status).toBe(201);
    const before = await userCount();
    const res = await platformLogin('google', await googleToken({ email, email_verified: false }));
    expect(res.status).toBe(409);
    expect(res.body).not.toHaveProperty('accessToken');
    expect(await userCount()).toBe(before);
  });

  test('a Google-created account has no password: password sign-in fails until it sets one', async () => {
    const email = newEmail();
    const res = await platformLogin('google', await googleToken({ email }));
    const login = (password: string) => s.api('POST', '/api/auth/login', { body: { email, password } });
    expect((await login('')).status).toBe(422);
    expect((await login('anything')).status).toBe(401);

    // With no password yet, none is asked for to set the first one.
    const set = await s.api('PUT', '/api/profile', { token: res.body.accessToken, body: { password: 'first-password' } });
    expect(set.status).toBe(200);
    expect((await login('first-password')).status).toBe(200);
    // From then on the current one is required.
    const change = await s.api('PUT', '/api/profile', { token: res.body.accessToken, body: { password: 'second-password' } });
    expect(change.status).toBe(422);
  });

  test('a banned Google account is refused with the ban message', async () => {
    const sub = `sub-${crypto.randomUUID()}`;
    const email = newEmail();
    const first = await platformLogin('google', await googleToken({ sub, email }));
    await s.services.orm.em.fork().nativeUpdate(User, { email }, { ban: true });
    const res = await platformLogin('google', await googleToken({ sub, email }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('User was baned');
    expect((await s.api('GET', '/api/profile', { token: first.body.accessToken })).status).toBe(403);
  });
});

describe('Facebook', () => {
  test('a valid user token signs in, creating the account, checked with the app token', async () => {
    issuer.appTokenCalls.length = 0;
    const res = await platformLogin('facebook', 'fb-good');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isAdmin: false, isPaymentMethodSet: false });
    expect(await profileOf(res.body.accessToken)).toMatchObject({ email: 'fb.user@example.com', firstName: 'Face', lastName: 'Book' });
    expect(issuer.appTokenCalls).toEqual([`${FB_APP_ID}|${FB_APP_SECRET}`]);

    const again = await platformLogin('facebook', 'fb-good');
    expect((await profileOf(again.body.accessToken)).id).toBe((await profileOf(res.body.accessToken)).id);
  });

  test('a token of another app is refused', async () => {
    const before = await userCount();
    const res = await platformLogin('facebook', 'fb-other-app');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_TOKEN_ERROR');
    expect(await userCount()).toBe(before);
  });

  test('a token Facebook says is invalid, or unknown to it, is refused', async () => {
    expect((await platformLogin('facebook', 'fb-invalid')).status).toBe(401);
    expect((await platformLogin('facebook', 'fb-never-issued')).status).toBe(401);
  });

  test('an account without an email address is refused', async () => {
    expect((await platformLogin('facebook', 'fb-no-email')).status).toBe(401);
  });

  test('a Google ID token is not accepted as a Facebook token', async () => {
    expect((await platformLogin('facebook', await googleToken({ email: newEmail() }))).status).toBe(401);
  });
});

test('an unknown platform or missing token answers 422', async () => {
  const res = await platformLogin('myspace', 'x');
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual({ platform: 'Must be equal to one of the allowed values: google, facebook.' });
  expect((await s.api('POST', '/api/auth/platform', { body: { platform: 'google' } })).status).toBe(422);
});

describe('GET /api/auth/providers', () => {
  test('answers the configured providers with what a browser needs to start their sign-in', async () => {
    const res = await s.api('GET', '/api/auth/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      google: { clientId: GOOGLE_CLIENT_ID, authUrl: issuer.env.GOOGLE_AUTH_URL },
      facebook: { clientId: FB_APP_ID, authUrl: issuer.env.FACEBOOK_DIALOG_URL },
    });
    // Never the app secret.
    expect(JSON.stringify(res.body)).not.toContain(FB_APP_SECRET);
  });

  test('a provider missing its settings is answered as null (Facebook needs the app secret too)', () => {
    const cfg = { googleCertsUrl: 'http://127.0.0.1:9/certs', facebookGraphUrl: 'http://127.0.0.1:9', googleAuthUrl: 'http://g/auth', facebookDialogUrl: 'http://f/dialog' };
    expect(platformVerifier({ ...cfg, googleClientId: '', facebookAppId: '', facebookAppSecret: '' }).providers()).toEqual({ google: null, facebook: null });
    expect(platformVerifier({ ...cfg, googleClientId: 'g', facebookAppId: '1', facebookAppSecret: '' }).providers()).toEqual({
      google: { clientId: 'g', authUrl: 'http://g/auth' },
      facebook: null,
    });
  });
});
