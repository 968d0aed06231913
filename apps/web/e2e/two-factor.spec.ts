import { generate } from 'otplib';
import { expect, registerViaApi, shot, signIn, test } from './support/fixtures.ts';

/*
 * Issue 35 item 1 in the browser: two-factor authentication set up from Settings with the key the
 * card shows (typed into otplib here, as into an authenticator app), the recovery codes shown
 * once, then a sign-out and a sign-in that asks for the app's code after the password.
 */

/** The server takes the previous, current and next step's code, each once and in rising order: start with a few seconds of this step left. */
async function roomInStep() {
  const left = () => 30 - ((Date.now() / 1000) % 30);
  if (left() < 8) await new Promise((r) => setTimeout(r, left() * 1000 + 100));
}
const codeAt = (secret: string, offset: 0 | 1) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

test('set up an authenticator app in Settings, sign out, sign in with its code', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 60_000 });
  const card = page.getByTestId('two-factor');
  await expect(card.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();

  // A wrong password is refused with the server's words.
  await card.getByLabel('Current password').fill('not-my-password');
  await card.getByRole('button', { name: 'Set up' }).click();
  await expect(card.getByRole('alert')).toContainText('Current password is incorrect');

  await card.getByLabel('Current password').fill(a.password);
  await card.getByRole('button', { name: 'Set up' }).click();
  const secret = (await card.getByTestId('totp-secret').textContent())?.trim() as string;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(card.getByLabel('QR code for your authenticator app')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, info, 'two-factor-setup');

  await roomInStep();
  await card.getByLabel('Authentication code').fill(await codeAt(secret, 0));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await card.getByRole('button', { name: 'I saved the codes' }).click();
  await expect(card.getByText('Sign-ins ask for a code from your authenticator app after the password.')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  // The password alone no longer signs in: the second step asks for the code.
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000' === (await codeAt(secret, 1)) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not correct.');
  await shot(page, info, 'two-factor-sign-in');
  await page.getByLabel('Authentication code').fill(await codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
});
