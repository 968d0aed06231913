import type { CDPSession } from '@playwright/test';
import { expect, registerViaApi, shot, signIn, test } from './support/fixtures.ts';

/*
 * Issue 35 item 1 in the browser: a passkey added in Settings and used at sign-in, with Chromium's
 * virtual authenticator (CDP WebAuthn domain: a CTAP2 platform authenticator with user
 * verification) standing in for Touch ID or Windows Hello. The stack's PUBLIC_URL is
 * http://127.0.0.1:PORT, and an IP address is no valid WebAuthn RP ID, so the server serves passkeys
 * for `localhost` on that port (docs/decisions.md) and this test opens the app there.
 */

const onLocalhost = (url: string) => {
  const u = new URL(url);
  u.hostname = 'localhost';
  return u.origin;
};

/** A virtual platform authenticator in this page's browser: the browser's passkey dialog answers at once, as after a fingerprint. */
async function virtualAuthenticator(cdp: CDPSession) {
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('add a passkey in Settings, sign out, sign in with the password and the passkey', async ({ browser, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const context = await browser.newContext({ baseURL: onLocalhost(baseURL as string), viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const authenticator = await virtualAuthenticator(await context.newCDPSession(page));

  await signIn(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 60_000 });
  const card = page.getByTestId('two-factor');
  await card.getByLabel('Current password').fill(a.password);
  await card.getByLabel('Passkey name').fill('Test laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();

  // The first method turns two-factor sign-in on: the recovery codes, once.
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  expect(await authenticator.credentials()).toHaveLength(1);
  await card.getByRole('button', { name: 'I saved the codes' }).click();
  await expect(card.getByText('Sign-ins ask for a passkey (or the code of an authenticator app you set up) after the password.')).toBeVisible();
  await expect(card.getByTestId('passkeys').getByText('Test laptop')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, info, 'passkeys-settings');

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  // The password alone no longer signs in: the second step offers the passkey.
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await shot(page, info, 'passkeys-sign-in');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();

  // The sign-in used the passkey: Settings shows when.
  await page.goto('/settings');
  await expect(page.getByTestId('passkeys').getByText('Test laptop')).toBeVisible({ timeout: 60_000 });
  await context.close();
});

test('without WebAuthn in the browser, Settings offers no passkey', async ({ page, request, baseURL }) => {
  await page.addInitScript(() => {
    // A browser without WebAuthn (an old or locked-down one).
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  });
  const a = await registerViaApi(request, baseURL as string);
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto('/settings');
  const card = page.getByTestId('two-factor');
  await expect(card.getByRole('button', { name: 'Set up' })).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
});
