import { readFile } from 'node:fs/promises';
import { expectAccessible } from './support/axe.ts';
import { expect, shot, signInViaApi, test } from './support/fixtures.ts';
import { lastMailText } from './support/outbox.ts';
import { clips, MINUTES_CLIP_SECONDS, uploadReady } from './support/ready-video.ts';
import { playUntil, seekTo, sessionsOf, startPlaying, watchedAt } from './support/viewers.ts';

/*
 * Issue 33: viewer sessions from the player to the owner's screens. Viewers in their own browser
 * contexts (each its own first-party viewer id) play the embed; the owner sees each session in the
 * Viewers tab with its heatmap, the engagement graph, the account trend, and who a lead watched.
 */
test.slow();
test.use({ actionTimeout: 30_000 });

test("viewers' sessions: heatmap of what was watched, two unique viewers, ?email= names one, a lead's videos", async ({ page, browser, request, baseURL }, info) => {
  const base = baseURL as string;
  const video = await uploadReady(request, base, clips.minutes(), 'Harbour tour');
  const length = MINUTES_CLIP_SECONDS;

  // The first viewer plays 0-12 s, seeks to 40 s and plays 5 s (a little more: the playhead is stopped once seen past the mark): a report on each pause.
  const first = await browser.newContext({ baseURL });
  const a = await first.newPage();
  await a.goto(`/embed/mp4/${video.id}`);
  await startPlaying(a);
  await playUntil(a, 12);
  await seekTo(a, 40);
  await playUntil(a, 45);
  // Once the second report is written (the last second played is there).
  const [session] = await sessionsOf(request, base, video.token, video.id, ([s]) => !!s && watchedAt(s.heatmap, length, 44));
  expect(session.viewer).toEqual({});
  for (const s of [0, 5, 11, 40, 42, 44]) expect(watchedAt(session.heatmap, length, s), `second ${s} watched`).toBe(true);
  for (const s of [25, 30, 35, 60, 80, 119]) expect(watchedAt(session.heatmap, length, s), `second ${s} skipped`).toBe(false);
  expect(session.heatmap.every((n) => n <= 1)).toBe(true);
  // Leaving the page reports what was played since (sendBeacon on pagehide): 45-48 s.
  await a.evaluate(() => document.querySelector('video')?.play());
  await expect.poll(() => a.evaluate(() => document.querySelector('video')?.currentTime ?? 0)).toBeGreaterThan(48);
  await a.goto('about:blank');
  await sessionsOf(request, base, video.token, video.id, ([s]) => !!s && watchedAt(s.heatmap, length, 47));

  // Another browser context behind the same address: another viewer id, so another unique viewer.
  const second = await browser.newContext({ baseURL });
  const b = await second.newPage();
  await b.goto(`/embed/mp4/${video.id}`);
  await startPlaying(b);
  await playUntil(b, 6);
  await sessionsOf(request, base, video.token, video.id, 2);

  await signInViaApi(page, video.account);
  await page.goto(`/video-analytics/${video.id}`);
  // The engagement graph in place of the beacon curve: 2 plays, 2 unique viewers; everyone watched the start.
  const card = page.getByTestId('chart-drop-off');
  await expect(card.getByRole('heading', { name: 'View drop-off rate' })).toBeVisible({ timeout: 60_000 });
  await expect(card.getByTestId('engagement-plays')).toContainText('2');
  await expect(card.getByTestId('engagement-unique-viewers')).toContainText('2');
  await expect(card.locator('.apexcharts-canvas')).toBeVisible();
  await expect(page.getByRole('table', { name: 'View drop-off rate' }).getByRole('row', { name: '0:00 100 %' })).toHaveCount(1);
  // At 0:30 only the first viewer had been (and not there: they skipped 12-40 s); at 0:45 one of two.
  await expect(page.getByRole('table', { name: 'View drop-off rate' }).getByRole('row', { name: '0:30 0 %' })).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'View drop-off rate' }).getByRole('row', { name: '0:45 50 %' })).toHaveCount(1);
  await shot(page, info, 'viewers-engagement');

  // The Viewers tab: a row per session, newest first, anonymous, each with its heatmap.
  await page.getByRole('tab', { name: 'Viewers' }).click();
  await expect(page).toHaveURL(/tab=viewers/);
  const table = page.getByRole('table', { name: 'Viewer sessions' });
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Anonymous viewer');
  await expect(rows.nth(1)).toContainText('Desktop');
  const heatmap = rows.nth(1).getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('aria-label', /^Watched \d+ %, rewatched 0 %, skipped \d+ %$/);
  const bars = (await heatmap.getAttribute('data-bars'))?.split(',').map(Number) ?? [];
  expect(watchedAt(bars, length, 42)).toBe(true);
  expect(watchedAt(bars, length, 25)).toBe(false);
  await expect(page.getByTestId('heatmap-legend')).toContainText('Rewatched');
  await expectAccessible(page, 'the Viewers tab');
  await shot(page, info, 'viewers-tab');
  // The sessions as CSV.
  const download = page.waitForEvent('download');
  await page.getByTestId('csv-viewers').click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('started_at');
  expect(csv.trim().split('\n')).toHaveLength(3);

  // A viewer who arrives from a mail campaign's link (?email=) is named.
  const third = await browser.newContext({ baseURL });
  const c = await third.newPage();
  await c.goto(`/embed/mp4/${video.id}?email=a@b.c`);
  await startPlaying(c);
  await playUntil(c, 3);
  await sessionsOf(request, base, video.token, video.id, 3);
  await page.reload();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('a@b.c');

  // A lead from the player's form names their session: the lead's row opens the videos they watched.
  const config = await request.put(`${base}/api/player-config/${video.id}`, { headers: { authorization: `Bearer ${video.token}` }, data: { leadForm: { enabled: true, when: 'beforePlay', required: true } } });
  expect(config.status(), await config.text()).toBe(200);
  const fourth = await browser.newContext({ baseURL });
  const d = await fourth.newPage();
  await d.goto(`/embed/mp4/${video.id}`);
  await d.locator('.rb-player video').evaluate((v: HTMLVideoElement) => (v.muted = true));
  await d.locator('.rb-player .rb-big-play').click();
  const form = d.getByRole('dialog');
  await form.getByLabel('Email').fill('lead@example.com');
  const sent = d.waitForResponse((r) => r.url().endsWith(`/api/videos/${video.id}/leads`) && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Watch' }).click();
  expect((await sent).request().postDataJSON().sessionId).toMatch(/^[0-9a-f-]{36}$/);
  await playUntil(d, 5);
  await sessionsOf(request, base, video.token, video.id, 4);
  // The lead leaves (the session ends): the owner's instant alert is in the outbox.
  await d.goto('about:blank');
  expect(await lastMailText(video.account.email, 'lead@example.com watched Harbour tour')).toContain('/video-analytics/');
  await page.goto('/leads');
  const lead = page.getByRole('row').filter({ hasText: 'lead@example.com' });
  await lead.getByRole('button', { name: /expand/i }).click();
  const watched = page.getByTestId('lead-videos');
  await expect(watched.getByRole('link', { name: 'Harbour tour' })).toBeVisible();
  await expect(watched.getByTestId('heatmap')).toHaveAttribute('data-bars', /^[1-9]/);
  await expectAccessible(page, "a lead's watched videos");
  await shot(page, info, 'viewers-lead-videos');
  await page.goto(`/video-analytics/${video.id}?tab=viewers`);
  await expect(rows.nth(0)).toContainText('lead@example.com');

  // The account: the trend per day and the viewer privacy switches.
  await page.goto('/video-analytics');
  const trend = page.getByTestId('account-trend');
  await expect(trend.locator('.apexcharts-canvas')).toBeVisible();
  const today = page.getByRole('table', { name: 'Plays, minutes watched and unique viewers per day' }).getByRole('row').last();
  // Today: four plays (one each), four unique viewers.
  await expect(today.getByRole('cell').nth(1)).toHaveText('4');
  await expect(today.getByRole('cell').nth(3)).toHaveText('4');
  const byEmail = page.getByRole('switch', { name: 'Name viewers who arrive with ?email= in the link' });
  await expect(byEmail).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/analytics/viewer-settings') && r.request().method() === 'PUT');
  await byEmail.click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Name viewers who arrive with ?email= in the link' })).not.toBeChecked();
  await expectAccessible(page, 'Analytics with the trend and viewer privacy');
  await shot(page, info, 'viewers-account');
  for (const ctx of [first, second, third, fourth]) await ctx.close();
});
