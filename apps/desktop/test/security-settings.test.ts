import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHandlers } from '../src/main/ipc-handlers.ts';
import { settingsFile } from '../src/main/settings.ts';

// The desktop app installs what its update feed serves and sends every sign-in and upload to its
// API address: neither may be set by whoever sits on the network path or gets a script into the page.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelbase-desktop-settings-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const fileWith = async (name: string, content: object) => {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(content));
  return file;
};

test('an http update feed, in the settings file or from REELBASE_UPDATE_URL, is not used, and the reason is logged', async () => {
  const warnings: string[] = [];
  const warn = (m: string) => void warnings.push(m);
  const plain = await fileWith('plain.json', { apiBaseUrl: 'https://videos.example.com', updateFeedUrl: 'http://updates.example.com/reelbase/' });
  expect(await settingsFile(plain, {}, warn).load()).toEqual({ apiBaseUrl: 'https://videos.example.com', updateFeedUrl: null });
  expect(warnings).toEqual(['The update feed must be an https:// address; "http://updates.example.com/reelbase/" is not used.']);

  const none = join(dir, 'missing.json');
  expect((await settingsFile(none, { REELBASE_UPDATE_URL: 'http://updates.example.com/' }, warn).load()).updateFeedUrl).toBeNull();
  expect((await settingsFile(none, { REELBASE_UPDATE_URL: 'file:///tmp/feed/' }, warn).load()).updateFeedUrl).toBeNull();
  expect(warnings).toHaveLength(3);

  const tls = await fileWith('tls.json', { updateFeedUrl: 'https://updates.example.com/reelbase/' });
  expect((await settingsFile(tls, {}, warn).load()).updateFeedUrl).toBe('https://updates.example.com/reelbase/');
  expect((await settingsFile(none, { REELBASE_UPDATE_URL: 'https://updates.example.com/' }, warn).load()).updateFeedUrl).toBe('https://updates.example.com/');
  expect(warnings).toHaveLength(3);
});

test('the installer build refuses an http update feed', () => {
  const config = resolve(import.meta.dirname, '../electron-builder.config.cjs');
  const load = (url: string) =>
    spawnSync(process.execPath, ['-e', `console.log(JSON.stringify(require(${JSON.stringify(config)}).publish))`], { env: { ...process.env, REELBASE_UPDATE_URL: url }, encoding: 'utf8' });
  const plain = load('http://updates.example.com/reelbase/');
  expect(plain.status).not.toBe(0);
  expect(plain.stderr).toContain('REELBASE_UPDATE_URL must be an https:// address, not "http://updates.example.com/reelbase/"');
  const tls = load('https://updates.example.com/reelbase/');
  expect(tls.status).toBe(0);
  expect(JSON.parse(tls.stdout)).toEqual([{ provider: 'generic', url: 'https://updates.example.com/reelbase/' }]);
});

/** The IPC handlers as the page reaches them, with a settings file and a dialog that answers `confirm`. */
async function handlersWith(confirm: boolean) {
  const file = join(dir, `api-${crypto.randomUUID()}.json`);
  const asked: { from: string; to: string }[] = [];
  const chosen: string[] = [];
  const unused = () => {
    throw new Error('not used here');
  };
  const handlers = createHandlers({
    settings: settingsFile(file, {}),
    tokensFor: unused,
    deviceTokenFor: unused,
    onApiChosen: (origin) => void chosen.push(origin),
    confirmApiChange: async (from, to) => {
      asked.push({ from, to });
      return confirm;
    },
    queue: unused,
    files: { add: unused, path: unused } as never,
    ffprobe: 'ffprobe',
    chooseFolder: unused,
    chooseFiles: unused,
    writeClipboard: unused,
    openExternal: unused,
  });
  const saved = async () => JSON.parse(await readFile(file, 'utf8')).apiBaseUrl;
  return { handlers, asked, chosen, saved };
}

test('the first-start screen sets the server without a question; later the page alone cannot move it', async () => {
  const h = await handlersWith(false);
  expect((await h.handlers['config:set-api']('https://videos.example.com/any/path')).apiBaseUrl).toBe('https://videos.example.com');
  expect(h.asked).toEqual([]);

  // A script in the page (or anything else calling the bridge) tries to point the app elsewhere; the user says no.
  await expect(h.handlers['config:set-api']('https://attacker.example')).rejects.toThrow('The server address was not changed.');
  expect(h.asked).toEqual([{ from: 'https://videos.example.com', to: 'https://attacker.example' }]);
  expect(await h.saved()).toBe('https://videos.example.com');
  expect((await h.handlers['config:get']()).apiBaseUrl).toBe('https://videos.example.com');
  expect(h.chosen).toEqual(['https://videos.example.com']);

  // The same server again is no change: nothing to ask.
  await h.handlers['config:set-api']('https://videos.example.com/');
  expect(h.asked).toHaveLength(1);
});

test('a change the user confirms in the app’s own dialog takes effect', async () => {
  const h = await handlersWith(true);
  await h.handlers['config:set-api']('https://videos.example.com');
  expect((await h.handlers['config:set-api']('https://media.example.org')).apiBaseUrl).toBe('https://media.example.org');
  expect(h.asked).toEqual([{ from: 'https://videos.example.com', to: 'https://media.example.org' }]);
  expect(await h.saved()).toBe('https://media.example.org');
  expect(h.chosen).toEqual(['https://videos.example.com', 'https://media.example.org']);
});
