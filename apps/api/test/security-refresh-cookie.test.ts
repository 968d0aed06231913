import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARD } from './support/card.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// The web app's refresh token lives in an HttpOnly cookie only the refresh call receives, so a
// script injected into the page cannot take a long-lived token away; other clients are unchanged.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const COOKIE_MODE = { 'x-refresh-token-transport': 'cookie' };
const password = 'secret123';

async function register() {
  const email = `c${crypto.randomUUID().slice(0, 8)}@example.com`;
  const reg = await s.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password, paymentMethod: { type: 'card', cardInfo: CARD } } });
  expect(reg.status).toBe(201);
  return email;
}

/** The one Set-Cookie of an answer, as its value and its attributes (lower-cased names). */
function refreshCookieOf(headers: Headers) {
  const all = headers.getSetCookie().filter((c) => c.startsWith('reelbase_refresh='));
  expect(all).toHaveLength(1);
  const [pair, ...attrs] = all[0].split(';').map((p) => p.trim());
  const attributes = Object.fromEntries(attrs.map((a) => [a.split('=')[0].toLowerCase(), a.includes('=') ? a.slice(a.indexOf('=') + 1) : true]));
  return { value: pair.slice('reelbase_refresh='.length), attributes };
}

const login = (email: string, headers: Record<string, string> = COOKIE_MODE, rememberMe = false) =>
  s.api('POST', '/api/auth/login', { body: { email, password, rememberMe }, headers });
const refreshWithCookie = (value: string, headers: Record<string, string> = COOKIE_MODE) => s.api('POST', '/auth/refresh', { body: {}, headers: { ...headers, cookie: `reelbase_refresh=${value}` } });

test('a sign-in that asks for the cookie gets an HttpOnly, SameSite=Strict cookie scoped to /auth/refresh, and no refresh token in the body', async () => {
  const email = await register();
  const res = await login(email);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ accessToken: expect.any(String), deviceToken: expect.any(String), isAdmin: false, isPaymentMethodSet: true });
  const cookie = refreshCookieOf(res.headers);
  expect(cookie.value).toMatch(/^[\w-]{43}$/);
  expect(cookie.attributes).toMatchObject({ path: '/auth/refresh', httponly: true, samesite: 'Strict' });
  // PUBLIC_URL is http here: a Secure cookie would never come back.
  expect(cookie.attributes.secure).toBeUndefined();
  // It lasts as long as the refresh token: a day, or 30 with "remember me".
  const days = (c: ReturnType<typeof refreshCookieOf>) => Number(c.attributes['max-age']) / 86_400;
  expect(days(cookie)).toBeCloseTo(1, 2);
  expect(days(refreshCookieOf((await login(email, COOKIE_MODE, true)).headers))).toBeCloseTo(30, 2);
  expect((await s.api('GET', '/api/profile', { token: res.body.accessToken })).status).toBe(200);
});

test('without the header (the desktop app, API callers) the refresh token stays in the body and no cookie is set', async () => {
  const email = await register();
  const res = await login(email, {});
  expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), deviceToken: expect.any(String), isAdmin: false, isPaymentMethodSet: true });
  // Only the sign-in limits' device cookie.
  expect(res.headers.getSetCookie().filter((c) => c.startsWith('reelbase_refresh='))).toEqual([]);
  const next = await s.api('POST', '/auth/refresh', { body: { refreshToken: res.body.refreshToken } });
  expect(next.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
  expect(next.headers.getSetCookie()).toEqual([]);
});

