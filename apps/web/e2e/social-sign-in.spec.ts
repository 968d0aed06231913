import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, type Account, apiToken, expect, newAccount, registerViaApi, fillCard, sql, test } from './support/fixtures.ts';

// The main stack's Google and Facebook are the stand-in issuer of global-setup (apps/api/test/support/oauth-issuer.ts):
// its authorization pages answer at once for the account its `account` cookie names, as a
// provider does for a user already signed in there, and without the cookie as if Cancel was pressed.
const issuer = () => process.env.E2E_OAUTH_URL as string;
const GATE = 'Choose a payment method';

async function signedInAtProvider(page: Page, email: string) {
  await page.context().addCookies([{ name: 'account', value: encodeURIComponent(email), url: issuer() }]);
}

/** The page's calls to POST /api/auth/platform, with their bodies. */
function platformCalls(page: Page) {
  const bodies: { platform: string; token: string; nonce?: string }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/platform') bodies.push(r.postDataJSON());
  });
  return bodies;
}

/** Requests the sign-in windows made to the stand-in's authorization pages. */
function authorizationRequests(page: Page) {
  const urls: URL[] = [];
  page.context().on('request', (r) => {
    if (r.url().startsWith(issuer()) && r.isNavigationRequest()) urls.push(new URL(r.url()));
  });
  return urls;
}

/** Clicks a provider's button and waits until its sign-in window has come back and closed. */
async function throughProvider(page: Page, button: string) {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const window = await popup;
  if (!window.isClosed()) await window.waitForEvent('close');
}

/**
 * Links the Google account the stand-in knows by `a.email` to `a`'s account, as Settings does (the
 * current password and a fresh ID token with its nonce): a Google sign-in never joins an admin
 * account by its email alone.
 */
async function linkGoogle(request: APIRequestContext, baseURL: string, a: Pick<Account, 'email' | 'password'>) {
  const nonce = crypto.randomUUID();
  const q = new URLSearchParams({ client_id: 'reelbase-test.apps.googleusercontent.com', redirect_uri: `${baseURL}/oauth-callback`, response_type: 'id_token', scope: 'openid email profile', nonce, state: 'e2e' });
  const answer = await request.get(`${issuer()}/o/oauth2/v2/auth?${q}`, { headers: { cookie: `account=${encodeURIComponent(a.email)}` }, maxRedirects: 0 });
  const token = new URLSearchParams(new URL(answer.headers().location).hash.slice(1)).get('id_token');
  const headers = { authorization: `Bearer ${await apiToken(request, baseURL, a)}` };
  const res = await request.post(`${baseURL}/api/profile/identities`, { headers, data: { platform: 'google', token, nonce, currentPassword: a.password } });
  expect(res.status(), await res.text()).toBe(200);
}

const session = (page: Page) => page.evaluate(() => localStorage.getItem('reelbase.session'));

