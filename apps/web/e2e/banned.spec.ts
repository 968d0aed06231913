import { expect, registerViaApi, signIn, sql, test } from './support/fixtures.ts';

test('a banned user is forced out with "User was baned"', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();

  await sql('update users set ban = true where email = $1', [a.email]);
  // The next load's first signed-in call meets the ban. (Navigating in the app first raced the
  // reload: a refused call already signed out, and the reload then wiped the alert it left.)
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: 'User was baned' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('reelbase.session'))).toBeNull();

  // Signing in again is refused with the same text.
  await signIn(page, a);
  await expect(page.getByRole('alert').filter({ hasText: 'User was baned' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
