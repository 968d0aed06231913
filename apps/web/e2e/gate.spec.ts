import type { Page } from '@playwright/test';
import { ADMIN, expect, fillCard, registerViaApi, shot, signIn, test } from './support/fixtures.ts';
import { choose } from './support/select.ts';

const GATE = 'Choose a payment method';

/** The PUT /api/profile calls the page makes, with their bodies. */
function profileUpdates(page: Page) {
  const bodies: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/profile') bodies.push(r.postDataJSON());
  });
  return bodies;
}

test('a user without a payment method gets in with a card once it is valid', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string, { paymentMethod: null });
  const updates = profileUpdates(page);
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: GATE })).toBeVisible();
  await expect(page.getByLabel('Card', { exact: true })).toBeChecked();
  await shot(page, info, 'payment-gate');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Check the card.' })).toBeVisible();
  await expect(page.getByText('Card number is required')).toBeVisible();

  // The gate stays on every user route.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: GATE })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: GATE })).toBeVisible();

  // An invalid card is refused before anything is sent.
  await fillCard(page, { cardNumber: '4242 4242', expMonth: '13', expYear: '29', cvc: '12', firstName: 'Ada', lastName: 'Lovelace' });
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Check the card.' })).toBeVisible();
  await expect(page.getByText('Enter a valid card number')).toBeVisible();
  await expect(page.getByText('Enter a valid Exp month')).toBeVisible();
  await expect(page.getByText('Enter a valid CWV/CVC')).toBeVisible();
  expect(updates).toEqual([]);

  // A valid card is saved on the profile and opens the app.
  await fillCard(page, { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '29', cvc: '123', firstName: ' Ada ', lastName: 'Lovelace' });
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/profile');
  await page.getByRole('button', { name: 'Approve' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ message: 'Profile updated successfully!', profile: { isPaymentMethodSet: true, paymentMethod: 'card' } });
  expect(updates).toEqual([
    { paymentMethod: { type: 'card', cardInfo: { cardNumber: '4242424242424242', cvc: '123', expMonth: '12', expYear: '29', firstName: 'Ada', lastName: 'Lovelace' } } },
  ]);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: GATE })).toHaveCount(0);

  // Saved on the server: a reload stays in the app.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
});

test('the gate can be left by signing out, and a first payment approved at PayPal passes it', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string, { paymentMethod: null });
  const updates = profileUpdates(page);
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: GATE })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel and log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('reelbase.session'))).toBeNull();

  // Still without a payment method: the gate comes back at the next sign-in.
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: GATE })).toBeVisible();
  await page.getByLabel('PayPal', { exact: true }).check();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  // PayPal is not saved as it stands: it becomes the method when PayPal approves a first payment.
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Pay with PayPal' })).toBeVisible();
  const go = page.getByRole('button', { name: 'Continue to PayPal' });
  await expect(go).toBeDisabled();
  await choose(page.getByLabel('Plan', { exact: true }), 'Bronze: $12 / Month');
  await go.click();
  const detail = page.getByRole('dialog', { name: 'Payment detail' });
  // No saved card: PayPal is the only way to pay.
  await expect(detail.getByRole('radio')).toHaveCount(0);
  await expect(detail).toContainText('PayPal');
  const popup = page.context().waitForEvent('page');
  await detail.getByRole('button', { name: 'Pay with PayPal' }).click();
  const paypal = await popup;
  await paypal.getByRole('button', { name: 'Agree & Subscribe' }).click();
  // The return page passes the gate and completes the payment.
  await expect(paypal).toHaveURL(/\/payment\/paypal\?subscription_id=/);
  await expect(paypal.getByRole('status').filter({ hasText: 'Transaction completed by' })).toHaveText('Transaction completed by Grace Hopper', { timeout: 30_000 });
  await paypal.close();

  // The gated window sees the plan start and opens the app.
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible({ timeout: 30_000 });
  expect(updates).toEqual([]);
  const profile = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('reelbase.session') ?? '{}') as { accessToken?: string };
    const res = await fetch('/api/profile', { headers: { authorization: `Bearer ${session.accessToken}` } });
    return res.json();
  });
  expect(profile).toMatchObject({ isPaymentMethodSet: true, paymentMethod: 'paypal' });
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
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});
