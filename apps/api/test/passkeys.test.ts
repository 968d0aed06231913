import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailsTo } from './support/mail.ts';
import { softAuthenticator } from './support/passkey-authenticator.ts';
import { codeAt, roomInStep } from './support/totp.ts';
import { signUpAndLogin, startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';

/*
 * Issue 35 item 1: passkeys (WebAuthn) as a second two-factor method, on the real server and
 * PostgreSQL, with a software authenticator made here (an ES256 key from node:crypto, a "none"
 * attestation and assertions built by hand). The server's PUBLIC_URL is http://127.0.0.1:PORT; an IP
 * address is no valid RP ID, so the pages are at http://localhost:PORT, the origin the
 * authenticator signs for. Each account signs in from its own address (X-Forwarded-For).
 */

const SETTINGS = { TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_ADDRESS: '20', LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '5', LOGIN_MAX_FAILURES_PER_ACCOUNT: '20', LOGIN_MAX_FAILURES_PER_DEVICE: '5' } as const;

let s: TestServer;
let origin: string;
beforeAll(async () => {
  s = await startTestServer(SETTINGS);
  origin = `http://localhost:${new URL(s.url).port}`;
});
afterAll(() => s.stop());

let lastOctet = 0;
const newAddress = () => `203.0.${113 + Math.floor(++lastOctet / 250)}.${lastOctet % 250}`;
interface Person extends SignedIn {
  address: string;
}
const person = async (): Promise<Person> => ({ ...(await signUpAndLogin(s)), address: newAddress() });
const from = (p: Person) => ({ 'x-forwarded-for': p.address, 'user-agent': 'passkeys-test' });

const registrationOptions = (p: Person, currentPassword = p.password) => s.api('POST', '/api/profile/2fa/passkeys/options', { token: p.accessToken, body: { currentPassword }, headers: from(p) });
const register = (p: Person, name: string, response: unknown) => s.api('POST', '/api/profile/2fa/passkeys', { token: p.accessToken, body: { name, response } });
/** Adds a passkey of a new software authenticator; answers the authenticator and the server's answer. */
async function addPasskey(p: Person, name = 'Laptop') {
  const key = softAuthenticator(origin);
  const options = await registrationOptions(p);
  expect(options.status).toBe(200);
  const added = await register(p, name, key.attest(options.body));
  expect(added.status).toBe(200);
  return { key, added: added.body };
}
const login = (p: Person) => s.api('POST', '/api/auth/login', { body: { email: p.email, password: p.password }, headers: from(p) });
const passkeyPrompt = (p: Person, challenge: string) => s.api('POST', '/api/auth/2fa/passkey/options', { body: { challenge }, headers: from(p) });
const withPasskey = (p: Person, challenge: string, passkey: unknown) => s.api('POST', '/api/auth/2fa', { body: { challenge, passkey }, headers: from(p) });

/** A sign-in up to the passkey prompt: the two-factor challenge and the prompt's options. */
async function promptFor(p: Person) {
  const first = await login(p);
  expect(first.body.twoFactorRequired).toBe(true);
  const options = await passkeyPrompt(p, first.body.challenge);
  expect(options.status).toBe(200);
  return { challenge: first.body.challenge as string, options: options.body };
}

describe('adding a passkey', () => {
  test('needs the current password; the first one turns two-factor sign-in on with ten recovery codes, a second one does not', async () => {
    const p = await person();
    const wrong = await registrationOptions(p, 'not-it');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.currentPassword).toBe('Current password is incorrect');

    const options = await registrationOptions(p);
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ id: 'localhost', name: 'Reelbase' });
    expect(options.body.user.name).toBe(p.email);
    const key = softAuthenticator(origin);
    // An attestation made for another site is refused, and the options are used up by it.
    expect((await register(p, 'Laptop', key.attest(options.body, { origin: 'https://evil.example' }))).status).toBe(422);
    expect((await register(p, 'Laptop', key.attest(options.body))).status).toBe(409);

    const again = await registrationOptions(p);
    const added = await register(p, 'Laptop', key.attest(again.body));
    expect(added.status).toBe(200);
    expect(added.body.passkey).toMatchObject({ id: expect.any(String), name: 'Laptop', lastUsedAt: null });
    expect(added.body.recoveryCodes).toHaveLength(10);
    expect((await s.api('GET', '/api/profile', { token: p.accessToken })).body.twoFactorEnabled).toBe(true);
    await expect.poll(async () => (await mailsTo(s.dataDir, p.email)).some((m) => m.template === 'two-factor' && m.text.includes('turned on')), { timeout: 15_000 }).toBe(true);

    // The same authenticator is not registered twice: the options exclude it, and the server refuses it.
    const third = await registrationOptions(p);
    expect(third.body.excludeCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);
    expect((await register(p, 'Again', key.attest(third.body))).status).toBe(409);

    const { added: second } = await addPasskey(p, 'Phone');
    expect(second.recoveryCodes).toBeUndefined();
    const list = await s.api('GET', '/api/profile/2fa/passkeys', { token: p.accessToken });
    expect(list.body.passkeys.map((k: { name: string }) => k.name)).toEqual(['Laptop', 'Phone']);
  });
});

