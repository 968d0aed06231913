import { expect, registerViaApi, sampleVideo, shot, signInViaApi, test, uploadViaApi } from './support/fixtures.ts';

/*
 * Settings > API keys: a key is made with a name and scopes, shown once with a copy button, works
 * for a script (here fetch from the test) with its scope, shows when it was last used, and once
 * revoked answers 401.
 */
test('create an API key in settings, see it once, list videos with it, revoke it: the call then answers 401', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const video = await uploadViaApi(request, baseURL as string, a, sampleVideo(), 'Listed by a key');
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto('/settings');
  // The settings chunk, then the team's role (owner) before the section shows: a loaded machine takes a while.
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 60_000 });
  const card = page.getByTestId('api-keys');
  await expect(card.getByRole('heading', { name: 'API keys' })).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('No API keys yet.')).toBeVisible();

  // An empty name and no scope are refused with the contract's messages.
  await card.getByRole('checkbox', { name: /videos:read/ }).uncheck();
  await card.getByRole('button', { name: 'Create key' }).click();
  await expect(card.getByText('Must NOT have fewer than 1 characters.')).toBeVisible();
  await expect(card.getByText('Choose at least one scope.')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, info, 'settings-api-keys-form');

  await card.getByLabel('Key name').fill('Website sync');
  await card.getByRole('checkbox', { name: /videos:read/ }).check();
  await card.getByRole('checkbox', { name: /analytics:read/ }).check();
  const made = page.waitForResponse((r) => r.url().endsWith('/api/api-keys') && r.request().method() === 'POST');
  await card.getByRole('button', { name: 'Create key' }).click();
  expect((await made).status()).toBe(201);

  const shown = card.getByTestId('new-api-key');
  await expect(shown.getByText('Copy the key “Website sync” now: it will not be shown again.')).toBeVisible();
  const key = await shown.getByLabel('New API key').inputValue();
  expect(key).toMatch(/^rbk_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await shot(page, info, 'settings-api-key-created');

  // A script lists the videos with the key.
  const listed = await fetch(`${baseURL}/api/videos`, { headers: { authorization: `Bearer ${key}` } });
  expect(listed.status).toBe(200);
  expect(((await listed.json()) as { items: { id: string }[] }).items.map((v) => v.id)).toContain(video.id);
  // Its scopes are all it has: no deleting.
  expect((await fetch(`${baseURL}/api/videos/${video.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } })).status).toBe(403);

  // Once dismissed, and after a reload, the key itself is nowhere on the page: only its prefix.
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await page.reload();
  const row = page.getByTestId('api-keys').getByRole('row').filter({ hasText: 'Website sync' });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText(`${key.slice(0, 12)}…`)).toBeVisible();
  await expect(row.getByText('videos:read')).toBeVisible();
  await expect(row.getByText('analytics:read')).toBeVisible();
  await expect(row.getByText('Never')).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  await page.getByTestId('api-keys').scrollIntoViewIfNeeded();
  await shot(page, info, 'settings-api-keys-list');

  await row.getByRole('button', { name: 'Revoke Website sync' }).click();
  await expect(page.getByText('Calls using it fail at once.')).toBeVisible();
  await shot(page, info, 'settings-api-key-revoke-confirm');
  const revoked = page.waitForResponse((r) => r.url().includes('/api/api-keys/') && r.request().method() === 'DELETE');
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  expect((await revoked).status()).toBe(200);
  await expect(page.getByTestId('api-keys').getByText('No API keys yet.')).toBeVisible();

  const after = await fetch(`${baseURL}/api/videos`, { headers: { authorization: `Bearer ${key}` } });
  expect(after.status).toBe(401);
});
