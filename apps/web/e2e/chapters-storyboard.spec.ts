import { apiToken, expect, registerViaApi, sampleVideo, shot, signInViaApi, test, uploadViaApi, waitPlayable } from './support/fixtures.ts';

/*
 * Issue 26 items 3 and 4: the owner pastes chapters on the video page and saves them (an error is
 * shown at its line first); on the embed page the seek bar shows a mark at each chapter, hovering
 * names the chapter and shows the storyboard frame under the pointer, and the chapters menu seeks.
 */
test('chapters pasted on the video page show on the embed player; hovering the seek bar shows the chapter and the storyboard frame', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL);
  const video = await uploadViaApi(request, baseURL, a, sampleVideo(), 'Harbour tour');
  const token = await apiToken(request, baseURL, a);
  await waitPlayable(request, baseURL, token, video.id);

  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${video.id}`);
  const panel = page.getByTestId('chapters-panel');
  await expect(panel.getByRole('heading', { name: 'Chapters' })).toBeVisible();
  await panel.getByRole('button', { name: 'Paste lines' }).click();
  // The 3-second sample: a chapter at 0:05 is past its end, and a line without a time is no chapter.
  await panel.getByLabel(/One chapter a line/).fill('00:00 Intro\nThe harbour\n0:05 - Questions');
  await panel.getByRole('button', { name: 'Use these lines' }).click();
  await expect(panel.getByRole('alert')).toContainText('Line 2: Must start with a time such as 00:00 or 1:02:03, then the title.');
  await panel.getByLabel(/One chapter a line/).fill('00:00 Intro\n0:01 The harbour\n0:05 - Questions');
  await panel.getByRole('button', { name: 'Use these lines' }).click();
  await expect(panel.getByTestId('chapter-row')).toHaveCount(3);
  await expect(panel.getByText('Line 3: Must start before the end of the video (0:03).')).toBeVisible();
  await expect(panel.getByLabel('Start of chapter 3')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, info, 'chapters-editor-error');
  await panel.getByLabel('Start of chapter 3').fill('0:02');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${video.id}/chapters`) && r.request().method() === 'PUT');
  await panel.getByRole('button', { name: 'Save chapters' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Chapters saved.')).toBeVisible();
  await expect(panel.getByLabel('Title of chapter 2')).toHaveValue('The harbour');
  await shot(page, info, 'chapters-editor-saved');
  const stored = await (await request.get(`${baseURL}/api/videos/${video.id}/chapters`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(stored.chapters).toEqual([
    { start: 0, title: 'Intro' },
    { start: 1, title: 'The harbour' },
    { start: 2, title: 'Questions' },
  ]);

  // The storyboard is made after the ladder; the embed page gets it from the playback answer.
  await expect.poll(async () => (await (await request.get(`${baseURL}/api/playback/${video.id}`)).json()).storyboard?.vtt ?? null, { timeout: 90_000, intervals: [500] }).toContain('/storyboard/storyboard.vtt');

  await page.setViewportSize({ width: 800, height: 450 });
  await page.goto(`/embed/hls/${video.id}`);
  const seek = page.getByRole('slider', { name: 'Seek' });
  await expect(seek).toBeVisible();
  const marks = page.locator('.rb-chapter-mark');
  await expect(marks).toHaveCount(2);
  // The controls chunk (after the first frame or on first use, with its texts) adds its buttons to
  // the bar: a first move over the player brings it; measure the seek bar once they are there.
  await page.mouse.move(400, 100);
  await expect(page.getByRole('button', { name: /^Speed/ })).toBeVisible();
  const box = (await seek.boundingBox()) as { x: number; y: number; width: number; height: number };
  // Each mark sits over the seek bar at its chapter's share of the length.
  // The player knows the length from the playback answer before the media loads.
  const duration = (await (await request.get(`${baseURL}/api/playback/${video.id}`)).json()).durationSec as number;
  const markX = await marks.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x + e.getBoundingClientRect().width / 2));
  expect(markX[0]).toBeCloseTo(box.x + (box.width * 1) / duration, -1);
  expect(markX[1]).toBeCloseTo(box.x + (box.width * 2) / duration, -1);

  // Hovering at half the bar (about 1.5 s): the chapter's name and the storyboard's tile of that second.
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width * 0.5 + 1, box.y + box.height / 2);
  const tip = page.locator('.rb-chapter-tip');
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText('The harbour');
  const frame = page.locator('.rb-storyboard-frame');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveCSS('background-image', /storyboard\/sheet-0\.jpg/);
  await expect(frame).toHaveCSS('background-position', '-160px 0px');
  await expect(frame).toHaveCSS('width', '160px');
  // The sheet itself loads (the same rules as the other media files).
  const sheetUrl = (await frame.evaluate((e) => getComputedStyle(e).backgroundImage)).replace(/^url\("?|"?\)$/g, '');
  expect((await request.get(sheetUrl)).status()).toBe(200);
  await shot(page, info, 'chapters-storyboard-hover');
  // Further along: the last chapter and the last tile.
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2);
  await expect(tip).toHaveText('Questions');
  await expect(frame).toHaveCSS('background-position', '-320px 0px');
  await page.mouse.move(box.x + box.width / 2, box.y - 150);
  await expect(page.locator('.rb-storyboard')).toBeHidden();
  await expect(tip).toBeHidden();

  // A finger on the bar shows the frame under it too, and lifting it hides the frame.
  const touch = (type: string, fraction: number) => seek.dispatchEvent(type, { pointerType: 'touch', isPrimary: true, clientX: box.x + box.width * fraction, clientY: box.y + box.height / 2 });
  await touch('pointerdown', 0.1);
  await expect(frame).toBeVisible();
  await expect(frame).toHaveCSS('background-position', '0px 0px');
  await touch('pointermove', 0.7);
  await expect(frame).toHaveCSS('background-position', '-320px 0px');
  await touch('pointerup', 0.7);
  await expect(page.locator('.rb-storyboard')).toBeHidden();

  // The chapters menu seeks to the chapter chosen.
  await page.getByRole('button', { name: 'Chapters' }).click();
  const menu = page.getByRole('menu', { name: 'Chapters' });
  await expect(menu.getByRole('menuitem')).toHaveText(['0:00Intro', '0:01The harbour', '0:02Questions']);
  await shot(page, info, 'chapters-menu');
  await menu.getByRole('menuitem', { name: /Questions/ }).click();
  await expect(menu).toBeHidden();
  await expect.poll(() => page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).currentTime)).toBeCloseTo(2, 1);
});
