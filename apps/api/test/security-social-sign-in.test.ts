import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { User } from '../src/modules/users/user.entity.ts';
import { nonceOf, type OAuthIssuer, startOAuthIssuer } from './support/oauth-issuer.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

// Issue 21, item 1: a Google or Facebook sign-in reaches an account through the provider's user id
// recorded on it, never through an email alone.
const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
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

const newEmail = () => `o${crypto.randomUUID().slice(0, 8)}@example.com`;
const platform = (body: { platform: string; token: string; nonce?: string }) => s.api('POST', '/api/auth/platform', { body });
/** A Google sign-in as the browser sends it: the ID token and the nonce it carries. */
const google = (token: string) => platform({ platform: 'google', token, nonce: nonceOf(token) });
const facebook = (email: string, id = `fb-${crypto.randomUUID()}`) => platform({ platform: 'facebook', token: issuer.facebookToken({ id, email, first_name: 'Face', last_name: 'Book' }) });
const login = (email: string, password: string) => s.api('POST', '/api/auth/login', { body: { email, password } });
const profileId = async (accessToken: string) => (await s.api('GET', '/api/profile', { token: accessToken })).body.id as string;
const userCount = () => s.services.orm.em.fork().count(User, {});
const link = (accessToken: string, body: Record<string, unknown>) => s.api('POST', '/api/profile/identities', { token: accessToken, body });

/** A user whose address is confirmed, signed in with the password. */
async function confirmedUser() {
  const u = await signUpAndLogin(s);
  await s.services.orm.em.fork().nativeUpdate(User, { id: u.id }, { isConfirmedEmail: true });
  return u;
}

describe('Facebook', () => {
  test("an identity with an existing account's email does not get in, the admin's included, whatever its Facebook id", async () => {
    const u = await confirmedUser();
    const before = await userCount();
    for (const email of [u.email, u.email, ADMIN.email]) {
      const res = await facebook(email);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'An account with this email already exists. Sign in with your password, then link Facebook in Settings.' });
    }
    expect(await userCount()).toBe(before);
  });

  test('linked from Settings with the password, it then signs into that account', async () => {
    const u = await confirmedUser();
    const id = `fb-${crypto.randomUUID()}`;
    const token = issuer.facebookToken({ id, email: 'whatever-facebook-says@example.com', first_name: 'F', last_name: 'B' });
    expect((await link(u.accessToken, { platform: 'facebook', token, currentPassword: 'wrong' })).status).toBe(422);
    const res = await link(u.accessToken, { platform: 'facebook', token, currentPassword: u.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Facebook is linked: you can sign in with it.', platform: 'facebook' });

    const signIn = await facebook('whatever-facebook-says@example.com', id);
    expect(signIn.status).toBe(200);
    expect(await profileId(signIn.body.accessToken)).toBe(u.id);
    // The same Facebook account cannot be linked to a second Reelbase account.
    const other = await confirmedUser();
    const again = await link(other.accessToken, { platform: 'facebook', token: issuer.facebookToken({ id, email: other.email, first_name: 'F', last_name: 'B' }), currentPassword: other.password });
    expect(again.status).toBe(409);
  });

  test('a new account made by Facebook is not confirmed: the address is confirmed by mail', async () => {
    const email = newEmail();
    const res = await facebook(email);
    expect(res.status).toBe(200);
    expect((await s.api('GET', '/api/profile', { token: res.body.accessToken })).body).toMatchObject({ email, isConfirmedEmail: false });
    expect((await s.lastMail(email)).link).toMatch(/\/verify-email\?token=/);
  });
});

describe('Google', () => {
  test('an identity with email_verified false does not link to the account of that address', async () => {
    const u = await confirmedUser();
    const before = await userCount();
    const res = await google(await issuer.googleToken({ email: u.email, email_verified: false }));
    expect(res.status).toBe(409);
    expect(res.body).not.toHaveProperty('accessToken');
    expect(await userCount()).toBe(before);
  });

  test("a verified email never links to the admin's account; the admin links Google from Settings", async () => {
    const sub = `admin-${crypto.randomUUID()}`;
    const refused = await google(await issuer.googleToken({ sub, email: ADMIN.email }));
    expect(refused.status).toBe(409);
    expect(refused.body).not.toHaveProperty('accessToken');

    const admin = (await login(ADMIN.email, ADMIN.password)).body;
    const token = await issuer.googleToken({ sub, email: ADMIN.email });
    expect((await link(admin.accessToken, { platform: 'google', token, nonce: nonceOf(token), currentPassword: ADMIN.password })).status).toBe(200);
    const res = await google(await issuer.googleToken({ sub, email: ADMIN.email }));
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(true);
  });

  test('the account is the one of the Google user id: a new address at Google still reaches it, and a second Google id with its email does not', async () => {
    const u = await confirmedUser();
    const sub = `sub-${crypto.randomUUID()}`;
    const first = await google(await issuer.googleToken({ sub, email: u.email }));
    expect(first.status).toBe(200);
    expect(await profileId(first.body.accessToken)).toBe(u.id);

    const moved = await google(await issuer.googleToken({ sub, email: newEmail() }));
    expect(moved.status).toBe(200);
    expect(await profileId(moved.body.accessToken)).toBe(u.id);

    const stranger = await google(await issuer.googleToken({ sub: `sub-${crypto.randomUUID()}`, email: u.email }));
    expect(stranger.status).toBe(409);
  });

  test('the nonce is required, must match and works once', async () => {
    const token = await issuer.googleToken({ email: newEmail() });
    const missing = await platform({ platform: 'google', token });
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe('Google sign-in needs the nonce of the request that started it.');
    expect((await platform({ platform: 'google', token, nonce: 'another-nonce' })).status).toBe(401);

    expect((await google(token)).status).toBe(200);
    const replay = await google(token);
    expect(replay.status).toBe(401);
    expect(replay.body).not.toHaveProperty('accessToken');
    // Nor does another token carrying the same nonce pass.
    const sameNonce = await issuer.googleToken({ email: newEmail(), nonce: nonceOf(token) });
    expect((await google(sameNonce)).status).toBe(401);
  });

  test('an account never confirmed receives no sign-in by email match', async () => {
    const email = newEmail();
    expect((await s.api('POST', '/api/users', { body: { firstName: 'Squat', lastName: 'Ter', email, password: 'squatter-pass' } })).status).toBe(201);
    const res = await google(await issuer.googleToken({ email }));
    expect(res.status).toBe(409);
    expect(res.body).not.toHaveProperty('accessToken');
  });
});
