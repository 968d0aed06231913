import { readFile, writeFile } from 'node:fs/promises';
import { expect, registerViaApi, shot, signInViaApi, test, tinyVideo, uploadViaApi } from './support/fixtures.ts';

/*
 * Settings > Custom domains: a team adds its host name, copies the TXT record the card shows,
 * verifies before publishing it (the card says nothing was found), publishes it at the stack's
 * DNS server (the API tests' dns2 stand-in, whose records file this spec writes), verifies, and
 * the video's Share dialog then links to the domain.
 */
const publish = async (name: string, value: string) => {
  const file = process.env.E2E_DNS_RECORDS as string;
  const current = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, string[]>;
  await writeFile(file, JSON.stringify({ ...current, [name]: [value] }));
};

test('add a custom domain, copy its TXT record, verify it once published; the share link then uses it', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const video = await uploadViaApi(request, baseURL as string, a, tinyVideo(), 'On our domain');
  const domain = `videos.${crypto.randomUUID().slice(0, 8)}-shop.example`;
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 60_000 });
  const card = page.getByTestId('custom-domains');
  await expect(card.getByText('No custom domains yet.')).toBeVisible({ timeout: 60_000 });

  // A URL instead of a host name: the contract's message beside the field.
  await card.getByRole('textbox', { name: /^Domain/ }).fill('https://videos.example.com/watch');
  await card.getByRole('button', { name: 'Add domain' }).click();
  await expect(card.getByText('Enter the host name only, such as videos.example.com: no https://, port or path.')).toBeVisible();

  await card.getByRole('textbox', { name: /^Domain/ }).fill(domain.toUpperCase());
  const added = page.waitForResponse((r) => r.url().endsWith('/api/domains') && r.request().method() === 'POST');
  await card.getByRole('button', { name: 'Add domain' }).click();
  expect((await added).status()).toBe(201);
  const item = card.getByTestId('custom-domain');
  await expect(item.getByText(domain, { exact: true })).toBeVisible();
  await expect(item.getByText('Waiting for DNS')).toBeVisible();
  const name = `_reelbase-challenge.${domain}`;
  await expect(item.getByText(name, { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Copy record value' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^reelbase-verify=[0-9a-f]{32}$/);
  const value = await page.evaluate(() => navigator.clipboard.readText());
  await card.scrollIntoViewIfNeeded();
  await shot(page, info, 'settings-custom-domain-pending');

  // Not published yet: the card says what the lookup found.
  await item.getByRole('button', { name: 'Verify' }).click();
  await expect(item.getByTestId('domain-verify-result')).toContainText(`No TXT record ${name} was found.`);

  await publish(name, value);
  await item.getByRole('button', { name: 'Verify' }).click();
  await expect(item.getByTestId('domain-verify-result')).toContainText(`Verified: this team's pages are served on ${domain}.`);
  await expect(item.getByText('Verified', { exact: true })).toBeVisible();
  await shot(page, info, 'settings-custom-domain-verified');

  // The Share dialog links to the team's domain, and the embed code too.
  await page.goto(`/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'On our domain' })).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share video' });
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(`https://${domain}/watch/${video.id}`);
  await expect(dialog.getByRole('textbox', { name: 'Embed code' })).toHaveValue(new RegExp(`src="https://${domain.replaceAll('.', '\\.')}/embed/hls/${video.id}"`));
});
