import { expect, registerViaApi, sampleVideo, shot, signInViaApi, test, uploadViaApi } from './support/fixtures.ts';

/** No sideways scrolling: the page fits the viewport (375 px on the mobile project). */
async function fitsWidth(page: import('@playwright/test').Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client + 1);
}

test('public screens', async ({ page }, info) => {
  for (const [path, name, heading] of [
    ['/login', 'login', 'Sign in'],
    ['/registration', 'registration', 'Sign up'],
    ['/forgot-password', 'forgot-password', 'Forgot password'],
    ['/reset-password?token=abc', 'reset-password', 'Choose a new password'],
    ['/terms-of-use', 'terms', 'Terms of Use'],
    ['/privacy-policy', 'privacy', 'Privacy Policy'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await fitsWidth(page);
    await shot(page, info, name);
  }
  // Keyboard: every stop on the login form shows a focus ring.
  await page.goto('/login');
  await page.getByLabel('Email').focus();
  for (let stop = 1; stop <= 5; stop++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const target = el.closest('.ant-input-affix-wrapper') ?? el.closest('.ant-checkbox') ?? el;
      const style = getComputedStyle(target as Element);
      return { label: el.getAttribute('aria-label') ?? el.textContent ?? el.id, outline: style.outlineStyle, width: style.outlineWidth };
    });
    expect(ring.outline, `focus ring on tab stop ${stop} (${ring.label})`).not.toBe('none');
  }
  await shot(page, info, 'login-focus');

  await page.goto('/term-of-use');
  await expect(page.getByText('60-day money-back guarantee')).toBeVisible();
  await page.goto('/verify-email');
  await expect(page).toHaveURL(/\/login$/);
});

test('signed-in screens', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  // One video through the API so the list and the video page have content.
  const video = await uploadViaApi(request, baseURL as string, a, sampleVideo(), 'Welcome video');
  await page.reload();
  const row = page.getByTestId('video-row').filter({ hasText: 'Welcome video' });
  await expect(row.getByText('Main: ready')).toBeVisible({ timeout: 90_000 });
  await fitsWidth(page);
  await shot(page, info, 'my-videos-list');

  await page.goto(`/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome video' })).toBeVisible();
  await fitsWidth(page);
  await shot(page, info, 'video');

  await page.goto('/settings');
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Email')).toHaveValue(a.email);
  await expect(page.getByText('Can be changed once every 6 months')).toBeVisible();
  await fitsWidth(page);
  await shot(page, info, 'settings');

  if (info.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'My videos' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await shot(page, info, 'mobile-menu');
    await menu.getByRole('link', { name: 'My videos' }).click();
    await expect(menu).toBeHidden();
  }
});
