import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { type Account, expect, newAccount, registerViaApi, sampleVideo, shot, signInViaApi, sql, test, tinyVideo, uploadViaApi } from './support/fixtures.ts';

const GB = 1024 ** 3;
const RED = 'rgb(255, 0, 0)';

/** No sideways scrolling: the page fits the viewport (charts redraw a moment after a resize). */
async function fitsWidth(page: Page) {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await expect.poll(overflow, { timeout: 5_000 }).toBeLessThanOrEqual(1);
}

/**
 * Screenshots at 1280 px (this project's viewport) and at 375 px, each checked for sideways
 * scrolling, named as the mobile project would name them; the page returns to 1280 px.
 */
async function shotBoth(page: Page, info: TestInfo, name: string, ready: () => Promise<void> = async () => {}) {
  await fitsWidth(page);
  await shot(page, info, name);
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 375, height: 812 });
  await ready();
  await fitsWidth(page);
  await shot(page, { project: { name: 'mobile' } } as TestInfo, name);
  await page.setViewportSize(size);
}

/** Opens a sidebar link (in the drawer on phones). */
async function openNav(page: Page, name: string) {
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  if (mobile) await page.getByRole('button', { name: 'Menu' }).click();
  const nav = mobile ? page.getByRole('dialog', { name: 'Menu' }) : page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name }).click();
}

/** Signs in and waits for My videos (slow on a busy machine: the first screen's chunks load after sign-in). */
async function signedIn(page: Page, a: Account) {
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible({ timeout: 30_000 });
}

const alertBar = (page: Page) => page.getByTestId('alert-bar');

const MONTH_KEY = (offset: number) => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return d.toISOString().slice(0, 10);
};

test('View Usage: storage and this month against the limits, bandwidth per month as a chart, the plan limits', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  await uploadViaApi(request, baseURL as string, a, tinyVideo(), 'Usage clip');
  // Months of viewing cannot be waited for: past months' counters are written as the bandwidth flush writes them.
  const [{ id }] = (await sql('select id from users where email = $1', [a.email])).rows;
  for (const [offset, bytes] of [[-2, 3 * GB], [-1, 1.5 * GB], [0, 512 * 1024 ** 2]] as const) {
    await sql('insert into user_bandwidth_months (user_id, month, bytes) values ($1, $2, $3) on conflict (user_id, month) do update set bytes = excluded.bytes', [id, MONTH_KEY(offset), bytes]);
  }

  await signedIn(page, a);
  await openNav(page, 'View Usage');
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();

  // The upload counts against storage; this month's bandwidth is the current month's counter.
  await expect(page.getByTestId('storage-used')).not.toHaveText('0 B');
  // Plus what the page's own thumbnails may have counted since.
  await expect(page.getByTestId('bandwidth-used')).toHaveText(/^512(\.\d+)? MB$/);
  await expect(page.getByRole('progressbar').first()).toBeVisible();

  // The chart (its own lazily loaded chunk) and its table for screen readers.
  await expect(page.locator('.apexcharts-canvas')).toBeVisible();
  const table = page.getByRole('table', { name: 'Bandwidth per month' });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('row').filter({ hasText: '3 GB' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: '1.5 GB' })).toHaveCount(1);

  await expect(page.getByText("Your plan's limits")).toBeVisible();
  await expect(page.getByTestId('usage-plan')).toBeVisible();
  await shotBoth(page, info, 'usage', () => expect(page.locator('.apexcharts-canvas')).toBeVisible());
});

test('View Usage of a new account: no bandwidth yet', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await signedIn(page, a);
  await page.goto('/usage');
  await expect(page.getByText('No bandwidth used yet.')).toBeVisible();
  await expect(page.getByTestId('storage-used')).toHaveText('0 B');
  await expect(page.locator('.apexcharts-canvas')).toHaveCount(0);
});

