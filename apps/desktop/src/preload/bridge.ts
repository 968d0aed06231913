import type { Session } from '@reelbase/api-client';
import { type Channel, type IpcContract, QUEUE_EVENT } from '../shared/ipc.ts';
import type { QueueSnapshot, TrimRange } from '../shared/queue.ts';

/** What the preload has of Electron: ipcRenderer.invoke and .on, and webUtils.getPathForFile. */
export interface BridgeTransport {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (payload: unknown) => void): () => void;
  pathForFile(file: File): string;
}

/**
 * The API the renderer gets as `window.reelbase`: a fixed set of calls, each bound to one channel
 * of the IPC contract, so the page can never send arbitrary IPC messages or reach Node.
 */
export function createBridge(t: BridgeTransport) {
  const call =
    <C extends Channel>(channel: C) =>
    (...args: Parameters<IpcContract[C]>) =>
      t.invoke(channel, ...args) as Promise<ReturnType<IpcContract[C]>>;
  return {
    config: call('config:get'),
    setApiBaseUrl: call('config:set-api'),
    tokens: { load: call('tokens:load'), save: (s: Session | null) => call('tokens:save')(s) },
    deviceToken: { load: call('device-token:load'), save: (token: string) => call('device-token:save')(token) },
    copyText: call('clipboard:write'),
    openExternal: call('shell:open-external'),
    uploads: {
      chooseFolder: (mirror: boolean) => call('uploads:choose-folder')(mirror),
      /** Folders or files dropped on the window. */
      addDropped: (files: File[], mirror: boolean) => call('uploads:add-paths')(files.map((f) => t.pathForFile(f)).filter(Boolean), mirror),
      chooseFiles: call('uploads:choose-files'),
      addPicked: (files: { token: string; trim: TrimRange | null; replaces?: string | null }[]) => call('uploads:add-picked')(files),
      snapshot: call('uploads:snapshot'),
      pause: (id?: string) => call('uploads:pause')(id),
      resume: (id?: string) => call('uploads:resume')(id),
      cancel: (id?: string) => call('uploads:cancel')(id),
      clearFinished: call('uploads:clear-finished'),
      onChange: (listener: (s: QueueSnapshot) => void) => t.on(QUEUE_EVENT, (p) => listener(p as QueueSnapshot)),
    },
  };
}
export type DesktopBridge = ReturnType<typeof createBridge>;
