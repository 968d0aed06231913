import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron, type ElectronApplication } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip, signUpAndLogin, startTestServer, type TestServer } from './support/api.ts';
import { type Keyring, startKeyring } from './support/keyring.ts';
import { distinctCopies } from './support/videos.ts';

// The real window needs an Electron binary, which installs here skip downloading.
const ELECTRON = process.env.ELECTRON_PATH;
if (!ELECTRON) console.warn('[electron test] NOT RUN: set ELECTRON_PATH to an Electron executable to open the real window');

let s: TestServer;
let keyring: Keyring;
let app: ElectronApplication;
let tmp: string;

beforeAll(async () => {
  if (!ELECTRON) return;
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-electron-'));
  keyring = await startKeyring();
  s = await startTestServer();
  app = await _electron.launch({
    executablePath: ELECTRON,
    args: [resolve(import.meta.dirname, '..'), '--no-sandbox'],
    env: { ...process.env, ...('unavailable' in keyring ? {} : keyring.env), REELBASE_USER_DATA: join(tmp, 'user-data'), REELBASE_API_URL: s.url } as Record<string, string>,
  });
});
afterAll(async () => {
  await app?.close();
  await s?.stop();
  if (keyring && !('unavailable' in keyring)) await keyring.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test.skipIf(!ELECTRON)('the real window: first start, sign-in, a folder uploaded', async () => {
  const win = await app.firstWindow();
  expect(await win.evaluate(() => location.origin)).toBe('app://reelbase');
  await win.getByRole('button', { name: 'Continue' }).click();
  const user = await signUpAndLogin(s);
  await win.getByLabel('Email').fill(user.email);
  await win.getByLabel('Password').fill(user.password);
  await win.getByRole('button', { name: 'Sign in', exact: true }).click();
  await win.getByRole('heading', { name: 'My videos' }).waitFor({ timeout: 30_000 });
  expect(await win.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');

  const folder = join(tmp, 'Garden');
  await mkdir(folder, { recursive: true });
  const copies = await distinctCopies(await makeClip({ seconds: 1, width: 160, height: 120, audio: false }), 2, join(tmp, 'clips'));
  for (const [i, f] of copies.entries()) await copyFile(f, join(folder, `plant ${i}.mp4`));
  // The OS's folder dialog, answered as the user would.
  await app.evaluate(({ dialog }, picked) => {
    dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [picked] })) as typeof dialog.showOpenDialog;
  }, folder);
  await win.getByRole('button', { name: 'Uploads' }).click();
  await win.getByLabel('Keep subfolders as folders').uncheck();
  await win.getByRole('button', { name: 'Upload a folder' }).click();
  await expect.poll(() => win.getByText('Uploaded', { exact: true }).count(), { timeout: 60_000 }).toBe(2);
});