test('settings: default player colours with a live preview, show logo, saved with the profile message', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  await uploadViaApi(request, baseURL as string, a, sampleVideo(), 'Preview clip');
  await signedIn(page, a);
  await openNav(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  const preview = page.getByRole('region', { name: 'Live preview' }).getByTestId('player-preview');
  await expect(preview.locator('.rb-big-play')).toBeVisible({ timeout: 90_000 });
  await page.getByLabel('Play button').fill('#ff0000');
  // Shown before anything is saved.
  await expect(preview.locator('.rb-big-play')).toHaveCSS('background-color', RED);
  await page.getByRole('switch', { name: 'Show logo on player' }).click();

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save player defaults' }).click();
  const sent = (await saved).request().postDataJSON();
  expect(sent).toEqual({ colorScheme: { playerPlayButton: '#ff0000' }, showLogoOnPlayer: true });
  await expect(alertBar(page)).toContainText('Profile updated successfully!');

  await page.reload();
  // A full load of the app (slow on a busy machine).
  await expect(page.getByLabel('Play button')).toHaveValue('#ff0000', { timeout: 30_000 });
  await expect(page.getByRole('switch', { name: 'Show logo on player' })).toBeChecked();
  // A video uploaded now starts with the new defaults.
  const next = await uploadViaApi(request, baseURL as string, a, tinyVideo(), 'After defaults');
  await page.goto(`/${next.id}`);
  await expect(page.getByRole('region', { name: 'Player settings' }).getByLabel('Play button')).toHaveValue('#ff0000');

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Default player colour scheme' })).toBeVisible();
  await expect(preview.locator('.rb-big-play')).toBeVisible();
  await shotBoth(page, info, 'settings-billing');
});

test('settings: change the payment method through the enter-card and confirm modals', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await signedIn(page, a);
  await openNav(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Change payment method' }).click();
  const enter = page.getByRole('dialog', { name: 'Enter a payment method' });
  await expect(enter.getByRole('radio', { name: 'Card' })).toBeChecked();

  // The card rules of the spec first.
  await enter.getByRole('button', { name: 'Continue' }).click();
  await expect(enter.getByText('Card number is required')).toBeVisible();
  await expect(alertBar(page)).toContainText('Check the card.');

  await enter.getByLabel('Card number').fill('4242424242424242');
  await enter.getByLabel('Exp month').fill('04');
  await enter.getByLabel('Exp year').fill('39');
  await enter.getByLabel('CVC/CWV').fill('123');
  await enter.getByLabel('First name').fill('Ada');
  await enter.getByLabel('Last name').fill('Lovelace');
  await enter.getByRole('button', { name: 'Continue' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm the payment method' });
  await expect(confirm.getByTestId('confirm-method')).toHaveText('Card •••• 4242, expires 04/39, Ada Lovelace');
  // Going back keeps what was typed.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(enter.getByLabel('Card number')).toHaveValue('4242424242424242');
  await enter.getByRole('button', { name: 'Continue' }).click();

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile') && r.request().method() === 'PUT');
  await confirm.getByRole('button', { name: 'Use this method' }).click();
  expect((await saved).status()).toBe(200);
  await expect(alertBar(page)).toContainText('Profile updated successfully!');
  await expect(enter).toBeHidden();
  await expect(page.getByTestId('payment-method')).toContainText(/4242|Card/);

  // PayPal is not saved from here: it becomes the method with a first PayPal payment, so nothing is sent and the card stays.
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/profile') puts.push(r.url());
  });
  await page.getByRole('button', { name: 'Change payment method' }).click();
  await enter.getByRole('radio', { name: 'PayPal' }).check();
  await enter.getByRole('button', { name: 'Continue' }).click();
  await expect(confirm.getByTestId('confirm-method')).toContainText('PayPal: it becomes your payment method when you approve your first PayPal payment');
  await confirm.getByRole('button', { name: 'Use this method' }).click();
  await expect(alertBar(page)).toContainText('Choose a plan and pay it with PayPal: once PayPal approves the payment, PayPal is your payment method.');
  await expect(enter).toBeHidden();
  await expect(page.getByTestId('payment-method')).toContainText(/4242|Card/);
  await expect(page.getByTestId('payment-method')).not.toContainText('PayPal');
  expect(puts).toEqual([]);
});

