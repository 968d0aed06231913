import { accessTokenExpired, expect, pageAccessToken, registerViaApi, signIn, test } from './support/fixtures.ts';

// This stack's access tokens end within the test (ACCESS_TOKEN_TTL_SECONDS in global-setup.ts); the
// tests wait until the server refuses the page's token, then act.
test.use({ baseURL: process.env.E2E_SHORT_TTL_WEB_URL });

test('an access token that expires mid-session is refreshed and the user stays signed in', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/auth/refresh') refreshes.push(r.status());
  });
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  // The refresh token is in an HttpOnly cookie only the refresh call gets, never where a script reads.
  const stored = await page.evaluate(() => ({ session: JSON.parse(localStorage.getItem('reelbase.session') as string), cookies: document.cookie }));
  expect(stored.session).toEqual({ accessToken: expect.any(String), isAdmin: false, isPaymentMethodSet: true });
  expect(stored.cookies).not.toContain('reelbase_refresh');
  expect((await page.context().cookies()).filter((c) => c.name === 'reelbase_refresh')).toEqual([
    expect.objectContaining({ path: '/auth/refresh', httpOnly: true, sameSite: 'Strict', secure: false }),
  ]);

  await accessTokenExpired(request, baseURL as string, stored.session.accessToken);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await page.getByLabel('First name').fill('Grace');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  // And again after a reload: the stored (rotated) tokens keep working.
  const rotated = await pageAccessToken(page);
  expect(rotated).not.toBe(stored.session.accessToken);
  await accessTokenExpired(request, baseURL as string, rotated);
  await page.reload();
  await expect(page.getByTestId('user-name')).toHaveText('Grace Lovelace');
  await expect(page).toHaveURL(/\/settings$/);
  expect(refreshes.length).toBeGreaterThanOrEqual(2);
  expect(refreshes.every((s) => s === 200)).toBe(true);
});

test('when the refresh fails the user is sent to /login', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  // The page idle (its list loaded, no call in flight), and its token read while it is signed in.
  await expect(page.getByText('No videos yet. Upload your first one.')).toBeVisible();
  const token = await pageAccessToken(page);
  // Spoil the refresh cookie (the same name and path replace it), then let the access token expire.
  await page.context().addCookies([{ name: 'reelbase_refresh', value: 'spoiled', domain: new URL(baseURL as string).hostname, path: '/auth/refresh', httpOnly: true, sameSite: 'Strict' }]);
  await accessTokenExpired(request, baseURL as string, token);
  await page.reload();
  // A failed refresh, then the sign-out: two round trips after the reload, slow on a loaded machine.
  await expect(page).toHaveURL(/\/login$/, { timeout: 45_000 });
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('reelbase.session'))).toBeNull();
});
