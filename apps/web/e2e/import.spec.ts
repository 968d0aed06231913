import { expect, registerViaApi, signInViaApi, test } from './support/fixtures.ts';

test('import a video from a link: progress up to 100, then the list reloads', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await signInViaApi(page, a);
  await expect(page.getByText('No videos yet. Upload your first one.')).toBeVisible();
  const polls: number[] = [];
  page.on('request', (r) => {
    if (/\/api\/videos\/[^/]+\/import$/.test(new URL(r.url()).pathname)) polls.push(Date.now());
  });

  await page.getByRole('button', { name: 'Import video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import video' });
  await dialog.getByLabel('Video link').fill(process.env.E2E_CLIP_URL as string);
  await dialog.getByRole('button', { name: 'Import' }).click();
  const progress = dialog.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(page.getByText('Imported imported-clip.mp4.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByTestId('video-row').filter({ hasText: 'imported-clip' })).toBeVisible();
  // Polled about once a second, and not after it finished.
  if (polls.length > 2) {
    const gaps = polls.slice(1).map((t, i) => t - polls[i]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(700);
  }
});
