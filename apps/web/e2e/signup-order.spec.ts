import type { Page } from '@playwright/test';
import { expect, fillCard, newAccount, registerViaApi, shot, TEST_CARD, test } from './support/fixtures.ts';

/*
 * Issue 22, item 6: sign-up in a sensible order. The account first (a taken address is told at
 * once), then the payment method, whose card is checked in the form with the contract's rules
 * before anything is sent; the password rules show before they fail.
 */

const emailItem = (page: Page) => page.locator('.ant-form-item').filter({ has: page.getByLabel('Email') });
const emailChecks = (page: Page) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/users/email-check') asked.push(r.postDataJSON().email);
  });
  return asked;
};

test('account details first, then the payment method; the card is checked in the form', async ({ page }, info) => {
  const a = newAccount();
  const registrations: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/users') registrations.push(r.postDataJSON());
  });
  await page.goto('/registration');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  // Step one is the account: no card form yet.
  await expect(page.locator('.ant-steps-item-active')).toHaveText(/Your account/);
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  // The password rules are there before anything is typed, and tick as they are met.
  const rule = page.getByTestId('password-rules').getByRole('listitem').filter({ hasText: 'At least 6 characters' });
  await expect(rule).toHaveAttribute('data-met', 'false');
  await shot(page, info, 'signup-account');
  await page.getByLabel('First name').fill(a.firstName);
  await page.getByLabel('Last name').fill(a.lastName);
  await page.getByLabel('Email').fill(a.email);
  // Leaving the email field asks whether the address is free.
  const checked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/email-check');
  await page.getByLabel('Password').fill('secre');
  expect(await (await checked).json()).toEqual({ available: true });
  await expect(rule).toHaveAttribute('data-met', 'false');
  await page.getByLabel('Password').fill(a.password);
  await expect(rule).toHaveAttribute('data-met', 'true');
  await shot(page, info, 'signup-password-hint');

  // Continue (with the answer already known) shows the payment step.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('.ant-steps-item-active')).toHaveText(/Plan and payment/);
  await expect(page.getByText(`Signing up as ${a.firstName} ${a.lastName} (${a.email}).`)).toBeVisible();
  await expect(page.getByLabel('Card', { exact: true })).toBeChecked();
  await shot(page, info, 'signup-payment');

  // A made-up card (no Luhn checksum, long expired, a CVC with a letter) is refused beside its fields, before any call.
  await fillCard(page, { cardNumber: '1234 5678 9012 3456', expMonth: '01', expYear: '20', cvc: '12a', firstName: a.firstName, lastName: a.lastName });
  await page.getByRole('button', { name: 'Registration' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Check the card.' })).toBeVisible();
  const item = (label: string) => page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  await expect(item('Card number')).toContainText('Enter a valid card number');
  await expect(item('Exp year')).toContainText('This card has expired: check the expiry date or use another card');
  await expect(item('CVC/CWV')).toContainText('Enter a valid CWV/CVC');
  await shot(page, info, 'signup-card-errors');
  expect(registrations).toEqual([]);

  // Back keeps the account as typed.
  await page.getByRole('button', { name: 'Change account details' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(a.email);
  await expect(page.getByLabel('First name')).toHaveValue(a.firstName);
  await page.getByRole('button', { name: 'Continue' }).click();

  // A real card number registers the account with both steps' answers.
  await fillCard(page, { ...TEST_CARD, cardNumber: '4242 4242 4242 4242', firstName: a.firstName, lastName: a.lastName });
  await page.getByRole('button', { name: 'Registration' }).click();
  await expect(page.getByText('An email with verification instructions has been sent to your email address.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(registrations).toEqual([
    {
      ...a,
      paymentMethod: { type: 'card', cardInfo: { cardNumber: '4242424242424242', cvc: '123', expMonth: '12', expYear: '34', firstName: a.firstName, lastName: a.lastName } },
    },
  ]);
});

test('a taken email is told as soon as the field is left, beside it', async ({ page, request, baseURL }, info) => {
  const taken = await registerViaApi(request, baseURL as string, { paymentMethod: 'paypal' });
  const asked = emailChecks(page);
  await page.goto('/registration');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(taken.email.toUpperCase());
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/email-check');
  await page.getByLabel('Email').blur();
  expect(await (await answer).json()).toEqual({ available: false });
  await expect(emailItem(page)).toContainText('Email is already taken');
  await expect(page.getByText(/email:/i)).toHaveCount(0);
  await shot(page, info, 'signup-email-taken');

  // Continue does not pass a taken address (and does not ask again).
  await page.getByLabel('Password').fill('secret123');
  await page.getByLabel('Email').fill(taken.email);
  await page.getByLabel('Email').fill(taken.email.toUpperCase());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(emailItem(page)).toContainText('Email is already taken');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  expect(asked).toEqual([taken.email]);

  // Another address clears the message and passes.
  const fresh = newAccount().email;
  await page.getByLabel('Email').fill(fresh);
  await expect(emailItem(page)).not.toContainText('Email is already taken');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  expect(asked).toEqual([taken.email, fresh]);
});
