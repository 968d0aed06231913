import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { apiToken, expect, registerViaApi, shot, signInViaApi, test, uploadViaApi, waitPlayable } from './support/fixtures.ts';

const API_DIR = resolve(import.meta.dirname, '../../api');

/** A 2 s 16:9 clip (320x180), the shape of most videos customers embed. */
async function wideClip(): Promise<string> {
  const ffmpeg = (createRequire(join(API_DIR, 'package.json'))('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const file = join(await mkdtemp(join(tmpdir(), 'embed-e2e-')), 'wide.mp4');
  execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', file]);
  return file;
}

/** The rendered box of the first iframe on the page (or inside `scope`). */
async function iframeBox(page: Page, scope = 'body') {
  const box = await page.locator(`${scope} iframe`).first().boundingBox();
  expect(box).not.toBeNull();
  return box as { width: number; height: number };
}

test('embed code: responsive 16:9 by default, every choice saved across a reload, the preview is the snippet itself', async ({ page, browser, request, baseURL }, info) => {
  const base = baseURL as string;
  const a = await registerViaApi(request, base);
  const video = await uploadViaApi(request, base, a, await wideClip(), 'Wide tour');
  const token = await apiToken(request, base, a);
  await waitPlayable(request, base, token, video.id);
  const savedSettings = async () => (await request.get(`${base}/api/videos/${video.id}/embed-settings`, { headers: { authorization: `Bearer ${token}` } })).json();

  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Wide tour' })).toBeVisible();

  // Defaults: responsive, so the sizes wait (600 each, as the spec says) until a fixed size is chosen.
  const responsive = page.getByLabel("Responsive: fills the column, keeps the video's shape");
  await expect(responsive).toBeChecked();
  await expect(page.getByLabel('Width')).toBeDisabled();
  await expect(page.getByLabel('Width')).toHaveValue('600');
  await expect(page.getByLabel('Maintain aspect ratio')).toBeChecked();
  await expect(page.getByLabel('Open in new window')).not.toBeChecked();
  // The preview holds the API's snippet itself: a full-width 16:9 box, no 600x600 square.
  const preview = page.getByTestId('embed-preview');
  await expect(preview.locator('div[style*="aspect-ratio"] > iframe')).toHaveAttribute('src', new RegExp(`/embed/hls/${video.id}(#preview=[^#]+)?$`)); // the owner's preview carries its preview token in the fragment
  const previewWidth = (await preview.boundingBox())?.width ?? 0;
  let box = await iframeBox(page, '[data-testid="embed-preview"]');
  expect(Math.abs(box.width - previewWidth)).toBeLessThanOrEqual(1);
  expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThanOrEqual(1);
  // The embed page itself plays in the preview.
  const frame = page.frameLocator('[data-testid="embed-preview"] iframe');
  await expect(frame.locator('[data-reelbase-player] video')).toBeAttached({ timeout: 30_000 });

  // Every choice: redirect at end, new window, a fixed size with the ratio kept.
  await page.getByLabel('Current Redirect at End').fill('https://shop.example/thanks');
  await page.getByLabel('Open in new window').check();
  await responsive.uncheck();
  await expect(page.getByLabel('Height')).toHaveValue('338');
  await page.getByLabel('Width').fill('640');
  await expect(page.getByLabel('Height')).toHaveValue('360');
  const expected = { responsive: false, width: 640, height: 360, keepRatio: true, newWindow: true, redirect: 'https://shop.example/thanks' };
  await expect.poll(savedSettings, { timeout: 15_000 }).toEqual(expected);
  // The preview follows: the fixed iframe, with the signed redirect.
  await expect(preview.locator('iframe[width="640"][height="360"]')).toHaveAttribute('src', /\?redirect=https%3A%2F%2Fshop\.example%2Fthanks&sig=[\w-]{43}&new-window=1(#preview=[^#]+)?$/);
  box = await iframeBox(page, '[data-testid="embed-preview"]');
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([640, 360]);
  await shot(page, info, 'embed-fixed-size');

  // After a reload every choice is still there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Wide tour' })).toBeVisible();
  await expect(page.getByLabel('Current Redirect at End')).toHaveValue('https://shop.example/thanks');
  await expect(page.getByLabel('Open in new window')).toBeChecked();
  await expect(responsive).not.toBeChecked();
  await expect(page.getByLabel('Width')).toHaveValue('640');
  await expect(page.getByLabel('Height')).toHaveValue('360');
  await expect(page.getByLabel('Maintain aspect ratio')).toBeChecked();
  await expect(preview.locator('iframe[width="640"][height="360"]')).toBeAttached();

  // Back to responsive; the copied code is what the preview shows.
  await responsive.check();
  await expect.poll(savedSettings, { timeout: 15_000 }).toEqual({ ...expected, responsive: true });
  await expect(preview.locator('div[style*="aspect-ratio"] > iframe')).toBeAttached();
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(page.getByTestId('alert-bar').getByText('Copied!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^<div style="position:relative;width:100%;aspect-ratio:16 \/ 9"><iframe /);
  expect(copied).toContain('&amp;sig=');
  // The same snippet: its element, style and page address.
  const srcOf = (html: string) => (/src="([^"]+)"/.exec(html) as RegExpExecArray)[1].replaceAll('&amp;', '&');
  await expect(preview.locator('iframe')).toHaveAttribute('src', new RegExp(`^${srcOf(copied).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(#preview=[^#]+)?$`));
  expect(await preview.locator('div').first().getAttribute('style')).toBe('position:relative;width:100%;aspect-ratio:16 / 9');
  await shot(page, info, 'embed-responsive');

  // The snippet pasted in a customer's page keeps 16:9 at 320 px and at 1200 px.
  for (const width of [320, 1200]) {
    const host = await browser.newPage({ viewport: { width, height: 900 } });
    // A customer's own site (another origin, as the embed page's frame-ancestors expects).
    const shopPage = `<!doctype html><html><body style="margin:0"><h1 style="font:16px sans-serif;margin:8px">Our shop</h1>${copied}</body></html>`;
    await host.route('http://localhost:9/**', (route) => route.fulfill({ contentType: 'text/html', body: shopPage }));
    await host.goto('http://localhost:9/tour');
    await expect(host.locator('iframe')).toBeVisible();
    const pasted = await iframeBox(host);
    expect(Math.abs(pasted.width - width)).toBeLessThanOrEqual(1);
    expect(Math.abs(pasted.height - (width * 9) / 16)).toBeLessThanOrEqual(1);
    console.log(`snippet at ${width} px: iframe ${pasted.width} x ${pasted.height}`);
    await shot(host, info, `embed-pasted-${width}`);
    await host.close();
  }
});
