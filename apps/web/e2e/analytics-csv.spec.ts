import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { expect, registerViaApi, shot, signInViaApi, sql, test, tinyVideo, uploadViaApi } from './support/fixtures.ts';

test.slow();

const today = () => new Date().toISOString().slice(0, 10);

/** Clicks a Download CSV button and answers the file's name and text. */
async function downloadOf(page: Page, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return { filename: download.suggestedFilename(), text: await readFile((await download.path()) as string, 'utf8') };
}

test('each chart and the overview download as CSV for the chosen range', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const video = await uploadViaApi(request, baseURL as string, a, tinyVideo(), 'Spring sale');
  // Figures of today and of 20 days ago, as the beacons' flushes would have left them.
  const twentyDaysAgo = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  for (const [day, n] of [
    [today(), 3],
    [twentyDaysAgo, 5],
  ] as const) {
    await sql(
      `insert into video_stat_counts (video_id, day, kind, name, count) values ($1, $2, 'dropOff', '0', $3), ($1, $2, 'dropOff', '15', $3), ($1, $2, 'viewers', '', $3), ($1, $2, 'device', 'Desktop', $3), ($1, $2, 'country', 'FR', $3), ($1, $2, 'browser', 'Firefox', $3)`,
      [video.id, day, n],
    );
  }
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible({ timeout: 30_000 });

  await page.goto(`/video-analytics/${video.id}?range=7`);
  await expect(page.getByTestId('total-plays')).toContainText('3');
  // One button beside each chart, named after it.
  for (const name of ['plays per day', 'View drop-off rate', 'Location breakdown of the viewers', 'Devices', 'Browser used to view video']) {
    await expect(page.getByRole('button', { name: `Download CSV of ${name}` })).toBeVisible();
  }
  await shot(page, info, 'analytics-csv-buttons');
  await expectAccessible(page, "a video's analytics");
  const devices = await downloadOf(page, 'Download CSV of Devices');
  expect(devices.filename).toMatch(new RegExp(`^Spring sale - devices - \\d{4}-\\d{2}-\\d{2} to ${today()}\\.csv$`));
  expect(devices.text).toBe('Device,Plays\r\nDesktop,3\r\n');

  // Another range: the file follows the picker.
  await page.getByText('Last 30 days', { exact: true }).click();
  await expect(page.getByTestId('total-plays')).toContainText('8');
  const locations = await downloadOf(page, 'Download CSV of Location breakdown of the viewers');
  expect(locations.text).toBe('Country,Country code,Plays\r\nFrance,FR,8\r\n');
  const daily = await downloadOf(page, 'Download CSV of plays per day');
  const lines = daily.text.trim().split('\r\n');
  expect(lines[0]).toBe('Date,Plays,Unique viewers,Watch time (s)');
  expect(lines).toHaveLength(31);
  expect(lines).toContain(`${twentyDaysAgo},5,5,75`);

  // The overview's rows, all of them.
  await page.goto('/video-analytics?range=all');
  await expect(page.getByRole('table').getByRole('row', { name: /Spring sale/ })).toBeVisible();
  const overview = await downloadOf(page, "Download CSV of every video's analytics");
  expect(overview.filename).toBe(`Analytics - all videos - ${twentyDaysAgo} to ${today()}.csv`);
  const [header, row] = overview.text.trim().split('\r\n');
  expect(header).toBe('Video ID,Video,Uploaded,Duration (s),Plays,Unique viewers,Watch time (s),Average watched (%)');
  expect(row).toMatch(new RegExp(`^${video.id},Spring sale,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,[\\d.]*,8,8,120,`));
  await shot(page, info, 'analytics-csv-overview');
  await expectAccessible(page, 'the analytics overview');
});