describe('signing in with a passkey', () => {
  test('the challenge names the methods; the prompt lists the passkeys; the assertion answers the tokens', async () => {
    const p = await person();
    const { key } = await addPasskey(p);
    const { challenge, options } = await promptFor(p);
    expect((await login(p)).body.methods).toEqual(['passkey']);
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);

    const done = await withPasskey(p, challenge, key.assert(options));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), deviceToken: expect.any(String) });
    expect((await s.api('GET', '/api/profile', { token: done.body.accessToken })).status).toBe(200);
    const [shown] = (await s.api('GET', '/api/profile/2fa/passkeys', { token: p.accessToken })).body.passkeys;
    expect(shown.lastUsedAt).toEqual(expect.any(String));
  });

  test('a replayed assertion, one for another challenge or another origin, and one without a prompt are refused', async () => {
    const p = await person();
    const { key } = await addPasskey(p);
    const first = await promptFor(p);
    const assertion = key.assert(first.options);
    expect((await withPasskey(p, first.challenge, assertion)).status).toBe(200);
    // The same assertion again: its sign-in is used up, and a new sign-in's prompt has another challenge.
    expect((await withPasskey(p, first.challenge, assertion)).status).toBe(401);
    const second = await promptFor(p);
    const replayed = await withPasskey(p, second.challenge, assertion);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ message: 'The passkey could not be verified.' });

    const third = await promptFor(p);
    expect((await withPasskey(p, third.challenge, key.assert({ challenge: 'bWFkZS11cA' }))).status).toBe(401);
    // That took the prompt's challenge: even a right assertion for it needs a new prompt now.
    expect((await withPasskey(p, third.challenge, key.assert(third.options))).status).toBe(401);
    const fourth = await promptFor(p);
    expect((await withPasskey(p, fourth.challenge, key.assert(fourth.options, { origin: 'https://evil.example' }))).status).toBe(401);
    const fifth = await promptFor(p);
    expect((await withPasskey(p, fifth.challenge, key.assert(fifth.options))).status).toBe(200);
  });

  test('a signature counter that goes back is refused, one that moves on is taken', async () => {
    const p = await person();
    const { key } = await addPasskey(p);
    key.setCounter(10);
    const first = await promptFor(p);
    expect((await withPasskey(p, first.challenge, key.assert(first.options))).status).toBe(200); // counter 11
    key.setCounter(5);
    const cloned = await promptFor(p);
    expect((await withPasskey(p, cloned.challenge, key.assert(cloned.options))).status).toBe(401); // counter 6
    key.setCounter(10);
    const same = await promptFor(p);
    expect((await withPasskey(p, same.challenge, key.assert(same.options))).status).toBe(401); // counter 11 again
    const next = await promptFor(p);
    expect((await withPasskey(p, next.challenge, key.assert(next.options))).status).toBe(200); // counter 12
  });

  test('wrong assertions are counted like wrong passwords: past the limit a 429, even for a right one', async () => {
    const p = await person();
    const { key } = await addPasskey(p);
    const { challenge } = await promptFor(p);
    for (let i = 0; i < 5; i++) {
      const options = (await passkeyPrompt(p, challenge)).body;
      expect((await withPasskey(p, challenge, key.assert(options, { origin: 'https://evil.example' }))).status).toBe(401);
    }
    const options = (await passkeyPrompt(p, challenge)).body;
    const paused = await withPasskey(p, challenge, key.assert(options));
    expect(paused.status).toBe(429);
    expect(paused.body.accessToken).toBeUndefined();
  });
});

describe('passkeys beside an authenticator app', () => {
  test('both methods are offered; a passkey is removed with the password, but not the only method left; turning off removes them', async () => {
    const p = await person();
    const setup = await s.api('POST', '/api/profile/2fa/totp', { token: p.accessToken, body: { currentPassword: p.password }, headers: from(p) });
    await roomInStep();
    const confirmed = await s.api('POST', '/api/profile/2fa/totp/confirm', { token: p.accessToken, body: { code: await codeAt(setup.body.secret, -1) } });
    expect(confirmed.status).toBe(200);
    const { added } = await addPasskey(p);
    expect(added.recoveryCodes).toBeUndefined();
    expect((await login(p)).body.methods).toEqual(['totp', 'passkey']);

    const remove = (id: string, currentPassword: string) => s.api('DELETE', `/api/profile/2fa/passkeys/${id}`, { token: p.accessToken, body: { currentPassword }, headers: from(p) });
    expect((await remove(added.passkey.id, 'not-it')).status).toBe(422);
    expect((await remove(crypto.randomUUID(), p.password)).status).toBe(404);
    expect((await remove(added.passkey.id, p.password)).status).toBe(200);
    expect((await s.api('GET', '/api/profile/2fa/passkeys', { token: p.accessToken })).body.passkeys).toEqual([]);
    expect((await login(p)).body.methods).toEqual(['totp']);

    // Someone else's passkey is not found; the only method left is not removed.
    const other = await person();
    const { added: theirs } = await addPasskey(other);
    expect((await remove(theirs.passkey.id, p.password)).status).toBe(404);
    const last = await s.api('DELETE', `/api/profile/2fa/passkeys/${theirs.passkey.id}`, { token: other.accessToken, body: { currentPassword: other.password }, headers: from(other) });
    expect(last.status).toBe(409);

    // Turning two-factor sign-in off (password and a recovery code) removes the passkeys too.
    const off = await s.api('DELETE', '/api/profile/2fa', { token: other.accessToken, body: { currentPassword: other.password, code: theirs.recoveryCodes[0] }, headers: from(other) });
    expect(off.status).toBe(200);
    expect((await s.api('GET', '/api/profile/2fa/passkeys', { token: other.accessToken })).body.passkeys).toEqual([]);
    expect((await login(other)).body.accessToken).toEqual(expect.any(String));
  });
});
