import { expect, fillCard, newAccount, sampleVideo, shot, signIn, TEST_CARD, test } from './support/fixtures.ts';

test('register, sign in, upload, watch it get ready, rename, copy the embed code and delete', async ({ page }, info) => {
  const a = newAccount();

  // Registration: the account first, then the payment method (card).
  await page.goto('/registration');
  await page.getByLabel('First name').fill(a.firstName);
  await page.getByLabel('Last name').fill(a.lastName);
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password').fill(a.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Card', { exact: true })).toBeChecked();
  await fillCard(page, { ...TEST_CARD, expMonth: '09', expYear: '30', firstName: a.firstName, lastName: a.lastName });
  await page.getByRole('button', { name: 'Registration' }).click();
  await expect(page.getByText('An email with verification instructions has been sent to your email address.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Sign in: My videos with the user's name and status.
  await signIn(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await expect(page.getByTestId('user-name')).toHaveText('Ada Lovelace');
  await expect(page.getByTestId('user-status')).toHaveText('Active');
  await expect(page.getByText('No videos yet. Upload your first one.')).toBeVisible();

  // Upload through the modal: browse, one entry with its own progress.
  await page.getByRole('button', { name: 'Upload video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload video' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Browse files' }).click();
  await (await chooser).setFiles(sampleVideo());
  await expect(dialog.getByText('sample clip.mp4')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Upload of sample clip.mp4' })).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  // Sent: "Uploaded, processing" until it plays, then "Ready to play" (a fast start can pass the
  // first between two polls, so either is the sent state).
  await expect(dialog.getByRole('status')).toHaveText(/^(Uploaded, processing|Ready to play)/);
  await shot(page, info, 'upload-modal');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The row shows its processing state until main and HLS are ready.
  const row = page.getByTestId('video-row').filter({ hasText: 'sample clip' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Main: ready')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText('HLS: ready')).toBeVisible({ timeout: 90_000 });
  await shot(page, info, 'my-videos');

  // The video page: title, mp4 player.
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'sample clip' })).toBeVisible();
  // The page's own mp4 player (the player settings panel has a preview of the embed beside it).
  const player = page.getByLabel('Video: sample clip');
  await expect(player).toHaveAttribute('src', /\/media\/videos\/.+\/main\.mp4$/);
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);

  // Rename.
  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename video' });
  await rename.getByLabel('Video name').fill('Product tour');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Product tour' })).toBeVisible();

  // Embedding: defaults, a fixed size with the aspect ratio kept (320×240 video), copy.
  await page.getByLabel("Responsive: fills the column, keeps the video's shape").uncheck();
  await expect(page.getByLabel('Width')).toHaveValue('600');
  await expect(page.getByLabel('Height')).toHaveValue('450');
  await expect(page.getByLabel('Maintain aspect ratio')).toBeChecked();
  await expect(page.getByLabel('Open in new window')).not.toBeChecked();
  await page.getByLabel('Width').fill('640');
  await expect(page.getByLabel('Height')).toHaveValue('480');
  await page.getByLabel('Current Redirect at End').fill('not a link');
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(page.getByText('Must match format "http:// or https://".')).toBeVisible();
  await expect(page.getByLabel('Current Redirect at End')).toBeFocused();
  // Nothing copied (the preview keeps showing the code without the bad redirect).
  await expect(page.locator('#main').getByRole('status').filter({ hasText: 'Copied!' })).toHaveCount(0);
  await page.getByLabel('Current Redirect at End').fill('https://shop.example/thanks');
  await page.getByLabel('Open in new window').check();
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(page.locator('#main').getByRole('status').filter({ hasText: 'Copied!' })).toBeVisible();
  await expect(page.getByTestId('alert-bar').getByText('Copied!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // The API's code: the hls embed page with the options, a fixed 640x480 iframe.
  expect(copied).toContain('<iframe ');
  expect(copied).toMatch(/src="http:\/\/127\.0\.0\.1:\d+\/embed\/hls\/[0-9a-f-]{36}\?redirect=https%3A%2F%2Fshop\.example%2Fthanks&amp;sig=[\w-]{43}&amp;new-window=1"/);
  expect(copied).toContain('width="640" height="480"');
  expect(copied).toContain('allowfullscreen');
  await shot(page, info, 'video-page');

  // Delete with the spec's text, back to My videos.
  await page.getByRole('button', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete video' });
  await expect(del.getByText('Are you sure you want to permanently delete this video? This cannot be undone.', { exact: true })).toBeVisible();
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await expect(page.getByText('No videos yet. Upload your first one.')).toBeVisible();
});
