import { expect, registerViaApi, shot, signIn, test } from './support/fixtures.ts';

test('a user without a payment method sees the payment-method choice', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string, { paymentMethod: null });
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: 'Choose a payment method' })).toBeVisible();
  await expect(page.getByLabel('Card', { exact: true })).toBeChecked();
  await shot(page, info, 'payment-gate');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Check the card.' })).toBeVisible();
  await expect(page.getByText('Card number is required')).toBeVisible();

  // The gate stays on every user route.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Choose a payment method' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel and log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('reelbase.session'))).toBeNull();
});

test('a protected route without a token goes to /login; a signed-in user skips /login', async ({ page, request, baseURL }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  const a = await registerViaApi(request, baseURL as string);
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/$/);
});

test('an admin lands on the admin area', async ({ page }) => {
  await signIn(page, { email: 'admin@example.com', password: 'admin-password' });
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText('Admin tools are coming')).toBeVisible();
});
