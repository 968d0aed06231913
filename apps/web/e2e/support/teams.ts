import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { type Account, expect, newAccount, shot, TEST_CARD } from './fixtures.ts';
import { lastLink } from './outbox.ts';
import { choose } from './select.ts';

/** Teams (issue 24): an owner on Silver, invitations sent on the Team page, joining through the mailed link. */

interface Plans {
  items: { name: string; variants: { id: string; duration: '1m' | '1y' }[] }[];
}

/** The owner pays for Silver (3 seats: the owner, an editor, a viewer). */
export async function registerOwner(request: APIRequestContext, baseURL: string): Promise<Account> {
  const plans = (await (await request.get(`${baseURL}/api/payment/plan`)).json()) as Plans;
  const silver = plans.items.find((p) => p.name === 'silver')?.variants.find((v) => v.duration === '1m');
  const owner = { ...newAccount(), firstName: 'Olivia', lastName: 'Owner' };
  const res = await request.post(`${baseURL}/api/users`, { data: { ...owner, paymentMethod: { type: 'card', cardInfo: TEST_CARD }, paymentPlanId: silver?.id } });
  expect(res.status(), await res.text()).toBe(201);
  return owner;
}

/** The owner invites `email` with `role` on the Team page. */
export async function invite(page: Page, email: string, role: 'Editor' | 'Viewer') {
  const form = page.locator('form[id="invite"]');
  await form.getByLabel('Email').fill(email);
  await choose(form.getByLabel('Role'), new RegExp(`^${role}$`));
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
}

/** A new person opens the mailed link in their own browser, creates an account and joins. */
export async function joinAsNewPerson(browser: Browser, baseURL: string, person: Account, info: TestInfo, screen?: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const link = new URL(await lastLink(person.email, '/invitation'));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Team invitation' })).toBeVisible();
  await expect(page.getByTestId('invitation-summary')).toContainText('Olivia Owner');
  await page.getByText('I am new to Reelbase').click();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await page.getByLabel('Password').fill(person.password);
  if (screen) await shot(page, info, screen);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  // No payment step: the owner pays; the app opens in the joined team.
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await expect(page.getByText(/You joined .* as /)).toBeVisible();
  return { context, page };
}

