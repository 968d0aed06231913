import { apiToken, expect, registerViaApi, sampleVideo, shot, signInViaApi, test, uploadViaApi, waitPlayable } from './support/fixtures.ts';

/*
 * Issue 33 item 6: the owner starts a thumbnail test on the video page by choosing seconds, sees
 * each cover's figures (an embed viewer's answer is an impression), and ends it keeping a cover,
 * which becomes the poster.
 */
test('the owner starts a thumbnail test with two seconds, sees the figures and keeps the second cover', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL);
  const video = await uploadViaApi(request, baseURL, a, sampleVideo(), 'Harbour tour');
  const token = await apiToken(request, baseURL, a);
  await waitPlayable(request, baseURL, token, video.id);

  await signInViaApi(page, a);
  await page.goto(`/${video.id}`);
  const panel = page.getByTestId('thumbnail-test');
  await expect(panel.getByText('Choose 2 or 3 seconds of the video', { exact: false })).toBeVisible();
  const second = panel.getByLabel('Second of cover 2');
  await second.fill('00:00:02');
  await second.press('Enter');
  const started = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${video.id}/thumbnail-tests`) && r.request().method() === 'POST');
  await panel.getByRole('button', { name: 'Start thumbnail test' }).click();
  const test = await (await started).json();
  expect(test.covers.map((c: { timeSec: number }) => c.timeSec)).toEqual([0, 2]);
  await expect(page.getByText('Thumbnail test started.')).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText('No viewer has seen a cover yet.');
  await expect(panel.getByRole('img', { name: /^Cover \d$/ })).toHaveCount(2);

  // A viewer's player asks with its viewer id: that answer is an impression of its cover.
  const viewer = await (await request.get(`${baseURL}/api/playback/${video.id}?viewer=${crypto.randomUUID()}`)).json();
  const shown = test.covers.findIndex((c: { id: string }) => c.id === viewer.coverId);
  expect(shown).toBeGreaterThanOrEqual(0);
  // Counted in memory and added up every second here (STATS_FLUSH_SECONDS): read again until it is there.
  await expect.poll(async () => {
    await page.reload();
    await expect(panel.getByRole('status')).toBeVisible();
    return panel.getByText(/^1 impressions/).count();
  }, { timeout: 30_000 }).toBe(1);
  await expect(panel.getByRole('status')).toHaveText(`Cover ${shown + 1} (${shown ? '00:00:02' : '00:00:00'}) leads; no cover wins with 95% confidence yet.`);
  await shot(page, info, 'thumbnail-test-running');

  const ended = page.waitForResponse((r) => r.url().endsWith('/end'));
  await panel.getByRole('button', { name: 'Keep this cover' }).nth(1).click();
  expect((await ended).status()).toBe(200);
  await expect(page.getByText('Thumbnail test ended.')).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText('Ended: Cover 2 (00:00:02) is the poster.');
  await expect(panel.getByText('Winner')).toBeVisible();
  await shot(page, info, 'thumbnail-test-ended');
  const poster = (await (await request.get(`${baseURL}/api/playback/${video.id}`)).json()).poster;
  expect(Buffer.compare(await (await request.get(poster)).body(), await (await request.get(test.covers[1].imageUrl)).body())).toBe(0);
});