/** Registers with a card (it goes to the Stripe stand-in) and signs in. */
async function cardCustomer(page: Page, request: APIRequestContext, baseURL: string): Promise<Account> {
  const a = newAccount();
  const card = { cardNumber: '4242424242424242', cvc: '123', expMonth: '12', expYear: '39', firstName: 'Ada', lastName: 'Lovelace' };
  const res = await request.post(`${baseURL}/api/users`, { data: { ...a, paymentMethod: { type: 'card', cardInfo: card } } });
  expect(res.status(), await res.text()).toBe(201);
  await signedIn(page, a);
  return a;
}

const planCard = (page: Page, name: 'bronze' | 'silver' | 'gold') => page.getByTestId(`plan-${name}`);

test('change plan: subscribe with the saved card, upgrade now, downgrade at the period end, cancel and reactivate on settings', async ({ page, request, baseURL }, info) => {
  await cardCustomer(page, request, baseURL as string);
  await openNav(page, 'Change plan');
  await expect(page.getByRole('heading', { level: 1, name: 'Change tariff' })).toBeVisible({ timeout: 30_000 });

  // Three plans side by side, monthly first, then yearly.
  await expect(planCard(page, 'bronze').getByTestId('plan-price')).toHaveText('$12 / Month');
  await expect(planCard(page, 'gold').getByTestId('plan-price')).toHaveText('$79 / Month');
  await expect(planCard(page, 'silver')).toContainText('500 GB storage');
  await page.getByText('Year', { exact: true }).click();
  await expect(planCard(page, 'silver').getByTestId('plan-price')).toHaveText('$290 / Year');
  await expect(planCard(page, 'silver')).toContainText('2 months free');

  // No plan yet: the payment detail modal, paid with the saved card.
  await planCard(page, 'silver').getByRole('button', { name: 'Choose Silver' }).click();
  const detail = page.getByRole('dialog', { name: 'Payment detail' });
  await expect(detail.getByTestId('detail-price')).toHaveText('$290 / Year');
  await expect(detail).toContainText('Your saved card');
  await detail.getByRole('button', { name: 'Pay now' }).click();
  await expect(alertBar(page)).toContainText('Subscription started');
  await expect(detail).toBeHidden();
  await expect(planCard(page, 'silver')).toContainText('Current plan');
  await expect(planCard(page, 'silver').getByRole('button', { name: 'Your plan' })).toBeDisabled();
  await shotBoth(page, info, 'change-tariff');

  // An upgrade is explained (now, pro-rated) before it is confirmed.
  await planCard(page, 'gold').getByRole('button', { name: 'Upgrade to Gold' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade now' });
  await expect(upgrade.getByTestId('change-explanation')).toContainText('You move to Gold ($790 / Year) now.');
  await expect(upgrade.getByTestId('change-explanation')).toContainText('you pay about $');
  await upgrade.getByRole('button', { name: 'Upgrade now' }).click();
  await expect(alertBar(page)).toContainText('Plan upgraded');
  await expect(planCard(page, 'gold')).toContainText('Current plan');

  // A downgrade waits for the end of the period.
  await planCard(page, 'bronze').getByRole('button', { name: 'Switch to Bronze' }).click();
  const downgrade = page.getByRole('dialog', { name: 'Change plan at the end of this period' });
  await expect(downgrade.getByTestId('change-explanation')).toContainText('You keep Gold until the end of the period you paid for');
  await expect(downgrade.getByTestId('change-explanation')).toContainText('Nothing is charged today.');
  await downgrade.getByRole('button', { name: 'Schedule the change' }).click();
  await expect(alertBar(page)).toContainText('Your plan changes at the end of the paid period');
  await expect(planCard(page, 'bronze')).toContainText('Starts when your current period ends.');
  await expect(planCard(page, 'gold').getByRole('button', { name: 'Keep Gold' })).toBeEnabled();

  // Settings: the plan, its next payment, the waiting change; cancel within the notice period, then reactivate.
  await openNav(page, 'Settings');
  const plan = page.getByTestId('plan-card');
  await expect(plan.getByTestId('current-plan')).toHaveText('Gold · Yearly', { timeout: 30_000 });
  await expect(plan.getByTestId('plan-status')).toHaveText('Active');
  await expect(plan.getByTestId('next-payment')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(plan).toContainText('Bronze (Year)');
  await plan.getByRole('button', { name: 'Cancel plan' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your plan?' });
  await expect(cancel.getByTestId('plan-action-explanation')).toContainText('at least 7 days before renewal. You are in time');
  await cancel.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(alertBar(page)).toContainText('Subscription canceled. It ends at the end of the paid period.');
  await expect(plan.getByTestId('plan-status')).toHaveText('Canceled, active until the period ends');
  await plan.getByRole('button', { name: 'Reactivate' }).click();
  await page.getByRole('dialog', { name: 'Reactivate your plan?' }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(alertBar(page)).toContainText('Subscription reactivated');
  await expect(plan.getByTestId('plan-status')).toHaveText('Active');

  // Every step is in the payment history.
  const history = page.getByRole('table').filter({ hasText: 'Paid with' });
  await expect(history.getByRole('row').filter({ hasText: 'Silver (Year)' }).first()).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: 'Gold (Year)' }).first()).toBeVisible();
  await shotBoth(page, info, 'settings-plan');
});

test('PayPal: subscribe through the approval window; the return page captures and names the payer', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await signedIn(page, a);
  await openNav(page, 'Change plan');
  await planCard(page, 'bronze').getByRole('button', { name: 'Choose Bronze' }).click({ timeout: 30_000 });
  const detail = page.getByRole('dialog', { name: 'Payment detail' });
  // With a saved card, the payer chooses how to pay: the card first, or PayPal.
  const paidWith = detail.getByRole('radiogroup', { name: 'Paid with' });
  await expect(paidWith.getByRole('radio', { name: 'Your saved card' })).toBeChecked();
  await paidWith.getByRole('radio', { name: 'PayPal' }).check();
  const popup = page.context().waitForEvent('page');
  await detail.getByRole('button', { name: 'Pay with PayPal' }).click();
  const paypal = await popup;
  await expect(paypal.getByRole('heading', { name: 'Pay with PayPal' })).toBeVisible();
  await paypal.getByRole('button', { name: 'Agree & Subscribe' }).click();

  // PayPal sends the payer back to /payment/paypal, which completes the checkout.
  await expect(paypal).toHaveURL(/\/payment\/paypal\?subscription_id=/);
  await expect(paypal.getByRole('status').filter({ hasText: 'Transaction completed by' })).toHaveText('Transaction completed by Grace Hopper', { timeout: 30_000 });
  await paypal.close();

  // The first window sees the plan start and closes its modal.
  await expect(alertBar(page)).toContainText('Your plan is active.', { timeout: 15_000 });
  await expect(detail).toBeHidden();
  await expect(planCard(page, 'bronze')).toContainText('Current plan');
  // A PayPal subscriber's upgrade is explained and not offered (PayPal would need a new approval).
  await planCard(page, 'gold').getByRole('button', { name: 'Upgrade to Gold' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade now' });
  await expect(upgrade.getByTestId('change-explanation')).toContainText('PayPal needs your approval to charge a higher price');
  await expect(upgrade.getByRole('button', { name: 'Upgrade now' })).toBeDisabled();
});
