import { expect, fillCard, TEST_CARD, test } from './support/fixtures.ts';

// Without STRIPE_PUBLISHABLE_KEY (as here) the card form is the spec's, posted to the API; the
// Stripe Elements branch is covered by the API's tests with PaymentMethods the Stripe stand-in made.
test('without a Stripe publishable key the plain card form is used and Stripe.js is never fetched', async ({ page }) => {
  const stripeRequests: string[] = [];
  page.on('request', (r) => {
    if (/stripe\.com|stripe-js/i.test(r.url())) stripeRequests.push(r.url());
  });
  const config = page.waitForResponse((r) => r.url().endsWith('/api/payment/config'));
  // The account first; the card form comes with the payment step.
  await page.goto('/registration');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(`card-${crypto.randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(await (await config).json()).toEqual({ stripePublishableKey: null });
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByTestId('stripe-card')).toHaveCount(0);

  await fillCard(page, { ...TEST_CARD, cardNumber: '4242 4242 4242 4242' });
  const registered = page.waitForRequest((r) => r.url().endsWith('/api/users') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Registration' }).click();
  const { paymentMethod } = (await registered).postDataJSON();
  expect(paymentMethod).toEqual({ type: 'card', cardInfo: { cardNumber: '4242424242424242', cvc: '123', expMonth: '12', expYear: '34', firstName: 'Ada', lastName: 'Lovelace' } });
  await expect(page).toHaveURL(/\/login$/);
  expect(stripeRequests).toEqual([]);
  expect(await page.evaluate(() => 'Stripe' in window)).toBe(false);
});
