import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createBridge } from './bridge.ts';

contextBridge.exposeInMainWorld(
  'reelbase',
  createBridge({
    invoke: (channel, ...args) => ipcRenderer.invoke(channel, ...args),
    on(channel, listener) {
      const wrapped = (_e: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, wrapped);
      return () => void ipcRenderer.off(channel, wrapped);
    },
    pathForFile: (file) => webUtils.getPathForFile(file),
  }),
);
