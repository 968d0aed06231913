import type { Page } from '@playwright/test';
import { ADMIN, expect, registerViaApi, shot, signInViaApi, test } from './support/fixtures.ts';

test.slow();

/** No screen says "coming soon". */
async function notComingSoon(page: Page) {
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
}

test('How to: five short guides with a picture each, opened from the menu', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How to' }).click();
  await expect(page).toHaveURL(/\/how-to$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How to' })).toBeVisible();
  const guides = ['Upload a video', 'Organise your videos in folders', 'Put a video on your website', 'Edit a video', 'See who watches'];
  for (const title of guides) {
    const guide = page.getByRole('region', { name: title });
    await expect(guide).toBeVisible();
    // A picture and at least two steps each.
    await expect(guide.locator('svg')).toHaveCount(1);
    expect(await guide.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
  }
  // The guides name the screens' own buttons.
  await expect(page.getByRole('region', { name: 'Upload a video' }).getByText('Upload video', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Put a video on your website' }).getByText('Copy embed code')).toBeVisible();
  // The index jumps to a guide.
  await page.getByRole('navigation', { name: 'Guides' }).getByRole('link', { name: 'See who watches' }).click();
  await expect(page).toHaveURL(/#analytics$/);
  await notComingSoon(page);
  await shot(page, info, 'how-to');
});

test('plans show storage, bandwidth and tools (included or not), never video generator credits', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/change-tariff');
  await expect(page.getByRole('heading', { level: 1, name: 'Change tariff' })).toBeVisible();
  await expect(page.getByText(/storage$/).first()).toBeVisible();
  await expect(page.getByText(/bandwidth a month$/).first()).toBeVisible();
  await expect(page.getByText('Video Trimmer').first()).toBeVisible();
  await expect(page.getByText(/credits/i)).toHaveCount(0);
  await notComingSoon(page);
  await shot(page, info, 'change-tariff-honest');
  await page.goto('/usage');
  await expect(page.getByText("Your plan's limits")).toBeVisible();
  await expect(page.getByText('Bandwidth a month')).toBeVisible();
  await expect(page.getByText(/credits/i)).toHaveCount(0);
  await shot(page, info, 'usage-honest');
});

test('sign-in buttons only for the providers the server is configured for', async ({ page, browser }, info) => {
  // The main stack has Google and Facebook configured.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Facebook' })).toBeVisible();
  await shot(page, info, 'login-providers');
  // The second stack has none: no button and no "or" line.
  const context = await browser.newContext({ baseURL: process.env.E2E_SHORT_TTL_WEB_URL });
  const bare = await context.newPage();
  const providers = bare.waitForResponse((r) => r.url().endsWith('/api/auth/providers'));
  await bare.goto('/login');
  await expect(bare.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await (await providers).json()).toEqual({ google: null, facebook: null });
  await expect(bare.getByRole('button', { name: /Sign in with/ })).toHaveCount(0);
  await expect(bare.getByRole('separator')).toHaveCount(0);
  await shot(bare, info, 'login-no-providers');
  await context.close();
});

test('the admin menu has no Notifications entry that leads nowhere', async ({ page }, info) => {
  await signInViaApi(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({ timeout: 30_000 });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  await expect(nav.getByText('Notifications')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Plans' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Promo codes' })).toBeVisible();
  await notComingSoon(page);
  await shot(page, info, 'admin-menu');
});
