import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { clips, uploadReady } from './support/ready-video.ts';

/*
 * Issue 34's viewer pages as phones meet them: a showcase page and a client's review page at a
 * phone's width with touch, on a 3G-shaped link (Chromium's own network emulation), a tap on play
 * the moment it shows. The page fits the screen (no sideways scroll) and a picture comes and moves.
 */
test.slow();

const THREE_G = { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

async function shapeLikeThreeG(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THREE_G });
}

/** Nothing wider than the phone's screen: the page never scrolls sideways. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const playing = (video: ReturnType<Page['locator']>) =>
  expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.currentTime > 0.5), { timeout: 90_000, intervals: [250] }).toBe(true);

test('a showcase page on a phone over 3G: it fits the screen and a tap on the first video plays it', async ({ page, request, baseURL }) => {
  const base = baseURL as string;
  const video = await uploadReady(request, base, clips.twoRungs(), 'Bakery morning');
  const slug = `phone-${Date.now().toString(36)}`;
  const created = await request.post(`${base}/api/showcases`, {
    headers: { authorization: `Bearer ${video.token}` },
    data: { name: 'Our bakery', slug, description: 'Fresh every morning, from five.', videoIds: [video.id], visibility: 'public' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await shapeLikeThreeG(page);
  await page.goto(`/s/${slug}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Our bakery' })).toBeVisible({ timeout: 60_000 });
  const frame = page.locator('iframe.rb-sc-frame').first();
  const box = await frame.boundingBox();
  expect(box && box.width <= (page.viewportSize()?.width ?? 0)).toBe(true);
  const player = frame.contentFrame();
  await player.locator('.rb-big-play').tap({ timeout: 60_000 });
  await playing(player.locator('video'));
  expect(await fitsTheScreen(page)).toBe(true);
});

test('a review page on a phone over 3G: it fits the screen, a tap plays, and the client comments at a second', async ({ browser, request, baseURL }) => {
  const base = baseURL as string;
  const video = await uploadReady(request, base, clips.twoRungs(), 'Menu board');
  const link = await request.post(`${base}/api/videos/${video.id}/review-links`, { headers: { authorization: `Bearer ${video.token}` }, data: {} });
  expect(link.status(), await link.text()).toBe(201);
  const { url } = (await link.json()) as { url: string };

  // The client has no account: a fresh phone browser.
  const phone = await browser.newContext({ baseURL: base, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await phone.newPage();
    await shapeLikeThreeG(page);
    await page.goto(new URL(url).pathname, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Menu board' })).toBeVisible({ timeout: 60_000 });
    const player = page.getByTestId('review-player');
    await player.locator('.rb-big-play').tap({ timeout: 60_000 });
    await playing(player.locator('video'));
    await player.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    expect(await fitsTheScreen(page)).toBe(true);

    await page.getByLabel('Your name').fill('Client Cleo');
    await page.getByLabel('Your email').fill('cleo@example.com');
    const comment = page.getByLabel(/^Comment at \d+:\d\d$/);
    await comment.fill('Price list is cut off on the right.');
    await page.getByRole('button', { name: /^Comment at \d+:\d\d$/ }).tap();
    await expect(page.getByTestId('review-thread')).toContainText('Price list is cut off on the right.');
    expect(await fitsTheScreen(page)).toBe(true);
  } finally {
    await phone.close();
  }
});
