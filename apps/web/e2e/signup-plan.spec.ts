import { expect, fillAccount, fillCard, newAccount, shot, TEST_CARD, test } from './support/fixtures.ts';

/*
 * Issue 22, item 6: account details first, then plan and payment. The sign-up's second step shows
 * the plans as the change-tariff screen does, with their prices; the plan chosen there is paid with
 * the card in the registration request, and the app shows that plan once signed in.
 */

interface Plans {
  items: { name: string; variants: { id: string; duration: '1m' | '1y'; price: number }[] }[];
}
const price = (dollars: number) => (Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`);

test('sign up choosing a plan: it is paid with the card and the app then shows that plan', async ({ page, request, baseURL }, info) => {
  const plans = (await (await request.get(`${baseURL}/api/payment/plan`)).json()) as Plans;
  const variant = (name: string, d: '1m' | '1y') => plans.items.find((p) => p.name === name)?.variants.find((v) => v.duration === d) as { id: string; price: number };
  const a = newAccount();
  const registrations: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/users') registrations.push(r.postDataJSON());
  });

  await page.goto('/registration');
  await fillAccount(page, a);
  await expect(page.locator('.ant-steps-item-active')).toHaveText(/Plan and payment/);

  // The plans with their monthly prices, as the plans screen shows them; nothing chosen yet ("Decide later").
  for (const name of ['bronze', 'silver', 'gold']) {
    const card = page.getByTestId(`signup-plan-${name}`);
    await expect(card).toContainText(`${price(variant(name, '1m').price)} / Month`);
    await expect(card).toContainText('storage');
  }
  await expect(page.getByRole('radio', { name: 'Decide later' })).toBeChecked();
  await expect(page.getByTestId('signup-charge')).toHaveCount(0);
  await shot(page, info, 'signup-plan-choice');

  // Yearly prices, then Silver.
  await page.getByText('Year', { exact: true }).click();
  const silverYear = variant('silver', '1y');
  await expect(page.getByTestId('signup-plan-silver')).toContainText(`${price(silverYear.price)} / Year`);
  await page.getByTestId('signup-plan-silver').click();
  await expect(page.getByRole('radio', { name: `Silver, ${price(silverYear.price)} / Year` })).toBeChecked();
  await expect(page.getByTestId('signup-charge')).toHaveText(`Registration charges ${price(silverYear.price)} / Year for Silver to this card now; the plan renews automatically.`);

  // PayPal's plan is approved at PayPal after sign-in: the cards are off meanwhile, and the choice comes back with the card.
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await expect(page.getByRole('radio', { name: `Silver, ${price(silverYear.price)} / Year` })).toBeDisabled();
  await expect(page.getByText('With PayPal, you choose the plan after signing in and approve its payment at PayPal.')).toBeVisible();
  await shot(page, info, 'signup-plan-paypal');
  await page.getByRole('radio', { name: 'Card', exact: true }).check();
  await expect(page.getByRole('radio', { name: `Silver, ${price(silverYear.price)} / Year` })).toBeChecked();

  // A card refused at the first charge (the Stripe stand-in's 4000 0000 0000 0341) is told beside the card; no account is made.
  await fillCard(page, { ...TEST_CARD, cardNumber: '4000000000000341', firstName: a.firstName, lastName: a.lastName });
  const refused = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/users');
  await page.getByRole('button', { name: 'Registration' }).click();
  expect((await refused).status()).toBe(422);
  const cardItem = page.locator('.ant-form-item').filter({ has: page.getByLabel('Card number', { exact: true }) });
  await expect(cardItem).toContainText('Your card was declined.');
  await expect(page.getByRole('radio', { name: `Silver, ${price(silverYear.price)} / Year` })).toBeChecked();
  await shot(page, info, 'signup-plan-declined');

  // A good card: the account is made with Silver, yearly.
  await page.getByLabel('Card number').fill(TEST_CARD.cardNumber);
  const made = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/users');
  await page.getByRole('button', { name: 'Registration' }).click();
  expect((await made).status()).toBe(201);
  await expect(page).toHaveURL(/\/login$/);
  expect(registrations.map((r) => r.paymentPlanId)).toEqual([silverYear.id, silverYear.id]);

  // Signed in, the app shows that plan.
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password').fill(a.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/settings');
  await expect(page.getByTestId('current-plan')).toHaveText('Silver · Yearly', { timeout: 30_000 });
  await expect(page.getByTestId('plan-status')).toHaveText('Active');
  await shot(page, info, 'signup-plan-settings');
  await page.goto('/change-tariff');
  await expect(page.getByTestId('plan-silver')).toContainText('Current plan');
  await shot(page, info, 'signup-plan-tariff');
});
