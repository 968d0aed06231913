import { type Platform, pickFiles } from '@reelbase/ui';
import type { DesktopBridge } from '../preload/bridge.ts';

/**
 * The desktop's platform for the shared screens: tokens in the OS keychain (through the main
 * process), the OS's clipboard, links in the system browser. File choosing stays the <input
 * type=file>, which Electron shows as the OS's own dialog.
 */
export function desktopPlatform(bridge: DesktopBridge, apiBaseUrl: string): Platform {
  return {
    apiBaseUrl,
    tokens: bridge.tokens,
    deviceTokens: bridge.deviceToken,
    pickFiles,
    copyText: bridge.copyText,
    openWindow: (url) => void bridge.openExternal(new URL(url, apiBaseUrl).toString()),
    router: 'browser',
  };
}

/** The web app's page of a video, for "open in browser". */
export const videoPageUrl = (apiBaseUrl: string, videoId: string) => `${apiBaseUrl}/${encodeURIComponent(videoId)}`;
