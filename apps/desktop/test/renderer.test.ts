import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDesktopCore, type DesktopCore } from '../src/main/desktop-core.ts';
import { libsecretStore, type SecretStore } from '../src/main/keychain.ts';
import { QUEUE_EVENT } from '../src/shared/ipc.ts';
import type { QueueSnapshot } from '../src/shared/queue.ts';
import { makeClip, signUpAndLogin, startTestServer, type TestServer } from './support/api.ts';
import { type Keyring, startKeyring } from './support/keyring.ts';
import { installPreload, serveRenderer } from './support/renderer-host.ts';
import { distinctCopies } from './support/videos.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let s: TestServer;
let keyring: Keyring;
let browser: Browser;
let tmp: string;
let core: DesktopCore;
let renderer: { url: string; close(): Promise<void> };
let page: Page;
let emit: (channel: string, payload: unknown) => Promise<void>;
let pickedFolder: string | null = null;
let pickedFiles: string[] = [];
const pageErrors: string[] = [];

/** Secrets in memory: only where no keyring can run, and said so in the output. */
const memorySecrets = (): SecretStore => {
  const m = new Map<string, string>();
  return { get: async (k) => m.get(k) ?? null, set: async (k, v) => void m.set(k, v), delete: async (k) => void m.delete(k) };
};

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-renderer-'));
  keyring = await startKeyring();
  if ('unavailable' in keyring) console.warn(`[renderer test] tokens kept in memory, not the OS keychain: ${keyring.unavailable}`);
  core = await createDesktopCore({
    userData: join(tmp, 'user-data'),
    secrets: 'unavailable' in keyring ? memorySecrets() : libsecretStore(keyring.env),
    native: {
      // The OS's folder dialog, answered as a user would: with the folder this test made.
      chooseFolder: async () => pickedFolder,
      chooseFiles: async () => pickedFiles,
      writeClipboard: () => {},
      openExternal: async () => {},
      confirmApiChange: async () => false,
    },
    onQueueChange: (snap: QueueSnapshot) => void emit?.(QUEUE_EVENT, snap).catch(() => {}),
    onQueueDrained: () => {},
  });
  renderer = await serveRenderer(core);
  // The page's origin may call the API, as app://reelbase may in the app.
  s = await startTestServer({ CORS_ORIGINS: renderer.url });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  page = await browser.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  emit = await installPreload(page, core);
});
afterAll(async () => {
  await core?.queue.close();
  await browser?.close();
  await renderer?.close();
  await s?.stop();
  if (keyring && !('unavailable' in keyring)) await keyring.stop();
  await rm(tmp, { recursive: true, force: true });
});

test('first start asks for the server; sign-in through the desktop adapter shows My videos, tokens in the keychain only', async () => {
  await page.goto(renderer.url);
  await page.getByLabel('Server address').fill('ftp://nope', { timeout: 10_000 }).catch((e) => {
    throw new Error(`${e}\n${pageErrors.join('\n')}`);
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByText('The address must start with https:// or http://').isVisible()).toBe(true);
  await page.getByLabel('Server address').fill(s.url);
  await page.getByRole('button', { name: 'Continue' }).click();

  // The choice is kept: the app now opens on the sign-in screen of that server.
  const user = await signUpAndLogin(s);
  await page.getByLabel('Email').waitFor();
  expect((await core.handlers['config:get']()).apiBaseUrl).toBe(new URL(s.url).origin);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'My videos' }).waitFor({ timeout: 30_000 });

  const stored = await core.handlers['tokens:load']();
  expect(stored?.accessToken).toBeTruthy();
  if (!('unavailable' in keyring)) {
    const raw = spawnSync('secret-tool', ['lookup', 'service', 'Reelbase', 'account', new URL(s.url).origin], { env: keyring.env, encoding: 'utf8' }).stdout;
    expect(JSON.parse(raw).refreshToken).toBe(stored?.refreshToken);
  }
  // The device token of this sign-in is kept for the next one (the keychain, not the page).
  const deviceToken = await core.handlers['device-token:load']();
  expect(deviceToken).toMatch(/^[0-9a-f-]{36}\./);
  // Nothing of the session in the page's own storage.
  const local = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(local).not.toContain(stored?.accessToken as string);
  expect(local).not.toContain(stored?.refreshToken as string);
  expect(local).not.toContain(deviceToken as string);
  // The page cannot reach Node or Electron: only the bridge's calls.
  expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  expect(await page.evaluate(() => Object.keys(window.reelbase).sort())).toEqual(['config', 'copyText', 'deviceToken', 'openExternal', 'setApiBaseUrl', 'tokens', 'uploads']);
  // No script error and no Content-Security-Policy violation on the way.
  expect(pageErrors).toEqual([]);
});

