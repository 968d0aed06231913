import { spawnSync } from 'node:child_process';
import { createApiClient } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { keychainTokens, libsecretStore } from '../src/main/keychain.ts';
import { type Keyring, startKeyring } from './support/keyring.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/api.ts';

let keyring: Keyring;
let s: TestServer;

beforeAll(async () => {
  keyring = await startKeyring();
  // Said in the output, not hidden: a machine without GNOME Keyring does not run this test.
  if ('unavailable' in keyring) console.warn(`[keychain test] NOT RUN: ${keyring.unavailable}`);
  else s = await startTestServer();
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
