import { apiToken, expect, registerViaApi, shot, signInViaApi, test, tinyVideo, uploadViaApi, waitPlayable } from './support/fixtures.ts';

/*
 * Showcases (issue 34, item 2): the owner makes a showcase of two videos in the app, in an order
 * of their choosing, copies its link, opens the page it names, and each video plays in place in
 * the embed player (its frame on the page).
 */
test('the owner makes a showcase of two videos and both play in place on its page', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL);
  const first = await uploadViaApi(request, baseURL, a, tinyVideo(), 'Kitchen tour');
  const second = await uploadViaApi(request, baseURL, a, tinyVideo(), 'Garden tour');
  const token = await apiToken(request, baseURL, a);
  for (const v of [first, second]) await waitPlayable(request, baseURL, token, v.id);

  await signInViaApi(page, a);
  await page.getByRole('link', { name: 'Showcases' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Showcases' })).toBeVisible();
  await page.getByRole('button', { name: 'New showcase' }).click();
  const slug = `tours-${Date.now().toString(36)}`;
  await page.getByLabel('Name').fill('House tours');
  await page.getByLabel('Address').fill(slug);
  await page.getByLabel('Description').fill('Two rooms, one garden.');
  // Garden first, then kitchen: the page keeps this order.
  await page.getByRole('checkbox', { name: 'Garden tour' }).check();
  await page.getByRole('checkbox', { name: 'Kitchen tour' }).check();
  await expect(page.getByTestId('showcase-order')).toContainText('1. Garden tour');
  await page.getByRole('radio', { name: 'Unlisted (anyone with the link)' }).check();
  await shot(page, info, 'showcase-form');
  await page.getByRole('button', { name: 'Create showcase' }).click();

  const pageUrl = `${baseURL}/s/${slug}`;
  await expect(page.getByTestId('showcase-page-url')).toHaveValue(pageUrl);
  await expect(page.getByTestId('showcase-feed-url')).toHaveValue(`${pageUrl}/feed.xml`);
  await expect(page.getByTestId('showcase-embed-code')).toHaveValue(new RegExp(`<iframe src="${pageUrl}\\?embed=1"`));
  await page.getByTestId('showcase-links').getByRole('button', { name: 'Copy' }).first().click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
  await expect(page.getByRole('listitem').filter({ hasText: 'House tours' })).toContainText('2 videos');
  await shot(page, info, 'showcases-list');

  const show = await page.context().newPage();
  await show.goto(pageUrl);
  await expect(show.getByRole('heading', { level: 1, name: 'House tours' })).toBeVisible();
  await expect(show.getByText('Two rooms, one garden.')).toBeVisible();
  await expect(show.getByRole('heading', { level: 2 })).toHaveText(['Garden tour', 'Kitchen tour']);
  const frames = show.locator('iframe.rb-sc-frame');
  await expect(frames).toHaveCount(2);
  for (const i of [0, 1]) {
    // The page scrolls to the frame, as a person does; the player inside sees no scroll of its own.
    await frames.nth(i).scrollIntoViewIfNeeded();
    const player = frames.nth(i).contentFrame();
    await expect(player.locator('video')).toHaveCount(1);
    await player.locator('.rb-big-play').click();
    // Real playback: the video's clock moves.
    await expect
      .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0);
  }
  await shot(show, info, 'showcase-page');
  await show.close();
});
