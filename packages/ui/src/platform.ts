import type { TokenStorage } from '@reelbase/api-client';

export interface PickFilesOptions {
  /** An accept list as for <input type=file>, e.g. "video/*" or "image/png,image/jpeg". */
  accept: string;
  multiple?: boolean;
}

/**
 * Everything the screens need from the platform, in one object passed to <ReelbaseApp>. The web
 * app gives browser versions (localStorage, <input type=file>, navigator.clipboard, window.open);
 * the desktop app gives its own (keychain, native dialogs), and every screen is shared.
 */
export interface Platform {
  /** Origin of the API; '' when the app is served by the API itself (or proxied to it). */
  apiBaseUrl: string;
  /** Where the session (tokens and flags) is kept. */
  tokens: TokenStorage;
  /** Lets the user choose files; resolves with none when they cancel. */
  pickFiles(options: PickFilesOptions): Promise<File[]>;
  copyText(text: string): Promise<void>;
  openWindow(url: string): void;
  /** Google or Facebook sign-in: resolves with the provider's token; absent where not configured. */
  socialToken?(provider: 'google' | 'facebook'): Promise<string>;
  /** 'browser' (history API, the default), 'hash' (file:// in the desktop app) or 'memory' (tests). */
  router?: 'browser' | 'hash' | 'memory';
  /** First location for the memory router. */
  initialPath?: string;
}
