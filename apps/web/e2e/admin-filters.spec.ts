import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiToken, expect, shot, signInViaApi, TEST_CARD, test } from './support/fixtures.ts';

/*
 * Issue 22, item 11: the only-banned / only-canceled filter is on both admin lists. On the active
 * list "canceled" is a renewal canceled while the paid period still runs; on the inactive list a
 * canceled account.
 */

test.use({ actionTimeout: 30_000 });

/** A subscriber with a plan, named with the test's tag; answers the id and a token. */
async function subscriber(request: APIRequestContext, baseURL: string, tag: string, name: string) {
  const email = `${tag}-${name}@example.com`;
  const res = await request.post(`${baseURL}/api/users`, {
    data: { firstName: 'Filter', lastName: `${tag} ${name}`, email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: TEST_CARD }, paymentPlanId: 'bronze-1m' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).id as string, email, token: await apiToken(request, baseURL, { email, password: 'secret123' }) };
}

test('both admin lists filter only banned and only canceled on the server', async ({ page, request, baseURL }, info) => {
  const base = baseURL as string;
  const tag = `flt${crypto.randomUUID().slice(0, 6)}`;
  const admin = await apiToken(request, base, ADMIN);
  const paying = await subscriber(request, base, tag, 'paying');
  const renewalCanceled = await subscriber(request, base, tag, 'leaving');
  const canceled = await subscriber(request, base, tag, 'canceled');
  const banned = await subscriber(request, base, tag, 'banned');
  const ok = async (r: Promise<{ status(): number; text(): Promise<string> }>) => {
    const res = await r;
    expect(res.status(), await res.text()).toBe(200);
  };
  // The user cancels the renewal (still active until the period ends); an admin cancels one account and bans another.
  await ok(request.post(`${base}/api/payment/subscription/cancel`, { headers: { authorization: `Bearer ${renewalCanceled.token}` } }));
  await ok(request.put(`${base}/api/users/${canceled.id}`, { headers: { authorization: `Bearer ${admin}` }, data: { isActive: false } }));
  await ok(request.put(`${base}/api/users/${banned.id}`, { headers: { authorization: `Bearer ${admin}` }, data: { ban: true, banReason: 'Spam' } }));

  const rows = page.getByRole('row').filter({ hasText: tag });
  const userRows = page.getByRole('row').filter({ has: page.getByRole('cell').getByRole('checkbox') });
  /** Searches the open table for the tag until exactly these users show (typed again if it landed in a table being replaced). */
  const search = async (emails: string[]) => {
    await expect(async () => {
      await page.getByLabel('Search users').fill(tag);
      await page.getByLabel('Search users').press('Enter');
      await expect(rows).toHaveCount(emails.length, { timeout: 5_000 });
      await expect(userRows).toHaveCount(emails.length, { timeout: 1_000 });
    }).toPass({ timeout: 45_000 });
    for (const e of emails) await expect(rows.filter({ hasText: e })).toHaveCount(1);
  };
  /** Chooses a filter; a narrowing one is asked of the server (the answer is waited for). */
  const filter = async (p: Page, label: 'All' | 'Only banned' | 'Only canceled', param: 'only-banned' | 'only-canceled' | null) => {
    const answered =
      param &&
      p.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/users' && url.searchParams.get('search') === tag && url.searchParams.get(param) === 'true';
      });
    await p.getByRole('radiogroup', { name: 'Filter' }).getByText(label, { exact: true }).click();
    if (answered) expect((await answered).status()).toBe(200);
  };
  const expectRows = async (emails: string[]) => {
    await expect(userRows).toHaveCount(emails.length);
    for (const e of emails) await expect(rows.filter({ hasText: e })).toHaveCount(1);
  };

  await signInViaApi(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/users$/);

  // Active list: the paying user and the one whose renewal is canceled (said on the row).
  await search([paying.email, renewalCanceled.email]);
  await expect(rows.filter({ hasText: renewalCanceled.email })).toContainText('Renewal canceled');
  await expect(rows.filter({ hasText: paying.email })).not.toContainText('Renewal canceled');
  await filter(page, 'Only canceled', 'only-canceled');
  await expectRows([renewalCanceled.email]);
  await shot(page, info, 'admin-active-only-canceled');
  await filter(page, 'Only banned', 'only-banned');
  await expectRows([]);
  await expect(page.getByText('Banned users are listed under')).toBeVisible();
  await shot(page, info, 'admin-active-only-banned');
  await filter(page, 'All', null);
  await expectRows([paying.email, renewalCanceled.email]);

  // Inactive list: the canceled account and the banned one.
  await page.getByRole('link', { name: 'Inactive users' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inactive users' })).toBeVisible();
  await search([canceled.email, banned.email]);
  await filter(page, 'Only canceled', 'only-canceled');
  await expectRows([canceled.email]);
  await shot(page, info, 'admin-inactive-only-canceled');
  await filter(page, 'Only banned', 'only-banned');
  await expectRows([banned.email]);
  await shot(page, info, 'admin-inactive-only-banned');
});
