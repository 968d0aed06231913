import type { Page } from '@playwright/test';
import { expect, registerViaApi, sampleVideo, shot, signInViaApi, sql, test, tinyVideo, uploadViaApi } from './support/fixtures.ts';
import { choose } from './support/select.ts';

// A 48×24 PNG for the player logo.
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAYCAIAAAAzn+mLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPklEQVRIie2W0QkAUQyDHD9b+6Y4eh9CBwgSQ3H86jhPYIGI0OqQWcb5/NgwEqHVIbOM8xGyB40IrQ75sWUPYDrf2xKSdZYAAAAASUVORK5CYII=', 'base64');
const RED = 'rgb(255, 0, 0)';

/** The next player-config save and the settings it sent. */
function nextSave(page: Page) {
  return page
    .waitForResponse((r) => /\/api\/player-config\/[0-9a-f-]{36}$/.test(r.url()) && r.request().method() === 'PUT')
    .then(async (r) => ({ status: r.status(), sent: r.request().postDataJSON() as Record<string, unknown> }));
}

/** Waits until the player's video element has played past `seconds`. */
async function playedPast(page: Page, scope: string, seconds: number) {
  await expect.poll(() => page.locator(`${scope} video`).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(seconds);
}

test('player settings: each change shows in the live preview at once, is saved alone, and the embed page follows', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const video = await uploadViaApi(request, baseURL as string, a, sampleVideo(), 'Showreel');
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${video.id}`);
  const panel = page.getByRole('region', { name: 'Player settings' });
  const preview = page.getByTestId('player-preview');
  await expect(preview.locator('.rb-big-play')).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByText('Video will be muted in Chrome and on mobile devices if Autoplay is selected.')).toBeVisible();

  // The play-button colour: the preview turns red before the save, the save carries only the colour.
  let save = nextSave(page);
  await panel.getByLabel('Play button').fill('#ff0000');
  await expect(preview.locator('.rb-big-play')).toHaveCSS('background-color', RED);
  expect(await save).toEqual({ status: 200, sent: { id: video.id, colorScheme: { playerPlayButton: '#ff0000' } } });

  // Start action 'auto play': saved alone, and the preview starts by itself.
  save = nextSave(page);
  await panel.getByRole('radio', { name: 'auto play' }).check();
  expect(await save).toEqual({ status: 200, sent: { id: video.id, startAction: 'autoPlay' } });
  await playedPast(page, '[data-testid="player-preview"]', 0.3);

  // A control turned off disappears from the preview.
  save = nextSave(page);
  await panel.getByRole('switch', { name: 'Volume control' }).click();
  expect(await save).toEqual({ status: 200, sent: { id: video.id, volumeControl: false } });
  await expect(preview.locator('.rb-mute')).toBeHidden();

  // The logo upload shows the logo in the preview.
  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Upload player logo' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
  await expect(page.getByTestId('alert-bar')).toContainText('Player logo uploaded.');
  await expect(preview.locator('.rb-logo')).toBeVisible();
  await expect(panel.getByRole('switch', { name: 'Show logo' })).toBeChecked();

  // End action 'play next' offers the owner's other videos.
  const other = await uploadViaApi(request, baseURL as string, a, tinyVideo(), 'Teaser');
  save = nextSave(page);
  await choose(panel.getByLabel('End action'), /^play next$/);
  expect(await save).toEqual({ status: 200, sent: { id: video.id, endAction: 'playNext' } });
  save = nextSave(page);
  await choose(panel.getByLabel('Next video'), /^Teaser$/);
  expect(await save).toEqual({ status: 200, sent: { id: video.id, nextVideo: other.id } });
  await shot(page, info, 'player-settings');

  // A reload shows what was saved; the embed page plays with the same settings.
  await page.reload();
  await expect(panel.getByLabel('Play button')).toHaveValue('#ff0000');
  await expect(panel.getByRole('radio', { name: 'auto play' })).toBeChecked();
  await expect(panel.getByRole('switch', { name: 'Volume control' })).not.toBeChecked();
  // The clip autoplays and, at its end, plays the next video (the end action): its media wait until
  // the page is checked, or a slow machine would look at the Teaser's page instead.
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route((url) => url.pathname.startsWith(`/media/videos/${video.id}/`), async (route) => {
    await held;
    await route.continue();
  });
  // Not 'load': the held poster would keep it from coming.
  await page.goto(`/embed/hls/${video.id}`, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('.rb-big-play')).toHaveCSS('background-color', RED);
  await expect(page.locator('.rb-mute')).toBeHidden();
  await expect(page.locator('.rb-logo')).toBeVisible();
  // Played by itself to its end, then the next video: autoplay and 'play next' as saved.
  release();
  await expect(page).toHaveURL(new RegExp(`/embed/hls/${other.id}`), { timeout: 30_000 });
});

test('copy and preview from a video row, copy from the video page', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await uploadViaApi(request, baseURL as string, a, sampleVideo(), 'Launch');
  await signInViaApi(page, a);
  const rows = page.getByTestId('video-row');
  await expect(rows.getByText('HLS: ready')).toBeVisible({ timeout: 90_000 });

  // Preview plays the video in the product's player.
  await page.getByRole('button', { name: 'Actions for video Launch' }).click();
  await page.getByRole('menuitem', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview video' });
  await dialog.locator('.rb-big-play').click();
  await playedPast(page, '[role="dialog"] [data-testid="player-preview"]', 0.5);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Copy from the row: the list shows both.
  await page.getByRole('button', { name: 'Actions for video Launch' }).click();
  const copyItem = page.getByRole('menuitem', { name: 'Copy' });
  await expect(copyItem).not.toHaveAttribute('aria-disabled', 'true', { timeout: 60_000 });
  await copyItem.click();
  await expect(page.getByTestId('alert-bar')).toContainText('Video copied as “Launch (copy)”.');
  await expect(rows).toHaveText([/^Launch(?! \(copy\))/, /Launch \(copy\)/]);

  // Copy from the copy's page: it opens the new copy, which plays.
  await rows.filter({ hasText: 'Launch (copy)' }).getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Launch (copy 2)' })).toBeVisible();
  await page.getByTestId('player-preview').locator('.rb-big-play').click();
  await playedPast(page, '[data-testid="player-preview"]', 0.5);
});

test('the player logo follows its feature flag; a canceled profile sees settings without edit actions', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await uploadViaApi(request, baseURL as string, a, tinyVideo(), 'Clip');
  await sql(`update users set features = features || '{"uploadPlayerLogo": false}' where email = $1`, [a.email]);
  await signInViaApi(page, a);
  await page.getByTestId('video-row').getByRole('link', { name: 'Edit' }).click();
  const panel = page.getByRole('region', { name: 'Player settings' });
  await panel.getByRole('button', { name: 'Upload player logo' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('This action is disabled. Contact your administrator.');

  await sql('update users set is_active = false where email = $1', [a.email]);
  await page.reload();
  await expect(panel.getByRole('switch', { name: 'Volume control' })).toBeDisabled();
  await expect(panel.getByLabel('Play button')).toBeDisabled();
  for (const name of ['Upload player logo', 'Rename', 'Delete', 'Copy']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Upload video' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create folder' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Actions for video Clip' }).click();
  await expect(page.getByRole('menuitem', { name: 'Preview' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Copy' })).toHaveCount(0);
});
