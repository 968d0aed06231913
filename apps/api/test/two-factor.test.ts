import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailsTo, type ReadMail } from './support/mail.ts';
import { addMember, inTeam } from './support/teams.ts';
import { codeAt, roomInStep } from './support/totp.ts';
import { signUpAndLogin, startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';

/*
 * Issue 35 item 1: two-factor sign-in with an authenticator app, on the real server and
 * PostgreSQL, with codes made by otplib as an authenticator app would. The server trusts
 * X-Forwarded-For (as behind nginx), so each account signs in from its own address and the
 * sign-in counts of one test never reach another's.
 */

const SETTINGS = { TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_ADDRESS: '20', LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '5', LOGIN_MAX_FAILURES_PER_ACCOUNT: '20', LOGIN_MAX_FAILURES_PER_DEVICE: '5' } as const;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer(SETTINGS);
});
afterAll(() => s.stop());

let lastOctet = 0;
const newAddress = () => `198.51.${100 + Math.floor(++lastOctet / 250)}.${lastOctet % 250}`;

/** A six-digit code that is none of the three the server would take now. */
async function wrongCode(secret: string) {
  const right = await Promise.all([codeAt(secret, -1), codeAt(secret, 0), codeAt(secret, 1)]);
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!right.includes(c)) return c;
  }
}

interface Person extends SignedIn {
  address: string;
}
const person = async (): Promise<Person> => ({ ...(await signUpAndLogin(s)), address: newAddress() });
const from = (p: Person) => ({ 'x-forwarded-for': p.address, 'user-agent': 'two-factor-test' });

/** Sets up an authenticator app for `p` (confirming with the previous step's code) and answers its secret and recovery codes. */
async function turnOn(p: Person): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await s.api('POST', '/api/profile/2fa/totp', { token: p.accessToken, body: { currentPassword: p.password }, headers: from(p) });
  expect(setup.status).toBe(200);
  await roomInStep();
  const confirmed = await s.api('POST', '/api/profile/2fa/totp/confirm', { token: p.accessToken, body: { code: await codeAt(setup.body.secret, -1) } });
  expect(confirmed.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

const login = (p: Person) => s.api('POST', '/api/auth/login', { body: { email: p.email, password: p.password }, headers: from(p) });
const secondStep = (p: Person, challenge: string, code: string) => s.api('POST', '/api/auth/2fa', { body: { challenge, code }, headers: from(p) });

async function mailOf(to: string, kind: string): Promise<ReadMail> {
  const found = async () => (await mailsTo(s.dataDir, to)).filter((m) => m.template === 'two-factor' && m.text.includes(kind));
  await expect.poll(async () => (await found()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return (await found())[0];
}

describe('setting up an authenticator app', () => {
  test('needs the current password, shows the secret, turns on with a right code and answers ten recovery codes once', async () => {
    const p = await person();
    const wrong = await s.api('POST', '/api/profile/2fa/totp', { token: p.accessToken, body: { currentPassword: 'not-it' }, headers: from(p) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.currentPassword).toBe('Current password is incorrect');

    const setup = await s.api('POST', '/api/profile/2fa/totp', { token: p.accessToken, body: { currentPassword: p.password }, headers: from(p) });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(url.searchParams.get('issuer')).toBe('Reelbase');
    expect(decodeURIComponent(url.pathname)).toContain(p.email);

    const bad = await s.api('POST', '/api/profile/2fa/totp/confirm', { token: p.accessToken, body: { code: await wrongCode(setup.body.secret) } });
    expect(bad.status).toBe(422);
    expect((await s.api('GET', '/api/profile', { token: p.accessToken })).body.twoFactorEnabled).toBe(false);

    const ok = await s.api('POST', '/api/profile/2fa/totp/confirm', { token: p.accessToken, body: { code: await codeAt(setup.body.secret, 0) } });
    expect(ok.status).toBe(200);
    expect(ok.body.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.body.recoveryCodes).size).toBe(10);
    expect((await s.api('GET', '/api/profile', { token: p.accessToken })).body.twoFactorEnabled).toBe(true);
    expect((await mailOf(p.email, 'turned on')).subject).toBe('Two-factor authentication is on for your Reelbase account');
    // The codes are not stored as they were shown.
    const stored = await s.services.orm.em.fork().getConnection().execute<{ code_hash: string }[]>('select code_hash from two_factor_recovery_codes where user_id = ?', [p.id]);
    expect(stored.map((r) => r.code_hash)).not.toContain(ok.body.recoveryCodes[0]);
  });
});

describe('signing in with two-factor sign-in on', () => {
  test('the password answers a challenge and no tokens; a wrong code is refused; the right one answers the tokens, once', async () => {
    const p = await person();
    const { secret } = await turnOn(p);
    const first = await login(p);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String), methods: ['totp'] });
    expect(first.headers.get('set-cookie')).toBeNull();

    expect((await secondStep(p, first.body.challenge, await wrongCode(secret))).status).toBe(401);
    const code = await codeAt(secret, 0);
    const done = await secondStep(p, first.body.challenge, code);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), deviceToken: expect.any(String), isAdmin: false });
    expect(done.headers.get('set-cookie')).toMatch(/^rb_device_/);
    expect((await s.api('GET', '/api/profile', { token: done.body.accessToken })).status).toBe(200);

    // The challenge is used up, and so is the code (also with a new challenge).
    expect((await secondStep(p, first.body.challenge, await codeAt(secret, 1))).status).toBe(401);
    const again = await login(p);
    const reused = await secondStep(p, again.body.challenge, code);
    expect(reused.status).toBe(401);
    expect(reused.body.accessToken).toBeUndefined();
  });

  test('a recovery code signs in once, and the owner is mailed', async () => {
    const p = await person();
    const { recoveryCodes } = await turnOn(p);
    const first = await login(p);
    const done = await secondStep(p, first.body.challenge, recoveryCodes[3].toUpperCase());
    expect(done.status).toBe(200);
    expect(done.body.accessToken).toEqual(expect.any(String));
    expect((await mailOf(p.email, 'recovery code was used')).text).toContain('9 recovery codes left');

    const second = await login(p);
    expect((await secondStep(p, second.body.challenge, recoveryCodes[3])).status).toBe(401);
    expect((await secondStep(p, second.body.challenge, recoveryCodes[4])).status).toBe(200);
  });

  test('wrong codes are counted like wrong passwords: past the limit a 429 with Retry-After, even for the right code', async () => {
    const p = await person();
    const { secret } = await turnOn(p);
    const { body } = await login(p);
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 5; i++) expect((await secondStep(p, body.challenge, wrong)).status).toBe(401);
    const paused = await secondStep(p, body.challenge, await codeAt(secret, 0));
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(paused.body.accessToken).toBeUndefined();
  });

  test('a challenge that is made up is refused', async () => {
    const p = await person();
    expect((await secondStep(p, 'not-a-challenge', '123456')).status).toBe(401);
  });
});

