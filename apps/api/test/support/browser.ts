import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PLAYER_DIST_DIR, PLAYER_ENTRY_FILES } from '@reelbase/player/dist-path';
import { chromium, type Frame, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's chromium (never a downloaded one), once the player the embed pages load is built. */
export function launchChromium() {
  if (!existsSync(join(PLAYER_DIST_DIR, PLAYER_ENTRY_FILES.script))) throw new Error('The player is not built: run `pnpm --filter @reelbase/player build` (turbo does it before `test`).');
  if (!existsSync(CHROMIUM)) throw new Error(`No chromium at ${CHROMIUM} (set CHROMIUM_PATH).`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
  });
}

// The API compiles without the DOM library: code run in the browser reaches it through globalThis.
export const media = (f: Frame | Page) =>
  f.evaluate(() => {
    const v = (globalThis as any).document.querySelector('video');
    return v ? { t: v.currentTime, paused: v.paused, ended: v.ended, src: v.currentSrc, muted: v.muted } : null;
  });

export async function until<T>(f: () => Promise<T>, ok: (x: T) => boolean, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const x = await f();
    if (ok(x)) return x;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(x)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves once the page has drawn two more frames: what it shows now is on screen (for a screenshot). */
export const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(() => done()))));
