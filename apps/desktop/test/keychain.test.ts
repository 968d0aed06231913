import { spawnSync } from 'node:child_process';
import { createApiClient } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { keychainDeviceToken, keychainTokens, libsecretStore } from '../src/main/keychain.ts';
import { type Keyring, startKeyring } from './support/keyring.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/api.ts';

let keyring: Keyring;
let s: TestServer;

beforeAll(async () => {
  keyring = await startKeyring();
  // Said in the output, not hidden: a machine without GNOME Keyring does not run this test.
  if ('unavailable' in keyring) console.warn(`[keychain test] NOT RUN: ${keyring.unavailable}`);
  // Behind a "proxy", so the device test can fail sign-ins from other addresses; two failures pause new devices.
  else s = await startTestServer({ TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '1', LOGIN_MAX_FAILURES_PER_ACCOUNT: '2' });
});
afterAll(async () => {
  await s?.stop();
  if (!('unavailable' in keyring)) await keyring.stop();
});

/** What another program reading the keyring sees: the secret under the app's service and the API origin. */
const lookup = (env: NodeJS.ProcessEnv, account: string) => spawnSync('secret-tool', ['lookup', 'service', 'Reelbase', 'account', account], { env, encoding: 'utf8' }).stdout;

test('sign-in keeps both tokens in the OS keychain and sign-out removes them', async (ctx) => {
  if ('unavailable' in keyring) return ctx.skip();
  const env = keyring.env;
  const user = await signUpAndLogin(s);
  const origin = new URL(s.url).origin;
  const storage = keychainTokens(libsecretStore(env), origin);

  const client = createApiClient({ baseUrl: s.url, storage });
  await client.ready;
  expect(client.getSession()).toBeNull();
  await client.auth.login({ email: user.email, password: user.password });
  const stored = JSON.parse(lookup(env, origin));
  expect(stored.accessToken).toBe(client.getSession()?.accessToken);
  expect(stored.refreshToken).toBe(client.getSession()?.refreshToken);

  // A new process (the app's next start) finds the session there and is signed in.
  const next = createApiClient({ baseUrl: s.url, storage: keychainTokens(libsecretStore(env), origin) });
  await next.ready;
  expect((await next.profile.get()).email).toBe(user.email);

  await next.auth.logout();
  expect(lookup(env, origin)).toBe('');
  expect(await storage.load()).toBeNull();
  // The tokens were ended on the server too, not only forgotten here.
  const old = await s.api('GET', '/api/profile', { token: stored.accessToken });
  expect(old.status).toBe(401);
});

test('the device token of a sign-in stays in the keychain after sign-out, and lets this app in while new devices are paused', async (ctx) => {
  if ('unavailable' in keyring) return ctx.skip();
  const env = keyring.env;
  const user = await signUpAndLogin(s);
  const origin = new URL(s.url).origin;
  const sent: (string | null)[] = [];
  const desktop = () =>
    createApiClient({
      baseUrl: s.url,
      storage: keychainTokens(libsecretStore(env), origin),
      deviceTokens: keychainDeviceToken(libsecretStore(env), origin),
      fetch: (input, init) => {
        if (new URL(input).pathname === '/api/auth/login') sent.push(new Headers(init?.headers).get('x-device-token'));
        return fetch(input, init);
      },
    });
  const app = desktop();
  await app.auth.login({ email: user.email, password: user.password });
  const first = lookup(env, `${origin} device`);
  expect(first).toMatch(/^[0-9a-f-]{36}\./);
  await app.auth.logout();
  expect(lookup(env, `${origin} device`)).toBe(first);

  // Someone guesses from two addresses: sign-ins from new devices are paused.
  for (const from of ['192.0.2.50', '192.0.2.51']) {
    const res = await s.api('POST', '/api/auth/login', { body: { email: user.email, password: 'a-guess' }, headers: { 'x-forwarded-for': from } });
    expect(res.status).toBe(401);
  }
  const stranger = createApiClient({ baseUrl: s.url, storage: keychainTokens(libsecretStore(env), 'https://elsewhere.example') });
  await expect(stranger.auth.login({ email: user.email, password: user.password })).rejects.toMatchObject({ status: 429 });

  // The app, started again, presents the token from the keychain and gets in.
  const next = desktop();
  await next.auth.login({ email: user.email, password: user.password });
  expect(sent.at(-1)).toBe(first);
  expect((await next.profile.get()).email).toBe(user.email);
  expect(lookup(env, `${origin} device`)).not.toBe(first);
  await next.auth.logout();
});

test('each API origin has its own entry', async (ctx) => {
  if ('unavailable' in keyring) return ctx.skip();
  const store = libsecretStore(keyring.env);
  await store.set('https://a.example', 'one');
  await store.set('https://b.example', 'two');
  expect(await store.get('https://a.example')).toBe('one');
  await store.delete('https://a.example');
  expect(await store.get('https://a.example')).toBeNull();
  expect(await store.get('https://b.example')).toBe('two');
});
