import type { Page } from '@playwright/test';
import { expect, shot, test } from './support/fixtures.ts';

/** The account step, filled and continued (the address is asked about, then the payment step shows). */
async function accountStep(page: Page, email = `reg-${crypto.randomUUID().slice(0, 8)}@example.com`) {
  await page.goto('/registration');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
}

test('the card form is checked on submit with the spec texts', async ({ page }, info) => {
  await accountStep(page);
  await shot(page, info, 'registration-payment');
  await page.getByLabel('Card number').fill('1234');
  await page.getByLabel('Exp month').fill('13');
  await page.getByRole('button', { name: 'Registration' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Check the card.' })).toBeVisible();
  await expect(page.getByText('Enter a valid card number')).toBeVisible();
  await expect(page.getByText('Enter a valid Exp month')).toBeVisible();
  await expect(page.getByText('Exp year is required')).toBeVisible();
  await expect(page.getByText('CVC/CWV is required')).toBeVisible();
  await expect(page.getByText('Your first name is required')).toBeVisible();
  await expect(page.getByText('Your last name is required')).toBeVisible();
});

test('the registration form shows the spec messages and Continue stays disabled until valid', async ({ page }, info) => {
  await page.goto('/registration');
  const submit = page.getByRole('button', { name: 'Continue' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('First name').fill('A');
  await page.getByLabel('First name').fill('');
  await page.getByLabel('Email').fill('ada@');
  await page.getByLabel('Password').fill('12345');
  await expect(page.getByText('Must NOT have fewer than 1 characters.')).toBeVisible();
  await expect(page.getByText('Must match format "email".')).toBeVisible();
  await expect(page.getByText('Must NOT have fewer than 6 characters.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await shot(page, info, 'registration-errors');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password').fill('123456');
  await expect(submit).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Terms of Use' }).first()).toHaveAttribute('href', '/terms-of-use');
  await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy-policy');
});

test('a taken email is told beside the field, in words', async ({ page, request, baseURL }) => {
  const email = `taken-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await request.post(`${baseURL}/api/users`, { data: { firstName: 'A', lastName: 'B', email, password: 'secret123', paymentMethod: { type: 'paypal' } } });
  await page.goto('/registration');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel('Email') }).getByText('Email is already taken')).toBeVisible();
  await expect(page.getByText('email:')).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveCount(0);
});
