import { ALERT_DISMISS_MS } from '@reelbase/api-client';
import { expect, newAccount, test } from './support/fixtures.ts';

test('the alert bar clears itself after 6 seconds', async ({ page }) => {
  // The page's clock is the test's: paused before the sign-in, it moves only when told, so the
  // alert's 6 s are counted on it and not against a loaded machine's wall clock.
  await page.clock.install();
  await page.goto('/login');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const a = newAccount();
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password').fill(a.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(alert).toBeVisible();
  expect(ALERT_DISMISS_MS).toBe(6000);
  // Still there a moment before its 6 s, gone at 6 s.
  await page.clock.runFor(ALERT_DISMISS_MS - 1);
  await expect(alert).toBeVisible();
  await page.clock.runFor(1);
  await expect(alert).toBeHidden();
});
