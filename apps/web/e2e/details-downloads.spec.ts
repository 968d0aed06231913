import { readFile } from 'node:fs/promises';
import { apiToken, expect, registerViaApi, shot, signInViaApi, test, tinyVideo, uploadViaApi, waitPlayable } from './support/fixtures.ts';

/*
 * Issue 34: the owner writes a description and tags on the video page and the share page shows the
 * description (its link clickable); with downloads allowed, the embed shows a download button
 * whose link saves the video's mp4.
 */
test('description and tags on the share page; the embed download button downloads the file', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL);
  const video = await uploadViaApi(request, baseURL, a, tinyVideo(), 'Harbour tour');
  const token = await apiToken(request, baseURL, a);
  await waitPlayable(request, baseURL, token, video.id);

  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${video.id}`);
  const card = page.getByTestId('details-card');
  await card.getByLabel('Description').fill('A walk along the quay at dawn.\nBook it at https://shop.example.com/tour');
  const tags = card.getByRole('combobox', { name: 'Tags' });
  await tags.fill('Travel');
  await tags.press('Enter');
  await tags.fill('boats');
  await tags.press('Enter');
  await card.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved.')).toBeVisible();
  await shot(page, info, 'details-card');
  const saved = await (await request.get(`${baseURL}/api/videos/${video.id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(saved).toMatchObject({ description: 'A walk along the quay at dawn.\nBook it at https://shop.example.com/tour', tags: ['Travel', 'boats'] });

  // My videos filters by a tag from a row's tag link.
  await page.goto('/');
  const row = page.getByTestId('video-row').filter({ hasText: 'Harbour tour' });
  await row.getByRole('link', { name: 'boats' }).click();
  await expect(page.getByTestId('tag-filter')).toContainText('Tagged “boats”');
  await expect(page.getByTestId('video-row')).toHaveCount(1);

  // The share page: the description under the player, its link an anchor for the uploader's content.
  const watch = await page.context().newPage();
  await watch.goto(`${baseURL}/watch/${video.id}`);
  await expect(watch.getByText('A walk along the quay at dawn.')).toBeVisible();
  const link = watch.getByRole('link', { name: 'https://shop.example.com/tour' });
  await expect(link).toHaveAttribute('href', 'https://shop.example.com/tour');
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
  await expect(watch.locator('meta[property="og:description"]')).toHaveAttribute('content', 'A walk along the quay at dawn. Book it at https://shop.example.com/tour');
  await shot(watch, info, 'share-description');
  await watch.close();

  // Downloads off (the default): no button. On: the embed's button saves the mp4.
  const embed = await page.context().newPage();
  await embed.goto(`${baseURL}/embed/hls/${video.id}`);
  await embed.locator('.rb-player').hover();
  await expect(embed.locator('.rb-speed, .rb-quality').first()).toBeAttached();
  await expect(embed.locator('a.rb-download')).toHaveCount(0);
  // The owner turns downloads on in the player settings.
  await page.goto(`/${video.id}`);
  const settings = page.getByRole('region', { name: 'Player settings' });
  const allow = settings.getByRole('switch', { name: 'Allow viewers to download the video' });
  await expect(allow).not.toBeChecked();
  const saving = page.waitForResponse((r) => r.url().endsWith(`/api/player-config/${video.id}`) && r.request().method() === 'PUT');
  await allow.click();
  expect((await saving).status()).toBe(200);
  await expect(allow).toBeChecked();
  await embed.reload();
  await embed.locator('.rb-player').hover();
  const button = embed.getByRole('link', { name: 'Download' });
  await expect(button).toBeVisible();
  const [download] = await Promise.all([embed.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe('Harbour tour.mp4');
  const playback = await (await request.get(`${baseURL}/api/playback/${video.id}`)).json();
  const mp4 = await (await request.get(playback.download)).body();
  expect((await readFile(await download.path())).equals(mp4)).toBe(true);
  await shot(embed, info, 'embed-download');
});

test('the API reference renders the OpenAPI document under its policy, with nothing from elsewhere', async ({ page, baseURL }) => {
  const refused: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) foreign.push(r.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Reelbase API' }).first()).toBeVisible({ timeout: 30_000 });
  // This issue's calls are in it, by their summaries' anchors.
  await expect(page.locator('a[href="#PUT/api/videos/{id}/details"]')).toBeAttached();
  await expect(page.locator('a[href="#GET/api/videos/{id}/download"]')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Ask AI' })).toHaveCount(0);
  await shot(page, test.info(), 'api-docs');
  expect(foreign).toEqual([]);
  expect(refused).toEqual([]);
});
