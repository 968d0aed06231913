import { expect, newAccount, signIn, test } from './support/fixtures.ts';

test('the alert bar clears itself after 6 seconds', async ({ page }) => {
  await signIn(page, newAccount());
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(alert).toBeVisible();
  const shownAt = Date.now();
  await page.waitForTimeout(4_000);
  await expect(alert).toBeVisible();
  await expect(alert).toBeHidden({ timeout: 4_000 });
  const elapsed = Date.now() - shownAt;
  expect(elapsed).toBeGreaterThanOrEqual(5_000);
  expect(elapsed).toBeLessThan(8_000);
});
