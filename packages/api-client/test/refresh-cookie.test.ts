import { describe, expect, inject, it } from 'vitest';
import { createApiClient } from '../src/client/api.ts';
import { memoryTokenStorage, type Session, type SignOutEvent } from '../src/client/session.ts';
import type { FetchLike } from '../src/client/transport.ts';
import { CARD, sleep, uniqueEmail } from './support/client.ts';

const waitForExpiry = () => sleep(inject('accessTtlSeconds') * 1000 + 1200);

/**
 * What a browser does with cookies, as far as these calls need: Set-Cookie kept by name and
 * path (Max-Age=0 removes it) and sent back only to paths under the cookie's path.
 */
function browserLike() {
  const jar = new Map<string, { value: string; path: string }>();
  const sent: { path: string; cookie: string | null; body: unknown; transport: string | null }[] = [];
  const fetcher: FetchLike = async (input, init) => {
    const url = new URL(input);
    const headers = new Headers(init?.headers);
    const cookie = [...jar].filter(([, c]) => url.pathname.startsWith(c.path)).map(([name, c]) => `${name}=${c.value}`).join('; ');
    if (cookie) headers.set('cookie', cookie);
    sent.push({ path: url.pathname, cookie: cookie || null, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined, transport: headers.get('x-refresh-token-transport') });
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((p) => p.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      if (attrs.some((a) => a.toLowerCase() === 'max-age=0')) jar.delete(name);
      else jar.set(name, { value: pair.slice(name.length + 1), path });
    }
    return res;
  };
  return { jar, sent, fetcher };
}

async function cookieClient(initial: Session | null = null) {
  const browser = browserLike();
  const storage = memoryTokenStorage(initial);
  const signOuts: SignOutEvent[] = [];
  const client = createApiClient({ baseUrl: inject('apiUrl'), storage, fetch: browser.fetcher, refreshTokenTransport: 'cookie', onSignOut: (e) => signOuts.push(e) });
  return { client, storage, signOuts, ...browser };
}

async function registered() {
  const email = uniqueEmail();
  await createApiClient({ baseUrl: inject('apiUrl'), storage: memoryTokenStorage() }).users.register({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: CARD } });
  return email;
}

describe('refresh token in a cookie (the web app)', () => {
  it('signs in without keeping a refresh token: the cookie holds it, sent only to the refresh call', async () => {
    const t = await cookieClient();
    const answer = await t.client.auth.login({ email: await registered(), password: 'secret123' });
    expect(answer).not.toHaveProperty('refreshToken');
    expect(await t.storage.load()).toEqual({ accessToken: expect.any(String), isAdmin: false, isPaymentMethodSet: true });
    // Beside the sign-in limits' device cookie.
    expect([...t.jar.keys()]).toContain('reelbase_refresh');
    expect(t.jar.get('reelbase_refresh')?.path).toBe('/auth/refresh');

    await t.client.profile.get();
    expect(t.sent.find((r) => r.path === '/api/profile')?.cookie).toBeNull();
  });

  it('refreshes an expired access token through the cookie, which rotates, and retries the call', async () => {
    const t = await cookieClient();
    await t.client.auth.login({ email: await registered(), password: 'secret123' });
    const cookieBefore = t.jar.get('reelbase_refresh')?.value;
    const accessBefore = t.client.getSession()?.accessToken;
    await waitForExpiry();
    t.sent.length = 0;

    await expect(t.client.profile.get()).resolves.toMatchObject({ firstName: 'Ada' });
    expect(t.sent.map((r) => r.path)).toEqual(['/api/profile', '/auth/refresh', '/api/profile']);
    const refresh = t.sent[1];
    expect(refresh).toMatchObject({ transport: 'cookie', body: {}, cookie: `reelbase_refresh=${cookieBefore}` });
    expect(t.jar.get('reelbase_refresh')?.value).not.toBe(cookieBefore);
    expect(t.client.getSession()?.accessToken).not.toBe(accessBefore);
    expect(t.client.getSession()?.refreshToken).toBeUndefined();

    // The rotated cookie keeps working (reusing the old one would have ended the session).
    await waitForExpiry();
    await expect(t.client.profile.get()).resolves.toMatchObject({ firstName: 'Ada' });
    expect(t.signOuts).toEqual([]);
  });

  it('signs out with the expiry message when the cookie is gone', async () => {
    const t = await cookieClient();
    await t.client.auth.login({ email: await registered(), password: 'secret123' });
    t.jar.clear();
    await waitForExpiry();
    const err = await t.client.profile.get().catch((e) => e);
    expect(err.status).toBe(401);
    expect(await t.storage.load()).toBeNull();
    expect(t.signOuts).toEqual([{ reason: 'expired', message: 'Your session has expired. Please sign in again.' }]);
  });

  it('moves a refresh token stored before the cookie existed into the cookie on the next refresh', async () => {
    const email = await registered();
    const old = createApiClient({ baseUrl: inject('apiUrl'), storage: memoryTokenStorage() });
    await old.auth.login({ email, password: 'secret123' });
    const legacy = old.getSession() as Session;
    expect(legacy.refreshToken).toEqual(expect.any(String));

    const t = await cookieClient(legacy);
    await waitForExpiry();
    await expect(t.client.profile.get()).resolves.toMatchObject({ firstName: 'Ada' });
    expect(t.sent.find((r) => r.path === '/auth/refresh')?.body).toEqual({ refreshToken: legacy.refreshToken });
    expect((await t.storage.load())?.refreshToken).toBeUndefined();
    expect(t.jar.has('reelbase_refresh')).toBe(true);
  });

  it('two tabs meeting an expired token at once refresh once between them and both stay signed in', async () => {
    // Two clients on one storage and one cookie jar: the tabs of one browser.
    const browser = browserLike();
    const storage = memoryTokenStorage();
    const signOuts: SignOutEvent[] = [];
    const tab = () => createApiClient({ baseUrl: inject('apiUrl'), storage, fetch: browser.fetcher, refreshTokenTransport: 'cookie', onSignOut: (e) => signOuts.push(e) });
    const first = tab();
    await first.auth.login({ email: await registered(), password: 'secret123' });
    const second = tab();
    await waitForExpiry();
    browser.sent.length = 0;

    const answers = await Promise.all([first.profile.get(), second.profile.get(), first.videos.list(), second.videos.list()]);
    expect(answers).toHaveLength(4);
    // A second refresh with the same cookie would have looked like a stolen one and ended the session.
    expect(browser.sent.filter((r) => r.path === '/auth/refresh')).toHaveLength(1);
    expect(signOuts).toEqual([]);
    expect(second.getSession()?.accessToken).toBe(first.getSession()?.accessToken);
  });

  it('sign-out removes the cookie', async () => {
    const t = await cookieClient();
    await t.client.auth.login({ email: await registered(), password: 'secret123' });
    const cookie = t.jar.get('reelbase_refresh')?.value;
    await t.client.auth.logout();
    expect(t.jar.has('reelbase_refresh')).toBe(false);
    expect(await t.storage.load()).toBeNull();
    // And the token it held is dead on the server too.
    const res = await fetch(`${inject('apiUrl')}/auth/refresh`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-refresh-token-transport': 'cookie', cookie: `reelbase_refresh=${cookie}` }, body: '{}' });
    expect(res.status).toBe(401);
  });
});