describe('turning it off', () => {
  test('needs the current password and a code; then sign-ins answer tokens at once and the owner is mailed', async () => {
    const p = await person();
    const { secret } = await turnOn(p);
    const off = (body: object) => s.api('DELETE', '/api/profile/2fa', { token: p.accessToken, body, headers: from(p) });
    expect((await off({ currentPassword: 'not-it', code: await codeAt(secret, 0) })).body.errors.currentPassword).toBe('Current password is incorrect');
    expect((await off({ currentPassword: p.password, code: await wrongCode(secret) })).body.errors.code).toBe('The code is not correct.');
    expect((await s.api('GET', '/api/profile', { token: p.accessToken })).body.twoFactorEnabled).toBe(true);

    const done = await off({ currentPassword: p.password, code: await codeAt(secret, 0) });
    expect(done.status).toBe(200);
    expect((await s.api('GET', '/api/profile', { token: p.accessToken })).body.twoFactorEnabled).toBe(false);
    expect((await mailOf(p.email, 'turned off')).subject).toBe('Two-factor authentication is off for your Reelbase account');
    const direct = await login(p);
    expect(direct.body.accessToken).toEqual(expect.any(String));
  });
});

describe('a team that requires two-factor sign-in', () => {
  test('its owner needs it first; a member without it gets 403 two_factor_required until they set it up', async () => {
    const owner = await person();
    const member = await person();
    await addMember(s, owner.id, member.id, 'editor');
    const policy = (who: Person, requireTwoFactor: boolean) => s.api('PUT', `/api/teams/${owner.id}/policy`, { token: who.accessToken, body: { requireTwoFactor } });

    expect((await policy(owner, true)).status).toBe(422);
    await turnOn(owner);
    expect((await policy(member, true)).status).toBe(403);
    const set = await policy(owner, true);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ requireTwoFactor: true });

    const refused = await s.api('GET', '/api/videos', { token: member.accessToken, headers: inTeam(owner.id) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'two_factor_required', message: expect.stringContaining('requires two-factor authentication') });
    // Their own team and their settings still answer, so they can set it up.
    expect((await s.api('GET', '/api/videos', { token: member.accessToken })).status).toBe(200);
    await turnOn(member);
    expect((await s.api('GET', '/api/videos', { token: member.accessToken, headers: inTeam(owner.id) })).status).toBe(200);
    expect((await s.api('GET', '/api/videos', { token: owner.accessToken })).status).toBe(200);
  });
});
