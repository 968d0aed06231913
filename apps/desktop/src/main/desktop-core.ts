import { join } from 'node:path';
import { type ApiClient, createApiClient, memoryTokenStorage } from '@reelbase/api-client';
import type { Handlers } from '../shared/ipc.ts';
import type { QueueSnapshot } from '../shared/queue.ts';
import { createHandlers, type HandlerDeps } from './ipc-handlers.ts';
import { keychainDeviceToken, keychainTokens, type SecretStore } from './keychain.ts';
import { localFiles } from './local-files.ts';
import { mediaTools } from './media-tools.ts';
import { settingsFile } from './settings.ts';
import type { UploadQueue } from './upload-queue.ts';
import { openUploadQueue } from './uploads.ts';

export interface DesktopCoreOptions {
  /** The app's user-data folder: settings, queue state, pre-trimmed copies. */
  userData: string;
  secrets: SecretStore;
  /** Electron's parts: the OS's dialogs, clipboard and browser. */
  native: Pick<HandlerDeps, 'chooseFolder' | 'chooseFiles' | 'writeClipboard' | 'openExternal' | 'confirmApiChange'>;
  onQueueChange(snapshot: QueueSnapshot): void;
  onQueueDrained(summary: { done: number; skipped: number; failed: number }): void;
}

export interface DesktopCore {
  handlers: Handlers;
  queue: UploadQueue;
  files: ReturnType<typeof localFiles>;
  /** The chosen API's origin (null before the first start's choice). */
  apiOrigin(): string | null;
}

/**
 * Everything the main process does apart from Electron itself: settings, the keychain session,
 * the API client the upload queue uses (renewed after each sign-in, so it reads the new tokens),
 * the queue and the IPC handlers. main/index.ts adds the window; the renderer test adds chromium.
 */
export async function createDesktopCore(o: DesktopCoreOptions): Promise<DesktopCore> {
  const settings = settingsFile(join(o.userData, 'settings.json'));
  const files = localFiles();
  let apiOrigin = (await settings.load()).apiBaseUrl;
  const tokensFor = (origin: string) => keychainTokens(o.secrets, origin);
  const deviceTokenFor = (origin: string) => keychainDeviceToken(o.secrets, origin);
  const makeClient = (): ApiClient => createApiClient({ baseUrl: apiOrigin ?? '', storage: apiOrigin ? tokensFor(apiOrigin) : memoryTokenStorage() });
  let client = makeClient();
  const queue = await openUploadQueue(() => client, o.userData, { onChange: o.onQueueChange, onDrained: o.onQueueDrained });
  const handlers = createHandlers({
    ...o.native,
    settings,
    tokensFor,
    deviceTokenFor,
    onSessionSaved() {
      client = makeClient();
      queue.start();
    },
    onApiChosen(origin) {
      apiOrigin = origin;
      client = makeClient();
    },
    queue: () => queue,
    files,
    ffprobe: mediaTools().ffprobe,
  });
  return { handlers, queue, files, apiOrigin: () => apiOrigin };
}
