import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, FrameLocator, Locator, Page } from '@playwright/test';
import { apiToken, expect, registerViaApi, shot, signInViaApi, test, uploadViaApi } from './support/fixtures.ts';

/*
 * The owner previews everything (issue 32 item 7): a private and a password video play in the
 * owner's own players (the video page's player, the player settings preview, the embed preview)
 * with the owner's preview token, while a signed-out viewer gets the private message or the
 * password form.
 */

async function privacyViaApi(request: APIRequestContext, baseURL: string, token: string, id: string, body: Record<string, unknown>) {
  const res = await request.put(`${baseURL}/api/videos/${id}/privacy`, { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(res.status(), await res.text()).toBe(200);
}
async function waitReady(request: APIRequestContext, baseURL: string, token: string, id: string) {
  await expect
    .poll(async () => {
      const v = await (await request.get(`${baseURL}/api/videos/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
      // Its whole ladder done: no ffmpeg competes with the players below.
      return v.isMainReady && v.isHlsReady && v.processing.activity === 'ready';
    }, { timeout: 180_000, intervals: [500] })
    .toBe(true);
}

/** Twenty seconds at 160x120 (the 3 s sample ends before three players are checked in turn). */
function longerClip(): string {
  const clip = join(process.env.E2E_TMP as string, 'owner-preview.mp4');
  if (!existsSync(clip)) execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine', '-t', '20', '-c:v', 'libx264', '-g', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', clip]);
  return clip;
}

/** The video element has a frame (readyState >= 2) and its time moves on from where it was. */
async function playing(video: Locator) {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  const from = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 }).toBeGreaterThan(from);
}
/** Starts the product's player in `scope` (a page region or the embed frame) and waits until it plays. */
async function playIn(scope: Locator | FrameLocator) {
  await scope.locator('.rb-big-play').click({ timeout: 60_000 });
  await playing(scope.locator('video').first());
}

async function ownerPlaysEverywhere(page: Page, id: string, name: string) {
  await page.goto(`/${id}`);
  // The video page's own player (muted: no click needed, as a viewer's play button would be).
  const own = page.locator(`video[aria-label="Video: ${name}"]`);
  await expect(own).toHaveAttribute('src', /\/~\d{10}\.\d+p\.[\w-]+\/main\.mp4$/, { timeout: 60_000 });
  await own.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await playing(own);
  await own.evaluate((v: HTMLVideoElement) => v.pause());
  // The player settings' live preview.
  await playIn(page.getByTestId('player-preview'));
  await page.getByTestId('player-preview').locator('video').first().evaluate((v: HTMLVideoElement) => v.pause());
  // The embedding panel's preview: the snippet's frame, with the preview token in its fragment.
  const frame = page.getByTestId('embed-preview').locator('iframe');
  await expect(frame).toHaveAttribute('src', /#preview=\d{10}\.\d+p\./, { timeout: 60_000 });
  await frame.scrollIntoViewIfNeeded();
  await playIn(page.frameLocator('[data-testid="embed-preview"] iframe'));
}

test('the owner plays a private and a password video in every preview; a signed-out viewer does not', async ({ page, request, baseURL }, info) => {
  // Two uploads with their ladders and three players on a shared machine.
  test.setTimeout(360_000);
  const base = baseURL as string;
  const a = await registerViaApi(request, base);
  const token = await apiToken(request, base, a);
  const secret = await uploadViaApi(request, base, a, longerClip(), 'Board meeting');
  const locked = await uploadViaApi(request, base, a, longerClip(), 'Client cut');
  await waitReady(request, base, token, secret.id);
  await waitReady(request, base, token, locked.id);
  await privacyViaApi(request, base, token, secret.id, { visibility: 'private' });
  await privacyViaApi(request, base, token, locked.id, { visibility: 'password', password: 'open sesame' });

  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible({ timeout: 60_000 });
  await ownerPlaysEverywhere(page, secret.id, 'Board meeting');
  await expect(page.getByText('This video is private')).toHaveCount(0);
  await shot(page, info, 'owner-preview-private');
  await ownerPlaysEverywhere(page, locked.id, 'Client cut');

  // Signed out: the private video says so, the password one asks for its password.
  const viewer = await page.context().browser()!.newContext();
  const embed = await viewer.newPage();
  await embed.goto(`${base}/embed/hls/${secret.id}`);
  await expect(embed.getByText('This video is private')).toBeVisible({ timeout: 60_000 });
  await expect(embed.locator('video')).toHaveCount(0);
  await embed.goto(`${base}/embed/hls/${locked.id}`);
  await expect(embed.getByText('This video is protected by a password')).toBeVisible({ timeout: 60_000 });
  await viewer.close();
});
