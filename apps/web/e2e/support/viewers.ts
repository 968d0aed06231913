import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The player's <video> on an embed or share page. */
const video = (page: Page) => page.locator('.rb-player video');

/** Presses the big play button (muted: no autoplay policy in the way) and waits until it plays; `tap` on a touch screen. */
export async function startPlaying(page: Page, how: 'click' | 'tap' = 'click') {
  const big = page.locator('.rb-player .rb-big-play');
  await expect(big).toBeVisible({ timeout: 60_000 });
  await video(page).evaluate((v: HTMLVideoElement) => (v.muted = true));
  await big[how]();
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 60_000 }).toBe(true);
}

/** Plays on (faster than real time: the ranges are the same) until the playhead reaches `second`, then pauses there. */
export async function playUntil(page: Page, second: number) {
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.playbackRate = 2;
    if (v.paused) await v.play();
  });
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000, intervals: [100] }).toBeGreaterThanOrEqual(second);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
}

/** Seeks the paused player to `second` and waits for the seek to land. */
export async function seekTo(page: Page, second: number) {
  await video(page).evaluate(
    (v: HTMLVideoElement, at) =>
      new Promise<void>((done) => {
        v.addEventListener('seeked', () => done(), { once: true });
        v.currentTime = at;
      }),
    second,
  );
}

export interface ViewerRow {
  sessionId: string;
  viewer: { email?: string; name?: string } | null;
  watchedSeconds: number;
  heatmap: number[];
  device: string;
}

/**
 * The video's sessions as the owner's API answers them (newest first), once `ready` holds for them
 * (a number: that many sessions with something watched). Reports are written every
 * STATS_FLUSH_SECONDS (1 s on the test server).
 */
export async function sessionsOf(request: APIRequestContext, baseURL: string, token: string, videoId: string, ready: number | ((items: ViewerRow[]) => boolean)): Promise<ViewerRow[]> {
  let items: ViewerRow[] = [];
  let last = '';
  const holds = typeof ready === 'number' ? (list: ViewerRow[]) => list.filter((s) => s.watchedSeconds > 0).length >= ready : ready;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${baseURL}/api/videos/${videoId}/viewers`, { headers: { authorization: `Bearer ${token}` } });
        const text = await res.text();
        last = `${res.status()} ${text}`;
        items = res.ok() ? (JSON.parse(text) as { items: ViewerRow[] }).items : [];
        return holds(items);
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true)
    .catch((err) => {
      throw new Error(`${err.message}\nlast answer: ${last}`);
    });
  return items;
}

/**
 * Whether the heatmap's bar over second `s` of a video of `length` seconds shows it watched: the
 * API reduces the per-second counters to at most 100 bars, each the highest of its seconds.
 */
export function watchedAt(heatmap: readonly number[], length: number, s: number): boolean {
  const bars = heatmap.length;
  // Bar k holds seconds floor(k * length / bars) up to the next bar's first.
  let bar = 0;
  while (bar + 1 < bars && Math.floor(((bar + 1) * length) / bars) <= s) bar++;
  return (heatmap[bar] ?? 0) > 0;
}
