import type { DesktopBridge } from '../preload/bridge.ts';

declare global {
  interface Window {
    /** The preload's bridge (src/preload/bridge.ts), the renderer's only way to the computer. */
    reelbase: DesktopBridge;
  }
}
