import { expect, registerViaApi, shot, signInViaApi, test } from './support/fixtures.ts';

/*
 * Issue 22, item 8: messages people read. A server's field message shows beside its field; a
 * message without a field is a sentence; neither names a field ("currentPassword:", "token:") nor
 * shows zod's English ("Too big: expected string..."). A long search term keeps the layout.
 */

const FIELD_NAMES = /\b(currentPassword|token|search|email|password):|Too big|Invalid input|expected string/;

/** No sideways scrolling: the page fits the viewport. */
async function fitsWidth(page: import('@playwright/test').Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client + 1);
}

test("the server's answer about a field shows beside it, in words", async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto('/settings');
  await page.getByLabel('New password').fill('another-secret');
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill('not-my-password');
  const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/profile');
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await answer).status()).toBe(422);
  const item = page.locator('.ant-form-item').filter({ has: page.getByRole('textbox', { name: 'Current password', exact: true }) });
  await expect(item).toContainText('Current password is incorrect');
  const alert = page.getByRole('alert').filter({ hasText: 'Current password is incorrect.' });
  await expect(alert).toBeVisible();
  expect(await alert.textContent()).not.toMatch(FIELD_NAMES);
  await shot(page, info, 'messages-settings-current-password');
});

test('a used or unknown reset link is said in words, without the field name', async ({ page }, info) => {
  await page.goto('/reset-password?token=no-such-token');
  await page.getByLabel('New password').fill('another-secret');
  await page.getByRole('button', { name: 'Save' }).click();
  const alert = page.getByRole('alert').filter({ hasText: /invalid or has expired/ });
  await expect(alert).toBeVisible();
  expect(await alert.textContent()).not.toMatch(FIELD_NAMES);
  await shot(page, info, 'messages-reset-link');
});

test('a long search term is checked beside the box and never breaks the layout', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const listCalls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/videos' && u.searchParams.has('search')) listCalls.push(u.searchParams.get('search') ?? '');
  });
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  const box = page.getByLabel('Search videos');

  // Past the contract's 255 characters: the rule in words under the box, and no call.
  await box.fill('x'.repeat(256));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const error = page.getByRole('alert').filter({ hasText: 'The search term must NOT have more than 255 characters.' });
  await expect(error).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(await error.textContent()).not.toMatch(FIELD_NAMES);
  await fitsWidth(page);
  await shot(page, info, 'messages-search-too-long');
  expect(listCalls).toEqual([]);

  // 255 characters without a space: searched, and the results line wraps inside the page.
  const term = 'y'.repeat(255);
  await box.fill(term);
  await expect(error).toHaveCount(0);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByTestId('search-results-for');
  await expect(results).toContainText(term);
  await expect(page.getByText('No videos match your search.')).toBeVisible();
  expect(listCalls).toContain(term);
  await fitsWidth(page);
  const width = page.viewportSize()?.width ?? 0;
  const boxOf = await results.boundingBox();
  expect((boxOf?.x ?? 0) + (boxOf?.width ?? 0)).toBeLessThanOrEqual(width);
  await shot(page, info, 'messages-search-long-term');
});
