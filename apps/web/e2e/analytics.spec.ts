import { sessionsOf } from './support/viewers.ts';
import { apiToken, expect, playhead, registerViaApi, sampleVideo, shot, signInViaApi, test, uploadViaApi, waitPlayable } from './support/fixtures.ts';

// Several servers, browsers and a player per test: room for a loaded machine.
test.slow();
test.use({ actionTimeout: 30_000 });

test("a subscriber watches a video's analytics fill after its embed plays", async ({ page, browser, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const token = await apiToken(request, baseURL as string, a);
  const video = await uploadViaApi(request, baseURL as string, a, sampleVideo(), 'Spring sale');
  await waitPlayable(request, baseURL as string, token, video.id);
  await request.put(`${baseURL}/api/player-config/${video.id}`, { headers: { authorization: `Bearer ${token}` }, data: { startAction: 'autoPlay' } });

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await signInViaApi(page, a);
  // The first sign-in of a loaded machine may take a while.
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible({ timeout: 30_000 });
  // The charts come with the analytics screen only.
  expect(scripts.filter((u) => /\/assets\/video-analytics-/.test(u))).toEqual([]);

  // The video page's Analytics action opens the screen: nothing watched yet.
  await page.goto(`/${video.id}`);
  await page.getByRole('button', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/video-analytics/${video.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics: Spring sale' })).toBeVisible();
  expect(scripts.some((u) => /\/assets\/video-analytics-/.test(u))).toBe(true);
  await expect(page.getByText(/No one has watched this video in the last 30 days yet/)).toBeVisible();
  await expect(page.getByTestId('total-plays')).toContainText('0');

  // Two plays of the embed, each in a browser context of its own (two viewers behind one address;
  // the statistics' totals count one, the viewer sessions two, issue 33).
  for (let i = 0; i < 2; i++) {
    const viewers = await browser.newContext({ baseURL });
    const embed = await viewers.newPage();
    await embed.goto(`/embed/mp4/${video.id}`);
    await expect.poll(() => playhead(embed), { timeout: 30_000 }).toBeGreaterThan(1.5);
    // The viewer pauses: their session reports what they watched (the engagement graph draws it).
    await embed.evaluate(() => document.querySelector('video')?.pause());
    await sessionsOf(request, baseURL as string, token, video.id, i + 1);
    await viewers.close();
  }

  // Counts are written every STATS_FLUSH_SECONDS (1 s on the test server): reload until they show.
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByTestId('total-plays').waitFor();
        return page.getByTestId('total-plays').textContent();
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toContain('2');
  await expect(page.getByTestId('total-unique-viewers')).toContainText('1');
  for (const [id, title] of [
    ['chart-drop-off', 'View drop-off rate'],
    ['chart-country', 'Location breakdown of the viewers'],
    ['chart-device', 'Devices'],
    ['chart-browser', 'Browser used to view video'],
  ]) {
    const card = page.getByTestId(id);
    await expect(card.getByRole('heading', { name: title })).toBeVisible();
    await expect(card.locator('.apexcharts-canvas')).toBeVisible();
  }
  // The figures behind the charts (a table for screen readers): every play watched 0:00 (the
  // engagement graph of the viewer sessions, issue 33, in the spec's 'View drop-off rate' card).
  await expect(page.getByRole('table', { name: 'View drop-off rate' }).getByRole('row', { name: '0:00 100 %' })).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Devices' }).getByRole('row', { name: 'Desktop 2' })).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Browser used to view video' }).getByRole('row', { name: /^Chrom.* 2$/ })).toHaveCount(1);
  await shot(page, info, 'analytics-video');

  // Ranges: all time shows the same plays; the range is in the URL.
  await page.getByText('All time', { exact: true }).click();
  await expect(page).toHaveURL(/range=all/);
  await expect(page.getByTestId('total-plays')).toContainText('2');

  // The sidebar's Analytics: every video with its plays, sortable.
  await uploadViaApi(request, baseURL as string, a, sampleVideo(), 'Unwatched clip');
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  // The videos' table (the account trend's figures below it are a table too, for screen readers).
  const videos = page.getByRole('table').first();
  const rows = videos.getByRole('row');
  await expect(rows.filter({ hasText: 'Spring sale' })).toContainText('2');
  // Most played first; clicking Plays sorts ascending, again descending.
  await expect(rows.nth(1)).toContainText('Spring sale');
  const plays = videos.getByRole('columnheader', { name: 'Plays' });
  await plays.click();
  await expect(plays).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.nth(1)).toContainText('Unwatched clip');
  await plays.click();
  await expect(plays).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.nth(1)).toContainText('Spring sale');
  await shot(page, info, 'analytics-overview');
  await rows.filter({ hasText: 'Spring sale' }).getByRole('link', { name: 'Spring sale' }).click();
  await expect(page).toHaveURL(new RegExp(`/video-analytics/${video.id}`));

  // Another user's video is not found.
  const other = await registerViaApi(request, baseURL as string);
  const otherToken = await apiToken(request, baseURL as string, other);
  const foreign = await request.get(`${baseURL}/api/statistics/video/${video.id}`, { headers: { authorization: `Bearer ${otherToken}` } });
  expect(foreign.status()).toBe(404);
});
