import { ADMIN, expect, registerViaApi, sampleVideo, shot, signInViaApi, sql, test, uploadViaApi } from './support/fixtures.ts';
import { lastLink } from './support/outbox.ts';

test('after a password reset the sign-in page shows the reset-done state; an ordinary visit does not', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(a.email);
  await page.getByRole('button', { name: 'Send' }).click();
  const link = new URL(await lastLink(a.email, '/reset-password'));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('brand-new-secret');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const done = page.getByRole('status').filter({ hasText: 'Your new password is saved.' });
  await expect(done).toBeVisible();
  await expect(done).toContainText('Sign in with it below.');
  await shot(page, info, 'login-reset-done');
  // Shown once: a reload of the sign-in page carries no flag.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Your new password is saved.')).toHaveCount(0);
});

test("the player tool is labelled 'Pop Out Video' in the settings and in the player", async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const video = await uploadViaApi(request, baseURL as string, a, sampleVideo(), 'Pop tour');
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${video.id}`);
  const panel = page.getByRole('region', { name: 'Player settings' });
  await expect(panel.getByRole('switch', { name: 'Pop Out Video' })).toBeChecked();
  await expect(page.getByTestId('player-preview').getByRole('button', { name: 'Pop Out Video' })).toBeAttached({ timeout: 90_000 });
  await shot(page, info, 'player-pop-out-video');
});

test("the admin's payment reference links to the subscription's PayPal page", async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string, { paymentMethod: 'paypal' });
  const { rows } = await sql("update users set paypal_subscription_id = 'I-BW452GLLEP1G', stripe_subscription_id = null where email = $1 returning id", [a.email]);
  await signInViaApi(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.goto(`/admin/users/${rows[0].id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  const row = page.locator('.ant-descriptions-item').filter({ hasText: 'Payment reference' });
  await expect(row.getByRole('link')).toHaveAttribute('href', 'https://www.paypal.com/billing/subscriptions/I-BW452GLLEP1G');
  await shot(page, info, 'admin-user-payment-reference');
});

test('an SVG cover is kept as SVG, whole, and served as SVG (PNG and JPG stay cropped rasters: edit-tools.spec)', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const video = await uploadViaApi(request, baseURL as string, a, sampleVideo(), 'Cover tour');
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${video.id}`);
  const player = page.getByLabel('Video: Cover tour');
  await expect(player).toHaveAttribute('poster', /thumb-1/, { timeout: 90_000 });

  await page.getByRole('button', { name: 'Set Video Thumbnail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Video Thumbnail' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('radio', { name: 'Upload image' }).click();
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#1974BB"/></svg>';
  await (await chooser).setFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(dialog.getByText('An SVG image is kept as SVG, whole and sharp at any size; it is not cropped.')).toBeVisible();
  await shot(page, info, 'thumbnail-modal-svg');
  const sent = page.waitForRequest((r) => r.url().includes(`/api/videos/${video.id}/upload/image`));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data/);
  await expect(page.getByTestId('alert-bar')).toContainText('Thumbnail updated successfully!');
  await expect(player).toHaveAttribute('poster', /\/thumbs\/cover-[\w-]+\.svg$/);
  const stored = await page.request.get((await player.getAttribute('poster')) as string);
  expect(stored.headers()['content-type']).toBe('image/svg+xml');
  expect(await stored.text()).toBe(svg);
});

test('admins get the top-bar search: it finds users by name or email on the users table', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  await signInViaApi(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('search').getByLabel('Find a user').fill(a.email);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/users\?search=/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(a.email);
  // The table's own search box shows the term, ready to change.
  await expect(page.getByLabel('Search users')).toHaveValue(a.email);
  await shot(page, info, 'admin-top-bar-search');
});