test('a refresh by the cookie rotates it; the old cookie presented again ends the session', async () => {
  const email = await register();
  const first = refreshCookieOf((await login(email)).headers).value;
  const res = await refreshWithCookie(first);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ accessToken: expect.any(String) });
  const second = refreshCookieOf(res.headers);
  expect(second.value).not.toBe(first);
  expect(second.attributes).toMatchObject({ path: '/auth/refresh', httponly: true, samesite: 'Strict' });
  expect((await s.api('GET', '/api/profile', { token: res.body.accessToken })).status).toBe(200);

  // A stolen copy of the first cookie replayed after the client moved on: refused, and the whole chain ends.
  const third = refreshCookieOf((await refreshWithCookie(second.value)).headers).value;
  const replay = await refreshWithCookie(first);
  expect(replay.status).toBe(401);
  expect(replay.body.code).toBe('INVALID_TOKEN_ERROR');
  expect((await refreshWithCookie(third)).status).toBe(401);
  expect((await s.api('GET', '/api/profile', { token: res.body.accessToken })).status).toBe(401);
});

test('the cookie alone refreshes nothing: without the header (a cross-site form cannot add it) it is not read', async () => {
  const email = await register();
  const cookie = refreshCookieOf((await login(email)).headers).value;
  const forged = await refreshWithCookie(cookie, { 'content-type': 'application/json' });
  expect(forged.status).toBe(422);
  expect(forged.headers.getSetCookie()).toEqual([]);
  // Nor does a cross-site page get past CORS to add the header.
  const preflight = await fetch(`${s.url}/auth/refresh`, {
    method: 'OPTIONS',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-refresh-token-transport' },
  });
  expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  // The cookie still works for the app itself.
  expect((await refreshWithCookie(cookie)).status).toBe(200);
});

test('a cookie-mode refresh without the cookie answers 401, as a dead session', async () => {
  const res = await s.api('POST', '/auth/refresh', { body: {}, headers: COOKIE_MODE });
  expect(res.status).toBe(401);
  expect(res.body.code).toBe('INVALID_TOKEN_ERROR');
});

test('a refresh token kept in the body from before moves into the cookie on its next refresh', async () => {
  const email = await register();
  const old = (await login(email, {})).body.refreshToken as string;
  const res = await s.api('POST', '/auth/refresh', { body: { refreshToken: old }, headers: COOKIE_MODE });
  expect(res.status).toBe(200);
  expect(res.body.refreshToken).toBeUndefined();
  expect((await refreshWithCookie(refreshCookieOf(res.headers).value)).status).toBe(200);
});

test('sign-out clears the cookie, and the token it held no longer refreshes', async () => {
  const email = await register();
  const signedIn = await login(email);
  const cookie = refreshCookieOf(signedIn.headers).value;
  const out = await s.api('POST', '/api/auth/logout', { token: signedIn.body.accessToken, headers: COOKIE_MODE });
  expect(out.status).toBe(200);
  const cleared = refreshCookieOf(out.headers);
  expect(cleared.value).toBe('');
  expect(cleared.attributes).toMatchObject({ path: '/auth/refresh', 'max-age': '0', httponly: true, samesite: 'Strict' });
  expect(new Date(cleared.attributes.expires as string).getTime()).toBeLessThan(Date.now());
  expect((await refreshWithCookie(cookie)).status).toBe(401);
});

test('email verification in cookie mode signs in with the cookie too', async () => {
  const email = await register();
  const token = new URL((await s.lastMail(email)).link as string).searchParams.get('token');
  const res = await s.api('POST', '/api/auth/verify-email', { body: { token }, headers: COOKIE_MODE });
  expect(res.status).toBe(200);
  expect(res.body.refreshToken).toBeUndefined();
  expect((await refreshWithCookie(refreshCookieOf(res.headers).value)).status).toBe(200);
});

test('with an https PUBLIC_URL the cookie is Secure (also when TLS ends at a proxy in front)', async () => {
  const tls = await startTestServer({ PUBLIC_URL: 'https://videos.example.com' });
  try {
    const email = `t${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await tls.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password, paymentMethod: { type: 'paypal' } } })).status).toBe(201);
    const res = await tls.api('POST', '/api/auth/login', { body: { email, password }, headers: COOKIE_MODE });
    expect(res.status).toBe(200);
    expect(refreshCookieOf(res.headers).attributes).toMatchObject({ secure: true, httponly: true, samesite: 'Strict', path: '/auth/refresh' });
  } finally {
    await tls.stop();
  }
});
