import { apiToken, expect, playhead, registerViaApi, sampleVideo, shot, signInViaApi, test, uploadViaApi, waitPlayable } from './support/fixtures.ts';

/*
 * Captions in the app (issue 25, items 1 and 5): a video found by a word said in it, the line and
 * its time in My videos, a click that opens the video at that moment, the transcript on the video
 * page (a line seeks the player) and on the share page.
 */
const VTT = `WEBVTT

00:00:00.400 --> 00:00:01.100
Welcome aboard the ferry.

00:00:01.250 --> 00:00:02.000
The lighthouse keeper waves.

00:00:02.200 --> 00:00:02.900
Mind the gap &amp; the gulls.
`;

test('search by what is said, open the video at that moment, read the transcript (app and share page)', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL);
  const video = await uploadViaApi(request, baseURL, a, sampleVideo(), 'Harbour morning');
  const other = await uploadViaApi(request, baseURL, a, sampleVideo(), 'Quarterly numbers');
  const token = await apiToken(request, baseURL, a);
  await waitPlayable(request, baseURL, token, video.id);
  const up = await request.post(`${baseURL}/api/videos/${video.id}/captions`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { language: 'en', label: 'English', isDefault: 'true', file: { name: 'harbour.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) } },
  });
  expect(up.status(), await up.text()).toBe(201);

  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.getByLabel('Search videos').fill('lighthouse');
  await page.getByLabel('Search videos').press('Enter');
  await expect(page.getByText('Results for “lighthouse” in all folders')).toBeVisible();
  await expect(page.getByTestId('video-row')).toHaveText([/Harbour morning/]);
  const hit = page.getByTestId('video-matches').getByRole('link');
  await expect(hit).toHaveText('0:01“The lighthouse keeper waves.”');
  await shot(page, info, 'captions-search-hit');

  // The hit opens the video at the moment the words are said.
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/${video.id}\\?t=1\\.25$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour morning' })).toBeVisible();
  await expect.poll(() => playhead(page), { timeout: 30_000 }).toBeCloseTo(1.25, 1);

  // The transcript beside it; a line seeks the player.
  const transcript = page.getByRole('list', { name: 'Transcript' });
  await expect(transcript.getByRole('button')).toHaveText(['0:00Welcome aboard the ferry.', '0:01The lighthouse keeper waves.', '0:02Mind the gap & the gulls.']);
  await transcript.getByRole('button', { name: /Mind the gap/ }).click();
  await expect.poll(() => playhead(page)).toBeCloseTo(2.2, 1);
  await transcript.getByRole('button', { name: /Welcome aboard/ }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => playhead(page)).toBeCloseTo(0.4, 1);
  await shot(page, info, 'captions-video-transcript');

  // A video without captions shows no transcript.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByLabel('Search videos').fill('Quarterly');
  await page.getByLabel('Search videos').press('Enter');
  const listed = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${other.id}/captions`) && r.request().method() === 'GET');
  await page.getByTestId('video-row').getByRole('link', { name: 'Quarterly numbers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quarterly numbers' })).toBeVisible();
  expect(await (await listed).json()).toEqual({ items: [] });
  await expect(page.getByRole('list', { name: 'Transcript' })).toHaveCount(0);

  // The share page carries the transcript under the player.
  await page.goto(`${baseURL}/watch/${video.id}`);
  await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expect(page.locator('.rb-share-transcript p')).toHaveText(['0:00Welcome aboard the ferry.', '0:01The lighthouse keeper waves.', '0:02Mind the gap & the gulls.']);
  await shot(page, info, 'captions-share-transcript');
});
