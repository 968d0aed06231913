import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, expect, registerViaApi, shot, test, tinyVideo, uploadViaApi, waitPlayable } from './support/fixtures.ts';
import { clips, sharedReady, uploadReady } from './support/ready-video.ts';

/*
 * Issue 32 item 6: the player on phones (touch, 320x568 and 375x667), on the embed page and the
 * share page, once playing: the seek bar keeps 120 px, the time shows whole, full screen stays in
 * the frame, every control is a 44 px target, and the secondary buttons are in one "More options"
 * menu (tap to open; the speed chosen there is the video's). The lead form (required, before play)
 * and the call to action fit a 320 px player, a 320x180 one too, every button whole and uncovered.
 */

test.slow();

const PHONES = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
];

/** One captioned two-rung video for the file's player tests (the quality menu has a choice). */
const playerVideo = async (request: APIRequestContext, baseURL: string) =>
  (await sharedReady('player-phone', () => uploadReady(request, baseURL, clips.phoneTwoRungs(), 'Harbour on a phone', { rungs: 'RESOLUTION=640x360 RESOLUTION=426x240', captions: 'WEBVTT\n\n00:00:00.000 --> 01:00:00.000\nOn the harbour\n' }))).id;

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  expect(b, 'has a box').not.toBeNull();
  return b as Box;
};
const inside = (inner: Box, outer: Box) => inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

/** Nothing covers the element: the point at its centre hits it (or a child of it). */
const uncovered = (l: Locator) =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });

/** Taps play on the big button and waits until the video plays (muted: no user media policy in the way). */
async function tapPlay(page: Page) {
  const root = page.locator('.rb-player');
  await expect(root.locator('.rb-big-play')).toBeVisible({ timeout: 60_000 });
  await root.locator('video').evaluate((v: HTMLVideoElement) => (v.muted = true));
  await root.locator('.rb-big-play').tap();
  await expect.poll(() => root.locator('video').evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 60_000 }).toBe(true);
  // The controls chunk has its "more" decision in place.
  await expect(root.locator('[role="status"]')).toBeAttached();
  return root;
}

/** The control bar's layout on a phone, once playing. */
async function checkBar(root: Locator) {
  // Paused, the bar stays up for the measuring.
  await root.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
  const player = await boxOf(root);
  const bar = root.locator('.rb-bar');
  await expect(bar).toBeVisible();
  const seek = await boxOf(root.getByRole('slider', { name: 'Seek' }));
  expect(seek.width).toBeGreaterThanOrEqual(120);
  expect(inside(seek, player)).toBe(true);
  const time = root.locator('.rb-time');
  await expect(time).toBeVisible();
  await expect(time).toHaveText(/\d:\d\d \/ \d:\d\d/);
  expect(inside(await boxOf(time), player)).toBe(true);
  expect(await time.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true); // not clipped
  const fullscreen = root.getByRole('button', { name: 'Full screen' });
  await expect(fullscreen).toBeVisible();
  expect(inside(await boxOf(fullscreen), player)).toBe(true);
  // Every control shown: a 44 px target, inside the player.
  const controls = bar.locator('button:visible, input:visible');
  const names: string[] = [];
  for (const c of await controls.all()) {
    const b = await boxOf(c);
    const name = (await c.getAttribute('aria-label')) ?? '';
    names.push(name.split(':')[0]);
    expect(b.width, name).toBeGreaterThanOrEqual(44);
    expect(b.height, name).toBeGreaterThanOrEqual(44);
    expect(inside(b, player), name).toBe(true);
  }
  return names;
}

