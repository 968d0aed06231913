// The one contract between the renderer and the main process: every IPC channel, its arguments
// and its answer. The preload bridge calls these and the main process handles exactly these.
import type { Session } from '@reelbase/api-client';
import type { QueueSnapshot, TrimRange } from './queue.ts';

export interface DesktopConfig {
  /** The API chosen at first start; null until then. */
  apiBaseUrl: string | null;
  /** What the first-start screen proposes. */
  defaultApiBaseUrl: string;
  /** Where the app looks for updates (electron-builder's generic feed). */
  updateFeedUrl: string | null;
}

/** A file chosen in the OS's dialog, to be trimmed before upload. */
export interface PickedVideo {
  /** Stands for the path, which the renderer never needs: the preview plays app://reelbase/local/{token}. */
  token: string;
  name: string;
  size: number;
  /** Seconds. */
  duration: number;
}

export interface AddedFolder {
  folder: string;
  videos: number;
  /** Files left out because they are not videos. */
  skipped: number;
}

export interface IpcContract {
  'config:get': () => DesktopConfig;
  'config:set-api': (url: string) => DesktopConfig;
  'tokens:load': () => Session | null;
  'tokens:save': (session: Session | null) => void;
  'device-token:load': () => string | null;
  'device-token:save': (token: string) => void;
  'clipboard:write': (text: string) => void;
  'shell:open-external': (url: string) => void;
  /** `mirror`: subfolders become Reelbase folders under one named like the picked folder. */
  'uploads:choose-folder': (mirror: boolean) => AddedFolder | null;
  /** Folders and files dropped on the window, by path. */
  'uploads:add-paths': (paths: string[], mirror: boolean) => AddedFolder[];
  'uploads:choose-files': () => PickedVideo[];
  /** `replaces`: the id of a video whose file the picked one replaces (it keeps its id, link and settings). */
  'uploads:add-picked': (files: { token: string; trim: TrimRange | null; replaces?: string | null }[]) => void;
  'uploads:snapshot': () => QueueSnapshot;
  'uploads:pause': (id?: string) => void;
  'uploads:resume': (id?: string) => void;
  'uploads:cancel': (id?: string) => void;
  'uploads:clear-finished': () => void;
}
export type Channel = keyof IpcContract;
export const CHANNELS = [
  'config:get',
  'config:set-api',
  'tokens:load',
  'tokens:save',
  'device-token:load',
  'device-token:save',
  'clipboard:write',
  'shell:open-external',
  'uploads:choose-folder',
  'uploads:add-paths',
  'uploads:choose-files',
  'uploads:add-picked',
  'uploads:snapshot',
  'uploads:pause',
  'uploads:resume',
  'uploads:cancel',
  'uploads:clear-finished',
] as const satisfies readonly Channel[];

/** Main -> renderer: the queue changed. */
export const QUEUE_EVENT = 'uploads:changed';

export type Handlers = { [C in Channel]: (...args: Parameters<IpcContract[C]>) => ReturnType<IpcContract[C]> | Promise<ReturnType<IpcContract[C]>> };
