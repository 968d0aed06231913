import { openAsBlob } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveFfmpegPath } from '../src/media/binaries.ts';
import { runMediaProcess } from '../src/media/runner.ts';
import { launchChromium, until } from './support/browser.ts';
import { makeClip } from './support/clips.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 37 item 2, in Chromium: the video's own audio is a 440 Hz tone, its dub a 1320 Hz one. The
 * embed player on hls.js offers both in its audio menu, plays the original first, and after the
 * viewer picks the dub decodes the dub's first second (the frequency is read from the decoded
 * samples through WebAudio), a choice the next visit keeps. On Chromium's own HLS, which exposes no
 * video.audioTracks, the same menu hands the video to hls.js and the dub is heard too. The video is
 * unlisted on 6-second playback tokens, so the player renews them as it plays: a renewal after the
 * hand-over leaves the video to hls.js, which plays on.
 */

const SECONDS = 4;
const ORIGINAL_HZ = 440;
const DUB_HZ = 1320;
/** Playback tokens' life here: renewed every few seconds while a test plays. */
const TOKEN_SECONDS = 6;
let s: TestServer;
let owner: SignedIn;
let browser: Browser;
let videoId: string;

async function tone(hz: number, seconds: number) {
  const dir = join(tmpdir(), 'reelbase-audio-track-tests');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `tone-${hz}-${seconds}.m4a`);
  await runMediaProcess(resolveFfmpegPath(process.env.FFMPEG_PATH), ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=${hz}:sample_rate=48000:duration=${seconds}`, path], { timeoutMs: 30_000 });
  return path;
}

beforeAll(async () => {
  const launching = launchChromium();
  s = await startTestServer({ PLAYBACK_TOKEN_TTL_SECONDS: String(TOKEN_SECONDS) });
  owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, fps: 10, seconds: SECONDS, gop: 20, audio: true });
  videoId = (await s.upload(owner.accessToken, clip, { name: 'Dubbed' })).body.id;
  await s.waitForVideo(owner.accessToken, videoId, (v) => v.status === 'ready' && v.processing.isLadderReady, 180_000);
  // Unlisted: its media URLs carry a playback token.
  expect((await s.api('PUT', `/api/videos/${videoId}/privacy`, { token: owner.accessToken, body: { visibility: 'unlisted' } })).status).toBe(200);
  const form = new FormData();
  form.append('language', 'es');
  form.append('label', 'Español');
  form.append('file', await openAsBlob(await tone(DUB_HZ, SECONDS)), 'dub.m4a');
  const res = await fetch(`${s.url}/api/videos/${videoId}/audio-tracks`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
  const track = (await res.json()) as any;
  expect(res.status, JSON.stringify(track)).toBe(202);
  await until(() => s.api('GET', `/api/videos/${videoId}/audio-tracks/${track.id}`, { token: owner.accessToken }).then((r) => r.body.status), (x) => x === 'ready', 'the dub encoded', 120_000);
  browser = await launching;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

/**
 * Routes the video through an AnalyserNode (the decoded samples, whatever the speakers) and
 * returns a reader of the loudest frequency now, in Hz (0 in silence).
 */
async function listen(page: Page) {
  await page.evaluate(async () => {
    const g = globalThis as any;
    const v = g.document.querySelector('video');
    const ctx = new g.AudioContext();
    await ctx.resume();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 4096;
    ctx.createMediaElementSource(v).connect(analyser);
    analyser.connect(ctx.destination);
    g.peakHz = () => {
      const bins = new Float32Array(analyser.frequencyBinCount);
      analyser.getFloatFrequencyData(bins);
      let best = 1;
      for (let i = 2; i < bins.length; i++) if (bins[i] > bins[best]) best = i;
      return bins[best] > -90 ? (best * ctx.sampleRate) / analyser.fftSize : 0;
    };
  });
  return () => page.evaluate(() => ({ hz: (globalThis as any).peakHz() as number, t: (globalThis as any).document.querySelector('video').currentTime as number }));
}

const near = (hz: number, target: number) => Math.abs(hz - target) < 30;

/**
 * Plays the first second again, at a quarter of the speed (the pitch is kept: the browser stretches
 * the samples, not the frequency) so the analyser is read many times in it, and waits until it
 * sounds at `hz` at least three times.
 */
async function firstSecondAt(page: Page, peak: () => Promise<{ hz: number; t: number }>, hz: number, what: string) {
  await page.evaluate(() => {
    const v = (globalThis as any).document.querySelector('video');
    v.playbackRate = 0.25;
    v.currentTime = 0;
    return v.play();
  });
  const heard: { hz: number; t: number }[] = [];
  await until(
    async () => {
      const p = await peak();
      if (p.t < 1 && p.hz) heard.push({ hz: Math.round(p.hz), t: Math.round(p.t * 100) / 100 });
      return { what, matching: heard.filter((x) => near(x.hz, hz)).length, heard };
    },
    (x) => x.matching >= 3,
    `${what} (${hz} Hz) in the first second`,
    30_000,
  );
}

async function chooseAudio(page: Page, name: string) {
  const button = page.getByRole('button', { name: 'Audio' });
  await button.hover();
  await button.click();
  const menu = page.getByRole('menu', { name: 'Audio' });
  expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual(['Original', 'Español']);
  await menu.getByRole('menuitemradio', { name }).click();
  await menu.waitFor({ state: 'hidden' });
}

test("hls.js: the audio menu switches from the video's own audio to the dub, whose first second is decoded; the next visit keeps it", async () => {
  const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto(`${s.url}/embed/hls/${videoId}?engine=hlsjs`);
  await page.locator('[data-engine="hlsjs"]').waitFor();
  const peak = await listen(page);
  await firstSecondAt(page, peak, ORIGINAL_HZ, 'the original audio');
  // hls.js's full build (the light one would play the audio-less variants silent), and the menu's chunk.
  expect(fetched.some((u) => /reelbase-hlsa-/.test(u))).toBe(true);
  await chooseAudio(page, 'Español');
  await firstSecondAt(page, peak, DUB_HZ, 'the dub');
  expect(fetched.some((u) => /\/hls\/at-[0-9a-f-]{36}\/media\.mp4$/.test(u))).toBe(true);
  expect(await page.evaluate(() => (globalThis as any).localStorage.getItem('rb-audio'))).toBe('es|Español');

  const again = await context.newPage();
  await again.goto(`${s.url}/embed/hls/${videoId}?engine=hlsjs`);
  await again.locator('[data-engine="hlsjs"]').waitFor();
  const peakAgain = await listen(again);
  await firstSecondAt(again, peakAgain, DUB_HZ, 'the remembered dub');
  await context.close();
}, 120_000);

test("Chromium's own HLS: no video.audioTracks; the menu reads the master and hands the video to hls.js for the dub", async () => {
  const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
  const page = await context.newPage();
  await page.goto(`${s.url}/embed/hls/${videoId}?engine=native`);
  await page.locator('[data-engine="native"]').waitFor();
  // Checked on this Chromium: its HLS plays the master's DEFAULT rendition and exposes no audio track list.
  expect(await page.evaluate(() => 'audioTracks' in (globalThis as any).document.querySelector('video'))).toBe(false);
  const peak = await listen(page);
  await firstSecondAt(page, peak, ORIGINAL_HZ, 'the original audio (native)');
  await chooseAudio(page, 'Español');
  await firstSecondAt(page, peak, DUB_HZ, 'the dub (hls.js)');
  // The next renewal of the token, after the hand-over: the video stays with hls.js, is not loaded
  // again (no 'emptied': the renewal does not set its source as for the browser's own HLS) and plays on.
  await page.evaluate(() => {
    const g = globalThis as any;
    g.reloads = 0;
    g.document.querySelector('video').addEventListener('emptied', () => g.reloads++);
  });
  await page.waitForResponse((r) => /\/api\/playback\/[^/?]+\?token=/.test(r.url()) && r.ok(), { timeout: TOKEN_SECONDS * 3000 });
  const state = () => page.evaluate(() => {
    const v = (globalThis as any).document.querySelector('video');
    return { hlsjs: v.src.startsWith('blob:'), t: v.currentTime as number, error: v.error?.code ?? null };
  });
  const after = await state();
  await page.evaluate(() => {
    (globalThis as any).document.querySelector('video').playbackRate = 1;
  });
  await until(state, (x) => x.hlsjs && x.error === null && x.t > Math.min(after.t + 0.5, SECONDS - 0.5), 'playing on after the renewal', 20_000);
  expect(await page.evaluate(() => (globalThis as any).reloads)).toBe(0);
  await context.close();
}, 120_000);