/** "More options" opens by tap with the secondary buttons; Speed there sets the rate; Escape closes, the focus comes back. */
async function checkMore(page: Page, root: Locator) {
  const more = root.getByRole('button', { name: 'More options' });
  await more.tap();
  const menu = root.getByRole('menu', { name: 'More options' });
  await expect(menu).toBeVisible();
  const pip = await page.evaluate(() => document.pictureInPictureEnabled);
  await expect(menu.getByRole('menuitem')).toHaveText(['Captions', 'Speed: 1x', 'Quality: Auto', ...(pip ? ['Picture-in-picture'] : []), 'Pop Out Video']);
  const player = await boxOf(root);
  // A short player's menu scrolls: each entry comes into view whole.
  for (const item of await menu.getByRole('menuitem').all()) {
    await item.scrollIntoViewIfNeeded();
    const b = await boxOf(item);
    expect(b.height).toBeGreaterThanOrEqual(44);
    expect(inside(b, player)).toBe(true);
  }
  await menu.getByRole('menuitem', { name: /^Speed/ }).tap();
  const speeds = root.getByRole('menu', { name: 'Speed' });
  await expect(speeds).toBeVisible();
  await speeds.getByRole('menuitemradio', { name: '1.5x' }).tap();
  await expect.poll(() => root.locator('video').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  await expect(speeds).toBeHidden();
  await expect(more).toBeFocused(); // its own button is out of the bar: the focus comes back here
  // The keyboard: Enter opens, Escape closes and gives the focus back.
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  // Quality from the menu: both rungs.
  await more.tap();
  await menu.getByRole('menuitem', { name: /^Quality/ }).tap();
  await expect(root.getByRole('menu', { name: 'Quality' }).getByRole('menuitemradio')).toHaveText([/^Auto/, '360p', '240p']);
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();
}

for (const size of PHONES) {
  for (const where of ['embed', 'share'] as const) {
    test(`${where} page at ${size.width}x${size.height}, playing: seek bar, time, full screen in the frame, 44 px targets, the More menu`, async ({ page, request, baseURL }, info) => {
      const id = await playerVideo(request, baseURL);
      await page.setViewportSize(size);
      await page.goto(where === 'embed' ? `/embed/hls/${id}` : `/watch/${id}`);
      const root = await tapPlay(page);
      const names = await checkBar(root);
      expect(names).toEqual(['Play', 'Seek', 'Unmute', 'More options', 'Full screen']); // muted to play without a gesture's sound policy
      await shot(page, info, `player-phone-${where}-${size.width}`);
      await checkMore(page, root);
      await root.getByRole('button', { name: 'More options' }).tap();
      await shot(page, info, `player-phone-${where}-${size.width}-more`);
    });
  }
}

test('a wide player keeps every button in its bar (no More button)', async ({ page, request, baseURL }) => {
  const id = await playerVideo(request, baseURL);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/embed/hls/${id}`);
  const root = await tapPlay(page);
  await expect(root.getByRole('button', { name: /^Speed/ })).toBeVisible();
  await expect(root.getByRole('button', { name: 'Captions' })).toBeVisible();
  await expect(root.getByRole('button', { name: 'More options' })).toBeHidden();
});

/** A required lead form before play and a call to action at the end, on a one-second video. */
async function engagedVideo(request: APIRequestContext, baseURL: string) {
  const a = await registerViaApi(request, baseURL);
  const token = await apiToken(request, baseURL, a);
  const video = await uploadViaApi(request, baseURL, a, tinyVideo(), 'Spring tour');
  await waitPlayable(request, baseURL, token, video.id);
  const res = await request.put(`${baseURL}/api/player-config/${video.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      leadForm: { enabled: true, when: 'beforePlay', required: true, nameField: true, heading: 'Enter your email to watch the full tour', buttonText: 'Watch now', consentText: 'Yes, send me news about the spring offers' },
      callToAction: { enabled: true, when: 'end', text: 'Ready to book your spring tour?', buttonText: 'Book now', url: `${baseURL}/privacy-policy`, newWindow: true },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return video.id;
}

/** Every button and field of `box` can be brought into view, whole, inside the player, and nothing covers it. */
async function everyButtonWhole(root: Locator, box: Locator) {
  const player = await boxOf(root);
  for (const control of await box.locator('button:visible, a:visible, input:visible').all()) {
    await control.scrollIntoViewIfNeeded();
    const b = await boxOf(control);
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? (await control.getAttribute('name')) ?? '';
    expect(inside(b, player), `${name} inside the player`).toBe(true);
    expect(await uncovered(control), `${name} not covered`).toBe(true);
    if ((await control.evaluate((el) => el.tagName)) !== 'INPUT' || (await control.getAttribute('type')) !== 'checkbox') expect(b.height, name).toBeGreaterThanOrEqual(44);
  }
}

for (const size of [{ width: 320, height: 568 }, { width: 320, height: 180 }]) {
  test(`the lead form and the call to action fit a ${size.width}x${size.height} player, every button whole`, async ({ page, request, baseURL }, info) => {
    const id = await engagedVideo(request, baseURL);
    await page.setViewportSize(size);
    await page.goto(`/embed/mp4/${id}`);
    const root = page.locator('.rb-player');
    await root.locator('.rb-big-play').tap();
    const form = root.getByRole('dialog', { name: 'Enter your email to watch the full tour' });
    await expect(form).toBeVisible();
    await shot(page, info, `player-phone-lead-${size.width}x${size.height}`);
    await everyButtonWhole(root, form);
    await form.getByLabel('Email', { exact: true }).fill(`viewer-${Date.now()}@example.com`);
    await form.getByLabel('Yes, send me news about the spring offers').check();
    const sent = page.waitForResponse((r) => r.url().includes(`/api/videos/${id}/leads`) && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Watch now' }).tap();
    expect((await sent).status()).toBe(201);
    await expect(form).toBeHidden();
    const cta = root.getByRole('region', { name: 'Ready to book your spring tour?' });
    await expect(cta).toBeVisible({ timeout: 60_000 });
    await shot(page, info, `player-phone-cta-${size.width}x${size.height}`);
    await everyButtonWhole(root, cta);
  });
}
