import type { Request } from '@playwright/test';
import { FIRST_PAGE_BUDGET_BYTES } from '../build/first-page-budget.ts';
import { MIN_BYTES } from '../build/precompress.ts';
import { expect, registerViaApi, signInViaApi, test } from './support/fixtures.ts';

// Chunks of the signed-in screens: the sign-in page must not fetch them.
const SIGNED_IN_SCREENS = /\/assets\/(my-videos|video-page|settings-page|app-layout|users-table|user-detail|analytics-overview|video-analytics|change-tariff|usage-page|usage-chart|paypal-return)-[\w-]+\.js$/;

test('the sign-in page loads compressed scripts and none of the signed-in screens, which load when opened', async ({ page, request, baseURL }) => {
  const scripts: { url: string; encoding?: string; bytes: number }[] = [];
  const firstLoad: Request[] = [];
  page.on('requestfinished', (r) => {
    if (['script', 'stylesheet'].includes(r.resourceType())) firstLoad.push(r);
  });
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push({ url: r.url(), encoding: r.headers()['content-encoding'], bytes: Number(r.headers()['content-length'] ?? Infinity) });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  page.removeAllListeners('requestfinished');
  expect(scripts.length).toBeGreaterThan(1);
  expect(scripts.filter((s) => SIGNED_IN_SCREENS.test(s.url))).toEqual([]);
  // Every script comes as the build's brotli (or gzip) copy, but those too small to gain from one.
  const uncompressed = scripts.filter((s) => !s.encoding && s.bytes >= MIN_BYTES);
  expect(uncompressed).toEqual([]);
  // What the page downloaded of script and style before it could be used, as sent (compressed).
  const sent = await Promise.all(firstLoad.map(async (r) => (await r.sizes()).responseBodySize));
  expect(sent.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_BYTES);

  const a = await registerViaApi(request, baseURL as string);
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  expect(scripts.some((s) => /\/assets\/my-videos-/.test(s.url))).toBe(true);
});
