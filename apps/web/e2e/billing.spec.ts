import type { Page, TestInfo } from '@playwright/test';
import { type Account, expect, registerViaApi, sampleVideo, shot, signIn, sql, test, tinyVideo, uploadViaApi } from './support/fixtures.ts';

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
  await signIn(page, a);
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
  await expect(page.getByLabel('Play button')).toHaveValue('#ff0000');
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
  const a = await registerViaApi(request, baseURL as string, { paymentMethod: 'paypal' });
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

  // And back to PayPal.
  await page.getByRole('button', { name: 'Change payment method' }).click();
  await enter.getByRole('radio', { name: 'PayPal' }).check();
  await enter.getByRole('button', { name: 'Continue' }).click();
  await expect(confirm.getByTestId('confirm-method')).toContainText('PayPal');
  await confirm.getByRole('button', { name: 'Use this method' }).click();
  await expect(alertBar(page)).toContainText('Profile updated successfully!');
  await expect(page.getByTestId('payment-method')).toContainText('PayPal');
});
