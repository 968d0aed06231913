import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
import { expect, sampleVideo, signInViaApi, test } from './support/fixtures.ts';
import { sharedReady, uploadReady } from './support/ready-video.ts';

/*
 * Issue 32: a play always plays. On a 3G-shaped link (Chromium's own network emulation through
 * CDP: 1.6 Mbit/s down, 150 ms) a viewer clicks play the moment the button shows, before the
 * engine's chunk, the playlists or the metadata are there, and a picture comes and moves: on the
 * embed (hls.js, the browser's own HLS, the mp4), the share page and the app's video page; ten
 * fresh pages each.
 */

const TRIES = 10;
const THREE_G = { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

/** The sample clip (3 s, 320x240) uploaded once for the file, with its mp4 and HLS ready. */
const sharedVideo = (request: APIRequestContext, baseURL: string) => sharedReady('play-on-slow-links', () => uploadReady(request, baseURL, sampleVideo(), 'Slow link'));

/** Shapes every request of the page like a 3G link (before it loads anything). */
async function shapeLikeThreeG(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THREE_G });
}

/** A browser with neither MediaSource nor HLS of its own: the player takes the mp4. */
const withoutHlsEngines = () => {
  for (const name of ['MediaSource', 'ManagedMediaSource', 'WebKitMediaSource']) Reflect.deleteProperty(window, name);
  const canPlayType = HTMLMediaElement.prototype.canPlayType;
  HTMLMediaElement.prototype.canPlayType = function (type: string) {
    return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
  };
};

/** Records the media events of the page's videos, to tell where a try stood when it failed. */
const recordMediaEvents = () => {
  const log: string[] = [];
  (window as unknown as { mediaLog: string[] }).mediaLog = log;
  const t0 = performance.now();
  for (const type of ['loadstart', 'loadedmetadata', 'loadeddata', 'canplay', 'play', 'playing', 'pause', 'waiting', 'seeking', 'seeked', 'emptied', 'error', 'stalled', 'ended']) {
    document.addEventListener(type, (e) => log.push(`${Math.round(performance.now() - t0)} ${type} ${(e.target as HTMLVideoElement).currentTime?.toFixed(2)}`), true);
  }
};

/** The picture came and moves: a frame decoded and the playhead past half a second. */
async function expectPlaying(video: Locator): Promise<void> {
  try {
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.currentTime > 0.5), { timeout: 90_000, intervals: [250] })
      .toBe(true);
  } catch (error) {
    // Say where it stood: the state of the video and the player.
    const state = await video.evaluate((v: HTMLVideoElement) => ({
      readyState: v.readyState,
      networkState: v.networkState,
      paused: v.paused,
      currentTime: v.currentTime,
      buffered: Array.from({ length: v.buffered.length }, (_, i) => [v.buffered.start(i), v.buffered.end(i)]),
      error: v.error?.code ?? null,
      src: v.currentSrc,
      player: v.closest('.rb-player')?.className ?? null,
      events: (window as unknown as { mediaLog?: string[] }).mediaLog,
      resume: Object.entries(localStorage).filter(([k]) => k.startsWith('rb-resume')),
    }));
    throw new Error(`no picture: ${JSON.stringify(state)}\n${(error as Error).message}`);
  }
}

/** Tries that run at once: each page has a 3G link of its own (emulation is per page), so they do not share one. */
const AT_ONCE = 5;

/**
 * Ten fresh pages on a 3G-shaped link: open, click play the moment it can be clicked, a picture
 * comes. `engine` is what the player says it plays with (the embed and share pages).
 */
async function clickAtOnce(browser: Browser, baseURL: string, url: string, opts: { play: (page: Page) => Locator; video?: (page: Page) => Locator; engine?: string; init?: () => void; storageState?: StorageState }) {
  const tryOnce = async (i: number) => {
    // A fresh context: nothing cached, nothing remembered (resume, volume) from another try.
    const context = await browser.newContext({ baseURL, storageState: opts.storageState });
    try {
      const page = await context.newPage();
      await page.addInitScript(recordMediaEvents);
      if (opts.init) await page.addInitScript(opts.init);
      await shapeLikeThreeG(page);
      await page.goto(url, { waitUntil: 'commit' });
      // The app's own bundle takes a while on 3G before its video shows.
      await opts.play(page).click({ timeout: 60_000 });
      const video = opts.video?.(page) ?? page.locator('video');
      await test.step(`try ${i + 1}: ${url}`, () => expectPlaying(video));
      if (opts.engine) await expect(page.locator('.rb-player')).toHaveAttribute('data-engine', opts.engine);
    } finally {
      await context.close();
    }
  };
  for (let i = 0; i < TRIES; i += AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, TRIES - i) }, (_, k) => tryOnce(i + k)));
  }
}

const bigPlay = (page: Page) => page.locator('.rb-big-play');

test.describe('a click at once on a 3G link plays', () => {
  test.setTimeout(900_000);

  test('embed page, default engine (the browser’s own HLS in Chromium)', async ({ browser, request, baseURL }) => {
    const v = await sharedVideo(request, baseURL);
    await clickAtOnce(browser, baseURL, `/embed/hls/${v.id}`, { play: bigPlay, engine: 'native' });
  });

  test('embed page, hls.js (?engine=hlsjs)', async ({ browser, request, baseURL }) => {
    const v = await sharedVideo(request, baseURL);
    await clickAtOnce(browser, baseURL, `/embed/hls/${v.id}?engine=hlsjs`, { play: bigPlay, engine: 'hlsjs' });
  });

  test('embed page, mp4 (a browser without MediaSource or HLS)', async ({ browser, request, baseURL }) => {
    const v = await sharedVideo(request, baseURL);
    await clickAtOnce(browser, baseURL, `/embed/hls/${v.id}`, { play: bigPlay, engine: 'mp4', init: withoutHlsEngines });
  });

  test('share page', async ({ browser, request, baseURL }) => {
    const v = await sharedVideo(request, baseURL);
    await clickAtOnce(browser, baseURL, `/watch/${v.id}`, { play: bigPlay, engine: 'native' });
  });

  test('the app’s video page (the owner’s mp4 player)', async ({ browser, page, request, baseURL }) => {
    const v = await sharedVideo(request, baseURL);
    await signInViaApi(page, v.account);
    await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible({ timeout: 60_000 });
    const storageState = await page.context().storageState();
    // The owner's mp4 player (the page also holds the player settings' preview).
    const owners = (p: Page) => p.locator('video[aria-label="Video: Slow link"]');
    await clickAtOnce(browser, baseURL, `/${v.id}`, { play: owners, video: owners, storageState });
  });
});
