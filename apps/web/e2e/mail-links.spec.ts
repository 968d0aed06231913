import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, registerViaApi, signIn, test } from './support/fixtures.ts';

/** The newest link mailed to `to` by the main stack (its outbox holds .eml files). */
async function lastLink(to: string, path: string): Promise<string> {
  const dir = join(process.env.E2E_TMP as string, 'data-main', 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const raw = (await readFile(join(dir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = raw.match(new RegExp(`https?://\\S+${path}\\?token=[^\\s"<]+`))?.[0];
      if (raw.includes(`To: ${to}`) && link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${path} mail to ${to}`);
}

test('the verification link signs the user in and opens My videos', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  const link = new URL(await lastLink(a.email, '/verify-email'));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
});

test('forgot password, then the reset link sets a new password', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  // The sign-in page, which has an Email field too, stays until the next page's code has loaded.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(a.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message sent successfully')).toBeVisible();

  const link = new URL(await lastLink(a.email, '/reset-password'));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('brand-new-secret');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await signIn(page, { email: a.email, password: 'brand-new-secret' });
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
});
