import type { APIRequestContext, Page } from '@playwright/test';
import { thumbnailTimes } from '@reelbase/api-client/constants';
import { type Account, apiToken, expect, registerViaApi, sampleVideo, shot, signInViaApi, sql, test, uploadViaApi } from './support/fixtures.ts';
import { choose } from './support/select.ts';

// Each test has its own user and video, so they can run side by side.
test.describe.configure({ mode: 'parallel' });

interface Setup {
  account: Account;
  token: string;
  videoId: string;
}

/** A signed-in user with the 3 s sample clip ready, on its video page. */
async function openVideo(page: Page, request: APIRequestContext, baseURL: string): Promise<Setup> {
  const account = await registerViaApi(request, baseURL);
  const token = await apiToken(request, baseURL, account);
  const { id: videoId } = await uploadViaApi(request, baseURL, account, sampleVideo(), 'Tour');
  await expect.poll(async () => (await getVideo(request, baseURL, token, videoId)).status, { timeout: 90_000 }).toBe('ready');
  await signInViaApi(page, account);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${videoId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tour' })).toBeVisible();
  return { account, token, videoId };
}

const getVideo = async (request: APIRequestContext, baseURL: string, token: string, id: string) =>
  (await request.get(`${baseURL}/api/videos/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();

/** The colour (r, g, b) of the mp4 at `url` at `time` s, at (fx, fy) shares of its width and height. */
async function pixelAt(page: Page, url: string, time: number, fx: number, fy: number): Promise<number[]> {
  return page.evaluate(
    async ({ url, time, fx, fy }) => {
      const v = document.createElement('video');
      v.muted = true;
      v.src = url;
      await new Promise((r) => v.addEventListener('loadeddata', r, { once: true }));
      v.currentTime = time;
      await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
      const c = document.createElement('canvas');
      c.width = v.videoWidth;
      c.height = v.videoHeight;
      const ctx = c.getContext('2d') as CanvasRenderingContext2D;
      ctx.drawImage(v, 0, 0);
      return Array.from(ctx.getImageData(Math.round(fx * c.width), Math.round(fy * c.height), 1, 1).data.slice(0, 3));
    },
    { url, time, fx, fy },
  );
}

/** A PNG drawn by the browser: a square of `fill` with a white border (the test's watermark and cover). */
async function pngFile(page: Page, size = 120, fill = '#e00'): Promise<Buffer> {
  const dataUrl = await page.evaluate(({ s, fill }) => {
    const c = document.createElement('canvas');
    c.width = s;
    c.height = s;
    const ctx = c.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, s, s);
    ctx.fillStyle = fill;
    ctx.fillRect(8, 8, s - 16, s - 16);
    return c.toDataURL('image/png');
  }, { s: size, fill });
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64');
}

test('trim as new: the range and hh:mm:ss inputs, a new shorter video beside the original', async ({ page, request, baseURL }, info) => {
  const { token, videoId } = await openVideo(page, request, baseURL);
  await page.getByRole('button', { name: 'Trim' }).click();
  const dialog = page.getByRole('dialog', { name: 'Video Trimmer' });
  await expect(dialog.getByLabel('Trim preview')).toBeVisible();
  await expect(dialog.getByLabel('End time')).toHaveValue('00:00:03');

  // An invalid entry resets to 0.
  await dialog.getByLabel('Start time').fill('1:7x');
  await dialog.getByLabel('Start time').press('Enter');
  await expect(dialog.getByLabel('Start time')).toHaveValue('00:00:00');
  await dialog.getByLabel('Start time').fill('00:00:01');
  await dialog.getByLabel('Start time').press('Tab');
  await dialog.getByLabel('End time').fill('00:00:02');
  await dialog.getByLabel('End time').press('Tab');
  await expect(dialog.getByTestId('trim-length')).toHaveText('00:00:01');
  await expect(dialog.getByRole('slider', { name: 'Trim start' })).toHaveAttribute('aria-valuenow', '1');
  await expect(dialog.getByRole('slider', { name: 'Trim end' })).toHaveAttribute('aria-valuenow', '2');
  await shot(page, info, 'trim-modal');

  await dialog.getByRole('button', { name: 'Save As New Video' }).click();
  // The new video opens (issue 22); My videos lists both.
  await expect(page.getByRole('heading', { level: 1, name: 'Tour (trimmed)' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('video-row')).toHaveCount(2);
  // The new video: about 1 s long once processed; the original keeps its 3 s.
  const list = await (await request.get(`${baseURL}/api/videos`, { headers: { authorization: `Bearer ${token}` } })).json();
  const copy = list.items.find((v: { id: string }) => v.id !== videoId);
  await expect.poll(async () => (await getVideo(request, baseURL, token, copy.id)).status, { timeout: 90_000 }).toBe('ready');
  expect((await getVideo(request, baseURL, token, copy.id)).metadata.durationSec).toBeCloseTo(1, 0);
  expect((await getVideo(request, baseURL, token, videoId)).metadata.durationSec).toBeCloseTo(3, 0);
  await expect(page.getByTestId('video-row').getByText('Main: ready')).toHaveCount(2, { timeout: 30_000 });
});

test('set a cover from a frame, then from an uploaded image cropped to the player', async ({ page, request, baseURL }, info) => {
  const { token, videoId } = await openVideo(page, request, baseURL);
  const player = page.getByLabel('Video: Tour');
  const firstPoster = await player.getAttribute('poster');
  expect(firstPoster).toContain('thumb-1');

  await page.getByRole('button', { name: 'Set Video Thumbnail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Video Thumbnail' });
  const frames = dialog.getByRole('radio', { name: /^Frame \d at / });
  await expect(frames).toHaveCount(4);
  await expect(frames.first()).toHaveAttribute('aria-checked', 'true');
  const create = page.waitForRequest((r) => r.url().endsWith(`/api/videos/${videoId}/create/image`));
  await dialog.getByRole('radio', { name: 'Frame 4 at 00:00:02' }).click();
  await shot(page, info, 'thumbnail-modal');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The fourth frame is at 4/5 of the clip (about 3 s).
  const { durationSec } = (await getVideo(request, baseURL, token, videoId)).metadata;
  expect((await create).postDataJSON()).toEqual({ time: thumbnailTimes(durationSec)[3] });
  expect(thumbnailTimes(durationSec)[3]).toBeCloseTo(2.4, 1);
  await expect(page.getByTestId('alert-bar')).toContainText('Thumbnail updated successfully!');
  await expect(dialog).toBeHidden();
  await expect(player).toHaveAttribute('poster', /cover-/);
  const framePoster = await player.getAttribute('poster');

  // Slot 100: an uploaded square image, cropped to the player's 4:3.
  await page.getByRole('button', { name: 'Set Video Thumbnail' }).click();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('radio', { name: 'Upload image' }).click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await pngFile(page, 300) });
  await expect(dialog.getByTestId('image-cropper').locator('img')).toBeVisible();
  await shot(page, info, 'thumbnail-modal-crop');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('Thumbnail updated successfully!');
  await expect(player).not.toHaveAttribute('poster', framePoster as string);
  const cover = await page.request.get((await player.getAttribute('poster')) as string);
  expect(cover.status()).toBe(200);
  // The stored cover has the player's aspect ratio (320x240).
  const size = await page.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img.naturalWidth / img.naturalHeight;
  }, (await player.getAttribute('poster')) as string);
  expect(size).toBeCloseTo(4 / 3, 1);
  // The same file as the video's answer names; the owner's player reads it with their preview token.
  const poster = (await player.getAttribute('poster')) as string;
  expect(poster.replace(/\/~[^/]+\//, '/')).toBe((await getVideo(request, baseURL, token, videoId)).imageUrl);
});

test('a tool whose feature is off says so instead of opening', async ({ page, request, baseURL }) => {
  const { account } = await openVideo(page, request, baseURL);
  await sql(`update users set features = features || '{"videoTrimmer": false, "setVideoImage": false, "addWatermark": false, "createGif": false}' where email = $1`, [account.email]);
  await page.reload();
  for (const name of ['Trim', 'Set Video Thumbnail', 'Add Watermark', 'Create Interactive GIF']) {
    await page.getByRole('button', { name }).click();
    await expect(page.getByTestId('alert-bar')).toContainText('This action is disabled. Contact your administrator.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  // A canceled profile sees no tools at all.
  await sql('update users set is_active = false where email = $1', [account.email]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tour' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set Video Thumbnail' })).toHaveCount(0);
});

test('add a watermark: choose, crop, drag into place, opacity, save; the video is re-rendered with it', async ({ page, request, baseURL }, info) => {
  const { token, videoId } = await openVideo(page, request, baseURL);
  const source = (await getVideo(request, baseURL, token, videoId)).videoSource;
  // Where the green mark will sit (on the clip's red bar).
  const before = await pixelAt(page, `${source}?before`, 1, 0.125, 0.25);
  await page.getByRole('button', { name: 'Add Watermark' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Watermark' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /Choose image/ }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngFile(page, 120, '#0c0') });
  await expect(dialog.getByTestId('image-cropper').locator('img')).toBeVisible();
  await dialog.getByTitle('1:1').click();
  await expect(dialog.getByRole('radio', { name: '1:1' })).toBeChecked();
  await shot(page, info, 'watermark-modal-crop');
  await dialog.getByRole('button', { name: 'Place on video' }).click();

  // Starts in the bottom-right corner; dragged to the top-left corner.
  const frame = dialog.getByTestId('drag-preview');
  const mark = dialog.getByTestId('drag-item');
  await expect(mark).toBeVisible();
  const f = (await frame.boundingBox()) as { x: number; y: number; width: number; height: number };
  const m = (await mark.boundingBox()) as { x: number; y: number; width: number; height: number };
  expect(m.x).toBeGreaterThan(f.x + f.width / 2);
  await page.mouse.move(m.x + m.width / 2, m.y + m.height / 2);
  await page.mouse.down();
  await page.mouse.move(f.x + 5, f.y + 5, { steps: 8 });
  await page.mouse.up();
  const moved = (await mark.boundingBox()) as { x: number; y: number };
  expect(moved.x).toBeCloseTo(f.x, 0);
  expect(moved.y).toBeCloseTo(f.y, 0);
  // Scale 25 % of the width; opacity 60 (default 100).
  await expect(dialog.getByLabel('Opacity', { exact: true })).toHaveValue('100');
  await dialog.getByLabel("Scale (% of the video's width)").fill('25');
  await dialog.getByLabel('Opacity', { exact: true }).fill('60');
  await dialog.getByLabel('Opacity', { exact: true }).press('Tab');
  await shot(page, info, 'watermark-modal');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The placement the API keeps: the top-left corner, a quarter of the width, a square mark on a
  // 4:3 video (a third of its height), opacity 0.6; then the marked renditions are published.
  const marked = await getVideo(request, baseURL, token, videoId);
  expect(marked.watermark).toMatchObject({ positionX: 0, positionY: 0 });
  expect(marked.watermark.width).toBeCloseTo(0.25);
  expect(marked.watermark.height).toBeCloseTo(1 / 3, 2);
  expect(marked.watermark.opacity).toBeCloseTo(0.6);
  await expect.poll(async () => (await getVideo(request, baseURL, token, videoId)).watermark.state, { timeout: 90_000 }).toBe('ready');
  // The mp4 now shows the green mark, 60 % opaque, where it was dropped.
  const after = await pixelAt(page, `${(await getVideo(request, baseURL, token, videoId)).videoSource}?after`, 1, 0.125, 0.25);
  expect((after[1] as number) - (before[1] as number), `${before} -> ${after}`).toBeGreaterThan(80);

  // Back on the page, the modal shows the current watermark and removes it.
  await page.goto(`/${videoId}`);
  await page.getByRole('button', { name: 'Add Watermark' }).click();
  await expect(dialog.getByTestId('current-watermark')).toContainText('On the video now.');
  await dialog.getByRole('button', { name: 'Remove watermark' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await getVideo(request, baseURL, token, videoId)).watermark, { timeout: 90_000 }).toBeNull();
});

test('create a GIF with text, copy its embed, page through and remove', async ({ page, request, baseURL }, info) => {
  const { videoId } = await openVideo(page, request, baseURL);
  await expect(page.getByText('No GIFs yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create Interactive GIF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Animated GIF' });
  await expect(dialog.getByLabel('End time')).toHaveValue('00:00:03');
  await dialog.getByLabel('Start time').fill('00:00:01');
  await dialog.getByLabel('Start time').press('Tab');
  await dialog.getByLabel('Text', { exact: true }).fill('Hello GIF');
  // The preview draws the text as it is typed, in the chosen font and colour.
  const preview = dialog.getByTestId('gif-text-preview');
  await expect(preview).toHaveText('Hello GIF');
  await dialog.getByLabel('Colour').fill('#ff0000');
  await expect(preview).toHaveCSS('color', 'rgb(255, 0, 0)');
  await choose(dialog.getByLabel('Font', { exact: true }), 'Dancing Script');
  await expect(preview).toHaveCSS('font-family', /Dancing Script/);
  await dialog.getByLabel('Font size').fill('32');
  // 32 GIF pixels, scaled to the preview (480 px wide GIF shown narrower).
  const box = (await preview.boundingBox()) as { width: number; height: number };
  const frameBox = (await dialog.getByTestId('drag-preview').boundingBox()) as { width: number };
  expect(Number.parseFloat(await preview.evaluate((el) => getComputedStyle(el).fontSize))).toBeCloseTo((32 * frameBox.width) / 480, 0);
  expect(box.width).toBeGreaterThan(40);

  await dialog.getByLabel('Redirect URL (optional)').fill('ftp://example.com');
  await dialog.getByRole('button', { name: 'Create GIF' }).click();
  await expect(dialog.getByText('Must match format "http:// or https://".')).toBeVisible();
  await dialog.getByLabel('Redirect URL (optional)').fill('  https://example.com/offer  ');
  await shot(page, info, 'gif-modal');

  const create = page.waitForRequest((r) => r.url().endsWith('/api/gifs') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Create GIF' }).click();
  const sent = (await create).postDataJSON();
  expect(sent).toMatchObject({ videoId, startTime: 1, endTime: 3, fps: 10, redirectToUrl: 'https://example.com/offer' });
  expect(sent.textInfo).toMatchObject({ text: 'Hello GIF', color: '#ff0000', fontFamily: 'Dancing Script', fontSize: 32, fontWeight: 400 });
  const embed = dialog.getByLabel('GIF embed code');
  await expect(embed).toHaveValue(/https:\/\/example\.com\/offer/, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('Copied!');
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expect(embed).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The list: the GIF, its size in MB, its MP4 snippet; copy-embed puts the snippet on the clipboard.
  const item = page.getByTestId('gif-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(/GIF · \d+\.\d\d MB/);
  await expect(item.getByRole('img', { name: 'GIF' })).toHaveJSProperty('complete', true);
  await item.getByRole('button', { name: 'Copy embed' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('Copied!');
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  expect(clip).toContain('https://example.com/offer');
  expect(await item.getByRole('link', { name: 'Download' }).getAttribute('href')).toBeTruthy();
  await shot(page, info, 'gif-list');

  await item.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).last().click();
  await expect(page.getByText('No GIFs yet.')).toBeVisible();
});

test('the GIF list pages 6 at a time', async ({ page, request, baseURL }) => {
  const { token, videoId } = await openVideo(page, request, baseURL);
  for (let i = 0; i < 7; i++) {
    const res = await request.post(`${baseURL}/api/gifs`, {
      headers: { authorization: `Bearer ${token}` },
      data: { videoId, startTime: 0, endTime: 1, fps: 5, size: '320:-1', textInfo: { text: `GIF ${i + 1}` } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.reload();
  const items = page.getByTestId('gif-item');
  await expect(items).toHaveCount(6);
  await page.getByTitle('2', { exact: true }).click();
  await expect(items).toHaveCount(1);
});