test('a picked folder is uploaded through the queue with progress, and the videos show up', async () => {
  const folder = join(tmp, 'Pets');
  await mkdir(join(folder, 'cats'), { recursive: true });
  const copies = await distinctCopies(await makeClip({ seconds: 1, width: 160, height: 120, audio: false }), 3, join(tmp, 'pet-clips'));
  for (const [i, f] of copies.entries()) await copyFile(f, join(i ? join(folder, 'cats') : folder, `pet ${i}.mp4`));
  pickedFolder = folder;

  await page.getByRole('button', { name: 'Uploads' }).click();
  // Until the API has folders (issue 8), the files go to the top level.
  await page.getByLabel('Keep subfolders as folders').uncheck();
  await page.getByRole('button', { name: 'Upload a folder' }).click();
  await page.getByText('Pets: 3 videos queued').waitFor();
  await expect.poll(() => page.getByText('Uploaded', { exact: true }).count(), { timeout: 60_000 }).toBe(3);
  expect(await page.getByLabel('Total progress').getAttribute('aria-valuenow')).toBe('100');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  for (const name of ['pet 0', 'pet 1', 'pet 2']) await page.getByText(name, { exact: true }).first().waitFor();
});

test('a picked file is previewed, trimmed on the timeline and only the cut is uploaded', async () => {
  // 6 s with a keyframe every 2 s: a cut from 2 s is a stream copy.
  pickedFiles = [await makeClip({ seconds: 6, fps: 25, gop: 50, width: 320, height: 240, audio: true })];
  await page.getByRole('button', { name: 'Uploads' }).click();
  await page.getByRole('button', { name: 'Trim and upload files' }).click();
  const dialog = page.getByRole('dialog', { name: /^Trim / });
  await dialog.waitFor();
  // The preview plays the local file (served by range, allowed by the CSP).
  await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => Math.round(v.duration)), { timeout: 15_000 }).toBe(6);
  const [from, to] = await dialog.getByRole('slider').all();
  await from.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  // The start is set before the end handle moves (each press is one step of 0.1 s).
  await dialog.getByText(/^2\.0 s to 6\.0 s/).waitFor();
  await to.focus();
  for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowLeft');
  await dialog.getByText('2.0 s to 4.5 s').waitFor();
  await dialog.getByRole('button', { name: 'Upload' }).click();

  const trimmedDone = async () => (await core.handlers['uploads:snapshot']()).items.find((i) => i.trim && i.status === 'done');
  await expect.poll(trimmedDone, { timeout: 60_000 }).toBeTruthy();
  const item = await trimmedDone();
  expect(item?.trim).toEqual({ start: 2, end: 4.5 });
  const user = (await core.handlers['tokens:load']()) as { accessToken: string };
  const video = await s.waitForVideo(user.accessToken, item?.videoId as string, (v) => v.metadata?.durationSec > 0);
  expect(video.metadata.durationSec).toBeCloseTo(2.5, 0);
  expect(video.size).toBe(item?.size);
});
