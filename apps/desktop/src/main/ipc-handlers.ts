import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { DeviceTokenStorage, TokenStorage } from '@reelbase/api-client';
import type { AddedFolder, DesktopConfig, Handlers } from '../shared/ipc.ts';
import { sniffVideo, walkFolder } from './folder-walk.ts';
import type { LocalFiles } from './local-files.ts';
import { probeClip } from './pre-trim.ts';
import { defaultApiBaseUrl, normalizeApiUrl, type SettingsFile } from './settings.ts';
import type { UploadQueue } from './upload-queue.ts';

/** What the handlers need from the app; Electron's parts (dialogs, clipboard, shell) come in here. */
export interface HandlerDeps {
  settings: SettingsFile;
  /** The token storage for an API origin (the OS keychain). */
  tokensFor(apiOrigin: string): TokenStorage;
  /** Where the device token of password sign-ins to an API origin is kept (the OS keychain). */
  deviceTokenFor(apiOrigin: string): DeviceTokenStorage;
  /** Called after the renderer signed in or out, so the main process's API client reloads the session. */
  onSessionSaved?(): void;
  /** Called after the API was chosen. */
  onApiChosen?(apiOrigin: string): void;
  /**
   * Asks the user, in the main process's own dialog (which the page cannot draw or answer), whether
   * to move from one server to another; true only when they confirmed.
   */
  confirmApiChange(from: string, to: string): Promise<boolean>;
  queue(): UploadQueue;
  files: LocalFiles;
  ffprobe: string;
  chooseFolder(): Promise<string | null>;
  chooseFiles(): Promise<string[]>;
  writeClipboard(text: string): void;
  openExternal(url: string): Promise<void>;
}

/**
 * Every IPC channel's handler, as plain functions: main/index.ts registers them with ipcMain, and
 * the renderer test calls them through the same preload bridge without Electron.
 */
export function createHandlers(d: HandlerDeps): Handlers {
  const config = async (): Promise<DesktopConfig> => {
    const s = await d.settings.load();
    return { apiBaseUrl: s.apiBaseUrl, defaultApiBaseUrl: defaultApiBaseUrl(), updateFeedUrl: s.updateFeedUrl };
  };
  const api = async () => {
    const s = await d.settings.load();
    if (!s.apiBaseUrl) throw new Error('Choose your Reelbase server first.');
    return s.apiBaseUrl;
  };
  const addFolder = async (folder: string, mirror: boolean): Promise<AddedFolder> => {
    const found = await walkFolder(folder);
    await d.queue().addFolder(folder, found.videos, mirror !== false);
    return { folder: basename(folder), videos: found.videos.length, skipped: found.skipped.length };
  };
  return {
    'config:get': config,
    // Sets the server at first start. Afterwards the page alone can change nothing: a script that
    // got into it could otherwise send every later sign-in and upload to a server of its choosing.
    async 'config:set-api'(url) {
      const origin = normalizeApiUrl(url);
      const current = await d.settings.load();
      if (current.apiBaseUrl === origin) return config();
      if (current.apiBaseUrl !== null && !(await d.confirmApiChange(current.apiBaseUrl, origin))) throw new Error('The server address was not changed.');
      await d.settings.save({ ...current, apiBaseUrl: origin });
      d.onApiChosen?.(origin);
      return config();
    },
    'tokens:load': async () => d.tokensFor(await api()).load(),
    async 'tokens:save'(session) {
      await d.tokensFor(await api()).save(session);
      d.onSessionSaved?.();
    },
    'device-token:load': async () => d.deviceTokenFor(await api()).load(),
    async 'device-token:save'(token) {
      await d.deviceTokenFor(await api()).save(String(token));
    },
    'clipboard:write': (text) => d.writeClipboard(String(text)),
    async 'shell:open-external'(url) {
      // Only web pages: never file:, javascript: or an app's own scheme.
      if (/^https?:\/\//i.test(url)) await d.openExternal(url);
    },
    async 'uploads:choose-folder'(mirror) {
      const folder = await d.chooseFolder();
      return folder ? addFolder(folder, mirror) : null;
    },
    async 'uploads:add-paths'(paths, mirror) {
      const added: AddedFolder[] = [];
      const loose = [];
      for (const p of paths) {
        const s = await stat(p).catch(() => null);
        if (s?.isDirectory()) added.push(await addFolder(p, mirror));
        else if (s?.isFile()) {
          const mime = await sniffVideo(p);
          if (mime) loose.push({ path: p, mime, size: s.size });
        }
      }
      if (loose.length) await d.queue().add(loose);
      return added;
    },
    async 'uploads:choose-files'() {
      const picked = [];
      for (const path of await d.chooseFiles()) {
        if (!(await sniffVideo(path))) continue;
        const [s, facts] = await Promise.all([stat(path), probeClip(d.ffprobe, path)]);
        picked.push({ token: d.files.add(path), name: basename(path), size: s.size, duration: facts.duration });
      }
      return picked;
    },
    async 'uploads:add-picked'(files) {
      const items = [];
      for (const f of files) {
        const path = d.files.path(f.token);
        const mime = path && (await sniffVideo(path));
        if (!path || !mime) continue;
        // A video id, or nothing: anything else from the renderer is dropped rather than sent as metadata.
        const replaces = typeof f.replaces === 'string' && /^[0-9a-f-]{36}$/i.test(f.replaces) ? f.replaces : null;
        items.push({ path, mime, size: (await stat(path)).size, trim: f.trim, replaces });
      }
      await d.queue().add(items);
    },
    'uploads:snapshot': () => d.queue().snapshot(),
    'uploads:pause': (id) => d.queue().pause(id),
    'uploads:resume': (id) => d.queue().resume(id),
    'uploads:cancel': (id) => d.queue().cancel(id),
    'uploads:clear-finished': () => d.queue().clearFinished(),
  };
}
