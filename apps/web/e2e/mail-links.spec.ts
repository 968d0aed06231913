import { expect, registerViaApi, signIn, test } from './support/fixtures.ts';
import { lastLink } from './support/outbox.ts';

test('the verification link signs the user in and opens My videos', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  const link = new URL(await lastLink(a.email, '/verify-email'));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
});

test('forgot password, then the reset link sets a new password', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  // The sign-in page, which has an Email field too, stays until the next page's code has loaded.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(a.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message sent successfully')).toBeVisible();

  const link = new URL(await lastLink(a.email, '/reset-password'));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('brand-new-secret');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await signIn(page, { email: a.email, password: 'brand-new-secret' });
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
});