test('Google sign-in of a new user: the ID token flow in a window, then the payment-method gate', async ({ page, baseURL }) => {
  const email = newAccount().email;
  await signedInAtProvider(page, email);
  const calls = platformCalls(page);
  const authorizations = authorizationRequests(page);
  await page.goto('/login');
  await throughProvider(page, 'Sign in with Google');

  await expect(page.getByRole('heading', { name: GATE })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(JSON.parse((await session(page)) ?? '{}')).toMatchObject({ isAdmin: false, isPaymentMethodSet: false });

  // What went to Google, and the nonce it was asked for came back to the API with the token.
  expect(authorizations).toHaveLength(1);
  const q = Object.fromEntries(authorizations[0].searchParams);
  expect(authorizations[0].pathname).toBe('/o/oauth2/v2/auth');
  expect(q).toMatchObject({ client_id: 'reelbase-test.apps.googleusercontent.com', redirect_uri: `${baseURL}/oauth-callback`, response_type: 'id_token', scope: 'openid email profile' });
  expect(q.state).toMatch(/^[\w-]{22}$/);
  expect(calls).toEqual([{ platform: 'google', token: expect.stringMatching(/^ey/), nonce: q.nonce }]);
  expect(q.nonce).toMatch(/^[\w-]{22}$/);

  // The account is the Google one.
  const profile = await page.evaluate(async () => {
    const { accessToken } = JSON.parse(localStorage.getItem('reelbase.session') ?? '{}') as { accessToken: string };
    return (await fetch('/api/profile', { headers: { authorization: `Bearer ${accessToken}` } })).json();
  });
  expect(profile).toMatchObject({ email, firstName: 'Goo', lastName: 'Gle', isConfirmedEmail: true, paymentMethod: null });
});

test('Google sign-in of a user who has a payment method opens My videos; of the admin, once linked in Settings, the admin area', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  // Google joins an existing account by its email only once the account confirmed that address.
  await sql('update users set is_confirmed_email = true where email = $1', [a.email]);
  await signedInAtProvider(page, a.email);
  await page.goto('/login');
  await throughProvider(page, 'Sign in with Google');
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();

  await page.evaluate(() => localStorage.removeItem('reelbase.session'));
  await linkGoogle(request, baseURL as string, ADMIN);
  await signedInAtProvider(page, ADMIN.email);
  await page.goto('/login');
  await throughProvider(page, 'Sign in with Google');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('Sign up with Facebook: the account from the login dialog in a window, then the payment method, then the app', async ({ page }) => {
  const email = newAccount().email;
  await signedInAtProvider(page, email);
  const calls = platformCalls(page);
  const authorizations = authorizationRequests(page);
  await page.goto('/registration');
  await throughProvider(page, 'Sign up with Facebook');

  // The account comes from Facebook; the payment method is asked next, once.
  await expect(page.getByRole('heading', { name: 'Choose a payment method' })).toBeVisible();
  await fillCard(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  expect(authorizations.map((u) => [u.pathname, u.searchParams.get('response_type'), u.searchParams.get('client_id')])).toEqual([['/dialog/oauth', 'token', '424242']]);
  expect(calls).toEqual([{ platform: 'facebook', token: expect.stringMatching(/^fb-/) }]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();

  // Signing in with Facebook again is the same account, now past the gate.
  await page.evaluate(() => localStorage.removeItem('reelbase.session'));
  await page.goto('/login');
  await throughProvider(page, 'Sign in with Facebook');
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
});

test('an answer whose state is not the one this page sent is refused, and nobody is signed in', async ({ page }) => {
  await signedInAtProvider(page, newAccount().email);
  const calls = platformCalls(page);
  // Someone else's redirect: a real token from the provider, but not for the sign-in this page started.
  await page.context().route(`${issuer()}/o/oauth2/v2/auth?**`, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    const location = answer.headers().location.replace(/state=[^&]*/, 'state=forged-state');
    await route.fulfill({ status: 302, headers: { location } });
  });
  await page.goto('/login');
  await throughProvider(page, 'Sign in with Google');

  await expect(page.getByRole('alert').filter({ hasText: 'The Google answer does not belong to this sign-in, so it was refused. Try again.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(calls).toEqual([]);
  expect(await session(page)).toBeNull();
});

test('a sign-in cancelled at the provider, or its window closed, leaves the visitor on the page', async ({ page }) => {
  const calls = platformCalls(page);
  await page.goto('/login');
  // No account at the stand-in: it answers as if Cancel was pressed.
  await throughProvider(page, 'Sign in with Facebook');
  await expect(page.getByRole('alert').filter({ hasText: 'Facebook sign-in was cancelled.' })).toBeVisible();

  // The user closes the window before answering.
  await page.context().route(`${issuer()}/o/oauth2/v2/auth?**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Choose an account</title>' }));
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await (await popup).close();
  await expect(page.getByRole('alert').filter({ hasText: 'Google sign-in was cancelled.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  expect(calls).toEqual([]);
  expect(await session(page)).toBeNull();
});
