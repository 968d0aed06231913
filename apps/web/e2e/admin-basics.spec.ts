import type { Page } from '@playwright/test';
import { ADMIN, apiToken, expect, registerViaApi, shot, signIn, signInViaApi, test } from './support/fixtures.ts';
import { lastMailText } from './support/outbox.ts';

test.slow();
test.use({ actionTimeout: 30_000 });

async function signInAdmin(page: Page) {
  await signInViaApi(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({ timeout: 30_000 });
}

test('the users table fits a 1366 px screen without sideways scrolling', async ({ page, request, baseURL }, info) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // A long name and address must not widen it.
  await registerViaApi(request, baseURL as string);
  await signInAdmin(page);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  for (const path of ['/admin/users', '/admin/inactive']) {
    await page.goto(path);
    await expect(page.locator('.ant-table')).toBeVisible();
    const sizes = await page.evaluate(() => {
      const box = document.querySelector('.ant-table-content, .ant-table-body') as HTMLElement;
      return { table: box.scrollWidth, box: box.clientWidth, page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth };
    });
    expect(sizes.table, `${path}: table`).toBeLessThanOrEqual(sizes.box + 1);
    expect(sizes.page, `${path}: page`).toBeLessThanOrEqual(sizes.viewport + 1);
  }
  await page.goto('/admin/users');
  await expect(page.getByRole('columnheader', { name: /Canceled on/ })).toBeInViewport();
  await shot(page, info, 'admin-users-1366');
});

test('an admin edits a user\'s name and email; the user signs in with the new address and the old one is told', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const token = await apiToken(request, baseURL as string, a);
  const id = (await (await request.get(`${baseURL}/api/profile`, { headers: { authorization: `Bearer ${token}` } })).json()).id as string;
  await signInAdmin(page);
  await page.goto(`/admin/users/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit name and email' }).click();
  const modal = page.getByRole('dialog', { name: 'Edit name and email' });
  await modal.getByLabel('First name').fill('Grace');
  await modal.getByLabel('Last name').fill('Hopper');
  // A malformed address is said beside the field.
  await modal.getByLabel('Email').fill('not-an-address');
  await modal.getByRole('button', { name: 'Save changes' }).click();
  await expect(modal.getByText('Must match format "email".')).toBeVisible();
  await shot(page, info, 'admin-edit-user-error');
  const next = `moved-${a.email}`;
  await modal.getByLabel('Email').fill(next);
  await modal.getByRole('button', { name: 'Save changes' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByText(next, { exact: true })).toBeVisible();
  await shot(page, info, 'admin-user-edited');
  expect(await lastMailText(a.email, 'An administrator changed the email address')).toContain(next);
  const login = await request.post(`${baseURL}/api/auth/login`, { data: { email: next, password: a.password } });
  expect(login.status()).toBe(200);
});

test('a user the admin creates gets a mail to choose a password, and signs in with it', async ({ page, browser, baseURL }, info) => {
  await signInAdmin(page);
  await page.getByRole('button', { name: 'Create user' }).click();
  const modal = page.getByRole('dialog', { name: 'Create user' });
  const email = `made-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await modal.getByLabel('First name').fill('Nell');
  await modal.getByLabel('Last name').fill('Made');
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password').fill('admin-chosen-1');
  await modal.getByRole('button', { name: 'Create user' }).click();
  await expect(modal).toBeHidden();
  const mail = await lastMailText(email, 'An administrator created a Reelbase account for you');
  const link = mail.match(/https?:\/\/\S+\/reset-password\?token=[^\s"<]+/)?.[0] as string;
  expect(link).toBeTruthy();
  // The new user, in a browser of their own, follows the link.
  const context = await browser.newContext({ baseURL });
  const user = await context.newPage();
  await user.goto(new URL(link).pathname + new URL(link).search);
  await expect(user.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await shot(user, info, 'created-user-set-password');
  await user.getByLabel('New password').fill('my-own-pass-1');
  await user.getByRole('button', { name: 'Save' }).click();
  await expect(user).toHaveURL(/\/login/);
  await signIn(user, { email, password: 'my-own-pass-1' });
  await expect(user.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(user).not.toHaveURL(/\/login/);
  await context.close();
});

test('plans: the table of levels and the Change level modal save what the admin sets', async ({ page, request, baseURL }, info) => {
  await signInAdmin(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  const gold = page.getByRole('row').filter({ hasText: 'Gold' });
  await expect(gold).toBeVisible();
  await shot(page, info, 'admin-plans');
  const before = (await (await request.get(`${baseURL}/api/payment/plan`)).json()).items.find((p: { name: string }) => p.name === 'gold');
  const credits = before.limits.videoGeneratorCredits as number;
  try {
    await gold.getByRole('button', { name: 'Change level Gold' }).click();
    const modal = page.getByRole('dialog', { name: 'Change level' });
    // The form opens with the level's values.
    await expect(modal.getByLabel('Price a month ($)')).toHaveValue(before.variants.find((v: { duration: string }) => v.duration === '1m').price.toFixed(2));
    await expect(modal.getByLabel('Video generator credits')).toHaveValue(String(credits));
    await shot(page, info, 'admin-change-level');
    // Credits only, so the prices other tests read stay as they are.
    await modal.getByLabel('Video generator credits').fill(String(credits + 7));
    await modal.getByRole('button', { name: 'Save changes' }).click();
    await expect(modal).toBeHidden();
    await expect(gold.getByRole('cell', { name: String(credits + 7), exact: true })).toBeVisible();
    const after = (await (await request.get(`${baseURL}/api/payment/plan`)).json()).items.find((p: { name: string }) => p.name === 'gold');
    expect(after.limits.videoGeneratorCredits).toBe(credits + 7);
    expect(after.variants).toEqual(before.variants);
    expect(after.limits.storageBytes).toBe(before.limits.storageBytes);
  } finally {
    const token = await apiToken(request, baseURL as string, ADMIN);
    await request.put(`${baseURL}/api/payment/plan/${before.variants[0].id}`, { headers: { authorization: `Bearer ${token}` }, data: { videoGeneratorCredits: credits } });
  }
});

test('promo codes: the admin creates one, a taken code is said beside the field', async ({ page }, info) => {
  await signInAdmin(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Promo codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeVisible();
  const code = `E2E${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Percent off').fill('20');
  await page.getByLabel('Uses at most (optional)').fill('5');
  await page.getByRole('button', { name: 'Create promo code' }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toBeVisible();
  await expect(row).toContainText('20%');
  await expect(row).toContainText('0 of 5');
  await shot(page, info, 'admin-promo-codes');
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Percent off').fill('10');
  await page.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(1);
  await shot(page, info, 'admin-promo-code-taken');
});
